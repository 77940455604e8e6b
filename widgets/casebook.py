"""The casebook browser: each rule case's picture, rule, explanation and live-checked steps.

The steps are run by :func:`ftwkit.casebook.run_case` (the same runner the tests use), so the
verdicts shown are the engine's answers right now, not stored results. Any case opens in an
:class:`~widgets.explorer.Explorer` with its legal steps as the line to step through.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets

import ftwkit
from ftwkit import casebook, render
from ftwkit.casebook import Case, CaseResult
from ftwkit.casebook.sentences import describe_options, describe_outcome
from ftwkit.errors import InvalidState
from ftwkit.protocol import State
from widgets import links
from widgets.colours import ERROR, INFO, OK
from widgets.explorer import Explorer
from widgets.log import LogPanel, guarded
from widgets.rules_docs import link_rulings
from widgets.switch_impact import SwitchImpact

__all__ = ["Casebook"]


class Casebook(ipywidgets.VBox):
    """Browse a game's casebook.

    Args:
        game: a game id.
        cases: the cases to show (defaults to ``ftwkit.casebook.load(game)``).
    """

    def __init__(self, game: str, cases: list[Case] | None = None) -> None:
        self.log_panel = LogPanel()
        self._game = game
        self.title = ftwkit.rules(game).title
        """The game's title, shown in the header."""
        self._cases = casebook.load(game) if cases is None else list(cases)
        self._result: CaseResult | None = None
        self._message_text = ""
        self._syncing = False
        self.explorer: Explorer | None = None
        self._chooser = ipywidgets.Dropdown(
            options=[(f"{c.id}: {c.title}", i) for i, c in enumerate(self._cases)],
            description="case",
            layout=ipywidgets.Layout(width="640px"),
        )
        self._chooser.observe(self._on_chooser_value, names="value")
        self._picture = ipywidgets.HTML()
        self._text = ipywidgets.HTML(layout=ipywidgets.Layout(width="420px"))
        self._steps = ipywidgets.Select(rows=8, layout=ipywidgets.Layout(width="640px"))
        self._steps.observe(self._on_steps_value, names="value")
        self._summary = ipywidgets.HTML()
        self._message = ipywidgets.HTML()
        self._open = ipywidgets.Button(description="Open in explorer", button_style="primary")
        self._open.on_click(self._on_open_click)
        self._explorer_box = ipywidgets.Box()
        self.impact = SwitchImpact(game, show_case=self.show)
        """The "what a switch changes" panel under the case (cases it lists open here)."""
        super().__init__(
            [
                ipywidgets.HTML(
                    f"<b style='font-size:15px'>Casebook — {html.escape(self.title)}</b>"
                ),
                self._chooser,
                self._message,
                ipywidgets.HBox([self._picture, self._text]),
                self._summary,
                ipywidgets.HTML("<b>Steps</b> (click one to see the position after it)"),
                self._steps,
                self._open,
                self._explorer_box,
                self.impact,
                self.log_panel,
            ]
        )
        self.add_class("ftw-casebook")
        self._chooser.add_class("ftw-case-chooser")
        self._steps.add_class("ftw-case-steps")
        self._message.add_class("ftw-message")
        if self._cases:
            self.show(0)
        else:
            self._text.value = f"<i>No cases for {html.escape(game)} yet.</i>"
            self._open.disabled = True
        self._say_where_links_open()

    def _say_where_links_open(self) -> None:
        """A link given to this page opens on the game's explorer page: say so, and link it."""
        note = links.link_elsewhere(self._game)
        if note is None:
            return
        self._message_text = note
        self._message.value = f"<div style='color:{INFO}'>{links.link_notice(self._game)}</div>"

    # ----------------------------------------------------------------- programmatic face
    @property
    def cases(self) -> list[Case]:
        """The cases shown."""
        return list(self._cases)

    @property
    def result(self) -> CaseResult | None:
        """The live verdicts of the case shown."""
        return self._result

    @property
    def verdicts(self) -> list[tuple[str | None, bool, str]]:
        """Each step of the case shown: its move, whether it met its expectations, and why not."""
        if self._result is None:
            return []
        return [(s.move, s.ok, s.message) for s in self._result.steps]

    @property
    def message(self) -> str:
        """The last error shown."""
        return self._message_text

    @property
    def message_html(self) -> str:
        """The message line as shown (with its link, when a link was given to this page)."""
        text: str = self._message.value
        return text

    @guarded("casebook")
    def show(self, which: int | str) -> None:
        """Show a case by index or id, running its steps."""
        index = which if isinstance(which, int) else [c.id for c in self._cases].index(which)
        case = self._cases[index]
        self._result = casebook.run_case(case)
        self._syncing = True
        try:
            self._chooser.value = index
        finally:
            self._syncing = False
        self._refresh()

    @guarded("casebook")
    def open_explorer(self) -> Explorer | None:
        """Open the case shown in an Explorer, its legal steps forming the line (at the start)."""
        if self._result is None:
            raise InvalidState("no case to open")
        final = self._result.steps[-1].state if self._result.steps else self._result.start
        self.explorer = Explorer(final)
        self.explorer.goto(0)
        self._explorer_box.children = (self.explorer,)
        return self.explorer

    # ----------------------------------------------------------------- refreshing
    def _refresh(self, picture_of: State | None = None) -> None:
        result = self._result
        assert result is not None
        case = result.case
        self._picture.value = render.svg(picture_of or result.start)
        options = (
            f"<p><b>Options:</b> {html.escape(describe_options(case.options))}</p>"
            if case.options
            else ""
        )
        self._text.value = (
            f"<h4 style='margin:0'>{html.escape(case.title)}</h4>"
            f"<p><b>Rule:</b> {link_rulings(html.escape(case.rule))}</p>"
            f"<p>{link_rulings(html.escape(case.explanation))}</p>{options}"
        )
        ok = sum(s.ok for s in result.steps)
        colour = OK if result.ok else ERROR
        self._summary.value = (
            f"<span style='color:{colour}'>{ok} of {len(result.steps)} steps as expected</span>"
        )
        labels = [("start position", -1)]
        names = result.start.rules.player_names(result.start.players)
        for step in result.steps:
            mark = "✓" if step.ok else "✗"
            what = step.move if step.move is not None else "(check)"
            expect = describe_outcome(case.steps[step.index], names)
            told = f" — {expect}" if expect else ""
            verdict = "" if step.ok else f" — {step.message}"
            labels.append((f"{mark} {step.index + 1}. {what}{told}{verdict}", step.index))
        self._syncing = True
        try:
            self._steps.options = labels
            self._steps.value = -1
        finally:
            self._syncing = False

    def _show_error(self, text: str) -> None:
        self._message_text = text
        self._message.value = f"<div style='color:{ERROR}'>{html.escape(text)}</div>"

    # ----------------------------------------------------------------- handlers
    def _on_chooser_value(self, change: Mapping[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self.show(change["new"])

    @guarded("casebook steps")
    def _on_steps_value(self, change: Mapping[str, Any]) -> None:
        if self._syncing or change["new"] is None or self._result is None:
            return
        k = change["new"]
        state = self._result.start if k < 0 else self._result.steps[k].state
        self._picture.value = render.svg(state)

    def _on_open_click(self, _button: Any) -> None:
        self.open_explorer()
