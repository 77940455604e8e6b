"""PNRZ fast paths agree with the plain rules: ``is_legal`` without the list, base targets.

``PnrzState.is_legal`` decides placements, base moves and extra actions directly (issue 14), and
base-move targets are derived from the state's candidates; both must say exactly what the full
move list says, on legal moves and on near misses alike.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import ftwkit
from ftwkit.games.pnrz import PnrzState
from ftwkit.games.pnrz.notation import MoveBase, Orient, Place, Replace, Rotate, Skip, Swap
from ftwkit.games.pnrz.placement import (
    anchor_code,
    anchor_codes,
    candidate_anchors,
    code_anchor,
    extend_codes,
    footprint,
    full_edge_components,
    has_code,
)
from ftwkit.games.pnrz.shared_moves import other_rotations, rotations
from ftwkit.games.pnrz.state import (
    _FREED_SPOTS,
    _LEAF_TESTS,
    _OPEN_SIDES,
    _PLACED_CHAIN,
    _RING_JOINED,
    _TABLE_CHAIN,
    _UNBLOCKED_SPOTS,
)
from ftwkit.games.pnrz.tiles import distinct_rotations

OPTIONS: list[dict[str, Any]] = [
    {},
    {"grid": "aligned"},
    {"base_move_connectivity": "placement_only"},
    {"swap_excludes_opponent_base": True, "rotate_excludes_opponent_base": True},
]


def states(options: dict[str, Any], games: int) -> list[PnrzState]:
    out: list[PnrzState] = []
    rules = ftwkit.rules("pnrz", **options)
    for seed in range(games):
        rng = random.Random(seed)
        state: Any = rules.new(players=2 + seed % 3, seed=seed)
        while not state.is_over:
            out.append(state)
            state = state.play(rng.choice(state.legal_moves()))
        out.append(state)
    return out


def near_misses(state: PnrzState, rng: random.Random) -> list[Any]:
    """Moves of every kind close to legal ones: other anchors, rotations, tiles, order."""
    anchors = sorted(state.placed) or [(0, 0)]
    tiles = sorted({k for hand in state.hands for k in hand} | {"01", "base:pirate"})
    out: list[Any] = [Skip()]
    for _ in range(12):
        a, b = rng.choice(anchors), rng.choice(anchors)
        near = (a[0] + rng.choice((-2, -1, 0, 1, 2)), a[1] + rng.choice((-2, 0, 2)))
        rot = rng.randrange(4)
        out += [
            Place(rng.choice(tiles), near, rot),
            MoveBase(a, near),
            Rotate(a, rot),
            Swap(a, b),
            Swap(b, a),
            Orient(a, rot),
            Replace(a, rng.choice(tiles)),
        ]
    return out


@pytest.mark.parametrize("options", OPTIONS)
def test_is_legal_says_what_the_move_list_says(options: dict[str, Any]) -> None:
    rng = random.Random(5)
    for state in states(options, 3):
        legal = set(state.legal_moves())
        assert all(state.is_legal(m) for m in legal)
        for move in near_misses(state, rng):
            assert state.is_legal(move) == (move in legal), (str(move), state.to_json())


def base_targets(state: PnrzState, src: tuple[int, int]) -> list[tuple[int, int]]:
    """The engine's spots for the base at ``src`` (its anchor codes decoded), in order."""
    return [code_anchor(code) for code in state._base_codes(src)]


def slow_base_targets(state: PnrzState, src: tuple[int, int]) -> list[tuple[int, int]]:
    """The base-move spots computed from scratch (the engine's former way)."""
    anchors = set(state.placed) - {src}
    gone = set(footprint(src))
    occupied = {c for c in state.cells if c not in gone}
    cands = candidate_anchors(anchors, occupied, state.opts.grid == "aligned") - {src}
    if state.opts.base_move_connectivity == "full_edges":
        group = full_edge_components(anchors)
        count = len(set(group.values()))
        if count > 1:
            cands = frozenset(
                (x, y)
                for x, y in cands
                if len(
                    {
                        group.get((x + dx, y + dy), -1)
                        for dx, dy in ((0, -2), (2, 0), (0, 2), (-2, 0))
                    }
                    - {-1}
                )
                == count
            )
    return sorted(cands)


