"""PNRZ under hostile or careless input (issue 12): no file opened, bounded work, round trips."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ftwkit
from ftwkit import FtwError, InvalidState, render
from ftwkit.games.pnrz import PnrzState
from ftwkit.games.pnrz.rules import COORD_LIMIT
from ftwkit.games.pnrz.tiles import CHARACTERS, load_tile_set


def small_set() -> dict[str, Any]:
    tiles = [
        {"id": f"t{i}", "quads": [c, c, c, c], "icon": None} for i, c in enumerate(CHARACTERS * 3)
    ]
    bases = [{"id": f"base:{c}", "quads": [f"base:{c}"] * 4, "icon": None} for c in CHARACTERS]
    return {"tiles": tiles, "bases": bases}


def position(**extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "pnrz",
        "players": 2,
        "to_play": 0,
        "characters": [["pirate", "ninja"], ["robot", "zombie"]],
        "tiles": [{"id": "01", "at": [0, 0], "rot": 0}],
        "hands": [["05"], ["06"]],
        "draw": ["12"],
    }
    data.update(extra)
    return data


# ---------------------------------------------------------------------- 1. no file is opened
@pytest.mark.parametrize("kind", ["system file", "valid tile set file", "missing file"])
def test_a_tile_set_option_in_a_position_or_record_never_opens_a_file(
    kind: str, tmp_path: Path
) -> None:
    """A string names a shipped set or carries JSON: a path is refused without touching it.

    The three paths get the same answer (no existence oracle), and nothing of the file's content
    reaches the message, even when the file holds a valid tile set.
    """
    secret = tmp_path / "tiles.json"
    secret.write_text(json.dumps(small_set()), encoding="utf-8")
    path = {
        "system file": "/etc/passwd",
        "valid tile set file": str(secret),
        "missing file": str(tmp_path / "nope.json"),
    }[kind]
    messages = []
    with pytest.raises(InvalidState) as err:
        ftwkit.rules("pnrz").load(position(options={"tile_set": path}))
    messages.append(str(err.value))
    record = ftwkit.record(ftwkit.rules("pnrz").new(seed=1))
    record["options"] = {"tile_set": path}
    with pytest.raises(InvalidState) as err:
        ftwkit.replay(record)
    messages.append(str(err.value))
    with pytest.raises(InvalidState) as err:
        ftwkit.rules("pnrz", tile_set=path)
    messages.append(str(err.value))
    for message in messages:
        assert "neither a shipped tile set" in message
        assert "root" not in message and "t11" not in message and "tiles" not in message[:30]
        assert "no such file" not in message and "not valid JSON" not in message


def test_shipped_sets_and_inline_data_still_load() -> None:
    assert ftwkit.rules("pnrz", tile_set="reconstructed").tile_set == load_tile_set(None)  # type: ignore[attr-defined]
    state = ftwkit.rules("pnrz").load(
        position(
            options={"tile_set": json.dumps(small_set())},
            tiles=[{"id": "t0", "at": [0, 0], "rot": 0}],
            hands=[["t1"], ["t2"]],
            draw=["t3"],
        )
    )
    assert len(state.tile_set.play) == 12  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- 2. bounded work
def test_far_apart_tiles_are_refused_naming_the_field() -> None:
    far = position(tiles=[{"id": "01", "at": [0, 0]}, {"id": "02", "at": [10_000_000, 0]}])
    with pytest.raises(InvalidState, match=r"tiles\[1\].at: .* farther than 2,000,000"):
        ftwkit.rules("pnrz").load(far)
    lone = position(tiles=[{"id": "02", "at": [1_500_000, 0]}])
    with pytest.raises(InvalidState, match=r"the nearest tile, at 1500000,0, is farther"):
        ftwkit.rules("pnrz").load(lone)
    apart = position(tiles=[{"id": "01", "at": [0, 0]}, {"id": "02", "at": [6, 0]}])
    with pytest.raises(InvalidState, match="the tile at 6,0 is apart from the table"):
        ftwkit.rules("pnrz").load(apart)
    # a corner contact does not join either; half an edge does (hand-made half offsets)
    corner = position(tiles=[{"id": "01", "at": [0, 0]}, {"id": "02", "at": [2, 2]}])
    with pytest.raises(InvalidState, match="apart from the table"):
        ftwkit.rules("pnrz").load(corner)
    half = position(tiles=[{"id": "01", "at": [0, 0]}, {"id": "02", "at": [2, 1]}])
    assert len(ftwkit.rules("pnrz").load(half).table) == 2  # type: ignore[attr-defined]


def test_placement_only_tables_may_be_in_pieces_but_stay_compact() -> None:
    rules = ftwkit.rules("pnrz", base_move_connectivity="placement_only")
    apart = position(tiles=[{"id": "01", "at": [0, 0]}, {"id": "02", "at": [6, 0]}])
    assert len(rules.load(apart).table) == 2  # type: ignore[attr-defined]
    far = position(tiles=[{"id": "01", "at": [0, 0]}, {"id": "02", "at": [0, 900]}])
    with pytest.raises(InvalidState, match="the table spans 900 quadrants down"):
        rules.load(far)


@pytest.mark.parametrize("key", ["draw", "hands", "tiles"])
def test_a_million_entries_are_refused_before_reading_them(key: str) -> None:
    big: list[Any] = ["01"] * 1_000_000
    value: Any = {"draw": big, "hands": [big, []], "tiles": [{"id": "01"}] * 1_000_000}[key]
    # the protocol's size limit refuses it first; below that limit the tile set's count does
    with pytest.raises(InvalidState, match="more than 20000 values"):
        ftwkit.rules("pnrz").load(position(**{key: value}))
    some: list[Any] = ["01"] * 5000
    value = {"draw": some, "hands": [some, []], "tiles": [{"id": "01"}] * 2000}[key]
    count = 2000 if key == "tiles" else 5000
    with pytest.raises(InvalidState, match=f"{count} tiles, but the tile set has only 58"):
        ftwkit.rules("pnrz").load(position(**{key: value}))


def test_more_tiles_than_the_set_in_all_is_refused() -> None:
    inline = {"quads": ["pirate"] * 4, "icon": None}
    data = position(tiles=[], hands=[[inline] * 30, []], draw=[inline] * 30)
    with pytest.raises(InvalidState, match="holds 60 tiles in all, more than the 58"):
        ftwkit.rules("pnrz").load(data)


def test_huge_or_deep_bad_values_are_quoted_briefly() -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    for bad in (["x" * 1_000_000], deep, [10**5000, 0]):
        with pytest.raises(InvalidState) as err:
            ftwkit.rules("pnrz").load(position(tiles=[{"id": "01", "at": bad}]))
        assert len(str(err.value)) < 300


def test_a_hand_made_mapping_with_far_apart_tiles_is_refused_by_the_picture_too() -> None:
    """The renderer draws a JSON position as the engine loads it, so hostile input is refused
    there with the engine's short message, before anything is drawn."""
    data = position(
        tiles=[{"id": "01", "at": [0, 0]}, {"id": "02", "at": [10_000_000, 0]}],
        hands=[["05"] * 100_000, []],
    )
    with pytest.raises(InvalidState) as err:
        render.svg(data)
    assert len(str(err.value)) < 300


