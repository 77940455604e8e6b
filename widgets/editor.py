"""The scenario editor: set up any position, check it live, explore it, export it as a case.

The position is edited as the game's JSON form, which every game shares, so the editor works for
all of them: a text area validated live by ``rules.load`` (the error names the bad field), boxes
for the top-level numbers and switches (whose turn, counters, round), and the click tools the
game's registration declares (``Game.edit_tools``: place, remove, flip, change owner…; plain
functions of :mod:`ftwkit.editing`, turned into buttons here). A game without tools is set up in
the JSON, as its ``Game.edit_hint`` tells the person on the page. A valid position opens in an
:class:`~widgets.explorer.Explorer` or exports as a casebook YAML entry.
"""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Mapping
from typing import Any

import ipywidgets
import yaml
from ipycanvas import Canvas

import ftwkit
from ftwkit import registry, render
from ftwkit.editing import EditTool, Position
from ftwkit.errors import FtwError, InvalidState
from ftwkit.protocol import State
from widgets.batch import drawing
from widgets.colours import ERROR, MUTED, OK, TEXT
from widgets.explorer import Explorer
from widgets.inputs import read_json
from widgets.log import LogPanel, guarded

__all__ = ["ScenarioEditor", "pretty_json"]


# ----------------------------------------------------------------------------- the widget
class ScenarioEditor(ipywidgets.VBox):
    """Set up a position by clicking or by editing its JSON, then explore or export it.

    Args:
        game: a game id, or a ``State`` / JSON position to start from.
        **options: the game's variant switches (with a game id).
    """

    def __init__(self, game: str | State | Mapping[str, Any], **options: Any) -> None:
        if isinstance(game, State):
            rules, data = game.rules, game.to_json()
        elif isinstance(game, Mapping):
            rules = ftwkit.rules(str(game["game"]), **options)
            data = dict(game)
        else:
            rules = ftwkit.rules(game, **options)
            data = rules.new().to_json()
        self.log_panel = LogPanel()
        self._rules = rules
        self._game = rules.id
        self._state: State | None = None
        self._error = ""
        self._syncing = False
        self._client_ready = False
        self._message_text = ""
        self.explorer: Explorer | None = None
        self._renderer = render.renderer(self._game)
        entry = registry.game(self._game)
        factory = entry.edit_tools
        self._tools: list[EditTool] = factory(rules.player_names(2)) if factory else []

        self._text = ipywidgets.Textarea(
            layout=ipywidgets.Layout(width="460px", height="260px"), continuous_update=True
        )
        self._text.observe(self._on_text_value, names="value")
        self._verdict = ipywidgets.HTML()
        self._message = ipywidgets.HTML()
        self._fields = ipywidgets.VBox()
        self._field_keys: tuple[tuple[str, str], ...] = ()
        self._tool = ipywidgets.ToggleButtons(
            options=[t.name for t in self._tools] or ["(edit the JSON)"],
            description="tool",
            style={"button_width": "auto"},
        )
        self._tool.observe(self._on_tool_value, names="value")
        self._choice = ipywidgets.Dropdown(
            description="tile",
            layout=ipywidgets.Layout(width="220px"),
            style={"description_width": "40px"},
        )
        self._choice_hint = ipywidgets.HTML(
            f"<span style='font-size:11px;color:{MUTED}'>&nbsp;pick one here or click it in a "
            "hand, then click a cell</span>"
        )
        self._choice_row = ipywidgets.HBox([self._choice, self._choice_hint])
        self._choice_row.layout.display = "none"
        hint = entry.edit_hint
        if not self._tools and not hint:
            hint = "This game is set up by editing the JSON; it is checked as you type."
        self._hint = ipywidgets.HTML(
            f"<div style='font-size:12px;color:{TEXT};max-width:460px'>{hint}</div>"
        )
        try:
            width, height = self._renderer.size(rules.load(data))
        except FtwError:
            width, height = 300, 200
        self.canvas = Canvas(
            width=width,
            height=height,
            layout=ipywidgets.Layout(width=f"{width}px", height=f"{height}px"),
        )
        self.canvas.on_client_ready(self._on_canvas_client_ready)
        self.canvas.on_mouse_down(self._on_canvas_mouse_down)
        self._title = ipywidgets.Text(description="title", layout=ipywidgets.Layout(width="460px"))
        self._rule = ipywidgets.Textarea(
            description="rule", layout=ipywidgets.Layout(width="460px")
        )
        self._explanation = ipywidgets.Textarea(
            description="explanation", layout=ipywidgets.Layout(width="460px")
        )
        self._export = ipywidgets.Button(description="Export casebook YAML")
        self._export.on_click(self._on_export_click)
        self._yaml = ipywidgets.Textarea(layout=ipywidgets.Layout(width="460px", height="160px"))
        self._yaml_link = ipywidgets.HTML()
        self._open = ipywidgets.Button(description="Open in explorer", button_style="primary")
        self._open.on_click(self._on_open_click)
        self._explorer_box = ipywidgets.Box()

        board = ipywidgets.VBox(
            [self._tool, self._choice_row, self.canvas] if self._tools else [self.canvas],
        )
        json_side = ipywidgets.VBox(
            [
                ipywidgets.HTML("<b>Position (JSON)</b>"),
                self._hint,
                self._text,
                self._verdict,
                self._fields,
            ]
        )
        export = ipywidgets.VBox(
            [self._title, self._rule, self._explanation, self._export, self._yaml, self._yaml_link]
        )
        super().__init__(
            [
                ipywidgets.HTML(
                    f"<b style='font-size:15px'>{html.escape(rules.title)}</b> — scenario editor"
                ),
                self._message,
                ipywidgets.HBox([board, json_side]),
                ipywidgets.HBox([self._open]),
                ipywidgets.Accordion(children=[export], titles=("Export as a casebook case",)),
                self._explorer_box,
                self.log_panel,
            ]
        )
        self.add_class("ftw-editor")
        self.canvas.add_class("ftw-board")
        self._message.add_class("ftw-message")
        self._verdict.add_class("ftw-verdict")
        self._tool.add_class("ftw-tools")
        self._set_position(data)

    # ----------------------------------------------------------------- programmatic face
    @property
    def state(self) -> State | None:
        """The position as a state, or ``None`` while the JSON is invalid."""
        return self._state

    @property
    def error(self) -> str:
        """Why the JSON is not a valid position (empty when it is)."""
        return self._error

    @property
    def message(self) -> str:
        """The last message shown."""
        return self._message_text

    @property
    def position(self) -> Position:
        """The JSON position being edited (parsed from the text)."""
        parsed: Position = json.loads(self._text.value)
        return parsed

    @property
    def tools(self) -> list[str]:
        """The names of this game's click tools."""
        return [t.name for t in self._tools]

    def set_json(self, text: str) -> None:
        """Replace the JSON text (as if typed); it is validated at once."""
        self._text.value = text

    @guarded("editor tool")
    def apply_tool(self, tool: str, target: Any, choice: str | None = None) -> None:
        """Apply the click tool named ``tool`` to ``target`` (a cell).

        Args:
            tool: one of :attr:`tools`.
            target: what was clicked (a cell, or a tile in a hand).
            choice: for a tool that needs a pick (the tile to place): which one; defaults to
                the one chosen in the editor. Clicking a choice itself (a tile in a hand) picks it.
        """
        found = [t for t in self._tools if t.name == tool]
        if not found:
            raise InvalidState(f"no tool {tool!r}; tools: {', '.join(self.tools)}")
        edit = found[0]
        data = self._current_data()
        if edit.choices is None:
            self._set_position(edit.apply(data, target))
            return
        offered = edit.choices(data)
        if isinstance(target, str) and target in offered:
            self._refresh_choices(edit, data, picked=target)
            return
        choice = self._choice.value if choice is None else choice
        if choice not in offered:
            raise InvalidState(f"{tool}: {choice!r} is not a tile off the table; pick another")
        self._set_position(edit.apply(data, target, choice))

    @property
    def choice(self) -> str | None:
        """The pick of the current tool (the tile to place), if it needs one."""
        value = self._choice.value
        return str(value) if value is not None else None

    @guarded("editor field")
    def set_field(self, key: str, value: Any) -> None:
        """Set a top-level field of the position (``to_play``, counters…)."""
        data = self._current_data()
        data[key] = value
        self._set_position(data)

    def case_yaml(self) -> str:
        """The position as a casebook YAML entry with the title, rule and explanation typed.

        Raises:
            InvalidState: the position is not valid.
        """
        if self._state is None:
            raise InvalidState(f"the position is not valid: {self._error}")
        data = self._state.to_json()
        options = data.pop("options", {})
        case: dict[str, Any] = {
            "title": self._title.value or "Untitled case",
            "rule": self._rule.value or "(the rule text or ruling illustrated)",
            "explanation": self._explanation.value or "(why this position matters)",
        }
        if options:
            case["options"] = options
        case["position"] = data
        case["steps"] = []
        return yaml.safe_dump(case, sort_keys=False, allow_unicode=True, width=100)

    @guarded("open in explorer")
    def open_explorer(self) -> Explorer | None:
        """Hand the position to a new :class:`Explorer`, shown below the editor."""
        if self._state is None:
            raise InvalidState(f"the position is not valid: {self._error}")
        self.explorer = Explorer(self._state)
        self._explorer_box.children = (self.explorer,)
        return self.explorer

    # ----------------------------------------------------------------- the one update
    def _current_data(self) -> Position:
        data = read_json(self._text.value)
        if not isinstance(data, dict):
            raise InvalidState("a position must be a JSON object")
        return data

    def _set_position(self, data: Position) -> None:
        """Show ``data`` in the text area and validate it (the single way the position changes)."""
        self._syncing = True
        try:
            self._text.value = pretty_json(data)
        finally:
            self._syncing = False
        self._validate()

    def _validate(self) -> None:
        try:
            data = self._current_data()
            self._state = self._rules.load(data)
            self._error = ""
        except FtwError as err:
            self._state, self._error = None, str(err)
        if self._state is not None:
            self._verdict.value = (
                f"<span style='color:{OK}'>✓ valid — {html.escape(self._state.status())}</span>"
            )
            self._refresh_fields(data)
            self._refresh_choices(self._current_tool(), data)
        else:
            self._verdict.value = f"<span style='color:{ERROR}'>✗ {html.escape(self._error)}</span>"
        self._open.disabled = self._state is None
        self._redraw()

    def _refresh_fields(self, data: Position) -> None:
        keys = tuple(
            (k, _field_kind(v)) for k, v in data.items() if k != "version" and _field_kind(v)
        )
        if keys != self._field_keys:
            rows = []
            for key, kind in keys:
                widget: ipywidgets.ValueWidget
                if kind == "bool":
                    widget = ipywidgets.Checkbox(description=key, indent=False)
                elif kind == "int":
                    widget = ipywidgets.IntText(
                        description=key, layout=ipywidgets.Layout(width="220px")
                    )
                else:
                    widget = ipywidgets.Text(
                        description=key,
                        continuous_update=False,
                        layout=ipywidgets.Layout(width="220px"),
                    )
                widget.observe(self._on_field_value, names="value")
                rows.append(widget)
            self._field_keys = keys
            self._fields.children = rows
        self._syncing = True
        try:
            for widget, (key, kind) in zip(self._fields.children, keys, strict=True):
                value = data[key]
                widget.value = ", ".join(map(str, value)) if kind == "ints" else value
        finally:
            self._syncing = False

    def _current_tool(self) -> EditTool | None:
        found = [t for t in self._tools if t.name == self._tool.value]
        return found[0] if found else None

    def _refresh_choices(
        self, tool: EditTool | None, data: Position, picked: str | None = None
    ) -> None:
        """Offer the picks of ``tool`` (hidden for tools without any), keeping the pick if valid."""
        self._choice_row.layout.display = None if tool and tool.choices else "none"
        if tool is None or tool.choices is None:
            return
        offered = tool.choices(data)
        keep = picked if picked is not None else self._choice.value
        self._syncing = True
        try:
            if list(self._choice.options) != offered:
                self._choice.options = offered
            self._choice.value = keep if keep in offered else (offered[0] if offered else None)
        finally:
            self._syncing = False

    def _redraw(self) -> None:
        if not self._client_ready or self._state is None:
            return
        width, height = self._renderer.size(self._state)
        if (width, height) != (self.canvas.width, self.canvas.height):
            self.canvas.width, self.canvas.height = width, height
            self.canvas.layout.width, self.canvas.layout.height = f"{width}px", f"{height}px"
        with drawing():
            self._renderer.draw(self.canvas, self._state, last_move=False)

    def _show_error(self, text: str) -> None:
        self._message_text = text
        self._message.value = f"<div style='color:{ERROR}'>{html.escape(text)}</div>"

    # ----------------------------------------------------------------- handlers
    @guarded("editor JSON")
    def _on_text_value(self, _change: Mapping[str, Any]) -> None:
        if not self._syncing:
            self._validate()

    @guarded("editor tool")
    def _on_tool_value(self, _change: Mapping[str, Any]) -> None:
        if self._state is not None:
            self._refresh_choices(self._current_tool(), self._current_data())

    @guarded("editor canvas")
    def _on_canvas_client_ready(self) -> None:
        self._client_ready = True
        self._redraw()

    @guarded("editor canvas")
    def _on_canvas_mouse_down(self, x: float, y: float) -> None:
        if self._state is None or not self._tools:
            return
        target = self._renderer.targets_at(self._state, x, y)
        if target is not None:
            self.apply_tool(self._tool.value, target)

    @guarded("editor field")
    def _on_field_value(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        key = change["owner"].description
        kind = dict(self._field_keys)[key]
        value = change["new"]
        if kind == "ints":
            try:
                value = [int(v) for v in str(value).replace(",", " ").split()]
            except ValueError:
                raise InvalidState(f"{key}: write whole numbers separated by commas") from None
        self.set_field(key, value)

    @guarded("export")
    def _on_export_click(self, _button: Any) -> None:
        text = self.case_yaml()
        self._yaml.value = text
        payload = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self._yaml_link.value = (
            f"<a download='{self._game}-case.yaml' href='data:text/yaml;base64,{payload}'>"
            "⬇ Download the case</a>"
        )

    def _on_open_click(self, _button: Any) -> None:
        self.open_explorer()


def pretty_json(data: Mapping[str, Any]) -> str:
    """JSON with one top-level key per line and each object of a list on its own line.

    >>> print(pretty_json({"to_play": 0, "pieces": [["A1"], ["I9"]]}))
    {
     "to_play": 0,
     "pieces": [["A1"], ["I9"]]
    }
    """
    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            items = ",\n".join(f"  {json.dumps(v)}" for v in value)
            text = f"[\n{items}\n ]"
        else:
            text = json.dumps(value)
        lines.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}"


def _field_kind(value: Any) -> str:
    """Which box edits a top-level JSON value: ``bool``, ``int``, ``ints`` (a list) or none."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if (
        isinstance(value, list)
        and value
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return "ints"
    return ""
