"""The Grid rule (FW1–FW3): which actions may leave the Grid split, and why not in words.

The Grid must be one 8-connected group at the end of every turn. A first action may split it only
if some second action this turn can rejoin it, so the engine looks one action ahead — cheaply:

* On a connected Grid an action that lifts one tile and puts one down keeps the Grid whole iff the
  lifted tile is not an articulation point (or, if it is, the new cell touches every piece left
  behind); an action that only adds a tile keeps it whole iff the tile touches the Grid. So each
  candidate costs a few dictionary look-ups (:func:`_whole_after`).
* On a split Grid one action can rejoin it only by filling a cell that touches every piece (or
  every piece but a lone tile that is itself moved there). :func:`join_cells` finds those few
  cells, and only actions filling them are tried.
* The look-ahead after a splitting first action is answered once per lifted tile where it can
  be: what does not depend on where the tile went is cached on the position (the undo facts, the
  tiles that could refill the lifted cell), and the second action that rejoined the Grid after
  an earlier first action lifting the same tile is tried before any search.
* Whether a second action rejoins the Grid a first one split is judged from the Grid before
  the first: its pieces without both lifted tiles, as the bitmask of the pieces each cell
  touches (cached per pair of lifted tiles; derived from the pieces without the first tile
  when lifting the second splits nothing), and the two filled cells; the pieces of the split
  Grid are never relabelled for it.
* The look-ahead needs only a yes or a no, so it does not list the second actions kind by kind:
  it looks from each join cell for the tiles that can reach it
  (:func:`~.rejoin_search.first_judged_move`), judging the same moves in another order.
* Candidates are judged before they are built (:func:`~.actions.raw_candidates`), so a random
  draw (:func:`random_action`) builds only the actions it looks at.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, TypeVar, cast

from ftwkit.games.forthewin.actions import (
    Board,
    Candidate,
    CandidatePool,
    ListedRun,
    Position,
    RawCandidate,
    adds_into,
    apply_action,
    basic_reason,
    candidate_runs,
    describe,
    grid_is_whole,
    joined_around,
    offered,
    raw_candidate_list,
    raw_candidates,
    winning_players,
)
from ftwkit.games.forthewin.moves import (
    KINDS,
    Action,
    Add,
    AlienPull,
    NinjaJump,
    PirateBlast,
    Shove,
    Step,
    ZombieInfect,
)
from ftwkit.games.forthewin.rejoin_search import first_judged_move
from ftwkit.geometry.grid import KING, Cell, components
from ftwkit.protocol import Move

__all__ = [
    "action_pool",
    "allowed",
    "allows",
    "draw_allowed",
    "grid_reason",
    "join_cells",
    "legal_actions",
    "pool_of",
    "position_after",
    "random_action",
    "raw_pool",
    "split_description",
]

T = TypeVar("T")


def legal_actions(pos: Position, more: int, stop_at_first: bool = False) -> list[Action]:
    """The actions allowed now, with ``more`` further actions left in this turn after this one.

    Args:
        pos: the position (acting player, board, options).
        more: how many further actions the turn still allows after this one (0 or 1 normally).
        stop_at_first: return as soon as one allowed action is found (a look-ahead test).
    """
    out: list[Action] = []
    opts = pos.options
    # a split Grid is never allowed then (FW1, FW3): such candidates are refused unbuilt
    hopeless = opts.win_needs_connected_grid and (more == 0 or opts.grid_check == "per_action_all")
    shove_whole = opts.win_needs_connected_grid and opts.grid_check == "per_turn"
    keeps_whole = _keeps_whole
    if opts.connectivity == "one_group" and pos.connected:
        keeps_whole = _whole_after  # what _keeps_whole asks of each candidate then
        if not stop_at_first:
            pos.frontier  # noqa: B018 - found once here: _whole_after reads it for every one
    for build, args, lifted, filled in _pool(pos, more):
        if keeps_whole(pos, lifted, filled):
            out.append(build(*args))
        else:
            if hopeless or (shove_whole and build is Shove):
                continue  # what _split_allowed answers first, without building the action
            action = build(*args)
            if not _split_allowed(pos, action, more, lifted, filled):
                continue
            out.append(action)
        if stop_at_first:
            break
    return out


def _pool(pos: Position, more: int) -> Iterator[RawCandidate]:
    """The candidates worth judging, each once: on a split Grid with no action to follow, only
    those that fill a cell where the Grid can be rejoined (:func:`join_cells`)."""
    dests = _pool_dests(pos, more)
    if dests is not None and not dests:
        return iter(())
    return raw_candidates(pos, dests)


def _pool_dests(pos: Position, more: int) -> dict[Cell, Cell | None] | None:
    """The cells :func:`_pool`'s candidates must fill (``None``: any), see :func:`_pool`."""
    opts = pos.options
    fast = opts.connectivity == "one_group" and opts.win_needs_connected_grid
    if not pos.connected and fast and more == 0:
        return join_cells(pos)
    return None


