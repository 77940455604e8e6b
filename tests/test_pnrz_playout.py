"""PNRZ evaluation (``_heuristic`` via ``evaluate``) and the rollout policy (``_policy_move``)."""

from __future__ import annotations

import random
from typing import Any

import ftwkit
from ftwkit.games.pnrz import PnrzState
from ftwkit.games.pnrz.evaluation import evaluate
from ftwkit.games.pnrz.notation import Place
from ftwkit.games.pnrz.playout import _looks, placement_value

P2 = [["pirate", "robot"], ["ninja", "zombie"]]


def load(tiles: list[dict[str, Any]], **extra: Any) -> PnrzState:
    data: dict[str, Any] = {
        "game": "pnrz",
        "to_play": 0,
        "characters": P2,
        "tiles": tiles,
        "hands": [[], []],
        "draw": ["01"],
    }
    data.update(extra)
    state = ftwkit.rules("pnrz").load(data)
    assert isinstance(state, PnrzState)
    return state


def tile(quads: list[str], x: int, y: int) -> dict[str, Any]:
    return {"quads": quads, "icon": None, "at": [x, y]}


def test_the_evaluation_follows_the_lead_and_stays_in_0_1() -> None:
    even = load([tile(["pirate"] * 4, 0, 0), tile(["ninja"] * 4, 2, 0)])
    assert even.scores == (4, 4)
    assert even.evaluate(0) == even.evaluate(1) == 0.5
    ahead = load([tile(["pirate"] * 4, 0, 0), tile(["pirate", "pirate", "ninja", "ninja"], 2, 0)])
    assert ahead.scores == (6, 2)
    assert 0.5 < ahead.evaluate(0) < 1 and ahead.evaluate(1) < 0.5
    assert abs(ahead.evaluate(0) + ahead.evaluate(1) - 1) < 1e-9
    assert evaluate(ahead, 0) == ahead.evaluate(0)


def test_placement_value_counts_own_contacts_and_spoiled_rivals() -> None:
    state = load(
        [tile(["pirate"] * 4, 0, 0)],
        hands=[
            [{"quads": ["pirate"] * 4, "icon": None}, {"quads": ["ninja"] * 4, "icon": None}],
            [],
        ],
    )
    joins = Place("~pirate/pirate/pirate/pirate", (2, 0), 0)
    apart = Place("~ninja/ninja/ninja/ninja", (2, 0), 0)
    assert placement_value(state, joins) == 2 and placement_value(state, apart) == 0
    rival = load(
        [tile(["ninja"] * 4, 0, 0)],
        hands=[[{"quads": ["dragon", "robot", "robot", "dragon"], "icon": None}], []],
    )
    assert placement_value(rival, Place("~dragon/robot/robot/dragon", (2, 0), 0)) == 2


def test_looks_lists_each_quadrant_with_its_outside_neighbours_in_the_rotation() -> None:
    # rotated once: dragon (NW), pirate (NE), kraken (SE), chest (SW)
    assert _looks(("pirate", "kraken", "chest", "dragon"), 1) == (
        (0, -1, -1, 0, "ninja", None),
        (1, -1, 2, 0, "pirate", "kraken"),
        (2, 1, 1, 2, "pirate", None),
        (-1, 1, 0, 2, "pirate", "kraken"),
    )
    assert _looks(("base:robot",) * 4, 0)[2] == (2, 1, 1, 2, "robot", "military")


def test_policy_moves_are_legal_deterministic_and_finish_games() -> None:
    for seed in range(6):
        state: Any = ftwkit.rules("pnrz").new(players=2 + seed % 3, seed=seed)
        twin: Any = state
        rng, rng2 = random.Random(seed), random.Random(seed)
        plies = 0
        while not state.is_over:
            move = state.random_move(rng, policy=True)
            assert state.is_legal(move)
            assert twin.random_move(rng2, policy=True) == move
            state = twin = state.play_unchecked(move)
            plies += 1
        assert plies < 1000 and state.winners


def test_the_policy_builds_more_than_random_play() -> None:
    """Over seeded games the policy's placements touch own territory more often than random."""

    def mean_value(policy: bool) -> float:
        values: list[int] = []
        for seed in range(4):
            rng = random.Random(seed)
            state: Any = ftwkit.rules("pnrz").new(players=2, seed=seed)
            while not state.is_over:
                move = state.random_move(rng, policy=policy)
                if isinstance(move, Place):
                    values.append(placement_value(state, move))
                state = state.play_unchecked(move)
        return sum(values) / len(values)

    assert mean_value(True) > mean_value(False) + 0.5
