"""The PNRZ engine against the naive reference in ``tests/reference/pnrz_ref.py``.

The reference is written from RULINGS section 5 alone. These tests compare, on random playouts
and on hypothesis-built positions (half-offset tiles, enemies, bases, odd hands included):
scores per character and per player, legal placements, the complete set of outcomes of a turn
(placement, extra action, base play/move, draw, final lap) and the winners.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import pnrz_ref as ref

import ftwkit

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


def playout(players: int, seed: int, turns: int) -> list[tuple[Any, Any]]:
    """(state at the start of a turn, first move of that turn) along a random playout."""
    rng = random.Random(seed)
    state: Any = RULES.new(players=players, seed=seed)
    while state.picking:  # the set-up picks (PN15) are not turns of the reference
        state = state.play(rng.choice(state.legal_moves()))
    out: list[tuple[Any, Any]] = []
    while not state.is_over and len(out) < turns:
        player = state.to_play
        first = rng.choice(state.legal_moves())
        out.append((state, first))
        state = state.play(first)
        while state.pending and not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
        assert state.is_over or state.to_play != player
    out.append((state, None))
    return out


def outcome_of(before: Any, after: Any) -> tuple[Any, ...]:
    """The reference outcome tuple of the turn that led from ``before`` to ``after``."""
    data = after.to_json()
    return (
        ref.table_of(data),
        frozenset(Counter(ref.tile_key(h) for h in data["hands"][before.to_play]).items()),
        len(data["draw"]),
        after.to_play,
        data["final_turns"],
        after.is_over,
    )


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_playout_full_game_matches_reference(players: int, seed: int) -> None:
    """Every turn of a whole game is one the reference allows; scores and winners agree.

    Small tables: the outcome is in the reference's full outcome set. Larger ones: the placed
    tile's anchor is legal and the draw / final lap / next player follow the reference.
    """
    turns = playout(players, seed, 10_000)
    assert turns[-1][0].is_over
    for (before, first), (after, _) in itertools.pairwise(turns):
        check_scores(after)
        outcome = outcome_of(before, after)
        data = before.to_json()
        if len(data["tiles"]) <= 5:
            assert outcome in ref.turn_outcomes(data)
            continue
        text = str(first)
        if " at " in text:
            anchors = {t[0] for t in ref.table_of(data)}
            new = ref.table_of(before.play(first).to_json()) - ref.table_of(data)
            assert next(iter(new))[0] in ref.legal_anchors(anchors)
        drew = " at " in text  # a play tile or a base from hand: both draw (PN6)
        hand = Counter(dict(outcome[1]))
        if drew and data["draw"]:
            hand[ref.tile_key(data["draw"][0])] -= 1
        kept = frozenset((k, v) for k, v in hand.items() if v)
        assert outcome == ref.finish(data, outcome[0], kept, drew)


@pytest.mark.parametrize("seed", [11, 12])
def test_playout_turns_equal_reference_sets(seed: int) -> None:
    """On early positions the full outcome sets of a turn are equal."""
    for state, _ in playout(2, seed, 7):
        if state.is_over:
            break
        check_placements(state)
        assert engine_turn_outcomes(state) == ref.turn_outcomes(state.to_json())


# --- hypothesis-built positions ------------------------------------------------------------

quad = st.sampled_from(CODES)
JOINS = [(2, 0), (-2, 0), (0, 2), (0, -2), (2, 1), (1, 2), (-2, -1), (-1, -2), (2, -1), (-1, 2)]
"""Anchor offsets joining a new tile to a placed one: full edges and half-offset contacts."""


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
    """A random position: a joined table (half offsets too), hands, stack, lap."""
    players = draw(st.sampled_from([2, 3, 4]))
    order = draw(st.permutations(list(ref.CHARACTERS)))
    chars = [list(order[:2]), list(order[2:])] if players == 2 else [[c] for c in order[:players]]
    owned = [c for cs in chars for c in cs]
    n = draw(st.integers(min_tiles, max_tiles))
    anchors: list[tuple[int, int]] = []
    tiles: list[dict[str, Any]] = []
    bases_on_table: set[str] = set()
    for _ in range(n):
        if anchors:  # a loadable table is one group joined by (at least half) an edge
            ax, ay = draw(st.sampled_from(anchors))
            dx, dy = draw(st.sampled_from(JOINS))
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
            if any(t.get("id") == entry["id"] for t in tiles):
                continue
        entry.update({"at": [x, y], "rot": draw(st.integers(0, 3))})
        anchors.append((x, y))
        tiles.append(entry)
    used = {t["id"] for t in tiles if "id" in t}
    hands: list[list[Any]] = []
    for p in range(players):
        hand = [draw(hand_tile()) for _ in range(draw(st.integers(0, 2)))]
        kept: list[Any] = []
        for h in hand:
            if not isinstance(h, str) or h not in used:
                kept.append(h)
                used |= {h} if isinstance(h, str) else set()
        hand = kept
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


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_tiles=4))
def test_random_positions_turns_like_reference(data: dict[str, Any]) -> None:
    """Placements and the full outcome set of a turn agree on arbitrary small positions."""
    state = RULES.load(data)
    if state.is_over:
        assert state.winners == ref.winners(data)
        return
    check_placements(state)
    assert engine_turn_outcomes(state) == ref.turn_outcomes(data)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_tiles=4, min_tiles=1), st.sampled_from(["rotate", "swap", "replace"]))
def test_loaded_pending_actions_like_reference(data: dict[str, Any], kind: str) -> None:
    """A position loaded with a pending extra action finishes the turn as the reference says."""
    data = {**data, "pending": kind}
    state = RULES.load(data)
    if state.is_over:
        return
    p = data["to_play"]
    table = ref.table_of(data)
    hand: Counter[Any] = Counter(ref.tile_key(h) for h in data["hands"][p])
    want = {
        ref.finish(data, tab, hd, True)
        for tab, hd in ref._action_outcomes(data, p, table, hand, kind)
    }
    assert engine_turn_outcomes(state) == want


def test_hand_computed_half_offset_position() -> None:
    """A hand-computed table with a half-offset tile (PN2, PN5), for engine and reference alike.

    A (0,0) is all pirates; B (2,1) sits half a tile lower, so only A's SE pirate meets B's NW
    chest. C (0,2) is ninja/KRAKEN/ninja/ninja under A: the kraken at (1,2) negates A's SE
    pirate, which still joins the section. Pirate: 3 + 0 + 3 (chest) + 2 = 8. B's SW ninja (2,2)
    touches C's ninjas only diagonally (at (1,3)), so the best ninja section is C's three: 3.
    """
    data = {
        "game": "pnrz",
        "players": 2,
        "to_play": 0,
        "characters": [["pirate", "ninja"], ["robot", "zombie"]],
        "tiles": [
            {"quads": ["pirate"] * 4, "icon": None, "at": [0, 0]},
            {"quads": ["chest", "pirate", "pirate", "ninja"], "icon": None, "at": [2, 1]},
            {"quads": ["ninja", "kraken", "ninja", "ninja"], "icon": None, "at": [0, 2]},
        ],
        "hands": [[], []],
        "draw": [],
    }
    state: Any = RULES.load(data)
    assert {c: v for c, (v, _) in state.sections().items()} == {
        "pirate": 8,
        "ninja": 3,
        "robot": 0,
        "zombie": 0,
    }
    assert state.scores == ref.scores(data) == (11, 0)
