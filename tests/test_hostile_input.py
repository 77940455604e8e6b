"""Hostile and careless input: only ``FtwError``s escape, with short messages (issue 12, 4 and 6).

Each test names input that crashed or misbehaved before: a game id that is not a string, a
5,000-digit number in move notation, values nested 5,000 deep, megabyte strings, out-of-range
options and unknown record versions.
"""

from __future__ import annotations

from typing import Any

import pytest

import ftwkit
from ftwkit.errors import excerpt, short_message, shorten
from ftwkit.options import describe_options

GAMES = ftwkit.game_ids()
SHORT = 400
"""No error message may be longer than this (some were 6 MB)."""

BIG = "9" * 5000
"""A number past Python's int-from-string digit limit (``int(BIG)`` raises ``ValueError``)."""

BIG_NOTATION = {
    "forthewin": f"add ninja {BIG},0",
    "playwin": f"A{BIG}-B1",
    "ftwcards": f"play {BIG}",
    "doubleblind": f"A{BIG}",
    "pnrz": f"05 at {BIG},0 r0",
}
"""Each game's notation with a 5,000-digit number where a number belongs."""


def deep_list(depth: int) -> Any:
    """``[[[…0…]]]`` nested ``depth`` deep, built without recursion."""
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def deep_dict(depth: int) -> Any:
    """``{"a": {"a": …}}`` nested ``depth`` deep."""
    value: Any = {}
    for _ in range(depth):
        value = {"a": value}
    return value


def running_state(game: str) -> ftwkit.State:
    """A state a few plies into a seeded game, so that positions have content."""
    state = ftwkit.rules(game).new(seed=3)
    for _ in range(4):
        if state.is_over:
            break
        state = state.play(state.legal_moves()[0])
    return state


# ------------------------------------------------------------------------------ excerpt
def test_excerpt_is_short_for_deep_huge_and_long_values() -> None:
    assert excerpt(deep_list(5000)) == "[[[[[…]]]]]"
    assert excerpt(deep_dict(5000)) == "{'a': {'a': {'a': {'a': {…}}}}}"
    assert excerpt(10**5000) == "<int of about 5001 digits>"
    assert excerpt(-(10**5000)) == "<-int of about 5001 digits>"
    long = excerpt("x" * 10**6)
    assert len(long) == 80 and long.endswith("…")
    assert excerpt(list(range(100))) == "[0, 1, 2, 3, 4, 5, …]"
    assert excerpt({"k": (1,)}) == "{'k': (1,)}"
    assert excerpt(object()) == "<object>"


def test_short_message_cuts_long_messages() -> None:
    assert short_message(ValueError("x" * 10_000)) == "x" * 299 + "…"
    assert short_message(ValueError()) == "ValueError"
    assert shorten("abc", 3) == "abc"


# ------------------------------------------------------------------------------ game ids
@pytest.mark.parametrize(
    "game_id",
    [["playwin"], {"playwin": 1}, None, 5, b"playwin", deep_list(5000)],
    ids=["list", "dict", "none", "int", "bytes", "deep"],
)
def test_a_game_id_that_is_not_a_string_is_a_value_error_listing_the_ids(game_id: Any) -> None:
    with pytest.raises(ValueError, match=r"unknown game .*known games: .*playwin") as info:
        ftwkit.rules(game_id)
    assert not isinstance(info.value, TypeError)
    assert len(str(info.value)) < SHORT


# ------------------------------------------------------------------------------ notation
@pytest.mark.parametrize("game", GAMES)
def test_a_five_thousand_digit_number_in_notation_is_an_illegal_move(game: str) -> None:
    state = running_state(game)
    with pytest.raises(ftwkit.IllegalMove) as info:
        state.rules.parse_move(state, BIG_NOTATION[game])
    assert len(str(info.value)) < SHORT
    with pytest.raises(ftwkit.IllegalMove):
        state.play(BIG_NOTATION[game])
    assert state.explain(BIG_NOTATION[game]) is not None


