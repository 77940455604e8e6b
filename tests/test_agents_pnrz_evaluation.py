"""PNRZ's evaluation (``ftwkit.games.pnrz.evaluation``): the tally lead, squashed into
``[0, 1]``, on hand-made positions whose tallies are worked out in the comments."""

from __future__ import annotations

import math
from typing import Any

import pytest

import ftwkit
from ftwkit.games.pnrz.evaluation import SCALE, evaluate


def position(*tiles: list[str], players: int = 2) -> Any:
    """Tiles laid west to east; Player 1 holds pirate (and ninja), Player 2 robot (and zombie),
    a third player the ninja."""
    characters = (
        [["pirate", "ninja"], ["robot", "zombie"]]
        if players == 2
        else [["pirate"], ["robot"], ["ninja"]]
    )
    return ftwkit.rules("pnrz").load(
        {
            "game": "pnrz",
            "players": players,
            "to_play": 0,
            "characters": characters,
            "tiles": [
                {"quads": quads, "icon": None, "at": [2 * i, 0]} for i, quads in enumerate(tiles)
            ],
            "hands": [["05"]] + [[] for _ in range(players - 1)],
            "draw": ["12"],
            "final_turns": None,
        }
    )


# The pirate NW touches the kraken SW and scores 0; the chest scores 3, the ninja 1: 4 : 0.
SPOILED = ["pirate", "chest", "ninja", "kraken"]
# Three robots and a battery east of it: 6 points for the robot player.
ROBOTS = ["robot", "robot", "robot", "battery"]


def test_the_value_is_logistic_in_the_tally_lead() -> None:
    state = position(SPOILED, ROBOTS)
    assert state.scores == (4, 6)
    assert evaluate(state, 0) == pytest.approx(1 / (1 + math.exp(2 / SCALE)))
    assert evaluate(state, 0) + evaluate(state, 1) == pytest.approx(1.0)
    assert state.evaluate(0) == evaluate(state, 0)  # the engine's evaluation is this one


def test_an_even_position_is_worth_half() -> None:
    state = position(["pirate", "pirate", "robot", "robot"])
    assert state.scores == (2, 2)
    assert evaluate(state, 0) == evaluate(state, 1) == 0.5


def test_with_three_players_the_lead_is_over_the_best_rival() -> None:
    state = position(SPOILED, ROBOTS, players=3)
    assert state.scores == (3, 6, 1)  # the ninja quadrant belongs to the third player now
    assert evaluate(state, 2) == pytest.approx(1 / (1 + math.exp(5 / SCALE)))
    assert evaluate(state, 1) == pytest.approx(1 / (1 + math.exp(-3 / SCALE)))
