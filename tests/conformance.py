"""The protocol checks every game must pass (API.md, STYLE.md): shared by the conformance tests."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import ftwkit
from ftwkit import IllegalMove, Rules, State


def random_line(rules: Rules, players: int, seed: int, max_plies: int) -> Iterator[State]:
    """Yield the states of a seeded random game, start included, up to ``max_plies`` moves."""
    rng = random.Random(seed)
    state = rules.new(players=players, seed=seed)
    yield state
    for _ in range(max_plies):
        moves = state.legal_moves()
        if not moves:
            return
        state = state.play(rng.choice(moves))
        yield state


def check_state(state: State, rng: random.Random, foreign: list) -> None:
    """Every per-state promise of the protocol."""
    rules = state.rules
    moves = state.legal_moves()
    # legal moves iff the game is running; to_play None iff over
    assert bool(moves) == (not state.is_over), (state.is_over, len(moves))
    assert (state.to_play is None) == state.is_over
    if state.is_over:
        assert all(0 <= w < state.players for w in state.winners)
    else:
        assert state.winners == ()
    # deterministic order, no duplicates
    assert moves == state.legal_moves()
    assert len(set(moves)) == len(moves), "duplicate legal moves"
    # JSON round trip, and JSON really is JSON
    data = state.to_json()
    assert data["game"] == rules.id and data["version"] == 1
    text = json.dumps(data)
    loaded = rules.load(json.loads(text))
    assert loaded == state, "rules.load(state.to_json()) differs from the state"
    assert hash(loaded) == hash(state)
    assert loaded.legal_moves() == moves
    for p in range(state.players):
        json.dumps(state.observation(p))
    assert str(state).strip()
    # notation round trip and explain agreeing with play, on a sample of the legal moves
    sample = moves if len(moves) <= 25 else rng.sample(moves, 25)
    for move in sample:
        assert isinstance(move.targets, tuple)
        hash(move)
        assert rules.parse_move(state, str(move)) == move, f"{move!r} does not round-trip"
        assert state.explain(move) is None
    # moves legal elsewhere but not here are refused, with a reason, leaving the state untouched
    before = state.to_json()
    legal = set(moves)
    for move in foreign:
        if move in legal:
            continue
        reason = state.explain(move)
        assert isinstance(reason, str) and reason.strip(), f"no reason for refusing {move}"
        try:
            state.play(move)
        except IllegalMove as err:
            assert str(err) == reason
        else:  # pragma: no cover - a failure
            raise AssertionError(f"{move} was played although explain() refused it")
    assert state.to_json() == before, "a refused move changed the state"


def check_game(game_id: str, players: int, seed: int, max_plies: int) -> int:
    """Play a seeded random game and check everything at every ply; returns the plies played."""
    rules = ftwkit.rules(game_id)
    rng = random.Random(seed * 7919 + players)
    assert rules.new(players=players, seed=seed) == rules.new(players=players, seed=seed)
    foreign: list = []
    last = None
    for state in random_line(rules, players, seed, max_plies):
        before = state.to_json()
        check_state(state, rng, foreign[-15:])
        assert state.to_json() == before
        moves = state.legal_moves()
        if moves:
            foreign.extend(rng.sample(moves, min(3, len(moves))))
        last = state
    assert last is not None
    # record -> replay rebuilds the same final state
    rec = ftwkit.record(last)
    json.dumps(rec)
    assert ftwkit.replay(json.loads(json.dumps(rec))) == last
    assert [str(m) for m in last.moves()] == rec["moves"]
    return len(rec["moves"])
