"""For the Win! hostile input (issue 12 items 2, 3, 7): unreachable positions are refused with
``InvalidState`` naming the field, finished positions are checked like running ones, and whatever
loads prints and draws in size proportional to its tiles, not to the distance between them."""

from __future__ import annotations

from typing import Any

import pytest

import ftwkit
from ftwkit import InvalidState, render
from ftwkit.games.forthewin import ForTheWinState
from tests.test_forthewin import SIMULTANEOUS, load, position, tiles_json

CHAIN = "WN@0,0 WP@1,0 WM@2,0 WZ@3,0 WA@4,0 BM@5,0"


def finished(spec: str, **keys: Any) -> dict[str, Any]:
    data = position(spec, over=True, **keys)
    data["to_play"] = None
    return data


# ---------------------------------------------------------------------------- far-apart tiles
def test_a_lone_tile_a_million_cells_away_is_refused_naming_the_tiles() -> None:
    data = position("WM@0,0 BM@1,0")
    data["tiles"].append({"player": 0, "kind": "ninja", "at": [1_000_000, 0], "up": True})
    for extra in ({}, {"turn_actions": 1, "actions_used": [1, 0]}):
        with pytest.raises(InvalidState, match=r"tiles: the White ninja at \[1000000, 0\]"):
            ftwkit.rules("forthewin").load({**data, **extra})
    with pytest.raises(InvalidState, match=r"tiles: the White ninja at \[1000000, 0\]"):
        ftwkit.rules("forthewin").load({**data, "over": True, "to_play": None})


def test_coordinates_beyond_the_engine_bound_are_refused_naming_the_cell() -> None:
    data = position("WM@0,0 BM@1,0")
    data["tiles"] = [{"player": 0, "kind": "monkey", "at": [10**12, 0]}, data["tiles"][1]]
    with pytest.raises(InvalidState, match=r"tiles\[0\]\.at: coordinates are limited"):
        ftwkit.rules("forthewin").load(data)
    data["tiles"][0]["at"] = [-(10**5000), 0]
    with pytest.raises(InvalidState, match="16610-bit number") as err:
        ftwkit.rules("forthewin").load(data)
    assert len(str(err.value)) < 300


def test_a_far_split_within_one_turn_reach_still_loads() -> None:
    # an extended tail turn may split the Grid over several actions; such positions are possible
    spec = "WM@0,0 BM@1,0 WP@4,0 BN@5,0 BP@6,0"
    state = load(spec, {"tail_mode": "one_extended_turn"}, actions_used=[2, 5], turn_actions=2)
    assert state.grid_split


def test_far_apart_blobs_under_no_isolated_tile_print_and_draw_in_bounded_size() -> None:
    # Two blobs may drift apart without limit when only isolated tiles are forbidden (FW2), so the
    # position is possible: the text and the picture leave the empty stretch out.
    rules = ftwkit.rules("forthewin", connectivity="no_isolated_tile")
    far = 5000
    data = position(f"WM@0,0 BM@1,0 WN@{far},3 BN@{far + 1},{far}")
    with pytest.raises(InvalidState):  # the second blob's Ninjas do not touch
        rules.load(data)
    data = position(f"WM@0,0 BM@1,0 WN@{far},{far} BN@{far + 1},{far + 1}")
    state = rules.load(data)
    text = str(state)
    assert len(text) < 2000 and "··" in text and f"{far + 1}" in text
    svg = render.svg(state)
    assert len(svg) < 200_000 and render.svg(state.to_json()) == svg
    width, height = render.renderer("forthewin").size(state)
    assert width < 1500 and height < 1500
    assert ("BN", far + 1, far + 1) in {(t[:2], x, y) for t, x, y in _cells(text)}


def _cells(text: str) -> list[tuple[str, int, int]]:
    """(code, x, y) of each tile in ``str(state)``'s grid."""
    lines = text.splitlines()
    header = lines[0].split()
    out = []
    for line in lines[1:]:
        parts = line.split()
        if not parts or not parts[0].lstrip("-").isdigit() or len(parts) != len(header) + 1:
            continue
        for x, code in zip(header, parts[1:], strict=True):
            if code not in (".", "··") and x != "··":
                out.append((code, int(x), int(parts[0])))
    return out


