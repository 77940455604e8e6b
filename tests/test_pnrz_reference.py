"""The PNRZ engine against the naive reference in ``tests/reference/pnrz_ref.py``.

The reference is written from RULINGS section 5 alone. These tests compare, on random playouts
and on hypothesis-built positions (half-offset tiles, enemies, bases, odd hands included):
scores per character and per player, legal placements, the complete set of outcomes of a turn
(placement, extra action, base play/move, draw, final lap) and the winners.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ftwkit
from tests.reference import pnrz_ref as ref

RULES = ftwkit.rules("pnrz")
CODES = [
    *ref.CHARACTERS,
    *ref.BONUS.values(),
    *ref.ENEMY.values(),
]
PLAY_IDS = sorted(k for k in ref.TILESET if not k.startswith("base:"))


def engine_turn_outcomes(state: Any) -> set[tuple[Any, ...]]:
    """Every outcome of the current turn, by expanding the engine's moves until it ends."""
    player = state.to_play
    out: set[tuple[Any, ...]] = set()
    todo = [state]
    while todo:
        s = todo.pop()
        for move in s.legal_moves():
            nxt = s.play(move)
            if nxt.pending and not nxt.is_over:
                todo.append(nxt)
                continue
            data = nxt.to_json()
            out.add(
                (
                    ref.table_of(data),
                    frozenset(Counter(ref.tile_key(h) for h in data["hands"][player]).items()),
                    len(data["draw"]),
                    nxt.to_play,
                    data["final_turns"],
                    nxt.is_over,
                )
            )
    return out


def check_scores(state: Any) -> None:
    """Engine scores, best sections and (when over) winners equal the reference's."""
    data = state.to_json()
    table = ref.table_of(data)
    sections = state.sections()
    for c in ref.CHARACTERS:
        assert sections[c][0] == ref.character_score(table, c), c
    assert state.scores == ref.scores(data)
    if state.is_over:
        assert state.winners == ref.winners(data)


def check_placements(state: Any) -> None:
    """The engine's placement moves are exactly the reference's (tile, anchor, picture)."""
    data = state.to_json()
    p = state.to_play
    table = ref.table_of(data)
    spots = ref.legal_anchors({t[0] for t in table})
    want = {
        (ref.tile_key(h), at, ref.rotated(ref.tile_def(ref.tile_key(h))[0], r))
        for h in data["hands"][p]
        for at in spots
        for r in range(4)
    }
    got = set()
    for m in state.legal_moves():
        text = str(m)
        if " at " not in text:
            continue
        nxt = state.play(m)
        new = ref.table_of(nxt.to_json()) - table
        assert len(new) == 1
        (at, key, quads) = next(iter(new))
        got.add((key, at, quads))
    assert got == want


def playout(players: int, seed: int, turns: int) -> list[Any]:
    """States at the start of each turn of a random playout (fixed seed)."""
    rng = random.Random(seed)
    state = RULES.new(players=players, seed=seed)
    starts = [state]
    while not state.is_over and len(starts) < turns:
        player = state.to_play
        state = state.play(rng.choice(state.legal_moves()))
        while state.pending and not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
        assert state.is_over or state.to_play != player
        starts.append(state)
    return starts


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_playout_full_game_matches_reference(players: int, seed: int) -> None:
    """Every turn of a whole game lands on an outcome the reference allows; scores agree."""
    starts = playout(players, seed, 10_000)
    assert starts[-1].is_over
    for before, after in zip(starts, starts[1:], strict=False):
        check_scores(after)
        data = after.to_json()
        p = before.to_play
        outcome = (
            ref.table_of(data),
            frozenset(Counter(ref.tile_key(h) for h in data["hands"][p]).items()),
            len(data["draw"]),
            after.to_play,
            data["final_turns"],
            after.is_over,
        )
        assert outcome in ref.turn_outcomes(before.to_json())


@pytest.mark.parametrize("seed", [11, 12])
def test_playout_turns_equal_reference_sets(seed: int) -> None:
    """On early positions the full outcome sets of a turn are equal."""
    for state in playout(2, seed, 7):
        if state.is_over:
            break
        check_placements(state)
        assert engine_turn_outcomes(state) == ref.turn_outcomes(state.to_json())


