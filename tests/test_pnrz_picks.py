"""PNRZ character choice as moves (PN15, issue 15): the set-up picks and ``choose = random``."""

from __future__ import annotations

import json
from typing import Any

import pytest

import ftwkit
from ftwkit import IllegalMove, InvalidState, render
from ftwkit.games.pnrz import PnrzState

RULES = ftwkit.rules("pnrz")


def new(players: int, seed: int, **options: Any) -> PnrzState:
    state = ftwkit.rules("pnrz", **options).new(players=players, seed=seed)
    assert isinstance(state, PnrzState)
    return state


def test_two_players_pick_in_turn_order_a_b_a_b_before_the_first_tile() -> None:
    state = new(2, 3)
    start = state.turn
    assert state.picking and state.table == () and state.hands == ((), ())
    assert len(state.draw) == 54
    assert [str(m) for m in state.legal_moves()] == [
        "choose pirate",
        "choose ninja",
        "choose robot",
        "choose zombie",
    ]
    assert state.legal_moves()[1].targets == ("ninja",)
    order = []
    for pick in ("zombie", "pirate", "ninja", "robot"):
        order.append(state.to_play)
        state = state.play(f"choose {pick}")
    assert order == [start, 1 - start, start, 1 - start]
    assert not state.picking and state.to_play == start
    assert state.characters[start] == ("zombie", "ninja")
    assert state.characters[1 - start] == ("pirate", "robot")
    assert [len(h) for h in state.hands] == [5, 5] and len(state.draw) == 48
    assert {"base:zombie", "base:ninja"} <= set(state.hands[start])
    assert str(state.legal_moves()[0]).endswith("at 0,0 r0")


def test_picks_in_the_old_fixed_order_deal_exactly_what_new_dealt_before() -> None:
    """Picks use no chance: pirate, ninja, robot, zombie in turn give the old deal."""
    state = new(4, 9)
    for pick in ("pirate", "ninja", "robot", "zombie"):
        state = state.play(f"choose {pick}")
    start = state.turn
    assert [state.characters[(start + i) % 4] for i in range(4)] == [
        ("pirate",),
        ("ninja",),
        ("robot",),
        ("zombie",),
    ]
    stack = [t.id for t in state.tile_set.play]
    import random

    rng = random.Random(9)
    assert rng.randrange(4) == start
    rng.shuffle(stack)
    for i in range(12):
        assert stack[i] in state.hands[(start + i) % 4]
    assert state.draw == tuple(stack[12:])


def test_three_players_pick_one_each_and_the_fourth_base_is_set_aside() -> None:
    state = new(3, 8)
    for pick in ("robot", "zombie", "pirate"):
        state = state.play(f"choose {pick}")
    assert not state.picking and state.aside == ("base:ninja",)
    assert sorted(len(h) for h in state.hands) == [4, 4, 4]


def test_a_taken_character_or_a_tile_during_the_picks_is_refused_naming_pn15() -> None:
    state = new(2, 1).play("choose ninja")
    with pytest.raises(IllegalMove, match="ninja is already chosen by Player"):
        state.play("choose ninja")
    with pytest.raises(IllegalMove, match=r"first choose their characters.*\(PN15\)"):
        state.play("01 at 0,0 r0")
    for pick in ("pirate", "robot", "zombie"):
        state = state.play(f"choose {pick}")
    with pytest.raises(IllegalMove, match="before the first tile"):
        state.play("choose pirate")


def test_picks_are_public_and_the_stack_stays_hidden() -> None:
    state = new(3, 2).play("choose robot")
    picker = (state.turn - 1) % 3
    for viewer in range(3):
        view = state.observation(viewer)
        assert view["phase"] == "choose"
        assert view["characters"][picker] == ["robot"]
        assert view["draw"] == [None] * 54
    assert "Player" in state.status() and "robot" in state.status()
    assert state.status().startswith(f"Player {state.turn + 1} to choose a character")


def test_every_pick_position_round_trips_through_json_and_records() -> None:
    state = new(2, 7)
    for pick in ("robot", "ninja", "zombie", "pirate"):
        data = json.loads(json.dumps(state.to_json()))
        assert RULES.load(data) == state
        assert str(RULES.parse_move(state, f"choose {pick}")) == f"choose {pick}"
        state = state.play(f"choose {pick}")
    state = state.play(state.legal_moves()[0])
    assert ftwkit.replay(json.loads(json.dumps(ftwkit.record(state)))) == state


def test_choose_random_assigns_characters_from_the_seed_without_picks() -> None:
    state = new(4, 5, choose="random")
    assert not state.picking and all(len(c) == 1 for c in state.characters)
    assert state == new(4, 5, choose="random")
    assert len({new(4, s, choose="random").characters for s in range(8)}) > 1


def test_positions_without_a_phase_are_in_play_as_api_md_says() -> None:
    data = {
        "game": "pnrz",
        "to_play": 0,
        "characters": [["pirate"], ["ninja"]],
        "hands": [["01"], []],
        "draw": [],
    }
    state = RULES.load(data)
    assert isinstance(state, PnrzState) and not state.picking
    assert state.to_json()["phase"] == "play"


def pick_position(**change: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "pnrz",
        "phase": "choose",
        "players": 2,
        "to_play": 1,
        "characters": [["ninja"], []],
        "hands": [["base:ninja"], []],
        "draw": [f"{i:02d}" for i in range(1, 11)],
    }
    data.update(change)
    return data


def test_a_pick_position_loads_and_deals_after_the_last_pick() -> None:
    state = RULES.load(pick_position())
    assert isinstance(state, PnrzState) and state.picking
    for pick in ("pirate", "robot", "zombie"):
        state = state.play(f"choose {pick}")
    assert state.characters == (("ninja", "robot"), ("pirate", "zombie"))
    assert state.to_play == 0
    assert state.hands[0] == ("01", "03", "05", "base:ninja", "base:robot")
    assert state.draw == ("07", "08", "09", "10")


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"to_play": 0}, r"characters\[0\]: picks go one at a time in turn order"),
        ({"hands": [[], []]}, r"hands\[0\]: while the characters are chosen"),
        ({"tiles": [{"id": "11", "at": [0, 0]}]}, "tiles: must be empty"),
        ({"draw": ["01"]}, "needs 3 tiles per player"),
        ({"phase": "setup"}, "phase: expected 'choose' or 'play'"),
        (
            {"characters": [["ninja", "robot"], ["pirate", "zombie"]], "to_play": 0},
            "phase: all 4 characters are chosen",
        ),
    ],
)
def test_bad_pick_positions_name_the_field(change: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidState, match=match):
        RULES.load(pick_position(**change))


def test_the_picture_shows_the_picks_with_clickable_character_chips() -> None:
    from ftwkit.render.pnrz import RENDERER

    state = new(2, 3).play("choose ninja")
    picture = render.svg(state, highlight=["robot"])
    assert "to choose a character" in picture and "free: click to choose" in picture
    for character in ("pirate", "robot", "zombie"):
        box = RENDERER.target_box(state, character)
        assert box is not None
        x, y, w, h = box
        assert RENDERER.targets_at(state, x + w / 2, y + h / 2) == character
    assert RENDERER.target_box(state, "ninja") is None  # taken: not a target any more
    # every legal move's target is on the picture
    for move in state.legal_moves():
        assert RENDERER.target_box(state, move.targets[0]) is not None
