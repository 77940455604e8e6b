"""PNRZ ``Rules.sample``: a full state from one player's observation, hidden parts re-drawn."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_pnrz_reference import positions

import ftwkit
from ftwkit.games.pnrz import PnrzState

RULES = ftwkit.rules("pnrz")


def seeded_states(count: int) -> list[PnrzState]:
    """States along seeded random games: picks, early, middle, late, final lap, pending actions."""
    out: list[PnrzState] = []
    for seed in range(count):
        rng = random.Random(seed)
        players = 2 + seed % 3
        state: Any = ftwkit.rules("pnrz").new(players=players, seed=seed)
        stop = (1, 30, 60, 90, 10_000)[seed % 5] + rng.randrange(3)
        plies = 0
        while not state.is_over and plies < stop:
            state = state.play(rng.choice(state.legal_moves()))
            plies += 1
        out.append(state)
    return out


STATES = seeded_states(40)


def test_the_states_cover_every_phase() -> None:
    assert any(s.picking for s in STATES) and any(s.pending for s in STATES)
    assert any(s.final_left is not None for s in STATES) and any(s.is_over for s in STATES)


@pytest.mark.parametrize("index", range(0, 40, 2))
def test_a_sample_shows_the_player_exactly_what_the_state_shows(index: int) -> None:
    state = STATES[index]
    rng = random.Random(index)
    for player in range(state.players):
        sample = RULES.sample(state, player, rng)
        assert isinstance(sample, PnrzState)
        assert sample.observation(player) == state.observation(player)
        # a legal, loadable state with every tile accounted for
        assert RULES.load(json.loads(json.dumps(sample.to_json()))) == sample
        if not sample.is_over:
            assert sample.legal_moves()


def test_hidden_parts_are_redrawn() -> None:
    state = next(s for s in STATES if not s.picking and s.players == 2 and len(s.draw) > 10)
    rng = random.Random(0)
    drawn = [RULES.sample(state, 0, rng) for _ in range(5)]
    samples = [s for s in drawn if isinstance(s, PnrzState)]
    assert len(samples) == len(drawn)
    assert {s.draw for s in samples} != {state.draw}
    assert len({s.hands[1] for s in samples}) > 1
    assert all(s.hands[0] == state.hands[0] and s.seed is None for s in samples)


def test_the_same_observation_gives_the_same_sample_for_the_same_seed() -> None:
    """Two states that differ only in what player 0 cannot see give the same sample."""
    state = next(s for s in STATES if not s.picking and s.players == 3 and len(s.draw) > 6)
    data = state.to_json()
    other = dict(data)
    other["draw"] = list(reversed(data["draw"]))
    hand1, hand2 = data["hands"][1], data["hands"][2]
    play1 = [k for k in hand1 if not str(k).startswith("base:")]
    play2 = [k for k in hand2 if not str(k).startswith("base:")]
    if play1 and play2:  # swap one hidden tile between two other hands
        other["hands"] = [
            data["hands"][0],
            [play2[0], *[k for k in hand1 if k != play1[0]]],
            [play1[0], *[k for k in hand2 if k != play2[0]]],
        ]
    twin = RULES.load(other)
    assert twin != state and twin.observation(0) == state.observation(0)
    assert RULES.sample(state, 0, random.Random(7)) == RULES.sample(twin, 0, random.Random(7))


def test_other_players_keep_their_bases_in_hand() -> None:
    state = next(s for s in STATES if not s.picking and s.players == 2)
    sample: Any = RULES.sample(state, 0, random.Random(1))
    for p in (0, 1):
        bases = sorted(k for k in sample.hands[p] if k.startswith("base:"))
        assert bases == sorted(k for k in state.hands[p] if k.startswith("base:"))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_tiles=6), st.integers(0, 3), st.integers(0, 1000))
def test_hand_made_positions_sample_to_the_same_observation(
    data: dict[str, Any], viewer: int, seed: int
) -> None:
    """Half offsets, inline tiles in hidden hands, bases off the table: still consistent."""
    state = RULES.load(data)
    player = viewer % state.players
    sample = RULES.sample(state, player, random.Random(seed))
    assert sample.observation(player) == state.observation(player)
    assert RULES.sample(state, player, random.Random(seed)) == sample


def fields(state: PnrzState) -> dict[str, Any]:
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state)}


@pytest.mark.parametrize("options", [{}, {"grid": "aligned", "draw_after_base": False}])
def test_a_derived_sample_is_the_loaded_sample_with_the_same_draws(
    options: dict[str, Any],
) -> None:
    rules: Any = ftwkit.rules("pnrz", **options)
    derived = 0
    for seed in range(12):
        rng = random.Random(seed)
        state: Any = rules.new(players=2 + seed % 3, seed=seed)
        while True:
            for player in range(state.players):
                fast, slow = random.Random(seed), random.Random(seed)
                got = rules.sample(state, player, fast)
                want = rules._sample_loaded(state, player, slow)
                assert fields(got) == fields(want)
                assert fast.getstate() == slow.getstate()
                # what it carries from the table is what the loaded sample computes
                assert got.sections() == want.sections() and got.candidates == want.candidates
                assert got.legal_moves() == want.legal_moves()
                derived += rules._sample_derived(state, player, random.Random(0)) is not None
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
    assert derived > 1000  # the derived path is the one taken outside the picks
