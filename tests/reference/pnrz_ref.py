"""A naive reference implementation of PNRZ (RULINGS section 5), written from the rules alone.

It works on the API.md JSON position (plain dicts) and is meant to be obviously correct rather
than fast: scoring is a flood fill over a dict of quadrant cells, placement tests every anchor
against the RULINGS 5.2 formulas, and a turn is enumerated as the set of all its outcomes. It
imports nothing from ``ftwkit.games``; it reads the shipped tile data file directly.

Default options only (PN6 revised: playing a base from hand draws a tile, as the seed says).
Two conventions follow the engine's documented readings where RULINGS leaves
the engine a free hand: the very first tile of an empty table goes at anchor ``(0, 0)`` (the table
is translation-invariant), and ``final_turns`` counts the turns left in the final lap.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

CHARACTERS = ("pirate", "ninja", "robot", "zombie")
BONUS = {"pirate": "chest", "ninja": "star", "robot": "battery", "zombie": "brain"}
ENEMY = {"pirate": "kraken", "ninja": "dragon", "robot": "military", "zombie": "hunter"}

_TILES_FILE = Path(__file__).resolve().parents[2] / "ftwkit" / "games" / "pnrz" / "tiles.json"
TILESET: dict[str, tuple[tuple[str, ...], str | None]] = {
    t["id"]: (tuple(t["quads"]), t["icon"]) for t in json.loads(_TILES_FILE.read_text())["tiles"]
}
for _c in CHARACTERS:
    TILESET["base:" + _c] = (("base:" + _c,) * 4, None)

Cell = tuple[int, int]
Table = frozenset[tuple[Cell, Any, tuple[str, ...]]]


# --- tiles -------------------------------------------------------------------------------


def tile_key(entry: Any) -> Any:
    """An id for a tile entry (a hand entry or a table entry without ``at``/``rot``)."""
    if isinstance(entry, str):
        return entry
    if "id" in entry:
        return entry["id"]
    return ("inline", tuple(entry["quads"]), entry.get("icon"))


def tile_def(key: Any) -> tuple[tuple[str, ...], str | None]:
    """(quads NW/NE/SE/SW unrotated, icon) of a tile key."""
    if isinstance(key, tuple):
        return key[1], key[2]
    return TILESET[key]


def rotated(quads: tuple[str, ...], rot: int) -> tuple[str, ...]:
    """Quads after ``rot`` clockwise quarter turns: NW content moves to NE (RULINGS 5.2)."""
    out = [""] * 4
    for i, q in enumerate(quads):
        out[(i + rot) % 4] = q
    return tuple(out)


def cells(anchor: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The NW, NE, SE, SW cells of a tile anchored at ``anchor``."""
    x, y = anchor
    return (x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)


def table_of(position: dict[str, Any]) -> Table:
    """The table as a set of (anchor, tile key, rotated quads)."""
    out = set()
    for t in position.get("tiles", []):
        key = tile_key(t)
        at = (t["at"][0], t["at"][1])
        out.add((at, key, rotated(tile_def(key)[0], t.get("rot", 0))))
    return frozenset(out)


def grid(table: Table) -> dict[Cell, str]:
    """Quadrant cell -> content."""
    g: dict[Cell, str] = {}
    for at, _key, quads in table:
        for c, q in zip(cells(at), quads, strict=True):
            g[c] = q
    return g


# --- scoring -----------------------------------------------------------------------------


def territory(character: str, content: str) -> bool:
    """Does ``content`` count as ``character`` territory?"""
    return content in (character, BONUS[character], "base:" + character)