def action_pool(pos: Position, more: int) -> list[Candidate]:
    """The candidates :func:`legal_actions` judges, each action once, in the same order: the
    legal actions are exactly those for which :func:`allows` holds (a superset to sample from)."""
    return [(build(*args), lifted, filled) for build, args, lifted, filled in _pool(pos, more)]


def allows(pos: Position, cand: Candidate, more: int) -> bool:
    """Whether the Grid rule allows a candidate of :func:`action_pool` (FW1-FW3)."""
    action, lifted, filled = cand
    return _keeps_whole(pos, lifted, filled) or _split_allowed(pos, action, more, lifted, filled)


def random_action(specials: list[Move], pos: Position, more: int, rng: random.Random) -> Move:
    """A move drawn uniformly over ``specials`` and the legal actions, as :func:`draw_allowed`
    over :func:`action_pool` draws it (the same ``rng`` calls, the same move), building only the
    actions it judges."""

    return draw_allowed(specials, raw_pool(pos, more), lambda raw: allowed(pos, raw, more), rng)


def raw_pool(pos: Position, more: int) -> list[RawCandidate]:
    """:func:`action_pool` with the actions not yet built (``(build, fields, lifted, filled)``),
    for callers that judge or build only a few of them (:func:`allowed`)."""
    dests = _pool_dests(pos, more)
    if dests is not None and not dests:
        return []
    return raw_candidate_list(pos, dests)


def pool_of(pos: Position, more: int) -> CandidatePool:
    """:func:`raw_pool` as a :class:`~.actions.CandidatePool`: the same candidates in the same
    order, counted at once and built only when asked for (a search draws a few)."""
    dests = _pool_dests(pos, more)
    if dests is None:
        return CandidatePool(candidate_runs(pos))
    return CandidatePool([ListedRun(raw_candidate_list(pos, dests))] if dests else [])


def allowed(pos: Position, raw: RawCandidate, more: int) -> Action | None:
    """The action of a candidate of :func:`raw_pool`, built, if the Grid rule allows it
    (FW1-FW3), else ``None``."""
    build, args, lifted, filled = raw
    if _keeps_whole(pos, lifted, filled):
        return build(*args)
    action = build(*args)
    return action if _split_allowed(pos, action, more, lifted, filled) else None


def draw_allowed(
    specials: list[Move], pool: list[T], judge: Callable[[T], Move | None], rng: random.Random
) -> Move:
    """A move drawn uniformly over ``specials`` (all legal) and the items of ``pool`` that
    ``judge`` turns into a move (the others are refused): rejection sampling without replacement
    (``pool`` is reordered), so only the drawn items are judged.

    Raises:
        AssertionError: nothing is legal (a running position always has a legal move).
    """
    extra = len(specials)
    size = extra + len(pool)
    while size:
        pick = rng.randrange(size)
        if pick < extra:
            return specials[pick]
        found = judge(pool[pick - extra])
        if found is not None:
            return found
        size -= 1
        pool[pick - extra] = pool[size - extra]  # drop it: the next draw is among the rest
    raise AssertionError("no legal move in a running position")  # pragma: no cover


def _whole_after(pos: Position, lifted: Cell | None, filled: Cell | None) -> bool:
    """Whether the Grid stays one group (fast path: the Grid is one group now).

    Without ``lifted`` the Grid stays whole iff ``filled`` touches a tile. Without a cut tile
    lifted, too. With a cut tile lifted the Grid falls into two pieces or more, which
    ``filled`` must all touch: never when it touches fewer than two tiles, so the pieces are
    looked at only when it touches two or more. How many tiles ``filled`` (an empty cell)
    touches is read off :attr:`~.actions.Position.frontier` when it is known (:func:`legal_actions`
    finds it before it judges every candidate), one less when ``lifted`` is one of them; else its
    8 neighbours are looked at (a random draw judges a few candidates: working out the frontier
    would cost more)."""
    if filled is None:
        return True
    board = pos.board
    x, y = filled
    counts: dict[Cell, int] | None = pos.facts.get("frontier")
    if counts is None:
        touching = 0
        for dx, dy in KING:
            nb = (x + dx, y + dy)
            if nb in board and nb != lifted:
                touching += 1
                if touching == 2:  # all that is asked below: none, one, two or more
                    break
    else:
        touching = counts.get(filled, 0)
        if lifted is not None and -1 <= lifted[0] - x <= 1 and -1 <= lifted[1] - y <= 1:
            touching -= 1  # ``lifted`` is one of them, and leaves
    if lifted is None:
        return touching > 0
    if len(board) == 1:
        return True
    if not touching:
        return False
    if not pos.is_cut(lifted):
        return True
    if touching < 2:
        return False
    cached: dict[Cell, tuple[dict[Cell, int], list[int]]] = pos.memo.get("_masks", {})
    found = cached.get(lifted)
    if found is not None:  # cached by the look-ahead: empty cell → pieces it touches
        masks, sizes = found
        return masks.get(filled, 0) == (1 << len(sizes)) - 1
    labels, count = pos.labels_without(lifted)
    touched = 0  # the pieces ``filled`` touches, as bits
    for dx, dy in KING:
        label = labels.get((x + dx, y + dy))
        if label is not None:
            touched |= 1 << label
    return touched == (1 << count) - 1


