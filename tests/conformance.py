"""The protocol checks every game must pass (API.md, STYLE.md): shared by the conformance tests.

:data:`GAME_CHECKS` are the per-game checks and :func:`cases` the seeded random games of a game;
``tests/test_conformance.py`` runs both for every registered game, and :func:`check_everything`
runs them all on one game (a game registered in a test, say).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterator

import pytest

import ftwkit
from ftwkit import IllegalMove, Move, Rules, State
from ftwkit.options import describe_options


def random_line(
    rules: Rules,
    players: int,
    seed: int,
    max_plies: int,
    draw: Callable[[State, random.Random], Move] | None = None,
) -> Iterator[State]:
    """Yield the states of a seeded random game, start included, up to ``max_plies`` moves.

    Each move is drawn from ``legal_moves()`` with ``random.Random(seed)``, or by ``draw(state,
    rng)`` when given (e.g. the game's own ``random_move``), and played through ``play``.
    """
    rng = random.Random(seed)
    state = rules.new(players=players, seed=seed)
    yield state
    for _ in range(max_plies):
        if state.is_over:
            return
        state = state.play(rng.choice(state.legal_moves()) if draw is None else draw(state, rng))
        yield state


def check_state(state: State, rng: random.Random, foreign: list[Move]) -> None:
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
    # the playout policy (what search agents expand and roll out with) proposes legal moves
    if moves:
        assert state.random_move(random.Random(len(moves)), policy=True) in set(moves)
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
    foreign: list[Move] = []
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


def cases(game_id: str, seeds: tuple[int, ...] = (1, 2)) -> list[tuple[str, int, int]]:
    """``(game, players, seed)`` for every player count of the game and each seed."""
    rules = ftwkit.rules(game_id)
    return [
        (game_id, players, seed)
        for players in range(rules.min_players, rules.max_players + 1)
        for seed in seeds
    ]


def check_rules_describe_themselves(game: str) -> None:
    """Id, title, player counts and names, frozen options each documented with its ruling."""
    rules = ftwkit.rules(game)
    assert rules.id == game
    assert rules.title
    assert 1 <= rules.min_players <= rules.max_players
    names = rules.player_names(rules.min_players)
    assert len(names) == rules.min_players and all(names)
    assert dataclasses.is_dataclass(rules.options)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.options.__setattr__("x", 1)
    for spec in describe_options(type(rules.options)):
        assert spec.doc, f"option {spec.name} of {game} has no docstring naming its ruling"


def check_unknown_option_is_refused(game: str) -> None:
    """An unknown option is refused naming the valid ones."""
    with pytest.raises(ValueError, match="valid options"):
        ftwkit.rules(game, no_such_option=True)


def check_wrong_game_id_is_refused(game: str) -> None:
    """A position of another game is refused, naming ``game``."""
    other = "playwin" if game != "playwin" else "forthewin"
    data = ftwkit.rules(game).new().to_json()
    data["game"] = other
    with pytest.raises(ftwkit.InvalidState, match="game"):
        ftwkit.rules(game).load(data)


def check_unknown_key_is_refused(game: str) -> None:
    """A position with an unknown key is refused, naming the key."""
    data = ftwkit.rules(game).new().to_json()
    data["colour_of_the_sky"] = "blue"
    with pytest.raises(ftwkit.InvalidState, match="colour_of_the_sky"):
        ftwkit.rules(game).load(data)


def check_garbage_notation_is_refused(game: str) -> None:
    """Garbage notation is an ``IllegalMove``, nothing else."""
    state = ftwkit.rules(game).new()
    for text in ("", "   ", "zz$%!", "Q99-Q100"):
        with pytest.raises(ftwkit.IllegalMove):
            state.rules.parse_move(state, text)


def check_same_seed_same_states(game: str) -> None:
    """The same seed and moves give equal states and equal JSON."""
    rules = ftwkit.rules(game)
    a = rules.new(seed=11)
    b = rules.new(seed=11)
    for _ in range(10):
        if a.is_over:
            break
        move = a.legal_moves()[len(a.legal_moves()) // 2]
        a, b = a.play(move), b.play(move)
        assert a == b and a.to_json() == b.to_json()


GAME_CHECKS: tuple[Callable[[str], None], ...] = (
    check_rules_describe_themselves,
    check_unknown_option_is_refused,
    check_wrong_game_id_is_refused,
    check_unknown_key_is_refused,
    check_garbage_notation_is_refused,
    check_same_seed_same_states,
)
"""The per-game checks, each called with a game id."""


def check_everything(game_id: str, max_plies: int = 60) -> None:
    """Every check of the conformance suite on one game: the per-game ones and its random games."""
    for check in GAME_CHECKS:
        check(game_id)
    for game, players, seed in cases(game_id):
        assert check_game(game, players, seed, max_plies) > 0
