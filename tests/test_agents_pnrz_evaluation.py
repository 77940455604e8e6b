"""PNRZ's evaluation (``ftwkit.games.pnrz.evaluation``): the prospect lead (tally plus what extra
actions are still worth), squashed into ``[0, 1]``, on hand-made positions whose tallies are
worked out in the comments."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, cast

import pytest

import ftwkit
from ftwkit.games.pnrz.evaluation import FADE, HELD_CAP, HOLD, PENDING, SCALE, evaluate, prospects
from ftwkit.games.pnrz.notation import Place
from ftwkit.games.pnrz.state import PnrzState

PLAIN = ["01", "02", "03", "04", "09", "10", "11", "12", "13", "14", "15", "16"]
"""Play tiles without an icon (no extra action)."""
ACTIONS = ["05", "06", "17", "34"]
"""Play tiles with an icon: Rotate, Rotate, Swap, Replace."""


def position(
    *tiles: list[str],
    players: int = 2,
    hands: Sequence[Sequence[str]] = (),
    draw: Sequence[str] = ("12",),
) -> Any:
    """Tiles laid west to east; Player 1 holds pirate (and ninja), Player 2 robot (and zombie),
    a third player the ninja. Hands default to one plain tile for Player 1, none for the rest."""
    characters = (
        [["pirate", "ninja"], ["robot", "zombie"]]
        if players == 2
        else [["pirate"], ["robot"], ["ninja"]]
    )
    held = [list(h) for h in hands] or [["13"]] + [[] for _ in range(players - 1)]
    return ftwkit.rules("pnrz").load(
        {
            "game": "pnrz",
            "players": players,
            "to_play": 0,
            "characters": characters,
            "tiles": [
                {"quads": quads, "icon": None, "at": [2 * i, 0]} for i, quads in enumerate(tiles)
            ],
            "hands": held,
            "draw": list(draw),
            "final_turns": None,
        }
    )


def logistic(lead: float) -> float:
    return 1 / (1 + math.exp(-lead / SCALE))


# The pirate NW touches the kraken SW and scores 0; the chest scores 3, the ninja 1: 4 : 0.
SPOILED = ["pirate", "chest", "ninja", "kraken"]
# Three robots and a battery east of it: 6 points for the robot player.
ROBOTS = ["robot", "robot", "robot", "battery"]


def test_without_action_tiles_the_value_is_logistic_in_the_tally_lead() -> None:
    state = position(SPOILED, ROBOTS)
    assert state.scores == (4, 6)
    assert evaluate(state, 0) == pytest.approx(logistic(-2))
    assert evaluate(state, 0) + evaluate(state, 1) == pytest.approx(1.0)
    assert state.evaluate(0) == evaluate(state, 0)  # the engine's evaluation is this one


def test_an_even_position_is_worth_half() -> None:
    state = position(["pirate", "pirate", "robot", "robot"])
    assert state.scores == (2, 2)
    assert evaluate(state, 0) == evaluate(state, 1) == 0.5


def test_with_three_players_the_lead_is_over_the_best_rival() -> None:
    state = position(SPOILED, ROBOTS, players=3)
    assert state.scores == (3, 6, 1)  # the ninja quadrant belongs to the third player now
    assert evaluate(state, 2) == pytest.approx(logistic(-5))
    assert evaluate(state, 1) == pytest.approx(logistic(3))


def test_a_held_action_tile_is_worth_hold_points_while_the_stack_is_full() -> None:
    state = position(SPOILED, ROBOTS, hands=[["05", "13"], []], draw=PLAIN[:FADE])
    assert prospects(state, 0) == [4 + HOLD, 6]
    assert evaluate(state, 0) == pytest.approx(logistic(4 + HOLD - 6))


def test_at_most_held_cap_action_tiles_count() -> None:
    state = position(SPOILED, ROBOTS, hands=[ACTIONS, []], draw=PLAIN[:FADE])
    assert len(ACTIONS) > HELD_CAP
    assert prospects(state, 0)[0] == 4 + HELD_CAP * HOLD


@pytest.mark.parametrize(("stack", "worth"), [(FADE + 2, HOLD), (FADE // 2, HOLD / 2), (0, 0.0)])
def test_a_held_action_fades_over_the_last_tiles_of_the_stack(stack: int, worth: float) -> None:
    state = position(SPOILED, ROBOTS, hands=[["05"], []], draw=PLAIN[:stack])
    assert prospects(state, 0)[0] == pytest.approx(4 + worth)


def test_a_rivals_hidden_hand_counts_at_the_share_of_action_tiles_unseen() -> None:
    # Player 1 cannot see Player 2's two tiles nor the 8 of the stack: 1 action tile of 10.
    state = position(SPOILED, ROBOTS, hands=[["13"], ["06", "14"]], draw=PLAIN[:FADE])
    assert prospects(state, 0)[1] == pytest.approx(6 + HOLD * 2 * (1 / 10))
    assert prospects(state, 1)[1] == 6 + HOLD  # Player 2 knows their own hand
    # The same tiles dealt otherwise (the action tile in the stack): the same view for Player 1.
    other = position(SPOILED, ROBOTS, hands=[["13"], ["14", "15"]], draw=["06", *PLAIN[:7]])
    assert prospects(other, 0) == pytest.approx(prospects(state, 0))


def test_a_pending_extra_action_is_worth_pending_points() -> None:
    state = position(SPOILED, ROBOTS, hands=[["05"], []], draw=PLAIN[:FADE])
    place = next(m for m in state.legal_moves() if isinstance(m, Place) and m.tile == "05")
    after = state.play(place)
    assert after.pending == ("rotate",)
    assert prospects(after, 0)[0] == after.scores[0] + PENDING


def test_the_tile_facts_live_with_their_tile_set_and_know_inline_tiles() -> None:
    import dataclasses
    import pickle

    from ftwkit.games.pnrz.tiles import inline_key

    base = cast(PnrzState, ftwkit.rules("pnrz").new(seed=0)).tile_set
    custom = dataclasses.replace(base, name="custom")
    inline = inline_key(base.play[0].picture, "swap")
    for tiles in (base, custom):
        for tile in (*tiles.play, *tiles.bases):
            assert tiles.is_action[tile.id] is (tile.icon is not None)
            assert tiles.is_play[tile.id] is (tile.base_of is None)
        assert tiles.is_action[inline] is True and tiles.is_play[inline] is True
    assert custom.is_action is not base.is_action  # a custom set's facts go with it
    assert pickle.loads(pickle.dumps(base)).is_action[base.play[0].id] is (
        base.play[0].icon is not None
    )


def test_the_forecast_tool_reads_the_evaluations_prospect_lead_from_its_rows() -> None:
    # tools/fit_pnrz_forecast.py rebuilds the prospect lead from a row's features: it must be the
    # lead the evaluation squashes, or its fits describe another evaluation.
    import random
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import fit_pnrz_forecast as tool

    rng = random.Random(5)
    state = cast(PnrzState, ftwkit.rules("pnrz").new(seed=1000))
    checked = 0
    while not state.is_over:
        state = state.play_unchecked(rng.choice(state.legal_moves()))
        if state.picking or state.is_over:
            continue
        for view in (0, 1):
            row = tool.features(state, view)
            lead = SCALE * math.log(row["old"] / (1 - row["old"]))
            assert tool.prospect_lead(row) == pytest.approx(lead, abs=1e-6), (view, row)
            checked += 1
    assert checked > 100
