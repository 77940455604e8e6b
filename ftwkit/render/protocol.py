"""What a board renderer offers: the contract between ``ftwkit.render`` and ``widgets``.

A renderer is a stateless object, one per game, found by ``ftwkit.render.renderer(game_id)``.
It draws a state on anything that speaks :class:`CanvasLike` (an ipycanvas ``Canvas``, the SVG
backend, or a recording fake in tests) and owns the geometry both ways, so widgets can turn clicks
into ``move.targets`` and highlight the targets that may come next.

Targets are the same hashable values the game's ``move.targets`` use (cell names, ``(x, y)``
tuples, card numbers, tile ids…).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Protocol, runtime_checkable

from ftwkit.protocol import State

__all__ = ["Box", "CanvasLike", "Renderer"]

Box = tuple[float, float, float, float]
"""A rectangle ``(x, y, width, height)`` in canvas pixels."""


@runtime_checkable
class CanvasLike(Protocol):
    """The Canvas 2D calls renderers use (the ipycanvas names).

    Renderers only write to a canvas (attributes and drawing calls, never reads), so that a whole
    redraw inside ``hold_canvas()`` is a single comm message. ``stroke_lines`` is an open polyline.
    """

    fill_style: Any
    stroke_style: Any
    line_width: float
    font: str
    text_align: str
    text_baseline: str
    global_alpha: float

    def clear(self) -> None: ...
    def fill_rect(self, x: float, y: float, width: float, height: float | None = None) -> None: ...
    def stroke_rect(
        self, x: float, y: float, width: float, height: float | None = None
    ) -> None: ...
    def fill_circle(self, x: float, y: float, radius: float) -> None: ...
    def stroke_circle(self, x: float, y: float, radius: float) -> None: ...
    def fill_polygon(self, points: Sequence[tuple[float, float]]) -> None: ...
    def stroke_polygon(self, points: Sequence[tuple[float, float]]) -> None: ...
    def stroke_line(self, x1: float, y1: float, x2: float, y2: float) -> None: ...
    def stroke_lines(self, points: Sequence[tuple[float, float]]) -> None: ...
    def fill_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None: ...
    def set_line_dash(self, segments: Sequence[float]) -> None: ...


@runtime_checkable
class Renderer(Protocol):
    """One game's drawing and hit-testing; every method is a pure function of its arguments."""

    game: str

    def size(self, state: State, *, view: int | None = None, theme: Any = None) -> tuple[int, int]:
        """The canvas size in pixels that fits this state."""
        ...

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
        ghost: Any = None,
    ) -> None:
        """Draw the whole picture (clearing first); ``view`` hides what that player may not see;
        ``ghost`` previews a piece about to be put down (``State.ghost``)."""
        ...

    def targets_at(
        self, state: State, x: float, y: float, *, view: int | None = None, theme: Any = None
    ) -> Any | None:
        """The target under pixel ``(x, y)``, or ``None``."""
        ...

    def target_box(
        self, state: State, target: Any, *, view: int | None = None, theme: Any = None
    ) -> Box | None:
        """Where ``target`` is drawn, or ``None`` if it is not on the picture."""
        ...