def position_after(
    pos: Position, action: Action, applied: tuple[Board, tuple[tuple[int, str], ...]] | None = None
) -> Position:
    """``pos.after(action)`` for an allowed ``action``, told whether its Grid is whole from the
    footprint of the action (the judgement the Grid rule makes) instead of a search of the Grid,
    and, when the action split a whole Grid, its pieces derived from those of ``pos`` (and the
    count of tiles on the Grid, when none entered or left it).

    ``applied``: :func:`~.actions.apply_action` of ``action`` on ``pos`` when the caller has it
    already (a search policy that compared the action), so that it is not worked out again."""
    board, removed = apply_action(pos, action) if applied is None else applied
    lifted, filled = pos.footprint(action)
    whole = _keeps_whole(pos, lifted, filled)
    facts: dict[str, Any] = {}
    if not whole and lifted is not None and filled is not None and pos.connected:
        facts = _carried_pieces(pos, lifted, filled)  # the pieces, for the rejoining action
    facts["connected"] = whole
    frontier = pos.facts.get("frontier")
    if frontier is not None:  # the new frontier is worked out from it when asked for
        facts["_frontier_from"] = (frontier, lifted, filled)
    counts = pos.facts.get("_on_grid")
    if counts is not None and type(action) not in (Add, ZombieInfect):
        facts["_on_grid"] = counts  # no tile entered or left the Grid
    return Position(board, pos.player, pos.players, removed, pos.options, facts)


def _cells_after(pos: Position, lifted: Cell | None, filled: Cell | None) -> set[Cell]:
    cells = set(pos.board)
    if lifted is not None:
        cells.discard(lifted)
    if filled is not None:
        cells.add(filled)
    return cells


def must_stay_whole(action: Action, grid_check: str) -> bool:
    """Whether this action by itself must leave the Grid whole (FW1)."""
    if grid_check == "per_action_all":
        return True
    return grid_check == "per_turn" and type(action) is Shove  # the action classes are final


def _keeps_whole(pos: Position, lifted: Cell | None, filled: Cell | None) -> bool:
    """Whether the Grid obeys the connectivity rule after an action that empties ``lifted`` and
    fills ``filled`` (either ``None`` when it does not)."""
    opts = pos.options
    if opts.connectivity == "one_group":
        if pos.connected:
            return _whole_after(pos, lifted, filled)
        return _rejoined_after(pos, lifted, filled)
    if lifted is None and filled is None:
        return pos.connected
    return grid_is_whole(_cells_after(pos, lifted, filled), opts)


def _split_allowed(
    pos: Position, action: Action, more: int, lifted: Cell | None = None, filled: Cell | None = None
) -> bool:
    """Whether an action that leaves the Grid split is still allowed (FW1, FW3, FW9)."""
    opts = pos.options
    last = more == 0 or must_stay_whole(action, opts.grid_check)  # no second action may rejoin
    if last:
        if opts.win_needs_connected_grid:
            return False
    elif (
        lifted is not None
        and filled is not None
        and pos.connected
        and _undo_exists(pos, action, lifted, filled)
    ):
        return True
    board, removed = apply_action(pos, action)
    facts: dict[str, Any] | None = None
    if lifted is not None and filled is not None and pos.connected:
        facts = _carried_pieces(pos, lifted, filled)
        counts = pos.facts.get("_on_grid")
        if counts is not None and type(action) is not Add:
            facts["_on_grid"] = counts  # a tile moved: none entered or left the Grid
    after = Position(board, pos.player, pos.players, removed, pos.options, facts)
    if not opts.win_needs_connected_grid and winning_players(after.board, pos.players, opts):
        return True
    if last:
        return False
    if lifted is None:
        return bool(legal_actions(after, 0, stop_at_first=True))
    # The second action that rejoined the Grid after an earlier first action lifting the same
    # tile usually rejoins it again (the Grid differs only where that tile went): try it first.
    witnesses: dict[Cell, Action] = pos.memo.setdefault("_rejoin_witness", {})
    witness = witnesses.get(lifted)
    if witness is not None:
        found = offered(after, witness)
        if found is not None and _keeps_whole(after, found[0], found[1]):
            return True
    second = _rejoining_action(after)
    if second is not None:
        witnesses[lifted] = second
    return second is not None


