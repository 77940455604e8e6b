"""For the Win! engine against the naive reference of ``tests/reference/forthewin_ref.py``.

Compares, on random playouts and on hypothesis-generated positions (crowded boards where the
Zombie falls back to deactivating, empty supplies, split Grids in the middle of a turn): the
successor positions of all legal moves (as JSON, so notation plays no part), the winners on
loading, and the refusal of every action the reference forbids.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import ftwkit
from ftwkit import IllegalMove
from ftwkit.games.forthewin import ForTheWinState
from ftwkit.games.forthewin.actions import apply_action, candidates
from ftwkit.games.forthewin.moves import Action
from tests.reference import forthewin_ref as ref

RULES = ftwkit.rules("forthewin")
KEYS = ("to_play", "first", "actions_used", "turn_actions", "round", "tiles", "over", "winners")


def canon(data: dict[str, Any]) -> str:
    """The compared part of a JSON position, tiles sorted."""
    out = {key: data.get(key) for key in KEYS}
    out["tiles"] = sorted(
        (t["at"][0], t["at"][1], t["player"], t["kind"], t.get("up", True)) for t in data["tiles"]
    )
    return json.dumps(out, sort_keys=True)


def board_key(board: dict[Any, Any]) -> frozenset[Any]:
    return frozenset((cell, tuple(tile)) for cell, tile in board.items())


def check_successors(state: ForTheWinState) -> None:
    """The engine's successors of ``state`` are exactly the reference's."""
    engine: dict[str, list[str]] = {}
    for move in state.legal_moves():
        engine.setdefault(canon(state.play(move).to_json()), []).append(str(move))
    reference = {canon(s) for s in ref.successors(state.to_json())}
    extra = {k: v for k, v in engine.items() if k not in reference}
    missing = reference - set(engine)
    assert not extra and not missing, f"{state}\nextra: {extra}\nmissing: {missing}"


def check_refusals(state: ForTheWinState) -> None:
    """Every action the action rules consider is legal for the engine iff for the reference."""
    data = state.to_json()
    allowed = {
        board_key(b)
        for _, b in ref.legal_action_boards(
            ref.board_of(data),
            data["to_play"],
            data["actions_used"][data["to_play"]],
            data["turn_actions"],
        )
    }
    for action, _, _ in candidates(state.position):
        board, _ = apply_action(state.position, action)
        after = board_key({c: (t.player, t.kind, t.up) for c, t in board.items()})
        reason = state.explain(action)
        assert (reason is None) == (after in allowed), f"{state}\n{action}: {reason}"
        if reason is not None:
            try:
                state.play(action)
            except IllegalMove as err:
                assert str(err) == reason
            else:  # pragma: no cover - a failure
                raise AssertionError(f"{action} was played although refused: {reason}")


def test_random_playouts_agree_with_the_reference() -> None:
    checked = 0
    for seed in (3, 11):
        rng = random.Random(seed)
        state = RULES.new(seed=seed)
        for ply in range(40):
            if state.is_over:
                break
            if ply % 4 == 3:
                assert isinstance(state, ForTheWinState)
                check_successors(state)
                checked += 1
            state = state.play(rng.choice(state.legal_moves()))
    assert checked >= 15


@st.composite
def turn_counters(draw: st.DrawFn) -> tuple[int, int, list[int]]:
    """``(first, to_play, actions_used)`` at the start of a turn some order of turns reaches:
    turns alternate from the first player, 1 or 2 actions each (FW4-FW6), or the rest of the
    round forfeited by a player with no legal action (FW6)."""
    first = draw(st.integers(0, 1))
    mover, used = first, [0, 0]
    for _ in range(draw(st.integers(0, 8))):
        took = draw(st.sampled_from([1, 2, 2, 5]))
        used[mover] = min(5, used[mover] + took)
        if used[1 - mover] < 5:
            mover = 1 - mover
        if used[mover] >= 5:
            break  # the round is over: what follows is a fresh one
    if used[mover] >= 5:
        mover, used = first, [0, 0]
    return first, mover, used


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """A connected Grid of 2 to 20 tiles, random faces, counters and player to play."""
    n = draw(st.integers(2, 20))
    pool = [(p, k) for p in range(2) for k in ref.KINDS for _ in range(2)]
    chosen = draw(st.permutations(pool))[:n]
    cells = [(0, 0)]
    while len(cells) < n:
        base = cells[draw(st.integers(0, len(cells) - 1))]
        dx, dy = draw(st.sampled_from(ref.KING))
        cell = (base[0] + dx, base[1] + dy)
        if cell not in cells:
            cells.append(cell)
    ups = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    tiles = [
        {"player": p, "kind": k, "at": list(c), "up": up}
        for c, (p, k), up in zip(cells, chosen, ups, strict=True)
    ]
    first, mover, used = draw(turn_counters())
    return {
        "game": "forthewin",
        "to_play": mover,
        "first": first,
        "actions_used": used,
        "turn_actions": 0,
        "tiles": tiles,
    }


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.booleans(), st.integers(0, 10_000))
def test_random_positions_agree_with_the_reference(
    data: dict[str, Any], mid_turn: bool, pick: int
) -> None:
    state = RULES.load(data)
    assert isinstance(state, ForTheWinState)
    won = ref.winners_of(data)
    if won:  # FW9-FW11: a loaded completed chain ends the game at once
        expected = [data["to_play"]] if data["to_play"] in won else won
        assert (state.is_over, list(state.winners)) == (True, expected)
        return
    if mid_turn and data["actions_used"][data["to_play"]] <= 3:
        # the mover's first action of the turn is played: maybe a split Grid (FW3)
        actions = [m for m in state.legal_moves() if isinstance(m, Action)]
        splitting = [m for m in actions if not state.position.after(m).connected]
        pool = splitting or actions
        move = pool[pick % len(pool)]
        state = state.play(move)
        if state.is_over or state.turn_actions != 1:
            return
    event("zombie fallback" if state.position.zombie_fallback() else "zombies in supply")
    event("split Grid" if state.grid_split else "connected Grid")
    check_successors(state)
    check_refusals(state)


@settings(max_examples=40, deadline=None)
@given(positions())
def test_loaded_positions_are_running_iff_the_reference_sees_no_win(data: dict[str, Any]) -> None:
    state = RULES.load(data)
    won = ref.winners_of(data)
    assert state.is_over == bool(won)
    if not won:
        assert state.to_play == data["to_play"]
