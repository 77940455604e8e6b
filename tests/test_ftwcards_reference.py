"""FTW?! engine versus the naive reference reading in ``tests/reference/ftwcards_ref.py``.

Both are compared on successor positions (JSON, not notation), scores, winners, to_play,
observations and refusals, over seeded random playouts and hypothesis-generated positions.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import ftwcards_ref as ref

import ftwkit
from ftwkit.protocol import Move, State

RULES = ftwkit.rules("ftwcards")
ENGINE_ONLY = ("game", "version", "options")


def key_of(move: Move) -> tuple[Any, ...]:
    """The reference key of an engine move."""
    kind = type(move).__name__
    if kind == "PassMove":
        return ("pass", *move.cards)  # type: ignore[attr-defined]
    if kind == "PlayMove":
        return ("A", move.card)  # type: ignore[attr-defined]
    if kind == "AuxMove":
        return ("B", move.card, move.take)  # type: ignore[attr-defined]
    return ("C", move.card, *move.helpers)  # type: ignore[attr-defined]


def text_of(key: tuple[Any, ...]) -> str:
    """The engine notation of a reference key."""
    if key[0] == "pass":
        return "pass " + " ".join(map(str, key[1:]))
    if key[0] == "A":
        return f"play {key[1]}"
    if key[0] == "B":
        return f"aux {key[1]} take {key[2]}"
    return f"play {key[1]} with " + "+".join(map(str, key[2:]))


def position(state: State) -> dict[str, Any]:
    data = state.to_json()
    for key in ENGINE_ONLY:
        data.pop(key, None)
    return data


def canon(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True)


def compare(state: State) -> None:
    """Engine and reference agree on this state's moves, successors and results."""
    pos = position(state)
    assert state.to_play == pos["to_play"]
    assert list(state.scores or ()) == pos["scores"]
    assert list(state.winners) == ref.winners(pos)
    for p in range(state.players):
        obs = state.observation(p)
        for key in ENGINE_ONLY:
            obs.pop(key, None)
        assert obs == ref.observation(pos, p)
    expected = dict(ref.successors(pos))
    moves = state.legal_moves()
    assert len(moves) == len(set(moves))
    assert sorted(map(key_of, moves)) == sorted(expected)
    for move in moves:
        after = position(state.play(move))
        want = expected[key_of(move)]
        if want["hands"] == "DEALT":
            ref.check_deal(after)
            after["hands"] = after["aside"] = "DEALT"
        assert canon(after) == canon(want), str(move)
        assert list(state.play(move).winners) == ref.winners(want)


def playout(players: int, seed: int, limit: int = 400) -> None:
    rng = random.Random(seed)
    state = RULES.new(players=players, seed=seed)
    ref.check_deal(position(state))
    for _ in range(limit):
        if state.is_over:
            break
        if state.phase != "pass" or rng.random() < 0.1:  # type: ignore[attr-defined]
            compare(state)
        state = state.play(rng.choice(state.legal_moves()))


def test_playouts_two_to_six_players() -> None:
    for players in range(2, 7):
        playout(players, players, limit=120)


def test_playouts_to_the_end() -> None:
    rng = random.Random(5)
    for players in (2, 3):
        state = RULES.new(players=players, seed=players)
        while not state.is_over:
            move = rng.choice(state.legal_moves())
            state = state.play(move)
        pos = position(state)
        assert len(pos["round_points"]) == players
        assert list(state.winners) == ref.winners(pos)


@st.composite
def play_positions(draw: st.DrawFn) -> dict[str, Any]:
    """Odd but loadable play-phase positions: small hands, jumbled piles, many aux cards."""
    n = draw(st.integers(2, 6))
    deck = list(range(1, ref.DECK[n] + 1))
    draw(st.randoms(use_true_random=False)).shuffle(deck)
    hands = []
    for _ in range(n):
        size = draw(st.integers(2, 4))
        hands.append(sorted(deck[:size]))
        del deck[:size]
    pile = deck[: draw(st.integers(0, 4))]
    del deck[: len(pile)]
    aux = []
    for _ in range(n):
        size = draw(st.integers(0, 3))
        aux.append(sorted(deck[:size]))
        del deck[:size]
    out = sorted(deck[: draw(st.integers(0, 3))])
    round_ = draw(st.integers(1, n))
    history = [[draw(st.integers(0, 30)) for _ in range(n)] for _ in range(round_ - 1)]
    scores = [sum(r[p] for r in history) for p in range(n)]
    taken = [sorted(draw(st.sets(st.sampled_from(h), max_size=1))) for h in hands]
    return {
        "players": n,
        "round": round_,
        "start": draw(st.integers(0, n - 1)),
        "to_play": draw(st.integers(0, n - 1)),
        "phase": "play",
        "hands": hands,
        "pile": pile,
        "aux": aux,
        "out": out,
        "aside": [],
        "taken": taken,
        "scores": scores,
        "round_points": history,
        "seed": draw(st.integers(0, 99)),
    }


@settings(max_examples=60, deadline=None)
@given(play_positions())
def test_generated_play_positions(data: dict[str, Any]) -> None:
    state = RULES.load({"game": "ftwcards", **data})
    compare(state)


@settings(max_examples=60, deadline=None)
@given(play_positions(), st.data())
def test_generated_refusals(data: dict[str, Any], more: st.DataObject) -> None:
    state = RULES.load({"game": "ftwcards", **data})
    pos = position(state)
    top = ref.DECK[pos["players"]]
    card = st.integers(1, top)
    key = more.draw(
        st.one_of(
            st.tuples(st.just("pass"), card, card, card),
            st.tuples(st.just("A"), card),
            st.tuples(st.just("B"), card, card),
            st.tuples(st.just("C"), card, card),
            st.tuples(st.just("C"), card, card, card),
        )
    )
    move = RULES.parse_move(state, text_of(key))
    assert (state.explain(move) is None) == ref.is_legal(pos, key), text_of(key)


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**6), st.data())
def test_generated_pass_positions(players: int, seed: int, more: st.DataObject) -> None:
    state = RULES.new(players=players, seed=seed)
    for _ in range(more.draw(st.integers(0, players - 1))):
        state = state.play(more.draw(st.sampled_from(state.legal_moves())))
    compare(state)
