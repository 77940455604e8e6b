"""A naive reference reading of FTW?! (RULINGS.md §3) on the API.md JSON position.

Written from RULINGS.md and API.md alone, without importing the engine, so that the engine can be
checked against an independent reading. Everything works on plain dicts and lists; speed does not
matter. Default options only.

The pass phase follows the engine's documented model of the simultaneous pass (API.md:
``passing[p]`` is the chosen list or ``null``): players choose in turn, clockwise from the round's
start seat, and a chosen card leaves the hand until everyone has chosen; then every seat ``i``
gives its cards to seat ``i-1`` at once (FT2, FT3).

When a round ends and another is dealt, the new deal depends on the engine's shuffle; the
reference marks the dealt cards as ``"DEALT"`` (see :func:`successors`) and :func:`check_deal`
checks a concrete deal against FT1 separately.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

DECK = {2: 36, 3: 36, 4: 48, 5: 60, 6: 60}
"""FT1 / §3.2: the highest card for each player count."""

DEAL = {2: 12, 3: 12, 4: 12, 5: 12, 6: 10}
"""§3.2: cards dealt to each player."""

Pos = dict[str, Any]


def round_points(hand: list[int]) -> int:
    """§3.2 / FT15: highest card minus every other card, never below 0."""
    best = max(hand)
    return max(0, best - (sum(hand) - best))


def first_chooser(pos: Pos) -> int | None:
    """Pass phase: the next seat, clockwise from ``start``, that has not chosen yet."""
    n = pos["players"]
    for i in range(n):
        seat = (pos["start"] + i) % n
        if pos["passing"][seat] is None:
            return seat
    return None


def _finish_turn(pos: Pos, player: int) -> Pos:
    """FT11: after a turn, the round ends iff the active player holds exactly one card."""
    n = pos["players"]
    if len(pos["hands"][player]) != 1:
        pos["to_play"] = (player + 1) % n
        return pos
    points = [round_points(h) for h in pos["hands"]]
    pos["scores"] = [a + b for a, b in zip(pos["scores"], points, strict=True)]
    pos["round_points"] = [*pos["round_points"], points]
    pos["last_round"] = {
        "round": pos["round"],
        "ender": player,
        "hands": [sorted(h) for h in pos["hands"]],
        "points": points,
    }
    if pos["round"] == n:  # N rounds, then the game ends
        pos["to_play"] = None
        return pos
    # FT14: the next round starts one seat clockwise; everything is reshuffled (FT9).
    pos["round"] += 1
    pos["start"] = (pos["start"] + 1) % n
    pos["to_play"] = pos["start"]
    pos["phase"] = "pass"
    pos["hands"] = "DEALT"
    pos["aside"] = "DEALT"
    pos["passing"] = [None] * n
    pos["passed"] = [None] * n
    pos["pile"] = []
    pos["aux"] = [[] for _ in range(n)]
    pos["out"] = []
    pos["taken"] = [[] for _ in range(n)]
    return pos


def _remove(cards: list[int], card: int) -> list[int]:
    rest = list(cards)
    rest.remove(card)
    return rest


def successors(pos: Pos) -> list[tuple[tuple[Any, ...], Pos]]:
    """Every legal move as ``(key, successor position)``.

    Keys: ``("pass", c1, c2, c3)``, ``("A", card)``, ``("B", card, take)``,
    ``("C", card, helpers...)``. Hands, aux, out and taken are returned sorted.
    """
    if pos["to_play"] is None:
        return []
    player = pos["to_play"]
    hand = sorted(pos["hands"][player])
    out: list[tuple[tuple[Any, ...], Pos]] = []
    if pos["phase"] == "pass":
        for chosen in itertools.combinations(hand, 3):
            new = copy.deepcopy(pos)
            new["hands"][player] = [c for c in hand if c not in chosen]
            new["passing"][player] = list(chosen)
            nxt = first_chooser(new)
            if nxt is not None:
                new["to_play"] = nxt
            else:
                n = new["players"]
                for seat in range(n):
                    new["hands"][(seat - 1) % n] += new["passing"][seat]  # FT2: to seat i-1
                new["hands"] = [sorted(h) for h in new["hands"]]
                new["passed"] = new["passing"]
                new["passing"] = [None] * n
                new["phase"] = "play"
                new["to_play"] = new["start"]
            out.append((("pass", *chosen), new))
        return out
    pile = pos["pile"]
    top = pile[-1] if pile else None
    aux = sorted(pos["aux"][player])
    for card in hand:
        # Option A: any card on an empty pile (FT4), else a card above the top.
        if top is None or card > top:
            new = copy.deepcopy(pos)
            new["hands"][player] = _remove(hand, card)
            new["pile"] = [*pile, card]
            new["taken"][player] = [c for c in new["taken"][player] if c != card]
            out.append((("A", card), _finish_turn(new, player)))
        if top is None or card > top:
            continue
        # Option B: card < top in front of you; take ANY pile card (FT5); the rest goes out.
        for take in pile:
            new = copy.deepcopy(pos)
            new["hands"][player] = sorted([*_remove(hand, card), take])
            new["aux"][player] = sorted([*aux, card])
            new["out"] = sorted(pos["out"] + _remove(pile, take))
            new["pile"] = []
            taken = [c for c in new["taken"][player] if c != card]
            new["taken"][player] = sorted([*taken, take])
            out.append((("B", card, take), _finish_turn(new, player)))
        # Option C: card < top with a non-empty aux subset, card + sum > top strictly (FT7).
        for size in range(1, len(aux) + 1):
            for helpers in itertools.combinations(aux, size):
                if card + sum(helpers) <= top:
                    continue
                new = copy.deepcopy(pos)
                new["hands"][player] = _remove(hand, card)
                new["pile"] = [*pile, card]
                new["aux"][player] = [c for c in aux if c not in helpers]
                new["out"] = sorted(pos["out"] + list(helpers))
                new["taken"][player] = [c for c in new["taken"][player] if c != card]
                out.append((("C", card, *helpers), _finish_turn(new, player)))
    return out


def is_legal(pos: Pos, key: tuple[Any, ...]) -> bool:
    """Whether the move ``key`` (see :func:`successors`) is legal, decided from the rules."""
    if pos["to_play"] is None:
        return False
    player = pos["to_play"]
    hand = pos["hands"][player]
    kind = key[0]
    if pos["phase"] == "pass":
        cards = key[1:]
        return kind == "pass" and len(set(cards)) == 3 == len(cards) and set(cards) <= set(hand)
    if kind == "pass" or key[1] not in hand:
        return False
    card = key[1]
    top = pos["pile"][-1] if pos["pile"] else None
    if kind == "A":
        return top is None or card > top
    if top is None or card > top:  # FT4, FT6
        return False
    if kind == "B":
        return key[2] in pos["pile"]
    helpers = key[2:]
    return (
        len(helpers) >= 1
        and len(set(helpers)) == len(helpers)
        and set(helpers) <= set(pos["aux"][player])
        and card + sum(helpers) > top
    )


def winners(pos: Pos) -> list[int]:
    """FT12: after the last round, every player with the highest total (ties share)."""
    if pos["to_play"] is not None:
        return []
    best = max(pos["scores"])
    return [p for p, s in enumerate(pos["scores"]) if s == best]


def observation(pos: Pos, player: int) -> Pos:
    """FT13: other hands hidden (lengths kept), others' pass choices hidden, the cards passed
    visible only to the giver and the receiver, the 2-player aside hidden; the pile, aux, out,
    taken cards and scores public."""
    n = pos["players"]
    obs = copy.deepcopy(pos)
    obs["seed"] = None
    if pos["to_play"] is not None:
        obs["hands"] = [h if p == player else [None] * len(h) for p, h in enumerate(pos["hands"])]
    obs["passing"] = [c if p == player else None for p, c in enumerate(pos["passing"])]
    giver = (player + 1) % n  # FT2: seat i receives from seat i+1
    obs["passed"] = [c if p in (player, giver) else None for p, c in enumerate(pos["passed"])]
    obs["aside"] = [None] * len(pos["aside"])
    return obs


def check_deal(pos: Pos) -> None:
    """FT1: a fresh deal uses cards 1..deck, 12 each (10 with 6), the 2-player rest aside."""
    n = pos["players"]
    size = DEAL[n]
    assert all(len(h) == size for h in pos["hands"]), pos["hands"]
    cards = sorted(c for h in pos["hands"] for c in h) + sorted(pos["aside"])
    assert sorted(cards) == list(range(1, DECK[n] + 1))
    assert len(pos["aside"]) == (12 if n == 2 else 0)
