"""For the Win! picture: the grid cropped to the tiles plus a margin, supplies and action counters.

Targets are cells ``(x, y)`` (``y`` grows downwards), the occupied ones and the empty cells one
step around the grid, where tiles may be added or moved. Each tile shows its colour (white or
black), its character as a glyph drawn with primitives plus its name, and whether it is face up;
a face-down tile is greyed and hatched with a small glyph. The panel beside the grid shows each
player's action pips, first-player marker and supply. Light coordinate labels (``x`` above each
column, ``y`` left of each row) let a reader find the ``(x,y)`` cells that moves and messages name.

What the rules flag now comes from the engine, never from a rule copied here: the tiles of
``state.notes()`` (cut off from a split Grid) are outlined as flagged, the notes' words stand in a
banner under the status line, and when ``state.explain(EndTurn())`` refuses ending the turn after an
action, the status line and the mover's panel say so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ftwkit.games.forthewin.actions import Tile
from ftwkit.games.forthewin.moves import EndTurn
from ftwkit.games.forthewin.state import (
    ACTIONS_PER_ROUND,
    ACTIONS_PER_TURN,
    ForTheWinState,
    compressed_axis,
)
from ftwkit.protocol import Note
from ftwkit.render.base import BaseRenderer, Context, Hit, Layout, Pen, rounded_rect, text_width
from ftwkit.render.glyphs import draw_glyph
from ftwkit.render.legend import Marker, Swatch, per_theme
from ftwkit.render.protocol import Box
from ftwkit.render.theme import Theme

__all__ = ["RENDERER", "ForTheWinFrame", "ForTheWinRenderer"]

Cell = tuple[int, int]


Axis = list[tuple[int | None, float]]
"""A compressed axis: each column (or row) with its offset from the grid's edge (``None``: a
break standing for a long empty stretch)."""


@dataclass(frozen=True)
class ForTheWinFrame:
    """Where a For the Win! picture's parts go."""

    size: float
    """The side of a cell in pixels."""
    boxes: Mapping[Cell, Box]
    """Every drawn cell's box."""
    grid: Box
    axes: tuple[Axis, Axis]
    """The columns and the rows of the cropped grid."""
    panel: Box
    flagged: frozenset[Cell]
    """Cells the engine flags (``state.notes()``)."""
    banner: tuple[str, ...]
    """The banner's lines above the grid."""
    end_refused: bool
    """Whether ending the turn now is refused (the banner says why)."""