def _rejoining_action(after: Position) -> Action | None:
    """A second action that leaves the Grid whole after a first one that split it (``after``),
    if there is one: ``legal_actions(after, 0, stop_at_first=True)`` answers the same yes or no,
    but when the Grid after both actions is judged from the one before the first (``origin``),
    the moves that fill a join cell are looked for from those few cells
    (:func:`~.rejoin_search.first_judged_move`) instead of listed kind by kind."""
    opts = after.options
    origin = after.facts.get("origin")
    exact = opts.connectivity == "one_group" and opts.win_needs_connected_grid
    if origin is None or not exact or after.connected:
        found = legal_actions(after, 0, stop_at_first=True)
        return found[0] if found else None
    dests = join_cells(after)
    if not dests:
        return None
    if _has_supply(origin[0]):  # the first action moved a tile: the supply is the one before
        for build, args, _, filled in adds_into(after, dests):
            if _keeps_whole(after, None, filled):
                return build(*args)
    raw = first_judged_move(after, dests, partial(_whole_from_origin, origin))
    return None if raw is None else raw[0](*raw[1])


def _undo_exists(pos: Position, action: Action, lifted: Cell, filled: Cell) -> bool:
    """Whether a second action surely rejoins the Grid that ``action`` split, found without
    building the position after it (a shortcut; ``False`` means "look the slow way").

    ``action`` lifted one tile T from ``lifted`` on a whole Grid and put it on ``filled``. Any
    second action that puts a tile back on ``lifted`` so that the occupied cells are the ones
    before ``action`` leaves the Grid whole, because it was whole then: T stepping back, an own
    face-up Alien next to ``lifted`` pulling T back, an own face-up Pirate next to T blasting it
    back, T (an own face-up Ninja) jumping back. Under ``one_group`` an Add on ``lifted`` also
    rejoins, since the lifted tile touched every piece it leaves behind (and T's new piece when
    ``filled`` touches a tile): it needs a tile in supply and no own tile next to ``lifted``.

    The parts that depend only on the lifted tile and the tile that acted are worked out once
    per position and shared by every first action lifting the same tile.
    """
    kind = type(action)
    actor: Cell | None
    if kind is Step:
        return True  # the tile is still face up and steps back
    if kind is AlienPull:
        actor = cast(AlienPull, action).alien
    elif kind is PirateBlast:
        actor = cast(PirateBlast, action).pirate
    elif kind is NinjaJump:
        actor = lifted
    else:
        return False  # Shove (a run moved) and Add (nothing lifted) take the slow way
    memo = pos.memo
    cache: dict[tuple[Cell, Cell], tuple[bool, bool, bool, bool]] | None = memo.get("_undo_facts")
    if cache is None:
        cache = memo["_undo_facts"] = {}
    facts = cache.get((lifted, actor))
    if facts is None:
        facts = cache[(lifted, actor)] = _undo_facts(pos, lifted, actor)
    sure, own_moved_up, own_moved, own_base = facts
    if sure:
        return True
    board = pos.board
    lx, ly = lifted
    fx, fy = filled
    near = abs(fx - lx) <= 1 and abs(fy - ly) <= 1
    if own_moved_up and near:
        return True  # T steps back
    for pirate in _own_pirates_near(pos).get(filled, ()):
        if pirate not in (lifted, actor):
            return True  # a Pirate next to T blasts it back (``lifted`` is a Grid space)
    if pos.options.connectivity != "one_group":
        return False
    own_neighbour = own_base or (own_moved and near)
    if not own_neighbour and _has_supply(pos):
        # Add on ``lifted``: it touches every piece of the Grid without T; T's piece too when T
        # touches some tile where it landed, or lies next to ``lifted``
        if near:
            return True
        for dx, dy in KING:
            spot = (fx + dx, fy + dy)
            if spot in board and spot != lifted:
                return True
    return _refill_exists(pos, lifted, filled, actor)


def _has_supply(pos: Position) -> bool:
    """Whether the acting player has a tile of some kind off the Grid (cached on ``pos``)."""
    found: bool | None = pos.memo.get("_has_supply")
    if found is None:
        found = pos.memo["_has_supply"] = any(pos.supply(pos.player, k) > 0 for k in KINDS)
    return found


