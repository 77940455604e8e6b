"""An SVG backend of the canvas protocol: static pictures without a browser.

The same drawing code that paints an ipycanvas ``Canvas`` writes SVG elements here, so notebooks
(``State._repr_svg_``), docs and rule cases get pictures from a plain Python process.

>>> canvas = SvgCanvas(20, 10)
>>> canvas.fill_style = "#ff0000"
>>> canvas.fill_rect(0, 0, 20, 10)
>>> print(canvas.to_svg())  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
<rect x="0" y="0" width="20" height="10" fill="#ff0000"/>
</svg>
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

__all__ = ["SvgCanvas"]

_ALIGN = {"left": "start", "start": "start", "center": "middle", "right": "end", "end": "end"}
_BASELINE = {
    "middle": "central",
    "top": "text-before-edge",
    "hanging": "hanging",
    "bottom": "text-after-edge",
    "alphabetic": "alphabetic",
    "ideographic": "ideographic",
}
_FONT = re.compile(r"^\s*(?:(bold|normal|italic|\d00)\s+)*([\d.]+)px\s+(.+?)\s*$")


def _num(value: float) -> str:
    """A short, stable number: at most 2 decimals, no trailing zeros."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


class SvgCanvas:
    """Collects canvas calls as SVG elements; :meth:`to_svg` returns the document."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.fill_style: Any = "black"
        self.stroke_style: Any = "black"
        self.line_width: float = 1.0
        self.font: str = "12px sans-serif"
        self.text_align: str = "start"
        self.text_baseline: str = "alphabetic"
        self.global_alpha: float = 1.0
        self._dash: tuple[float, ...] = ()
        self._elements: list[str] = []

    # ----------------------------------------------------------------- styles
    def _alpha(self) -> str:
        return "" if self.global_alpha >= 1 else f' opacity="{_num(self.global_alpha)}"'

    def _fill(self) -> str:
        return f" fill={quoteattr(str(self.fill_style))}{self._alpha()}"

    def _stroke(self) -> str:
        dash = ""
        if self._dash:
            dash = f' stroke-dasharray="{" ".join(_num(d) for d in self._dash)}"'
        return (
            f' fill="none" stroke={quoteattr(str(self.stroke_style))}'
            f' stroke-width="{_num(self.line_width)}"{dash}{self._alpha()}'
        )

    # ----------------------------------------------------------------- CanvasLike
    def clear(self) -> None:
        self._elements.clear()

    def fill_rect(self, x: float, y: float, width: float, height: float | None = None) -> None:
        h = width if height is None else height
        self._elements.append(
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(h)}"'
            f"{self._fill()}/>"
        )

    def stroke_rect(self, x: float, y: float, width: float, height: float | None = None) -> None:
        h = width if height is None else height
        self._elements.append(
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(h)}"'
            f"{self._stroke()}/>"
        )

    def fill_circle(self, x: float, y: float, radius: float) -> None:
        self._elements.append(
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(radius)}"{self._fill()}/>'
        )

    def stroke_circle(self, x: float, y: float, radius: float) -> None:
        self._elements.append(
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(radius)}"{self._stroke()}/>'
        )

    def fill_polygon(self, points: Sequence[tuple[float, float]]) -> None:
        self._elements.append(f'<polygon points="{_points(points)}"{self._fill()}/>')

    def stroke_polygon(self, points: Sequence[tuple[float, float]]) -> None:
        self._elements.append(
            f'<polygon points="{_points(points)}"{self._stroke()} stroke-linejoin="round"/>'
        )

    def stroke_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._elements.append(
            f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}"'
            f'{self._stroke()} stroke-linecap="round"/>'
        )

    def stroke_lines(self, points: Sequence[tuple[float, float]]) -> None:
        self._elements.append(
            f'<polyline points="{_points(points)}"{self._stroke()}'
            ' stroke-linejoin="round" stroke-linecap="round"/>'
        )

    def fill_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None:
        # ``max_width`` cannot be honoured without measuring text; renderers size text to fit.
        match = _FONT.match(self.font)
        if match:
            weight = ' font-weight="bold"' if "bold" in self.font.split("px")[0] else ""
            font = f' font-size="{match.group(2)}" font-family={quoteattr(match.group(3))}{weight}'
        else:
            font = f" style={quoteattr('font: ' + self.font)}"
        anchor = _ALIGN.get(self.text_align, "start")
        base = _BASELINE.get(self.text_baseline, "alphabetic")
        self._elements.append(
            f'<text x="{_num(x)}" y="{_num(y)}"{font} text-anchor="{anchor}"'
            f' dominant-baseline="{base}"{self._fill()}>{escape(text)}</text>'
        )

    def set_line_dash(self, segments: Sequence[float]) -> None:
        self._dash = tuple(segments)

    # ----------------------------------------------------------------- output
    def to_svg(self) -> str:
        """The SVG document of everything drawn since the last ``clear``."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}"'
            f' viewBox="0 0 {self.width} {self.height}">'
        )
        return "\n".join([head, *self._elements, "</svg>"])
