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
(plies since the last capture, default 0) and ``earlier`` (the positions since the last capture as
``{"to_play", "pieces"}`` objects, written only when ``repetition_draw`` is on, default ``[]``).
``to_play`` stays in the JSON after the game ends (it is then the player who could not move).

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
                               for the third time since the last capture (default off).
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
import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, ClassVar, Literal

from ftwkit.errors import IllegalMove, InvalidState
from ftwkit.geometry.hexgrid import (
    DIRECTIONS,
    VERTEX_DIRECTIONS,
    HexBoard,
    add,
    euclid_distance_sq,
    hex_distance,
    turn,
)
from ftwkit.protocol import Move, Rules, State, check_keys, is_int, state_dataclass

__all__ = ["BOARD", "RULES", "Approach", "Capture", "Options", "PlayWinRules", "PlayWinState"]

BOARD = HexBoard(4)
"""The 61-cell "order five" board."""

PIECES_PER_SIDE = 11
PLAYER_NAMES = ("South", "North")

_CELLS = BOARD.cells
_NAMES: tuple[str, ...] = tuple(BOARD.name(c) for c in _CELLS)
_INDEX: dict[str, int] = {name: i for i, name in enumerate(_NAMES)}
_AXIAL_INDEX: dict[tuple[int, int], int] = {c: i for i, c in enumerate(_CELLS)}
_FULL = (1 << len(_CELLS)) - 1
_START = (
    tuple(BOARD.row("A")) + tuple(BOARD.row("B")),
    tuple(BOARD.row("H")) + tuple(BOARD.row("I")),
)


def _idx(cell: tuple[int, int]) -> int:
    return _AXIAL_INDEX.get(cell, -1)


# Neighbour table: _NB[i][d] is the cell index one step along DIRECTIONS[d], or -1 off the board.
_NB: tuple[tuple[int, ...], ...] = tuple(tuple(_idx(add(c, d)) for d in DIRECTIONS) for c in _CELLS)


def _make_leaps() -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    """Per cell: every short bent leap as (jumped bit, landing bit, jumped index, landing index)."""
    table = []
    for i in range(len(_CELLS)):
        leaps = []
        for d in range(6):
            j = _NB[i][d]
            if j < 0:
                continue
            for side in (1, -1):
                land = _NB[j][turn(d, side)]
                if land >= 0:
                    leaps.append((1 << j, 1 << land, j, land))
        table.append(tuple(leaps))
    return tuple(table)


_LEAPS = _make_leaps()
_NB_MASK: tuple[int, ...] = tuple(sum(1 << j for j in row if j >= 0) for row in _NB)


