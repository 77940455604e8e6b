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


# ------------------------------------------------------------------------- For the Win!
def _ftw(**changes: Any) -> dict[str, Any]:
    rules = ftwkit.rules("forthewin")
    data = rules.new(seed=1).to_json()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("used", "to_play", "first", "turn"),
    [
        ([4, 0], 0, 0, 0),  # the other player skipped a whole turn
        ([0, 4], 0, 1, 0),
        ([0, 3], 0, 0, 0),  # the other player had two turns, this one none
        ([1, 3], 0, 0, 1),  # in the first turn, yet the other had two turns already
        ([3, 0], 0, 0, 0),  # a turn of 3 actions
    ],
)
def test_for_the_win_counters_no_turn_order_reaches_are_refused(
    used: list[int], to_play: int, first: int, turn: int
) -> None:
    data = _ftw(actions_used=used, to_play=to_play, first=first, turn_actions=turn)
    with pytest.raises(ftwkit.InvalidState, match=r"^actions_used: .*no order of turns"):
        ftwkit.rules("forthewin").load(data)


@pytest.mark.parametrize(
    ("used", "to_play", "first", "turn"),
    [
        ([0, 0], 0, 0, 0),
        ([0, 0], 1, 0, 0),  # ``first`` is not held against the counters (hand-made positions)
        ([1, 0], 1, 0, 0),
        ([2, 0], 1, 0, 0),
        ([2, 1], 0, 0, 0),
        ([2, 2], 0, 0, 0),
        ([5, 3], 1, 0, 0),  # the back-to-back tail after the first player used all 5 (FW5)
        ([5, 0], 1, 0, 0),  # a player with no legal action forfeits the round (FW6)
        ([1, 0], 0, 0, 1),
    ],
)
def test_for_the_win_counters_some_turn_order_reaches_load(
    used: list[int], to_play: int, first: int, turn: int
) -> None:
    data = _ftw(actions_used=used, to_play=to_play, first=first, turn_actions=turn)
    ftwkit.rules("forthewin").load(data)


def test_every_for_the_win_position_of_play_passes_the_turn_check() -> None:
    import random

    for players in (2, 3, 4):
        rules = ftwkit.rules("forthewin")
        for seed in range(4):
            rng = random.Random(seed)
            state = rules.new(players=players, seed=seed)
            for _ in range(60):
                if state.is_over:
                    break
                assert rules.load(state.to_json()) == state
                state = state.play(rng.choice(state.legal_moves()))


# ------------------------------------------------------------------------- Double Blind
def _db(stones: list[list[str]], to_play: int, **options: Any) -> dict[str, Any]:
    data = ftwkit.rules("doubleblind", **options).new(seed=2).to_json()
    data.update(stones=stones, to_play=to_play)
    data.pop("to_place", None)
    return data


def test_double_blind_five_black_stones_to_none_is_refused() -> None:
    data = _db([["A1", "C1", "E1", "G1", "J1"], []], 1)
    with pytest.raises(ftwkit.InvalidState, match=r"^stones: Black has 5 and White 0"):
        ftwkit.rules("doubleblind").load(data)


@pytest.mark.parametrize(
    ("stones", "to_play"),
    [([["A1", "C1"], []], 1), ([[], ["A1", "C1"]], 0), ([["A1"], ["C1", "E1", "G1"]], 0)],
)
def test_double_blind_counts_two_apart_are_refused(stones: list[list[str]], to_play: int) -> None:
    with pytest.raises(ftwkit.InvalidState, match=r"^stones: .* differ by at most one"):
        ftwkit.rules("doubleblind").load(_db(stones, to_play))


def test_double_blind_counts_play_reaches_load() -> None:
    rules = ftwkit.rules("doubleblind")
    rules.load(_db([["A1"], []], 1))
    rules.load(_db([["A1"], ["B1"]], 0))
    rules.load(_db([[], ["B1"]], 0))


# ------------------------------------------------------------------------- PNRZ
def test_pnrz_a_hand_of_seven_play_tiles_is_refused() -> None:
    rules = ftwkit.rules("pnrz")
    state = rules.new(seed=1)
    while state.picking:
        state = state.play(state.legal_moves()[0])
    data = state.to_json()
    draw = data["draw"]
    data["hands"][0] = sorted(data["hands"][0] + draw[:4])
    data["draw"] = draw[4:]
    with pytest.raises(ftwkit.InvalidState, match=r"^hands\[0\]: .* never grows past"):
        rules.load(data)


def test_pnrz_hands_of_play_load() -> None:
    import random

    rules = ftwkit.rules("pnrz")
    for seed in range(6):
        rng = random.Random(seed)
        state = rules.new(players=2 + seed % 3, seed=seed)
        for _ in range(80):
            if state.is_over:
                break
            assert rules.load(state.to_json()) == state
            state = state.play(rng.choice(state.legal_moves()))
