"""The explorer's board column: the canvas, its legend, the move chooser, move buttons, typed moves.

The view draws what the explorer tells it and reports clicks back; it decides no rule. A picture is
one ``hold_canvas`` batch (:func:`widgets.batch.drawing`): the position with its markers, then the
hint and "thinking…" overlays, or the pass-the-device cover instead. Nothing is drawn before the
browser says the canvas is ready (``canvas.on_client_ready``), because Voilà loses (and is broken
by) earlier draw commands: :attr:`BoardView.client_ready` tells the explorer when it may draw.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import ipywidgets
from ipycanvas import Canvas

from ftwkit.protocol import Move, State
from ftwkit.render import Pen, draw_hint, resolve_theme
from widgets.batch import drawing
from widgets.legend import Legend
from widgets.shared_style import HTML

__all__ = ["BoardView"]


class BoardView(ipywidgets.VBox):
    """The board and what is played from beside it.

    Args:
        renderer: the game's renderer (drawing and hit-testing).
        size: the board's first drawn size in pixels.
        click: called with the pixel clicked on the canvas.
        ready: called once the browser's canvas can be drawn on.
        play_text: plays a move typed in notation; returns whether it was played.
        hover: called with the pointer's pixel as it moves over the board (``None``: not
            listened to, so boards that need no preview send no pointer traffic).
        key: called with the name of a key pressed while the board has the focus (``None``:
            keys are not listened to).
        rotate: turns the picked-up piece (the Rotate button right under the board, beside
            the hand it is picked from; ``None``: the game's pieces do not turn, no button).
        passes_over: the game's moves go in several steps, so the legend explains the cross
            over what a move entered so far passes over.
    """

    def __init__(
        self,
        renderer: Any,
        size: tuple[int, int],
        *,
        click: Callable[[float, float], None],
        ready: Callable[[], None],
        play_text: Callable[[str], bool],
        hover: Callable[[float, float], None] | None = None,
        key: Callable[[str], None] | None = None,
        rotate: Callable[[], None] | None = None,
        passes_over: bool = False,
    ) -> None:
        self.renderer = renderer
        self.client_ready = False
        self.draws = 0
        """How many pictures the board was given (for tests and benchmarks)."""
        self._ready = ready
        self._play_text = play_text
        width, height = size
        # The board is at most its drawn size and shrinks with a narrow pane (height follows the
        # canvas's own aspect ratio; ipycanvas scales click coordinates to the drawn size).
        self.canvas = Canvas(
            width=width,
            height=height,
            layout=ipywidgets.Layout(width="100%", max_width=f"{width}px", height="auto"),
            _dom_classes=("ftw-board",),
        )
        self.canvas.on_client_ready(self._on_canvas_client_ready)
        self.canvas.on_mouse_down(click)
        if hover is not None:
            self.canvas.on_mouse_move(hover)
        if key is not None:
            self.canvas.on_key_down(lambda name, *_modifiers: key(name))
        self.legend = Legend(renderer, passed=passes_over)
        wrap = {"flex_flow": "row wrap", "max_width": f"{width}px"}
        self.chooser = ipywidgets.HBox(
            layout=ipywidgets.Layout(**wrap), _dom_classes=("ftw-chooser",)
        )
        self.buttons = ipywidgets.HBox(
            layout=ipywidgets.Layout(**wrap), _dom_classes=("ftw-buttons",)
        )
        self.move_text = ipywidgets.Text(
            placeholder="type a move in notation",
            continuous_update=False,
            layout=ipywidgets.Layout(width="220px"),
        )
        self.move_text.observe(self._on_move_text_value, names="value")
        self.move_play = ipywidgets.Button(
            description="Play", layout=ipywidgets.Layout(width="60px")
        )
        self.move_play.on_click(self._on_move_play_click)
        self.rotate_button = ipywidgets.Button(
            description="Rotate ⟳",
            tooltip="turn the picked-up piece a step clockwise before putting it down (key R)",
            layout=ipywidgets.Layout(visibility="hidden", width="auto"),
            _dom_classes=("ftw-rotate",),
        )
        if rotate is not None:
            self.rotate_button.on_click(lambda _button: rotate())
        # The board column grows to the board's size and shrinks below it in a narrow pane.
        super().__init__(
            [
                self.canvas,
                *([self.rotate_button] if rotate is not None else []),
                self.legend,
                self.chooser,
                self.buttons,
                ipywidgets.HBox([self.move_text, self.move_play]),
            ],
            layout=ipywidgets.Layout(flex="1 1 auto", min_width="200px", max_width=f"{width}px"),
        )

    # ----------------------------------------------------------------- drawing
    def draw(
        self,
        state: State,
        view: int | None,
        marks: Mapping[str, Any],
        *,
        hint: Sequence[tuple[Move, float]] = (),
        thinking: bool = False,
        passed: Collection[Any] = (),
    ) -> None:
        """Draw ``state`` in ``view`` with its markers, a cross on each place ``passed`` over by
        the move entered so far, the hint's moves and a "thinking…" badge."""
        self.draws += 1
        width, height = self.renderer.size(state, view=view)
        if (width, height) != (self.canvas.width, self.canvas.height):
            self.canvas.width, self.canvas.height = width, height
            self._fit_width(width)
        with drawing():
            self.renderer.draw(self.canvas, state, view=view, **marks)
            self._draw_passed(state, view, passed)
            self._draw_overlays(state, view, hint, thinking)

    def draw_cover(self, name: str | None) -> None:
        """The pass-the-device screen: the board's area, covered, naming the next player."""
        self.draws += 1
        theme = resolve_theme(None)
        with drawing():
            pen = Pen(self.canvas, theme)
            width, height = self.canvas.width, self.canvas.height
            pen.alpha(1.0)
            pen.rect((0, 0, width, height), fill=theme.panel)
            pen.text(
                f"Pass to {name}", width / 2, height / 2 - 16, size=26, bold=True, colour=theme.ink
            )
            pen.text("— click when ready —", width / 2, height / 2 + 20, size=16, colour=theme.ink)

    def _draw_passed(self, state: State, view: int | None, passed: Collection[Any]) -> None:
        """A cross in the selection's colour over each place passed over (a jumped piece)."""
        theme = resolve_theme(None)
        pen = Pen(self.canvas, theme)
        pen.alpha(0.9)
        for place in passed:
            box = self.renderer.target_box(state, place, view=view)
            if box is None:
                continue
            x, y, w, h = box
            r = min(w, h) * 0.32
            cx, cy = x + w / 2, y + h / 2
            pen.line(cx - r, cy - r, cx + r, cy + r, theme.selected, 4.0)
            pen.line(cx - r, cy + r, cx + r, cy - r, theme.selected, 4.0)
        pen.alpha(1.0)

    def _draw_overlays(
        self,
        state: State,
        view: int | None,
        hint: Sequence[tuple[Move, float]],
        thinking: bool,
    ) -> None:
        """The hint's moves (arrows or rings with their share, shaded by it) and a "thinking…"
        badge."""
        theme = resolve_theme(None)
        pen = Pen(self.canvas, theme)
        draw_hint(pen, theme, self.renderer, state, view, hint)
        if thinking:
            pen.alpha(0.9)
            pen.rect((4, 4, 96, 22), fill=theme.panel)
            pen.text("thinking…", 52, 15, size=12, colour=theme.ink)
        pen.alpha(1.0)

    def _fit_width(self, width: int) -> None:
        """Keep the canvas, the column, the chooser and the buttons as wide as the board at most."""
        self.canvas.layout.max_width = f"{width}px"
        self.chooser.layout.max_width = self.buttons.layout.max_width = f"{width}px"
        self.layout.max_width = f"{width}px"

    # ----------------------------------------------------------------- beside the board
    def show_chooser(
        self, choices: Sequence[Move], more: bool, choose: Callable[[int], None]
    ) -> None:
        """Offer the complete moves that share the clicks (``more``: a further click may go on)."""
        if not choices:
            self.chooser.children = ()
            return
        widgets: list[ipywidgets.Widget] = [HTML("Which move?&nbsp;")]
        for i, move in enumerate(choices):
            button = ipywidgets.Button(
                description=str(move), tooltip=repr(move), layout=ipywidgets.Layout(width="auto")
            )
            button.on_click(lambda _b, i=i: choose(i))
            widgets.append(button)
        if more:
            widgets.append(HTML("&nbsp;…or click on to continue"))
        self.chooser.children = widgets

    def show_buttons(
        self,
        moves: Sequence[Move],
        choose: Callable[[Move], None],
        *,
        pass_to: str | None = None,
        ready: Callable[[], None] | None = None,
        clicks_too: bool = False,
    ) -> None:
        """Offer the moves without targets as buttons, after an "I am …" button if covered.

        With ``clicks_too`` (a move may also be clicked on the board), the buttons say so: a
        lone "skip" beside the board must not read as the only thing to do.
        """
        buttons: list[ipywidgets.Widget] = []
        if moves and clicks_too and pass_to is None:
            buttons.append(HTML("Click on the board to play, or&nbsp;"))
        if pass_to is not None and ready is not None:
            button = ipywidgets.Button(
                description=f"I am {pass_to}: show my hand",
                button_style="warning",
                layout=ipywidgets.Layout(width="auto"),
            )
            button.add_class("ftw-ready")
            button.on_click(lambda _b: ready())
            buttons.append(button)
        for move in moves:
            button = ipywidgets.Button(
                description=str(move), button_style="info", layout=ipywidgets.Layout(width="auto")
            )
            button.on_click(lambda _b, m=move: choose(m))
            buttons.append(button)
        self.buttons.children = buttons

    # ----------------------------------------------------------------- handlers
    def _on_canvas_client_ready(self) -> None:
        self.client_ready = True
        self._ready()

    def _on_move_text_value(self, change: Mapping[str, Any]) -> None:
        text = str(change["new"]).strip()
        if text and self._play_text(text):
            self.move_text.value = ""

    def _on_move_play_click(self, _button: Any) -> None:
        text = self.move_text.value.strip()
        if text and self._play_text(text):
            self.move_text.value = ""