class ForTheWinRenderer(BaseRenderer[ForTheWinState, ForTheWinFrame]):
    """Draws For the Win! positions; see the module docstring."""

    game = "forthewin"

    def layout(
        self, state: ForTheWinState, theme: Theme, view: int | None
    ) -> Layout[ForTheWinFrame]:
        """Cells of the cropped grid (tiles + 1 around, and any legal target cell), and a panel."""
        th = theme
        cells = [cell for cell, _ in state.tiles]
        span = set(_around(cells)) | set(_target_cells(state))
        if not span:
            span = {(0, 0)}
        # Long empty stretches (far-apart blobs) become one narrow break, so the picture grows
        # with the number of tiles, never with the distance between them.
        columns = compressed_axis((c[0] for c in span), margin=0)
        rows_ = compressed_axis((c[1] for c in span), margin=0)
        cols, rows = len(columns), len(rows_)
        size = th.px(max(36.0, min(62.0, 560.0 / max(cols, rows))))
        left = th.px(38)
        panel_w = th.px(250)
        col_at = _offsets(columns, size)
        row_at = _offsets(rows_, size)
        grid_w, grid_h = col_at[-1][1] + size, row_at[-1][1] + size
        width = int(left + grid_w + th.px(20) + panel_w)
        notes, refusal = _flags(state)
        banner = _banner_lines(notes, refusal, width - th.px(36), th)
        top = th.px(58) + len(banner) * th.px(_BANNER_LINE) + (th.px(8) if banner else 0)
        players = state.players
        height = int(max(top + grid_h + th.px(16), top + players * th.px(172) + th.px(8)))
        hits: list[Hit] = []
        boxes: dict[Cell, Box] = {}
        for gy, oy in row_at:
            if gy is None:
                continue
            for gx, ox in col_at:
                if gx is None:
                    continue
                box = (left + ox, top + oy, size, size)
                boxes[(gx, gy)] = box
                hits.append(Hit((gx, gy), box))
        frame = ForTheWinFrame(
            size=size,
            boxes=MappingProxyType(boxes),
            grid=(left, top, grid_w, grid_h),
            axes=(col_at, row_at),
            panel=(left + grid_w + th.px(20), top, panel_w - th.px(12), th.px(350)),
            flagged=frozenset(c for note in notes for c in note.cells),
            banner=banner,
            end_refused=refusal is not None,
        )
        return Layout(width, height, frame, hits)

    def markers(self, theme: Theme) -> dict[str, Marker]:
        """Last move, possible and selected cells, flagged tiles, the to-play panel, marker."""
        return _markers(theme)

    def paint(
        self, pen: Pen, state: ForTheWinState, layout: Layout[ForTheWinFrame], ctx: Context
    ) -> None:
        """Status line, grid, tiles, last move, highlights, panel."""
        th = ctx.theme
        mk = _markers(th)
        possible, selected = mk["possible"].swatch, mk["selected"].swatch
        last, path, flag = mk["last"].swatch, mk["path"].swatch, mk["flagged"].swatch
        boxes = layout.frame.boxes
        size: float = layout.frame.size
        flagged: frozenset[Cell] = layout.frame.flagged
        to_play = state.to_play
        if to_play is None:
            status = ctx.outcome()
        else:
            status = f"{ctx.names[to_play]} to play"
            if layout.frame.end_refused:
                status += " — another action is needed: the turn cannot end now"
            elif state.turn_actions:
                status += " — second action or end the turn"
        pen.text(status, th.px(16), th.px(20), size=14, bold=True, align="left")
        _draw_banner(pen, th, layout)
        pen.rect(layout.frame.grid, fill=th.board)
        _axis_labels(pen, th, layout)
        for cell, (x, y, w, h) in boxes.items():
            inset = th.px(2)
            if cell in flagged:
                fill = flag.fill
            elif ctx.is_highlighted(cell):
                fill = possible.fill
            else:
                fill = th.cell
            pen.rect((x + inset, y + inset, w - 2 * inset, h - 2 * inset), fill=fill)

        # every target of a For the Win! move is a cell (end and pass have none)
        touched: tuple[Cell, ...] = ctx.last_move.targets if ctx.last_move is not None else ()
        for cell in touched:
            if cell in boxes:
                x, y, w, h = boxes[cell]
                pen.rect((x + th.px(2), y + th.px(2), w - th.px(4), h - th.px(4)), fill=last.fill)

        for cell, tile in state.tiles:
            if cell in boxes:
                _tile(pen, th, tile, boxes[cell], ctx.names)

        for cell in touched:
            if cell in boxes:
                x, y, w, h = boxes[cell]
                pen.dash(last.dash)
                pen.rect(
                    (x + th.px(1.5), y + th.px(1.5), w - th.px(3), h - th.px(3)),
                    stroke=last.stroke,
                    width=last.width,
                )
                pen.dash(())
        if len(touched) >= 2 and touched[-2] in boxes and touched[-1] in boxes and path.stroke:
            a, b = _centre(boxes[touched[-2]]), _centre(boxes[touched[-1]])
            pen.arrow([a, b], path.stroke, path.width, head=th.px(12))
        for cell, box in boxes.items():
            x, y, w, h = box
            if ctx.is_highlighted(cell):
                pen.rect(
                    (x + th.px(3), y + th.px(3), w - th.px(6), h - th.px(6)),
                    stroke=possible.stroke,
                    width=possible.width,
                )
            if ctx.is_selected(cell):
                pen.rect(
                    (x + th.px(2), y + th.px(2), w - th.px(4), h - th.px(4)),
                    stroke=selected.stroke,
                    width=selected.width,
                )
        for cell in flagged:
            if cell in boxes:
                x, y, w, h = boxes[cell]
                pen.dash(flag.dash)
                pen.rect(
                    (x + th.px(1), y + th.px(1), w - th.px(2), h - th.px(2)),
                    stroke=flag.stroke,
                    width=flag.width,
                )
                pen.dash(())
        self._panel(pen, state, layout, ctx, size)

    def _panel(
        self,
        pen: Pen,
        state: ForTheWinState,
        layout: Layout[ForTheWinFrame],
        ctx: Context,
        size: float,
    ) -> None:
        th = ctx.theme
        px, py, pw, _ = layout.frame.panel
        used = state.actions_used
        first = state.first
        to_play = state.to_play
        y = py
        for player in range(state.players):
            block = (px, y, pw, th.px(160))
            frame = _markers(th)["to_play"].swatch
            pen.polygon(
                rounded_rect(block, th.px(8)),
                fill=frame.fill,
                stroke=frame.stroke if to_play == player else None,
                width=frame.width,
            )
            fill, edge = _colours(th, player, ctx.names)[:2]
            sx, sy = px + th.px(14), y + th.px(20)
            pen.rect(
                (sx, sy - th.px(9), th.px(18), th.px(18)), fill=fill, stroke=edge, width=th.px(1.5)
            )
            title = ctx.names[player]
            pen.text(title, sx + th.px(26), sy, size=14, bold=True, align="left")
            if first == player:
                disc = _markers(th)["first"].swatch
                pen.circle(
                    px + pw - th.px(24),
                    sy,
                    th.px(10),
                    fill=disc.fill,
                    stroke=disc.stroke,
                    width=disc.width,
                )
                pen.text(
                    "1",
                    px + pw - th.px(24),
                    sy + th.px(1),
                    size=11,
                    bold=True,
                    colour=th.light_piece_ink,
                )
                pen.text("first", px + pw - th.px(40), sy, size=10, colour=th.muted, align="right")
            ay = sy + th.px(28)
            pen.text("actions", sx, ay, size=11, colour=th.muted, align="left")
            for k in range(ACTIONS_PER_ROUND):
                cx = sx + th.px(70) + k * th.px(20)
                done = k < used[player]
                pen.circle(
                    cx,
                    ay,
                    th.px(7),
                    fill=th.ink if done else th.background,
                    stroke=th.ink,
                    width=th.px(1.2),
                )
            left = ACTIONS_PER_ROUND - used[player]
            pen.text(f"{left} left", sx + th.px(172), ay, size=11, align="left")
            if to_play == player:
                turn = state.turn_actions
                refused = layout.frame.end_refused
                pen.text(
                    f"turn: {turn} of {ACTIONS_PER_TURN} taken · cannot end yet"
                    if refused
                    else f"this turn: {turn} of {ACTIONS_PER_TURN} taken",
                    sx,
                    ay + th.px(22),
                    size=11,
                    colour=_markers(th)["flagged"].swatch.stroke if refused else th.highlight,
                    bold=True,
                    align="left",
                )
            pen.text("supply", sx, ay + th.px(44), size=11, colour=th.muted, align="left")
            # in the engine's order of the kinds, as the text picture lists the supply
            for k, (kind, count) in enumerate(state.supply(player).items()):
                gx = sx + k * th.px(44) + th.px(14)
                gy = ay + th.px(78)
                mini = (gx - th.px(14), gy - th.px(16), th.px(28), th.px(32))
                _mini_tile(pen, th, player, kind, mini, ctx.names, count)
            y += th.px(172)


