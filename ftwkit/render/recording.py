"""A fake canvas that records every call, for tests of renderers and widgets.

>>> canvas = RecordingCanvas()
>>> canvas.fill_style = "red"
>>> canvas.fill_circle(10, 10, 5)
>>> canvas.calls
[('set', 'fill_style', 'red'), ('fill_circle', 10, 10, 5)]
>>> [c.style["fill_style"] for c in canvas.drawn("fill_circle")]
['red']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Drawn", "RecordingCanvas"]

_ATTRS = (
    "fill_style",
    "stroke_style",
    "line_width",
    "font",
    "text_align",
    "text_baseline",
    "global_alpha",
)


@dataclass(frozen=True)
class Drawn:
    """One drawing call with the style in force when it was made."""

    name: str
    args: tuple[Any, ...]
    style: dict[str, Any] = field(hash=False, compare=False)


class RecordingCanvas:
    """Speaks :class:`~ftwkit.render.protocol.CanvasLike` and remembers everything it was told.

    Attributes:
        calls: every call in order: ``("set", attribute, value)`` or ``(method, *args)``.
    """

    def __init__(self, width: int = 0, height: int = 0) -> None:
        self.width = width
        self.height = height
        self.calls: list[tuple[Any, ...]] = []
        self._drawn: list[Drawn] = []
        self._style: dict[str, Any] = {
            "fill_style": "black",
            "stroke_style": "black",
            "line_width": 1.0,
            "font": "12px serif",
            "text_align": "start",
            "text_baseline": "alphabetic",
            "global_alpha": 1.0,
            "line_dash": (),
        }

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _ATTRS:
            self.calls.append(("set", name, value))
            self._style[name] = value
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name: str) -> Any:
        if name in _ATTRS:
            return self.__dict__["_style"][name]
        raise AttributeError(name)

    def _record(self, name: str, *args: Any) -> None:
        self.calls.append((name, *args))
        self._drawn.append(Drawn(name, args, dict(self._style)))

    # ----------------------------------------------------------------- CanvasLike
    def clear(self) -> None:
        self._record("clear")

    def fill_rect(self, x: float, y: float, width: float, height: float | None = None) -> None:
        self._record("fill_rect", x, y, width, width if height is None else height)

    def stroke_rect(self, x: float, y: float, width: float, height: float | None = None) -> None:
        self._record("stroke_rect", x, y, width, width if height is None else height)

    def fill_circle(self, x: float, y: float, radius: float) -> None:
        self._record("fill_circle", x, y, radius)

    def stroke_circle(self, x: float, y: float, radius: float) -> None:
        self._record("stroke_circle", x, y, radius)

    def fill_polygon(self, points: Sequence[tuple[float, float]]) -> None:
        self._record("fill_polygon", tuple(points))

    def stroke_polygon(self, points: Sequence[tuple[float, float]]) -> None:
        self._record("stroke_polygon", tuple(points))

    def stroke_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._record("stroke_line", x1, y1, x2, y2)

    def stroke_lines(self, points: Sequence[tuple[float, float]]) -> None:
        self._record("stroke_lines", tuple(points))

    def fill_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None:
        self._record("fill_text", text, x, y)

    def set_line_dash(self, segments: Sequence[float]) -> None:
        self._style["line_dash"] = tuple(segments)
        self.calls.append(("set_line_dash", tuple(segments)))

    # ----------------------------------------------------------------- queries
    def drawn(self, name: str | None = None) -> list[Drawn]:
        """The drawing calls (optionally only those of one method), with their styles."""
        return [d for d in self._drawn if name is None or d.name == name]

    def texts(self) -> list[str]:
        """Every text written, in order."""
        return [d.args[0] for d in self._drawn if d.name == "fill_text"]

    def circles(self, fill: str | None = None) -> list[tuple[float, float, float]]:
        """Centres and radii of filled circles (optionally of one fill colour)."""
        return [
            (d.args[0], d.args[1], d.args[2])
            for d in self._drawn
            if d.name == "fill_circle" and (fill is None or d.style["fill_style"] == fill)
        ]
