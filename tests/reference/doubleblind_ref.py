"""A naive reference reading of Double Blind (RULINGS.md §4) on the API.md JSON position.

Written from RULINGS.md and API.md alone, without importing the engine. Every orientation of every
shape is spelled out by hand from the table in RULINGS §4.3 (no symmetry machinery), and
completion is a brute-force scan. Default options only (DB1–DB14 RECOMMENDED), any board size.

A position is the API.md dict plus the engine's documented ``to_place`` (who places the next stone
while a question is pending) and ``winners`` (``None`` while running, ``[]`` for a draw).
"""

from __future__ import annotations

import copy
from typing import Any

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
"""Go column letters: no I."""

Cell = tuple[int, int]
Pos = dict[str, Any]

# §4.3, each orientation a full list of required own cells.
SIMPLE: dict[int, list[list[Cell]]] = {
    1: [[(0, 0), (1, 0), (2, 0), (3, 0)], [(0, 0), (0, 1), (0, 2), (0, 3)]],
    2: [[(0, 0), (1, 1), (2, 2), (3, 3)], [(3, 0), (2, 1), (1, 2), (0, 3)]],
    3: [
        [(0, 0), (1, 0), (0, 1), (1, 1)],
        [(0, 0), (2, 0), (0, 2), (2, 2)],
        [(1, 0), (0, 1), (2, 1), (1, 2)],
        [(2, 0), (0, 2), (4, 2), (2, 4)],
    ],
}
# §4.3 / DB3: centre O plus four arms of length 1.
ARMS: dict[int, list[Cell]] = {
    4: [(-1, -1), (1, -1), (1, 1), (-1, 1)],
    5: [(0, -1), (1, 0), (0, 1), (-1, 0)],
}


def name(cell: Cell) -> str:
    """Go naming: column letter without I, row counted from 1 at the bottom."""
    return f"{COLUMNS[cell[0]]}{cell[1] + 1}"


def parse(text: str) -> Cell:
    return COLUMNS.index(text[0].upper()), int(text[1:]) - 1


def completed(size: int, own: set[Cell], opp: set[Cell]) -> set[int]:
    """Every condition the player with stones ``own`` has completed (brute force, DB1/DB3–DB5)."""
    done: set[int] = set()
    cells = [(x, y) for x in range(size) for y in range(size)]
    for number, shapes in SIMPLE.items():
        for shape in shapes:
            for ax, ay in cells:
                need = [(ax + dx, ay + dy) for dx, dy in shape]
                if all(c in own for c in need):  # own cells are on the board by construction
                    done.add(number)
    for number, arms in ARMS.items():
        for cx, cy in cells:
            if (cx, cy) not in own:  # DB4: the centre is the player's own stone
                continue
            ends = [(cx + dx, cy + dy) for dx, dy in arms]
            if not all(0 <= x < size and 0 <= y < size for x, y in ends):
                continue
            if not all(c in own or c in opp for c in ends):  # DB5: arms occupied
                continue
            if sum(c in opp for c in ends) <= 1:  # at most one opponent arm
                done.add(number)
    return done


def _stones(pos: Pos) -> list[set[Cell]]:
    return [{parse(c) for c in pos["stones"][p]} for p in (0, 1)]


def heard_yes(pos: Pos, player: int) -> bool:
    return any(q["player"] == player and q["answer"] for q in pos["queries"])


def _over_if_full(pos: Pos) -> None:
    """DB13: a full board with nobody winning and no question pending is a draw."""
    placed = len(pos["stones"][0]) + len(pos["stones"][1])
    if not pos["pending"] and placed == pos["size"] ** 2 and pos["winners"] is None:
        pos["winners"] = []
        pos["to_play"] = None
        pos["to_place"] = None


def place(pos: Pos, cell: Cell, done: list[set[int]]) -> Pos:
    """The position after the player to place puts a stone on ``cell`` (DB8, DB9, DB11, DB12).

    ``done`` is each player's completed set before the stone (passed in to save rescans).
    """
    mover = pos["to_place"]
    other = 1 - mover
    new = copy.deepcopy(pos)
    new["stones"][mover] = sorted([*pos["stones"][mover], name(cell)], key=_order)
    stones = _stones(new)
    after = [set(done[0]), set(done[1])]
    # Stones never leave, so only patterns through ``cell`` can be new; check those exhaustively.
    size = pos["size"]
    for p in (0, 1):
        local = completed_near(size, stones[p], stones[1 - p], cell)
        after[p] |= local
    new["completed"] = [sorted(after[0]), sorted(after[1])]
    rises = [p for p in (mover, other) if len(after[p]) > len(done[p]) and len(after[p]) >= 2]
    wins = [p for p in (mover, other) if heard_yes(new, p) and pos["secrets"][p] in after[p]]
    new["to_place"] = other
    if wins:
        new["winners"] = [mover] if len(wins) == 2 else wins  # DB12: the mover wins
        new["to_play"] = new["to_place"] = None
        new["pending"] = []
        return new
    new["pending"] = (
        rises  # DB9; when both rise, the mover decides first (engine's documented order)
    )
    new["to_play"] = rises[0] if rises else other
    _over_if_full(new)
    return new


