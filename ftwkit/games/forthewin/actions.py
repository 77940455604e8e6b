"""The five actions and five abilities of For the Win!, on a board seen by the acting player.

A :class:`Position` is a board (cell → :class:`Tile`) plus who acts and under which options. This
module knows, for one action at a time, what the action rules allow (:func:`candidates`), why a
given action is refused (:func:`basic_reason`) and what it does (:func:`apply_action`). The Grid
rule — which actions may leave the Grid split — lives in :mod:`.grid_rule`, because it needs the
turn's budget.

Every action either changes no occupied cell (Refresh, Monkey, Zombie), fills one cell (Add), or
empties one cell and fills another (Move, Shove, Alien, Ninja, Pirate: a Shove of a run empties the
shover's cell and fills the cell past the run). :func:`candidates` yields each action with that
``(emptied, filled)`` pair, which is all the Grid rule needs to judge connectivity cheaply.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Container, Iterable, Iterator
from functools import cached_property
from itertools import chain
from typing import Any, NamedTuple, cast

from ftwkit.games.forthewin.moves import (
    COLOURS,
    KIND_BITS,
    KINDS,
    Action,
    Add,
    AlienPull,
    MonkeyFlip,
    NinjaJump,
    PirateBlast,
    Refresh,
    Shove,
    Step,
    ZombieDeactivate,
    ZombieInfect,
    cell_text,
)
from ftwkit.games.forthewin.options import Options
from ftwkit.geometry.graph import articulation_points, component_labels
from ftwkit.geometry.grid import KING, ORTHOGONAL, Cell, is_connected

__all__ = [
    "COPIES",
    "PLAYER_NAMES",
    "SHOVE_DIRECTIONS",
    "Board",
    "Candidate",
    "CandidatePool",
    "CandidateRun",
    "ListedRun",
    "Position",
    "RawCandidate",
    "Tile",
    "adds_into",
    "apply_action",
    "basic_reason",
    "candidate_groups",
    "candidate_runs",
    "candidates",
    "describe",
    "frontier_after",
    "joined_around",
    "offered",
    "raw_candidate_list",
    "raw_candidates",
    "winning_players",
]

COPIES = 2
"""Each player owns two tiles of each kind."""

PLAYER_NAMES: tuple[str, ...] = ("White", "Black", "Red", "Blue")
"""Colour names by player index (Red and Blue only in the unofficial 3–4 player variant)."""


class Tile(NamedTuple):
    """A character tile on the Grid."""

    player: int
    kind: str
    up: bool


Board = dict[Cell, Tile]
Candidate = tuple[Action, Cell | None, Cell | None]
"""An action with the cell it empties and the cell it fills (``None`` when it does not)."""
RawCandidate = tuple[Callable[..., Action], tuple[Any, ...], Cell | None, Cell | None]
"""A :data:`Candidate` whose action is not built yet: ``build(*fields)`` is the action."""


def describe(tile: Tile, cell: Cell) -> str:
    """Words for a tile: ``the Black Pirate at (4,1)``."""
    return f"the {PLAYER_NAMES[tile.player]} {tile.kind.capitalize()} at ({cell_text(cell)})"


def _add(cell: Cell, step: Cell) -> Cell:
    return (cell[0] + step[0], cell[1] + step[1])


def _near(a: Cell, b: Cell) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


class Position:
    """A board, the acting player and the options, with lazily computed helpers.

    Args:
        board: cell → tile; not modified.
        player: who acts.
        players: how many players the game has.
        removed: ``(player, kind)`` of tiles out of the game (``infected_fate``).
        options: the variant switches.
        facts: what is already known of these tiles' Grid (names of ``_GRID_FACTS``: whether it
            is whole, its pieces...), handed on by the position it was derived from so that it
            is not found again; kept as :attr:`facts`, which gathers what is found later too.
        labels: the shared cache behind :meth:`labels_without`, when derived from a position on
            the same tiles.

    Attributes:
        memo: the look-ahead's caches for this position and acting player (the Grid rule's
            per-lifted-tile masks, witnesses...); never handed on.
    """

    def __init__(
        self,
        board: Board,
        player: int,
        players: int,
        removed: tuple[tuple[int, str], ...],
        options: Options,
        facts: dict[str, Any] | None = None,
        labels: dict[Cell, tuple[dict[Cell, int], int]] | None = None,
    ) -> None:
        self.board = board
        self.player = player
        self.players = players
        self.removed = removed
        self.options = options
        self.facts: dict[str, Any] = {} if facts is None else facts
        self.memo: dict[str, Any] = {}
        self._labels: dict[Cell, tuple[dict[Cell, int], int]] = {} if labels is None else labels
        self._cut_searches: dict[Cell, bool] = {}

    def _fact(self, name: str, find: Callable[[], Any]) -> Any:
        """The Grid fact ``name``: handed on or found now (and kept in :attr:`facts`)."""
        facts = self.facts
        found = facts.get(name)
        if found is None:
            found = facts[name] = find()
        return found

    # ------------------------------------------------------------------ counts
    @cached_property
    def _on_grid(self) -> dict[tuple[int, str], int]:
        return cast("dict[tuple[int, str], int]", self._fact("_on_grid", self._count_on_grid))

    def _count_on_grid(self) -> dict[tuple[int, str], int]:
        counts: dict[tuple[int, str], int] = {}
        for tile in self.board.values():
            key = (tile.player, tile.kind)
            counts[key] = counts.get(key, 0) + 1
        for key in self.removed:
            counts[key] = counts.get(key, 0) + 1
        return counts

    def supply(self, player: int, kind: str) -> int:
        """How many tiles of ``kind`` ``player`` has off the Grid (and still in the game)."""
        return COPIES - self._on_grid.get((player, kind), 0)

    # ------------------------------------------------------------------ geometry
    @cached_property
    def frontier(self) -> dict[Cell, int]:
        """Empty cells touching the Grid → how many tiles each touches (sorted by cell)."""
        return cast("dict[Cell, int]", self._fact("frontier", self._find_frontier))

    def _find_frontier(self) -> dict[Cell, int]:
        source = self.facts.get("_frontier_from")
        if source is not None:  # the frontier before an action, and the cells it changed
            return frontier_after(self.board, *source)
        counts: dict[Cell, int] = {}
        board = self.board
        for x, y in board:
            for dx, dy in KING:
                nb = (x + dx, y + dy)
                if nb not in board:
                    counts[nb] = counts.get(nb, 0) + 1
        return dict(sorted(counts.items()))

    @cached_property
    def near2(self) -> list[Cell]:
        """Empty cells within 2 of some tile (the engine's bound for "any empty cell")."""
        return cast("list[Cell]", self._fact("near2", self._find_near2))

    def _find_near2(self) -> list[Cell]:
        board = self.board
        cells = {
            (x + dx, y + dy)
            for x, y in board
            for dx in range(-2, 3)
            for dy in range(-2, 3)
            if (x + dx, y + dy) not in board
        }
        return sorted(cells)

    @cached_property
    def connected(self) -> bool:
        """Whether the Grid obeys the connectivity rule (FW2) now."""
        return bool(self._fact("connected", lambda: grid_is_whole(self.board.keys(), self.options)))

    @cached_property
    def pieces(self) -> tuple[dict[Cell, int], int, list[int]]:
        """The Grid's pieces: cell → piece label, how many pieces, and each piece's size."""
        return cast(
            "tuple[dict[Cell, int], int, list[int]]", self._fact("pieces", self._find_pieces)
        )

    def _find_pieces(self) -> tuple[dict[Cell, int], int, list[int]]:
        source = self.facts.get("_split_from")
        if source is not None:  # carried from the position before a splitting action
            return carried_pieces(*source)
        labels = component_labels(self.board)
        count = max(labels.values(), default=-1) + 1
        sizes = [0] * count
        for label in labels.values():
            sizes[label] += 1
        return labels, count, sizes

    @cached_property
    def articulation(self) -> frozenset[Cell]:
        """Tiles whose removal alone would split the (connected) Grid."""
        return cast(
            "frozenset[Cell]", self._fact("articulation", lambda: articulation_points(self.board))
        )

    def is_cut(self, cell: Cell) -> bool:
        """Whether ``cell`` is in :attr:`articulation`, decided from its 8 neighbours when they
        touch one another without it (then it is no cut point), else by a search around it that
        stops once its neighbours are found joined; once a few cells needed that search, the
        Grid's whole articulation set is computed instead."""
        known = self.facts.get("articulation")
        if known is not None:
            return cell in known
        board = self.board
        x, y = cell
        # the ring's bits in the order of KING (clockwise from north), unrolled: a look-ahead
        # asks this of nearly every candidate it judges
        ring = (
            ((x, y - 1) in board)
            | ((x + 1, y - 1) in board) << 1
            | ((x + 1, y) in board) << 2
            | ((x + 1, y + 1) in board) << 3
            | ((x, y + 1) in board) << 4
            | ((x - 1, y + 1) in board) << 5
            | ((x - 1, y) in board) << 6
            | ((x - 1, y - 1) in board) << 7
        )
        if _RING_PIECES[ring] <= 1:
            return False
        searched = self._cut_searches
        found = searched.get(cell)
        if found is None:
            if len(searched) >= _CUT_SEARCHES:
                return cell in self.articulation
            found = searched[cell] = _splits_without(board, cell, ring)
        return found

    def labels_without(self, cell: Cell) -> tuple[dict[Cell, int], int]:
        """Component labels of the Grid with ``cell`` lifted, and how many components."""
        found = self._labels.get(cell)
        if found is None:
            labels = component_labels(c for c in self.board if c != cell)
            found = (labels, max(labels.values(), default=-1) + 1)
            self._labels[cell] = found
        return found

    @cached_property
    def around(self) -> dict[Cell, tuple[list[Cell], list[Cell]]]:
        """Each tile's cell → its neighbours that hold a tile and those that are empty, in the
        order of ``KING`` (tiles in board order): the searches of the Grid the look-ahead makes
        for many lifted tiles read them instead of working out each tile's 8 neighbours."""
        board = self.board
        found: dict[Cell, tuple[list[Cell], list[Cell]]] = {}
        for x, y in board:
            tiles: list[Cell] = []
            empty: list[Cell] = []
            for dx, dy in KING:
                spot = (x + dx, y + dy)
                (tiles if spot in board else empty).append(spot)
            found[(x, y)] = (tiles, empty)
        return found

    def space_cells(self, moved: Cell) -> list[Cell]:
        """Where Ninja or Pirate may send the tile at ``moved`` (FW20), sorted."""
        if self.options.grid_space == "in_grid":
            frontier = self.frontier
            x, y = moved
            # the cells that touch only the moved tile are no Grid space for it
            lonely = [nb for nb in ((x + dx, y + dy) for dx, dy in KING) if frontier.get(nb) == 1]
            if not lonely:
                return list(frontier)
            return [c for c in frontier if c not in lonely]
        board = self.board
        return [
            c
            for c in self.near2
            if any(
                (c[0] + dx, c[1] + dy) in board and (c[0] + dx, c[1] + dy) != moved
                for dx in range(-2, 3)
                for dy in range(-2, 3)
            )
        ]

    def is_space(self, moved: Cell, cell: Cell) -> bool:
        """Whether the empty ``cell`` is a Grid space for the tile at ``moved`` (FW20)."""
        if cell in self.board or cell == moved:
            return False
        reach = 1 if self.options.grid_space == "in_grid" else 2
        return self._touches(cell, reach, moved)

    def can_add_at(self, cell: Cell) -> bool:
        """Whether the acting player may add a tile on ``cell`` (FW13), ignoring the supply."""
        if cell in self.board or self.own_neighbour(cell) is not None:
            return False
        return self._touches(cell, 2 if self.options.add_anywhere else 1, None)

    def _touches(self, cell: Cell, reach: int, besides: Cell | None) -> bool:
        """Whether a tile other than the one on ``besides`` lies within ``reach`` of the empty
        ``cell`` (its 8 neighbours when ``reach`` is 1: the look-ahead asks this often)."""
        board = self.board
        x, y = cell
        if reach == 1:
            for dx, dy in KING:
                nb = (x + dx, y + dy)
                if nb != besides and nb in board:
                    return True
            return False
        for dx in range(-reach, reach + 1):
            for dy in range(-reach, reach + 1):
                nb = (x + dx, y + dy)
                if nb != besides and nb in board:
                    return True
        return False

    def add_cells(self) -> list[Cell]:
        """Cells where the acting player may add a tile (FW13), ignoring the supply, sorted."""
        pool = self.near2 if self.options.add_anywhere else self.frontier
        player = self.player
        beside_own = {
            (x + dx, y + dy)
            for (x, y), tile in self.board.items()
            if tile.player == player
            for dx, dy in KING
        }
        return [c for c in pool if c not in beside_own]

    def own_neighbour(self, cell: Cell) -> Cell | None:
        """A cell touching ``cell`` that holds a tile of the acting player, if any."""
        board = self.board
        for dx, dy in KING:
            nb = (cell[0] + dx, cell[1] + dy)
            tile = board.get(nb)
            if tile is not None and tile.player == self.player:
                return nb
        return None

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Occupied cells touching ``cell``, clockwise from north."""
        board = self.board
        return [nb for nb in ((cell[0] + dx, cell[1] + dy) for dx, dy in KING) if nb in board]

    def own_up(self, kind: str | None = None) -> list[Cell]:
        """Cells of the acting player's face-up tiles (of ``kind`` if given), in board order."""
        mine = self._own_up
        if kind is None:
            return [c for c, _ in mine]
        return [c for c, k in mine if k == kind]

    @cached_property
    def _own_up(self) -> list[tuple[Cell, str]]:
        """``(cell, kind)`` of the acting player's face-up tiles in board order (one scan)."""
        player = self.player
        return [(c, t.kind) for c, t in self.board.items() if t.player == player and t.up]

    # ------------------------------------------------------------------ zombies
    def zombie_fallback(self) -> bool:
        """Whether Zombies deactivate instead of infecting (no replacement Zombie, FW26)."""
        if self.options.zombie_colour == "actor":
            return self.supply(self.player, "zombie") == 0
        return all(self.supply(p, "zombie") == 0 for p in range(self.players))

    def replacement_colours(self, target: Tile) -> list[int]:
        """The players whose off-grid Zombie may replace ``target`` (FW23)."""
        mode = self.options.zombie_colour
        if mode == "either":
            pool = list(range(self.players))
        elif mode == "actor":
            pool = [self.player]
        else:
            pool = [target.player]
        return [p for p in pool if self.supply(p, "zombie") > 0]

    def after(self, action: Action, facts: dict[str, Any] | None = None) -> Position:
        """The position after ``action`` with the same player acting (for look-ahead), told
        ``facts`` of its Grid when the caller knows them."""
        board, removed = apply_action(self, action)
        return Position(board, self.player, self.players, removed, self.options, facts)

    def seen_by(self, board: Board, player: int) -> Position:
        """This position with ``player`` acting, on ``board`` (the same tiles in another order):
        what is known of the Grid's shape so far is kept, not computed again."""
        facts = {name: value for name, value in self.facts.items() if name in _GRID_FACTS}
        return Position(
            board, player, self.players, self.removed, self.options, facts, self._labels
        )

    def footprint(self, action: Action) -> tuple[Cell | None, Cell | None]:
        """The cell ``action`` (allowed here) empties and the cell it fills, as
        :func:`candidates` pairs them (``None`` when it does not)."""
        if isinstance(action, Add):
            return None, action.cell
        if isinstance(action, Step):
            return action.src, action.dst
        if isinstance(action, Shove):
            return action.src, shove_end(
                self.board, action.src, action.step, self.options.shove_mode
            )
        if isinstance(action, (AlienPull, PirateBlast)):
            return action.tile, action.dest
        if isinstance(action, NinjaJump):
            return action.ninja, action.dest
        return None, None


_GRID_FACTS = (
    "connected",
    "pieces",
    "_split_from",
    "articulation",
    "frontier",
    "_frontier_from",
    "near2",
    "_on_grid",
    "join_cells",
    "origin",
)
"""Cached facts of a :class:`Position` that depend only on the tiles (not on who acts, nor on the
board's order): :meth:`Position.seen_by` hands them on."""


def frontier_after(
    board: Board, frontier: dict[Cell, int], lifted: Cell | None, filled: Cell | None
) -> dict[Cell, int]:
    """:attr:`Position.frontier` of ``board``, the board after an action that emptied
    ``lifted`` and filled ``filled`` (either ``None`` when it did not) on a board whose frontier
    was ``frontier``: updated around those two cells instead of counted over the whole Grid.

    An empty cell other than ``lifted`` touches one tile fewer if it touches ``lifted`` and one
    more if it touches ``filled``; ``lifted`` is counted afresh and ``filled`` leaves.
    """
    if lifted is None and filled is None:
        return frontier  # no cell emptied or filled: the same frontier
    counts = dict(frontier)
    if filled is not None:
        counts.pop(filled, None)
    around = 0
    if lifted is not None:
        lx, ly = lifted
        for dx, dy in KING:
            nb = (lx + dx, ly + dy)
            if nb in board:
                around += 1
                continue
            left = counts[nb] - 1  # nb was empty and touched ``lifted``
            if left:
                counts[nb] = left
            else:
                del counts[nb]
    if filled is not None:
        fx, fy = filled
        for dx, dy in KING:
            nb = (fx + dx, fy + dy)
            if nb not in board and nb != lifted:
                counts[nb] = counts.get(nb, 0) + 1
    if lifted is not None and around:
        counts[lifted] = around
    return dict(sorted(counts.items()))


def carried_pieces(
    pos: Position, lifted: Cell, filled: Cell, touched: set[int]
) -> tuple[dict[Cell, int], int, list[int]]:
    """The pieces of the Grid after an action lifting ``lifted`` and filling ``filled`` on the
    whole one_group Grid of ``pos``: those of the Grid without ``lifted``, merged through
    ``filled`` (``touched``: the pieces it touches), as :attr:`Position.pieces` gives them."""
    labels, _ = pos.labels_without(lifted)
    renumber: dict[int, int] = {}
    merged = -1
    out: dict[Cell, int] = {}
    for cell, label in labels.items():
        if label in touched:
            if merged < 0:
                merged = renumber.setdefault(-1, len(renumber))
            new = merged
        else:
            new = renumber.setdefault(label, len(renumber))
        out[cell] = new
    out[filled] = merged if merged >= 0 else renumber.setdefault(-2, len(renumber))
    count = len(renumber)
    sizes = [0] * count
    for label in out.values():
        sizes[label] += 1
    return out, count, sizes


def _ring_pieces(ring: int) -> int:
    """How many groups the occupied cells of a tile's 8-neighbourhood form among themselves
    (``ring``: bit ``i`` set when the cell at ``KING[i]`` is occupied; the tile left out)."""
    cells = [KING[i] for i in range(8) if ring >> i & 1]
    return len(set(component_labels(cells).values()))


_RING_PIECES: tuple[int, ...] = tuple(_ring_pieces(ring) for ring in range(256))
""":func:`_ring_pieces` of every neighbourhood, computed once."""


def joined_around(cells: Container[Cell], cell: Cell) -> bool:
    """Whether ``cell`` has a neighbour among ``cells`` and its neighbours there touch one
    another without it (then taking ``cell`` out of ``cells`` splits nothing and leaves its
    group non-empty)."""
    x, y = cell
    ring = 0
    for bit, (dx, dy) in enumerate(KING):
        if (x + dx, y + dy) in cells:
            ring |= 1 << bit
    return ring != 0 and _RING_PIECES[ring] == 1


_CUT_SEARCHES = 3
"""Cells :meth:`Position.is_cut` judges by a search of their own before it computes the Grid's
articulation set (one pass over the Grid, cheaper when many cells are asked about)."""


def _splits_without(board: Board, cell: Cell, ring: int) -> bool:
    """Whether the occupied neighbours of ``cell`` (``ring``, as for :data:`_RING_PIECES`) fall
    apart once ``cell`` is lifted: a search from one of them through the Grid without ``cell``
    that stops as soon as it has met them all."""
    x, y = cell
    around = [(x + dx, y + dy) for bit, (dx, dy) in enumerate(KING) if ring >> bit & 1]
    start = around[0]
    missing = set(around[1:])
    seen = {cell, start}
    todo = [start]
    while todo:
        cx, cy = todo.pop()
        for dx, dy in KING:
            nb = (cx + dx, cy + dy)
            if nb in board and nb not in seen:
                seen.add(nb)
                todo.append(nb)
                missing.discard(nb)
                if not missing:
                    return False
    return True


def grid_is_whole(cells: Iterable[Cell], options: Options) -> bool:
    """Whether occupied ``cells`` satisfy the connectivity rule (FW2)."""
    occupied = set(cells)
    if len(occupied) <= 1:
        return True
    if options.connectivity == "no_isolated_tile":
        return all(any((x + dx, y + dy) in occupied for dx, dy in KING) for x, y in occupied)
    return is_connected(occupied, KING)


# ---------------------------------------------------------------------------- enumeration
Dests = dict[Cell, Cell | None]
"""Cells an action must fill → the cell it must empty there (``None``: any or none)."""


def _fits(dests: Dests | None, lifted: Cell | None, filled: Cell) -> bool:
    if dests is None:
        return True
    if filled not in dests:
        return False
    need = dests[filled]
    return need is None or need == lifted


def candidates(pos: Position, dests: Dests | None = None) -> Iterator[Candidate]:
    """Every action the action rules allow (Grid rule not applied), in a fixed order, each once.

    Args:
        pos: the position.
        dests: when given, only actions that fill one of these cells, lifting the tile the map
            names (used to look for actions that can rejoin a split Grid).
    """
    for build, args, lifted, filled in raw_candidates(pos, dests):
        yield build(*args), lifted, filled


def raw_candidates(pos: Position, dests: Dests | None = None) -> Iterator[RawCandidate]:
    """:func:`candidates` with each action not yet built: ``(class, fields, emptied, filled)``.

    Building an action object costs more than judging it; search draws one action out of dozens
    and builds only that one (``build(*fields)``). The candidates are listed one kind at a time
    as the caller goes on (:func:`candidate_groups`), so a caller that stops at the first allowed
    one (a look-ahead, the turn logic's "can the mover act") lists few kinds."""
    return chain.from_iterable(candidate_groups(pos, dests))


def raw_candidate_list(pos: Position, dests: Dests | None = None) -> list[RawCandidate]:
    """:func:`raw_candidates` as a list, gathered kind by kind (a search lists them all on
    every move it draws, and one generator level less is a measurable share of that)."""
    found: list[RawCandidate] = []
    for group in candidate_groups(pos, dests):
        found += group
    return found


def candidate_groups(pos: Position, dests: Dests | None = None) -> Iterator[list[RawCandidate]]:
    """The candidates of :func:`raw_candidates` in order, a kind (or one run) at a time.

    Every candidate (no ``dests``) comes from :func:`candidate_runs`, so their order is defined
    there; with ``dests`` only the kinds that can fill a given cell are looked at, in that order.
    """
    if dests is None:
        for run in _runs(pos):
            yield run.expand()
        return
    yield adds_into(pos, dests)
    yield _steps(pos, dests)
    yield _shoves(pos, dests)
    yield _aliens(pos, dests)
    index = _DestIndex(dests)
    yield _ninjas(pos, index)
    yield _pirates(pos, index)


class CandidateRun:
    """Raw candidates of one kind, in the order :func:`raw_candidate_list` lists them, counted
    at once and built one at a time (:meth:`item`) or all together (:meth:`expand`).

    A search draws a few candidates out of hundreds; building the tuples of all of them costs
    more than judging the few, so the runs that are products (the cells an Add may fill times
    the kinds in supply, the tiles an Alien may pull times the cells next to her, the cells a
    Ninja or a blasted tile may go to) build only the candidates asked for.
    """

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        self.size = size

    def item(self, index: int) -> RawCandidate:
        """The ``index``-th candidate of the run (``0 <= index < size``)."""
        raise NotImplementedError

    def expand(self) -> list[RawCandidate]:
        """Every candidate of the run, in order."""
        raise NotImplementedError


class ListedRun(CandidateRun):
    """Candidates already listed."""

    __slots__ = ("found",)

    def __init__(self, found: list[RawCandidate]) -> None:
        super().__init__(len(found))
        self.found = found

    def item(self, index: int) -> RawCandidate:
        return self.found[index]

    def expand(self) -> list[RawCandidate]:
        return self.found


class _AddRun(CandidateRun):
    """Adds: each cell, with each kind in supply."""

    __slots__ = ("cells", "kinds")

    def __init__(self, cells: list[Cell], kinds: list[str]) -> None:
        super().__init__(len(cells) * len(kinds))
        self.cells = cells
        self.kinds = kinds

    def item(self, index: int) -> RawCandidate:
        at, which = divmod(index, len(self.kinds))
        cell = self.cells[at]
        return Add, (self.kinds[which], cell), None, cell

    def expand(self) -> list[RawCandidate]:
        kinds = self.kinds
        return [(Add, (kind, cell), None, cell) for cell in self.cells for kind in kinds]


class _PullRun(CandidateRun):
    """One Alien's pulls: each tile, to each empty cell next to her."""

    __slots__ = ("alien", "spots", "tiles")

    def __init__(self, alien: Cell, tiles: list[Cell], spots: list[Cell]) -> None:
        super().__init__(len(tiles) * len(spots))
        self.alien = alien
        self.tiles = tiles
        self.spots = spots

    def item(self, index: int) -> RawCandidate:
        at, which = divmod(index, len(self.spots))
        tile, dest = self.tiles[at], self.spots[which]
        return AlienPull, (self.alien, tile, dest), tile, dest

    def expand(self) -> list[RawCandidate]:
        alien, spots = self.alien, self.spots
        return [
            (AlienPull, (alien, tile, dest), tile, dest) for tile in self.tiles for dest in spots
        ]


class _SendRun(CandidateRun):
    """One tile sent to each of some cells: a Ninja's jumps (fields ``(ninja, dest)``) or one
    tile blasted by a Pirate (fields ``(pirate, tile, dest)``)."""

    __slots__ = ("build", "head", "moved", "spots")

    def __init__(
        self, build: Callable[..., Action], head: tuple[Cell, ...], moved: Cell, spots: list[Cell]
    ) -> None:
        super().__init__(len(spots))
        self.build = build
        self.head = head
        self.moved = moved
        self.spots = spots

    def item(self, index: int) -> RawCandidate:
        dest = self.spots[index]
        return self.build, (*self.head, dest), self.moved, dest

    def expand(self) -> list[RawCandidate]:
        build, head, moved = self.build, self.head, self.moved
        return [(build, (*head, dest), moved, dest) for dest in self.spots]


def candidate_runs(pos: Position) -> list[CandidateRun]:
    """Every candidate (:func:`raw_candidate_list` without ``dests``) as runs, in order."""
    return list(_runs(pos))


def _runs(pos: Position) -> Iterator[CandidateRun]:
    """:func:`candidate_runs` one at a time: the one place that orders the kinds of candidate
    (a run is worked out only when the caller goes on to it)."""
    yield _add_run(pos)
    yield ListedRun(_steps(pos, None))
    yield ListedRun(_shoves(pos, None))
    yield from _pull_runs(pos)
    yield from _ninja_runs(pos)
    yield from _blast_runs(pos)
    yield ListedRun(_refreshes(pos))
    yield ListedRun(_monkeys(pos))
    yield ListedRun(_zombies(pos))


class CandidatePool:
    """The candidates of some runs as one sequence: how many (:attr:`size`), the ``index``-th
    built when asked for (:meth:`item`), or all of them (:meth:`expand`, listed once)."""

    __slots__ = ("_all", "runs", "size", "starts")

    def __init__(self, runs: list[CandidateRun]) -> None:
        self.runs = [run for run in runs if run.size]
        self.starts: list[int] = []
        total = 0
        for run in self.runs:
            self.starts.append(total)
            total += run.size
        self.size = total
        self._all: list[RawCandidate] | None = None

    def item(self, index: int) -> RawCandidate:
        """The ``index``-th candidate (``0 <= index < size``)."""
        at = bisect_right(self.starts, index) - 1
        return self.runs[at].item(index - self.starts[at])

    def expand(self) -> list[RawCandidate]:
        """Every candidate, in order (listed on the first call; do not modify)."""
        found = self._all
        if found is None:
            found = []
            for run in self.runs:
                found += run.expand()
            self._all = found
        return found


class _DestIndex:
    """A :data:`Dests` map indexed by the cell each destination needs lifted, so that the
    destinations open to one lifted tile are found without scanning them all."""

    def __init__(self, dests: Dests) -> None:
        self.dests = dests
        self.anyone: list[Cell] = []
        self.by_need: dict[Cell, list[Cell]] = {}
        for cell, need in dests.items():
            if need is None:
                self.anyone.append(cell)
            else:
                self.by_need.setdefault(need, []).append(cell)

    def open_to(self, lifted: Cell) -> list[Cell]:
        """Destinations an action lifting ``lifted`` may fill (unsorted)."""
        own = self.by_need.get(lifted)
        return self.anyone + own if own else self.anyone


# The candidates of each kind come as a list (a comprehension or a local append costs less
# than a generator's yield, and a search lists them all for every move it draws).
def adds_into(pos: Position, dests: Dests) -> list[RawCandidate]:
    """The Adds that fill a cell of ``dests`` needing no tile lifted, as :func:`raw_candidates`
    lists them with ``dests``."""
    player = pos.player
    kinds = [k for k in KINDS if pos.supply(player, k) > 0]
    if not kinds:
        return []
    cells = sorted(c for c, need in dests.items() if need is None and pos.can_add_at(c))
    return [(Add, (kind, cell), None, cell) for cell in cells for kind in kinds]


def _add_run(pos: Position) -> _AddRun:
    player = pos.player
    kinds = [k for k in KINDS if pos.supply(player, k) > 0]
    return _AddRun(pos.add_cells() if kinds else [], kinds)


def _steps(pos: Position, dests: Dests | None) -> list[RawCandidate]:
    board = pos.board
    out: list[RawCandidate] = []
    add = out.append
    for src in pos.own_up():
        x, y = src
        for dx, dy in KING:
            dst = (x + dx, y + dy)
            if dst not in board and (dests is None or _fits(dests, src, dst)):
                add((Step, (src, dst), src, dst))
    return out


def shove_end(board: Board, src: Cell, step: Cell, mode: str) -> Cell | None:
    """The cell a Shove fills (past the run), or ``None`` when nothing is in front or blocked."""
    ahead = _add(src, step)
    if ahead not in board:
        return None
    if mode == "single":
        beyond = _add(ahead, step)
        return None if beyond in board else beyond
    while ahead in board:
        ahead = _add(ahead, step)
    return ahead


SHOVE_DIRECTIONS = tuple(zip(("n", "e", "s", "w"), ORTHOGONAL, strict=True))
"""The four Shove directions with their names, as a Shove's fields give them."""


def _shoves(pos: Position, dests: Dests | None) -> list[RawCandidate]:
    board = pos.board
    mode = pos.options.shove_mode
    out: list[RawCandidate] = []
    # with ``dests`` only a tile in the row or column of one of them can shove a run there
    rows = None if dests is None else {c[1] for c in dests}
    columns = None if dests is None else {c[0] for c in dests}
    for src in pos.own_up():
        if rows is not None and columns is not None and not (src[1] in rows or src[0] in columns):
            continue
        for name, step in SHOVE_DIRECTIONS:
            end = shove_end(board, src, step, mode)
            if end is not None and (dests is None or _fits(dests, src, end)):
                out.append((Shove, (src, name), src, end))
    return out


def _pull_runs(pos: Position) -> list[CandidateRun]:
    board = pos.board
    runs: list[CandidateRun] = []
    for alien in pos.own_up("alien"):
        x, y = alien
        spots = [c for c in ((x + dx, y + dy) for dx, dy in KING) if c not in board]
        if spots:
            runs.append(_PullRun(alien, [tile for tile in board if tile != alien], spots))
    return runs


def _aliens(pos: Position, dests: Dests) -> list[RawCandidate]:
    board = pos.board
    out: list[RawCandidate] = []
    for alien in pos.own_up("alien"):
        spots = [
            c
            for c in ((alien[0] + dx, alien[1] + dy) for dx, dy in KING)
            if c not in board and c in dests
        ]
        if not spots:
            continue
        if all(dests[c] is not None for c in spots):
            needed = {dests[c] for c in spots}  # only these tiles may be pulled here
            tiles: Iterator[Cell] | dict[Cell, Tile] = (c for c in board if c in needed)
        else:
            tiles = board
        for tile in tiles:
            if tile == alien:
                continue
            for dest in spots:
                if _fits(dests, tile, dest):
                    out.append((AlienPull, (alien, tile, dest), tile, dest))
    return out


def _ninja_runs(pos: Position) -> list[CandidateRun]:
    return [
        _SendRun(NinjaJump, (ninja,), ninja, pos.space_cells(ninja))
        for ninja in pos.own_up("ninja")
    ]


def _ninjas(pos: Position, index: _DestIndex) -> list[RawCandidate]:
    out: list[RawCandidate] = []
    for ninja in pos.own_up("ninja"):
        spots = sorted(c for c in index.open_to(ninja) if pos.is_space(ninja, c))
        out += [(NinjaJump, (ninja, dest), ninja, dest) for dest in spots]
    return out


def _blast_runs(pos: Position) -> list[CandidateRun]:
    return [
        _SendRun(PirateBlast, (pirate, tile), tile, pos.space_cells(tile))
        for pirate in pos.own_up("pirate")
        for tile in pos.neighbours(pirate)
    ]


def _pirates(pos: Position, index: _DestIndex) -> list[RawCandidate]:
    out: list[RawCandidate] = []
    for pirate in pos.own_up("pirate"):
        for tile in pos.neighbours(pirate):
            spots = sorted(c for c in index.open_to(tile) if pos.is_space(tile, c))
            out += [(PirateBlast, (pirate, tile, dest), tile, dest) for dest in spots]
    return out


def offered(pos: Position, action: Action) -> tuple[Cell | None, Cell] | None:
    """The ``(emptied, filled)`` pair :func:`candidates` gives ``action`` if it offers it here
    and the action fills a cell, else ``None``; checked directly, the way the generator of its
    kind builds it, instead of listing the candidates."""
    board = pos.board
    kind = type(action)
    if kind is Add:
        assert isinstance(action, Add)
        if pos.supply(pos.player, action.kind) > 0 and pos.can_add_at(action.cell):
            return None, action.cell
        return None
    if kind is Step:
        assert isinstance(action, Step)
        src, dst = action.src, action.dst
        near = dst != src and abs(dst[0] - src[0]) <= 1 and abs(dst[1] - src[1]) <= 1
        if near and dst not in board and _own_face_up_kind(pos, src, None):
            return src, dst
        return None
    if kind is Shove:
        assert isinstance(action, Shove)
        if action.direction not in _ORTHOGONAL_NAMES or not _own_face_up_kind(
            pos, action.src, None
        ):
            return None
        end = shove_end(board, action.src, action.step, pos.options.shove_mode)
        return None if end is None else (action.src, end)
    if kind is AlienPull:
        assert isinstance(action, AlienPull)
        alien, tile, dest = action.alien, action.tile, action.dest
        if (
            _near(dest, alien)
            and dest not in board
            and tile in board
            and tile != alien
            and _own_face_up_kind(pos, alien, "alien")
        ):
            return tile, dest
        return None
    if kind is NinjaJump:
        assert isinstance(action, NinjaJump)
        if _own_face_up_kind(pos, action.ninja, "ninja") and pos.is_space(
            action.ninja, action.dest
        ):
            return action.ninja, action.dest
        return None
    if kind is PirateBlast:
        assert isinstance(action, PirateBlast)
        pirate, tile, dest = action.pirate, action.tile, action.dest
        if (
            _near(tile, pirate)
            and tile in board
            and _own_face_up_kind(pos, pirate, "pirate")
            and pos.is_space(tile, dest)
        ):
            return tile, dest
    return None


_ORTHOGONAL_NAMES = ("n", "e", "s", "w")


def _own_face_up_kind(pos: Position, cell: Cell, kind: str | None) -> bool:
    """Whether ``cell`` holds a face-up tile of the acting player (of ``kind`` if given)."""
    tile = pos.board.get(cell)
    return (
        tile is not None
        and tile.player == pos.player
        and tile.up
        and (kind is None or tile.kind == kind)
    )


def _refreshes(pos: Position) -> list[RawCandidate]:
    anyone = pos.options.refresh_any
    player = pos.player
    return [
        (Refresh, (cell,), None, None)
        for cell, tile in pos.board.items()
        if not tile.up and (anyone or tile.player == player)
    ]


def _monkeys(pos: Position) -> list[RawCandidate]:
    needs_effect = pos.options.ability_needs_effect
    return [
        (MonkeyFlip, (monkey,), None, None)
        for monkey in pos.own_up("monkey")
        if not (needs_effect and not pos.neighbours(monkey))
    ]


def _zombies(pos: Position) -> list[RawCandidate]:
    out: list[RawCandidate] = []
    zombies = pos.own_up("zombie")
    if not zombies:
        return out
    fallback = pos.zombie_fallback()
    for zombie in zombies:
        for cell in pos.neighbours(zombie):
            tile = pos.board[cell]
            if fallback:
                if tile.up or not pos.options.ability_needs_effect:
                    out.append((ZombieDeactivate, (zombie, cell), None, None))
                continue
            if tile.kind == "zombie" and not pos.options.zombie_infects_zombies:
                continue
            for colour in pos.replacement_colours(tile):
                out.append((ZombieInfect, (zombie, cell, colour), None, None))
    return out


# ---------------------------------------------------------------------------- reasons
def _own_face_up(pos: Position, cell: Cell, kind: str | None, what: str) -> str | None:
    tile = pos.board.get(cell)
    name = PLAYER_NAMES[pos.player]
    if tile is None:
        return f"there is no tile at ({cell_text(cell)}) to {what}"
    if tile.player != pos.player:
        return f"{describe(tile, cell)} is not {name}'s: a player may only {what} their own tiles"
    if kind is not None and tile.kind != kind:
        return f"{describe(tile, cell)} is not a {kind.capitalize()}"
    if not tile.up:
        return f"{describe(tile, cell)} is face down: only active (face-up) tiles can {what}"
    return None


def _empty(pos: Position, cell: Cell, what: str) -> str | None:
    tile = pos.board.get(cell)
    if tile is not None:
        return f"{what} ({cell_text(cell)}) is occupied by {describe(tile, cell)}"
    return None


def _space_reason(pos: Position, moved: Cell, dest: Cell) -> str | None:
    if dest == moved:
        return f"({cell_text(dest)}) is where the tile already is"
    if dest not in pos.space_cells(moved):
        if pos.options.grid_space == "in_grid":
            return (
                f"({cell_text(dest)}) is not a space in the Grid: it must touch a tile other "
                "than the one being moved (FW20)"
            )
        return f"({cell_text(dest)}) is more than 2 cells from the Grid (engine bound, FW20)"
    return None


def basic_reason(pos: Position, action: Action) -> str | None:
    """Why the action rules (not the Grid rule) refuse ``action``, or ``None``."""
    check = _REASONS[type(action)]
    return check(pos, action)


def _add_reason(pos: Position, move: Action) -> str | None:
    assert isinstance(move, Add)
    name = PLAYER_NAMES[pos.player]
    if pos.supply(pos.player, move.kind) <= 0:
        return f"{name} has no {move.kind.capitalize()} left in supply to add"
    found = _empty(pos, move.cell, "the cell")
    if found:
        return found
    own = pos.own_neighbour(move.cell)
    if move.cell not in pos.frontier and not pos.options.add_anywhere:
        return (
            f"an added tile must touch the Grid, and ({cell_text(move.cell)}) touches no tile "
            "(FW13)"
        )
    if own is not None:
        return (
            f"an added tile may not touch a tile of its own colour (diagonals count): "
            f"({cell_text(move.cell)}) touches {describe(pos.board[own], own)} (FW13)"
        )
    if move.cell not in pos.add_cells():
        return f"({cell_text(move.cell)}) is more than 2 cells from the Grid (engine bound, FW13)"
    return None


def _step_reason(pos: Position, move: Action) -> str | None:
    assert isinstance(move, Step)
    return _own_face_up(pos, move.src, None, "move") or _empty(pos, move.dst, "the destination")


def _refresh_reason(pos: Position, move: Action) -> str | None:
    assert isinstance(move, Refresh)
    tile = pos.board.get(move.cell)
    if tile is None:
        return f"there is no tile at ({cell_text(move.cell)}) to refresh"
    if tile.player != pos.player and not pos.options.refresh_any:
        owner = PLAYER_NAMES[pos.player]
        return (
            f"{describe(tile, move.cell)} is not {owner}'s: "
            "a player may only refresh their own tiles (FW16)"
        )
    if tile.up:
        return f"{describe(tile, move.cell)} is already face up"
    return None


def _shove_reason(pos: Position, move: Action) -> str | None:
    assert isinstance(move, Shove)
    found = _own_face_up(pos, move.src, None, "shove")
    if found:
        return found
    if move.direction not in ("n", "e", "s", "w"):
        return "shoving cannot be done diagonally: shove n, e, s or w"
    step = move.step
    ahead = _add(move.src, step)
    if ahead not in pos.board:
        if pos.options.shove_needs_target:
            return "there is no tile in front of the shover to shove (shove_needs_target, FW17)"
        return f"nothing is in front of ({cell_text(move.src)}): that is a Move, not a Shove"
    if shove_end(pos.board, move.src, step, pos.options.shove_mode) is None:
        return (
            "only the one adjacent tile moves (shove_mode = single) and the cell beyond is occupied"
        )
    return None


def _alien_reason(pos: Position, move: Action) -> str | None:
    assert isinstance(move, AlienPull)
    found = _own_face_up(pos, move.alien, "alien", "use")
    if found:
        return found
    if move.tile == move.alien:
        return "the Alien cannot pull herself (FW18)"
    if move.tile not in pos.board:
        return f"there is no tile at ({cell_text(move.tile)}) to pull"
    if move.dest == move.tile:
        return (
            f"the tile at ({cell_text(move.tile)}) is already there: its own cell is not empty, so "
            "it is not a destination and the Alien must move the tile (FW18)"
        )
    if not _near(move.dest, move.alien):
        return (
            f"the Alien pulls a tile to a cell touching her, and ({cell_text(move.dest)}) does "
            "not (FW18)"
        )
    return _empty(pos, move.dest, "the destination")


def _monkey_reason(pos: Position, move: Action) -> str | None:
    assert isinstance(move, MonkeyFlip)
    found = _own_face_up(pos, move.monkey, "monkey", "use")
    if found:
        return found
    if pos.options.ability_needs_effect and not pos.neighbours(move.monkey):
        return "the Monkey touches no tile, so flipping would change nothing (ability_needs_effect)"
    return None


def _ninja_reason(pos: Position, move: Action) -> str | None:
    assert isinstance(move, NinjaJump)
    found = _own_face_up(pos, move.ninja, "ninja", "use")
    if found:
        return found
    return _empty(pos, move.dest, "the destination") or _space_reason(pos, move.ninja, move.dest)


def _pirate_reason(pos: Position, move: Action) -> str | None:
    assert isinstance(move, PirateBlast)
    found = _own_face_up(pos, move.pirate, "pirate", "use")
    if found:
        return found
    if move.tile not in pos.board:
        return f"there is no tile at ({cell_text(move.tile)}) to blast"
    if not _near(move.tile, move.pirate):
        return (
            f"the Pirate blasts only a tile touching him, and ({cell_text(move.tile)}) does not "
            "(FW21)"
        )
    return _empty(pos, move.dest, "the destination") or _space_reason(pos, move.tile, move.dest)


def _zombie_target(pos: Position, zombie: Cell, cell: Cell) -> str | None:
    found = _own_face_up(pos, zombie, "zombie", "use")
    if found:
        return found
    if cell not in pos.board:
        return f"there is no tile at ({cell_text(cell)}) for the Zombie"
    if not _near(cell, zombie):
        return (
            f"the Zombie reaches only a touching tile, and ({cell_text(cell)}) does not touch it "
            "(FW22)"
        )
    return None


def _infect_reason(pos: Position, move: Action) -> str | None:
    assert isinstance(move, ZombieInfect)
    found = _zombie_target(pos, move.zombie, move.tile)
    if found:
        return found
    if pos.zombie_fallback():
        return (
            "no Zombie tile is off the Grid, so the Zombie can only deactivate a touching tile "
            "(FW26)"
        )
    tile = pos.board[move.tile]
    if tile.kind == "zombie" and not pos.options.zombie_infects_zombies:
        return (
            "a Zombie cannot infect another Zombie under zombie_infects_zombies = false (FW22, "
            "the publisher's reading)"
        )
    if move.colour >= pos.players:
        return f"there is no {COLOURS[move.colour]} player in this game"
    if move.colour not in pos.replacement_colours(tile):
        name = PLAYER_NAMES[move.colour]
        if pos.supply(move.colour, "zombie") == 0:
            return f"{name} has no Zombie off the Grid to replace the infected tile (FW23)"
        mode = pos.options.zombie_colour
        return f"under zombie_colour = {mode}, a {name} Zombie cannot be used (FW23)"
    return None


def _deactivate_reason(pos: Position, move: Action) -> str | None:
    assert isinstance(move, ZombieDeactivate)
    found = _zombie_target(pos, move.zombie, move.tile)
    if found:
        return found
    if not pos.zombie_fallback():
        return (
            "a Zombie deactivates only when no Zombie tile is off the Grid; infect instead (FW26)"
        )
    if pos.options.ability_needs_effect and not pos.board[move.tile].up:
        return "the tile is already face down (ability_needs_effect)"
    return None


_REASONS = {
    Add: _add_reason,
    Step: _step_reason,
    Refresh: _refresh_reason,
    Shove: _shove_reason,
    AlienPull: _alien_reason,
    MonkeyFlip: _monkey_reason,
    NinjaJump: _ninja_reason,
    PirateBlast: _pirate_reason,
    ZombieInfect: _infect_reason,
    ZombieDeactivate: _deactivate_reason,
}


# ---------------------------------------------------------------------------- effects
def apply_action(pos: Position, action: Action) -> tuple[Board, tuple[tuple[int, str], ...]]:
    """The board and removed tiles after ``action`` (assumed allowed); ``pos`` is untouched."""
    board = dict(pos.board)
    removed = pos.removed
    down = _face_down
    # dispatch on the exact class (the ten action classes are final): an isinstance test
    # against these ABC-derived classes costs more than the effect itself in a search
    if type(action) is Add:
        board[action.cell] = Tile(pos.player, action.kind, True)
    elif type(action) is Step:
        board[action.dst] = board.pop(action.src)
    elif type(action) is Refresh:
        board[action.cell] = board[action.cell]._replace(up=True)
    elif type(action) is Shove:
        step = action.step
        run = [action.src]
        ahead = _add(action.src, step)
        while ahead in board and (pos.options.shove_mode == "line" or len(run) < 2):
            run.append(ahead)
            ahead = _add(ahead, step)
        for cell in reversed(run):
            board[_add(cell, step)] = board.pop(cell)
    elif type(action) is AlienPull:
        board[action.dest] = board.pop(action.tile)
        down(board, action.alien)
    elif type(action) is MonkeyFlip:
        for dx, dy in KING:
            nb = (action.monkey[0] + dx, action.monkey[1] + dy)
            if nb in board:
                board[nb] = board[nb]._replace(up=not board[nb].up)
        down(board, action.monkey)
    elif type(action) is NinjaJump:
        board[action.dest] = board.pop(action.ninja)
        down(board, action.dest)
    elif type(action) is PirateBlast:
        board[action.dest] = board.pop(action.tile)
        down(board, action.pirate)
    elif type(action) is ZombieInfect:
        old = board[action.tile]
        face = True if pos.options.zombie_face == "up" else old.up
        board[action.tile] = Tile(action.colour, "zombie", face)
        if pos.options.infected_fate == "removed_from_game":
            removed = tuple(sorted((*removed, (old.player, old.kind))))
        down(board, action.zombie)
    elif type(action) is ZombieDeactivate:
        down(board, action.tile)
        down(board, action.zombie)
    else:  # pragma: no cover - every action type is handled above
        raise TypeError(f"not an action: {action!r}")
    return board, removed


def _face_down(board: Board, cell: Cell) -> None:
    board[cell] = board[cell]._replace(up=False)


# ---------------------------------------------------------------------------- winning
_ALL_KINDS = (1 << len(KINDS)) - 1
"""The bit mask of all five kinds."""


def winning_players(board: Board, players: int, options: Options) -> set[int]:
    """The players who have all five kinds face up in one chain of their own tiles (FW12)."""
    winners: set[int] = set()
    full = set(KINDS)
    up = [0] * players  # each player's kinds face up, as bits (one pass: asked after every action)
    for tile in board.values():
        if tile.up and tile.player < players:
            up[tile.player] |= KIND_BITS[tile.kind]
    for player in range(players):
        if up[player] != _ALL_KINDS:
            continue
        if options.chain_bridges == "own_faceup":
            cells = [c for c, t in board.items() if t.player == player and t.up]
        else:
            cells = [c for c, t in board.items() if t.player == player]
        labels = component_labels(cells)
        groups: dict[int, set[str]] = {}
        for cell, label in labels.items():
            tile = board[cell]
            if tile.up:
                groups.setdefault(label, set()).add(tile.kind)
        if any(kinds == full for kinds in groups.values()):
            winners.add(player)
    return winners
