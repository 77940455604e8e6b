"""Play Win (Élanor Grace Rodeffer, v0.4, 2012): a predatory game of bent leaps on a hex board.

The engine implements the canonical reading of RULINGS.md §2 (the seed's diagrams are lost; no
public source adds anything, so every reading below comes from the seed plus reasoning).

Rules in brief
--------------
* Board: the 61-cell hex-hex board of side 5. South (player 0) starts on rows ``A`` and ``B``
  (5 + 6 = 11 pieces), North (player 1) on rows ``H`` and ``I``. South moves first by default.
* **Capture** (compulsory): a *short bent leap* jumps an adjacent opposing piece and lands on the
  empty cell beyond it turned 60° left or right; the jumped piece is removed at once and the
  leaper may go on leaping. Cells emptied earlier in the series (the start cell included) may be
  landed on again. Each landing cell can be reached by jumping either of the two cells between,
  so a move is a list of (jumped cell, landing cell) pairs. The mover must choose a series that
  captures the **most** pieces possible this turn, over all pieces and all series.
* **Approach** (only when no capture exists): move one piece 1 … n−1 cells along an empty
  straight line, where n is the number of the mover's pieces on the board, so that it ends
  strictly closer (hex steps) to the nearest opposing piece than it started. A lone piece
  therefore cannot move without capturing.
* **End**: a player to move with no legal move loses (immobilisation); capturing the last
  opposing piece wins.

Cell names (Abalone convention, rows from South's edge)::

              North
            I5 I6 I7 I8 I9
          H4 H5 H6 H7 H8 H9
        G3 G4 G5 G6 G7 G8 G9
      F2 F3 F4 F5 F6 F7 F8 F9
    E1 E2 E3 E4 E5 E6 E7 E8 E9
      D1 D2 D3 D4 D5 D6 D7 D8
        C1 C2 C3 C4 C5 C6 C7
          B1 B2 B3 B4 B5 B6
            A1 A2 A3 A4 A5
              South

Neighbours of ``C3`` are ``C4`` (E), ``D4`` (NE), ``D3`` (NW), ``C2`` (W), ``B2`` (SW), ``B3`` (SE).

Notation
--------
* Approach: ``from-to``, e.g. ``C3-E3``.
* Capture: the start cell, then for every leap ``x`` + the jumped cell + ``-`` + the landing
  cell: ``C3xD4-E4`` (from C3 jump D4, land on E4), ``C3xD4-E4xE5-F6`` (then jump E5, land F6).
  Input is case-insensitive.

Moves are :class:`Approach` ``(src, dst)`` and :class:`Capture` ``(src, leaps)``; a capture's
``targets`` are its start and landing cells, ``captured`` the jumped cells, ``path`` start +
landings.

JSON position (API.md): ``{"game": "playwin", "to_play": 0, "pieces": [[South cells], [North
cells]]}``, plus two keys with defaults for the engine-only draw safeguards: ``quiet_plies``
(plies since the last capture, default 0; at most ``max_plies_without_capture`` when that is on)
and ``earlier`` (the positions since the last capture as ``{"to_play", "pieces"}`` objects,
written only while ``repetition_draw`` and ``max_plies_without_capture`` are both on, default
``[]``; never more of them than ``quiet_plies``). Once the game is over ``to_play`` is ``null``
(API.md) and the key ``mover`` says whose turn it would be — the player who could not move, or
whose last piece was taken; on loading, ``mover`` may be left out when the position shows it (one
side without pieces, or exactly one side without a move).

Options (defaults are the RECOMMENDED rulings)
----------------------------------------------
=============================  ================================================================
``lines`` 6 | 12               PW1: straight lines along the 6 edge directions; 12 adds the 6
                               vertex directions (every second cell, not recommended).
``distance`` hex | euclid      PW2: "closer" in hex steps, or by distance between cell centres.
``approach``                   PW3: ``strict`` (min distance falls), ``no_farther`` (the seed's
                               variant: it may stay equal), ``any_piece_closer`` (closer to some
                               opposing piece than before; a looser misreading).
``removal``                    PW7: ``immediate`` removal, or ``end_of_move`` (Turkish strike:
                               jumped pieces block landings until the move ends).
``max_capture``                PW9: ``global`` maximum, ``per_piece`` maximum, or ``none``.
``first`` south | north        PW11: who moves first in ``new()``.
``max_plies_without_capture``  PW12, engine-only, not in the rules: a draw after this many plies
                               without a capture (default off).
``repetition_draw``            PW12, engine-only, not in the rules: a draw when a position recurs
                               for the third time since the last capture (default off). RULINGS
                               PW12: repetition is a draw **only while** the
                               ``max_plies_without_capture`` safeguard is on; without it this
                               switch does nothing (no draw, no ``earlier`` list).
=============================  ================================================================

PW4 (n = own pieces on the board), PW5 (no passing over pieces), PW6 (bent leaps only, over
opposing pieces), PW8 (revisits), PW10 (no n−1 limit on captures) and PW13 (no chance) are fixed.

A property of the geometry worth knowing: a bent leap moves a piece along a *vertex* direction,
and the vertex directions span only one third of the cells (``q − r`` keeps its value modulo 3).
A leaping piece therefore always lands on its own third, while the cells it jumps lie on the other
two thirds. So a jumped cell can never be landed on later in the same series, the cells a series
may revisit are its start cell and its earlier landings, and ``removal = end_of_move`` gives
exactly the same legal moves as ``immediate`` (it is kept as the option RULINGS asks for).

Examples
--------
>>> import ftwkit
>>> rules = ftwkit.rules("playwin")
>>> state = rules.load({"game": "playwin", "to_play": 0,
...                     "pieces": [["C3", "A1"], ["D4", "E5", "I9"]]})
>>> [str(m) for m in state.legal_moves()]
['C3xD4-E4xE5-F6', 'C3xD4-E4xE5-D5', 'C3xD4-D5xE5-E4', 'C3xD4-D5xE5-F6']
>>> state.explain("A1-B1")
'a capture of 2 pieces is available; captures are compulsory'
>>> after = state.play("c3xd4-e4xe5-f6")
>>> after.last_move.captured, after.last_move.path, after.last_move.targets
(('D4', 'E5'), ('C3', 'E4', 'F6'), ('C3', 'E4', 'F6'))
>>> after.to_json()["pieces"]
[['A1', 'F6'], ['I9']]
>>> state.explain("C3xD4-E4")
'the capture must go on: the piece on E4 can still leap over E5'
>>> print(rules.new())  # doctest: +NORMALIZE_WHITESPACE
North
    I N N N N N
   H N N N N N N
  G . . . . . . .
 F . . . . . . . .
E . . . . . . . . .
 D . . . . . . . . 9
  C . . . . . . . 8
   B S S S S S S 7
    A S S S S S 6
       1 2 3 4 5
South
South to play
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar, Literal, cast

from ftwkit.errors import IllegalMove, InvalidState
from ftwkit.errors import excerpt as _excerpt
from ftwkit.geometry.hexgrid import (
    DIRECTIONS,
    VERTEX_DIRECTIONS,
    HexBoard,
    add,
    euclid_distance_sq,
    hex_distance,
    turn,
)
from ftwkit.options import Wording
from ftwkit.protocol import Move, Rules, State, check_keys, is_int, state_dataclass
from ftwkit.tables import SelfFillingTable

__all__ = ["BOARD", "RULES", "Approach", "Capture", "Options", "PlayWinRules", "PlayWinState"]

BOARD = HexBoard(4)
"""The 61-cell "order five" board."""

PIECES_PER_SIDE = 11
MAX_QUIET_PLIES = 10**12
"""The most ``quiet_plies`` a position may claim with no plies safeguard: far beyond any game, and
small enough that the position prints and writes as JSON (no 5,000-digit numbers)."""
PLAYER_NAMES = ("South", "North")

_CELLS = BOARD.cells
# Bit layout: cell (q, r) is bit (R − r)·W + (q + R), rows of W = 2R + 2 bits from South's row A
# (so bit order is board order) with one spare bit per row. The spare column stops shifts from
# wrapping round a row edge, so a whole set of cells steps one cell along a direction with one
# shift: E +1, NE +W+1, NW +W, W −1, SW −W−1, SE −W (see ``_dilate``).
_W = 2 * BOARD.radius + 2
_SIZE = (2 * BOARD.radius + 1) * _W


def _bit_index(cell: tuple[int, int]) -> int:
    return (BOARD.radius - cell[1]) * _W + cell[0] + BOARD.radius


_AXIAL_INDEX: dict[tuple[int, int], int] = {c: _bit_index(c) for c in _CELLS}
_INDEX: dict[str, int] = {BOARD.name(c): _bit_index(c) for c in _CELLS}
_NAMES: tuple[str, ...] = tuple(
    next((name for name, i in _INDEX.items() if i == k), "") for k in range(_SIZE)
)
"""Cell name per bit index; ``""`` for the spare bits that are not cells."""
_BIT: dict[str, int] = {name: 1 << i for name, i in _INDEX.items()}
_FULL = sum(_BIT.values())
_START = (
    tuple(BOARD.row("A")) + tuple(BOARD.row("B")),
    tuple(BOARD.row("H")) + tuple(BOARD.row("I")),
)


_START_MASKS: tuple[int, int] = (
    sum(_BIT[BOARD.name(c)] for c in _START[0]),
    sum(_BIT[BOARD.name(c)] for c in _START[1]),
)
"""South's and North's pieces at the start, as bitsets."""


def _dilate(mask: int) -> int:
    """``mask`` plus every cell next to one of its cells (one hex step in any direction).

    The neighbour shifts {0, ±1, ±W, ±(W+1)} are exactly the sums of {0, +1}, {0, +W} and
    {0, −(W+1)}, so three shift-ors do the work of six.
    """
    mask |= mask << 1
    mask |= mask << _W
    mask |= mask >> (_W + 1)
    return mask & _FULL


def _leapers(own: int, opp: int, empty: int) -> int:
    """The pieces of ``own`` that have at least one short bent leap, all found at once:
    a piece at ``a`` leaps when ``a + d_i`` holds an opposing piece and ``a + d_i + d_{i±1}``
    is empty. Unrolled over the six directions (E, NE, NW, W, SW, SE) for speed."""
    w, w1 = _W, _W + 1
    # cells from which one step along E, NE, NW, W, SW, SE reaches an empty cell
    e0, e1, e2, e3, e4, e5 = (
        empty >> 1,
        empty >> w1,
        empty >> w,
        empty << 1,
        empty << w1,
        empty << w,
    )
    return (
        ((e1 | e5) & opp) >> 1
        | ((e2 | e0) & opp) >> w1
        | ((e3 | e1) & opp) >> w
        | ((e4 | e2) & opp) << 1
        | ((e5 | e3) & opp) << w1
        | ((e0 | e4) & opp) << w
    ) & own


def _idx(cell: tuple[int, int]) -> int:
    return _AXIAL_INDEX.get(cell, -1)


# Neighbour table: _NB[i][d] is the cell index one step along DIRECTIONS[d], or -1 off the board.
_CELL_AT: dict[int, tuple[int, int]] = {i: c for c, i in _AXIAL_INDEX.items()}
_NB: tuple[tuple[int, ...], ...] = tuple(
    tuple(_idx(add(_CELL_AT[i], d)) for d in DIRECTIONS) if i in _CELL_AT else (-1,) * 6
    for i in range(_SIZE)
)


def _make_leaps() -> tuple[tuple[tuple[int, int, int, int, tuple[str, str]], ...], ...]:
    """Per cell: every short bent leap as (jumped bit, landing bit, jumped index, landing index,
    (jumped cell name, landing cell name))."""
    table = []
    for i in range(_SIZE):
        leaps = []
        for d in range(6):
            j = _NB[i][d]
            if j < 0:
                continue
            for side in (1, -1):
                land = _NB[j][turn(d, side)]
                if land >= 0:
                    leaps.append((1 << j, 1 << land, j, land, (_NAMES[j], _NAMES[land])))
        table.append(tuple(leaps))
    return tuple(table)


_LEAPS = _make_leaps()
_LEAPS_BY_JUMP: tuple[tuple[tuple[int, tuple[tuple[int, int, tuple[str, str]], ...]], ...], ...] = (
    tuple(
        tuple(
            (jb, tuple((lb, land, names) for jb2, lb, _, land, names in leaps if jb2 == jb))
            for jb in dict.fromkeys(leap[0] for leap in leaps)
        )
        for leaps in _LEAPS
    )
)
"""``_LEAPS`` grouped by the jumped cell: per cell, (jumped bit, ((landing bit, landing index,
names), ...)), so the capture search tests each neighbour once."""


_NEAR: tuple[int, ...] = tuple(sum(jb for jb, _ in by_jump) for by_jump in _LEAPS_BY_JUMP)
"""Per cell: the mask of its neighbours (the cells a leap from it may jump)."""

_Jumps = tuple[tuple[int, tuple[tuple[int, int, tuple[str, str]], ...]], ...]


def _jumps_by_pattern(by_jump: _Jumps) -> dict[int, _Jumps]:
    """For one cell, ``by_jump`` (its ``_LEAPS_BY_JUMP`` entry) cut to each set of neighbours that
    may hold opposing pieces: every subset of the cell's neighbours, at most 2^6, as a mask."""
    table: dict[int, _Jumps] = {}
    for size in range(len(by_jump) + 1):
        for chosen in itertools.combinations(by_jump, size):
            table[sum(jb for jb, _ in chosen)] = chosen
    return table


