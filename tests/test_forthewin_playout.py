"""For the Win! search hooks: the uniform move draw, the rollout policy and the evaluation."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import ftwkit
from ftwkit.games.forthewin import ForTheWinState
from ftwkit.games.forthewin.grid_rule import allowed, raw_pool
from ftwkit.games.forthewin.playout import board_values, heuristic, progress, random_move
from ftwkit.games.forthewin.policy import _winning_action
from tests.conformance import random_line
from tests.test_forthewin import SEED_SPLIT, load

OPTION_SETS = [
    {},
    {"connectivity": "no_isolated_tile"},
    {"grid_check": "per_turn_all", "tail_mode": "one_extended_turn"},
    {"allow_pass": True, "win_needs_connected_grid": False},
    {"add_anywhere": True, "grid_space": "any_empty", "shove_needs_target": True},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_move_is_always_legal_and_reproducible(options: dict[str, object]) -> None:
    rules = ftwkit.rules("forthewin", **options)
    for seed in range(2):
        line = random_line(rules, 2, seed, 19, lambda state, rng: state.random_move(rng))
        for state in line:
            if state.is_over:
                break
            fresh = rules.load(state.to_json())  # no move list cached: the sampler's own path
            move = fresh.random_move(random.Random(seed))
            assert move in fresh.legal_moves(), (str(state), str(move))
            assert fresh.random_move(random.Random(seed)) == move


@pytest.mark.parametrize("turn", ["start", "split"])
def test_random_move_draws_every_legal_move_uniformly(turn: str) -> None:
    state = load(SEED_SPLIT)
    if turn == "split":
        state = state.play("move 1,0 s")  # the Grid is split: only rejoining actions are legal
        assert state.grid_split
    legal = [str(m) for m in state.legal_moves()]
    rng = random.Random(7)
    draws = 40 * len(legal)
    counts = Counter(str(random_move(state, rng)) for _ in range(draws))
    assert set(counts) == set(legal)
    assert all(15 <= c <= 70 for c in counts.values()), counts  # 40 expected each


def test_policy_takes_an_immediate_win() -> None:
    state = load("WN@0,0 WP@1,0 WM@2,0 WZ@3,0 wa@4,0 BM@0,1 BN@-1,1")
    for seed in range(5):
        move = state.random_move(random.Random(seed), policy=True)
        assert state.play(move).winners == (0,), move


def test_policy_does_not_hand_the_opponent_a_completed_chain() -> None:
    # White's Monkey next to Black's face-down Alien would complete Black's row; White has
    # only a handful of moves, so the policy sees them all and avoids that one.
    state = load("BN@0,0 BP@1,0 BM@2,0 BZ@3,0 ba@4,0 WM@5,-1", to_play=0)
    moves = [str(m) for m in state.legal_moves()]
    assert "monkey 5,-1" in moves
    for seed in range(10):
        move = state.random_move(random.Random(seed), policy=True)
        assert state.play(move).winners != (1,), move


def test_policy_games_end_with_a_winner() -> None:
    rules = ftwkit.rules("forthewin")
    ended = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = rules.new(seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            state = state.play_unchecked(state.random_move(rng, policy=True))
        ended += bool(state.is_over and state.winners)
    assert ended >= 9


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"start": "diagonal"}, {"zombie_infects_zombies": False}])
def test_ninety_percent_of_policy_games_end_with_a_winner(options: dict[str, object]) -> None:
    rules = ftwkit.rules("forthewin", **options)
    ended = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = rules.new(seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            move = state.random_move(rng, policy=True)
            assert state.is_legal(move)
            state = state.play_unchecked(move)
        ended += bool(state.is_over and state.winners)
    assert ended >= 36


def test_progress_and_heuristic_measure_the_chain() -> None:
    state = load("WN@0,0 WP@1,0 WM@2,0 wz@3,0 BM@0,1 bn@5,1 BP@4,1")
    opts = state.rules.options
    assert progress(state.board, 0, opts) == (3, 3, 3, 4)
    assert progress(state.board, 1, opts) == (1, 1, 2, 3)  # (0,1) and (4,1): 4 apart
    white, black = heuristic(state, 0), heuristic(state, 1)
    assert 0.5 < white <= 1 and 0 <= black < 0.5
    assert abs(white + black - 1) < 1e-9
    assert state.evaluate(0) == pytest.approx(white)
    done = load("WN@0,0 WP@1,0 WM@2,0 WZ@3,0 wa@4,0 BM@0,1").play("refresh 4,0")
    assert isinstance(done, ForTheWinState) and (done.evaluate(0), done.evaluate(1)) == (1.0, 0.0)


@pytest.mark.parametrize(
    ("position", "wins"),
    [
        ("WN@0,0 WP@1,0 WM@2,0 WZ@3,0 BM@0,1 BN@-1,1", False),  # no Add beside own tiles
        ("WN@0,0 WP@1,0 WM@2,0 WZ@3,0 wa@4,0 BM@0,1 BN@-1,1", True),  # the Alien turned up
        ("WN@0,0 WP@1,0 WM@2,0 WZ@3,0 BA@4,0 WA@5,0 BM@0,1", True),  # the Alien steps in
        ("WN@0,0 WP@1,0 WM@2,0 wz@3,0 wa@4,0 BM@0,1", False),  # two kinds face down
    ],
)
def test_search_policy_finds_the_first_winning_action_in_pool_order(
    position: str, wins: bool
) -> None:
    # The search policy's win scan skips, unbuilt, the actions that cannot turn the missing
    # kind face up; it must find the same action as playing every candidate in turn.
    state = load(position)
    pos, more = state.position, state.more_after_this
    expected = None
    for raw in raw_pool(pos, more):
        action = allowed(pos, raw, more)
        if action is not None and state.play(action).winners == (state.mover,):
            expected = action
            break
    assert _winning_action(state, raw_pool(pos, more), more) == expected
    assert (expected is not None) == wins


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_state_after_a_policy_move_takes_what_the_policy_counted(
    options: dict[str, object],
) -> None:
    # The search policy applies and scores the moves it compares; the state after the chosen
    # one takes that board and those scores instead of working them out again. They must be
    # what a state that never saw the policy works out on its own.
    rules = ftwkit.rules("forthewin", **options)
    carried = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = rules.new(seed=seed)
        for _ in range(40):
            if state.is_over:
                break
            move = state.random_move(rng, policy=True)
            after = state.play_unchecked(move)
            fresh = rules.load(state.to_json()).play(move)  # nothing compared on this one
            assert isinstance(after, ForTheWinState) and isinstance(fresh, ForTheWinState)
            assert after.to_json() == fresh.to_json()
            assert after.position.board == fresh.position.board
            assert after.position.connected == fresh.position.connected
            known = after._recall("_values")
            if known is not None:
                carried += 1
                assert known == board_values(after.board, after.n_players, after.rules.options)
            assert [heuristic(after, p) for p in range(2)] == [
                heuristic(fresh, p) for p in range(2)
            ]
            state = after
    assert carried > 20