@pytest.mark.parametrize("options", OPTIONS)
def test_base_targets_equal_a_fresh_computation(options: dict[str, Any]) -> None:
    for state in states(options, 4):
        if state.is_over or state.picking:
            continue
        for key, x, y, _ in state.table:
            if key.startswith("base:"):
                assert base_targets(state, (x, y)) == slow_base_targets(state, (x, y))


@pytest.mark.parametrize("options", OPTIONS)
def test_random_move_draws_what_choice_over_the_list_draws(options: dict[str, Any]) -> None:
    """The list-free ``random_move`` uses the same draw as ``rng.choice(legal_moves())``."""
    rules = ftwkit.rules("pnrz", **options)
    for index, state in enumerate(states(options, 3)):
        if state.is_over:
            continue
        fresh = rules.load(state.to_json())  # no move list cached yet
        a, b = random.Random(index), random.Random(index)
        assert fresh.random_move(a) == b.choice(state.legal_moves())
        assert a.random() == b.random()  # and the generator is left in the same state


@pytest.mark.parametrize("options", OPTIONS)
def test_moves_with_carried_caches_equal_those_of_a_fresh_load(options: dict[str, Any]) -> None:
    """Moves from shared rows, with caches carried from move to move (candidates, bases on
    the table, groups), list exactly the moves of the same position loaded afresh."""
    rules = ftwkit.rules("pnrz", **options)
    checked = 0
    for state in states(options, 6):
        if state.is_over or state.previous is None:
            continue
        fresh = rules.load(state.to_json())
        assert fresh._recall("candidates") is None
        assert list(map(str, state.legal_moves())) == list(map(str, fresh.legal_moves()))
        checked += 1
    assert checked > 100


def test_base_targets_when_the_base_links_groups() -> None:
    """A base joining two arms of tiles may only go where it joins both again (PN7)."""
    rules = ftwkit.rules("pnrz")
    data: dict[str, Any] = {
        "players": 2,
        "to_play": 0,
        "characters": [["pirate", "ninja"], ["robot", "zombie"]],
        "tiles": [
            {"id": "01", "at": [-4, 0], "rot": 0},
            {"id": "02", "at": [-2, 0], "rot": 0},
            {"id": "base:pirate", "at": [0, 0], "rot": 0},
            {"id": "03", "at": [2, 0], "rot": 0},
            {"id": "04", "at": [-2, 2], "rot": 0},
            {"id": "05", "at": [2, 2], "rot": 0},
        ],
        "hands": [["06", "07", "base:ninja"], ["08", "09", "base:robot", "base:zombie"]],
        "draw": ["10", "11"],
    }
    state = rules.load(data)
    assert isinstance(state, PnrzState)
    assert not _RING_JOINED[state._ring_mask((0, 0))]
    # lifted, the base leaves 01-02-04 and 03-05 apart; only 0,2 touches both by full edges
    assert base_targets(state, (0, 0)) == slow_base_targets(state, (0, 0)) == [(0, 2)]
    assert [str(m) for m in state.legal_moves() if isinstance(m, MoveBase)] == ["base 0,0 to 0,2"]


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_groups_apart_from_a_lifted_tile_are_the_full_edge_groups_of_the_rest(
    options: dict[str, Any],
) -> None:
    """``_apart`` (leaves read off the ring, walks in turns) lists every full-edge group of the
    table without the lifted tile but one, whole; lifted: every tile, not only bases."""
    cut = 0
    for state in states(options, 4):
        if state.is_over or state.picking or len(state.table) < 3:
            continue
        assert len(state.placed) == state._full_edge_group_size()
        for _, x, y, _ in state.table:
            groups: dict[int, list[tuple[int, int]]] = {}
            for cell, label in full_edge_components(set(state.placed) - {(x, y)}).items():
                groups.setdefault(label, []).append(cell)
            want = sorted(sorted(g) for g in groups.values())
            got = sorted(
                sorted(map(code_anchor, g)) for g in state._apart((x, y), state._ring_mask((x, y)))
            )
            assert len(got) == len(want) - 1 and all(g in want for g in got), (x, y)
            cut += len(got) > 0
    assert cut > 100  # lifted tiles that split the table were met


