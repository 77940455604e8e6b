"""Double Blind engine versus the naive reference reading in ``tests/reference/doubleblind_ref.py``.

Compared on successor positions (JSON, not notation), completed sets, winners, to_play,
observations and refusals, over seeded random playouts and hypothesis-generated positions.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import doubleblind_ref as ref

import ftwkit
from ftwkit.protocol import State

ENGINE_ONLY = ("game", "version", "options")


def position(state: State) -> dict[str, Any]:
    data = state.to_json()
    for key in ENGINE_ONLY:
        data.pop(key, None)
    return data


def canon(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True)


def compare(state: State, every_successor: bool = True, scan: bool = True) -> None:
    """Engine and reference agree on this state's moves, successors and results.

    ``scan`` also recomputes both completed sets by the reference's brute-force board scan.
    """
    pos = position(state)
    assert state.to_play == pos["to_play"]
    assert list(state.winners) == (pos["winners"] or [])
    if scan:
        assert pos["completed"] == ref.full_completed(pos)
    assert pos["secrets"][0] != pos["secrets"][1]  # DB2: one set of cards
    for p in (0, 1):
        obs = state.observation(p)
        for key in ENGINE_ONLY:
            obs.pop(key, None)
        assert obs == ref.observation(pos, p)
    moves = state.legal_moves()
    if every_successor or pos["pending"]:
        expected = dict(ref.successors(pos))
        assert sorted(str(m) for m in moves) == sorted(expected)
        sample = moves
    else:  # big board: the move set by the legality test, a sample of successors in full
        size = pos["size"]
        cells = [ref.name((x, y)) for y in range(size) for x in range(size)]
        assert sorted(str(m) for m in moves) == sorted(c for c in cells if ref.is_legal(pos, c))
        sample = moves[:: max(1, len(moves) // 8)]
        done = [set(pos["completed"][0]), set(pos["completed"][1])]
        expected = {str(m): ref.place(pos, ref.parse(str(m)), done) for m in sample}
    for move in sample:
        after = state.play(move)
        assert canon(position(after)) == canon(expected[str(move)]), str(move)


def rules(size: int) -> Any:
    return ftwkit.rules("doubleblind", size=size)


def playout(size: int, seed: int, every_successor: bool, dense: bool = False) -> State:
    """A random game (on 19×19 with clustered stones, so that shapes and questions happen)."""
    rng = random.Random(seed)
    state = rules(size).new(seed=seed)
    while not state.is_over and len(state.moves()) < 80:
        compare(state, every_successor, scan=size <= 9 or len(state.moves()) % 8 == 0)
        moves = state.legal_moves()
        if dense and str(moves[0]) not in ("ask", "don't ask"):
            mid = size // 2
            near = [
                m
                for m in moves
                if abs(m.x - mid) <= 2 and abs(m.y - mid) <= 2  # type: ignore[attr-defined]
            ]
            moves = near or moves
        state = state.play(rng.choice(moves))
    compare(state)
    return state


def test_playouts_small_boards_to_the_end() -> None:
    ends = [playout(5, seed, every_successor=True) for seed in range(6)]
    assert any(state.winners for state in ends)  # the games reach wins, not only draws
    assert any(state.queries for state in ends)  # type: ignore[attr-defined]


def test_playouts_19x19_clustered() -> None:
    for seed in range(3):
        playout(19, seed, every_successor=False, dense=True)


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """Odd but consistent positions: random stones, secrets, answered and pending questions.

    The engine's ``completed`` is recomputed on load, so only ``pending``, ``queries`` and the
    secrets are drawn freely; ``pending`` is kept to what can follow one placement.
    """
    size = draw(st.sampled_from([5, 6, 7]))
    cells = [ref.name((x, y)) for x in range(size) for y in range(size)]
    draw(st.randoms(use_true_random=False)).shuffle(cells)
    total = draw(st.integers(0, size * size - 1))
    black = (total + 1) // 2
    stones = [cells[:black], cells[black:total]]
    secrets = draw(st.permutations([1, 2, 3, 4, 5]))[:2]
    to_place = 0 if black == total - black else 1
    pos = {
        "size": size,
        "to_play": to_place,
        "secrets": secrets,
        "stones": stones,
        "queries": [],
        "pending": [],
    }
    done = ref.full_completed({**pos, "completed": None})
    queries = []
    for p in (0, 1):
        if len(done[p]) >= 2 and draw(st.booleans()):
            if secrets[1 - p] in done[p] and secrets[p] in done[p]:
                continue  # that player would already have won
            queries.append({"player": p, "answer": secrets[1 - p] in done[p]})
    pos["queries"] = queries
    pending = [p for p in (1 - to_place, to_place) if len(done[p]) >= 2 and draw(st.booleans())]
    pos["pending"] = pending
    if pending:
        pos["to_play"] = pending[0]
        pos["to_place"] = to_place
    return pos


@settings(max_examples=40, deadline=None)
@given(positions())
def test_generated_positions(data: dict[str, Any]) -> None:
    state = rules(data["size"]).load({"game": "doubleblind", **data})
    compare(state)


@settings(max_examples=60, deadline=None)
@given(positions(), st.data())
def test_generated_refusals(data: dict[str, Any], more: st.DataObject) -> None:
    state = rules(data["size"]).load({"game": "doubleblind", **data})
    pos = position(state)
    key = more.draw(
        st.one_of(
            st.sampled_from(["ask", "don't ask"]),
            st.builds(
                lambda x, y: ref.name((x, y)), st.integers(0, data["size"]), st.integers(0, 8)
            ),
        )
    )
    move = state.rules.parse_move(state, key)
    assert (state.explain(move) is None) == ref.is_legal(pos, key), key


def test_the_api_example_agrees() -> None:
    example = {
        "game": "doubleblind",
        "size": 19,
        "to_play": 0,
        "secrets": [2, 5],
        "stones": [["D4", "E5"], ["K10"]],
        "queries": [{"player": 0, "answer": False}],
        "pending": [],
    }
    compare(ftwkit.rules("doubleblind").load(example), every_successor=False)


def _far_white(cells: list[str]) -> list[str]:
    """White stones for a Black shape ``cells`` on 9×9, one fewer than the shape's (so that the
    counts are those of placing in turn), each at least 3 cells from the shape and from one
    another: they can form no shape and be no arm of one."""
    taken = [ref.parse(c) for c in cells]
    out: list[tuple[int, int]] = []
    for x, y in sorted(((x, y) for x in range(9) for y in range(9)), key=lambda c: (-c[1], c[0])):
        if all(max(abs(x - a), abs(y - b)) >= 3 for a, b in taken + out):
            out.append((x, y))
        if len(out) == len(cells) - 1:
            return [ref.name(c) for c in out]
    raise AssertionError(f"no room for White beside {cells}")


def test_every_listed_orientation_and_no_45_degree_turn() -> None:
    """Each orientation of §4.3, alone on a 9×9 board (White's stones far away), completes its
    condition and no other."""
    expected_alone = {1: [1], 2: [2], 3: [3]}
    for number, shapes in ref.SIMPLE.items():
        for shape in shapes:
            for ox, oy in ((0, 0), (4, 4), (2, 3)):
                cells = [ref.name((ox + dx, oy + dy)) for dx, dy in shape]
                state = rules(9).load(
                    {
                        "size": 9,
                        "to_play": 1,
                        "secrets": [1, 2],
                        "stones": [cells, _far_white(cells)],
                    }
                )
                assert position(state)["completed"] == [expected_alone[number], []], cells
    # LINE and SLASH turned by 45° are each other, never themselves (DB6).
    diagonal = ["A1", "B2", "C3", "D4"]
    upright = ["A1", "A2", "A3", "A4"]
    for cells, number in ((diagonal, 2), (upright, 1)):
        data = {"size": 9, "to_play": 1, "secrets": [1, 2], "stones": [cells, _far_white(cells)]}
        state = rules(9).load(data)
        assert position(state)["completed"] == [[number], []]
