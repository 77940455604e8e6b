"""A last-resort renderer: the state's text diagram, for games whose board renderer is missing.

It lets the explorer show any game at once (moves are then made with the move buttons and the
"type a move" box, since nothing on the picture is clickable).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from ftwkit.protocol import State
from ftwkit.render.protocol import Box, CanvasLike

__all__ = ["TextRenderer", "find_renderer"]

_LINE = 16
_CHAR = 8
_PAD = 10


class TextRenderer:
    """Draws ``str(state)`` in a monospace font; nothing is clickable."""

    def __init__(self, game: str) -> None:
        self.game = game

    def _lines(self, state: State) -> list[str]:
        return str(state).splitlines() or [""]

    def size(self, state: State, *, view: int | None = None, theme: Any = None) -> tuple[int, int]:
        """Enough room for every line of the text diagram."""
        lines = self._lines(state)
        width = max(len(line) for line in lines) * _CHAR + 2 * _PAD
        return max(width, 200), len(lines) * _LINE + 2 * _PAD

    def draw(
        self,
        canvas: CanvasLike,
        state: State,
        *,
        view: int | None = None,
        highlight: Collection[Any] = (),
        selected: Sequence[Any] = (),
        last_move: bool = True,
        theme: Any = None,
    ) -> None:
        """Clear the canvas and write the text diagram."""
        canvas.clear()
        canvas.fill_style = "#fbfaf5"
        width, height = self.size(state)
        canvas.fill_rect(0, 0, width, height)
        canvas.fill_style = "#222"
        canvas.font = "13px monospace"
        canvas.text_align = "left"
        canvas.text_baseline = "top"
        for i, line in enumerate(self._lines(state)):
            canvas.fill_text(line, _PAD, _PAD + i * _LINE)

    def targets_at(
        self, state: State, x: float, y: float, *, view: int | None = None, theme: Any = None
    ) -> Any | None:
        """Nothing on a text diagram is a target."""
        return None

    def target_box(
        self, state: State, target: Any, *, view: int | None = None, theme: Any = None
    ) -> Box | None:
        """Targets are not drawn on a text diagram."""
        return None


def find_renderer(game_id: str) -> tuple[Any, str | None]:
    """The game's board renderer, or a :class:`TextRenderer` and the reason none was found."""
    try:
        from ftwkit import render

        return render.renderer(game_id), None
    except (ImportError, AttributeError, KeyError, ValueError, NotImplementedError) as err:
        return TextRenderer(game_id), f"no board renderer for {game_id} ({err}); showing text"
