"""Legends: what each marker on a board means, taken from the very styles the board draws with.

A renderer keeps its markers (last move, selected, possible next click, flagged, …) in one table
of :class:`Marker` per theme; its drawing code reads colours, widths and dashes from that table,
and its ``legend()`` returns the same table, so a legend cannot drift from the picture. A
:class:`Swatch` is enough to draw a small sample of the marker (:func:`draw_swatch`), on a canvas
or as SVG (:func:`swatch_svg`) for a legend beside the board.

>>> from ftwkit.render.theme import LIGHT
>>> mark = Marker("last", Swatch("square", stroke=LIGHT.last_move), "last move")
>>> swatch_svg(mark.swatch).startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps

from ftwkit.render.base import Pen, regular_polygon, rounded_rect
from ftwkit.render.protocol import Box
from ftwkit.render.svg import SvgCanvas
from ftwkit.render.theme import LIGHT, Theme

__all__ = ["SHAPES", "Marker", "Swatch", "draw_swatch", "per_theme", "swatch_svg"]

SHAPES = ("square", "hex", "circle", "arrow", "cross", "line", "card")
"""The sample shapes a swatch can take."""


@dataclass(frozen=True)
class Swatch:
    """How a marker looks: enough to draw it on the board and a small sample of it in a legend.

    Attributes:
        shape: one of :data:`SHAPES` — a cell outline (``"square"``, ``"hex"``), a ring or dot
            (``"circle"``), a path (``"arrow"``), a crossed-out ghost (``"cross"``), a boundary
            line (``"line"``) or a card outline (``"card"``).
        stroke: the outline or line colour (``None``: no outline).
        fill: the fill colour (``None``: no fill).
        width: the outline width in pixels.
        dash: the dash pattern of the outline (``()``: solid).
        casing: a wider line drawn under the stroke, so the marker shows on any background.
        size: the sample's size as a share of its box (a small ring on a stone is ``0.45``).
        backdrop: what the marker sits on in the picture (a stone, a tile), drawn first.
    """

    shape: str
    stroke: str | None = None
    fill: str | None = None
    width: float = 2.0
    dash: tuple[float, ...] = ()
    casing: str | None = None
    size: float = 1.0
    backdrop: str | None = None

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"swatch shape must be one of {', '.join(SHAPES)}, not {self.shape!r}")


@dataclass(frozen=True)
class Marker:
    """One kind of mark a board draws, with the words a legend shows for it.

    Attributes:
        key: a short stable name (``"last"``, ``"selected"``, ``"possible"``, ``"flagged"``…).
        swatch: how it looks.
        words: what it means, in a designer's words.
    """

    key: str
    swatch: Swatch
    words: str


def draw_swatch(pen: Pen, swatch: Swatch, box: Box) -> None:
    """Draw a small sample of ``swatch`` inside ``box`` (for legends)."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    r = min(w, h) / 2
    if swatch.backdrop is not None:
        pen.circle(cx, cy, r * 0.9, fill=swatch.backdrop, stroke=LIGHT.line, width=1.0)
    pen.dash(swatch.dash)
    s = r * swatch.size
    inner = (cx - s * 0.8, cy - s * 0.8, s * 1.6, s * 1.6)
    if swatch.shape == "square":
        if swatch.casing is not None:
            pen.dash(())
            pen.rect(inner, stroke=swatch.casing, width=swatch.width * 1.8)
            pen.dash(swatch.dash)
        pen.rect(inner, fill=swatch.fill, stroke=swatch.stroke, width=swatch.width)
    elif swatch.shape == "hex":
        hexagon = regular_polygon(cx, cy, s * 0.9, 6)
        pen.polygon(hexagon, fill=swatch.fill, stroke=swatch.stroke, width=swatch.width)
    elif swatch.shape == "circle":
        pen.circle(cx, cy, s * 0.75, fill=swatch.fill, stroke=swatch.stroke, width=swatch.width)
    elif swatch.shape == "card":
        card = (cx - s * 0.55, cy - s * 0.85, s * 1.1, s * 1.7)
        pen.polygon(
            rounded_rect(card, s * 0.15),
            fill=swatch.fill or LIGHT.card,
            stroke=swatch.stroke,
            width=swatch.width,
        )
    elif swatch.shape == "cross":
        pen.circle(cx, cy, s * 0.75, stroke=swatch.stroke, width=max(1.0, swatch.width * 0.6))
        pen.dash(())
        d = s * 0.4
        if swatch.stroke is not None:
            pen.line(cx - d, cy - d, cx + d, cy + d, swatch.stroke, swatch.width)
            pen.line(cx - d, cy + d, cx + d, cy - d, swatch.stroke, swatch.width)
    elif swatch.shape == "line":
        if swatch.casing is not None:
            pen.line(x + 2, cy, x + w - 2, cy, swatch.casing, swatch.width * 2)
        if swatch.stroke is not None:
            pen.line(x + 2, cy, x + w - 2, cy, swatch.stroke, swatch.width)
    else:  # "arrow": a start cell and the path leaving it
        if swatch.fill is not None:
            pen.rect((x + 1, cy - s * 0.4, s * 0.8, s * 0.8), fill=swatch.fill)
        if swatch.stroke is not None:
            head = max(4.0, swatch.width * 2.2)
            pen.arrow([(x + s * 0.4, cy), (x + w - 1, cy)], swatch.stroke, swatch.width, head)
    pen.dash(())


@lru_cache(maxsize=256)
def swatch_svg(swatch: Swatch, size: int = 22, theme: Theme = LIGHT) -> str:
    """A ``size``-pixel square SVG sample of ``swatch`` on the theme's background."""
    canvas = SvgCanvas(size, size)
    pen = Pen(canvas, theme)
    pen.rect((0, 0, size, size), fill=theme.background)
    draw_swatch(pen, swatch, (1.0, 1.0, size - 2.0, size - 2.0))
    return canvas.to_svg()


MarkerTable = dict[str, Marker]


def per_theme(build: Callable[[Theme], MarkerTable]) -> Callable[[Theme], MarkerTable]:
    """Cache a renderer's marker table per theme, found by identity.

    Drawing code looks its table up many times per redraw (per card, per icon); hashing a whole
    :class:`Theme` each time would cost more than the drawing it serves.
    """
    tables: dict[int, tuple[Theme, MarkerTable]] = {}

    @wraps(build)
    def table(theme: Theme) -> MarkerTable:
        hit = tables.get(id(theme))
        if hit is not None and hit[0] is theme:
            return hit[1]
        if len(tables) >= 32:
            tables.clear()
        made = build(theme)
        tables[id(theme)] = (theme, made)  # the theme is kept, so its id is not reused
        return made

    return table