def test_anchor_codes_round_trip_and_sort_as_the_anchors_do() -> None:
    far = 2_000_300  # beyond any loaded anchor (twice COORD_LIMIT) plus a game's growth
    anchors = [(x, y) for x in (-far, -129, -1, 0, 1, 128, far) for y in (-far, -5, 0, 7, far)]
    assert [code_anchor(anchor_code(a)) for a in anchors] == anchors
    assert sorted(anchors, key=anchor_code) == sorted(anchors)
    assert anchor_codes(reversed(anchors)) == [anchor_code(a) for a in sorted(anchors)]


def test_extend_codes_edits_the_sorted_candidates_as_a_placement_changes_them() -> None:
    """A tile at 0,0 beside one at -2,0: the anchors overlapping it go, its free full-edge
    neighbours come in (the one at -2,0 is taken), the codes stay sorted; what overlaps a tile
    is read from the tiles' anchor codes."""
    cells = {cell for at in ((-2, 0), (0, 0)) for cell in footprint(at)}
    before = anchor_codes(candidate_anchors([(-2, 0)], set(footprint((-2, 0))), False))
    assert [code_anchor(c) for c in before] == [(-4, 0), (-2, -2), (-2, 2), (0, 0)]
    after = extend_codes(before, (0, 0), set(anchor_codes([(-2, 0), (0, 0)])), False)
    assert [code_anchor(c) for c in after] == [(-4, 0), (-2, -2), (-2, 2), (0, -2), (0, 2), (2, 0)]
    assert list(after) == anchor_codes(candidate_anchors([(-2, 0), (0, 0)], cells, False))
    # (on the aligned grid the same: every anchor here is even)
    assert extend_codes(before, (0, 0), set(anchor_codes([(-2, 0), (0, 0)])), True) == after
    offset = cells | set(footprint((1, 2)))  # under 0,0 by half a tile: 0,2 goes, -1,2 comes
    grown = extend_codes(after, (1, 2), set(anchor_codes([(-2, 0), (0, 0), (1, 2)])), False)
    assert [code_anchor(c) for c in grown] == [
        (-4, 0),
        (-2, -2),
        (-2, 2),
        (-1, 2),
        (0, -2),
        (1, 4),
        (2, 0),
        (3, 2),
    ]
    assert list(grown) == anchor_codes(candidate_anchors([(-2, 0), (0, 0), (1, 2)], offset, False))
    assert has_code(after, anchor_code((0, 2))) and not has_code(after, anchor_code((0, 1)))
    assert not has_code((), 0)


@pytest.mark.parametrize("options", OPTIONS)
def test_carried_candidates_bases_and_group_equal_a_fresh_table(options: dict[str, Any]) -> None:
    """The candidates' codes, bases, full-edge group and the codes of the occupied anchors a
    state takes from the one before (through placements, extra actions and base moves,
    which are played often here) are the ones a fresh load of the position finds by scanning
    its table."""
    rules = ftwkit.rules("pnrz", **options)
    moved = carried = 0
    for seed in range(6):
        rng = random.Random(seed)
        state: Any = rules.new(players=2 + seed % 3, seed=seed)
        while not state.is_over:
            moves = state.legal_moves()
            bases = [m for m in moves if isinstance(m, MoveBase)]
            move = rng.choice(bases) if bases and rng.random() < 0.3 else rng.choice(moves)
            state = state.play(move)
            moved += isinstance(move, MoveBase)
            if state.picking or not state.table:
                continue
            fresh = rules.load(state.to_json())
            assert isinstance(fresh, PnrzState)
            assert state._candidate_codes() == fresh._candidate_codes()
            assert state.candidates == fresh.candidates
            assert state._own_bases() == fresh._own_bases()
            carried += state._recall("_anchor_code_set") is not None  # (not made afresh here)
            assert sorted(state._anchor_code_set) == anchor_codes(fresh.placed)
            if options.get("base_move_connectivity") != "placement_only":
                assert state._full_edge_group_size() == fresh._full_edge_group_size()
    assert moved > 50 and carried > 400


