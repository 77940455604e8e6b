"""PNRZ anchor codes as dictionary keys: spread low bits and one int object per kept code."""

from __future__ import annotations

import random
from typing import Any

import ftwkit
from ftwkit.games.pnrz import PnrzState
from ftwkit.games.pnrz.placement import anchor_code, anchor_codes, code_anchor, shared_code


def test_anchor_codes_exact_values_and_order() -> None:
    assert anchor_code((0, 0)) == 0
    assert anchor_code((3, -5)) == 26137900
    assert anchor_code((-1, 0)) == -8712635
    assert code_anchor(26137900) == (3, -5)
    assert code_anchor(-8712635) == (-1, 0)
    row = [(0, y) for y in range(-4_000_000, 4_000_001, 1_000_000)]
    assert sorted([(1, -4_000_000), *row, (-1, 4_000_000)], key=anchor_code) == [
        (-1, 4_000_000),
        *row,
        (1, -4_000_000),
    ]


def test_anchor_codes_spread_their_low_bits() -> None:
    """A dictionary slots an int by its low bits: the play lattice's anchors (even x and y)
    around the origin fill all 32 even residues of 64, not just one per row (11 here)."""
    codes = [anchor_code((x, y)) for x in range(-10, 11, 2) for y in range(-10, 11, 2)]
    assert len({code & 63 for code in codes}) == 32
    assert len({(x << 23) + y & 63 for x in range(-10, 11, 2) for y in range(-10, 11, 2)}) == 11


def test_shared_code_is_one_object_per_code() -> None:
    made = [int("987654321"), int("987654321")]
    assert made[0] is not made[1]
    first, second = shared_code(made[0]), shared_code(made[1])
    assert first == 987654321 and first is second
    assert anchor_codes([(5, 7), (1, 2)]) == [anchor_code((1, 2)), anchor_code((5, 7))]
    assert anchor_codes([(5, 7)])[0] is shared_code(anchor_code((5, 7)))


def test_rows_are_looked_up_by_the_candidates_own_code_objects() -> None:
    """Each candidate code a state keeps is the shared object, and the placement rows filled
    from a move list hold those very objects as keys."""
    rules: Any = ftwkit.rules("pnrz", choose="random")
    rng = random.Random(5)
    state = rules.new(seed=5)
    assert isinstance(state, PnrzState)
    for _ in range(30):
        state = state.play(rng.choice(state.legal_moves()))
    while state.pending:
        state = state.play(state.legal_moves()[-1])
    state.legal_moves()
    codes = state._candidate_codes()
    assert codes and all(code is shared_code(code) for code in codes)
    row = rules._rows[state.hands[state.turn][0]]
    keys = {id(key) for key in (row.by_code if row.alone is None else row.alone)}
    assert all(id(code) in keys for code in codes)
