"""Exact checks of the helpers behind Play Win's protocol-path speed: the self-filling cache of
approach rows and the safeguard flags the rules work out once from their options."""

from __future__ import annotations

import pytest

import ftwkit
from ftwkit.games.playwin import rules as engine
from ftwkit.games.playwin.rules import Approach
from ftwkit.tables import SelfFillingTable


def test_a_missing_approach_row_is_built_kept_and_shared() -> None:
    src = engine._INDEX["C3"]
    reach = engine._BIT["C4"] | engine._BIT["C5"] | engine._BIT["E5"]
    key = src << engine._SIZE | reach
    cache = SelfFillingTable(engine._approach_row, engine._ROW_CACHE_LIMIT)
    row = cache[key]
    assert row == (Approach("C3", "C4"), Approach("C3", "C5"), Approach("C3", "E5"))
    assert dict(cache) == {key: row}
    assert cache[key] is row  # shared, not rebuilt
    assert row[0] is engine._approach_table()[src][engine._INDEX["C4"]]


def test_the_row_cache_starts_again_when_full() -> None:
    assert engine._ROW_CACHE.limit == engine._ROW_CACHE_LIMIT
    cache = SelfFillingTable(engine._approach_row, 2)
    src = engine._INDEX["E5"]
    keys = [src << engine._SIZE | engine._BIT[name] for name in ("E6", "E7", "E8")]
    for key in keys:
        cache[key]
    assert list(cache) == [keys[2]]


@pytest.mark.parametrize(
    ("options", "limited", "keeps"),
    [
        ({}, False, False),
        ({"repetition_draw": True}, False, False),
        ({"max_plies_without_capture": 50}, True, False),
        ({"max_plies_without_capture": 50, "repetition_draw": True}, True, True),
    ],
)
def test_the_safeguard_flags_follow_the_options(
    options: dict[str, object], limited: bool, keeps: bool
) -> None:
    rules = ftwkit.rules("playwin", **options)
    assert isinstance(rules, engine.PlayWinRules)
    assert (rules._plies_limited, rules._keeps_earlier) == (limited, keeps)


def test_an_approach_changes_only_the_movers_side_the_turn_and_the_count() -> None:
    rules = ftwkit.rules("playwin")
    start = rules.new()
    assert isinstance(start, engine.PlayWinState)
    after = start.play("B1-C1")
    assert isinstance(after, engine.PlayWinState)
    assert after.south == start.south ^ engine._BIT["B1"] ^ engine._BIT["C1"]
    assert after.north is start.north
    assert (after.mover, after.quiet_plies, after.earlier) == (1, 1, ())
    back = after.play("H4-G4")
    assert isinstance(back, engine.PlayWinState)
    assert back.north == start.north ^ engine._BIT["H4"] ^ engine._BIT["G4"]
    assert (back.mover, back.quiet_plies) == (0, 2)


def test_a_ray_table_gives_the_cells_before_the_first_occupied_one() -> None:
    # the ray's cells outwards: bits 1, 2, 4; every set of occupied cells, with its reach
    table = engine._ray_reach((1, 2, 4))
    assert len(table) == 8
    assert dict(table) == {0: 7, 1: 0, 2: 1, 3: 0, 4: 3, 5: 0, 6: 1, 7: 0}
    assert engine._ray_reach(()) == [(0, 0)]


def test_a_line_table_pairs_its_two_rays() -> None:
    line, table = engine._line_reach(((1, 2), (8,)))
    assert line == 11
    assert table == {0: 11, 1: 8, 2: 9, 3: 8, 8: 3, 9: 0, 10: 1, 11: 0}


def test_the_approach_table_holds_the_moves_along_the_lines_only() -> None:
    table = engine._approach_table()
    c3 = engine._INDEX["C3"]
    # the cells of C3's 6 edge rays (4 + 6 + 4 + 2 + 2 + 2) and 6 vertex rays (3 + 3 + 2 + 1 +
    # 1 + 2), every cell once
    assert len(table[c3]) == 32
    assert sorted(table[c3]) == sorted(j for ray in engine._rays(12)[c3] for j, _ in ray)
    assert table[c3][engine._INDEX["E3"]] == Approach("C3", "E3")
    assert table[c3][engine._INDEX["E4"]] == Approach("C3", "E4")  # a vertex line (PW1 12)
    assert engine._INDEX["D1"] not in table[c3]  # on no line from C3
    assert table[engine._SIZE - 1] == {}  # a spare bit, not a cell
    row = engine._approach_row(c3 << engine._SIZE | engine._BIT["A1"] | engine._BIT["E3"])
    assert row == (Approach("C3", "A1"), Approach("C3", "E3"))


def test_the_capture_search_starts_from_the_pieces_next_to_an_opposing_one() -> None:
    rules = ftwkit.rules("playwin")
    # C3 can leap D4; A1 and C2 stand next to B1, but A1 would land on C2 and C2 on A1
    state = rules.load(
        {"game": "playwin", "to_play": 0, "pieces": [["C3", "A1", "A2", "C2"], ["D4", "B1", "I9"]]}
    )
    assert isinstance(state, engine.PlayWinState)
    own, opp = state.south, state.north
    adjacent = own & engine._dilate(opp)
    assert adjacent == engine._BIT["C3"] | engine._BIT["A1"] | engine._BIT["C2"]
    assert engine._leapers(own, opp, engine._FULL ^ (own | opp)) == engine._BIT["C3"]
    best, moves = state._adjacent_captures(own, opp, adjacent)
    assert (best, [str(m) for m in moves]) == (1, ["C3xD4-E4", "C3xD4-D5"])
    # none of those pieces can leap: the shared "no capture" answer
    blocked = adjacent ^ engine._BIT["C3"]
    assert state._adjacent_captures(own, opp, blocked) is engine._NO_CAPTURE
