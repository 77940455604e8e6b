"""The Play Win engine against the naive reference of ``tests/reference/playwin_ref.py``.

Both read a position from the same JSON; the engine's legal moves, played out, must give exactly
the reference's set of successor positions, and both must agree on ``to_play`` and the winners.
Positions come from seeded random playouts and from hypothesis: sparse ones (a few pieces, where
approach distances matter) and crowded ones (where long leap chains and revisits happen).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ftwkit
from tests.reference import playwin_ref as ref

RULES = ftwkit.rules("playwin")
CELLS = sorted(ref.CELLS)


def _key(data: dict[str, Any]) -> ref.Position:
    south, north = data["pieces"]
    # once over, to_play is null and "mover" says whose turn it would be (API.md)
    mover = data["to_play"] if data["to_play"] is not None else data["mover"]
    return mover, frozenset(south), frozenset(north)


def _check(data: dict[str, Any]) -> int:
    """Compare engine and reference on one JSON position; return the number of legal moves."""
    pos = ref.position(data)
    state = RULES.load(data)
    moves = state.legal_moves()
    assert len(set(moves)) == len(moves), "duplicate legal moves"
    expected_winners = ref.winners(pos)
    assert state.winners == expected_winners, ref.to_json(pos)
    assert state.is_over == bool(expected_winners)
    assert state.to_play == (None if expected_winners else pos[0])
    if expected_winners:
        assert moves == []
        return 0
    got = {_key(state.play(move).to_json()) for move in moves}
    assert got == ref.successors(pos), ref.to_json(pos)
    return len(moves)


def test_setup_matches_the_rulings() -> None:
    assert _key(RULES.new().to_json()) == ref.setup()


def test_reference_distance_is_the_lattice_distance() -> None:
    # RULINGS §2.2: hexdist = (|dq|+|dr|+|ds|)/2; with q = number − 5 and r = 4 − row index.
    for a in CELLS:
        for b in CELLS:
            dq = int(b[1:]) - int(a[1:])
            dr = -(ref.ROWS.index(b[0]) - ref.ROWS.index(a[0]))
            assert ref.distance(a, b) == (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def test_random_playouts_agree_with_the_reference() -> None:
    rng = random.Random(2099)
    plies = 0
    for game in range(12):
        state = RULES.new(seed=game)
        for _ in range(120):
            data = state.to_json()
            _check(data)
            moves = state.legal_moves()
            if not moves:
                break
            state = state.play(rng.choice(moves))
            plies += 1
    assert plies > 300


def _third(cell: str) -> int:
    """Which of the three leap classes a cell is on (a leaper stays on its own class)."""
    return (ref.ROWS.index(cell[0]) + int(cell[1:])) % 3


@st.composite
def positions(draw: st.DrawFn, low: int, high: int) -> dict[str, Any]:
    """A random position with ``low``–``high`` pieces per side, sometimes shaped for chains."""
    counts = [draw(st.integers(low, high)), draw(st.integers(low, high))]
    mover = draw(st.integers(0, 1))
    cells = draw(st.permutations(CELLS))
    if draw(st.booleans()):
        # Put the opponent off the mover's leap class, where it can be jumped in long series.
        leaper = cells[0]
        others = [c for c in cells[1:] if _third(c) != _third(leaper)]
        same = [c for c in cells[1:] if _third(c) == _third(leaper)]
        opp = others[: counts[1 - mover]]
        own = [leaper, *[c for c in same + others if c not in opp][: counts[mover] - 1]]
        sides = [own, opp] if mover == 0 else [opp, own]
    else:
        sides = [list(cells[: counts[0]]), list(cells[counts[0] : counts[0] + counts[1]])]
    return {"game": "playwin", "to_play": mover, "pieces": [sorted(s) for s in sides]}


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(1, 4))
def test_sparse_positions_agree_with_the_reference(data: dict[str, Any]) -> None:
    _check(data)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(5, 11))
def test_crowded_positions_agree_with_the_reference(data: dict[str, Any]) -> None:
    _check(data)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(1, 3), st.integers(6, 11))
def test_few_leapers_among_many_victims(data: dict[str, Any], victims: int) -> None:
    mover = data["to_play"]
    taken = set(data["pieces"][0]) | set(data["pieces"][1])
    leaper = data["pieces"][mover][0]
    extra = [c for c in CELLS if c not in taken and _third(c) != _third(leaper)]
    data["pieces"][1 - mover] = sorted(data["pieces"][1 - mover] + extra[: victims - 3])
    _check(data)
