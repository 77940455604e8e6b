"""Pirates, Ninjas, Robots & Zombies picture: the table of quadrant tiles, tallies and hands.

The table is cropped to the tiles plus two quadrants around them (and every candidate anchor of
the state). Each quadrant shows its content: a character (its colour and initial), a bonus item
(a gold star and the item's name), an arch-enemy (a dark quadrant with a burst in its victim's
colour) or a base (a house); action icons sit in a badge at the tile's centre. Each character's
best section is outlined in the character's colour, and the panel lists the tallies. An empty
table shows a dashed outline at the first anchor, captioned "the first tile goes here".

Targets: ``(x, y)`` anchors on the table — a placed tile's anchor anywhere on the tile, else the
quadrant cell under the pointer (a candidate anchor) — and tile ids (``str``) for tiles in hand.
During the set-up picks (``"phase": "choose"``, PN15) the panel lists the characters as chips:
a free character's chip is the target ``"pirate"`` etc. (the ``choose`` move's target), a
chosen one shows its player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ftwkit.errors import FtwError
from ftwkit.games.pnrz.notation import Choose
from ftwkit.games.pnrz.state import PnrzState
from ftwkit.games.pnrz.tiles import BONUS, CHARACTERS, ENEMY, Tile, rotated, territory_of
from ftwkit.render.base import BaseRenderer, Box, Context, Hit, Layout, Pen, rounded_rect, star
from ftwkit.render.legend import Marker, Swatch, per_theme
from ftwkit.render.theme import Theme

__all__ = ["RENDERER", "PnrzFrame", "PnrzRenderer"]

Cell = tuple[int, int]
Shown = tuple[Cell, Tile, int]
"""A tile on the table as drawn: its anchor, the tile and its rotation."""

MIN_SPAN = 8
"""The table shows at least this many quadrants across and down."""
MAX_HAND = 64
"""At most this many tiles of a hand are drawn (the shipped set has 58 tiles in all; a tile set
given as an option may hold more)."""
MAX_SPAN = 240
"""The table shows at most this many quadrants across and down (a table of the shipped 58 tiles
spans at most 4 per tile); tiles beyond that window (a long table of a large tile set given as an
option) are counted, not drawn, so any position draws in bounded time and memory."""
ICON_TEXT = {"rotate": "ROT", "swap": "SWAP", "replace": "REPL"}
"""The label of each centre icon on a badge."""
_VICTIM = {enemy: character for character, enemy in ENEMY.items()}
"""The character each arch-enemy negates (the burst is drawn in its colour)."""
_BONUS_ITEMS = frozenset(BONUS.values())


def _window(placed: list[Shown], candidates: list[Cell]) -> tuple[list[Shown], list[Cell], int]:
    """The tiles and candidates inside a ``MAX_SPAN`` window around the median tile.

    The table is one joined group (the engine refuses tables in pieces), so only a very long one
    loses some, and the count of those is returned.
    """
    if not placed:
        return placed, candidates, 0
    xs = sorted(p[0][0] for p in placed)
    ys = sorted(p[0][1] for p in placed)
    if xs[-1] - xs[0] < MAX_SPAN - 8 and ys[-1] - ys[0] < MAX_SPAN - 8:
        return placed, candidates, 0
    cx, cy = xs[len(xs) // 2], ys[len(ys) // 2]
    half = MAX_SPAN // 2 - 4

    def inside(at: Cell) -> bool:
        return abs(at[0] - cx) <= half and abs(at[1] - cy) <= half

    kept = [p for p in placed if inside(p[0])]
    return kept, [c for c in candidates if inside(c)], len(placed) - len(kept)


@dataclass(frozen=True)
class PnrzFrame:
    """Where a PNRZ picture's parts go: the table's quadrant lattice, the panel, the hands."""

    q: float
    """The side of a quadrant in pixels (a tile is 2 × 2 quadrants)."""
    origin: Cell
    """The quadrant cell at the table area's top left."""
    bounds: tuple[int, int, int, int]
    """The quadrant cells shown: ``(x_lo, y_lo, x_hi, y_hi)``."""
    table: Box
    placed: tuple[Shown, ...]
    """The tiles drawn: ``(anchor, tile, rotation)``."""
    candidates: tuple[Cell, ...]
    """The anchors where a tile may go next, sorted."""
    hand_tiles: tuple[tuple[str | None, Box], ...]
    """Each hand tile drawn (``None``: face down) and its box."""
    outside: int
    """How many tiles lie outside the area drawn."""
    rows: tuple[Box, ...]
    """Each player's hand row."""
    panel: Box
    chips: Mapping[str, Box]
    """Each character's row of the panel (a set-up pick's click target)."""
    sections: Mapping[str, tuple[int, frozenset[Cell]]]
    """Each character's best section (``state.sections()``)."""

    def cell_box(self, cell: Cell) -> Box:
        """The box of one quadrant cell of the table."""
        return _cell_box(self.table, self.origin, self.q, cell)