@per_theme
def _markers(th: Theme) -> dict[str, Marker]:
    """Every mark of the For the Win! board, the one place its styles are defined."""
    return {
        "last": Marker(
            "last",
            Swatch(
                "square",
                stroke=th.last_move,
                fill=th.last_move_fill,
                width=th.px(2.5),
                dash=(th.px(5), th.px(3)),
            ),
            "last move: the cells it touched",
        ),
        "path": Marker(
            "path",
            Swatch("arrow", stroke=th.last_move, width=th.px(3.5)),
            "last move: where the tile went",
        ),
        "possible": Marker(
            "possible",
            Swatch("square", stroke=th.highlight, fill=th.highlight_fill, width=th.px(3)),
            "possible next click",
        ),
        "selected": Marker(
            "selected",
            Swatch("square", stroke=th.selected, width=th.px(4)),
            "selected: clicked so far in this action",
        ),
        "flagged": Marker(
            "flagged",
            Swatch(
                "square",
                stroke=th.flag,
                fill=th.flag_fill,
                width=th.px(3),
                dash=(th.px(6), th.px(3)),
            ),
            "cut off from the Grid: the turn cannot end until it is rejoined (FW1-FW3)",
        ),
        "to_play": Marker(
            "to_play",
            Swatch("card", stroke=th.highlight, fill=th.panel, width=th.px(2.5)),
            "framed panel: the player to play",
        ),
        "first": Marker(
            "first",
            Swatch("circle", stroke=th.ink, fill=th.gold, width=th.px(1), size=0.7),
            "gold 1: holds the first-player marker",
        ),
    }