_JUMPS: tuple[dict[int, _Jumps], ...] = tuple(_jumps_by_pattern(b) for b in _LEAPS_BY_JUMP)
"""Per cell, the ``_LEAPS_BY_JUMP`` entries of the neighbours that hold opposing pieces, looked up
by ``opp & _NEAR[cell]`` (in the same direction order): the capture search then visits only the
neighbours it can jump instead of testing all six."""


def _series(
    pos: int,
    opp: int,
    empty: int,
    path: list[tuple[str, str]],
    out: list[tuple[tuple[str, str], ...]],
    immediate: bool,
) -> None:
    """Append to ``out`` every series of leaps that extends ``path`` from cell index ``pos``
    until no leap is left (``path`` itself when it cannot be extended and is not empty).

    ``opp`` and ``empty`` are the opposing pieces and empty cells at this point of the series;
    ``immediate``: jumped pieces leave at once (PW7).
    """
    extended = False
    pos_bit = 1 << pos
    for jb, landings in _JUMPS[pos][opp & _NEAR[pos]]:
        for lb, land, names in landings:
            if empty & lb:
                extended = True
                path.append(names)
                left = opp ^ jb
                if left & _NEAR[land]:
                    new_empty = (empty | pos_bit) ^ lb
                    if immediate:
                        new_empty |= jb
                    _series(land, left, new_empty, path, out, immediate)
                else:
                    # no opposing piece next to the landing cell: the series ends here
                    out.append(tuple(path))
                path.pop()
    if not extended and path:
        out.append(tuple(path))