def _own_pirates_near(pos: Position) -> dict[Cell, list[Cell]]:
    """Cell → the acting player's face-up Pirates next to it (cached on ``pos``)."""
    found: dict[Cell, list[Cell]] | None = pos.memo.get("_own_pirates_near")
    if found is None:
        found = {}
        for x, y in pos.own_up("pirate"):
            for dx, dy in KING:
                found.setdefault((x + dx, y + dy), []).append((x, y))
        pos.memo["_own_pirates_near"] = found
    return found


def _undo_facts(pos: Position, lifted: Cell, actor: Cell) -> tuple[bool, bool, bool, bool]:
    """What :func:`_undo_exists` needs to know of the tile T on ``lifted`` whatever cell it goes
    to: ``(surely undone, T is own and still face up, T is own, an own tile touches lifted)``.
    Surely undone: T is an own face-up Ninja that jumps back, or an own face-up Alien next to
    ``lifted`` (not the one that acted) pulls T back."""
    board = pos.board
    player = pos.player
    moved = board[lifted]
    own_moved = moved.player == player
    own_moved_up = own_moved and moved.up and actor != lifted
    if own_moved_up and moved.kind == "ninja":
        return True, own_moved_up, own_moved, True  # T jumps back
    own_base = False
    lx, ly = lifted
    for dx, dy in KING:
        nb = (lx + dx, ly + dy)
        tile = board.get(nb)
        if tile is None or tile.player != player:
            continue
        own_base = True
        if tile.up and nb != actor and tile.kind == "alien":
            return True, own_moved_up, own_moved, True  # another Alien pulls T back
    return False, own_moved_up, own_moved, own_base


def _refill_exists(pos: Position, lifted: Cell, filled: Cell, actor: Cell | None) -> bool:
    """Whether a second action surely moves some other tile Z onto ``lifted`` so that the Grid
    is the one before the first action without Z and with ``filled``: whole when Z is not an
    articulation point of that Grid and ``filled`` touches a tile other than Z (``one_group``).

    The tiles Z that can be put on ``lifted`` (:func:`_refillers`) depend on ``filled`` only
    through whether it lies next to ``lifted``, so they are found once per position and lifted
    tile; what is left is whether ``filled`` touches a tile other than one of them.
    """
    board = pos.board
    fx, fy = filled
    lx, ly = lifted
    next_to = abs(fx - lx) <= 1 and abs(fy - ly) <= 1
    memo = pos.memo
    cache: dict[tuple[Cell, Cell | None, bool], frozenset[Cell]] | None = memo.get("_refillers")
    if cache is None:
        cache = memo["_refillers"] = {}
    key = (lifted, actor, next_to)
    refillers = cache.get(key)
    if refillers is None:
        refillers = cache[key] = _refillers(pos, lifted, actor, next_to)
    if not refillers:
        return False
    # tiles next to ``filled`` once Z has gone (``lifted`` counts: it is filled again)
    seen: Cell | None = None
    for dx, dy in KING:
        spot = (fx + dx, fy + dy)
        if spot in board:
            if seen is not None:
                return True  # two tiles: one is not Z
            seen = spot
    if seen is None:
        return False
    return len(refillers) > 1 or seen not in refillers


def _refillers(pos: Position, lifted: Cell, actor: Cell | None, next_to: bool) -> frozenset[Cell]:
    """The tiles Z, not articulation points, that a second action can put on ``lifted``: an own
    face-up tile next to ``lifted`` stepping onto it, an own face-up Ninja jumping there, an own
    face-up Alien next to ``lifted`` pulling Z there, an own face-up Pirate blasting a tile next
    to it there. The tile that acted first (``actor``, now face down) and T are left out; those
    cases are the undo moves of :func:`_undo_exists`. ``next_to``: T went next to ``lifted``
    (then ``lifted`` is a Grid space for any Z)."""
    board = pos.board
    player = pos.player
    lx, ly = lifted
    # tiles next to ``lifted`` after the first action: a Grid space for Z needs one besides Z
    around_l = [(lx + dx, ly + dy) for dx, dy in KING if (lx + dx, ly + dy) in board]
    if next_to:
        around_l.append(lifted)  # stands for T's new cell: never Z

    def fine(z: Cell) -> bool:
        return z != lifted and not pos.is_cut(z)

    def space_for(z: Cell) -> bool:
        return any(c != z for c in around_l)

    out: set[Cell] = set()
    for cell, tile in board.items():
        if tile.player != player or not tile.up or cell in (actor, lifted):
            continue
        near = abs(cell[0] - lx) <= 1 and abs(cell[1] - ly) <= 1
        if near and fine(cell):
            out.add(cell)  # steps onto ``lifted``
        kind = tile.kind
        if kind == "ninja" and fine(cell) and space_for(cell):
            out.add(cell)  # jumps onto ``lifted``
        if kind == "alien" and near:
            out.update(z for z in board if z != cell and fine(z))  # pulls Z onto ``lifted``
        if kind == "pirate":
            x, y = cell
            for dx, dy in KING:
                z = (x + dx, y + dy)
                if z in board and fine(z) and space_for(z):
                    out.add(z)  # blasts a neighbour onto ``lifted``
    return frozenset(out)


