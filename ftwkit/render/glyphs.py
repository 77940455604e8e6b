"""Character glyphs drawn with canvas primitives (no emoji font is needed on any machine).

Each glyph fits in a circle of radius ``r`` around ``(cx, cy)``, filled with the kind's accent
colour, outlined with ``edge`` (the tile's ink, so glyphs read on white and black tiles alike),
with details in ``hole`` (the tile's background).
"""

from __future__ import annotations

from collections.abc import Callable

from ftwkit.render.base import Pen, ellipse, star

__all__ = ["GLYPHS", "draw_glyph"]

Glyph = Callable[[Pen, float, float, float, str, str, str], None]


def _ninja(pen: Pen, cx: float, cy: float, r: float, fill: str, edge: str, hole: str) -> None:
    """A four-pointed throwing star with a hole."""
    pen.polygon(star(cx, cy, r, r * 0.32, 4, rotation=-45), fill=fill, stroke=edge, width=1.2)
    pen.circle(cx, cy, r * 0.16, fill=hole, stroke=edge, width=1.2)


def _pirate(pen: Pen, cx: float, cy: float, r: float, fill: str, edge: str, hole: str) -> None:
    """A skull over crossed bones."""
    w = r * 0.16
    for sx in (-1, 1):
        pen.line(cx - sx * r * 0.85, cy + r * 0.35, cx + sx * r * 0.85, cy + r * 0.95, edge, w + 2)
        pen.line(cx - sx * r * 0.85, cy + r * 0.35, cx + sx * r * 0.85, cy + r * 0.95, fill, w)
    pen.rect((cx - r * 0.36, cy + r * 0.05, r * 0.72, r * 0.45), fill=fill, stroke=edge, width=1.2)
    pen.circle(cx, cy - r * 0.22, r * 0.6, fill=fill, stroke=edge, width=1.2)
    pen.rect((cx - r * 0.3, cy + r * 0.05, r * 0.6, r * 0.25), fill=fill)
    for sx in (-1, 1):
        pen.circle(cx + sx * r * 0.24, cy - r * 0.22, r * 0.17, fill=hole)
    pen.circle(cx, cy + r * 0.08, r * 0.07, fill=hole)


def _monkey(pen: Pen, cx: float, cy: float, r: float, fill: str, edge: str, hole: str) -> None:
    """A round head with big ears and a pale muzzle."""
    for sx in (-1, 1):
        pen.circle(cx + sx * r * 0.72, cy - r * 0.12, r * 0.3, fill=fill, stroke=edge, width=1.2)
        pen.circle(cx + sx * r * 0.72, cy - r * 0.12, r * 0.15, fill=pen.theme.glyph_skin)
    pen.circle(cx, cy, r * 0.66, fill=fill, stroke=edge, width=1.2)
    # Circles, not ellipses: a polygon costs several times a circle in an ipycanvas batch.
    pen.circle(cx, cy + r * 0.22, r * 0.36, fill=pen.theme.glyph_skin)
    for sx in (-1, 1):
        pen.circle(cx + sx * r * 0.2, cy - r * 0.14, r * 0.21, fill=pen.theme.glyph_skin)
    for sx in (-1, 1):
        pen.circle(cx + sx * r * 0.2, cy - r * 0.14, r * 0.08, fill=pen.theme.glyph_ink)
    pen.line(cx - r * 0.14, cy + r * 0.3, cx + r * 0.14, cy + r * 0.3, pen.theme.glyph_ink, 1.2)


def _zombie(pen: Pen, cx: float, cy: float, r: float, fill: str, edge: str, hole: str) -> None:
    """A square green head with crossed-out eyes and a stitched mouth."""
    pen.rect((cx - r * 0.62, cy - r * 0.75, r * 1.24, r * 1.45), fill=fill, stroke=edge, width=1.2)
    pen.rect((cx - r * 0.62, cy - r * 0.75, r * 1.24, r * 0.22), fill=edge)
    e = r * 0.13
    for sx in (-1, 1):
        ex, ey = cx + sx * r * 0.28, cy - r * 0.15
        pen.line(ex - e, ey - e, ex + e, ey + e, pen.theme.glyph_ink, 1.2)
        pen.line(ex - e, ey + e, ex + e, ey - e, pen.theme.glyph_ink, 1.2)
    my = cy + r * 0.35
    pen.line(cx - r * 0.36, my, cx + r * 0.36, my, pen.theme.glyph_ink, 1.2)
    for k in range(4):
        stitch = cx - r * 0.27 + k * r * 0.18
        pen.line(stitch, my - r * 0.09, stitch, my + r * 0.09, pen.theme.glyph_ink, 1.2)


def _alien(pen: Pen, cx: float, cy: float, r: float, fill: str, edge: str, hole: str) -> None:
    """An egg-shaped head with antennae and two big slanted black eyes."""
    for sx in (-1, 1):
        pen.line(cx + sx * r * 0.2, cy - r * 0.6, cx + sx * r * 0.45, cy - r * 0.95, edge, 1.2)
        pen.circle(cx + sx * r * 0.45, cy - r * 0.95, r * 0.1, fill=fill, stroke=edge, width=1.2)
    head = [(x, y + r * 0.08) for x, y in ellipse(cx, cy, r * 0.6, r * 0.72, 18)]
    pen.polygon(head, fill=fill, stroke=edge, width=1.2)
    for sx in (-1, 1):
        eye = ellipse(cx + sx * r * 0.25, cy - r * 0.02, r * 0.24, r * 0.12, 12, rotation=sx * 30)
        pen.polygon(eye, fill=pen.theme.glyph_ink)
    pen.line(cx - r * 0.1, cy + r * 0.45, cx + r * 0.1, cy + r * 0.45, pen.theme.glyph_ink, 1.2)


GLYPHS: dict[str, Glyph] = {
    "ninja": _ninja,
    "pirate": _pirate,
    "monkey": _monkey,
    "zombie": _zombie,
    "alien": _alien,
}
"""One glyph per For the Win! kind (``ftwkit.games.forthewin.moves.KINDS``)."""


def draw_glyph(
    pen: Pen, kind: str, cx: float, cy: float, r: float, *, fill: str, edge: str, hole: str
) -> None:
    """Draw ``kind``'s glyph; an unknown kind gets its initial in a circle."""
    glyph = GLYPHS.get(kind)
    if glyph is None:
        pen.circle(cx, cy, r * 0.7, fill=fill, stroke=edge, width=1.2)
        pen.text(kind[:1].upper(), cx, cy, size=r, bold=True, colour=hole)
        return
    glyph(pen, cx, cy, r, fill, edge, hole)