_BANNER_LINE = 16.0
"""Height of one banner line, in theme units."""


def _flags(state: ForTheWinState) -> tuple[list[Note], str | None]:
    """What the engine flags now: its notes, and why it refuses ending the turn (or ``None``).

    Both are the engine's answers (``state.notes()``, ``state.explain(EndTurn())``).
    """
    refusal = None
    if state.to_play is not None and state.turn_actions:
        refusal = state.explain(EndTurn())
    return state.notes(), refusal


def _banner_lines(
    notes: list[Note], refusal: str | None, width: float, th: Theme
) -> tuple[str, ...]:
    """The flagged words, wrapped to the banner's width (a note says why the turn cannot end)."""
    texts = [str(note.text) for note in notes]
    if refusal is not None and not texts:
        texts = [f"Ending the turn is not allowed: {refusal}."]
    lines: list[str] = []
    for text in texts:
        line = ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if line and text_width(trial, th.px(12)) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        if line:
            lines.append(line)
    return tuple(lines)


def _draw_banner(pen: Pen, th: Theme, layout: Layout[ForTheWinFrame]) -> None:
    """The flagged words in a tinted box under the status line."""
    lines: tuple[str, ...] = layout.frame.banner
    if not lines:
        return
    flag = _markers(th)["flagged"].swatch
    line_h = th.px(_BANNER_LINE)
    box = (th.px(12), th.px(34), layout.width - th.px(24), len(lines) * line_h + th.px(6))
    pen.rect(box, fill=flag.fill, stroke=flag.stroke, width=th.px(1))
    for k, text in enumerate(lines):
        y = th.px(37) + line_h * (k + 0.5)
        pen.text(text, th.px(18), y, size=12, colour=th.ink, align="left")


def _axis_labels(pen: Pen, th: Theme, layout: Layout[ForTheWinFrame]) -> None:
    """Light coordinate labels: ``x`` above each column, ``y`` left of each row.

    Move notation and messages name cells ``(x,y)``; the labels let a reader find them.
    """
    gx, gy, _, grid_h = layout.frame.grid
    size: float = layout.frame.size
    col_at, row_at = layout.frame.axes
    for x, ox in col_at:
        width = size * _BREAK if x is None else size
        cx = gx + ox + width / 2
        pen.text("…" if x is None else str(x), cx, gy - th.px(9), size=11, colour=th.muted)
    for y, oy in row_at:
        height = size * _BREAK if y is None else size
        cy = gy + oy + height / 2
        label = "⋮" if y is None else str(y)
        pen.text(label, gx - th.px(8), cy, size=11, colour=th.muted, align="right")
    pen.text("x →", gx - th.px(8), gy - th.px(9), size=10, colour=th.muted, align="right")
    bottom = gy + grid_h
    pen.text("y ↓", gx - th.px(8), bottom + th.px(8), size=10, colour=th.muted, align="right")


def _colours(th: Theme, player: int, names: tuple[str, ...]) -> tuple[str, str, str, str]:
    """``(face, edge, ink, face-down)`` of a player's tiles, by colour name (White, Black, Red…).

    Unknown names fall back to White for player 0, Black for 1, else a seat colour.
    """
    name = names[player].lower() if player < len(names) else ""
    coloured = (key for key, _, _ in th.tile_colours)
    if name == "black" or (name not in ("white", *coloured) and player == 1):
        return th.dark_piece, th.dark_piece_edge, th.dark_piece_ink, th.face_down_dark
    if name == "white" or player == 0:
        return th.light_piece, th.light_piece_edge, th.light_piece_ink, th.face_down_light
    for key, face, down in th.tile_colours:
        if key == name:
            return face, th.light_piece_edge, th.on_kind, down
    return th.seat(player), th.light_piece_edge, th.on_kind, th.face_down_light