# --- hypothesis-built positions ------------------------------------------------------------

quad = st.sampled_from(CODES)


@st.composite
def hand_tile(draw: Any) -> Any:
    """A play tile for a hand: a set id, or an inline tile with an icon."""
    if draw(st.booleans()):
        return draw(st.sampled_from(PLAY_IDS))
    quads = draw(st.lists(quad, min_size=4, max_size=4))
    icon = draw(st.sampled_from([None, "rotate", "swap", "replace"]))
    return {"quads": quads, "icon": icon}


@st.composite
def positions(draw: Any, max_tiles: int = 6, min_tiles: int = 0) -> dict[str, Any]:
    """A random position: tiles at any lattice anchors (half offsets too), hands, stack, lap."""
    players = draw(st.sampled_from([2, 3, 4]))
    order = draw(st.permutations(list(ref.CHARACTERS)))
    if players == 2:
        chars = [list(order[:2]), list(order[2:])]
    else:
        chars = [[c] for c in order[:players]]
    owned = [c for cs in chars for c in cs]
    n = draw(st.integers(min_tiles, max_tiles))
    anchors: list[tuple[int, int]] = []
    tiles: list[dict[str, Any]] = []
    bases_on_table: set[str] = set()
    for _ in range(n):
        if anchors and draw(st.booleans()):
            ax, ay = draw(st.sampled_from(anchors))
            dx, dy = draw(st.sampled_from([(2, 0), (-2, 0), (0, 2), (0, -2), (2, 1), (1, 2)]))
            x, y = ax + dx, ay + dy
        else:
            x, y = draw(st.integers(-3, 3)), draw(st.integers(-3, 3))
        if any(abs(a - x) < 2 and abs(b - y) < 2 for a, b in anchors):
            continue
        kind = draw(st.sampled_from(["id", "inline", "base"]))
        free_bases = [c for c in owned if c not in bases_on_table]
        if kind == "base" and free_bases:
            c = draw(st.sampled_from(free_bases))
            bases_on_table.add(c)
            entry: dict[str, Any] = {"id": "base:" + c}
        elif kind == "inline":
            entry = {"quads": draw(st.lists(quad, min_size=4, max_size=4)), "icon": None}
        else:
            entry = {"id": draw(st.sampled_from(PLAY_IDS))}
        entry.update({"at": [x, y], "rot": draw(st.integers(0, 3))})
        anchors.append((x, y))
        tiles.append(entry)
    used = {t["id"] for t in tiles if "id" in t}
    hands: list[list[Any]] = []
    for p in range(players):
        hand = [draw(hand_tile()) for _ in range(draw(st.integers(0, 2)))]
        hand = [h for h in hand if not isinstance(h, str) or h not in used]
        used |= {h for h in hand if isinstance(h, str)}
        hand += ["base:" + c for c in chars[p] if c not in bases_on_table and draw(st.booleans())]
        hands.append(hand)
    stack = [i for i in PLAY_IDS if i not in used][: draw(st.integers(0, 2))]
    final = None if stack else draw(st.sampled_from([None, 1, 2, players]))
    return {
        "game": "pnrz",
        "players": players,
        "to_play": draw(st.integers(0, players - 1)),
        "characters": chars,
        "tiles": tiles,
        "hands": hands,
        "draw": stack,
        "final_turns": final,
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_tiles=9))
def test_random_positions_score_like_reference(data: dict[str, Any]) -> None:
    """Scores and best sections agree on arbitrary (half-offset) tables."""
    check_scores(RULES.load(data))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_tiles=4))
def test_random_positions_turns_like_reference(data: dict[str, Any]) -> None:
    """Placements and the full outcome set of a turn agree on arbitrary small positions."""
    state = RULES.load(data)
    if state.is_over:
        assert state.winners == ref.winners(data)
        return
    check_placements(state)
    assert engine_turn_outcomes(state) == ref.turn_outcomes(data)