@pytest.mark.parametrize("game", GAMES)
def test_megabyte_notation_is_refused_with_a_short_message(game: str) -> None:
    state = running_state(game)
    for text in ("x" * 10**6, str(state.legal_moves()[0]) + " " * 10 + "1" * 2000):
        with pytest.raises(ftwkit.IllegalMove, match="not a move") as info:
            state.rules.parse_move(state, text)
        assert len(str(info.value)) < SHORT


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "value", [None, 5, ["A1"], deep_list(5000)], ids=["none", "int", "list", "deep"]
)
def test_notation_that_is_not_a_string_is_an_illegal_move(game: str, value: Any) -> None:
    state = running_state(game)
    with pytest.raises(ftwkit.IllegalMove, match="not a move") as info:
        state.rules.parse_move(state, value)
    assert len(str(info.value)) < SHORT


@pytest.mark.parametrize("game", GAMES)
def test_playing_a_value_that_is_not_a_move_is_an_illegal_move(game: str) -> None:
    state = running_state(game)
    for value in (None, 5, ["A1"], deep_list(5000)):
        with pytest.raises(ftwkit.IllegalMove, match="is not a move"):
            state.play(value)  # type: ignore[arg-type]
        assert "is not a move" in (state.explain(value) or "")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ positions
HOSTILE_VALUES = [
    deep_list(5000),
    deep_dict(5000),
    10**5000,
    -(10**5000),
    "x" * 10**6,
    [BIG],
    1e308,
    float("nan"),
    [[10**7, 0]],
]


@pytest.mark.parametrize("game", GAMES)
def test_hostile_values_in_any_field_of_a_position_are_invalid_states(game: str) -> None:
    rules = ftwkit.rules(game)
    data = running_state(game).to_json()
    for key in data:
        for value in HOSTILE_VALUES:
            bad = {**data, key: value}
            try:
                rules.load(bad)
            except ftwkit.InvalidState as err:
                assert len(str(err)) < SHORT, (key, excerpt(value), len(str(err)))
            # loading may succeed (a float seed, say): what matters is that nothing else escapes


@pytest.mark.parametrize("game", GAMES)
def test_a_deeply_nested_position_names_the_field(game: str) -> None:
    data = running_state(game).to_json()
    data["version"] = deep_list(5000)
    with pytest.raises(ftwkit.InvalidState, match=r"^version: nested deeper than 32") as info:
        ftwkit.rules(game).load(data)
    assert len(str(info.value)) < SHORT


@pytest.mark.parametrize("game", GAMES)
def test_a_position_with_unhashable_or_odd_keys_is_an_invalid_state(game: str) -> None:
    data = running_state(game).to_json()
    for key in ("x" * 10**5, "\x00"):
        with pytest.raises(ftwkit.InvalidState, match="unknown key") as info:
            ftwkit.rules(game).load({**data, key: 1})
        assert len(str(info.value)) < SHORT