def _cell_box(table: Box, origin: Cell, q: float, cell: Cell) -> Box:
    """The box of quadrant cell ``cell`` on a table drawn at ``table`` from cell ``origin``."""
    return (table[0] + (cell[0] - origin[0]) * q, table[1] + (cell[1] - origin[1]) * q, q, q)


class PnrzRenderer(BaseRenderer[PnrzState, PnrzFrame]):
    """Draws PNRZ positions; see the module docstring."""

    game = "pnrz"

    def layout(self, state: PnrzState, theme: Theme, view: int | None) -> Layout[PnrzFrame]:
        """Quadrant lattice of the table, the tallies panel and one hand row per player."""
        th = theme
        placed = [((x, y), state.tile(key), rot) for key, x, y, rot in state.table]
        candidates = sorted(state.candidates)
        placed, candidates, outside = _window(placed, candidates)
        anchors = [p[0] for p in placed] + candidates
        cells = {(x + dx, y + dy) for x, y in anchors for dx in (0, 1) for dy in (0, 1)}
        if not cells:
            cells = {(0, 0), (1, 1)}
        # Candidate anchors already reach two quadrants around the tiles; should there be none,
        # leave that much room around the tiles all the same.
        pad = 0 if candidates else 2
        x_lo = min(c[0] for c in cells) - pad
        x_hi = max(c[0] for c in cells) + pad
        y_lo = min(c[1] for c in cells) - pad
        y_hi = max(c[1] for c in cells) + pad
        # A small table (the first turns) still gets a table-sized area, centred on the tiles.
        for _ in range(MIN_SPAN):
            if x_hi - x_lo + 1 < MIN_SPAN:
                x_lo, x_hi = (x_lo - 1, x_hi) if (x_hi - x_lo) % 2 else (x_lo, x_hi + 1)
            if y_hi - y_lo + 1 < MIN_SPAN:
                y_lo, y_hi = (y_lo - 1, y_hi) if (y_hi - y_lo) % 2 else (y_lo, y_hi + 1)
        cols, rows = x_hi - x_lo + 1, y_hi - y_lo + 1
        q = th.px(max(24.0, min(38.0, 620.0 / max(cols, rows))))
        top, left = th.px(40), th.px(16)
        table = (left, top, cols * q, rows * q)
        panel_w = th.px(240)
        hands = [state.hand_seen_by(p, view)[:MAX_HAND] for p in range(state.players)]
        hq = th.px(19)
        hand_step = 2 * hq + th.px(10)
        longest = max([5, *(len(h) for h in hands)])
        row_h = 2 * hq + th.px(42)
        width = int(
            max(
                left + table[2] + th.px(20) + panel_w,
                left + th.px(170) + longest * hand_step + th.px(16),
            )
        )
        rows_y = top + max(table[3], th.px(300)) + th.px(16)
        height = int(rows_y + len(hands) * row_h + th.px(8))
        hits: list[Hit] = []

        def cell_box(cell: Cell) -> Box:
            return _cell_box(table, (x_lo, y_lo), q, cell)

        for at, _, _ in placed:
            x, y, _, _ = cell_box(at)
            hits.append(Hit(at, (x, y, 2 * q, 2 * q)))
        hand_tiles: list[tuple[str | None, Box]] = []
        row_boxes: list[Box] = []
        for p, hand in enumerate(hands):
            ry = rows_y + p * row_h
            row_boxes.append((th.px(8), ry, width - th.px(16), row_h - th.px(8)))
            for i, key in enumerate(hand):
                box = (left + th.px(170) + i * hand_step, ry + th.px(16), 2 * hq, 2 * hq)
                hand_tiles.append((key, box))
                if key is not None:
                    hits.append(Hit(key, box))
        if not placed and candidates:
            # the first tile's target is the whole tile it will cover, not one quadrant
            x, y, _, _ = cell_box(min(candidates))
            hits.append(Hit(min(candidates), (x, y, 2 * q, 2 * q)))
        # the set-up picks (PN15): each character's row of the panel is a chip to click
        panel = (left + table[2] + th.px(20), top, panel_w - th.px(12), th.px(300))
        px, py, pw, _ = panel
        chips = {
            c: (px + th.px(4), py + th.px(46) + i * th.px(40) - th.px(17), pw - th.px(8), th.px(34))
            for i, c in enumerate(CHARACTERS)
        }
        if state.picking:
            hits += [Hit(c, box) for c, box in chips.items() if c not in state.owner]
        frame = PnrzFrame(
            q=q,
            origin=(x_lo, y_lo),
            bounds=(x_lo, y_lo, x_hi, y_hi),
            table=table,
            placed=tuple(placed),
            candidates=tuple(candidates),
            hand_tiles=tuple(hand_tiles),
            outside=outside,
            rows=tuple(row_boxes),
            panel=panel,
            chips=MappingProxyType(chips),
            sections=MappingProxyType(state.sections()),
        )
        return Layout(width, height, frame, hits)

    def fallback_target(self, layout: Layout[PnrzFrame], x: float, y: float) -> Any | None:
        """The quadrant cell under the pointer on an empty part of the table."""
        tx, ty, tw, th_ = layout.frame.table
        if not (tx <= x < tx + tw and ty <= y < ty + th_):
            return None
        q = layout.frame.q
        x_lo, y_lo = layout.frame.origin
        return (x_lo + int((x - tx) // q), y_lo + int((y - ty) // q))

    def fallback_box(self, layout: Layout[PnrzFrame], target: Any) -> Box | None:
        """The quadrant cell of a candidate anchor that is not a placed tile."""
        if not (isinstance(target, tuple) and len(target) == 2):
            return None
        x_lo, y_lo, x_hi, y_hi = layout.frame.bounds
        if x_lo <= target[0] <= x_hi and y_lo <= target[1] <= y_hi:
            box: Box = layout.frame.cell_box(target)
            return box
        return None

    def markers(self, theme: Theme) -> dict[str, Marker]:
        """Last tile, possible and selected places, best sections, the first tile's place."""
        return _markers(theme)

    def paint(self, pen: Pen, state: PnrzState, layout: Layout[PnrzFrame], ctx: Context) -> None:
        """Status, table, sections, highlights, tallies, hands."""
        th = ctx.theme
        mk = _markers(th)
        possible, selected = mk["possible"].swatch, mk["selected"].swatch
        q: float = layout.frame.q
        cell_box = layout.frame.cell_box
        placed = layout.frame.placed
        to_play = state.to_play
        status = ctx.outcome() if to_play is None else f"{ctx.names[to_play]} to play"
        if to_play is not None and state.picking:
            status = f"{ctx.names[to_play]} to choose a character (click one in the panel)"
        if state.pending:
            status += f" — {state.pending[0]} action"
        if state.final_left is not None and to_play is not None:
            status += f" — final turns left: {state.final_left}"
        pen.text(status, th.px(16), th.px(20), size=14, bold=True, align="left")
        pen.rect(layout.frame.table, fill=th.board)
        x_lo, y_lo, x_hi, y_hi = layout.frame.bounds
        for gy in range(y_lo, y_hi + 1):
            for gx in range(x_lo, x_hi + 1):
                if ctx.is_highlighted((gx, gy)) and placed:
                    x, y, w, h = cell_box((gx, gy))
                    pen.rect((x + 1, y + 1, w - 2, h - 2), fill=possible.fill)
                    pen.circle(x + w / 2, y + h / 2, q * 0.16, fill=possible.stroke)

        if not placed:
            _first_tile_hint(pen, th, layout, ctx)
        if layout.frame.outside:
            tx, ty, tw, th_ = layout.frame.table
            pen.text(
                f"{layout.frame.outside} tiles lie far off this part of the table",
                tx + tw / 2,
                ty + th_ - th.px(10),
                size=11,
                colour=th.muted,
            )
        for at, tile, rot in placed:
            x, y, _, _ = cell_box(at)
            _tile(pen, th, (x, y, 2 * q, 2 * q), tile, rot, badge=False)

        sections = layout.frame.sections
        _outline_sections(pen, th, sections, cell_box)
        for at, tile, _ in placed:
            if tile.icon:
                x, y, _, _ = cell_box(at)
                _badge(pen, th, (x, y, 2 * q, 2 * q), tile.icon)

        # the anchors among the last move's targets (the others are tile ids and characters)
        moved = ctx.last_move.targets if ctx.last_move is not None else ()
        last = [t for t in moved if isinstance(t, tuple)]
        anchors = {p[0] for p in placed}
        mark = mk["last"].swatch
        for at in last:
            if at in anchors:
                x, y, _, _ = cell_box(at)
                box = (x + 2, y + 2, 2 * q - 4, 2 * q - 4)
                # a light casing under the dashes: the outline shows on a robot-blue tile too
                pen.rect(box, stroke=mark.casing, width=mark.width * 1.8)
                pen.dash(mark.dash)
                pen.rect(box, stroke=mark.stroke, width=mark.width)
                pen.dash(())
        for at in anchors:
            x, y, _, _ = cell_box(at)
            if ctx.is_highlighted(at):
                box = (x + 3, y + 3, 2 * q - 6, 2 * q - 6)
                pen.rect(box, stroke=possible.stroke, width=th.px(4))
            if ctx.is_selected(at):
                box = (x + 2, y + 2, 2 * q - 4, 2 * q - 4)
                pen.rect(box, stroke=selected.stroke, width=th.px(5))
        for target in ctx.selected:
            if isinstance(target, tuple) and target not in anchors:
                x, y, w, h = cell_box(target)
                pen.rect((x + 2, y + 2, w - 4, h - 4), stroke=selected.stroke, width=selected.width)
        if ctx.ghost is not None:
            _ghost(pen, th, state, layout, ctx.ghost)

        self._panel(pen, state, layout, ctx, sections)
        self._hands(pen, state, layout, ctx)

    def _panel(
        self,
        pen: Pen,
        state: PnrzState,
        layout: Layout[PnrzFrame],
        ctx: Context,
        sections: Mapping[str, tuple[int, frozenset[Cell]]],
    ) -> None:
        th = ctx.theme
        px, py, pw, ph = layout.frame.panel
        pen.polygon(rounded_rect((px, py, pw, ph), th.px(8)), fill=th.panel)
        x, y = px + th.px(12), py + th.px(20)
        picking = state.picking
        title = "choose a character (public picks)" if picking else "best sections"
        pen.text(title, x, y, size=12, colour=th.muted, align="left")
        y += th.px(26)
        owner = state.owner
        move = ctx.last_move
        chosen = move.character if isinstance(move, Choose) else None
        mark = _markers(th)["last"].swatch
        for character in CHARACTERS:
            if character == chosen and character in owner:
                # the last move was this pick (PN15): marked as every game marks its last move
                pen.dash(mark.dash)
                box = layout.frame.chips[character]
                pen.polygon(rounded_rect(box, th.px(6)), stroke=mark.stroke, width=mark.width)
                pen.dash(())
            if picking and character not in owner:
                box = layout.frame.chips[character]
                lit = ctx.is_highlighted(character) or ctx.is_selected(character)
                pen.polygon(
                    rounded_rect(box, th.px(6)),
                    fill=th.highlight_fill if lit else th.cell,
                    stroke=th.highlight if lit else th.line,
                    width=th.px(2),
                )
            pen.rect(
                (x, y - th.px(9), th.px(18), th.px(18)),
                fill=th.kind(character),
                stroke=th.ink,
                width=th.px(1),
            )
            pen.text(
                character[0].upper(),
                x + th.px(9),
                y + th.px(1),
                size=11,
                bold=True,
                colour=th.on_kind,
            )
            if character in owner:
                who = ctx.names[owner[character]]
            else:
                who = "free: click to choose" if picking else "unowned"
            pen.text(character, x + th.px(26), y - th.px(6), size=13, bold=True, align="left")
            pen.text(who, x + th.px(26), y + th.px(9), size=10, colour=th.muted, align="left")
            value = sections[character][0] if character in sections else None
            text = "–" if value is None else str(value)
            pen.text(text, px + pw - th.px(14), y, size=18, bold=True, align="right")
            y += th.px(40)
        y += th.px(4)
        pen.line(x, y - th.px(12), px + pw - th.px(12), y - th.px(12), th.line, th.px(1))
        pen.text(f"draw stack: {len(state.draw)} tiles", x, y, size=12, align="left")
        y += th.px(20)
        if state.aside:
            pen.text(f"set aside: {len(state.aside)}", x, y, size=12, colour=th.muted, align="left")

    def _hands(self, pen: Pen, state: PnrzState, layout: Layout[PnrzFrame], ctx: Context) -> None:
        th = ctx.theme
        rows = layout.frame.rows
        to_play = state.to_play
        scores = state.scores
        for p, (x, y, w, h) in enumerate(rows):
            pen.polygon(
                rounded_rect((x, y, w, h), th.px(8)),
                fill=th.panel,
                stroke=th.highlight if to_play == p else None,
                width=th.px(2.5),
            )
            pen.text(ctx.names[p], x + th.px(12), y + th.px(18), size=14, bold=True, align="left")
            for k, character in enumerate(state.characters[p]):
                cx = x + th.px(12) + k * th.px(70)
                pen.rect((cx, y + th.px(32), th.px(12), th.px(12)), fill=th.kind(character))
                pen.text(character, cx + th.px(16), y + th.px(38), size=11, align="left")
            if p < len(scores):
                pen.text(
                    f"score {scores[p]}",
                    x + th.px(12),
                    y + th.px(58),
                    size=12,
                    bold=True,
                    align="left",
                )
        for key, box in layout.frame.hand_tiles:
            if key is None:
                pen.polygon(
                    rounded_rect(box, th.px(4)),
                    fill=th.card_back,
                    stroke=th.card_edge,
                    width=th.px(1.2),
                )
                pen.text(
                    "?",
                    box[0] + box[2] / 2,
                    box[1] + box[3] / 2,
                    size=16,
                    bold=True,
                    colour=th.card_back_mark,
                )
                continue
            tile = state.tile(key)
            _tile(pen, th, box, tile, 0)
            if ctx.is_highlighted(key):
                pen.rect(
                    (box[0] - 3, box[1] - 3, box[2] + 6, box[3] + 6),
                    stroke=th.highlight,
                    width=th.px(3),
                )
            if ctx.is_selected(key):
                pen.rect(
                    (box[0] - 3, box[1] - 3, box[2] + 6, box[3] + 6),
                    stroke=th.selected,
                    width=th.px(4),
                )
            label = "" if tile.is_inline or tile.base_of else key
            pen.text(
                label, box[0] + box[2] / 2, box[1] + box[3] + th.px(9), size=9, colour=th.muted
            )


@per_theme
def _markers(th: Theme) -> dict[str, Marker]:
    """Every mark of the PNRZ table, the one place its styles are defined."""
    return {
        "last": Marker(
            "last",
            Swatch(
                "square",
                stroke=th.last_move,
                width=th.px(3),
                dash=(th.px(6), th.px(4)),
                casing=th.card,
            ),
            "tile of the last move (or the character just chosen)",
        ),
        "possible": Marker(
            "possible",
            Swatch("square", stroke=th.highlight, fill=th.highlight_fill, width=th.px(4)),
            "possible next click (a green dot: a place for the tile's corner)",
        ),
        "selected": Marker(
            "selected",
            Swatch("square", stroke=th.selected, width=th.px(4)),
            "selected: clicked so far in this move",
        ),
        "section": Marker(
            "section",
            Swatch("line", stroke=th.gold, casing=th.enemy, width=th.px(3.5)),
            "edge of a character's best section",
        ),
        "first": Marker(
            "first",
            Swatch("square", stroke=th.ink, width=th.px(2), dash=(th.px(6), th.px(4))),
            "where the first tile goes",
        ),
        "ghost": Marker(
            "ghost",
            Swatch("square", stroke=th.selected, width=th.px(2.5), dash=(th.px(3), th.px(3))),
            "see-through tile: the tile in hand, turned as it will be placed",
        ),
    }


def _outline_sections(
    pen: Pen,
    th: Theme,
    sections: Mapping[str, tuple[int, frozenset[Cell]]],
    cell_box: Callable[[Cell], Box],
) -> None:
    """Outline each character's best section along its boundary edges (dark casing, gold line).

    One colour for every section: a line in the character's own colour would vanish against the
    section's own quadrants.
    """
    edges: list[tuple[str, tuple[float, float, float, float]]] = []
    for character, (_, cells) in sections.items():
        for cell in cells:
            x, y, w, h = cell_box(cell)
            cx, cy = cell
            if (cx, cy - 1) not in cells:
                edges.append((character, (x, y, x + w, y)))
            if (cx, cy + 1) not in cells:
                edges.append((character, (x, y + h, x + w, y + h)))
            if (cx - 1, cy) not in cells:
                edges.append((character, (x, y, x, y + h)))
            if (cx + 1, cy) not in cells:
                edges.append((character, (x + w, y, x + w, y + h)))
    line = _markers(th)["section"].swatch
    if line.casing is not None:
        for _, (x1, y1, x2, y2) in edges:
            pen.line(x1, y1, x2, y2, line.casing, line.width * 2)
    if line.stroke is not None:
        for _, (x1, y1, x2, y2) in edges:
            pen.line(x1, y1, x2, y2, line.stroke, line.width)


def _first_tile_hint(pen: Pen, th: Theme, layout: Layout[PnrzFrame], ctx: Context) -> None:
    """On an empty table, a dashed tile outline at the first anchor and a caption under it.

    The anchor is the engine's only candidate on an empty table. When it is a possible click, the
    whole tile is lit.
    """
    q: float = layout.frame.q
    anchor = min(layout.frame.candidates)
    x, y, _, _ = layout.frame.cell_box(anchor)
    marks = _markers(th)
    if ctx.is_highlighted(anchor):
        possible = marks["possible"].swatch
        pen.rect((x + 1, y + 1, 2 * q - 2, 2 * q - 2), fill=possible.fill)
        pen.circle(x + q, y + q, q * 0.16, fill=possible.stroke)
    first = marks["first"].swatch
    pen.dash(first.dash)
    pen.rect((x + 2, y + 2, 2 * q - 4, 2 * q - 4), stroke=first.stroke, width=first.width)
    pen.dash(())
    pen.text("the first tile goes here", x + q, y + 2 * q + th.px(14), size=12, colour=th.ink)


def _ghost(pen: Pen, th: Theme, state: PnrzState, layout: Layout[PnrzFrame], ghost: Any) -> None:
    """The tile about to be placed, see-through, in its rotation at its anchor, outlined.

    ``ghost`` is ``(tile, anchor, rotation)`` (``State.ghost``); an anchor off the drawn table
    or a tile the set does not know draws nothing.
    """
    try:
        key, (x_at, y_at), rot = ghost
        tile = state.tile(key)
    except (TypeError, ValueError, KeyError, FtwError):
        return
    x_lo, y_lo, x_hi, y_hi = layout.frame.bounds
    if not (x_lo <= x_at <= x_hi and y_lo <= y_at <= y_hi):
        return
    q: float = layout.frame.q
    x, y, _, _ = layout.frame.cell_box((x_at, y_at))
    box = (x, y, 2 * q, 2 * q)
    pen.alpha(0.55)
    _tile(pen, th, box, tile, int(rot) % 4)
    pen.alpha(1.0)
    mark = _markers(th)["ghost"].swatch
    pen.dash(mark.dash)
    pen.rect((x + 1, y + 1, 2 * q - 2, 2 * q - 2), stroke=mark.stroke, width=mark.width)
    pen.dash(())


def _tile(pen: Pen, th: Theme, box: Box, tile: Tile, rot: int, *, badge: bool = True) -> None:
    """One tile: four quadrants NW, NE, SE, SW after rotation, its outline and its icon."""
    x, y, w, h = box
    q = w / 2
    spots = ((x, y), (x + q, y), (x + q, y + q), (x, y + q))
    for (qx, qy), code in zip(spots, rotated(tile.quads, rot), strict=True):
        _quadrant(pen, th, code, (qx, qy, q, q))
    pen.line(x + q, y, x + q, y + h, th.board_line, th.px(0.8))
    pen.line(x, y + q, x + w, y + q, th.board_line, th.px(0.8))
    base = tile.base_of
    if base is not None:
        cx, cy, r = x + w / 2, y + h / 2, q * 0.7
        house = [
            (cx, cy - r),
            (cx + r, cy - r * 0.1),
            (cx + r * 0.75, cy - r * 0.1),
            (cx + r * 0.75, cy + r * 0.8),
            (cx - r * 0.75, cy + r * 0.8),
            (cx - r * 0.75, cy - r * 0.1),
            (cx - r, cy - r * 0.1),
        ]
        pen.polygon(house, fill=th.card, stroke=th.card_edge, width=th.px(1.5))
        pen.text(
            "BASE",
            cx,
            cy + r * 0.4,
            size=max(6.0, q * 0.22 / th.scale),
            bold=True,
            colour=th.kind(base),
        )
        pen.text(
            base[0].upper(),
            cx,
            cy + r * 0.02,
            size=max(7.0, q * 0.3 / th.scale),
            bold=True,
            colour=th.kind(base),
        )
    pen.rect(box, stroke=th.board_line, width=th.px(2))
    if tile.icon and badge:
        _badge(pen, th, box, tile.icon)


def _badge(pen: Pen, th: Theme, box: Box, icon: str) -> None:
    """The action icon in a round badge at the tile's centre (an initial on small tiles)."""
    x, y, w, h = box
    q = w / 2
    cx, cy = x + w / 2, y + h / 2
    pen.circle(cx, cy, q * 0.42, fill=th.card, stroke=th.card_edge, width=th.px(1.5))
    text = ICON_TEXT.get(icon, icon[:4].upper()) if q >= th.px(26) else icon[:1].upper()
    pen.text(
        text, cx, cy + th.px(0.5), size=max(7.0, q * 0.2 / th.scale), bold=True, colour=th.card_edge
    )


def _quadrant(pen: Pen, th: Theme, code: str, box: Box) -> None:
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    small = max(6.0, w * 0.2 / th.scale)
    labels = w >= th.px(26)
    victim = _VICTIM.get(code)
    if victim is not None:
        pen.rect(box, fill=th.enemy)
        pen.polygon(
            star(cx, cy - h * 0.08, w * 0.33, w * 0.14, 7),
            fill=th.kind(victim),
            stroke=th.on_kind,
            width=th.px(0.8),
        )
        if labels:
            pen.text(code, cx, y + h * 0.84, size=small, bold=True, colour=th.on_kind)
        return
    owner = territory_of(code)
    if owner is None:
        pen.rect(box, fill=th.cell)
        return
    pen.rect(box, fill=th.kind(owner))
    if code in _BONUS_ITEMS:
        pen.polygon(
            star(cx, cy - h * 0.08, w * 0.3, w * 0.13, 5),
            fill=th.gold,
            stroke=th.enemy,
            width=th.px(0.8),
        )
        if labels:
            pen.text(code, cx, y + h * 0.84, size=small, bold=True, colour=th.on_kind)
    elif code in CHARACTERS:
        pen.text(
            code[0].upper(),
            cx,
            cy + th.px(1),
            size=max(8.0, w * 0.42 / th.scale),
            bold=True,
            colour=th.on_kind,
        )


RENDERER = PnrzRenderer()
"""The PNRZ renderer named by the game's registration (``GAME.renderer``)."""