@pytest.mark.parametrize("options", OPTIONS)
def test_candidates_left_for_later_equal_a_fresh_table(options: dict[str, Any]) -> None:
    """A placement leaves its candidates' codes to be worked out when asked (from the state
    before it, which may not know its own yet): after lines of several moves in which no state
    was asked (placements, extra actions that keep the footprints, base moves), the codes and
    candidates are those a fresh load finds by scanning its table."""
    rules = ftwkit.rules("pnrz", **options)
    rng = random.Random(5)
    lines = lazy = 0
    for seed in range(4):
        start: Any = rules.new(players=2 + seed % 3, seed=seed)
        while not start.is_over:
            state = start
            for _ in range(rng.randrange(1, 6)):  # the moves drawn from fresh loads
                if state.is_over:
                    break
                fresh = rules.load(state.to_json())
                state = state.play_unchecked(rng.choice(fresh.legal_moves()))
            lazy += state._recall("_codes") is None and state._recall("_codes_after") is not None
            if state.table and not state.picking:
                fresh = rules.load(state.to_json())
                assert isinstance(fresh, PnrzState)
                assert state._candidate_codes() == fresh._candidate_codes()
                assert state.candidates == fresh.candidates
                lines += 1
            start = start.play(rng.choice(start.legal_moves()))
    assert lines > 100 and lazy > 50


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_cells_and_placed_left_for_later_equal_a_fresh_table(options: dict[str, Any]) -> None:
    """A move leaves the quadrant cells and the tiles by anchor to be made when asked: from a
    state a few moves back that has them (states are asked at random here), redoing the
    anchors changed since, else from the table; either way they are those of a fresh load,
    through every kind of move."""
    rules = ftwkit.rules("pnrz", **options)
    rng = random.Random(11)
    checked = from_before = placed_known = 0
    for seed in range(8):
        state: Any = rules.new(players=2 + seed % 3, seed=seed)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            if state.picking or rng.random() < 0.6:
                continue  # (this one is not asked: a later one is made from an earlier one)
            known = state._known_before("cells", _TABLE_CHAIN) is not None
            placed_known += state._known_before("placed", _PLACED_CHAIN) is not None
            fresh = rules.load(state.to_json())
            assert isinstance(fresh, PnrzState)
            assert state.cells == fresh.cells
            assert state.placed == fresh.placed
            checked += 1
            from_before += known
    assert checked > 200 and from_before > 100 and placed_known > 50, (
        checked,
        from_before,
        placed_known,
    )


def offset_table(rng: random.Random, size: int) -> list[tuple[int, int]]:
    """Anchors of a table grown tile by tile, each new tile beside a placed one by a full edge
    or, shifted by half a tile, by half an edge (as loaded positions may have them)."""
    anchors = [(0, 0)]
    while len(anchors) < size:
        x, y = rng.choice(anchors)
        shift = rng.choice((-1, 0, 1))
        step = rng.choice((-2, 2))
        new = (x + step, y + shift) if rng.random() < 0.5 else (x + shift, y + step)
        if all(max(abs(new[0] - a), abs(new[1] - b)) >= 2 for a, b in anchors):
            anchors.append(new)
    return anchors