# ---------------------------------------------------------------------- 5. notation range
def test_notation_accepts_every_coordinate_a_position_accepts() -> None:
    edge = COORD_LIMIT - 1
    data = position(
        tiles=[{"id": "01", "at": [edge, -COORD_LIMIT]}],
        hands=[["05", "base:pirate"], ["06"]],
        draw=["12", "13"],
    )
    state = ftwkit.rules("pnrz").load(data)
    move = f"05 at {edge + 2},{-COORD_LIMIT} r0"
    after = state.play(move)
    assert str(after.last_move) == move
    after = after.play(after.legal_moves()[-1])
    replayed = ftwkit.replay(json.loads(json.dumps(ftwkit.record(after))))
    assert replayed == after
    assert ftwkit.rules("pnrz").load(after.to_json()) == after


# ---------------------------------------------------------------------- 7. finished games
def test_a_finished_game_writes_to_play_null_and_loads_back() -> None:
    rng = random.Random(3)
    state = ftwkit.rules("pnrz").new(players=3, seed=3)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    data = json.loads(json.dumps(state.to_json()))
    assert data["to_play"] is None and state.to_play is None
    again = ftwkit.rules("pnrz").load(data)
    assert isinstance(again, PnrzState)
    assert again == state and again.winners == state.winners and again.to_play is None


# ---------------------------------------------------------------------- fuzz
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.text(max_size=12)
    | st.sampled_from(["01", "base:pirate", "pirate", "rotate", "choose", "play"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
KEYS = [
    "players",
    "to_play",
    "characters",
    "tiles",
    "hands",
    "draw",
    "aside",
    "pending",
    "final_turns",
    "seed",
    "phase",
    "options",
    "version",
    "at",
    "rot",
]


@settings(max_examples=300, deadline=1000)
@given(st.sampled_from(KEYS), json_values, st.text(max_size=40))
def test_fuzzed_positions_and_moves_raise_only_ftw_errors(key: str, value: Any, text: str) -> None:
    """Any value in any field: the loader, the parser and replay answer with FtwError at worst."""
    data = position()
    if key in ("at", "rot"):
        data["tiles"] = [{"id": "01", "at": [0, 0], "rot": 0, key: value}]
    else:
        data[key] = value
    try:
        state = ftwkit.rules("pnrz").load(data)
    except FtwError:
        state = ftwkit.rules("pnrz").load(position())
    for move in (text, "05 at " + text, "choose " + text, f"base {text} to 2,0"):
        with contextlib.suppress(FtwError):
            state.play(move)
    record = ftwkit.record(state)
    record["moves"] = [text]
    with contextlib.suppress(FtwError):
        ftwkit.replay(record)
