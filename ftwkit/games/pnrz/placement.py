"""Placement on the quadrant lattice (RULINGS PN1, PN7).

A tile anchored at ``(x, y)`` covers the quadrant cells ``(x, y)`` NW, ``(x+1, y)`` NE,
``(x+1, y+1)`` SE and ``(x, y+1)`` SW. A new tile must cover no occupied cell and share a full
edge with a placed tile, i.e. a placed anchor at ``(x±2, y)`` or ``(x, y±2)``. Candidate anchors
are therefore the full-edge neighbours of placed anchors that overlap nothing; their codes are kept
up to date incrementally as tiles are added (:func:`extend_codes`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Collection, Container, Iterable, Sequence

from ftwkit.geometry.graph import component_labels
from ftwkit.geometry.grid import Cell
from ftwkit.tables import SelfFillingTable

__all__ = [
    "FULL_EDGE",
    "OVERLAP_CODES",
    "QUAD_OFFSETS",
    "anchor_code",
    "anchor_codes",
    "candidate_anchors",
    "code_anchor",
    "extend_codes",
    "footprint",
    "full_edge_components",
    "full_edge_connected",
    "has_code",
    "placement_problem",
    "shared_code",
]

QUAD_OFFSETS: tuple[Cell, ...] = ((0, 0), (1, 0), (1, 1), (0, 1))
"""Offsets of the NW, NE, SE and SW quadrants from a tile's anchor (the data order)."""
FULL_EDGE: tuple[Cell, ...] = ((0, -2), (2, 0), (0, 2), (-2, 0))
"""Anchor offsets of the four tiles that would share a full edge (N, E, S, W)."""
_OVERLAPPING: tuple[Cell, ...] = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
"""Anchor offsets of the nine tiles that would overlap a tile (its own spot included)."""


_CODE_SPAN = (1 << 23) + 0x4F1BB
"""Column stride of anchor codes: wider than any row a position may reach (loaded anchors lie
within twice ``COORD_LIMIT``, 2,000,000, of the origin, play adds a few hundred), and odd with
irregular low bits. A dictionary places an int key by its low bits (the int is its own hash):
with a stride of exactly ``1 << 23`` those are the row's alone, so every anchor of a row
competed for the same slots, and a look-up in the move rows or the table's anchor codes probed
about 4 slots on average; with the column mixed into them, about 1.2 to 1.8."""
_CODE_HALF = _CODE_SPAN >> 1

OVERLAP_CODES: tuple[int, ...] = tuple(
    dx * _CODE_SPAN + dy for dx, dy in sorted(_OVERLAPPING, key=lambda d: d != (0, 0))
)
""":data:`_OVERLAPPING` as anchor-code offsets, the spot's own first (the likeliest to be
taken): a spot is free when none of these, added to its code, is a tile's anchor code."""
_EDGE_CODES: tuple[int, ...] = tuple(dx * _CODE_SPAN + dy for dx, dy in FULL_EDGE)
"""The 4 full-edge neighbours of an anchor as anchor-code offsets (N, E, S, W)."""


def anchor_code(anchor: Cell) -> int:
    """An anchor as one int, ordered as the anchors are (by x, then y).

    Move lists are built from the sorted candidate anchors many times a second; ints hash,
    compare and sort several times faster than ``(x, y)`` tuples, and near the origin (|x| < 120)
    they are the small ints Python compares fastest.
    """
    return anchor[0] * _CODE_SPAN + anchor[1]


def _same(code: int) -> int:
    """``code`` itself: the first of equal codes looked up is the one kept."""
    return code


_SHARED_CODES: SelfFillingTable[int, int] = SelfFillingTable(_same, 1 << 16)
"""One int object per anchor code, for the codes that are kept (:func:`shared_code`): the first
equal code looked up is kept and handed out. Bounded: loaded anchors may be anywhere."""


def shared_code(code: int) -> int:
    """The one int object kept for ``code`` (equal to it).

    A dictionary look-up that finds its key by identity is done; an equal int that is another
    object costs a comparison call more. The candidates' codes are the keys the move rows are
    looked up with every turn, each by the code it was made with, so the engine keeps one
    object per code: a candidate's code is made once (here), and the rows are filled with
    these very objects.
    """
    return _SHARED_CODES[code]


def anchor_codes(anchors: Iterable[Cell]) -> list[int]:
    """The :func:`anchor_code` of each anchor, sorted (the anchors' order), each the
    :func:`shared_code` object."""
    span = _CODE_SPAN
    shared = _SHARED_CODES
    return sorted([shared[x * span + y] for x, y in anchors])


def code_anchor(code: int) -> Cell:
    """The anchor of an :func:`anchor_code`."""
    x = (code + _CODE_HALF) // _CODE_SPAN
    return (x, code - x * _CODE_SPAN)


