"""Exact behaviour of :class:`ftwkit.tables.SelfFillingTable`, the engines' shared move tables:
a missing value is made once and kept, a hit makes nothing, and the table starts afresh exactly
when a miss finds it holding ``limit`` entries."""

from __future__ import annotations

import pytest

from ftwkit.games.playwin import rules as playwin
from ftwkit.games.pnrz import placement, scoring, shared_moves
from ftwkit.tables import SelfFillingTable


def _counting(limit: int) -> tuple[SelfFillingTable[int, list[int]], list[int]]:
    """A table whose values are fresh lists ``[key]``, and the keys its maker was called with."""
    calls: list[int] = []

    def make(key: int) -> list[int]:
        calls.append(key)
        return [key]

    return SelfFillingTable(make, limit), calls


def test_a_missing_key_is_made_once_and_the_same_object_handed_out() -> None:
    table, calls = _counting(10)
    first = table[3]
    assert first == [3]
    assert calls == [3]
    assert table[3] is first
    assert table[3] is first
    assert calls == [3]  # hits call no maker
    assert dict(table) == {3: [3]}


def test_only_a_subscript_makes_a_value() -> None:
    table, calls = _counting(10)
    assert table.get(4) is None
    assert 4 not in table
    assert calls == []
    assert len(table) == 0
    assert list(map(table.__getitem__, [5, 6, 5])) == [[5], [6], [5]]
    assert calls == [5, 6]


def test_the_table_starts_afresh_exactly_at_the_limit() -> None:
    table, calls = _counting(3)
    for key in (1, 2, 3):
        table[key]
    assert len(table) == 3  # full, not yet emptied
    kept = table[2]
    assert len(table) == 3 and calls == [1, 2, 3]  # a hit on a full table keeps it
    table[4]  # the next miss empties it first
    assert list(table) == [4]
    assert calls == [1, 2, 3, 4]
    again = table[2]  # made again: an equal value, another object
    assert again == kept and again is not kept
    assert list(table) == [4, 2]


def test_a_limit_of_one_keeps_the_last_value() -> None:
    table, calls = _counting(1)
    table[1]
    table[1]
    table[2]
    assert list(table) == [2]
    assert calls == [1, 2]
    assert table.limit == 1


@pytest.mark.parametrize("limit", [0, -1])
def test_a_limit_below_one_is_refused(limit: int) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        SelfFillingTable(lambda key: key, limit)


def test_the_engines_tables_and_their_limits() -> None:
    assert placement._SHARED_CODES.limit == 1 << 16
    assert scoring._NEIGHBOURS.limit == shared_moves.ROW_LIMIT == 4096
    assert shared_moves.base_moves((0, 0)).limit == shared_moves.ROW_LIMIT
    assert playwin._ROW_CACHE.limit == playwin._ROW_CACHE_LIMIT == 1 << 16


def test_an_interned_code_is_the_first_equal_object() -> None:
    code = int("987654321")  # made at run time: not a constant shared by the compiler
    twin = int("987654321")
    assert code is not twin
    assert placement.shared_code(code) is placement.shared_code(twin)
    assert placement.shared_code(twin) is placement._SHARED_CODES[code]


def test_engine_moves_are_shared() -> None:
    row_key = playwin._INDEX["C3"] << playwin._SIZE | playwin._BIT["C4"]
    assert playwin._ROW_CACHE[row_key] is playwin._ROW_CACHE[row_key]
    assert playwin._ROW_CACHE[row_key] == (playwin.Approach("C3", "C4"),)
