"""Huge records are refused before any move is played: a record or a link is no amplifier.

A hostile record of 100,001 one-move variations cost a kernel a minute of replaying before it
was refused; an 8 kB link carried 54,000 variations. :func:`ftwkit.records.check_size` counts the
moves from the record's shape alone, so the refusal is immediate, and a link has its own, smaller
bound. The time a refusal takes is measured in ``benchmarks/``; here only what is refused, and
why, is checked.
"""

from __future__ import annotations

from typing import Any

import pytest

import ftwkit
from ftwkit.errors import InvalidState
from ftwkit.records import (
    MAX_LINK_MOVES,
    MAX_RECORD_MOVES,
    MAX_VARIATION_DEPTH,
    check_size,
    record,
    replay_lines,
)


def _playwin_record(variations: list[Any]) -> dict[str, Any]:
    line = ftwkit.rules("playwin").new().play("B3-C3").play("H6-G6")
    return record(line) | {"variations": variations}


def test_a_record_of_a_hundred_thousand_variations_is_refused_before_replaying() -> None:
    data = _playwin_record([{"at": 1, "moves": ["H5-G5"]}] * 100_001)
    with pytest.raises(InvalidState, match=r"more than 20,000 moves") as refused:
        replay_lines(data)
    assert "100,001 variations in one line" in str(refused.value)
    # Nothing was replayed: a record whose variations are all illegal gives the same refusal.
    bad = _playwin_record([{"at": 1, "moves": ["Z9-Z9"]}] * 100_001)
    with pytest.raises(InvalidState, match="more than 20,000 moves"):
        replay_lines(bad)


def test_the_moves_of_every_line_count_together() -> None:
    nested: dict[str, Any] = {"at": 0, "moves": ["x"] * 10}
    data: dict[str, Any] = {"moves": ["m"] * 5, "variations": [nested, nested]}
    assert check_size(data) == 25
    assert check_size(data, max_moves=25) == 25
    with pytest.raises(InvalidState, match="more than 24 moves"):
        check_size(data, max_moves=24)
    inner: dict[str, Any] = {"at": 0, "moves": ["x"] * 6, "variations": [nested]}
    with pytest.raises(InvalidState, match="more than 20 moves"):
        check_size({"moves": ["m"] * 5, "variations": [inner]}, max_moves=20, what="the link")


def test_a_link_holds_far_fewer_moves_than_a_file() -> None:
    assert MAX_LINK_MOVES * 5 <= MAX_RECORD_MOVES
    data = _playwin_record([{"at": 1, "moves": ["H5-G5"]}] * MAX_LINK_MOVES)
    with pytest.raises(InvalidState, match="the link holds more than 2,000 moves"):
        check_size(data, MAX_LINK_MOVES, "the link")
    assert check_size(data) == MAX_LINK_MOVES + 2


def test_deep_nesting_is_refused_from_the_shape() -> None:
    inner: dict[str, Any] = {"at": 0, "moves": ["H5-G5"]}
    for _ in range(MAX_VARIATION_DEPTH + 1):
        inner = {"at": 0, "moves": ["H5-G5"], "variations": [inner]}
    with pytest.raises(InvalidState, match="nested deeper than 64"):
        check_size({"moves": ["B3-C3"], "variations": [inner]})


@pytest.mark.parametrize("value", [None, 3, "text", [], {"moves": "B3-C3"}])
def test_what_is_not_a_record_counts_nothing(value: Any) -> None:
    assert check_size(value) == 0


def test_a_record_within_the_bounds_replays_every_line() -> None:
    data = _playwin_record([{"at": 1, "moves": ["H5-G5"]}, {"at": 0, "moves": ["B2-C2"]}])
    assert [str(end.last_move) for end in replay_lines(data)] == ["H6-G6", "H5-G5", "B2-C2"]
    with pytest.raises(InvalidState, match="more than 3 moves"):
        replay_lines(data, max_moves=3)