def footprint(anchor: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four quadrant cells of a tile at ``anchor`` (NW, NE, SE, SW)."""
    x, y = anchor
    return ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))


def _free(anchor: Cell, occupied: Collection[Cell]) -> bool:
    x, y = anchor
    return (
        (x, y) not in occupied
        and (x + 1, y) not in occupied
        and (x + 1, y + 1) not in occupied
        and (x, y + 1) not in occupied
    )


def _aligned_ok(anchor: Cell, aligned: bool) -> bool:
    return not aligned or (anchor[0] % 2 == 0 and anchor[1] % 2 == 0)


def candidate_anchors(
    anchors: Iterable[Cell], occupied: Collection[Cell], aligned: bool
) -> frozenset[Cell]:
    """Every anchor where a tile could go: full-edge neighbours of placed tiles, overlapping none.

    An empty table has the single candidate ``(0, 0)``: the first tile may go anywhere, and the
    position is translation-invariant, so the engine puts it at the origin.
    """
    anchors = list(anchors)
    if not anchors:
        return frozenset({(0, 0)})
    out = set()
    for x, y in anchors:
        for dx, dy in FULL_EDGE:
            cand = (x + dx, y + dy)
            if _aligned_ok(cand, aligned) and _free(cand, occupied):
                out.add(cand)
    return frozenset(out)


def extend_codes(
    codes: Sequence[int], new_anchor: Cell, anchors: Container[int], aligned: bool
) -> tuple[int, ...]:
    """The candidates' sorted anchor codes after a tile was added at ``new_anchor``, from the
    sorted ``codes`` before it; ``anchors``: the anchor code of every tile on the table, the new
    one included.

    Only the new tile changes them: the anchors that would overlap it go (three runs of
    consecutive codes, one per column, cut out by bisection instead of sorting again), and its
    full-edge neighbours that overlap no tile come in where they belong. A spot overlaps a tile
    exactly when a tile's anchor is within one step of its own (:data:`OVERLAP_CODES`), so the
    test looks up ints in the table's anchor codes: no quadrant cells are needed, and a move
    need not build them.
    """
    nx, ny = new_anchor
    out = list(codes)
    for dx in (-1, 0, 1):
        mid = (nx + dx) * _CODE_SPAN + ny
        i = bisect_left(out, mid - 1)
        j = bisect_right(out, mid + 1, i)
        if i < j:
            del out[i:j]
    if aligned and (nx % 2 or ny % 2):
        return tuple(out)  # (its full-edge neighbours are off the aligned grid as it is)
    new = nx * _CODE_SPAN + ny
    for edge in _EDGE_CODES:
        code = new + edge
        for offset in OVERLAP_CODES:
            if code + offset in anchors:
                break
        else:
            i = bisect_left(out, code)
            if i == len(out) or out[i] != code:
                out.insert(i, shared_code(code))
    return tuple(out)


def has_code(codes: Sequence[int], code: int) -> bool:
    """Whether the sorted ``codes`` hold ``code`` (by bisection: no set to build)."""
    i = bisect_left(codes, code)
    return i < len(codes) and codes[i] == code


def placement_problem(
    anchor: Cell, anchors: Collection[Cell], occupied: Collection[Cell], aligned: bool
) -> str | None:
    """Why a tile may not go at ``anchor`` (``None`` if it may), in designer's words."""
    x, y = anchor
    where = f"{x},{y}"
    if not _aligned_ok(anchor, aligned):
        return (
            f"the aligned grid (grid = aligned) has anchors on even coordinates only, not {where}"
        )
    if not anchors:
        if anchor != (0, 0):
            return f"the first tile goes at 0,0 (the table is translation-invariant), not {where}"
        return None
    if not _free(anchor, occupied):
        return f"a tile at {where} would overlap a tile already on the table"
    if any((x + dx, y + dy) in anchors for dx, dy in FULL_EDGE):
        return None
    touching = any((x + dx, y + dy) in occupied for dx in range(-1, 3) for dy in range(-1, 3))
    if touching:
        return (
            f"a tile at {where} touches the table only by a half edge or a corner; "
            "a tile must share at least one full edge with a placed tile"
        )
    return (
        f"a tile at {where} would not touch the table; "
        "a tile must share at least one full edge with a placed tile"
    )


def full_edge_connected(anchors: Collection[Cell]) -> bool:
    """Whether all tiles form one group linked by full edges (PN7 after moving a base)."""
    if not anchors:
        return True
    todo = set(anchors)
    start = todo.pop()
    stack = [start]
    while stack:
        x, y = stack.pop()
        for dx, dy in FULL_EDGE:
            nb = (x + dx, y + dy)
            if nb in todo:
                todo.discard(nb)
                stack.append(nb)
    return not todo


def full_edge_components(anchors: Collection[Cell]) -> dict[Cell, int]:
    """A group number for each tile: tiles joined by full edges share a number."""
    return component_labels(anchors, FULL_EDGE)