def neighbours(c: Cell) -> list[Cell]:
    """The four edge neighbours (never diagonal, PN2)."""
    x, y = c
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def sections(table: Table, character: str) -> list[tuple[frozenset[Cell], int]]:
    """Every section of ``character`` with its value (PN2, PN5, 5.2 Scoring)."""
    g = grid(table)
    seen: set[Cell] = set()
    out = []
    for start, content in sorted(g.items()):
        if start in seen or not territory(character, content):
            continue
        comp = {start}
        todo = [start]
        while todo:
            c = todo.pop()
            for n in neighbours(c):
                if n not in comp and n in g and territory(character, g[n]):
                    comp.add(n)
                    todo.append(n)
        seen |= comp
        value = 0
        has_base = False
        for c in comp:
            content = g[c]
            if content == "base:" + character:
                has_base = True
                continue
            if any(g.get(n) == ENEMY[character] for n in neighbours(c)):
                continue
            value += 3 if content == BONUS[character] else 1
        if has_base:
            value += 5
        out.append((frozenset(comp), value))
    return out


def character_score(table: Table, character: str) -> int:
    """The best section's value, 0 without a section."""
    return max((v for _s, v in sections(table, character)), default=0)


def scores(position: dict[str, Any]) -> tuple[int, ...]:
    """Each player's total over their characters."""
    table = table_of(position)
    return tuple(sum(character_score(table, c) for c in chars) for chars in position["characters"])


def winners(position: dict[str, Any]) -> tuple[int, ...]:
    """Players with the highest total (ties share, PN14); call only when the game is over."""
    s = scores(position)
    best = max(s)
    return tuple(p for p, v in enumerate(s) if v == best)


# --- placement ---------------------------------------------------------------------------


def legal_anchor(anchors: set[Cell], x: int, y: int) -> bool:
    """RULINGS 5.2 legal placement: no overlap, and one full-edge contact."""
    for a, b in anchors:
        if abs(a - x) < 2 and abs(b - y) < 2:
            return False
    return bool({(x + 2, y), (x - 2, y), (x, y + 2), (x, y - 2)} & anchors)


def legal_anchors(anchors: set[Cell]) -> set[Cell]:
    """Every legal anchor for a new tile; ``{(0, 0)}`` on an empty table (engine convention)."""
    if not anchors:
        return {(0, 0)}
    out = set()
    for ax, ay in anchors:
        for x, y in ((ax + 2, ay), (ax - 2, ay), (ax, ay + 2), (ax, ay - 2)):
            if legal_anchor(anchors, x, y):
                out.add((x, y))
    return out


def full_edge_connected(anchors: set[Cell]) -> bool:
    """Are all tiles one group linked by full edges (PN7)?"""
    if not anchors:
        return True
    start = next(iter(anchors))
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for n in ((x + 2, y), (x - 2, y), (x, y + 2), (x, y - 2)):
            if n in anchors and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == anchors


# --- turns -------------------------------------------------------------------------------


def owner_of_base(position: dict[str, Any], key: Any) -> int | None:
    """The player owning base tile ``key``, or None for a play tile / unowned base."""
    if isinstance(key, str) and key.startswith("base:"):
        for p, chars in enumerate(position["characters"]):
            if key[5:] in chars:
                return p
    return None


def place(table: Table, at: Cell, key: Any, rot: int) -> Table:
    """``table`` plus the tile ``key`` at ``at``."""
    return table | {(at, key, rotated(tile_def(key)[0], rot))}


