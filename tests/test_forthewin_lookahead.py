"""For the Win! split look-ahead: its shortcut verdicts against a plain flood fill.

After a first action splits a whole Grid, the engine judges whether a second action rejoins it
from the Grid before the first action (the pieces without both lifted tiles, as bitmasks of the
pieces each cell touches) instead of searching the Grid after both actions. These tests compare
that verdict with :func:`~ftwkit.games.forthewin.actions.grid_is_whole` of the tiles after both
actions, for every candidate second action after every splitting first action of seeded
mid-game positions holding face-down tiles (the positions where the look-ahead costs most).
Each splitting first action's own verdict (the look-ahead's yes or no, with its shortcuts: the
undo, the remembered rejoining action, the join cells) is compared with that full search too.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable

import pytest

import ftwkit
from ftwkit.games.forthewin import ForTheWinState
from ftwkit.games.forthewin.actions import (
    Position,
    Tile,
    grid_is_whole,
    joined_around,
    raw_candidates,
)
from ftwkit.games.forthewin.grid_rule import (
    _keeps_whole,
    _pair_masks,
    _touch_masks,
    allows,
    join_cells,
    must_stay_whole,
    position_after,
)
from ftwkit.games.forthewin.moves import KINDS
from ftwkit.games.forthewin.options import Options
from ftwkit.games.forthewin.rejoin_search import first_judged_move
from ftwkit.geometry.graph import component_labels
from ftwkit.geometry.grid import KING, Cell

TILES = 20
POSITIONS = 6


def _mid_game_positions(tiles: int = TILES, count: int = POSITIONS) -> list[Position]:
    """Start-of-turn positions of seeded games with ``tiles`` tiles, some face down."""
    rules = ftwkit.rules("forthewin")
    out: list[Position] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        state = rules.new(seed=seed)
        seed += 1
        for _ in range(2000):
            assert isinstance(state, ForTheWinState)
            if len(state.tiles) >= tiles and state.turn_actions == 0:
                if not all(tile.up for _, tile in state.tiles):
                    out.append(state.position)
                break
            moves = state.legal_moves()
            if not moves:
                break
            adds = [m for m in moves if str(m).startswith("add")]
            state = state.play(rng.choice(adds if adds and rng.random() < 0.6 else moves))
    return out


def _verdicts(positions: list[Position]) -> tuple[int, int, list[str], list[bool]]:
    """Second actions judged (rejoining, not rejoining) and every disagreement, in words: of
    each second action's verdict, and of each splitting first action's (allowed iff the Grid
    rule lets it split the Grid and some second action rejoins it, by flood fill)."""
    rejoined = refused = 0
    wrong: list[str] = []
    firsts: list[bool] = []  # each splitting first action's verdict
    for pos in positions:
        assert pos.connected
        for build, args, lifted, filled in raw_candidates(pos):
            if lifted is None or filled is None or _keeps_whole(pos, lifted, filled):
                continue  # only first actions that move a tile and split the Grid
            first = build(*args)
            after = position_after(pos, first)
            assert not after.connected
            any_rejoins = False
            for _, args2, lifted2, filled2 in raw_candidates(after):
                if filled2 is None:
                    continue
                cells = set(after.board)
                if lifted2 is not None:
                    cells.discard(lifted2)
                cells.add(filled2)
                truth = grid_is_whole(cells, pos.options)
                if _keeps_whole(after, lifted2, filled2) != truth:
                    wrong.append(f"{first} then {args2}: flood fill says {truth}")
                rejoined += truth
                refused += not truth
                any_rejoins = any_rejoins or truth
            may_split = not must_stay_whole(first, pos.options.grid_check)
            firsts.append(allows(pos, (first, lifted, filled), 1))
            if firsts[-1] != (may_split and any_rejoins):
                wrong.append(f"{first}: a second action rejoins the Grid: {any_rejoins}")
    return rejoined, refused, wrong, firsts


def test_split_look_ahead_agrees_with_a_flood_fill() -> None:
    rejoined, refused, wrong, firsts = _verdicts(_mid_game_positions())
    assert wrong == []
    # both verdicts occur often, so a shortcut answering always one way would be caught
    assert rejoined > 1000 and refused > 10000, (rejoined, refused)
    # and each splitting first action is allowed, or refused, often (707 and 27 when written)
    assert firsts.count(True) > 500 and firsts.count(False) > 10, firsts.count(False)


def test_split_look_ahead_agrees_with_a_flood_fill_with_tiles_in_supply() -> None:
    """The same with fewer tiles on the Grid, so that an Add can rejoin it (every tile of both
    players is on the Grid in the positions above)."""
    positions = _mid_game_positions(tiles=12, count=4)
    assert all(any(pos.supply(pos.player, kind) for kind in KINDS) for pos in positions)
    _, _, wrong, firsts = _verdicts(positions)
    assert wrong == []
    # 219 allowed and 34 refused when written
    assert firsts.count(True) > 100 and firsts.count(False) > 10, firsts.count(False)


def _split_positions(single_shoves: bool) -> list[Position]:
    """The positions after every splitting first action of the mid-game positions, each player
    acting (their Grid judged from the one before, as the look-ahead sees them); Shoves of one
    tile if asked."""
    out: list[Position] = []
    for start in _mid_game_positions():
        options = start.options
        if single_shoves:
            options = dataclasses.replace(options, shove_mode="single")
        for player in range(start.players):
            pos = Position(start.board, player, start.players, start.removed, options)
            for build, args, lifted, filled in raw_candidates(pos):
                if lifted is None or filled is None or _keeps_whole(pos, lifted, filled):
                    continue
                out.append(position_after(pos, build(*args)))
    return out


@pytest.mark.parametrize("single_shoves", [False, True])
def test_rejoin_search_judges_exactly_the_listed_moves(single_shoves: bool) -> None:
    """:func:`first_judged_move` judges the ``(emptied, filled)`` pair of every move
    :func:`raw_candidates` lists for the join cells, each as often, and nothing else; the move
    it returns is one of them."""
    kinds: Counter[tuple[str, bool]] = Counter()
    for after in _split_positions(single_shoves):
        dests = join_cells(after)
        listed = [raw for raw in raw_candidates(after, dests) if raw[2] is not None]
        judged: list[tuple[Cell, Cell]] = []

        def refuse(lifted: Cell, filled: Cell, judged: list[tuple[Cell, Cell]] = judged) -> bool:
            judged.append((lifted, filled))
            return False

        assert first_judged_move(after, dests, refuse) is None
        assert sorted(judged) == sorted((raw[2], raw[3]) for raw in listed), after.board
        found = first_judged_move(after, dests, lambda lifted, filled: True)
        assert (found is None) == (not listed)
        assert found is None or found in listed
        for build, _, _, filled in listed:
            assert filled is not None
            kinds[build.__name__, dests[filled] is None] += 1
    # every kind of move to a cell open to any tile, and Alien pulls and Ninja jumps to cells
    # that need a lone tile moved there, occur often
    kinds_seen = {kind for kind, anyone in kinds if anyone}
    assert kinds_seen == {"Step", "Shove", "AlienPull", "NinjaJump", "PirateBlast"}, kinds
    assert min(kinds.values()) > 100 and len(kinds) == 7, kinds


def _pieces(mask: int, labels: dict[Cell, int]) -> frozenset[frozenset[Cell]]:
    """The pieces (as their cells) whose bits ``mask`` sets, by ``labels`` (cell → bit)."""
    return frozenset(
        frozenset(cell for cell, label in labels.items() if label == bit)
        for bit in range(mask.bit_length())
        if mask >> bit & 1
    )


def _board_order_labels(board: Iterable[Cell], rest: list[Cell]) -> dict[Cell, int]:
    """The pieces of ``rest`` numbered in the order ``board`` first meets them."""
    truth = component_labels(rest)
    order: dict[int, int] = {}
    for cell in board:
        if cell in truth:
            order.setdefault(truth[cell], len(order))
    return {cell: order[label] for cell, label in truth.items()}


def test_pair_masks_agree_with_a_flood_fill_where_a_tile_can_go() -> None:
    """The pieces each cell touches once two tiles are lifted (derived from the Grid without
    the first when lifting the second splits nothing, else searched) equal those of a flood
    fill at every cell a second action can fill (the empty cells and the first lifted cell)."""
    derived = 0
    for pos in _mid_game_positions():
        board = pos.board
        spots = {(x + dx, y + dy) for x, y in board for dx, dy in KING} - set(board)
        for first in board:
            for second in board:
                if second == first:
                    continue
                masks, full = _pair_masks(pos, first, second)
                rest = [cell for cell in board if cell not in (first, second)]
                truth = component_labels(rest)
                if joined_around(pos.labels_without(first)[0], second):
                    derived += 1  # the bits are the pieces of the Grid without ``first``
                    labels = {c: n for c, n in pos.labels_without(first)[0].items() if c != second}
                else:  # a search of its own, numbering the pieces in board order
                    labels = _board_order_labels(board, rest)
                true_masks: dict[Cell, int] = {}
                for (x, y), label in truth.items():
                    for dx, dy in KING:
                        spot = (x + dx, y + dy)
                        true_masks[spot] = true_masks.get(spot, 0) | 1 << label
                true_full = (1 << len(set(truth.values()))) - 1
                assert _pieces(full, labels) == _pieces(true_full, truth)
                for spot in (*spots, first):
                    mine = _pieces(masks.get(spot, 0), labels)
                    assert mine == _pieces(true_masks.get(spot, 0), truth), (first, second, spot)
    assert derived > 1000, derived


def test_touch_masks_of_a_row_of_three_without_its_middle_and_an_end() -> None:
    """Each tile's neighbours are listed once, tiles apart from empty cells, in board order;
    the masks of the row ``(0,0) (1,0) (2,0)`` without ``(1,0)`` (first) and ``(2,0)``
    (second): one piece, ``(0,0)``, touched by its empty neighbours and by ``(1,0)``."""
    board = {cell: Tile(0, "ninja", True) for cell in [(0, 0), (1, 0), (2, 0)]}
    pos = Position(board, 0, 2, (), Options())
    around = pos.around
    assert list(around) == [(0, 0), (1, 0), (2, 0)]
    assert around[(1, 0)] == (
        [(2, 0), (0, 0)],
        [(1, -1), (2, -1), (2, 1), (1, 1), (0, 1), (0, -1)],
    )
    masks, full = _touch_masks(pos, ((1, 0), (2, 0)))
    assert full == 1
    assert masks == {
        (0, -1): 1, (1, -1): 1, (1, 0): 1, (1, 1): 1, (0, 1): 1, (-1, 1): 1, (-1, 0): 1,
        (-1, -1): 1,
    }  # fmt: skip
    # without (2,0) (first) and (1,0) (second): (1,0) is no cell a second action fills
    masks, full = _touch_masks(pos, ((2, 0), (1, 0)))
    assert full == 1
    assert masks == {
        (0, -1): 1, (1, -1): 1, (1, 1): 1, (0, 1): 1, (-1, 1): 1, (-1, 0): 1, (-1, -1): 1,
    }  # fmt: skip