def _carried_pieces(pos: Position, lifted: Cell, filled: Cell) -> dict[str, Any]:
    """The facts of the Grid after an action lifting ``lifted`` and filling ``filled``, found
    without a flood fill from the pieces of the Grid without ``lifted`` (only when the one_group
    Grid was whole before the action; else none).

    Whether the Grid is whole is counted at once (the pieces ``filled`` touches merge into one);
    the pieces themselves are derived only when asked for (``Position.pieces``), which a
    look-ahead that finds no candidate never does."""
    if pos.options.connectivity != "one_group":
        return {}
    labels, count = pos.labels_without(lifted)
    x, y = filled
    touched: set[int] = set()
    for dx, dy in KING:
        label = labels.get((x + dx, y + dy))
        if label is not None:
            touched.add(label)
    return {
        "connected": count - len(touched) + 1 <= 1,
        # the whole Grid and the action's cells: Position.pieces and join_cells, when asked
        "_split_from": (pos, lifted, filled, touched),
        "origin": (pos, lifted, filled),
    }


def _base_masks(pos: Position, lifted: Cell) -> tuple[dict[Cell, int], list[int]]:
    """For the Grid without ``lifted``: empty cell → bitmask of the pieces it touches, and the
    size of each piece (cached per lifted cell)."""
    cache: dict[Cell, tuple[dict[Cell, int], list[int]]] = pos.memo.setdefault("_masks", {})
    found = cache.get(lifted)
    if found is None:
        labels, count = pos.labels_without(lifted)
        around = pos.around  # each tile's neighbours: tiles, and empty cells
        masks: dict[Cell, int] = {}
        sizes = [0] * count
        for cell, label in labels.items():
            sizes[label] += 1
            bit = 1 << label
            tiles, empty = around[cell]
            for spot in empty:
                masks[spot] = masks.get(spot, 0) | bit
            if lifted in tiles:
                masks[lifted] = masks.get(lifted, 0) | bit
        found = (masks, sizes)
        cache[lifted] = found
    return found


def _carried_join_cells(
    pos: Position, lifted: Cell, filled: Cell, touched: set[int]
) -> dict[Cell, Cell | None]:
    """:func:`join_cells` of the Grid after lifting ``lifted`` and filling ``filled``, derived
    from the pieces of the Grid without ``lifted`` (``touched``: the pieces ``filled`` joins).

    Everything but the cells next to ``filled`` depends only on ``lifted`` and ``touched``, so
    that part is cached on ``pos`` and shared by every action lifting the same tile."""
    masks, sizes = _base_masks(pos, lifted)
    labels, count = pos.labels_without(lifted)
    merged = 0
    for label in touched:
        merged |= 1 << label
    others = ((1 << count) - 1) ^ merged
    cache: dict[tuple[Cell, int], tuple[dict[Cell, Any], dict[int, Cell]]] = pos.memo.setdefault(
        "_join_base", {}
    )
    found = cache.get((lifted, merged))
    if found is None:
        lone_cells = {
            1 << labels[c]: c
            for c in labels
            if sizes[labels[c]] == 1 and not (1 << labels[c]) & merged
        }
        base: dict[Cell, Any] = {}
        for spot, mask in masks.items():  # empty cells (and ``lifted``) next to the pieces
            covered = mask & others
            if mask & merged:
                if covered == others:
                    base[spot] = None
                else:
                    lone = lone_cells.get(others ^ covered)
                    if lone is not None:
                        base[spot] = lone
            elif covered == others and not merged:
                base[spot] = _FILLED  # only the lone tile just placed is missed
        found = (base, lone_cells)
        cache[(lifted, merged)] = found
    base, lone_cells = found
    if merged:
        out: dict[Cell, Cell | None] = dict(base)
    else:
        out = {spot: filled if need is _FILLED else need for spot, need in base.items()}
    out.pop(filled, None)
    board = pos.board
    fx, fy = filled
    for dx, dy in KING:  # cells next to ``filled`` touch the merged piece through it
        spot = (fx + dx, fy + dy)
        if spot in board and spot != lifted:
            continue
        covered = masks.get(spot, 0) & others
        if covered == others:
            out[spot] = None
        else:
            lone = lone_cells.get(others ^ covered)
            if lone is not None:
                out[spot] = lone
            else:
                out.pop(spot, None)
    return out