def test_free_spots_of_every_lifted_tile_equal_a_fresh_computation() -> None:
    """``_free_spots`` (the candidates edited around the lifted tile, most tests answered by its
    ring's bits) are the candidates of the table without that tile, its own anchor aside, on
    loaded tables whose tiles are shifted by half a tile (play never makes them), where lifting
    a tile frees anchors that overlapped it; lifted: every tile, not only bases."""
    rules = ftwkit.rules("pnrz")
    rng = random.Random(3)
    freed = 0
    for _ in range(60):
        data: dict[str, Any] = {
            "players": 2,
            "to_play": 0,
            "characters": [["pirate", "ninja"], ["robot", "zombie"]],
            "tiles": [
                {"id": f"{i + 1:02d}", "at": list(at), "rot": 0}
                for i, at in enumerate(offset_table(rng, 12))
            ],
            "hands": [["13", "base:pirate", "base:ninja"], ["14", "base:robot", "base:zombie"]],
            "draw": ["15", "16"],
        }
        state = rules.load(data)
        assert isinstance(state, PnrzState)
        for _, x, y, _ in state.table:
            anchors = set(state.placed) - {(x, y)}
            gone = set(footprint((x, y)))
            occupied = {c for c in state.cells if c not in gone}
            want = candidate_anchors(anchors, occupied, False) - {(x, y)}
            got = state._free_spots((x, y), state._ring_mask((x, y)))
            assert [code_anchor(c) for c in got] == sorted(want), (x, y)
            freed += len(want - state.candidates) > 0
    assert freed > 100  # anchors freed by lifting a tile were met


def test_ring_mask_tables_keep_the_sides_and_spots_no_ring_tile_rules_out() -> None:
    """``_OPEN_SIDES`` and ``_UNBLOCKED_SPOTS``: per ring mask, the tests of ``_free_spots``
    that its ring's bits leave open, in their order, the bits already tested dropped."""
    span = anchor_code((1, 0))
    assert [offset for offset, _ in _OPEN_SIDES[0]] == [-2, 2 * span, 2, -2 * span]  # N E S W
    assert _OPEN_SIDES[0][1] == (2 * span, 4 * span)  # E, and the anchor beyond it
    assert _OPEN_SIDES[0b1] == _OPEN_SIDES[0][1:]  # a tile N: that side is taken
    assert _OPEN_SIDES[0b10] == _OPEN_SIDES[0][2:]  # a tile NE: beside the spots N and E
    assert _OPEN_SIDES[0xFF] == ()
    assert len(_UNBLOCKED_SPOTS[0]) == 8 and _UNBLOCKED_SPOTS[0xFF] == ()
    assert [spot[2] for spot in _UNBLOCKED_SPOTS[0b1]] == [
        anchor_code(at) for at in ((-1, 0), (-1, 1), (0, 1), (1, 0), (1, 1))
    ]  # a tile N overlaps the three spots above the lifted one
    for mask in range(256):
        assert _OPEN_SIDES[mask] == tuple(
            (offset, 2 * offset) for offset, bit, sides in _LEAF_TESTS if not mask & (bit | sides)
        )
        assert _UNBLOCKED_SPOTS[mask] == tuple(
            spot[1:] for spot in _FREED_SPOTS if not mask & spot[0]
        )


def test_rotate_and_orient_steps_list_each_tiles_own_rotations() -> None:
    """Rotate and Orient moves are shared by anchor and symmetry: a tile with one distinct
    rotation never gets the four of a tile listed at the same anchor before it, and every
    rotate or orient step of seeded games lists what the tiles' pictures say."""
    assert rotations((0, 0), (0, 1, 2, 3)) == tuple(Rotate((0, 0), r) for r in range(4))
    assert rotations((0, 0), (0,)) == (Rotate((0, 0), 0),)
    assert other_rotations((0, 0), (0, 1), 1) == (Rotate((0, 0), 0),)
    steps = 0
    for state in states({}, 6):
        if not state.pending or state.pending[0] not in ("rotate", "orient"):
            continue
        steps += 1
        if state.pending[0] == "orient":
            at = state.pending[1]
            key, _ = state.placed[at]
            want: list[Any] = [Orient(at, r) for r in distinct_rotations(state.tile(key).picture)]
        else:
            want = [
                Rotate(at, r)
                for at, (key, rot) in sorted(state.placed.items())
                for r in distinct_rotations(state.tile(key).picture)
                if r != rot
            ]
            want.append(Skip())
        assert state.legal_moves() == want, state.to_json()
    assert steps > 5