def completed_near(size: int, own: set[Cell], opp: set[Cell], cell: Cell) -> set[int]:
    """Conditions completed by patterns that lie in the 9×9 window around ``cell``."""
    x0, y0 = cell
    window = {(x, y) for x in range(x0 - 4, x0 + 5) for y in range(y0 - 4, y0 + 5)}
    # Every pattern through ``cell`` is anchored within 4 cells of it. Off-board cells hold no
    # stones, so own-cell shapes cannot match there; arms test the board edge explicitly.
    found: set[int] = set()
    for number, shapes in SIMPLE.items():
        for shape in shapes:
            for ax, ay in window:
                need = [(ax + dx, ay + dy) for dx, dy in shape]
                if cell in need and all(c in own for c in need):
                    found.add(number)
    for number, arms in ARMS.items():
        for cx, cy in window:
            if (cx, cy) not in own:
                continue
            ends = [(cx + dx, cy + dy) for dx, dy in arms]
            if cell not in ends and cell != (cx, cy):
                continue
            if not all(0 <= x < size and 0 <= y < size for x, y in ends):
                continue
            if all(c in own or c in opp for c in ends) and sum(c in opp for c in ends) <= 1:
                found.add(number)
    return found


def _order(cell_name: str) -> tuple[int, int]:
    x, y = parse(cell_name)
    return y, x


def successors(pos: Pos) -> list[tuple[str, Pos]]:
    """Every legal move as ``(key, successor)``; keys are cell names, ``ask`` or ``don't ask``."""
    if pos["winners"] is not None:
        return []
    if pos["pending"]:
        asker = pos["pending"][0]
        out = []
        for ask in (True, False):
            new = copy.deepcopy(pos)
            new["pending"] = pos["pending"][1:]
            if ask:
                done = set(pos["completed"][asker])
                answer = pos["secrets"][1 - asker] in done  # DB10
                new["queries"] = [*pos["queries"], {"player": asker, "answer": answer}]
                if answer and pos["secrets"][asker] in done:  # DB11
                    new["winners"] = [asker]
                    new["to_play"] = new["to_place"] = None
                    new["pending"] = []
            if new["winners"] is None:
                new["to_play"] = new["pending"][0] if new["pending"] else new["to_place"]
                _over_if_full(new)
            out.append(("ask" if ask else "don't ask", new))
        return out
    size = pos["size"]
    taken = {parse(c) for p in (0, 1) for c in pos["stones"][p]}
    before: list[set[int]] = [set(pos["completed"][0]), set(pos["completed"][1])]
    return [
        (name((x, y)), place(pos, (x, y), before))
        for y in range(size)
        for x in range(size)
        if (x, y) not in taken
    ]


def is_legal(pos: Pos, key: str) -> bool:
    """Whether move ``key`` is legal: questions only when pending, stones on empty cells."""
    if pos["winners"] is not None:
        return False
    if key in ("ask", "don't ask"):
        return bool(pos["pending"])
    if pos["pending"]:
        return False
    x, y = parse(key)
    taken = {c.upper() for p in (0, 1) for c in pos["stones"][p]}
    return 0 <= x < pos["size"] and 0 <= y < pos["size"] and key.upper() not in taken


def full_completed(pos: Pos) -> list[list[int]]:
    """Each player's completed conditions, from scratch (the ``completed`` JSON key)."""
    stones = _stones(pos)
    return [sorted(completed(pos["size"], stones[p], stones[1 - p])) for p in (0, 1)]


def observation(pos: Pos, player: int) -> Pos:
    """DB14: the opponent's secret (and the seed) hidden while the game runs."""
    obs = copy.deepcopy(pos)
    if pos["winners"] is None:
        obs["secrets"][1 - player] = None
        obs["seed"] = None
    return obs