_FILLED: Any = object()
"""Marks a join cell whose needed tile is the one the action just placed (cached part)."""


def _rejoined_after(pos: Position, lifted: Cell | None, filled: Cell | None) -> bool:
    """Whether an action makes the split Grid one group again (``one_group`` connectivity)."""
    if filled is None:
        return False
    origin = pos.facts.get("origin")
    if origin is not None and lifted is not None:
        # the Grid after both actions, judged exactly from the one before the first: the
        # pieces of this one (a relabelling per position) are not needed
        return _whole_from_origin(origin, lifted, filled)
    labels, count, sizes = pos.pieces
    x, y = filled
    touched = {
        labels[nb] for nb in ((x + dx, y + dy) for dx, dy in KING) if nb in labels and nb != lifted
    }
    need = set(range(count))
    if lifted is not None and sizes[labels[lifted]] == 1:
        need.discard(labels[lifted])
    if not need <= touched:
        return False
    if lifted is None or sizes[labels[lifted]] == 1:
        return True
    if not pos.is_cut(lifted):
        # its piece stays whole without it, and ``filled`` touches the rest of that piece
        return True
    # the Grid without ``lifted`` (pieces cached per lifted cell): ``filled`` must touch them all
    rest, parts = pos.labels_without(lifted)
    return len({rest[nb] for nb in ((x + dx, y + dy) for dx, dy in KING) if nb in rest}) == parts


def _whole_from_origin(origin: tuple[Position, Cell, Cell], lifted: Cell, filled: Cell) -> bool:
    """Whether the Grid is one group after a second action (lifting ``lifted``, filling
    ``filled``) when the first lifted ``first_lifted`` and filled ``first_filled`` on the whole
    Grid of ``base``: judged from the pieces of ``base`` without both lifted cells (cached on
    ``base``, so shared by every first action that lifts the same tile) and the two filled
    cells, instead of a flood fill of each position."""
    base, first_lifted, first_filled = origin
    x, y = filled
    if lifted == first_filled:  # the same tile moves again: base without first_lifted, + filled
        labels, count = base.labels_without(first_lifted)
        touched = {labels[nb] for nb in ((x + dx, y + dy) for dx, dy in KING) if nb in labels}
        return len(touched) == count
    cache: dict[tuple[Cell, Cell], tuple[dict[Cell, int], int]] = base.memo.setdefault(
        "_pair_masks", {}
    )
    key = (first_lifted, lifted)
    found = cache.get(key)
    if found is None:
        found = cache[key] = _pair_masks(base, first_lifted, lifted)
    masks, full = found
    fx, fy = first_filled
    near_first = masks.get(first_filled, 0)
    near_second = masks.get(filled, 0)
    if (abs(fx - x) <= 1 and abs(fy - y) <= 1) or near_first & near_second:
        return near_first | near_second == full
    return False


def _touch_masks(base: Position, gone: tuple[Cell, Cell]) -> tuple[dict[Cell, int], int]:
    """For the tiles of ``base`` but those on ``gone`` (``first``, ``second``): cell → bitmask
    of the pieces it touches, at the empty cells and ``first`` (the cells a second action can
    fill), and the mask of all pieces; so that which pieces a filled cell joins is one look-up
    (:func:`_whole_from_origin` asks it of many actions). One search labels the pieces and
    marks the cells around them, through the neighbours of each tile listed once per position
    (:attr:`~.actions.Position.around`): a look-ahead asks it of many pairs of lifted tiles."""
    first, second = gone
    around = base.around
    unseen = set(around)
    unseen.discard(first)
    unseen.discard(second)
    masks: dict[Cell, int] = {}
    count = 0
    for start in around:
        if start not in unseen:
            continue
        unseen.discard(start)
        bit = 1 << count
        count += 1
        stack = [start]
        while stack:
            tiles, empty = around[stack.pop()]
            for spot in empty:
                masks[spot] = masks.get(spot, 0) | bit
            for spot in tiles:
                if spot in unseen:
                    unseen.discard(spot)
                    stack.append(spot)
                elif spot == first:
                    masks[spot] = masks.get(spot, 0) | bit
        if not unseen:
            break
    return masks, (1 << count) - 1


