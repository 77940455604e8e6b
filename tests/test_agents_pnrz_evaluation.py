"""PNRZ's evaluation (``ftwkit.games.pnrz.evaluation``): exposed points and the value of a lead,
on hand-made positions whose numbers are worked out in the comments."""

from __future__ import annotations

import math
from typing import Any

import pytest

import ftwkit
from ftwkit.games.pnrz.evaluation import EXPOSURE, SCALE, evaluate, exposed_points


def position(*tiles: list[str]) -> Any:
    """Player 1 (pirate, ninja) against Player 2 (robot, zombie); tiles laid west to east."""
    return ftwkit.rules("pnrz").load(
        {
            "game": "pnrz",
            "players": 2,
            "to_play": 0,
            "characters": [["pirate", "ninja"], ["robot", "zombie"]],
            "tiles": [
                {"quads": quads, "icon": None, "at": [2 * i, 0]} for i, quads in enumerate(tiles)
            ],
            "hands": [["05"], ["02"]],
            "draw": ["12"],
            "aside": [],
            "pending": None,
            "final_turns": None,
            "seed": None,
            "phase": "play",
        }
    )


# NW pirate (0,0) touches the kraken SW (0,1): it scores 0 and is not exposed; the chest NE (1,0)
# scores 3 and has empty cells north and east; the ninja SE (1,1) scores 1 with an empty cell
# south. Tally 4 : 0, exposed 4 : 0.
SPOILED = ["pirate", "chest", "ninja", "kraken"]
# Three robots and a battery east of it: 6 points, every quadrant beside an empty cell.
ROBOTS = ["robot", "robot", "robot", "battery"]


def test_exposed_points_count_scoring_quadrants_beside_an_empty_cell_and_no_enemy() -> None:
    state = position(SPOILED)
    assert state.scores == (4, 0)
    assert exposed_points(state) == (4.0, 0.0)
    both = position(SPOILED, ROBOTS)
    assert both.scores == (4, 6)
    assert exposed_points(both) == (4.0, 6.0)


def test_the_value_is_logistic_in_the_lead_after_exposure() -> None:
    state = position(SPOILED, ROBOTS)
    lead = (4 - EXPOSURE * 4) - (6 - EXPOSURE * 6)
    assert evaluate(state, 0) == pytest.approx(1 / (1 + math.exp(-lead / SCALE)))
    assert evaluate(state, 0) + evaluate(state, 1) == pytest.approx(1.0)
    assert state.evaluate(0) == evaluate(state, 0)  # the engine's evaluation is this one


def test_an_even_position_is_worth_half() -> None:
    state = position(["pirate", "pirate", "robot", "robot"])
    assert state.scores == (2, 2)
    assert exposed_points(state) == (2.0, 2.0)
    assert evaluate(state, 0) == evaluate(state, 1) == 0.5
