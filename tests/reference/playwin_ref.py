"""A naive, obviously-correct reference for Play Win, written from RULINGS.md §2 alone.

It knows nothing of the engine: cells are the Abalone names of RULINGS §2.2, moved with the
(Δrow, Δnumber) direction table listed there, and a position is the API.md JSON dict. It exists
so that the engine can be compared with it on many positions; speed does not matter here.
Default options only (PW1–PW13 RECOMMENDED readings).
"""

from __future__ import annotations

from functools import cache
from typing import Any

ROWS = "ABCDEFGHI"
#: RULINGS §2.2: A1–A5, B1–B6, C1–C7, D1–D8, E1–E9, F2–F9, G3–G9, H4–H9, I5–I9.
NUMBERS = {
    "A": range(1, 6),
    "B": range(1, 7),
    "C": range(1, 8),
    "D": range(1, 9),
    "E": range(1, 10),
    "F": range(2, 10),
    "G": range(3, 10),
    "H": range(4, 10),
    "I": range(5, 10),
}
CELLS = frozenset(f"{row}{n}" for row in ROWS for n in NUMBERS[row])
#: RULINGS §2.2, (Δrow, Δnumber) in rotational order: E, NE, NW, W, SW, SE.
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))

Position = tuple[int, frozenset[str], frozenset[str]]


def step(cell: str, d: tuple[int, int], k: int = 1) -> str | None:
    """The cell ``k`` steps from ``cell`` in direction ``d``, or None when off the board."""
    row = ROWS.index(cell[0]) + k * d[0]
    num = int(cell[1:]) + k * d[1]
    if not 0 <= row < 9:
        return None
    name = f"{ROWS[row]}{num}"
    return name if name in CELLS else None


def neighbours(cell: str) -> set[str]:
    """RULINGS §2.2: (R, N±1), (R+1, N), (R+1, N+1), (R−1, N), (R−1, N−1), on the board."""
    return {c for d in DIRECTIONS if (c := step(cell, d)) is not None}


@cache
def distance(a: str, b: str) -> int:
    """Hex step distance ignoring blockers (PW2), by breadth-first search over the board."""
    seen = {a}
    frontier = {a}
    k = 0
    while b not in frontier:
        frontier = {n for c in frontier for n in neighbours(c)} - seen
        seen |= frontier
        k += 1
    return k


def position(data: dict[str, Any]) -> Position:
    """(to_play, South cells, North cells) from the JSON form (``mover`` once over)."""
    south, north = data["pieces"]
    mover = data["to_play"] if data["to_play"] is not None else data["mover"]
    return mover, frozenset(south), frozenset(north)


def setup() -> Position:
    """South on rows A and B, North on rows H and I, South to play (RULINGS §2.2, PW11)."""
    south = frozenset(c for c in CELLS if c[0] in "AB")
    north = frozenset(c for c in CELLS if c[0] in "HI")
    return 0, south, north


def capture_series(
    own: frozenset[str], opp: frozenset[str]
) -> list[tuple[str, str, frozenset[str]]]:
    """Every complete capture series: (start cell, final landing cell, captured cells)."""
    out: list[tuple[str, str, frozenset[str]]] = []

    def go(start: str, at: str, others: frozenset[str], opp_left: frozenset[str]) -> None:
        extended = False
        for i, d in enumerate(DIRECTIONS):
            jumped = step(at, d)
            if jumped is None or jumped not in opp_left:
                continue
            for turn in (DIRECTIONS[(i + 1) % 6], DIRECTIONS[(i - 1) % 6]):
                land = step(jumped, turn)
                if land is None or land in others or land in opp_left:
                    continue
                extended = True
                go(start, land, others, opp_left - {jumped})
        if not extended and opp_left != opp:
            out.append((start, at, opp - opp_left))

    for piece in own:
        go(piece, piece, own - {piece}, opp)
    return out


def successors(pos: Position) -> set[Position]:
    """Every position reachable by one legal move (captures by the global maximum, PW9)."""
    player, south, north = pos
    own, opp = (south, north) if player == 0 else (north, south)
    series = capture_series(own, opp)
    result: set[Position] = set()
    if series:
        best = max(len(caught) for _, _, caught in series)
        for start, end, caught in series:
            if len(caught) == best:
                result.add(_make(player, (own - {start}) | {end}, opp - caught))
        return result
    n = len(own)
    if not opp:
        return result
    for piece in own:
        before = min(distance(piece, q) for q in opp)
        for d in DIRECTIONS:
            for k in range(1, n):
                cell = step(piece, d, k)
                if cell is None or cell in own or cell in opp:
                    break
                if min(distance(cell, q) for q in opp) < before:
                    result.add(_make(player, (own - {piece}) | {cell}, opp))
    return result


def _make(player: int, own: frozenset[str], opp: frozenset[str]) -> Position:
    sides = (own, opp) if player == 0 else (opp, own)
    return 1 - player, sides[0], sides[1]


def winners(pos: Position) -> tuple[int, ...]:
    """The winner once the game is over, else ().

    A player with no pieces left has lost (the seed: "win by capturing ... all of your
    opponent's pieces"); otherwise the player to move loses when they have no legal move
    (immobilisation, RULINGS §2.2 End).
    """
    if not pos[1]:
        return (1,)
    if not pos[2]:
        return (0,)
    if successors(pos):
        return ()
    return (1 - pos[0],)


def to_json(pos: Position) -> dict[str, Any]:
    """The API.md JSON form, cells sorted."""
    return {"game": "playwin", "to_play": pos[0], "pieces": [sorted(pos[1]), sorted(pos[2])]}