# ---------------------------------------------------------------------------- finished positions
def test_a_finished_game_with_a_disconnected_grid_is_refused() -> None:
    with pytest.raises(InvalidState, match="finished game's Grid must be connected"):
        ftwkit.rules("forthewin").load(finished("WM@0,0 BM@3,0", winners=[0]))


def test_a_finished_game_needs_the_winners_the_engine_computes() -> None:
    rules = ftwkit.rules("forthewin")
    with pytest.raises(InvalidState, match="winners: Black has no chain"):
        rules.load(finished(CHAIN, winners=[1]))
    with pytest.raises(InvalidState, match="winners: empty"):
        rules.load(finished(CHAIN, winners=[]))
    with pytest.raises(InvalidState, match="nobody completed the win condition"):
        rules.load(finished("WM@0,0 BM@1,0", winners=[]))
    with pytest.raises(InvalidState, match="one winner"):
        rules.load(finished(CHAIN, winners=[0, 1]))
    both = SIMULTANEOUS.replace("wa", "WA").replace("ba", "BA")
    with pytest.raises(InvalidState, match="simultaneous_win = active gives White"):
        rules.load(finished(both, winners=[1], acted_last=0))
    assert rules.load(finished(both, winners=[1])).winners == (1,)  # Black acted last
    assert rules.load(finished(CHAIN, winners=[0])).winners == (0,)


def test_finished_draws_need_a_rule_that_draws() -> None:
    both = SIMULTANEOUS.replace("wa", "WA").replace("ba", "BA")
    drawn = ftwkit.rules("forthewin", simultaneous_win="draw").load(finished(both, winners=[]))
    assert drawn.is_over and drawn.winners == ()
    capped = ftwkit.rules("forthewin", max_rounds=2)
    data = finished("WM@0,0 BM@1,0", winners=[], actions_used=[5, 5], round=2)
    assert capped.load(data).is_over
    with pytest.raises(InvalidState, match="nobody completed"):
        capped.load({**data, "actions_used": [4, 5]})


def test_a_split_win_loads_only_when_a_win_may_leave_the_grid_split() -> None:
    split = "WN@0,0 WP@1,0 WM@2,0 WZ@3,0 WA@4,0 BM@6,0"
    with pytest.raises(InvalidState, match="must be connected"):
        ftwkit.rules("forthewin").load(finished(split, winners=[0]))
    state = ftwkit.rules("forthewin", win_needs_connected_grid=False).load(
        finished(split, winners=[0])
    )
    assert state.winners == (0,)


# ---------------------------------------------------------------------------- to_play when over
def test_a_finished_game_writes_to_play_null_and_loads_back_equal() -> None:
    state = load("WN@0,0 WP@1,0 WM@2,0 WZ@3,0 wa@4,0 BM@0,1", to_play=0).play("refresh 4,0")
    assert state.is_over and state.to_play is None
    data = state.to_json()
    assert data["to_play"] is None and data["acted_last"] == 0 and data["over"] is True
    again = ftwkit.rules("forthewin").load(data)
    assert again == state and again.to_json() == data
    # positions written before this change named the last actor in to_play
    assert ftwkit.rules("forthewin").load({**data, "to_play": 0, "acted_last": 0}) == state
    old = {k: v for k, v in data.items() if k != "acted_last"}
    assert ftwkit.rules("forthewin").load({**old, "to_play": 0}) == state


def test_to_play_null_is_refused_for_a_running_game() -> None:
    with pytest.raises(InvalidState, match="to_play"):
        ftwkit.rules("forthewin").load(position("WM@0,0 BM@1,0", to_play=None))
    with pytest.raises(InvalidState, match="acted_last"):
        ftwkit.rules("forthewin").load(position("WM@0,0 BM@1,0", acted_last=0))


def test_a_random_game_to_its_end_round_trips() -> None:
    state = load("WN@0,0 WP@1,0 WM@2,0 WZ@3,0 wa@4,0 BM@0,1", to_play=1, actions_used=[0, 0])
    state = state.play("move 0,1 s").play("move 0,2 n").play("refresh 4,0")
    assert isinstance(state, ForTheWinState) and state.winners == (0,)
    assert ftwkit.rules("forthewin").load(state.to_json()) == state
    assert tiles_json("WM@0,0")[0]["kind"] == "monkey"