@cache
def _rays(lines: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """Per cell: for each line direction, the (index, bit) pairs out to the board edge."""
    steps = DIRECTIONS if lines == 6 else DIRECTIONS + VERTEX_DIRECTIONS
    return tuple(
        tuple(
            tuple((_AXIAL_INDEX[x], 1 << _AXIAL_INDEX[x]) for x in BOARD.ray(c, s)) for s in steps
        )
        for c in _CELLS
    )


@cache
def _metric(distance: str) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The distinct distances on the board (ascending) and, per cell, the *balls*: for every
    level ``k``, the mask of cells at most ``levels[k]`` away (PW2 chooses the metric)."""
    fn = hex_distance if distance == "hex" else euclid_distance_sq
    dist = [[fn(a, b) for b in _CELLS] for a in _CELLS]
    levels = tuple(sorted({d for row in dist for d in row}))
    balls = tuple(
        tuple(sum(1 << j for j in range(len(_CELLS)) if dist[i][j] <= value) for value in levels)
        for i in range(len(_CELLS))
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


@cache
def _approach_table() -> tuple[dict[int, Approach], ...]:
    """Per source cell, one shared ``Approach`` per destination bit: moves are immutable."""
    return tuple({1 << j: Approach(a, b) for j, b in enumerate(_NAMES)} for a in _NAMES)


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
    max_plies_without_capture: int | None = None
    """PW12, engine-only, not in the rules: the game is drawn after this many plies in a row
    without a capture (``None``: never)."""
    repetition_draw: bool = False
    """PW12, engine-only, not in the rules: the game is drawn when the same position with the
    same player to move occurs for the third time since the last capture."""


# ---------------------------------------------------------------------------------------- state
@state_dataclass
class PlayWinState(State):
    """A Play Win position: both sides as bitsets over the 61 cells and the player to move.

    Attributes:
        south: bit ``i`` set when South has a piece on cell ``i`` (cells in ``BOARD.cells`` order).
        north: the same for North.
        mover: the player whose turn it is (still set once the game is over).
        quiet_plies: plies played since the last capture (for the engine-only draw safeguard).
        earlier: ``(south, north, mover)`` of the positions since the last capture, kept only
            when ``repetition_draw`` is on.
    """

    south: int
    north: int
    mover: int
    quiet_plies: int = 0
    earlier: tuple[tuple[int, int, int], ...] = ()
    _gen: tuple[Move, ...] | None = dataclasses.field(
        default=None, init=False, compare=False, repr=False
    )
    _cap: tuple[int, tuple[Capture, ...]] | None = dataclasses.field(
        default=None, init=False, compare=False, repr=False
    )

    seed: ClassVar[None] = None

    # ------------------------------------------------------------------ protocol properties
    @property
    def _opts(self) -> Options:
        return self.rules.options  # type: ignore[attr-defined, no-any-return]

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
        if opts.repetition_draw:
            key = (self.south, self.north, self.mover)
            return self.earlier.count(key) >= 2
        return False

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (a side is out of pieces or moves, or a safeguard draw)."""
        own, opp = self._sides()
        if not opp or not own:
            return True
        return self.is_drawn or not self._all_moves()

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
        if self._gen is None:
            count, captures = self._captures()
            moves: tuple[Move, ...] = captures if count else tuple(self._approaches())
            object.__setattr__(self, "_gen", moves)
            return moves
        return self._gen

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is among the legal moves (an identity scan first: moves handed out
        by ``legal_moves()`` are shared objects, so playouts skip hashing every move)."""
        cache = self._legal_cache
        if cache is not None:
            for legal in cache:
                if legal is move:
                    return True
        return super().is_legal(move)

    def explain(self, move: Move | str) -> str | None:
        """``None`` when ``move`` is legal, else the reason ``play`` would give.

        Once a player is immobilised the reason also says which rule stopped the move (e.g. "a
        lone piece cannot move without capturing"), not only that the game is over.
        """
        if isinstance(move, str):
            try:
                move = self.rules.parse_move(self, move)
            except IllegalMove as err:
                return str(err)
        reason = super().explain(move)
        if reason is None or not reason.endswith("the game is over"):
            return reason
        own, opp = self._sides()
        if own and opp and not self.is_drawn:
            reason += f" ({self._why_illegal(move)})"
        return reason

    def _generate_moves(self) -> list[Move]:
        return [] if self.is_over else list(self._all_moves())

    def _capture_series(self) -> dict[int, list[tuple[tuple[int, int], ...]]]:
        """Per own piece, every series of leaps that cannot be extended (empty if none)."""
        own, opp = self._sides()
        empty0 = _FULL & ~(own | opp)
        immediate = self._opts.removal == "immediate"
        leaps = _LEAPS
        found: dict[int, list[tuple[tuple[int, int], ...]]] = {}

        def dfs(pos: int, opp: int, empty: int, path: list[tuple[int, int]], out: list) -> None:
            extended = False
            pos_bit = 1 << pos
            for jb, lb, j, land in leaps[pos]:
                if opp & jb and empty & lb:
                    extended = True
                    path.append((j, land))
                    new_empty = (empty | pos_bit) ^ lb
                    if immediate:
                        new_empty |= jb
                    dfs(land, opp ^ jb, new_empty, path, out)
                    path.pop()
            if not extended and path:
                out.append(tuple(path))

        near = 0
        for q in _bits(opp):
            near |= _NB_MASK[q]
        for src in _bits(own & near):
            # cheap test first: most pieces next to an opposing piece still have no leap
            if not any(opp & jb and empty0 & lb for jb, lb, _, _ in leaps[src]):
                continue
            out: list[tuple[tuple[int, int], ...]] = []
            dfs(src, opp, empty0, [], out)
            found[src] = out
        return found

    def _captures(self) -> tuple[int, tuple[Capture, ...]]:
        """The global maximum capture count and the legal captures under PW9."""
        if self._cap is not None:
            return self._cap
        series = self._capture_series()
        best = max((len(s) for ss in series.values() for s in ss), default=0)
        mode = self._opts.max_capture
        moves = []
        for src, ss in series.items():
            if mode == "global":
                keep = [s for s in ss if len(s) == best]
            elif mode == "per_piece":
                top = max(len(s) for s in ss)
                keep = [s for s in ss if len(s) == top]
            else:
                keep = ss
            name = _NAMES[src]
            for s in keep:
                moves.append(Capture(name, tuple((_NAMES[j], _NAMES[land]) for j, land in s)))
        result = (best, tuple(moves))
        object.__setattr__(self, "_cap", result)
        return result

    def _approaches(self) -> list[Approach]:
        """Every approach move (PW3–PW5), assuming no capture exists.

        Bitset work: per line, the cells before the first blocker within ``n − 1`` steps; the
        cells that satisfy PW3 come from unions of precomputed distance balls.
        """
        own, opp = self._sides()
        limit = own.bit_count() - 1
        if limit < 1 or not opp:
            return []
        opts = self._opts
        occupied = own | opp
        rays = _ray_masks(opts.lines)
        table = _approach_table()
        balls = _metric(opts.distance)[1]
        any_piece = opts.approach == "any_piece_closer"
        slack = 0 if opts.approach == "strict" else 1
        layers: dict[int, int] = {}  # level -> cells within that level of some opposing piece
        opp_cells = []
        m = opp
        while m:
            low = m & -m
            opp_cells.append(low.bit_length() - 1)
            m ^= low
        moves: list[Approach] = []
        m = own
        while m:
            low = m & -m
            m ^= low
            src = low.bit_length() - 1
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
            row = table[src]
            while reach:
                bit = reach & -reach
                moves.append(row[bit])
                reach ^= bit
        return moves

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> PlayWinState:
        own, opp = self._sides()
        captured = isinstance(move, Capture)
        if isinstance(move, Capture):
            own = (own & ~(1 << _INDEX[move.src])) | (1 << _INDEX[move.leaps[-1][1]])
            for jumped, _ in move.leaps:
                opp &= ~(1 << _INDEX[jumped])
        else:
            assert isinstance(move, Approach)
            own = (own & ~(1 << _INDEX[move.src])) | (1 << _INDEX[move.dst])
        south, north = (own, opp) if self.mover == 0 else (opp, own)
        earlier: tuple[tuple[int, int, int], ...] = ()
        if self._opts.repetition_draw and not captured:
            earlier = (*self.earlier, (self.south, self.north, self.mover))
        return _make_state(
            self.rules,
            south,
            north,
            1 - self.mover,
            0 if captured else self.quiet_plies + 1,
            earlier,
        )

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
            return f"{move} must end strictly closer to an opposing piece"
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
        for jb, lb, j, _ in _LEAPS[pos]:
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
            "to_play": self.mover,
            "pieces": [list(self.pieces(0)), list(self.pieces(1))],
            "quiet_plies": self.quiet_plies,
        }
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


def _make_state(
    rules: Rules,
    south: int,
    north: int,
    mover: int,
    quiet_plies: int = 0,
    earlier: tuple[tuple[int, int, int], ...] = (),
) -> PlayWinState:
    """Build a state (mypy does not see through ``state_dataclass``, hence the ignore)."""
    return PlayWinState(rules, south, north, mover, quiet_plies, earlier)  # type: ignore[call-arg, arg-type]


# ---------------------------------------------------------------------------------------- rules
_CELL = r"[A-Z]\d{1,2}"
_APPROACH_RE = re.compile(rf"^({_CELL})-({_CELL})$")
_CAPTURE_RE = re.compile(rf"^({_CELL})((?:X{_CELL}-{_CELL})+)$")
_LEAP_RE = re.compile(rf"X({_CELL})-({_CELL})")


class PlayWinRules(Rules):
    """The rules of Play Win under one set of options (see the module docstring)."""

    id: ClassVar[str] = "playwin"
    title: ClassVar[str] = "Play Win"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type] = Options
    PLAYER_NAMES: ClassVar[tuple[str, ...]] = PLAYER_NAMES

    def _new(self, players: int, seed: int | None) -> PlayWinState:
        south = sum(1 << _AXIAL_INDEX[c] for c in _START[0])
        north = sum(1 << _AXIAL_INDEX[c] for c in _START[1])
        options: Options = self.options  # type: ignore[attr-defined]
        first = 0 if options.first == "south" else 1
        return _make_state(self, south, north, first)

    def _load_position(self, data: Mapping[str, Any]) -> PlayWinState:
        check_keys(data, {"to_play", "pieces", "quiet_plies", "earlier"})
        if "to_play" not in data:
            raise InvalidState("to_play: missing (expected 0 for South or 1 for North)")
        mover = data["to_play"]
        if not is_int(mover) or mover not in (0, 1):
            raise InvalidState(f"to_play: expected 0 (South) or 1 (North), got {mover!r}")
        if "pieces" not in data:
            raise InvalidState("pieces: missing (expected [[South cells], [North cells]])")
        south, north = self._load_pieces(data["pieces"], "pieces")
        quiet = data.get("quiet_plies", 0)
        if not is_int(quiet) or quiet < 0:
            raise InvalidState(f"quiet_plies: expected a non-negative integer, got {quiet!r}")
        earlier_data = data.get("earlier", [])
        if not isinstance(earlier_data, list):
            raise InvalidState("earlier: expected a list of earlier positions")
        earlier = []
        for i, item in enumerate(earlier_data):
            where = f"earlier[{i}]"
            if not isinstance(item, Mapping):
                raise InvalidState(f"{where}: expected an object with to_play and pieces")
            check_keys(item, {"to_play", "pieces"}, where)
            m = item.get("to_play")
            if not is_int(m) or m not in (0, 1):
                raise InvalidState(f"{where}.to_play: expected 0 or 1, got {m!r}")
            s, n = self._load_pieces(item.get("pieces"), f"{where}.pieces")
            earlier.append((s, n, m))
        return _make_state(self, south, north, mover, quiet, tuple(earlier))

    @staticmethod
    def _load_pieces(value: Any, where: str) -> tuple[int, int]:
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise InvalidState(f"{where}: expected two lists of cells, [[South], [North]]")
        masks = [0, 0]
        seen: dict[str, int] = {}
        for p, cells in enumerate(value):
            if not isinstance(cells, list | tuple):
                raise InvalidState(f"{where}[{p}]: expected a list of cell names, got {cells!r}")
            if len(cells) > PIECES_PER_SIDE:
                raise InvalidState(
                    f"{where}[{p}]: {len(cells)} pieces, but {PLAYER_NAMES[p]} has only "
                    f"{PIECES_PER_SIDE}"
                )
            for k, name in enumerate(cells):
                if not isinstance(name, str):
                    raise InvalidState(
                        f"{where}[{p}][{k}]: expected a cell name such as 'E5', got {name!r}"
                    )
                cell = name.strip().upper()
                if cell not in _INDEX:
                    raise InvalidState(f"{where}[{p}][{k}]: unknown cell {name!r}")
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
            f"{text!r} is not Play Win notation: write an approach as C3-E3 and a capture as "
            "C3xD4-E4xE5-F6 (start, then x jumped cell - landing cell for each leap)"
        )

    @staticmethod
    def _known(text: str, *cells: str) -> None:
        for cell in cells:
            if cell not in _INDEX:
                raise IllegalMove(f"{text!r}: unknown cell {cell}; cells run from A1 to I9")


RULES = PlayWinRules
