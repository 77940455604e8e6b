"""Double Blind (Bruce Glassco, 2005 design contest winner): two secret shapes on a Go board.

The engine implements the canonical reading of RULINGS.md §4. The seed's drawings of conditions 4
(X) and 5 (CROSS) are lost, the title of condition 3 is lost and one stone of its large diamond is
missing: **those parts are reconstructed** (RULINGS §4.3, DB3) and live in the data table
:data:`CONDITIONS`, so that they can be replaced if the true drawings turn up.

Rules in brief
--------------
* Board: 19×19 intersections by default (option ``size``: 9, 13, 19 or any size from 5 to 25).
  Player 0 is **Black** (``X`` in text pictures), player 1 is **White** (``O``); Black places
  first by default (option ``first``). Stones go on empty intersections and never move or leave;
  there is no capture and no pass.
* Each player secretly holds one of the five conditions below, drawn from one set of cards 1–5, so
  the two secrets differ (DB2; option ``draw = independent`` draws each from its own set).
* After **every** placement the engine looks for conditions completed by **both** players (DB8):
  the mover's stone can complete the opponent's X or CROSS by filling its one opponent arm. A
  completion is public and permanent; completing a condition twice gives nothing.
* **The question** (DB9): when a player's number of different completed conditions rises and is
  two or more afterwards, that player gets one decision: ``ask`` or ``don't ask`` "Have I fulfilled
  your condition?". While ``pending`` lists players with such a decision, ``to_play`` is the first
  of them, even on the opponent's turn, and the only legal moves are ``ask`` / ``don't ask``. One
  stone completing two conditions gives one question; a question not asked is lost until the next
  new completion. The engine answers truthfully (DB10): "yes" exactly when the opponent's secret is
  among the asker's completed conditions. If one placement gives both players a question, the
  player who placed the stone decides first (DB9's *Clarified* order, itself *Inferred*: the seed
  does not say).
* **Winning** (DB11): a player wins at the first moment they both hold a "yes" and have completed
  their own secret, in either order, on either player's turn. If one placement makes both players
  win, the mover wins (DB12, *Invented*: the seed is silent; option ``simultaneous = draw``). A
  full board with no winner is a draw (DB13, *Invented*: the seed is silent).

The five conditions (``O`` = the tested player's stone, ``A`` = an arm: a stone of either player,
at most one of the four arms the opponent's; every other cell may hold anything)::

    1 LINE     O O O O               (and vertical)
    2 SLASH    O . . .   . . . O
               . O . .   . . O .
               . . O .   . O . .
               . . . O   O . . .
    3 SQUARE   O O    O . O    . O .    . . O . .     (title reconstructed; the large
               O O    . . .    O . O    . . . . .      diamond's bottom stone is
                      O . O    . O .    O . . . O      reconstructed)
                                        . . . . .
                                        . . O . .
    4 X        A . A             5 CROSS   . A .      (both shapes reconstructed, DB3)
               . O .                       A O A
               A . A                       . A .

"The orientation does not matter" means the 8 symmetries of the lattice (90° turns and mirror
images, never 45°: DB6). The table :data:`CONDITIONS` holds one drawing per shape as offsets; the
engine derives every orientation with :data:`ftwkit.geometry.grid.SYMMETRIES`. A pattern must
lie wholly on the board (DB1).

Coordinates and notation
------------------------
Intersections are named as on Go boards: a column letter ``A``–``Z`` without ``I`` (``A``–``T`` on
19×19, ``A``–``J`` on 9×9), then the row number counted from the bottom::

      A B C D E F G H J
    9 . . . . . . . . . 9
    8 . . . . . . . . . 8
    ...
    2 . . . . . . . . . 2
    1 . . . . . . . . . 1
      A B C D E F G H J

Internally a cell is ``(x, y)`` with ``x`` the column index and ``y = row − 1`` (so ``y`` grows
**upwards**, unlike the screen convention of :mod:`ftwkit.geometry.grid`; symmetric matching does
not care), and bit ``y * size + x`` of each player's stone bitset.

* A placement is the cell name: ``D4``, ``K10`` (input is case-insensitive). ``move.targets`` is
  ``("D4",)``.
* The decision is ``ask`` or ``don't ask`` (input also accepts ``dont ask``, ``decline`` and
  ``pass-question``). ``move.targets`` is ``()``: widgets show them as buttons.

Position JSON (API.md): ``size``, ``to_play`` (``null`` once over), ``secrets`` ``[s0, s1]``,
``stones`` (two lists of cell names), ``queries`` (``{"player": p, "answer": bool}`` in order),
``pending``. This engine adds ``to_place`` (who places the next stone; needed while a question is
pending; it defaults to ``to_play`` when none is, else to the player with fewer stones, and with
as many stones to the first player of option ``first``),
``completed`` (each player's completed conditions, sorted), ``winners`` (``null`` while running,
``[]`` for a draw) and ``seed``. On loading, ``completed`` is **recomputed** from the stones, and
a ``completed`` given in the position must match it (else ``InvalidState``): it is checked, never
trusted. Recorded ``queries`` are history: a "yes" must be true of the board (DB10), but the
DB9 count of the asker's completed conditions is not checked (API.md's example records a question
by a player with fewer than two). A position's ``size`` wins over the ``size`` option: the loaded
state's rules carry the position's size.

Hidden information (DB14): ``observation(p)`` hides the opponent's secret (``null``) and the seed
(which would reveal both secrets) until the game is over; the board, completed conditions,
questions and answers are public. ``to_json()`` and ``str(state)`` are the omniscient view.
``rules.sample(state, p, rng)`` (information-set search) re-draws the opponent's secret among the
conditions the public facts allow; ``evaluate`` and the rollout policy use only ``p``'s view.

All chance is the set-up draw (secrets, and the first player under ``first = random``), made from
``random.Random(f"{seed}/setup")``; ``seed=None`` draws unpredictably, and the drawn secrets are
part of the start position, so records replay exactly either way.

Options (defaults are the RECOMMENDED rulings)
----------------------------------------------
=========================  =====================================================================
``size`` 5–25               DB1: board size (19; 9 and 13 are the usual small boards). RULINGS
                            also names an unbounded (graph paper) board; the engine stops at
                            25×25, the last size the 25 column letters can name.
``draw``                    DB2: ``one_set`` (secrets differ) or ``independent`` (may coincide).
``arm_length`` 1 | 2        DB3: arms of X and CROSS; 2 = two cells per arm, an arm counts for a
                            player only when both its cells are theirs.
``square``                  DB7: ``drawn`` (the four drawn squares) or ``any_lattice_square``
                            (every square with corners on intersections, any size or tilt).
``auto_ask``                DB9: every question is asked automatically (no decision moves).
``simultaneous``            DB12 (*Invented*, the seed is silent): ``mover`` wins or ``draw``
                            when one placement wins for both.
``first``                   4.2 "choose a player to go first": ``black``, ``white`` or ``random``.
=========================  =====================================================================

With ``auto_ask`` the questions are part of the placement that earned them, so two "yes" answers
from one placement are simultaneous and DB12 applies; without it, questions are separate moves and
the first winning answer ends the game.

>>> import ftwkit
>>> rules = ftwkit.rules("doubleblind", size=9)
>>> state = rules.load({"size": 9, "to_play": 0, "secrets": [1, 2],
...                     "stones": [["C3", "D3", "E3"], ["C4", "D4"]]})
>>> state = state.play("F3")
>>> state.completed[0]
frozenset({1})
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import Any, ClassVar, Literal, cast

from ftwkit.clicks import Clicks
from ftwkit.errors import IllegalMove, InvalidState
from ftwkit.errors import excerpt as _excerpt
from ftwkit.games.doubleblind import interaction
from ftwkit.geometry.grid import SYMMETRIES, Cell
from ftwkit.options import Wording
from ftwkit.protocol import Move, Rules, State, check_keys, is_int, state_dataclass

__all__ = [
    "COLUMNS",
    "CONDITIONS",
    "RULES",
    "Condition",
    "DoubleBlindOptions",
    "DoubleBlindRules",
    "DoubleBlindState",
    "Figure",
    "Place",
    "Question",
    "cell_name",
]

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
"""Column letters of a Go board: ``A``–``Z`` without ``I`` (25 letters, enough for 25×25)."""

MIN_SIZE, MAX_SIZE = 5, 25
MAX_QUESTIONS = 4
"""The most questions one player can ask: one per rise of their count to 2, 3, 4 and 5 (DB9)."""
PLAYER_NAMES = ("Black", "White")
STONE_TEXT = ("X", "O")


# --------------------------------------------------------------------------- the shapes as data
@dataclasses.dataclass(frozen=True)
class Figure:
    """One drawing of a condition as offsets ``(dx, dy)``.

    Attributes:
        own: cells that must hold the tested player's stones (role ``O``); for X and CROSS the
            first is the centre.
        arms: unit directions of the arms from the centre ``own[0]`` (role ``A``); an arm of
            length ``n`` covers the ``n`` cells along its direction. Unlisted cells are "anything".
    """

    own: tuple[Cell, ...]
    arms: tuple[Cell, ...] = ()

    def arm_cells(self, arm_length: int = 1) -> tuple[tuple[Cell, ...], ...]:
        """The cells of each arm, in the order of ``arms``: ``arm_length`` cells per direction
        from the centre ``own[0]`` outwards (option ``arm_length``, DB3); ``()`` without arms."""
        cx, cy = self.own[0]
        return tuple(
            tuple((cx + k * dx, cy + k * dy) for k in range(1, arm_length + 1))
            for dx, dy in self.arms
        )


@dataclasses.dataclass(frozen=True)
class Condition:
    """A secret victory condition: its number (the card), name, drawings and provenance."""

    number: int
    name: str
    figures: tuple[Figure, ...]
    source: str
    """Where the drawing comes from (``seed`` or what is reconstructed, RULINGS §4.3)."""


CONDITIONS: dict[int, Condition] = {
    1: Condition(1, "LINE", (Figure(((0, 0), (1, 0), (2, 0), (3, 0))),), "seed diagram"),
    2: Condition(2, "SLASH", (Figure(((0, 0), (1, 1), (2, 2), (3, 3))),), "seed diagram"),
    3: Condition(
        3,
        "SQUARE",
        (
            Figure(((0, 0), (1, 0), (0, 1), (1, 1))),  # (a) side 1
            Figure(((0, 0), (2, 0), (0, 2), (2, 2))),  # (b) side 2
            Figure(((1, 0), (0, 1), (2, 1), (1, 2))),  # (c) diamond
            Figure(((2, 0), (0, 2), (4, 2), (2, 4))),  # (d) large diamond
        ),
        "seed diagrams; the title and the large diamond's 4th stone (2, 4) are reconstructed",
    ),
    4: Condition(
        4,
        "X",
        (Figure(((0, 0),), arms=((-1, -1), (1, -1), (1, 1), (-1, 1))),),
        "reconstructed (RULINGS DB3): centre plus four diagonal arms",
    ),
    5: Condition(
        5,
        "CROSS",
        (Figure(((0, 0),), arms=((0, -1), (1, 0), (0, 1), (-1, 0))),),
        "reconstructed (RULINGS DB3): centre plus four orthogonal arms",
    ),
}
"""The five conditions by card number, as offset data (RULINGS §4.3)."""


def _lattice_squares(size: int) -> tuple[Figure, ...]:
    """Every square with corners on intersections that fits a board of ``size`` (DB7 variant)."""
    out = []
    for a in range(1, size):
        for b in range(0, size - a):
            out.append(Figure(((0, 0), (a, b), (a - b, a + b), (-b, a))))
    return tuple(out)


def oriented(figure: Figure, arm_length: int = 1) -> list[tuple[tuple[Cell, ...], ...]]:
    """The distinct images of a figure under the 8 lattice symmetries, roles kept apart.

    Returns:
        One entry per orientation: ``(own cells, arm 1 cells, arm 2 cells, …)``, each sorted,
        translated so the smallest ``x`` and ``y`` of all cells are 0.
    """
    arm_cells = figure.arm_cells(arm_length)
    seen: list[Any] = []
    for sym in SYMMETRIES:
        own = [sym(x, y) for x, y in figure.own]
        images = [[sym(x, y) for x, y in arm] for arm in arm_cells]
        every = own + [c for arm in images for c in arm]
        mx = min(x for x, _ in every)
        my = min(y for _, y in every)
        entry = (
            tuple(sorted((x - mx, y - my) for x, y in own)),
            *sorted(tuple(sorted((x - mx, y - my) for x, y in arm)) for arm in images),
        )
        if entry not in seen:
            seen.append(entry)
    return seen


# --------------------------------------------------------------------------- board tables
Simple = tuple[int, int]
"""A placement of a condition without arms: ``(condition, mask of its cells)``."""
Armed = tuple[int, int, tuple[int, ...]]
"""A placement of X or CROSS: ``(condition, centre bit, masks of the arms)``."""
ArmedEntry = tuple[int, int, tuple[int, ...]]
"""An X or CROSS placement in the grouped tables: ``(centre bit, union of the arms, arms)``."""


@dataclasses.dataclass(frozen=True, eq=False)
class Geometry:
    """Precomputed tables for one board size and shape options (shared by all states)."""

    size: int
    names: tuple[str, ...]
    places: tuple[Place, ...]
    all_simple: tuple[Simple, ...]
    all_armed: tuple[Armed, ...]
    simple: tuple[tuple[Simple, ...], ...]
    """Per cell: the placements without arms that cover it."""
    armed_any: tuple[tuple[Armed, ...], ...]
    """Per cell: the X/CROSS placements that cover it (as centre or arm)."""
    armed_arm: tuple[tuple[Armed, ...], ...]
    """Per cell: the X/CROSS placements with the cell in an arm (the opponent's stone can fill)."""
    full: int
    """The mask of every cell."""
    simple_groups: tuple[tuple[tuple[int, tuple[int, ...], int, int], ...], ...] = ()
    """``simple`` grouped by condition: per cell, ``(condition, masks, union of the masks, fewest
    cells of a mask)``, so that a condition already completed is skipped at once, and one whose
    cells hold too few own stones for any of its placements after one bit count."""
    armed_any_groups: tuple[tuple[tuple[int, tuple[ArmedEntry, ...]], ...], ...] = ()
    """``armed_any`` grouped by condition: per cell, ``(condition, (entry, …))`` with each entry
    ``(centre, union of the arms, arm masks)``."""
    armed_arm_groups: tuple[tuple[tuple[int, tuple[ArmedEntry, ...]], ...], ...] = ()
    """``armed_arm`` grouped by condition, as ``armed_any_groups``."""
    near: tuple[int, ...] = ()
    """Per cell: the mask of every cell (own or arm) of the placements that cover it."""
    arm_near: tuple[int, ...] = ()
    """Per cell: the mask of every cell of the X/CROSS placements that have it in an arm (all
    that the opponent's stone there can complete, DB8): a tighter ``near`` for that player."""
    min_own: int = 0
    """The fewest own stones any complete placement holds (an X or CROSS may have one arm
    of the opponent's): with fewer own stones ``near`` a cell, no placement through it is new."""


def _placements(
    figures: tuple[Figure, ...], size: int, arm_length: int
) -> list[tuple[int, tuple[int, ...]]]:
    """Every placement of a condition's figures that fits the board, without repeats.

    Returns:
        ``(own mask, arm masks)`` pairs; ``arm masks`` is empty for shapes without arms.
    """
    seen: set[tuple[int, frozenset[int]]] = set()
    out = []
    for figure in figures:
        for entry in oriented(figure, arm_length):
            own, arms = entry[0], entry[1:]
            every = list(own) + [c for arm in arms for c in arm]
            width = max(x for x, _ in every)
            height = max(y for _, y in every)
            for ty in range(size - height):
                for tx in range(size - width):
                    shift = ty * size + tx
                    own_mask = sum(1 << (y * size + x + shift) for x, y in own)
                    arm_masks = tuple(
                        sum(1 << (y * size + x + shift) for x, y in arm) for arm in arms
                    )
                    key = (own_mask, frozenset(arm_masks))
                    if key not in seen:
                        seen.add(key)
                        out.append((own_mask, arm_masks))
    return out


@cache
def geometry(size: int, arm_length: int = 1, square: str = "drawn") -> Geometry:
    """The tables of every pattern placement on a ``size``×``size`` board (cached).

    Each placement is filed under every cell it covers, so that after a stone is placed only the
    placements through that cell need checking.
    """
    n_cells = size * size
    simple: list[list[Simple]] = [[] for _ in range(n_cells)]
    armed_any: list[list[Armed]] = [[] for _ in range(n_cells)]
    armed_arm: list[list[Armed]] = [[] for _ in range(n_cells)]
    all_simple: list[Simple] = []
    all_armed: list[Armed] = []
    for number, cond in CONDITIONS.items():
        figures = cond.figures
        if number == 3 and square == "any_lattice_square":
            figures = _lattice_squares(size)
        for own_mask, arm_masks in _placements(figures, size, arm_length):
            if not arm_masks:
                all_simple.append((number, own_mask))
                for i in _bits(own_mask):
                    simple[i].append((number, own_mask))
                continue
            item: Armed = (number, own_mask, arm_masks)
            all_armed.append(item)
            for i in _bits(own_mask):
                armed_any[i].append(item)
            for i in _bits(sum(arm_masks)):
                armed_any[i].append(item)
                armed_arm[i].append(item)

    near = [0] * n_cells
    arm_near = [0] * n_cells
    min_own = n_cells
    for _, own_mask in all_simple:
        min_own = min(min_own, own_mask.bit_count())
        for i in _bits(own_mask):
            near[i] |= own_mask
    for _, own_mask, arm_masks in all_armed:
        counts = [arm.bit_count() for arm in arm_masks]
        min_own = min(min_own, own_mask.bit_count() + sum(counts) - max(counts))
        union = own_mask | sum(arm_masks)
        for i in _bits(union):
            near[i] |= union
        for i in _bits(sum(arm_masks)):
            arm_near[i] |= union

    def by_number(items: list[Any], value: Any) -> tuple[Any, ...]:
        groups: dict[int, list[Any]] = {}
        for item in items:
            groups.setdefault(item[0], []).append(value(item))
        return tuple((number, tuple(group)) for number, group in groups.items())

    def with_filter(number: int, masks: tuple[int, ...]) -> tuple[int, tuple[int, ...], int, int]:
        return number, masks, _union_of(masks), min(m.bit_count() for m in masks)

    return Geometry(
        simple_groups=tuple(
            tuple(with_filter(*group) for group in by_number(s, lambda item: item[1]))
            for s in simple
        ),
        armed_any_groups=tuple(by_number(s, _armed_entry) for s in armed_any),
        armed_arm_groups=tuple(by_number(s, _armed_entry) for s in armed_arm),
        near=tuple(near),
        arm_near=tuple(arm_near),
        min_own=min_own,
        size=size,
        names=tuple(cell_name(i % size, i // size) for i in range(n_cells)),
        places=tuple(Place(i % size, i // size) for i in range(n_cells)),
        all_simple=tuple(all_simple),
        all_armed=tuple(all_armed),
        simple=tuple(tuple(s) for s in simple),
        armed_any=tuple(tuple(s) for s in armed_any),
        armed_arm=tuple(tuple(s) for s in armed_arm),
        full=(1 << n_cells) - 1,
    )


def _union_of(masks: tuple[int, ...]) -> int:
    """The union of ``masks``."""
    union = 0
    for mask in masks:
        union |= mask
    return union


def _armed_entry(item: Armed) -> tuple[int, int, tuple[int, ...]]:
    """``(centre, union of the arms, arm masks)`` of an X/CROSS placement, for quick rejects."""
    _, centre, arms = item
    return centre, sum(arms), arms


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _nth_bit(mask: int, n: int) -> int:
    """The index of the ``n``-th set bit of ``mask`` (from 0, lowest first), without listing
    the bits before it: the playout policy draws one of a player's stones."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _armed_complete(own: int, opp: int, centre: int, arms: tuple[int, ...]) -> bool:
    """Whether X/CROSS holds: own centre, each arm wholly own or wholly theirs, ≤1 theirs."""
    if not own & centre:
        return False
    theirs = 0
    for arm in arms:
        if own & arm == arm:
            continue
        if opp & arm == arm:
            theirs += 1
            if theirs > 1:
                return False
        else:
            return False
    return True


@lru_cache(maxsize=256)
def completed_conditions(geo: Geometry, own: int, opp: int) -> frozenset[int]:
    """Every condition the player with stones ``own`` has completed (a full scan of the board).

    Remembered for the last few boards: a hidden-information search loads a position re-drawn
    from one observation (:meth:`DoubleBlindRules.sample`) on every iteration, on the same stones.
    """
    found = {n for n, mask in geo.all_simple if own & mask == mask}
    found.update(n for n, c, arms in geo.all_armed if _armed_complete(own, opp, c, arms))
    return frozenset(found)


_NOTHING: frozenset[int] = frozenset()


def _new_completions(
    geo: Geometry, own: int, opp: int, done: frozenset[int], cell: int, mover: bool
) -> frozenset[int]:
    """Conditions newly completed for one player by the stone just placed on ``cell``.

    Only placements covering ``cell`` can be new, since every other pattern was there before.
    The mover's stone can be any own cell; the opponent's stone only an arm (DB8). Most
    stones have too few own stones near them for any pattern: one bit count says so.
    """
    if (own & (geo.near if mover else geo.arm_near)[cell]).bit_count() < geo.min_own:
        return _NOTHING
    found: list[int] = []
    if mover:
        for number, masks, union, need in geo.simple_groups[cell]:
            if number in done or (own & union).bit_count() < need:
                continue
            for mask in masks:
                if own & mask == mask:
                    found.append(number)
                    break
        groups = geo.armed_any_groups[cell]
    else:
        groups = geo.armed_arm_groups[cell]
    occupied = own | opp
    for number, placements in groups:
        if number in done or number in found:
            continue
        for centre, union, arms in placements:
            # the centre is own and every arm cell holds a stone, before the full test
            if (
                own & centre
                and occupied & union == union
                and _armed_complete(own, opp, centre, arms)
            ):
                found.append(number)
                break
    return frozenset(found)


_NEIGHBOURS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


_Placement = tuple[int, tuple[int, ...], int, int]
"""A placement of a condition for :func:`_secret_progress`: ``(own cells mask, arm masks, mask
of all its cells, how many cells)``."""


@cache
def _condition_placements(
    geo: Geometry, number: int
) -> tuple[tuple[_Placement, ...], tuple[tuple[int, ...], ...]]:
    """Every placement of condition ``number`` (:data:`_Placement`), and per cell the indices of
    the placements that cover it."""
    simple = [(mask, (), mask, mask.bit_count()) for n, mask in geo.all_simple if n == number]
    armed = [
        (centre, arms, centre | sum(arms), (centre | sum(arms)).bit_count())
        for n, centre, arms in geo.all_armed
        if n == number
    ]
    placements: tuple[_Placement, ...] = tuple(simple + armed)
    by_cell: list[list[int]] = [[] for _ in range(geo.size * geo.size)]
    for index, (_, _, every, _) in enumerate(placements):
        for cell in _bits(every):
            by_cell[cell].append(index)
    return placements, tuple(tuple(indices) for indices in by_cell)


_Shape = tuple[int, tuple[int, ...], tuple[int, ...]]
"""One shape of a condition's placements for :func:`_secret_progress`, all its placements at once:
``(mask of the cells where a placement may start, offsets of its own cells, offsets of its
one-cell arms)``; a placement starting at cell ``a`` covers cells ``a + offset``. A shape is
either four own cells (LINE, SLASH, the squares) or a centre with four one-cell arms (X, CROSS)."""

_MAX_SHAPES = 16
"""Conditions with more shapes than this (condition 3 under ``square = any_lattice_square``) are
measured placement by placement: the board-wide test of each shape would cost more."""


@cache
def _condition_shapes(geo: Geometry, number: int) -> tuple[_Shape, ...] | None:
    """The placements of condition ``number`` grouped by shape (:data:`_Shape`), so that
    :func:`_secret_progress` tests every placement of a shape with a few operations on whole
    boards; ``None`` when that does not pay or does not apply (too many shapes, or arms of two
    cells, whose partly filled arms the board-wide counts do not model)."""
    shapes: dict[tuple[int, tuple[int, ...]], int] = {}
    for cells, arms, every, _ in _condition_placements(geo, number)[0]:
        if arms and (cells.bit_count() != 1 or len(arms) != 4):
            return None
        if any(arm.bit_count() != 1 for arm in arms) or (not arms and cells.bit_count() != 4):
            return None
        start = (every & -every).bit_length() - 1  # offsets from the lowest cell are >= 0
        key = (cells >> start, tuple(sorted(arm >> start for arm in arms)))
        shapes[key] = shapes.get(key, 0) | 1 << start
    if len(shapes) > _MAX_SHAPES:
        return None
    return tuple(
        (starts, tuple(_bits(cells)), tuple(arm.bit_length() - 1 for arm in arms))
        for (cells, arms), starts in shapes.items()
    )


def _secret_progress(geo: Geometry, number: int, own: int, opp: int) -> float:
    """The filled share of the best placement of condition ``number`` not blocked by ``opp``
    (an arm counts as free while it holds no opposing stone; the centre must not be theirs).

    Every placement of one shape is tested at once, on whole boards: shifting the stones by a
    cell's offset puts, at each start, whether that cell of the placement holds a stone, so the
    placements with at least ``k`` own stones (and ``b`` arms of the opponent's) are masks made
    by a few bit operations, and the best share is the best ``k / cells`` among the non-empty
    ones (the same values, divided the same way, as the placement-by-placement measure)."""
    shapes = _condition_shapes(geo, number)
    if shapes is None:
        return _secret_progress_by_placement(geo, number, own, opp)
    best = 0.0
    for starts, cells, arms in shapes:
        if arms:
            share = _armed_best(starts, cells[0], arms, own, opp)
        else:
            share = _four_cells_best(starts, cells, own, opp)
        if share > best:
            best = share
            if best == 1.0:
                break  # no placement is filled more than wholly
    return best


def _at_least(b0: int, b1: int, b2: int, b3: int) -> tuple[int, int, int, int]:
    """Per bit, whether at least 1, 2, 3 and 4 of the four masks hold it, by pair sums (both of
    a pair, or one of it)."""
    both01, both23, one01, one23 = b0 & b1, b2 & b3, b0 ^ b1, b2 ^ b3
    return (
        one01 | one23 | both01 | both23,
        both01 | both23 | one01 & one23,
        both01 & one23 | both23 & one01 | both01 & both23,
        both01 & both23,
    )


def _four_cells_best(starts: int, cells: tuple[int, ...], own: int, opp: int) -> float:
    """The best share of the placements of one shape of four own cells (LINE, SLASH, a square)
    that hold no opposing stone (see :func:`_secret_progress`), by pair sums of the cells."""
    o0, o1, o2, o3 = cells
    free = starts & ~(opp >> o0 | opp >> o1 | opp >> o2 | opp >> o3)
    if not free:
        return 0.0
    k1, k2, k3, k4 = _at_least(
        own >> o0 & free, own >> o1 & free, own >> o2 & free, own >> o3 & free
    )
    if k4:
        return 4 / 4
    if k3:
        return 3 / 4
    if k2:
        return 2 / 4
    if k1:
        return 1 / 4
    return 0.0


def _armed_best(starts: int, centre: int, arms: tuple[int, ...], own: int, opp: int) -> float:
    """The best share of the placements of one X or CROSS shape with one-cell arms (see
    :func:`_secret_progress`): ``k`` own stones of ``1 + 4 - b`` cells when ``b`` arms are the
    opponent's, found by pair sums of the four arms and tried from the largest share down."""
    free = starts & ~(opp >> centre)
    if not free:
        return 0.0
    mid = own >> centre & free
    a0, a1, a2, a3 = arms
    w0, w1, w2, w3 = own >> a0 & free, own >> a1 & free, own >> a2 & free, own >> a3 & free
    x0, x1, x2, x3 = opp >> a0 & free, opp >> a1 & free, opp >> a2 & free, opp >> a3 & free
    if mid & (w0 | x0) & (w1 | x1) & (w2 | x2) & (w3 | x3):
        return 1.0  # every cell that counts is the player's
    # own arms (w_) and the opponent's (x_): at least 1..4 of the four
    w_1, w_2, w_3, w_4 = _at_least(w0, w1, w2, w3)
    x_1, x_2, x_3, x_4 = _at_least(x0, x1, x2, x3)
    # own cells with the centre: at least k
    k1, k2, k3, k4 = mid | w_1, mid & w_1 | w_2, mid & w_2 | w_3, mid & w_3 | w_4
    # exactly b blocked arms: 5 - b cells count
    e0, e1, e2, e3 = free & ~x_1, x_1 & ~x_2, x_2 & ~x_3, x_3 & ~x_4
    # the shares below 1 from the largest down: 4/5, 3/4, 2/3, 3/5, 1/2, 2/5, 1/3, 1/4, 1/5
    if k4 & e0:
        return 4 / 5
    if k3 & e1:
        return 3 / 4
    if k2 & e2:
        return 2 / 3
    if k3 & e0:
        return 3 / 5
    if k2 & e1 or k1 & e3:
        return 1 / 2
    if k2 & e0:
        return 2 / 5
    if k1 & e2:
        return 1 / 3
    if k1 & e1:
        return 1 / 4
    if k1 & e0:
        return 1 / 5
    return 0.0


def _secret_progress_by_placement(geo: Geometry, number: int, own: int, opp: int) -> float:
    """:func:`_secret_progress` placement by placement: only placements holding an own stone
    can be filled at all, so they are found from the own stones' cells."""
    placements, by_cell = _condition_placements(geo, number)
    touched: set[int] = set()
    add = touched.update
    rest = own
    while rest:  # the own cells, lowest first, without listing them
        low = rest & -rest
        add(by_cell[low.bit_length() - 1])
        rest ^= low
    return _best_share(placements, touched, own, opp)


def _best_share(
    placements: tuple[_Placement, ...], indices: Iterable[int], own: int, opp: int
) -> float:
    """The filled share of the best of ``placements[i]`` for ``i`` in ``indices`` not blocked by
    ``opp`` (0.0 if none): the measure behind :func:`_secret_progress`."""
    best = 0.0
    for index in indices:
        cells, arms, every, count = placements[index]
        if opp & every:
            if opp & cells:
                continue
            whole = cells
            for arm in arms:
                if opp & arm:
                    continue  # one arm may be the opponent's (DB3): it neither helps nor blocks
                whole |= arm
            share = (own & whole).bit_count() / whole.bit_count()
        else:  # nothing of theirs on it: all its cells count
            share = (own & every).bit_count() / count
        if share > best:
            best = share
            if best == 1.0:
                break  # no placement is filled more than wholly
    return best


# --------------------------------------------------------------------------- cells and moves
def cell_name(x: int, y: int) -> str:
    """The Go-style name of cell ``(x, y)``: column letter (no ``I``) then row ``y + 1``."""
    return f"{COLUMNS[x]}{y + 1}" if 0 <= x < len(COLUMNS) else f"?{y + 1}"


_CELL_RE = re.compile(r"([A-Za-z])(\d{1,3})")


def parse_cell(text: str) -> Cell:
    """``(x, y)`` of a cell name, whatever the board size (the caller checks it is on the board).

    Raises:
        ValueError: not a cell name; the letter ``I`` is refused with its own message.
    """
    match = _CELL_RE.fullmatch(text.strip())
    if not match:
        raise ValueError(f"{_excerpt(text)} is not a cell name like D4 (column letter, row number)")
    letter, row = match.group(1).upper(), int(match.group(2))
    if letter == "I":
        raise ValueError(
            f"{_excerpt(text)}: the letter I is not a column; Go boards skip it (… G H J K …)"
        )
    return COLUMNS.index(letter), row - 1


def _board_words(size: int) -> str:
    return f"a {size}×{size} board has columns A–{COLUMNS[size - 1]} and rows 1–{size}"


@dataclasses.dataclass(frozen=True)
class Place(Move):
    """Place a stone on the intersection ``(x, y)``; notation: the cell name, e.g. ``D4``."""

    x: int
    y: int

    @property
    def cell(self) -> str:
        """The cell's name."""
        return cell_name(self.x, self.y)

    @property
    def targets(self) -> tuple[str, ...]:
        return (self.cell,)

    def __str__(self) -> str:
        return self.cell


@dataclasses.dataclass(frozen=True)
class Question(Move):
    """Decide whether to ask "Have I fulfilled your condition?": ``ask`` or ``don't ask``."""

    ask: bool

    @property
    def targets(self) -> tuple[()]:
        return ()

    def __str__(self) -> str:
        return "ask" if self.ask else "don't ask"


ASK = Question(True)
DONT_ASK = Question(False)
_QUESTION_WORDS = {
    "ask": ASK,
    "don't ask": DONT_ASK,
    "dont ask": DONT_ASK,
    "don’t ask": DONT_ASK,
    "decline": DONT_ASK,
    "pass-question": DONT_ASK,
}


# --------------------------------------------------------------------------- options
@dataclasses.dataclass(frozen=True)
class DoubleBlindOptions:
    """Double Blind's variant switches; the defaults are the RECOMMENDED rulings of RULINGS §4."""

    IN_WORDS: ClassVar[Mapping[str, Wording]] = {
        "size": Wording(
            "DB1",
            "the board is this many intersections a side (9 and 13 are the small Go boards)",
            values="**`19`**, any size from 5 to 25",
        ),
        "draw": Wording(
            "DB2",
            "both secrets from one set of cards (they differ); or each from their own set (they "
            "may be equal)",
        ),
        "arm_length": Wording(
            "DB3",
            "the arms of X and CROSS are one stone long; or two stones long",
        ),
        "square": Wording(
            "DB7",
            "condition 3 is one of the four drawn squares; or any square with corners on "
            "intersections, any size or tilt",
        ),
        "auto_ask": Wording(
            "DB9",
            "asking is each player's decision; or every earned question is asked automatically",
        ),
        "simultaneous": Wording(
            "DB12",
            "if one stone makes both players win, the player who placed it wins; or nobody does",
        ),
        "first": Wording(
            "set-up",
            "who places the first stone",
        ),
    }
    """Each switch in words, for the switches, the dashboards and the rule page's options table
    (``tools/option_tables.py`` writes ``docs/rules/doubleblind.md``'s from here)."""

    size: int = dataclasses.field(
        default=19, metadata={"min": MIN_SIZE, "max": MAX_SIZE, "rule": "DB1"}
    )
    """DB1: board size, 5–25 intersections a side (19 recommended; 9 and 13 are the small Go
    boards). A position's own ``size`` key wins over this option."""
    draw: Literal["one_set", "independent"] = "one_set"
    """DB2: ``one_set`` — both secrets from one set of cards 1–5, so they differ;
    ``independent`` — each player draws from their own set, so they may be equal."""
    arm_length: Literal[1, 2] = 1
    """DB3: arm length of X and CROSS (reconstructed shapes). 2: centre plus 8 cells; an arm is a
    player's only when both its cells are theirs; mixed arms fail."""
    square: Literal["drawn", "any_lattice_square"] = "drawn"
    """DB7: condition 3 is one of the four drawn squares, or ``any_lattice_square``: any square
    with corners on intersections (any size, any tilt)."""
    auto_ask: bool = False
    """DB9 alternative: the engine asks every earned question at once (no ask/don't-ask moves).
    Off (the recommended reading): each question is a decision; when one stone earns a question
    for both players, the player who placed it decides first (DB9's order, *Inferred*)."""
    simultaneous: Literal["mover", "draw"] = "mover"
    """DB12, *Invented* (the seed is silent): when one placement makes both players win, the mover
    wins (``mover``), or nobody (``draw``)."""
    first: Literal["black", "white", "random"] = "black"
    """RULINGS 4.2 "choose a player to go first": Black, White, or drawn from the seed."""


def _check_turn_order(stones: tuple[int, int]) -> None:
    """Refuse stone counts that placing in turn cannot produce.

    "Players alternate placing pieces", with no pass and no capture, so the two counts never
    differ by more than one. (Who places next is not held against the counts: positions written
    by hand, the API's own example among them, name the player to play freely.)
    """
    counts = (stones[0].bit_count(), stones[1].bit_count())
    if abs(counts[0] - counts[1]) > 1:
        names = PLAYER_NAMES
        raise InvalidState(
            f"stones: {names[0]} has {counts[0]} and {names[1]} {counts[1]}, but players "
            "alternate placing, so the counts differ by at most one"
        )


# --------------------------------------------------------------------------- state
@state_dataclass
class DoubleBlindState(State):
    """A Double Blind position.

    Attributes:
        stones: each player's stones as a bitset (bit ``y * size + x``).
        secrets: each player's secret condition (1–5).
        completed: each player's completed conditions (public, permanent).
        queries: every question asked, in order, as ``(player, answer)``.
        pending: players who now decide whether to ask, in order (DB9).
        to_place: who places the next stone; ``None`` once the game is over.
        outcome: ``None`` while running, else the winners (``()`` for a draw).
        seed: the seed the start position was drawn from (provenance only).
    """

    rules: DoubleBlindRules
    stones: tuple[int, int]
    secrets: tuple[int, int]
    completed: tuple[frozenset[int], frozenset[int]]
    queries: tuple[tuple[int, bool], ...]
    pending: tuple[int, ...]
    to_place: int | None
    outcome: tuple[int, ...] | None
    seed: int | None
    geo: Geometry = dataclasses.field(compare=False, repr=False)
    free_places: tuple[Place, ...] = dataclasses.field(compare=False, repr=False)
    """The placements on the empty cells in board order (row 1 first): the move list while no
    question is pending, kept incrementally."""

    _CACHES: ClassVar[frozenset[str]] = frozenset({"_worlds", "_progress"})
    """``_worlds``: per player, the opponent's secrets that fit what the player sees and the
    position made with each (``DoubleBlindRules.sample``); ``_progress``: per player, the
    progress of their secret here once worked out for the positions after it (``_progress``).
    Neither is ever carried to another state."""

    @property
    def free(self) -> tuple[int, ...]:
        """The empty cells' indices (``y * size + x``), ascending."""
        size = self.geo.size
        return tuple(p.y * size + p.x for p in self.free_places)

    """The empty cells' indices, ascending (kept incrementally for cheap move lists)."""

    # ----------------------------------------------------------------- protocol
    @property
    def options(self) -> DoubleBlindOptions:
        """The variant switches of this state's rules."""
        return self.rules.options

    def _evolve(
        self,
        *,
        stones: tuple[int, int] | None = None,
        completed: tuple[frozenset[int], frozenset[int]] | None = None,
        queries: tuple[tuple[int, bool], ...],
        pending: tuple[int, ...],
        to_place: int | None,
        outcome: tuple[int, ...] | None,
        free_places: tuple[Place, ...] | None = None,
    ) -> DoubleBlindState:
        """This position with the given fields changed (by the protocol's ``_derive``: a quarter
        of the cost of ``dataclasses.replace``, which matters in playouts)."""
        return self._derive(
            stones=self.stones if stones is None else stones,
            completed=self.completed if completed is None else completed,
            queries=queries,
            pending=pending,
            to_place=to_place,
            outcome=outcome,
            free_places=self.free_places if free_places is None else free_places,
        )

    @property
    def players(self) -> int:
        return 2

    @property
    def to_play(self) -> int | None:
        if self.outcome is not None:
            return None
        return self.pending[0] if self.pending else self.to_place

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def winners(self) -> tuple[int, ...]:
        return self.outcome or ()

    @property
    def size(self) -> int:
        """Intersections per side."""
        return self.geo.size

    def secret_seen_by(self, player: int, view: int | None) -> int | None:
        """``player``'s secret as ``view`` may see it (DB14): ``None`` while it is hidden, that is
        the opponent's secret until the game is over; ``view=None`` sees everything."""
        if view is None or view == player or self.outcome is not None:
            return self.secrets[player]
        return None

    def heard_yes(self, player: int) -> bool:
        """Whether ``player`` has been answered "yes" (DB11 (a))."""
        return any(p == player and answer for p, answer in self.queries)

    def stone_cells(self, player: int) -> tuple[str, ...]:
        """The names of ``player``'s stones, in board order (row 1 first)."""
        return tuple(self.geo.names[i] for i in _bits(self.stones[player]))

    def owner(self, cell: str) -> int | None:
        """The player whose stone is on ``cell`` (a name), or ``None`` if it is empty."""
        x, y = parse_cell(cell)
        bit = 1 << (y * self.size + x)
        for p in (0, 1):
            if self.stones[p] & bit:
                return p
        return None

    def completed_patterns(self, player: int) -> dict[int, tuple[str, ...]]:
        """Where ``player``'s completed conditions lie: per condition, one placement's cells.

        The cells are the pattern's own stones and, for X and CROSS, its arms (one may be the
        opponent's, DB3), so a picture can show each completed pattern on the board. Completions
        are public (DB8), so this reveals nothing hidden.
        """
        own, opp = self._sides(player)
        found: dict[int, tuple[str, ...]] = {}
        for number in sorted(self.completed[player]):
            for cells, arms, every, _ in _condition_placements(self.geo, number)[0]:
                done = _armed_complete(own, opp, cells, arms) if arms else own & cells == cells
                if done:
                    found[number] = tuple(self.geo.names[i] for i in _bits(every))
                    break
        return found

    def _is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal; the same answer as ``move in legal_moves()``, without lists.

        A placement is checked by one bit test, so ``play`` never builds the move list.
        """
        if self.outcome is not None:
            return False
        # ``type(...) is`` first: ``isinstance`` on the abstract Move classes is slow
        if type(move) is Place or isinstance(move, Place):
            size = self.geo.size
            x, y = move.x, move.y
            if self.pending or not (0 <= x < size and 0 <= y < size):
                return False
            stones = self.stones
            return not (stones[0] | stones[1]) >> (y * size + x) & 1
        if isinstance(move, Question):
            return bool(self.pending)
        return False

    def _generate_moves(self) -> list[Move]:
        if self.pending:
            return [ASK, DONT_ASK]
        # the tuple itself: ``legal_moves`` copies it once into the list it returns
        return cast("list[Move]", self.free_places)

    def _random_move(self, rng: random.Random) -> Move:
        """A uniform legal move, drawn without listing the empty intersections."""
        if self.pending:
            return ASK if rng.random() < 0.5 else DONT_ASK
        free = self.free_places
        return free[rng.randrange(len(free))]

    def _heuristic(self, player: int) -> float:
        """How well ``player`` stands, in ``[0, 1]``, from what ``player`` may see (DB14).

        For ``player``: their own secret completed, a "yes" heard (the two halves of the win,
        DB11) and how far the best unblocked placement of their secret is filled. For the
        opponent, whose secret is unseen: a "yes" heard and how many conditions they completed.
        """
        other = 1 - player
        secret = self.secrets[player]
        done = secret in self.completed[player]
        progress = 1.0 if done else self._progress(player, secret)
        yes = they_yes = False  # until a question is answered "yes" (usually none yet)
        for asker, answer in self.queries:
            if answer:
                if asker == player:
                    yes = True
                else:
                    they_yes = True
        own = 0.45 * done + 0.30 * yes + 0.25 * progress
        theirs = 0.30 * they_yes + 0.50 * len(self.completed[other]) / len(CONDITIONS)
        return 0.5 + 0.5 * (own - theirs)

    def _sides(self, player: int) -> tuple[int, int]:
        return self.stones[player], self.stones[1 - player]

    def _progress(self, player: int, secret: int) -> float:
        """:func:`_secret_progress` of ``player``'s ``secret`` here.

        The greedy agent and the search's prior score every placement of the player to move
        from one position. When this position is the one before plus a stone of ``player``'s
        (and nothing of the opponent's changed), only the placements through that stone can
        have changed, and each of them only grew: the best share is the one before or the best
        of those. The one before is worked out (and kept on that position) once a second
        position is scored from it; the first is scored in full.
        """
        geo = self.geo
        own, opp = self.stones[player], self.stones[1 - player]
        before = self.previous
        move = self.last_move
        if type(move) is Place and isinstance(before, DoubleBlindState):
            cell = move.y * geo.size + move.x
            if before.stones[1 - player] == opp and before.stones[player] | 1 << cell == own:
                memo: dict[int, float | None] | None = before._recall("_progress")
                if memo is None:
                    memo = before._remember("_progress", {})
                if player not in memo:
                    memo[player] = None  # asked once: the next position scored from it uses it
                else:
                    known = memo[player]
                    if known is None:
                        known = memo[player] = _secret_progress(
                            geo, secret, before.stones[player], opp
                        )
                    placements, by_cell = _condition_placements(geo, secret)
                    return max(known, _best_share(placements, by_cell[cell], own, opp))
        return _secret_progress(geo, secret, own, opp)

    def _policy_move(self, rng: random.Random) -> Move:
        """A cheap rollout policy: always ask (asking is free, DB9); mostly place next to one of
        one's own stones (shapes grow from stones), else anywhere."""
        if self.pending:
            return ASK
        player = self.to_place
        assert player is not None
        own = self.stones[player]
        if own and rng.random() < 0.7:
            size = self.size
            occupied = own | self.stones[1 - player]
            count = own.bit_count()
            for _ in range(3):
                cell = _nth_bit(own, rng.randrange(count))
                dx, dy = _NEIGHBOURS[rng.randrange(8)]
                x, y = cell % size + dx, cell // size + dy
                if 0 <= x < size and 0 <= y < size and not occupied >> (y * size + x) & 1:
                    return self.geo.places[y * size + x]
        return self._random_move(rng)

    # ----------------------------------------------------------------- moves
    def _apply(self, move: Move) -> DoubleBlindState:
        if type(move) is not Place:
            assert isinstance(move, Question)
            return self._apply_question(move)
        assert self.to_place is not None
        geo = self.geo
        cell = move.y * geo.size + move.x
        mover = self.to_place
        other = 1 - mover
        south, north = self.stones
        bit = 1 << cell
        # its place in the board order: the empty cells before it (one bit count, no search)
        i = cell - ((south | north) & (bit - 1)).bit_count()
        if mover:
            north |= bit
        else:
            south |= bit
        places = self.free_places
        places = places[:i] + places[i + 1 :]
        changed = False
        need = geo.min_own
        mine, theirs = (north, south) if mover else (south, north)
        # ``_new_completions``' first test for each player, made here: the usual stone has too
        # few stones of either player near it for any pattern, and neither scan is made
        mover_near = (mine & geo.near[cell]).bit_count() >= need
        other_near = (theirs & geo.arm_near[cell]).bit_count() >= need
        if mover_near or other_near:
            stones = [south, north]
            completed = list(self.completed)
            earned: list[int] = []
            for p, as_mover, near in ((mover, True, mover_near), (other, False, other_near)):
                if not near or len(completed[p]) == len(CONDITIONS):
                    continue
                new = _new_completions(geo, stones[p], stones[1 - p], completed[p], cell, as_mover)
                if new:
                    changed = True
                    completed[p] = completed[p] | new
                    if len(completed[p]) >= 2:
                        earned.append(p)
        if not changed:
            # nothing new completed: no question, no win (none before, DB11), a draw if full; no
            # question was pending and the game was running (else no stone could be placed)
            if places:
                return self._derive(stones=(south, north), to_place=other, free_places=places)
            return self._derive(
                stones=(south, north), to_place=None, outcome=(), free_places=places
            )
        queries = self.queries
        pending: tuple[int, ...] = ()
        if self.options.auto_ask:
            for p in earned:
                queries += ((p, self.secrets[1 - p] in completed[p]),)
        else:
            pending = tuple(earned)
        winning = [
            p
            for p in (mover, other)
            if self.secrets[p] in completed[p] and any(q == p and a for q, a in queries)
        ]
        outcome: tuple[int, ...] | None = None
        if winning:
            pending = ()
            if len(winning) == 1:
                outcome = (winning[0],)
            else:
                outcome = (mover,) if self.options.simultaneous == "mover" else ()
        elif not places and not pending:
            outcome = ()
        return self._evolve(
            stones=(stones[0], stones[1]),
            completed=(completed[0], completed[1]),
            queries=queries,
            pending=pending,
            to_place=None if outcome is not None else other,
            outcome=outcome,
            free_places=places,
        )

    def _apply_question(self, move: Question) -> DoubleBlindState:
        asker = self.pending[0]
        pending = self.pending[1:]
        queries = self.queries
        outcome: tuple[int, ...] | None = None
        if move.ask:
            answer = self.secrets[1 - asker] in self.completed[asker]
            queries += ((asker, answer),)
            if answer and self.secrets[asker] in self.completed[asker]:
                outcome = (asker,)
        if outcome is None and not pending and not self.free_places:
            outcome = ()
        if outcome is not None:
            pending = ()
        return self._evolve(
            queries=queries,
            pending=pending,
            to_place=None if outcome is not None else self.to_place,
            outcome=outcome,
        )

    def _why_illegal(self, move: Move) -> str:
        names = PLAYER_NAMES
        if isinstance(move, Place):
            if not (0 <= move.x < self.size and 0 <= move.y < self.size):
                return f"{move} is off the board: {_board_words(self.size)}"
            if self.pending:
                return (
                    f"{move}: no stone can be placed yet: {names[self.pending[0]]} must first "
                    "decide whether to ask the question (ask / don't ask, DB9)"
                )
            owner = self.owner(move.cell)
            return (
                f"{move} is already taken by {names[owner] if owner is not None else '?'}'s "
                "stone; stones go on empty intersections"
            )
        if isinstance(move, Question):
            return (
                f"{move!s} is not possible now: no question is pending; a player may ask only when "
                "their number of different completed conditions has just risen to two or more (DB9)"
            )
        return f"{move!r} is not a Double Blind move"

    # ----------------------------------------------------------------- views
    def _position_json(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "to_play": self.to_play,
            "to_place": self.to_place,
            "secrets": list(self.secrets),
            "stones": [list(self.stone_cells(p)) for p in (0, 1)],
            "completed": [sorted(self.completed[p]) for p in (0, 1)],
            "queries": [{"player": p, "answer": a} for p, a in self.queries],
            "pending": list(self.pending),
            "winners": None if self.outcome is None else list(self.outcome),
            "seed": self.seed,
        }

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: all but the opponent's secret and the seed, until the end."""
        self._check_player(player)
        data = self.to_json()
        data["secrets"] = [self.secret_seen_by(p, player) for p in (0, 1)]
        if not self.is_over:
            data["seed"] = None
        return data

    def status(self) -> str:
        counts = ", ".join(f"{PLAYER_NAMES[p]} {len(self.completed[p])}" for p in (0, 1))
        if self.is_over:
            return f"{super().status()} · completed: {counts}"
        if self.pending:
            after = PLAYER_NAMES[self.to_place] if self.to_place is not None else "?"
            return (
                f"{PLAYER_NAMES[self.pending[0]]} decides whether to ask the question; "
                f"then {after} places · completed: {counts}"
            )
        assert self.to_place is not None
        return f"{PLAYER_NAMES[self.to_place]} to place a stone · completed: {counts}"

    def __str__(self) -> str:
        size = self.size
        letters = "    " + " ".join(COLUMNS[:size])
        lines = [letters]
        last = self.last_move if isinstance(self.last_move, Place) else None
        for y in range(size - 1, -1, -1):
            row = []
            for x in range(size):
                bit = 1 << (y * size + x)
                mark = "."
                for p in (0, 1):
                    if self.stones[p] & bit:
                        mark = STONE_TEXT[p] if last != Place(x, y) else STONE_TEXT[p].lower()
                row.append(mark)
            lines.append(f"{y + 1:>3} {' '.join(row)} {y + 1:<3}".rstrip())
        lines.append(letters)
        for p in (0, 1):
            done = ", ".join(CONDITIONS[n].name for n in sorted(self.completed[p])) or "none"
            secret = CONDITIONS[self.secrets[p]].name
            lines.append(
                f"{PLAYER_NAMES[p]} ({STONE_TEXT[p]}): secret {self.secrets[p]} {secret}; "
                f"completed {done}"
            )
        if self.queries:
            asked = "; ".join(
                f"{PLAYER_NAMES[p]} asked: {'yes' if a else 'no'}" for p, a in self.queries
            )
            lines.append(f"Questions: {asked}")
        if last is not None:
            lines.append(f"Last stone: {last} (lower case)")
        lines.append(self.status())
        return "\n".join(lines)


# --------------------------------------------------------------------------- rules
class DoubleBlindRules(Rules):
    """Double Blind under one set of options (see the module docstring)."""

    id = "doubleblind"
    title = "Double Blind"
    min_players = 2
    max_players = 2
    Options = DoubleBlindOptions
    PLAYER_NAMES = PLAYER_NAMES
    options: DoubleBlindOptions

    @property
    def opts(self) -> DoubleBlindOptions:
        """The variant switches, typed."""
        return self.options

    clicks: ClassVar[Clicks] = interaction.StoneClicks(Place, parse_cell)
    hidden_information = True

    def sample(self, state: State, player: int, rng: random.Random) -> State:
        """A full position consistent with ``state.observation(player)``: the opponent's secret
        re-drawn among the conditions every public fact allows (DB14).

        Built from the observation alone, so two states that look the same to ``player`` give
        the same sample for the same ``rng``. The opponent's secret ``s`` must differ from
        ``player``'s own under ``draw = one_set`` (DB2); be among ``player``'s completed
        conditions if ``player`` heard "yes" (DB10); not be among the opponent's completed
        conditions if the opponent heard "yes" while the game runs (else they would have won,
        DB11); and not be among ``player``'s completed conditions when a "no" answered a
        question asked when they already had all of them (the k-th question comes at k + 1 or
        more conditions, DB9, so a "no" to the k-th with k + 1 conditions now rules those out).
        """
        state._check_player(player)
        assert isinstance(state, DoubleBlindState)
        if state.is_over:  # over: nothing is hidden any more
            return state.rules.load(state.observation(player))
        # A search draws from one position on every iteration: the secrets that fit, and the
        # position each of them makes, are worked out once per position and player.
        worlds: dict[int, tuple[list[int], dict[int, DoubleBlindState]]] | None
        worlds = state._recall("_worlds")
        if worlds is None:
            worlds = state._remember("_worlds", {})
        if player not in worlds:
            worlds[player] = (self._secrets_that_fit(state, player), {})
        pick, made = worlds[player]
        if not pick:  # nothing fits: any condition, and loading judges the position
            secrets = list(state.secrets)
            secrets[1 - player] = rng.choice(sorted(CONDITIONS))
            return state.rules.load({**state.observation(player), "secrets": secrets})
        secret = rng.choice(pick)
        if secret not in made:
            # A drawn secret fits every check loading would make of it (distinct under one_set,
            # a "yes" heard is true, the opponent is not left holding an unclaimed win), and
            # the rest is the position as seen, so the position is this one with the secret
            # swapped.
            pair = (state.secrets[0], secret) if player == 0 else (secret, state.secrets[1])
            made[secret] = state._derive(secrets=pair, seed=None)
        return made[secret]

    @staticmethod
    def _secrets_that_fit(state: DoubleBlindState, player: int) -> list[int]:
        """The conditions the opponent of ``player`` may hold, as far as ``player`` can tell
        (see :meth:`sample`); empty when a made-up position leaves none."""
        other = 1 - player
        own = state.secrets[player]
        mine, theirs = state.completed[player], state.completed[other]
        asked = [answer for p, answer in state.queries if p == player]
        heard_yes = any(asked)
        they_heard_yes = any(answer for p, answer in state.queries if p == other)
        draw = state.options.draw  # the rules are public
        candidates = [
            s
            for s in sorted(CONDITIONS)
            if not (draw == "one_set" and s == own)
            and (not heard_yes or s in mine)
            and not (they_heard_yes and s in theirs)
        ]
        ruled_out = {
            s
            for k, answer in enumerate(asked, 1)
            if not answer and len(mine) == k + 1
            for s in mine
        }
        narrowed = [s for s in candidates if s not in ruled_out]
        # a made-up position (questions are history, their DB9 count is not checked on load)
        # may contradict the deduction: then only the certain facts count
        return narrowed or candidates

    def _geometry(self, options: DoubleBlindOptions) -> Geometry:
        return geometry(options.size, options.arm_length, options.square)

    def _new(self, players: int, seed: int | None) -> DoubleBlindState:
        opts = self.opts
        rng = random.Random(f"{seed}/setup") if seed is not None else random.Random()
        if opts.draw == "one_set":
            first_card, second_card = rng.sample(range(1, 6), 2)
        else:
            first_card, second_card = rng.randint(1, 5), rng.randint(1, 5)
        starter = {"black": 0, "white": 1}.get(opts.first)
        if starter is None:
            starter = rng.randrange(2)
        geo = self._geometry(opts)
        return _make_state(
            self,
            stones=(0, 0),
            secrets=(first_card, second_card),
            completed=(frozenset(), frozenset()),
            queries=(),
            pending=(),
            to_place=starter,
            outcome=None,
            seed=seed,
            geo=geo,
            free_places=geo.places,
        )

    # ----------------------------------------------------------------- loading
    _KEYS = frozenset(
        {
            "size",
            "players",
            "to_play",
            "to_place",
            "secrets",
            "stones",
            "completed",
            "queries",
            "pending",
            "winners",
            "seed",
        }
    )

    def _load_position(self, data: Mapping[str, Any]) -> DoubleBlindState:
        check_keys(data, self._KEYS)
        if "players" in data and data["players"] != 2:
            raise InvalidState(
                f"players: Double Blind is for 2 players, not {_excerpt(data['players'])}"
            )
        rules = self._sized(data.get("size", self.opts.size))
        opts = rules.opts
        geo = rules._geometry(opts)
        stones = self._load_stones(data, geo)
        secrets = self._load_secrets(data, opts)
        completed = (
            completed_conditions(geo, stones[0], stones[1]),
            completed_conditions(geo, stones[1], stones[0]),
        )
        if "completed" in data:
            self._check_completed(data["completed"], completed)
        queries = self._load_queries(data.get("queries", []), secrets, completed)
        pending = self._load_pending(data.get("pending", []), completed)
        heard = [any(p == q and a for q, a in queries) for p in (0, 1)]
        eligible = [p for p in (0, 1) if heard[p] and secrets[p] in completed[p]]
        full = (stones[0] | stones[1]) == geo.full
        outcome = self._load_outcome(data, eligible, full, pending, opts)
        to_play = data.get("to_play", "missing")
        to_place: int | None = None
        if outcome is not None:
            if to_play not in (None, "missing"):
                raise InvalidState(
                    f"to_play: the game is over, so to_play is null, not {_excerpt(to_play)}"
                )
            if data.get("to_place") is not None:
                raise InvalidState("to_place: the game is over, so to_place is null")
        else:
            to_place = self._load_to_place(data, to_play, pending, stones, opts)
        _check_turn_order(stones)
        seed = data.get("seed")
        if seed is not None and (not is_int(seed) or abs(seed) >= 10**100):
            raise InvalidState(
                f"seed: expected an integer of at most 100 digits or null, got {_excerpt(seed)}"
            )
        occupied = stones[0] | stones[1]
        return _make_state(
            rules,
            stones=stones,
            secrets=secrets,
            completed=completed,
            queries=queries,
            pending=pending,
            to_place=to_place,
            outcome=outcome,
            seed=seed,
            geo=geo,
            free_places=tuple(p for i, p in enumerate(geo.places) if not occupied >> i & 1),
        )

    def _sized(self, size: Any) -> DoubleBlindRules:
        if not is_int(size) or not MIN_SIZE <= size <= MAX_SIZE:
            raise InvalidState(
                f"size: must be an integer from {MIN_SIZE} to {MAX_SIZE}, not {_excerpt(size)}"
            )
        if size == self.opts.size:
            return self
        return type(self)(dataclasses.replace(self.opts, size=size))

    @staticmethod
    def _load_stones(data: Mapping[str, Any], geo: Geometry) -> tuple[int, int]:
        if "stones" not in data:
            raise InvalidState("stones: missing (expected two lists of cell names like D4)")
        value = data["stones"]
        if not isinstance(value, list) or len(value) != 2:
            raise InvalidState("stones: expected two lists of cell names, one per player")
        where: dict[int, str] = {}
        masks = [0, 0]
        for p, cells in enumerate(value):
            if not isinstance(cells, list):
                raise InvalidState(
                    f"stones[{p}]: expected a list of cell names, got {_excerpt(cells)}"
                )
            if len(cells) + len(where) > geo.size * geo.size:
                raise InvalidState(
                    f"stones[{p}]: {len(cells)} stones, more than the {geo.size * geo.size} "
                    f"intersections left on a {geo.size}×{geo.size} board"
                )
            for k, text in enumerate(cells):
                field = f"stones[{p}][{k}]"
                if not isinstance(text, str):
                    raise InvalidState(
                        f"{field}: expected a cell name like D4, got {_excerpt(text)}"
                    )
                try:
                    x, y = parse_cell(text)
                except ValueError as err:
                    raise InvalidState(f"{field}: {err}") from None
                if not (0 <= x < geo.size and 0 <= y < geo.size):
                    raise InvalidState(
                        f"{field}: {text} is off the board: {_board_words(geo.size)}"
                    )
                index = y * geo.size + x
                if index in where:
                    raise InvalidState(
                        f"{field}: {cell_name(x, y)} is taken twice (also {where[index]}); "
                        "an intersection holds one stone"
                    )
                where[index] = field
                masks[p] |= 1 << index
        return masks[0], masks[1]

    @staticmethod
    def _load_secrets(data: Mapping[str, Any], opts: DoubleBlindOptions) -> tuple[int, int]:
        if "secrets" not in data:
            raise InvalidState("secrets: missing (expected [condition of Black, of White], 1–5)")
        value = data["secrets"]
        if not isinstance(value, list) or len(value) != 2:
            raise InvalidState(f"secrets: expected two conditions 1–5, got {_excerpt(value)}")
        for p, secret in enumerate(value):
            if not is_int(secret) or secret not in CONDITIONS:
                raise InvalidState(
                    f"secrets[{p}]: {_excerpt(secret)} is not a condition; conditions are numbered "
                    "1–5 "
                    "(an observation, with the opponent's secret hidden, cannot be loaded)"
                )
        if opts.draw == "one_set" and value[0] == value[1]:
            raise InvalidState(
                f"secrets: both players hold condition {value[0]}, but with one set of cards 1–5 "
                "(DB2) the two secrets differ; use the option draw=independent to allow it"
            )
        return value[0], value[1]

    @staticmethod
    def _check_completed(value: Any, completed: tuple[frozenset[int], frozenset[int]]) -> None:
        expected = [sorted(c) for c in completed]
        if not isinstance(value, list) or len(value) != 2:
            raise InvalidState(
                f"completed: expected two lists of conditions, got {_excerpt(value)}"
            )
        for p in (0, 1):
            given = value[p]
            if not isinstance(given, list) or sorted(given) != expected[p]:
                raise InvalidState(
                    f"completed[{p}]: {_excerpt(given)} does not match the stones, which complete "
                    f"{expected[p]} for {PLAYER_NAMES[p]} (completed is recomputed, never trusted)"
                )

    @staticmethod
    def _load_queries(
        value: Any, secrets: tuple[int, int], completed: tuple[frozenset[int], frozenset[int]]
    ) -> tuple[tuple[int, bool], ...]:
        if not isinstance(value, list):
            raise InvalidState(f"queries: expected a list of questions, got {_excerpt(value)}")
        if len(value) > 2 * MAX_QUESTIONS:
            raise InvalidState(
                f"queries: {len(value)} questions; each player asks at most {MAX_QUESTIONS} "
                "(once per new completion from the second condition to the fifth, DB9)"
            )
        out = []
        for k, query in enumerate(value):
            field = f"queries[{k}]"
            if not isinstance(query, Mapping):
                raise InvalidState(f"{field}: expected {{'player': p, 'answer': bool}}")
            check_keys(query, {"player", "answer"}, field)
            p, answer = query.get("player"), query.get("answer")
            if p not in (0, 1) or not is_int(p):
                raise InvalidState(f"{field}.player: expected 0 or 1, got {_excerpt(p)}")
            if not isinstance(answer, bool):
                raise InvalidState(
                    f"{field}.answer: expected true or false, got {_excerpt(answer)}"
                )
            # A recorded question is history: only a "yes" is checked against the board (a
            # completion is permanent, so a true "yes" stays true). The DB9 count is not checked:
            # API.md's own example records a question by a player with no completed condition.
            if answer and secrets[1 - p] not in completed[p]:
                raise InvalidState(
                    f"{field}.answer: 'yes' is untrue: {PLAYER_NAMES[p]} has not completed "
                    f"{PLAYER_NAMES[1 - p]}'s condition {secrets[1 - p]} (answers are truthful, "
                    "DB10)"
                )
            out.append((p, answer))
            if sum(1 for q, _ in out if q == p) > MAX_QUESTIONS:
                raise InvalidState(
                    f"{field}: more than {MAX_QUESTIONS} questions by {PLAYER_NAMES[p]}; a player "
                    "asks at most once per new completion from the second condition to the "
                    "fifth (DB9)"
                )
        return tuple(out)

    @staticmethod
    def _load_pending(
        value: Any, completed: tuple[frozenset[int], frozenset[int]]
    ) -> tuple[int, ...]:
        if not isinstance(value, list) or len(value) > 2 or len(set(map(repr, value))) < len(value):
            raise InvalidState(
                f"pending: expected a list of distinct players 0/1, got {_excerpt(value)}"
            )
        for k, p in enumerate(value):
            if not is_int(p) or p not in (0, 1):
                raise InvalidState(f"pending[{k}]: expected 0 or 1, got {_excerpt(p)}")
            if len(completed[p]) < 2:
                raise InvalidState(
                    f"pending[{k}]: {PLAYER_NAMES[p]} has fewer than two completed conditions, "
                    "so has no question to decide (DB9)"
                )
        return tuple(value)

    @staticmethod
    def _load_outcome(
        data: Mapping[str, Any],
        eligible: list[int],
        full: bool,
        pending: tuple[int, ...],
        opts: DoubleBlindOptions,
    ) -> tuple[int, ...] | None:
        given = data.get("winners")
        if given is not None and (
            not isinstance(given, list) or not all(is_int(w) and w in (0, 1) for w in given)
        ):
            raise InvalidState(
                f"winners: expected null or a list of players, got {_excerpt(given)}"
            )
        derived: tuple[int, ...] | None = None
        if len(eligible) == 1:
            derived = (eligible[0],)
        elif len(eligible) == 2:
            allowed = [[0], [1]] if opts.simultaneous == "mover" else [[]]
            if given not in allowed:
                raise InvalidState(
                    f"winners: both players hold a 'yes' and their own condition; say who won "
                    f"(DB12, simultaneous={opts.simultaneous}: one of {allowed})"
                )
            derived = tuple(given)
        elif full and not pending:
            derived = ()
        if "winners" in data and given != (None if derived is None else list(derived)):
            raise InvalidState(
                f"winners: {_excerpt(given)} does not follow from the position, which gives "
                f"{None if derived is None else list(derived)!r} (DB11–DB13)"
            )
        if derived is not None and pending:
            raise InvalidState("pending: the game is over, so no question can be pending")
        return derived

    @staticmethod
    def _load_to_place(
        data: Mapping[str, Any],
        to_play: Any,
        pending: tuple[int, ...],
        stones: tuple[int, int],
        opts: DoubleBlindOptions,
    ) -> int:
        if to_play == "missing":
            raise InvalidState("to_play: missing (expected 0 = Black or 1 = White)")
        if not is_int(to_play) or to_play not in (0, 1):
            raise InvalidState(
                f"to_play: expected 0 or 1 while the game runs, got {_excerpt(to_play)}"
            )
        if pending and to_play != pending[0]:
            raise InvalidState(
                f"to_play: {to_play} but {PLAYER_NAMES[pending[0]]} ({pending[0]}) must first "
                "decide whether to ask; to_play is the first pending player"
            )
        to_place = data.get("to_place")
        if to_place is None:
            if not pending:
                return int(to_play)
            # API.md: an added key needs a default so that minimal positions load. The player
            # with fewer stones places next; with as many, the player who placed first.
            counts = [bin(s).count("1") for s in stones]
            if counts[0] != counts[1]:
                return 0 if counts[0] < counts[1] else 1
            if opts.first != "random":
                return 0 if opts.first == "black" else 1
            raise InvalidState(
                "to_place: missing; while a question is pending, both players have as many "
                "stones and the first player was drawn at random (first=random), say who "
                "places next"
            )
        if not is_int(to_place) or to_place not in (0, 1):
            raise InvalidState(f"to_place: expected 0 or 1, got {_excerpt(to_place)}")
        if not pending and to_place != to_play:
            raise InvalidState(
                f"to_place: {to_place} differs from to_play {to_play} with no question pending"
            )
        return int(to_place)

    # ----------------------------------------------------------------- notation
    def _parse_move(self, state: State, text: str) -> Move:
        words = " ".join(text.lower().split())
        if words in _QUESTION_WORDS:
            return _QUESTION_WORDS[words]
        try:
            x, y = parse_cell(text)
        except ValueError as err:
            raise IllegalMove(
                f"{err}; a move is a cell name like D4, or 'ask' / \"don't ask\""
            ) from None
        return Place(x, y)


def _make_state(rules: DoubleBlindRules, **fields: Any) -> DoubleBlindState:
    return DoubleBlindState(rules, **fields)


RULES = DoubleBlindRules
