"""Play Win picture: the 61-cell hex board with cell names, pieces and the last move's path.

Targets are cell names (``"A1"`` … ``"I9"``), each hit as its hexagon. The last move is drawn as an
arrow along its path (source, every landing), and each piece it jumped is marked with a cross on a
dashed ghost disc.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from ftwkit.games.playwin import BOARD, Approach, Capture, PlayWinState
from ftwkit.geometry.hexgrid import pixel_center
from ftwkit.protocol import Move
from ftwkit.render.base import (
    BaseRenderer,
    Context,
    Hit,
    Layout,
    Pen,
    Point,
    piece_colours,
    regular_polygon,
)
from ftwkit.render.legend import Marker, Swatch, per_theme
from ftwkit.render.theme import Theme

__all__ = ["RENDERER", "PlayWinFrame", "PlayWinRenderer"]

SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class PlayWinFrame:
    """Where the Play Win board goes: the hexagon size, the board's centre, every cell's centre."""

    size: float
    centre: Point
    centres: Mapping[str, Point]


class PlayWinRenderer(BaseRenderer[PlayWinState, PlayWinFrame]):
    """Draws Play Win positions; see the module docstring."""

    game = "playwin"

    def layout(self, state: PlayWinState, theme: Theme, view: int | None) -> Layout[PlayWinFrame]:
        """Cell centres on a pointy-top hex board under a one-line status bar."""
        width, height, hits, frame = _board_layout(theme)
        return Layout(width, height, frame, list(hits))

    def markers(self, theme: Theme) -> dict[str, Marker]:
        """Last move (start cell and path), captured pieces, possible and selected cells."""
        return _markers(theme)

    def paint(
        self, pen: Pen, state: PlayWinState, layout: Layout[PlayWinFrame], ctx: Context
    ) -> None:
        """Board, names, pieces, last move, highlights, status line."""
        th = ctx.theme
        mk = _markers(th)
        possible, selected = mk["possible"].swatch, mk["selected"].swatch
        last, captured_mark = mk["last"].swatch, mk["captured"].swatch
        s = layout.frame.size
        cx, cy = layout.frame.centre
        centres = layout.frame.centres
        pieces = [state.pieces(p) for p in range(state.players)]
        owner = {cell: p for p, cells in enumerate(pieces) for cell in cells}
        colours = piece_colours(ctx.names, th)

        self._status(pen, state, pieces, layout, ctx, colours)
        radius = BOARD.radius * SQRT3 * s + s * 1.25
        outline = regular_polygon(cx, cy, radius, 6, rotation=0)
        pen.polygon(outline, fill=th.board, stroke=th.board_line, width=th.px(2))
        for x, y in centres.values():
            hexagon = regular_polygon(x, y, s * 0.97, 6)
            pen.polygon(hexagon, fill=th.cell, stroke=th.board_line, width=th.px(1))
        # Row letters outside the West edge.
        for letter in BOARD.row_names():
            y = centres[BOARD.name(BOARD.row(letter)[0])][1]
            west = cx - (radius - abs(y - cy) / SQRT3)
            pen.text(letter, west - th.px(12), y, size=13, colour=th.muted, bold=True)

        for name, (x, y) in centres.items():
            if ctx.is_highlighted(name):
                pen.polygon(regular_polygon(x, y, s * 0.97, 6), fill=possible.fill)
        move = ctx.last_move
        captured = move.captured if isinstance(move, Capture) else ()
        path = _path_of(move)
        if path and path[0] in centres:
            x, y = centres[path[0]]
            pen.polygon(regular_polygon(x, y, s * 0.97, 6), fill=last.fill)

        for name, (x, y) in centres.items():
            player = owner.get(name)
            if player is None:
                pen.text(name, x, y, size=10, colour=th.muted)
                continue
            fill, edge, ink = colours[player % 2]
            pen.circle(x, y, s * 0.66, fill=fill, stroke=edge, width=th.px(1.5))
            pen.text(name, x, y, size=10, colour=ink, bold=True)

        if path and len(path) >= 2 and last.stroke is not None:
            pts = [centres[c] for c in path if c in centres]
            pen.arrow(_shorten(pts, s * 0.35), last.stroke, last.width, head=th.px(12))
        ghost = captured_mark.stroke
        for cell in captured:
            if cell in centres and cell not in owner and ghost is not None:
                x, y = centres[cell]
                pen.dash(captured_mark.dash)
                pen.circle(x, y, s * 0.6, stroke=ghost, width=th.px(2))
                pen.dash(())
                # The cross's arms stop short of the centre, where the cell's name stays readable.
                near, far = s * 0.2, s * 0.4
                for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                    x0, y0, x1, y1 = x + dx * near, y + dy * near, x + dx * far, y + dy * far
                    pen.line(x0, y0, x1, y1, ghost, captured_mark.width)

        for name, (x, y) in centres.items():
            if ctx.is_highlighted(name):
                hexagon = regular_polygon(x, y, s * 0.8, 6)
                pen.polygon(hexagon, stroke=possible.stroke, width=possible.width)
            if ctx.is_selected(name):
                hexagon = regular_polygon(x, y, s * 0.86, 6)
                pen.polygon(hexagon, stroke=selected.stroke, width=selected.width)

    def _status(
        self,
        pen: Pen,
        state: PlayWinState,
        pieces: list[tuple[str, ...]],
        layout: Layout[PlayWinFrame],
        ctx: Context,
        colours: list[tuple[str, str, str]],
    ) -> None:
        th = ctx.theme
        y = th.px(20)
        x = th.px(16)
        to_play = state.to_play
        for player, cells in enumerate(pieces):
            fill, edge, _ = colours[player % 2]
            pen.circle(x + th.px(8), y, th.px(8), fill=fill, stroke=edge, width=th.px(1.5))
            if to_play == player:
                pen.circle(x + th.px(8), y, th.px(11.5), stroke=th.highlight, width=th.px(2.5))
            label = f"{ctx.names[player]}: {len(cells)}"
            pen.text(label, x + th.px(24), y, size=13, bold=to_play == player, align="left")
            x += th.px(130)
        status = ctx.outcome() if to_play is None else f"{ctx.names[to_play]} to play"
        pen.text(status, layout.width - th.px(16), y, size=13, colour=th.muted, align="right")


@cache
def _board_layout(theme: Theme) -> tuple[int, int, tuple[Hit, ...], PlayWinFrame]:
    """The board geometry (the same for every position, so it is cached per theme)."""
    s = theme.px(30)
    margin = theme.px(42)
    top = theme.px(36)
    half_w = BOARD.radius * SQRT3 * s + SQRT3 * s / 2
    half_h = BOARD.radius * 1.5 * s + s
    width = int(2 * (half_w + margin))
    height = int(top + 2 * half_h + 2 * theme.px(14))
    cx, cy = width / 2, top + theme.px(14) + half_h
    hits: list[Hit] = []
    centres: dict[str, Point] = {}
    for cell in BOARD.cells:
        dx, dy = pixel_center(cell, s)
        name = BOARD.name(cell)
        x, y = cx + dx, cy + dy
        centres[name] = (x, y)
        hits.append(Hit(name, (x - SQRT3 * s / 2, y - s, SQRT3 * s, 2 * s), "hex"))
    return width, height, tuple(hits), PlayWinFrame(s, (cx, cy), MappingProxyType(centres))


@per_theme
def _markers(th: Theme) -> dict[str, Marker]:
    """Every mark of the Play Win board, the one place its styles are defined."""
    return {
        "last": Marker(
            "last",
            Swatch("arrow", stroke=th.last_move, fill=th.last_move_fill, width=th.px(3.5)),
            "last move: the cell it started from and the path it took",
        ),
        "captured": Marker(
            "captured",
            Swatch("cross", stroke=th.last_move, width=th.px(3.5), dash=(th.px(4), th.px(3))),
            "piece captured by the last move",
        ),
        "possible": Marker(
            "possible",
            Swatch("hex", stroke=th.highlight, fill=th.highlight_fill, width=th.px(3)),
            "possible next click",
        ),
        "selected": Marker(
            "selected",
            Swatch("hex", stroke=th.selected, width=th.px(4)),
            "selected: clicked so far in this move",
        ),
    }


def _path_of(move: Move | None) -> tuple[str, ...]:
    """The cells a move visits: a capture's path (start and landings), an approach's two ends."""
    if isinstance(move, Capture):
        return move.path
    if isinstance(move, Approach):
        return (move.src, move.dst)
    return ()


def _shorten(points: list[Point], by: float) -> list[Point]:
    """The polyline with its last segment pulled back so the arrowhead sits on the piece edge."""
    if len(points) < 2:
        return points
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    k = max(0.0, (length - by) / length)
    return [*points[:-1], (x1 + (x2 - x1) * k, y1 + (y2 - y1) * k)]


RENDERER = PlayWinRenderer()
"""The Play Win renderer named by the game's registration (``GAME.renderer``)."""
