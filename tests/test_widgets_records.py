"""Records with variations: the explorer saves its whole tree and loads it back line for line."""

from __future__ import annotations

import json
from typing import Any

import pytest

import ftwkit
from ftwkit.errors import InvalidState
from ftwkit.records import MAX_VARIATION_DEPTH, Variation, record, replay_lines
from widgets import Explorer


def _explored() -> Explorer:
    """Play Win with a main line, a side line with its own side line, and one at the start."""
    ex = Explorer("playwin")
    for move in ("B3-C3", "H6-G6", "C3-D3"):
        ex.play(move)
    ex.goto(1)
    ex.play("H5-G5")
    ex.play("B2-C2")
    ex.back()
    ex.play("B4-C4")
    ex.goto(0)
    ex.play("B2-C2")
    return ex


LINES = [
    ("B3-C3", "H6-G6", "C3-D3"),
    ("B3-C3", "H5-G5", "B2-C2"),
    ("B3-C3", "H5-G5", "B4-C4"),
    ("B2-C2",),
]


def test_the_record_keeps_every_variation() -> None:
    data = _explored().session.record()
    assert data["moves"] == ["B3-C3", "H6-G6", "C3-D3"]
    assert data["variations"] == [
        {"at": 0, "moves": ["B2-C2"]},
        {"at": 1, "moves": ["H5-G5", "B2-C2"], "variations": [{"at": 1, "moves": ["B4-C4"]}]},
    ]


def test_a_saved_tree_loads_back_with_its_variations() -> None:
    ex = _explored()
    assert ex.session.lines == LINES
    other = Explorer("playwin")
    assert other.load_json(json.dumps(ex.session.record()))
    assert other.session.lines == LINES
    assert other.session.line == LINES[0] and other.session.index == 3
    assert other.message == "Loaded a record of 3 moves and 3 variations."
    assert other.session.record() == ex.session.record()


def test_a_reader_without_variations_gets_the_main_line() -> None:
    data = _explored().session.record()
    assert [str(m) for m in ftwkit.replay(data).moves()] == list(LINES[0])


def test_a_record_without_variations_is_unchanged() -> None:
    ex = Explorer("playwin")
    ex.play("B3-C3")
    assert ex.session.record() == ftwkit.record(ex.state)


def _data(*variations: Any) -> dict[str, Any]:
    state = ftwkit.rules("playwin").new().play("B3-C3").play("H6-G6")
    data = record(state)
    data["variations"] = list(variations)
    return data


@pytest.mark.parametrize(
    ("variation", "message"),
    [
        ({"at": 2, "moves": ["H5-G5"]}, r"^variations\[1\]\.at: must be the index of a move"),
        ({"at": -1, "moves": ["H5-G5"]}, r"^variations\[1\]\.at: must be the index"),
        ({"at": True, "moves": ["H5-G5"]}, r"^variations\[1\]\.at: must be the index"),
        ({"at": 1, "moves": []}, r"^variations\[1\]\.moves: must be a non-empty list"),
        ({"at": 1, "moves": ["B4-C4"]}, r"^variations\[1\]\.moves\[1\] 'B4-C4': "),
        ({"at": 1, "moves": ["H5-G5"], "x": 1}, r"^variations\[1\]\.'x': unknown key"),
        ("H5-G5", r"^variations\[1\]: a variation must be a JSON object"),
        (
            {"at": 1, "moves": ["H5-G5"], "variations": [{"at": 1, "moves": ["B2-C2"]}]},
            r"^variations\[1\]\.variations\[1\]\.at: must be the index of a move of its line "
            r"\(0 to 0\)",
        ),
    ],
)
def test_a_bad_variation_is_refused_naming_where(variation: Any, message: str) -> None:
    with pytest.raises(InvalidState, match=message):
        replay_lines(_data(variation))


def test_variations_nested_too_deep_are_refused() -> None:
    inner: dict[str, Any] = {"at": 0, "moves": ["B3-C3"]}
    for _ in range(MAX_VARIATION_DEPTH + 1):
        inner = {"at": 0, "moves": ["B3-C3"], "variations": [inner]}
    with pytest.raises(InvalidState, match="nested deeper than 64 variations"):
        replay_lines(_data(inner))


def test_the_explorer_shows_a_bad_variation_in_one_line_and_keeps_its_tree() -> None:
    ex = _explored()
    assert not ex.load_json(json.dumps(_data({"at": 9, "moves": ["H5-G5"]})))
    assert ex.message.startswith("variations[1].at: must be the index of a move")
    assert "\n" not in ex.message and ex.session.lines == LINES


def test_variation_json_nests_only_when_it_has_side_lines() -> None:
    inner = Variation(1, ("B4-C4",))
    assert Variation(1, ("H5-G5", "B2-C2"), (inner,)).to_json() == {
        "at": 1,
        "moves": ["H5-G5", "B2-C2"],
        "variations": [{"at": 1, "moves": ["B4-C4"]}],
    }