@cache
def _rays(lines: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """Per cell: for each line direction, the (index, bit) pairs out to the board edge."""
    steps = DIRECTIONS if lines == 6 else DIRECTIONS + VERTEX_DIRECTIONS
    return tuple(
        tuple(
            tuple((_AXIAL_INDEX[x], 1 << _AXIAL_INDEX[x]) for x in BOARD.ray(c, s)) for s in steps
        )
        if c is not None
        else ()
        for c in (_CELL_AT.get(i) for i in range(_SIZE))
    )


@cache
def _metric(distance: str) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The distinct distances on the board (ascending) and, per cell, the *balls*: for every
    level ``k``, the mask of cells at most ``levels[k]`` away (PW2 chooses the metric)."""
    fn = hex_distance if distance == "hex" else euclid_distance_sq
    dist = {(i, j): fn(a, b) for a, i in _AXIAL_INDEX.items() for b, j in _AXIAL_INDEX.items()}
    levels = tuple(sorted(set(dist.values())))
    balls = tuple(
        tuple(sum(1 << j for j in _CELL_AT if dist[i, j] <= value) for value in levels)
        if i in _CELL_AT
        else ()
        for i in range(_SIZE)
    )
    return levels, balls


def _level_of(balls: tuple[int, ...], mask: int) -> int:
    """The smallest level whose ball meets ``mask`` (the distance level to the nearest cell)."""
    for level, ball in enumerate(balls):
        if ball & mask:
            return level
    raise AssertionError("empty mask")  # pragma: no cover


@cache
def _ray_masks(lines: int) -> tuple[tuple[tuple[int, bool, tuple[int, ...]], ...], ...]:
    """Per cell and line direction: (mask of the whole ray, whether cell indices rise along it,
    prefix masks ``prefixes[k]`` of its first ``k`` cells)."""
    out = []
    for i, ray_list in enumerate(_rays(lines)):
        entry = []
        for ray in ray_list:
            if not ray:
                continue
            prefixes = [0]
            for _, bit in ray:
                prefixes.append(prefixes[-1] | bit)
            # pad so that prefixes[n - 1] works for any piece count
            prefixes += [prefixes[-1]] * (PIECES_PER_SIDE + 1 - len(prefixes))
            entry.append((prefixes[-1], ray[0][0] > i, tuple(prefixes)))
        out.append(tuple(entry))
    return tuple(out)


_NO_CAPTURE: tuple[int, tuple[Capture, ...]] = (0, ())


_ROW_CACHE_LIMIT = 1 << 16
"""Approach rows kept before the table starts afresh (a long session meets ever new ones)."""
_CAPTURE_CACHE: dict[tuple[str, tuple[tuple[str, str], ...]], Capture] = {}
"""Capture moves by (start cell, leaps), shared like the approach rows: random play meets the same
short captures again and again, and a lookup costs a third of building the move.

A plain dictionary read with ``get`` and filled by hand in ``_global_captures``, not a
:class:`~ftwkit.tables.SelfFillingTable`: the search reads a few keys a call, and reading them
through a table (``tuple(map(table.__getitem__, keys))``, or ``get`` then a subscript) measured
+1.0 % (+0.45 %) instructions a protocol ply, since CPython 3.11 routes a look-up in a ``dict``
subclass through a method look-up."""
_CAPTURE_CACHE_LIMIT = 1 << 16


def _approach_row(key: int) -> tuple[Approach, ...]:
    """The approach moves of one piece from cell index ``src`` to each cell of the mask
    ``reach``, in board order, for ``key = src << _SIZE | reach``.

    The cells are taken from the highest down (``bit_length``, a small int, then a table look-up
    by index) and the list turned round at the end: cheaper than isolating the lowest bit, which
    costs a negation and an ``&`` of big ints per cell.
    """
    src = key >> _SIZE
    reach = key & _FULL
    row = _approach_table()[src]
    out = []
    while reach:
        last = reach.bit_length() - 1
        out.append(row[last])
        reach ^= 1 << last
    out.reverse()
    return tuple(out)


_ROW_CACHE = SelfFillingTable(_approach_row, _ROW_CACHE_LIMIT)
"""The approach rows by key (:func:`_approach_row`): random play meets the same few thousand
(piece, destinations) pairs again and again, and reusing the (immutable) move tuples saves
building them one by one. A missing row is built on look-up, so the search reads each row with
one subscript."""


_Reach = dict[int, int]


def _ray_reach(ray: tuple[int, ...]) -> list[tuple[int, int]]:
    """(occupied cells, reach) for every set of occupied cells on one ray, given as its bits
    outwards from the cell: the reach is the cells before the first occupied one.

    Built from the far end inwards, doubling the list at each cell (the cell empty: its bit joins
    every reach beyond it; occupied: nothing from it on is reached), so each of the ``2^n``
    entries costs one step instead of a walk along the ray.
    """
    out = [(0, 0)]
    for bit in reversed(ray):
        out = [(pattern, reach | bit) for pattern, reach in out] + [
            (pattern | bit, 0) for pattern, _ in out
        ]
    return out


def _line_reach(rays: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, _Reach]:
    """(the line's cells, reach per blocker pattern) for one line through a cell, given as the
    bits of its two opposite rays outwards from the cell: for every set of occupied cells on the
    line (every subset of it, at most 2^8), the cells before the first occupied one on each ray.
    The two rays are independent, so the table is every pairing of their ``_ray_reach`` entries.
    """
    one, other = _ray_reach(rays[0]), _ray_reach(rays[1])
    table = {p | q: r | s for p, r in one for q, s in other}
    return sum(rays[0]) + sum(rays[1]), table


_PieceLines = tuple[int, int, int, int, _Reach, int, _Reach, int, _Reach]


@cache
def _piece_lines() -> tuple[tuple[_PieceLines, ...], ...]:
    """Per step limit ``k``, per cell bit length (cell index + 1, cheaper to look up than the
    bit itself; unused lengths are never looked up): what the default approach search needs of a
    piece, (its bit, cell index << ``_SIZE``, the cells at most ``k`` steps away along its lines,
    then for each of the three lines through it, E–W, NE–SW and NW–SE, the line's cells and its
    ``_line_reach`` table). One dict lookup per line replaces finding the first blocker on each of
    its two rays with big-int operations; the tables (17,376 patterns for the whole board) do not
    depend on ``k``, which only cuts the reach at the end.
    """
    rays = _rays(6)
    lines: dict[int, list[tuple[int, _Reach]]] = {
        i: [
            _line_reach(
                (tuple(bit for _, bit in rays[i][axis]), tuple(bit for _, bit in rays[i][axis + 3]))
            )
            for axis in range(3)
        ]
        for i in _CELL_AT
    }
    unused: _PieceLines = (0, 0, 0, 0, {}, 0, {}, 0, {})
    out = []
    for k in range(PIECES_PER_SIDE + 1):
        table = [unused] * (_SIZE + 1)
        for i, ((m0, d0), (m1, d1), (m2, d2)) in lines.items():
            cut = sum(p[k] for _, _, p in _ray_masks(6)[i])
            table[i + 1] = (1 << i, i << _SIZE, cut, m0, d0, m1, d1, m2, d2)
        out.append(tuple(table))
    return tuple(out)


@cache
def _approach_table() -> tuple[dict[int, Approach], ...]:
    """Per source cell, one shared ``Approach`` per destination cell index: moves are immutable.
    Only the cells on a line from the source (any of the 12 directions of PW1) can be reached,
    so only those moves are made."""
    rays = _rays(12)
    return tuple(
        {j: Approach._build(src=_NAMES[i], dst=_NAMES[j]) for ray in rays[i] for j, _ in ray}
        for i in range(_SIZE)
    )


def _bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _pieces(n: int) -> str:
    return f"{n} piece" if n == 1 else f"{n} pieces"


# ---------------------------------------------------------------------------------------- moves
@dataclasses.dataclass(frozen=True)
class Approach(Move):
    """An approach move of one piece along an empty straight line, e.g. ``C3-E3``.

    Attributes:
        src: the cell the piece leaves.
        dst: the cell it stops on.
    """

    src: str
    dst: str

    @property
    def targets(self) -> tuple[str, ...]:
        """The start and end cells."""
        return (self.src, self.dst)

    def __str__(self) -> str:
        return f"{self.src}-{self.dst}"


@dataclasses.dataclass(frozen=True)
class Capture(Move):
    """A series of short bent leaps, e.g. ``C3xD4-E4xE5-F6``.

    Attributes:
        src: the cell the leaping piece starts on.
        leaps: one ``(jumped cell, landing cell)`` pair per leap, in order.
    """

    src: str
    leaps: tuple[tuple[str, str], ...]

    @property
    def captured(self) -> tuple[str, ...]:
        """The jumped (captured) cells, in order."""
        return tuple(j for j, _ in self.leaps)

    @property
    def path(self) -> tuple[str, ...]:
        """The start cell followed by every landing cell."""
        return (self.src, *(land for _, land in self.leaps))

    @property
    def targets(self) -> tuple[str, ...]:
        """The start cell and the landing cells (the jumped cells are chosen by notation)."""
        return self.path

    def __str__(self) -> str:
        return self.src + "".join(f"x{j}-{land}" for j, land in self.leaps)


# -------------------------------------------------------------------------------------- options
@dataclasses.dataclass(frozen=True)
class Options:
    """Play Win's variant switches; the defaults are the RECOMMENDED rulings of RULINGS.md §2."""

    IN_WORDS: ClassVar[Mapping[str, Wording]] = {
        "lines": Wording(
            "PW1",
            "approach along the six edge directions; or also along the six corner directions "
            "(every second cell)",
        ),
        "distance": Wording(
            "PW2",
            '"closer" in hex steps; or in straight-line distance between cell centres',
        ),
        "approach": Wording(
            "PW3",
            "must get strictly closer to the nearest enemy; may also stay as close (the author's "
            "variant); closer to any one enemy piece",
        ),
        "removal": Wording(
            "PW7",
            "jumped pieces leave at once; or stay until the move ends",
        ),
        "max_capture": Wording(
            "PW9",
            "take the most pieces possible; the most for the piece you chose; any series, as long "
            "as it goes on while a leap exists",
        ),
        "first": Wording(
            "PW11",
            "who moves first",
        ),
        "max_plies_without_capture": Wording(
            "PW12",
            "engine safeguard: a draw after this many moves in a row without a capture",
            values="**`None`** (off), 1 to 1,000,000",
        ),
        "repetition_draw": Wording(
            "PW12",
            "engine safeguard: a draw when a position comes back a third time since the last "
            "capture (only while `max_plies_without_capture` is on)",
        ),
    }
    """Each switch in words, for the switches, the dashboards and the rule page's options table
    (``tools/option_tables.py`` writes ``docs/rules/playwin.md``'s from here)."""

    lines: Literal[6, 12] = 6
    """PW1: approach moves run along the 6 edge directions (12 also allows the 6 vertex
    directions, every second cell, passing between two cells that are not checked; the n − 1
    limit then counts the cells of that line; not recommended)."""
    distance: Literal["hex", "euclid"] = "hex"
    """PW2: "closer" is measured in hex steps (``euclid``: between cell centres)."""
    approach: Literal["strict", "no_farther", "any_piece_closer"] = "strict"
    """PW3: an approach must end strictly closer to the nearest opposing piece (``no_farther``:
    the seed's variant, equal allowed; ``any_piece_closer``: closer to some opposing piece than
    before, a looser misreading, not recommended)."""
    removal: Literal["immediate", "end_of_move"] = "immediate"
    """PW7: jumped pieces are removed at once (``end_of_move``: they stay until the move ends,
    cannot be jumped twice and block landings; draughts-style, not the seed). On this board the
    two give the same legal moves, since a leaper never lands on a cell it jumps (see the module
    docstring)."""
    max_capture: Literal["global", "per_piece", "none"] = "global"
    """PW9: the capture must take the most pieces over all pieces and series (``per_piece``: the
    most for the chosen piece; ``none``: any series, but it must go on while a leap exists)."""
    first: Literal["south", "north"] = "south"
    """PW11: who moves first in a new game."""
    max_plies_without_capture: int | None = dataclasses.field(
        default=None, metadata={"min": 1, "max": 1_000_000, "rule": "PW12"}
    )
    """PW12, engine-only, not in the rules: the game is drawn after this many plies in a row
    without a capture, 1 to 1,000,000 (``None``: never)."""
    repetition_draw: bool = False
    """PW12, engine-only, not in the rules: the game is drawn when the same position with the
    same player to move occurs for the third time since the last capture — only while the
    ``max_plies_without_capture`` safeguard is on (RULINGS PW12); without it, no effect."""


# ---------------------------------------------------------------------------------------- state
@state_dataclass
class PlayWinState(State):
    """A Play Win position: both sides as bitsets over the 61 cells and the player to move.

    Attributes:
        south: the cells of South's pieces as a bitset (bit ``_INDEX[name]`` per cell: rows of
            ``_W`` bits from row A, in board order, with spare bits between rows).
        north: the same for North.
        mover: the player whose turn it is (still set once the game is over).
        quiet_plies: plies played since the last capture (for the engine-only draw safeguard).
        earlier: ``(south, north, mover)`` of the positions since the last capture, kept only
            while ``repetition_draw`` and ``max_plies_without_capture`` are both on (PW12).
    """

    rules: PlayWinRules
    south: int
    north: int
    mover: int
    quiet_plies: int = 0
    earlier: tuple[tuple[int, int, int], ...] = ()
    # Declared caches (``_CACHES``), not dataclass fields: the frozen ``__init__`` pays a
    # bypassing write per field, and every state starts without them (these class-level
    # ``None``s) until ``_remember`` keeps them on the state.
    _gen: ClassVar[tuple[Move, ...] | None] = None
    _cap: ClassVar[tuple[int, tuple[Capture, ...]] | None] = None

    seed: ClassVar[None] = None
    _CACHES: ClassVar[frozenset[str]] = frozenset({"_gen", "_cap"})

    # ------------------------------------------------------------------ protocol properties
    @property
    def _opts(self) -> Options:
        return self.rules.options

    @property
    def players(self) -> int:
        """Always 2."""
        return 2

    def _sides(self) -> tuple[int, int]:
        return (self.south, self.north) if self.mover == 0 else (self.north, self.south)

    @property
    def is_drawn(self) -> bool:
        """Whether an engine-only draw safeguard (PW12) has ended the game."""
        opts = self._opts
        limit = opts.max_plies_without_capture
        if limit is not None and self.quiet_plies >= limit:
            return True
        if opts.repetition_draw and limit is not None:  # PW12: only with the safeguard on
            key = (self.south, self.north, self.mover)
            return self.earlier.count(key) >= 2
        return False

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (a side is out of pieces or moves, or a safeguard draw)."""
        if not self._gen:  # moves already listed imply pieces on both sides (no moves without)
            own, opp = (self.south, self.north) if self.mover == 0 else (self.north, self.south)
            if not opp or not own or not self._all_moves():
                return True
        # PW12: a draw only with the plies safeguard on (repetition counts only with it)
        return self.rules._plies_limited and self.is_drawn

    @property
    def to_play(self) -> int | None:
        """The player to move, ``None`` once the game is over."""
        return None if self.is_over else self.mover

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner once over: the side that still can move (none on a safeguard draw)."""
        own, opp = self._sides()
        if not opp:
            return (self.mover,)
        if not own:
            return (1 - self.mover,)
        if self.is_drawn or self._all_moves():
            return ()
        return (1 - self.mover,)

    def pieces(self, player: int) -> tuple[str, ...]:
        """The cells of ``player``'s pieces, in board order."""
        mask = self.south if player == 0 else self.north
        return tuple(_NAMES[i] for i in _bits(mask))

    # ------------------------------------------------------------------ move generation
    def _all_moves(self) -> tuple[Move, ...]:
        moves = self._gen
        if moves is None:
            own, opp = (self.south, self.north) if self.mover == 0 else (self.north, self.south)
            near = opp | opp << 1  # ``_dilate(opp)``, inlined
            near |= near << _W
            near = (near | near >> (_W + 1)) & _FULL
            if own & near:
                found = self._adjacent_captures(own, opp, own & near)
                if found[0]:
                    self._remember("_cap", found)
                    moves = found[1]
                else:
                    moves = self._approaches(own, opp, near)
            else:
                # no piece next to an opposing one: nothing to jump
                moves = self._approaches(own, opp, near)
            # private caches, not part of the value; without a capture ``_captures`` needs no
            # cache of its own (it reads "none" from these moves)
            self._remember("_gen", moves)
        return moves

    def _why_over(self, move: Move) -> str:
        """Once a player is immobilised, the reason also says which rule stopped the move (e.g.
        "a lone piece cannot move without capturing"), not only that the game is over."""
        reason = super()._why_over(move)
        own, opp = self._sides()
        if own and opp and not self.is_drawn:
            reason += f" ({self._why_illegal(move)})"
        return reason

    def _generate_moves(self) -> list[Move]:
        # ``legal_moves`` asked ``is_over`` first, which found the moves; the shared tuple itself
        # (the base class copies it once into the list it returns)
        return cast("list[Move]", self._gen or self._all_moves())

    def _capture_series(
        self, sources: int | None = None
    ) -> dict[int, list[tuple[tuple[str, str], ...]]]:
        """Per own piece that can leap, every series of leaps that cannot be extended, each as
        its (jumped cell, landing cell) pairs. ``sources``: those pieces, if already known."""
        own, opp = self._sides()
        empty0 = _FULL & ~(own | opp)
        if sources is None:
            sources = _leapers(own, opp, empty0)
        immediate = self._opts.removal == "immediate"
        found: dict[int, list[tuple[tuple[str, str], ...]]] = {}
        while sources:
            low = sources & -sources
            sources ^= low
            out: list[tuple[tuple[str, str], ...]] = []
            src = low.bit_length() - 1
            _series(src, opp, empty0, [], out, immediate)
            found[src] = out
        return found

    def _captures(self) -> tuple[int, tuple[Capture, ...]]:
        """The global maximum capture count and the legal captures under PW9."""
        result = self._cap
        if result is not None:
            return result
        listed = self._gen
        if listed is not None and (not listed or type(listed[0]) is Approach):
            return _NO_CAPTURE  # the moves are known: none, or approaches (captures come first)
        own, opp = (self.south, self.north) if self.mover == 0 else (self.north, self.south)
        # no piece next to an opposing one (most positions without a capture): nothing to jump
        adjacent = own & _dilate(opp)
        if not adjacent:
            self._remember("_cap", _NO_CAPTURE)
            return _NO_CAPTURE
        return self._remember("_cap", self._adjacent_captures(own, opp, adjacent))

    def _adjacent_captures(
        self, own: int, opp: int, adjacent: int
    ) -> tuple[int, tuple[Capture, ...]]:
        """What :meth:`_captures` finds once the pieces ``adjacent`` of ``own`` (not none) stand
        next to one of ``opp`` (not kept: the callers decide what to keep).

        Under the default PW9 the series search starts from ``adjacent`` itself: nearly always
        every piece there can leap (a piece that cannot adds no series), and one search per piece
        costs less than finding the leaping pieces first with ``_leapers``' big-int shifts.
        """
        empty = _FULL ^ (own | opp)
        opts = self._opts
        mode = opts.max_capture
        if mode == "global":
            found = self._global_captures(adjacent, opp, empty, opts.removal == "immediate")
            return found if found[0] else _NO_CAPTURE
        sources = _leapers(own, opp, empty)
        if not sources:
            return _NO_CAPTURE
        series = self._capture_series(sources)
        best = 0
        for ss in series.values():
            for one in ss:
                if len(one) > best:
                    best = len(one)
        moves = []
        for src, ss in series.items():
            if mode == "per_piece":  # "global" was answered above
                top = max(len(one) for one in ss)
                keep = [one for one in ss if len(one) == top]
            else:
                keep = ss
            name = _NAMES[src]
            for one in keep:
                # ``Capture(name, one)`` without the frozen dataclass's per-field setattr
                moves.append(Capture._build(src=name, leaps=one))
        return best, tuple(moves)

    @staticmethod
    def _global_captures(
        sources: int, opp: int, empty: int, immediate: bool
    ) -> tuple[int, tuple[Capture, ...]]:
        """``_captures`` under the default PW9 (the global maximum), in one pass over the
        pieces ``sources`` (a piece among them that cannot leap adds nothing): the same moves in
        the same order; ``(0, ())`` when none of them can leap."""
        best = 0
        kept: list[tuple[str, tuple[tuple[str, str], ...]]] = []
        while sources:
            low = sources & -sources
            sources ^= low
            src = low.bit_length() - 1
            out: list[tuple[tuple[str, str], ...]] = []
            _series(src, opp, empty, [], out, immediate)
            name = _NAMES[src]
            for one in out:
                size = len(one)
                if size >= best:
                    if size > best:
                        best = size
                        kept.clear()
                    kept.append((name, one))
        moves = []
        cache = _CAPTURE_CACHE
        for key in kept:
            move = cache.get(key)
            if move is None:
                if len(cache) >= _CAPTURE_CACHE_LIMIT:
                    cache.clear()
                # ``Capture(name, one)`` without the frozen dataclass's per-field setattr
                move = cache[key] = Capture._build(src=key[0], leaps=key[1])
            moves.append(move)
        return best, tuple(moves)

    def _approaches(self, own: int, opp: int, near: int) -> tuple[Approach, ...]:
        """Every approach move (PW3–PW5) of the mover's pieces ``own`` towards the opposing
        ``opp``, assuming no capture exists, in board order. ``near``: the opposing pieces and
        the cells next to them (``_dilate``)."""
        limit = own.bit_count() - 1
        if limit < 1 or not opp:
            return ()
        layered = self.rules._layered
        if layered is not None:
            keys = self._approach_keys_by_layers(own, opp, near, limit, layered)
        else:
            keys = [
                src << _SIZE | reach
                for src, reach in self._approach_reach_by_balls(own, opp, limit, self._opts)
            ]
        keys.sort()  # by source cell: the source index sits above the destinations mask
        moves: list[Approach] = []
        cache = _ROW_CACHE
        for key in keys:
            moves += cache[key]  # built on the first look-up
        return tuple(moves)

    @staticmethod
    def _approach_keys_by_layers(
        own: int, opp: int, near: int, limit: int, strict: bool
    ) -> list[int]:
        """``source index << _SIZE | destinations mask`` per piece that can approach, under the
        default rules (unordered). ``near`` is ``_dilate(opp)``, the first layer.

        The pieces are taken in layers of hex distance ``k`` from the nearest opposing piece
        (``inner`` grows by one hex step at a time, ``_dilate`` inlined); a piece of layer ``k``
        must end in layer ``k − 1`` (PW3 strict) or ``k`` (``no_farther``).
        """
        occupied = own | opp
        empty = _FULL ^ occupied
        pieces = _piece_lines()[limit]
        w, w1, full = _W, _W + 1, _FULL
        found: list[int] = []
        append = found.append
        remaining = own
        inner = opp
        outer = near
        while True:
            group = remaining & outer
            if group:
                remaining ^= group
                targets = (inner if strict else outer) & empty
                if targets:  # none for the pieces next to an opposing one, under PW3 strict
                    while group:  # highest piece first: no big-int negation to isolate it
                        bit, key, cut, m0, d0, m1, d1, m2, d2 = pieces[group.bit_length()]
                        group ^= bit
                        # along each line, the cells before the first blocker on either side (one
                        # lookup by the line's occupied cells), at most ``limit`` steps away
                        reach = (
                            (d0[occupied & m0] | d1[occupied & m1] | d2[occupied & m2])
                            & cut
                            & targets
                        )
                        if reach:
                            append(key | reach)
                if not remaining:
                    return found
            inner = outer
            outer = inner | inner << 1
            outer |= outer << w
            outer = (outer | outer >> w1) & full

    @staticmethod
    def _approach_reach_by_balls(
        own: int, opp: int, limit: int, opts: Options
    ) -> list[tuple[int, int]]:
        """(source index, destinations mask) per piece that can approach, under any options.

        Per line, the cells before the first blocker within ``n − 1`` steps; the cells that
        satisfy PW3 come from unions of precomputed distance balls.
        """
        occupied = own | opp
        rays = _ray_masks(opts.lines)
        balls = _metric(opts.distance)[1]
        any_piece = opts.approach == "any_piece_closer"
        slack = 0 if opts.approach == "strict" else 1
        layers: dict[int, int] = {}  # level -> cells within that level of some opposing piece
        opp_cells = list(_bits(opp))
        found: list[tuple[int, int]] = []
        for src in _bits(own):
            low = 1 << src
            if any_piece:
                targets = 0
                for q in opp_cells:
                    level = _level_of(balls[q], low)
                    if level:
                        targets |= balls[q][level - 1]
            else:
                level = _level_of(balls[src], opp) - 1 + slack
                if level < 0:
                    continue
                targets = layers.get(level, -1)
                if targets < 0:
                    targets = 0
                    for q in opp_cells:
                        targets |= balls[q][level]
                    layers[level] = targets
            reach = 0
            for full, rising, prefixes in rays[src]:
                if not full & targets:
                    continue
                blockers = occupied & full
                if not blockers:
                    reach |= prefixes[limit]
                elif rising:
                    reach |= prefixes[limit] & ((blockers & -blockers) - 1)
                else:
                    reach |= prefixes[limit] & ~((1 << blockers.bit_length()) - 1)
            reach &= targets
            if reach:
                found.append((src, reach))
        return found

    # ------------------------------------------------------------------ explorer hooks
    def substeps(self, move: Move) -> list[State]:
        """The positions along ``move``: one per leap of a capture, then the result.

        Under ``removal = immediate`` (PW7) each jumped piece leaves at its leap; under
        ``end_of_move`` the jumped pieces stay on the board until the last leap, and only the
        final position shows them gone. An approach is one step. The intermediate positions
        keep the mover to play (the move is not over).

        Raises:
            IllegalMove: ``move`` is not legal here.
        """
        after = self.play(move)
        if not isinstance(move, Capture) or len(move.leaps) < 2:
            return [after]
        immediate = self._opts.removal == "immediate"
        own, opp = self._sides()
        pos = _BIT[move.src]
        steps: list[State] = []
        for jumped, land in move.leaps[:-1]:
            own = own & ~pos | _BIT[land]
            pos = _BIT[land]
            if immediate:
                opp &= ~_BIT[jumped]
            south, north = (own, opp) if self.mover == 0 else (opp, own)
            steps.append(
                PlayWinState(self.rules, south, north, self.mover, quiet_plies=self.quiet_plies)
            )
        steps.append(after)
        return steps

    def explain_targets(self, targets: Sequence[Any]) -> str | None:
        """``None`` when a legal move starts with the clicks ``targets``, else why not, in the
        rules' words: whose piece it is, that captures are compulsory and the most must be taken
        (PW9), that a lone piece cannot approach (PW4), or why an approach is refused (PW3, PW5).
        """
        reason = super().explain_targets(targets)
        if reason is None or self.is_over:
            return reason
        clicked = tuple(targets)
        src = clicked[0]
        if not isinstance(src, str) or src not in _INDEX:
            return reason
        bad = self._check_src(src)
        if bad:
            return bad
        best, captures = self._captures()
        if best:
            mine = [m for m in captures if isinstance(m, Capture) and m.src == src]
            if not mine:
                series = self._capture_series().get(_INDEX[src], [])
                most = max((len(one) for one in series), default=0)
                where = ", ".join(sorted({m.src for m in captures if isinstance(m, Capture)}))
                if most:
                    return (
                        f"the piece on {src} can capture only {_pieces(most)}, but a capture of "
                        f"{_pieces(best)} is available (from {where}): the most must be taken "
                        "(PW9)"
                    )
                return (
                    f"a capture of {_pieces(best)} is available (from {where}); captures are "
                    "compulsory and the most must be taken (PW9)"
                )
            done = clicked[1:-1]  # the landings clicked before the last one, all legal so far
            nxt = sorted(
                {
                    m.leaps[len(done)][1]
                    for m in mine
                    if len(m.leaps) > len(done)
                    and tuple(land for _, land in m.leaps[: len(done)]) == done
                }
            )
            other = PLAYER_NAMES[1 - self.mover]
            return (
                f"the capture from {src} cannot land on {clicked[-1]!s:.8} next; it may land on "
                f"{', '.join(nxt) or 'no further cell'} (each leap jumps a {other} piece and "
                "bends 60°, PW6; the series must take the most, PW9)"
            )
        if len(clicked) == 1:
            own, _ = self._sides()
            if own.bit_count() == 1:
                return "a lone piece cannot move without capturing (PW4)"
            return (
                f"the piece on {src} has no approach: no straight empty line of at most "
                f"{own.bit_count() - 1} cells brings it closer to an opposing piece (PW3–PW5)"
            )
        dst = clicked[1]
        if isinstance(dst, str):
            return self._why_approach(Approach(src, dst.strip().upper()))
        return reason

    # ------------------------------------------------------------------ search hooks
    def _heuristic(self, player: int) -> float:
        """Material for ``player``, in ``[0, 1]``, counting the capture the side to move must make.

        Material is the piece difference over the 11 a side starts with. A capture the side to
        move must make (captures are compulsory, PW9) is as good as made, so it is counted now:
        otherwise a move that hands the opponent a capture looks harmless. (A mobility term was
        tried and dropped: with compulsory captures, few moves for the opponent usually means
        the opponent is about to capture, and greedy play using it lost to random play.)
        """
        own, opp = (self.south, self.north) if player == 0 else (self.north, self.south)
        material = (own.bit_count() - opp.bit_count()) / PIECES_PER_SIDE
        pending, _ = self._captures()
        material += (pending if player == self.mover else -pending) / PIECES_PER_SIDE
        return 0.5 + 0.45 * material

    def _policy_move(self, rng: random.Random) -> Move:
        """A cheap rollout policy: any capture (the legal ones are already the largest, PW9);
        else mostly an approach after which the opponent has nothing to capture."""
        moves = self.legal_moves()
        if type(moves[0]) is Capture or rng.random() < 0.25:
            return moves[rng.randrange(len(moves))]
        own, opp = self._sides()
        for _ in range(min(6, len(moves))):
            move = moves[rng.randrange(len(moves))]
            assert isinstance(move, Approach)
            moved = own ^ (_BIT[move.src] | _BIT[move.dst])
            if not _leapers(opp, moved, _FULL ^ (moved | opp)):
                return move
        return moves[rng.randrange(len(moves))]

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> PlayWinState:
        """The state after the legal ``move`` (bit operations on both sides).

        Only the fields that change are handed to ``_derive`` (each one costs it a little): an
        approach, without the repetition safeguard's list, changes just the mover's side, the
        turn and the quiet-ply count.
        """
        mover = self.mover
        if type(move) is Approach:
            step = _BIT[move.src] | _BIT[move.dst]
            quiet = self.quiet_plies + 1
            keeps = self.rules._keeps_earlier
            if keeps or self.earlier:  # PW12's list grows, or (loaded, not kept) is dropped
                south, north = self.south, self.north
                earlier = (*self.earlier, (south, north, mover)) if keeps else ()
                if mover:
                    north ^= step
                else:
                    south ^= step
                return self._derive(
                    south=south, north=north, mover=1 - mover, quiet_plies=quiet, earlier=earlier
                )
            if mover:
                return self._derive(north=self.north ^ step, mover=0, quiet_plies=quiet)
            return self._derive(south=self.south ^ step, mover=1, quiet_plies=quiet)
        assert isinstance(move, Capture)
        south, north = self.south, self.north
        # not ``^``: a series may end on its own start cell (PW8)
        left, landed = ~_BIT[move.src], _BIT[move.leaps[-1][1]]
        taken = 0
        for jumped, _ in move.leaps:
            taken |= _BIT[jumped]
        if mover:
            north = north & left | landed
            south &= ~taken
        else:
            south = south & left | landed
            north &= ~taken
        return self._derive(south=south, north=north, mover=1 - mover, quiet_plies=0, earlier=())

    # ------------------------------------------------------------------ explaining refusals
    def _why_illegal(self, move: Move) -> str:
        if isinstance(move, Approach):
            return self._why_approach(move)
        if isinstance(move, Capture):
            return self._why_capture(move)
        return f"{move!r} is not a Play Win move"

    def _check_src(self, src: str) -> str | None:
        names = PLAYER_NAMES
        me, other = names[self.mover], names[1 - self.mover]
        if src not in _INDEX:
            return f"{src} is not a cell of the board"
        own, opp = self._sides()
        bit = 1 << _INDEX[src]
        if opp & bit:
            return f"{src} holds a {other} piece; {me} is to play"
        if not own & bit:
            return f"there is no {me} piece on {src}"
        return None

    def _why_approach(self, move: Approach) -> str:
        bad = self._check_src(move.src)
        if bad:
            return bad
        if move.dst not in _INDEX:
            return f"{move.dst} is not a cell of the board"
        best, _ = self._captures()
        if best:
            return f"a capture of {_pieces(best)} is available; captures are compulsory"
        own, opp = self._sides()
        src, dst = _INDEX[move.src], _INDEX[move.dst]
        opts = self._opts
        line = next((ray for ray in _rays(opts.lines)[src] if any(c == dst for c, _ in ray)), None)
        if line is None:
            what = "one of the 12 lines" if opts.lines == 12 else "a straight line"
            return f"{move} does not follow {what} of cells"
        n = own.bit_count()
        me = PLAYER_NAMES[self.mover]
        if n == 1:
            return "a lone piece cannot move without capturing"
        k = next(i for i, (c, _) in enumerate(line, 1) if c == dst)
        if k > n - 1:
            return f"{move} moves {k} cells but {me} has {n} pieces in play: at most {n - 1}"
        for c, bit in line[:k]:
            if (own | opp) & bit:
                return f"the line from {move.src} to {move.dst} is blocked at {_NAMES[c]}"
        if opts.approach == "strict":
            return (
                f"{move} must end closer to at least one opposing piece than its original"
                " distance to all opposing pieces (closer than the nearest one was)"
            )
        if opts.approach == "no_farther":
            return f"{move} must end no farther from the nearest opposing piece"
        return f"{move} must end closer to at least one opposing piece"

    def _why_capture(self, move: Capture) -> str:
        bad = self._check_src(move.src)
        if bad:
            return bad
        if not move.leaps:
            return "a capture needs at least one leap"
        own, opp = self._sides()
        immediate = self._opts.removal == "immediate"
        me, other = PLAYER_NAMES[self.mover], PLAYER_NAMES[1 - self.mover]
        pos = _INDEX[move.src]
        empty = _FULL & ~(own | opp)
        taken = 0
        for jumped, land in move.leaps:
            for cell in (jumped, land):
                if cell not in _INDEX:
                    return f"{cell} is not a cell of the board"
            j, lnd = _INDEX[jumped], _INDEX[land]
            here = _NAMES[pos]
            if j not in _NB[pos]:
                return f"{jumped} is not next to {here}: a leap jumps an adjacent cell"
            d = _NB[pos].index(j)
            jb, lb = 1 << j, 1 << lnd
            if taken & jb:
                return f"{jumped} was already jumped in this move: a piece is captured only once"
            if not opp & jb:
                if own & jb:
                    return f"{jumped} holds a {me} piece: only opposing pieces can be jumped"
                return f"{jumped} is empty: a leap must jump a {other} piece"
            bends = [_NB[j][turn(d, s)] for s in (1, -1)]
            if lnd not in bends:
                if lnd == _NB[j][d]:
                    return (
                        f"{here}x{jumped}-{land} is a straight jump: a short bent leap turns "
                        "60° left or right"
                    )
                ok = " or ".join(_NAMES[b] for b in bends if b >= 0)
                return f"a short bent leap from {here} over {jumped} lands on {ok}, not {land}"
            if not empty & lb:
                return f"{land} is occupied: a leap must land on an empty cell"
            empty = (empty | (1 << pos)) ^ lb
            if immediate:
                empty |= jb
            opp ^= jb
            taken |= jb
            pos = lnd
        for jb, lb, j, _, _ in _LEAPS[pos]:
            if opp & jb and empty & lb:
                return (
                    f"the capture must go on: the piece on {_NAMES[pos]} can still leap over "
                    f"{_NAMES[j]}"
                )
        best, _ = self._captures()
        mode = self._opts.max_capture
        if mode == "per_piece":
            series = self._capture_series().get(_INDEX[move.src], [])
            best = max((len(s) for s in series), default=0)
            return (
                f"{move} captures {_pieces(len(move.leaps))} but the piece on {move.src} can "
                f"capture {_pieces(best)}: the most must be taken"
            )
        if len(move.leaps) < best:
            return (
                f"{move} captures {_pieces(len(move.leaps))} but a capture of {_pieces(best)} "
                "is available: the most must be taken"
            )
        return f"{move} is not a legal move"  # pragma: no cover - every refusal is named above

    # ------------------------------------------------------------------ JSON and text
    def _position_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "to_play": self.to_play,
            "pieces": [list(self.pieces(0)), list(self.pieces(1))],
            "quiet_plies": self.quiet_plies,
        }
        if data["to_play"] is None:
            data["mover"] = self.mover
        if self.earlier:
            data["earlier"] = [
                {
                    "to_play": m,
                    "pieces": [[_NAMES[i] for i in _bits(s)], [_NAMES[i] for i in _bits(n)]],
                }
                for s, n, m in self.earlier
            ]
        return data

    def __str__(self) -> str:
        symbol = {0: "S", 1: "N"}
        lines = ["North"]
        radius = BOARD.radius
        for letter in reversed(BOARD.row_names()):
            row_no = ord(letter) - ord("A")
            cells = []
            for cell in BOARD.row(letter):
                bit = 1 << _AXIAL_INDEX[cell]
                owner = 0 if self.south & bit else 1 if self.north & bit else None
                cells.append("." if owner is None else symbol[owner])
            text = " " * abs(row_no - radius) + letter + " " + " ".join(cells)
            if row_no < radius:
                text += f" {row_no + radius + 2}"
            lines.append(text)
        lines.append(" " * (radius + 3) + " ".join(str(n) for n in range(1, radius + 2)))
        lines.append("South")
        lines.append(self.status())
        return "\n".join(lines)


# ---------------------------------------------------------------------------------------- rules
_CELL = r"[A-Z]\d{1,2}"
_APPROACH_RE = re.compile(rf"^({_CELL})-({_CELL})$")
_CAPTURE_RE = re.compile(rf"^({_CELL})((?:X{_CELL}-{_CELL})+)$")
_LEAP_RE = re.compile(rf"X({_CELL})-({_CELL})")


_Options = Options
"""Play Win's ``Options`` for annotations inside ``PlayWinRules``, where the name ``Options``
is the class attribute."""


class PlayWinRules(Rules):
    """The rules of Play Win under one set of options (see the module docstring)."""

    id: ClassVar[str] = "playwin"
    title: ClassVar[str] = "Play Win"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[_Options]] = Options
    PLAYER_NAMES: ClassVar[tuple[str, ...]] = PLAYER_NAMES
    options: _Options
    _layered: bool | None
    """Whether the approach search goes by layers of hex distance (lines 6, hex distance, PW3
    ``strict`` or ``no_farther``), and then whether it is ``strict``; ``None`` under the other
    options. Worked out once from the options instead of on every approach search."""
    _plies_limited: bool
    """Whether the ``max_plies_without_capture`` safeguard is on (PW12), for ``is_over``."""
    _keeps_earlier: bool
    """Whether states keep the positions since the last capture (``earlier``): only while both
    PW12 safeguards are on. Both flags are worked out once from the options, for ``_apply``."""

    def __init__(self, options: _Options | None = None) -> None:
        super().__init__(options)
        opts = self.options
        layered = opts.lines == 6 and opts.distance == "hex" and opts.approach != "any_piece_closer"
        self._keep("_layered", opts.approach == "strict" if layered else None)
        limited = opts.max_plies_without_capture is not None
        self._keep("_plies_limited", limited)
        self._keep("_keeps_earlier", limited and opts.repetition_draw)

    def _new(self, players: int, seed: int | None) -> PlayWinState:
        options = self.options
        first = 0 if options.first == "south" else 1
        south, north = _START_MASKS
        return PlayWinState(self, south, north, first)

    def _load_position(self, data: Mapping[str, Any]) -> PlayWinState:
        check_keys(data, {"to_play", "mover", "pieces", "quiet_plies", "earlier"})
        if "to_play" not in data:
            raise InvalidState("to_play: missing (expected 0 for South or 1 for North)")
        to_play = data["to_play"]
        if to_play is not None and (not is_int(to_play) or to_play not in (0, 1)):
            raise InvalidState(
                f"to_play: expected 0 (South), 1 (North) or null, got {_excerpt(to_play)}"
            )
        if "pieces" not in data:
            raise InvalidState("pieces: missing (expected [[South cells], [North cells]])")
        south, north = self._load_pieces(data["pieces"], "pieces")
        opts = self.options
        limit = opts.max_plies_without_capture
        quiet = data.get("quiet_plies", 0)
        most_quiet = MAX_QUIET_PLIES if limit is None else limit
        if not is_int(quiet) or not 0 <= quiet <= most_quiet:
            most = (
                f" up to {MAX_QUIET_PLIES}"
                if limit is None
                else f" up to {limit} (max_plies_without_capture, PW12)"
            )
            raise InvalidState(
                f"quiet_plies: expected a non-negative integer{most}, got {_excerpt(quiet)}"
            )
        earlier_data = data.get("earlier", [])
        if not isinstance(earlier_data, list):
            raise InvalidState("earlier: expected a list of earlier positions")
        if len(earlier_data) > quiet:
            raise InvalidState(
                f"earlier: {len(earlier_data)} earlier positions but quiet_plies is {quiet}; "
                "earlier lists the positions since the last capture, one per quiet ply"
            )
        earlier = []
        for i, item in enumerate(earlier_data):
            where = f"earlier[{i}]"
            if not isinstance(item, Mapping):
                raise InvalidState(f"{where}: expected an object with to_play and pieces")
            check_keys(item, {"to_play", "pieces"}, where)
            m = item.get("to_play")
            if not is_int(m) or m not in (0, 1):
                raise InvalidState(f"{where}.to_play: expected 0 or 1, got {_excerpt(m)}")
            s, n = self._load_pieces(item.get("pieces"), f"{where}.pieces")
            earlier.append((s, n, m))
        mover = self._load_mover(data, to_play, south, north, quiet, tuple(earlier))
        return PlayWinState(self, south, north, mover, quiet, tuple(earlier))

    def _load_mover(
        self,
        data: Mapping[str, Any],
        to_play: int | None,
        south: int,
        north: int,
        quiet: int,
        earlier: tuple[tuple[int, int, int], ...],
    ) -> int:
        """Whose turn it is: ``to_play``, or once over (``to_play`` null) ``mover`` or what the
        position shows; a null ``to_play`` must belong to a finished position."""
        given = data.get("mover")
        if given is not None and (not is_int(given) or given not in (0, 1)):
            raise InvalidState(f"mover: expected 0 (South) or 1 (North), got {_excerpt(given)}")
        if to_play is not None:
            if given is not None and given != to_play:
                raise InvalidState(f"mover: {given} differs from to_play {to_play}")
            return to_play
        over = [p for p in (0, 1) if PlayWinState(self, south, north, p, quiet, earlier).is_over]
        if given is not None:
            if given not in over:
                raise InvalidState(
                    f"to_play: null says the game is over, but with {PLAYER_NAMES[given]} to "
                    "move it is not (a player who can move must move)"
                )
            return int(given)
        if not over:
            raise InvalidState(
                "to_play: null says the game is over, but either player could still move"
            )
        if not south or not north:
            return 0 if not south else 1
        if len(over) == 1:
            return over[0]
        raise InvalidState(
            "mover: missing; the game is over either way, so say whose turn it is (0 or 1)"
        )

    @staticmethod
    def _load_pieces(value: Any, where: str) -> tuple[int, int]:
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise InvalidState(f"{where}: expected two lists of cells, [[South], [North]]")
        masks = [0, 0]
        seen: dict[str, int] = {}
        for p, cells in enumerate(value):
            if not isinstance(cells, list | tuple):
                raise InvalidState(
                    f"{where}[{p}]: expected a list of cell names, got {_excerpt(cells)}"
                )
            if len(cells) > PIECES_PER_SIDE:
                raise InvalidState(
                    f"{where}[{p}]: {len(cells)} pieces, but {PLAYER_NAMES[p]} has only "
                    f"{PIECES_PER_SIDE}"
                )
            for k, name in enumerate(cells):
                if not isinstance(name, str):
                    raise InvalidState(
                        f"{where}[{p}][{k}]: expected a cell name such as 'E5', "
                        f"got {_excerpt(name)}"
                    )
                cell = name.strip().upper()
                if cell not in _INDEX:
                    raise InvalidState(f"{where}[{p}][{k}]: unknown cell {_excerpt(name)}")
                if cell in seen:
                    raise InvalidState(f"{where}: two pieces on one cell, {cell}")
                seen[cell] = p
                masks[p] |= 1 << _INDEX[cell]
        if not masks[0] and not masks[1]:
            raise InvalidState(f"{where}: both sides are empty")
        return masks[0], masks[1]

    def _parse_move(self, state: State, text: str) -> Move:
        compact = re.sub(r"\s+", "", text).upper()
        found = _APPROACH_RE.match(compact)
        if found:
            src, dst = found.groups()
            self._known(text, src, dst)
            return Approach(src, dst)
        found = _CAPTURE_RE.match(compact)
        if found:
            src = found.group(1)
            leaps = tuple((m.group(1), m.group(2)) for m in _LEAP_RE.finditer(found.group(2)))
            self._known(text, src, *(c for leap in leaps for c in leap))
            return Capture(src, leaps)
        raise IllegalMove(
            f"{_excerpt(text)} is not Play Win notation: write an approach as C3-E3 and a "
            "capture as "
            "C3xD4-E4xE5-F6 (start, then x jumped cell - landing cell for each leap)"
        )

    @staticmethod
    def _known(text: str, *cells: str) -> None:
        for cell in cells:
            if cell not in _INDEX:
                raise IllegalMove(f"{_excerpt(text)}: unknown cell {cell}; cells run from A1 to I9")


RULES = PlayWinRules