@pytest.mark.parametrize("game", GAMES)
def test_positions_too_large_for_any_game_are_refused_before_the_loader(game: str) -> None:
    """Million-entry lists took a loader seconds (PNRZ ``draw``: 9 s, a hand: 13 s)."""
    data = running_state(game).to_json()
    for key, value in data.items():
        if isinstance(value, list) and value:
            with pytest.raises(
                ftwkit.InvalidState, match=rf"^{key}: the position holds more than 20000 values"
            ) as info:
                ftwkit.rules(game).load({**data, key: value * (10**6 // len(value) + 1)})
            assert len(str(info.value)) < SHORT
    many = [[1, 2, 3]] * 7000
    with pytest.raises(ftwkit.InvalidState, match="more than 20000 values"):
        ftwkit.rules(game).load({**data, "extra": many})
    with pytest.raises(ftwkit.InvalidState, match="a text longer than"):
        ftwkit.rules(game).load({**data, "extra": ["x" * 300_000]})


def test_a_loader_exception_becomes_an_invalid_state() -> None:
    """Whatever a game's loader raises is turned into ``InvalidState`` by the base class."""
    rules = ftwkit.rules("playwin")

    class Boom(type(rules)):  # type: ignore[misc]
        def _load_position(self, data: Any) -> ftwkit.State:
            raise ZeroDivisionError("x" * 10**6)

    with pytest.raises(ftwkit.InvalidState, match="malformed playwin position") as info:
        Boom().load({"to_play": 0})
    assert len(str(info.value)) < SHORT

    class Deep(type(rules)):  # type: ignore[misc]
        def _load_position(self, data: Any) -> ftwkit.State:
            return self._load_position(data)

    with pytest.raises(ftwkit.InvalidState, match="nested too deeply"):
        Deep().load({"to_play": 0})


# ------------------------------------------------------------------------------ records
def record_of(game: str) -> dict[str, Any]:
    return ftwkit.record(running_state(game))


@pytest.mark.parametrize("game", GAMES)
def test_a_huge_number_in_a_recorded_move_is_an_invalid_state_naming_the_move(game: str) -> None:
    data = record_of(game)
    data["moves"] = [*data["moves"][:2], BIG_NOTATION[game]]
    with pytest.raises(ftwkit.InvalidState, match=r"^moves\[3\]") as info:
        ftwkit.replay(data)
    assert len(str(info.value)) < SHORT


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field", ["game", "options", "players", "seed", "start", "moves"])
def test_hostile_values_in_a_record_are_invalid_states(game: str, field: str) -> None:
    data = record_of(game)
    for value in HOSTILE_VALUES:
        try:
            ftwkit.replay({**data, field: value})
        except ftwkit.InvalidState as err:
            assert len(str(err)) < SHORT, (field, excerpt(value))


@pytest.mark.parametrize(
    "version",
    [2, 0, "1", 1.0, True, None, deep_list(5000), 10**5000],
    ids=["2", "0", "str", "float", "bool", "none", "deep", "huge"],
)
def test_replay_refuses_an_unknown_record_version(version: Any) -> None:
    data = record_of("playwin")
    data["version"] = version
    with pytest.raises(ftwkit.InvalidState, match=r"^version: only record version 1") as info:
        ftwkit.replay(data)
    assert len(str(info.value)) < SHORT


def test_replay_refuses_options_with_keys_that_are_not_names() -> None:
    data = record_of("playwin")
    data["options"] = {1: 2}
    with pytest.raises(ftwkit.InvalidState, match="options"):
        ftwkit.replay(data)


# ------------------------------------------------------------------------------ options
RANGED = [
    ("playwin", "max_plies_without_capture", 1, 1_000_000, True),
    ("forthewin", "max_rounds", 1, 1_000_000, True),
    ("doubleblind", "size", 5, 25, False),
]
"""Every integer option of the five games, with its range and whether ``None`` turns it off."""


def test_every_integer_option_declares_a_range() -> None:
    found = {
        (game, spec.name, spec.min, spec.max, spec.kind == "optional_int")
        for game in GAMES
        for spec in describe_options(ftwkit.rules(game).Options)
        if spec.kind in ("int", "optional_int")
    }
    assert found == {r for r in RANGED if r[0] in GAMES}


@pytest.mark.parametrize(("game", "name", "low", "high", "optional"), RANGED)
def test_options_out_of_range_are_refused_naming_the_option_and_range(
    game: str, name: str, low: int, high: int, optional: bool
) -> None:
    rules_class = type(ftwkit.rules(game))
    for bad in (low - 1, -5, high + 1, 10**5000):
        with pytest.raises(ValueError, match=rf"option '{name}' must be an integer from {low} to"):
            ftwkit.rules(game, **{name: bad})
        with pytest.raises(ValueError, match=rf"option '{name}'"):
            rules_class(rules_class.Options(**{name: bad}))
        data = ftwkit.rules(game).new().to_json()
        data["options"] = {name: bad}
        with pytest.raises(ftwkit.InvalidState, match=rf"^options: option '{name}'"):
            ftwkit.rules(game).load(data)
    assert getattr(ftwkit.rules(game, **{name: low}).options, name) == low
    assert getattr(ftwkit.rules(game, **{name: high}).options, name) == high
    if optional:
        assert getattr(ftwkit.rules(game, **{name: None}).options, name) is None


def test_play_win_draw_safeguard_cannot_start_a_game_already_over() -> None:
    with pytest.raises(ValueError, match="max_plies_without_capture"):
        ftwkit.rules("playwin", max_plies_without_capture=-5)
    assert not ftwkit.rules("playwin", max_plies_without_capture=1).new().is_over


@pytest.mark.parametrize("game", GAMES)
def test_option_values_are_quoted_in_short(game: str) -> None:
    spec = describe_options(ftwkit.rules(game).Options)[0]
    with pytest.raises(ValueError, match=f"option '{spec.name}'") as info:
        ftwkit.rules(game, **{spec.name: deep_list(5000)})
    assert len(str(info.value)) < SHORT
    with pytest.raises(ValueError, match="unknown option") as info:
        ftwkit.rules(game, **{"x" * 10**5: 1})
    assert len(str(info.value)) < SHORT


def test_an_inline_tile_set_nested_too_deeply_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="nested too deeply"):
        ftwkit.rules("pnrz", tile_set=deep_dict(5000))


def test_a_boolean_is_not_an_integer_choice() -> None:
    with pytest.raises(ValueError, match="'lines' must be one of"):
        ftwkit.rules("playwin", lines=True)


# ------------------------------------------------------------------------------ far-apart tiles
FAR_APART = {
    "pnrz": ("a seeded position with its first tile moved to [10000000, 0]", {}),
    "forthewin": (
        '"over": true with a tile at [1000000, 0]',
        {
            "game": "forthewin",
            "to_play": 0,
            "first": 0,
            "actions_used": [5, 5],
            "turn_actions": 0,
            "round": 1,
            "over": True,
            "winners": [0],
            "tiles": [
                {"player": 0, "kind": "monkey", "at": [0, 0], "up": True},
                {"player": 1, "kind": "monkey", "at": [10**6, 0], "up": True},
            ],
        },
    ),
}
"""Positions with far-apart coordinates that load today and then take seconds and hundreds of
megabytes to print (issue 12, items 2 and 3); the game's loader must refuse them or its picture
must stay small."""


@pytest.mark.parametrize("game", list(FAR_APART))
def test_far_apart_coordinates_are_refused_or_print_in_bounded_time(game: str) -> None:
    """Run in a child process capped at 3 s and 1 GB, so the machine is safe either way."""
    import json
    import subprocess
    import sys

    code = (
        "import json, resource, sys, ftwkit\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "data = json.loads(sys.stdin.read())\n"
        "try:\n"
        "    state = ftwkit.rules(data['game']).load(data)\n"
        "except ftwkit.InvalidState:\n"
        "    sys.exit(0)\n"
        "assert len(str(state)) < 100_000\n"
    )
    position = FAR_APART[game][1] or _pnrz_far_apart()
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            input=json.dumps(position),
            capture_output=True,
            text=True,
            timeout=3,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{game}: loading and printing took more than 3 s")
    assert done.returncode == 0, done.stderr[-500:]


def _pnrz_far_apart() -> dict[str, Any]:
    """Ten seeded random PNRZ plies, then the first tile moved ten million cells away."""
    import random

    state = ftwkit.rules("pnrz").new(seed=2)
    rng = random.Random(2)
    for _ in range(10):
        state = state.play_unchecked(state.random_move(rng))
    data = state.to_json()
    data["tiles"][0]["at"][0] = 10**7
    return data
