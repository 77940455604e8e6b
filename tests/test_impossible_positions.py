"""Positions and records that no play can reach are refused with ``InvalidState`` naming the field.

Each case is thought through from the rules: what play can and cannot produce (a hand that play
never fills that far, counters no sequence of turns leaves, a record whose seed is not its start's).
"""

from __future__ import annotations

from typing import Any

import pytest

import ftwkit

SEEDED = ("forthewin", "ftwcards", "doubleblind", "pnrz")


def _record(game: str) -> dict[str, Any]:
    state = ftwkit.rules(game).new(seed=3)
    for _ in range(3):
        state = state.play(state.legal_moves()[0])
    return ftwkit.record(state)


@pytest.mark.parametrize("game", SEEDED)
@pytest.mark.parametrize("seed", [4, -1, 2**70, "3", 3.0, True, [3], {"seed": 3}])
def test_a_record_seed_that_is_not_its_starts_is_refused(game: str, seed: Any) -> None:
    data = _record(game)
    assert data["seed"] == 3
    with pytest.raises(ftwkit.InvalidState, match=r"^seed: "):
        ftwkit.replay({**data, "seed": seed})


@pytest.mark.parametrize("game", SEEDED)
def test_a_record_with_its_own_seed_or_none_given_replays(game: str) -> None:
    data = _record(game)
    end = ftwkit.replay(data)
    assert ftwkit.replay({k: v for k, v in data.items() if k != "seed"}) == end
    with pytest.raises(ftwkit.InvalidState, match=r"^seed: record says None"):
        ftwkit.replay({**data, "seed": None})


def test_a_game_without_chance_records_a_null_seed() -> None:
    data = _record("playwin")
    assert data["seed"] is None
    ftwkit.replay(data)
    with pytest.raises(ftwkit.InvalidState, match=r"^seed: record says 1, its start has None"):
        ftwkit.replay({**data, "seed": 1})