def _action_outcomes(
    position: dict[str, Any], player: int, table: Table, hand: Counter[Any], icon: str | None
) -> set[tuple[Table, frozenset[tuple[Any, int]]]]:
    """(table, hand) after the optional extra action of ``icon`` (PN8-PN11)."""
    out = {(table, frozenset(hand.items()))}
    tiles = sorted(table, key=repr)
    if icon == "rotate":  # PN9: any tile, 90 either way or 180
        for t in tiles:
            at, key, quads = t
            base = tile_def(key)[0]
            cur = [r for r in range(4) if rotated(base, r) == quads]
            for r in range(4):
                if r in cur and len(cur) == 1:
                    continue
                out.add(((table - {t}) | {(at, key, rotated(base, r))}, frozenset(hand.items())))
    elif icon == "swap":  # PN10: any two tiles, each may be re-oriented
        for i, t in enumerate(tiles):
            for u in tiles[i + 1 :]:
                rest = table - {t, u}
                for r1 in range(4):
                    for r2 in range(4):
                        new = rest | {
                            (u[0], t[1], rotated(tile_def(t[1])[0], r1)),
                            (t[0], u[1], rotated(tile_def(u[1])[0], r2)),
                        }
                        out.add((new, frozenset(hand.items())))
    elif icon == "replace":  # PN11: never an opponent's base; a different tile from hand
        for t in tiles:
            owner = owner_of_base(position, t[1])
            if owner is not None and owner != player:
                continue
            for h in hand:
                if h == t[1]:
                    continue
                new_hand = hand.copy()
                new_hand[h] -= 1
                if not new_hand[h]:
                    del new_hand[h]
                new_hand[t[1]] += 1
                for r in range(4):
                    out.add((place(table - {t}, t[0], h, r), frozenset(new_hand.items())))
    return out


def turn_outcomes(position: dict[str, Any]) -> set[tuple[Any, ...]]:
    """Every outcome of the turn of ``to_play``: (table, own hand, draw left, next player,
    final_turns, is_over). Assumes no pending action and a game not over."""
    player = position["to_play"]
    table = table_of(position)
    anchors = {t[0] for t in table}
    hand: Counter[Any] = Counter(tile_key(h) for h in position["hands"][player])
    results: set[tuple[Table, frozenset[tuple[Any, int]], bool]] = set()  # (table, hand, drew)
    spots = legal_anchors(anchors)
    for key in hand:
        rest = hand.copy()
        rest[key] -= 1
        if not rest[key]:
            del rest[key]
        is_base = isinstance(key, str) and key.startswith("base:")
        for at in spots:
            for rot in range(4):
                new = place(table, at, key, rot)
                if is_base:  # option 2: own base, then draw (PN6 revised, the seed's words)
                    results.add((new, frozenset(rest.items()), True))
                else:  # option 1: play tile, optional action, then draw
                    for tab, hd in _action_outcomes(position, player, new, rest, tile_def(key)[1]):
                        results.add((tab, hd, True))
    for t in table:  # option 3: move an own base (PN7)
        if owner_of_base(position, t[1]) != player:
            continue
        rest_table = table - {t}
        rest_anchors = anchors - {t[0]}
        for at in legal_anchors(rest_anchors):  # a lone base may go 'anywhere': (0, 0)
            if at == t[0]:
                continue
            if not full_edge_connected(rest_anchors | {at}):
                continue
            results.add((place(rest_table, at, t[1], 0), frozenset(hand.items()), False))
    if not results:  # pass
        results.add((table, frozenset(hand.items()), False))
    return {finish(position, tab, hd, drew) for tab, hd, drew in results}


def finish(
    position: dict[str, Any], table: Table, hand: frozenset[tuple[Any, int]], drew: bool
) -> tuple[Any, ...]:
    """The outcome of a turn of ``to_play`` that left ``table`` and ``hand``: draw if a tile (play
    tile or base) was played from hand (PN6), then the final-lap bookkeeping (PN12)."""
    player = position["to_play"]
    n = position["players"]
    draw = [tile_key(d) for d in position["draw"]]
    final = position.get("final_turns")
    new_hand = Counter(dict(hand))
    if drew and draw:
        new_hand[draw.pop(0)] += 1
        if not draw and final is None:
            final = n  # PN12: everyone, the drawer last
    elif final is not None:
        final -= 1
    elif not draw:
        final = n  # engine reading: a set-up empty stack; this turn opens the final lap
    over = final == 0
    return (
        table,
        frozenset(new_hand.items()),
        len(draw),
        None if over else (player + 1) % n,
        final,
        over,
    )