def _pair_masks(base: Position, first: Cell, second: Cell) -> tuple[dict[Cell, int], int]:
    """:func:`_touch_masks` of the Grid of ``base`` without the tiles on ``first`` and
    ``second``, at every cell a second action after a first lifting ``first`` can fill (the
    empty cells and ``first``; elsewhere it may differ).

    When the tiles next to ``second`` touch one another around it (lifting it leaves its piece
    whole, and not empty), the pieces are those of the Grid without ``first`` (cached), so only
    the cells next to ``second`` change: derived from :func:`_base_masks` instead of a flood
    fill of each pair."""
    labels, count = base.labels_without(first)
    board = base.board
    x, y = second
    if not joined_around(labels, second):
        return _touch_masks(base, (first, second))
    masks = dict(_base_masks(base, first)[0])
    for dx, dy in KING:
        spot = (x + dx, y + dy)
        if spot in board and spot != first:
            continue  # a tile stays there: never filled
        sx, sy = spot
        mask = 0
        for ex, ey in KING:
            near = (sx + ex, sy + ey)
            if near != second:
                label = labels.get(near)
                if label is not None:
                    mask |= 1 << label
        if mask:
            masks[spot] = mask
        else:
            masks.pop(spot, None)
    return masks, (1 << count) - 1


def join_cells(pos: Position) -> dict[Cell, Cell | None]:
    """Empty cells where one action could make the split Grid one group again.

    A cell qualifies if it touches every piece of the Grid (any action filling it may do), or
    every piece but one lone tile (then only moving that lone tile there can do).
    """
    carried: dict[Cell, Cell | None] | None = pos.facts.get("join_cells")
    if carried is not None:
        return carried
    source = pos.facts.get("_split_from")
    if source is not None:
        carried = pos.facts["join_cells"] = _carried_join_cells(*source)
        return carried
    labels, count, sizes = pos.pieces
    board = pos.board
    masks: dict[Cell, int] = {}
    for (x, y), label in labels.items():
        bit = 1 << label
        for dx, dy in KING:
            spot = (x + dx, y + dy)
            if spot not in board:
                masks[spot] = masks.get(spot, 0) | bit
    full = (1 << count) - 1
    lone_bits = {1 << labels[c]: c for c in labels if sizes[labels[c]] == 1}
    out: dict[Cell, Cell | None] = {}
    for spot, mask in masks.items():
        if mask == full:
            out[spot] = None
        else:
            lone = lone_bits.get(full ^ mask)
            if lone is not None:
                out[spot] = lone
    return out


def split_description(pos: Position) -> str:
    """Words for how the Grid is split: the pieces cut off from the largest one."""
    board = pos.board
    if pos.options.connectivity == "no_isolated_tile":
        lone = [c for c in board if not any(nb in board for nb in _around(c))]
        return "; ".join(f"{describe(board[c], c)} would touch no other tile" for c in sorted(lone))
    parts = []
    for piece in components(board)[1:]:
        cells = sorted(piece, key=lambda c: (c[1], c[0]))
        head = describe(board[cells[0]], cells[0])
        if len(cells) == 1:
            parts.append(f"{head} would touch no other tile")
        else:
            others = len(cells) - 1
            noun = "tile" if others == 1 else "tiles"
            parts.append(f"{head} and {others} other {noun} would be cut off from the rest")
    return "; ".join(parts)


def _around(cell: Cell) -> list[Cell]:
    return [(cell[0] + dx, cell[1] + dy) for dx, dy in KING]


def grid_reason(pos: Position, action: Action, more: int, first_of_turn: bool) -> str | None:
    """Why the Grid rule refuses ``action`` (already allowed by the action rules), or ``None``.

    Args:
        pos: the position before the action.
        action: the action.
        more: further actions the turn allows after this one.
        first_of_turn: whether this is the first action of the turn (for the wording of FW3).
    """
    assert basic_reason(pos, action) is None
    opts = pos.options
    after = pos.after(action)
    if after.connected:
        return None
    if not opts.win_needs_connected_grid and winning_players(after.board, pos.players, opts):
        return None
    desc = split_description(after)
    if must_stay_whole(action, opts.grid_check):
        if isinstance(action, Shove) and opts.grid_check == "per_turn":
            return f"a Shove may not end in a manner that separates the Grid (FW1): {desc}"
        return f"every action must leave the Grid connected (grid_check = per_action_all): {desc}"
    if more == 0:
        text = f"the Grid would be split at the end of the turn: {desc}"
        if first_of_turn:
            text += "; no second action could rejoin the Grid, and only one action is left"
        return text + " (FW1-FW3)"
    if not legal_actions(after, 0, stop_at_first=True):
        return f"the Grid would be split and no second action could rejoin it: {desc} (FW1-FW3)"
    return None