def _coloured(face: str, th: Theme) -> bool:
    """Whether tiles of this face colour need a light disc behind their glyph."""
    return face not in (th.light_piece, th.dark_piece)


def _tile(pen: Pen, th: Theme, tile: Tile, box: Box, names: tuple[str, ...]) -> None:
    x, y, w, h = box
    player, kind, up = tile
    face, edge, ink, down = _colours(th, player, names)
    inset = w * 0.07
    body = (x + inset, y + inset, w - 2 * inset, h - 2 * inset)
    if up:
        pen.polygon(rounded_rect(body, w * 0.12), fill=face, stroke=edge, width=th.px(2))
        hole = face
        if _coloured(face, th):
            # A pirate glyph on a red tile would vanish: coloured tiles get a light disc.
            hole = th.light_piece
            pen.circle(x + w / 2, y + h * 0.42, w * 0.34, fill=hole)
        draw_glyph(
            pen,
            kind,
            x + w / 2,
            y + h * 0.42,
            w * 0.27,
            fill=th.kind(kind),
            edge=th.light_piece_ink if _coloured(face, th) else ink,
            hole=hole,
        )
        pen.text(
            kind, x + w / 2, y + h * 0.82, size=max(8.0, w * 0.15 / th.scale), bold=True, colour=ink
        )
        return
    pen.polygon(rounded_rect(body, w * 0.12), fill=down, stroke=edge, width=th.px(2))
    bx, by, bw, bh = body
    # One zigzag polyline hatches the back (a single draw command instead of a line per stripe).
    zigzag: list[tuple[float, float]] = []
    for k in range(9):
        t = k / 8
        zigzag.append((bx + bw * t, by + th.px(3) if k % 2 == 0 else by + bh - th.px(3)))
    pen.lines(zigzag, face, th.px(1.5))
    draw_glyph(pen, kind, x + w / 2, y + h * 0.42, w * 0.17, fill=th.muted, edge=ink, hole=down)
    label = max(8.0, w * 0.14 / th.scale)
    pill = (x + w * 0.14, y + h * 0.78 - th.px(label * 0.75), w * 0.72, th.px(label * 1.5))
    pen.polygon(rounded_rect(pill, th.px(label * 0.7)), fill=down, stroke=ink, width=th.px(0.8))
    pen.text(kind, x + w / 2, y + h * 0.78, size=label, colour=ink)


def _mini_tile(
    pen: Pen, th: Theme, player: int, kind: str, box: Box, names: tuple[str, ...], count: int
) -> None:
    x, y, w, h = box
    face, edge, ink, _ = _colours(th, player, names)
    pen.alpha(1.0 if count else 0.35)
    # Plain rectangles here: polygons cost more per redraw and the supply is small print.
    pen.rect(box, fill=face, stroke=edge, width=th.px(1.2))
    hole = face
    if _coloured(face, th):
        hole, ink = th.light_piece, th.light_piece_ink
        pen.circle(x + w / 2, y + h / 2, w * 0.45, fill=hole)
    draw_glyph(pen, kind, x + w / 2, y + h / 2, w * 0.36, fill=th.kind(kind), edge=ink, hole=hole)
    pen.alpha(1.0)
    pen.text(
        f"×{count}",
        x + w / 2,
        y + h + th.px(9),
        size=11,
        bold=True,
        colour=th.ink if count else th.muted,
    )


_BREAK = 0.4
"""Width of a break (a long empty stretch left out), in cells."""


def _offsets(axis: list[int | None], size: float) -> list[tuple[int | None, float]]:
    """Each row or column of a compressed axis with its offset from the grid's edge."""
    out: list[tuple[int | None, float]] = []
    at = 0.0
    for value in axis:
        out.append((value, at))
        at += size * _BREAK if value is None else size
    return out


def _centre(box: Box) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2


def _around(cells: Iterable[Cell]) -> list[Cell]:
    """The cells and every cell within one step of them (the empty ring around the grid)."""
    out: list[Cell] = []
    for x, y in cells:
        out += [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return out


def _target_cells(state: ForTheWinState) -> list[Cell]:
    """Every cell some legal move of ``state`` clicks (so the picture always shows them)."""
    return [t for m in state.legal_moves() for t in m.targets]


RENDERER = ForTheWinRenderer()
"""The For the Win! renderer named by the game's registration (``GAME.renderer``)."""
