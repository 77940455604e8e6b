"""Square-lattice geometry shared by For the Win!, Double Blind and PNRZ.

Cells are ``(x, y)`` integer pairs; ``y`` grows downwards (screen order) unless a game says
otherwise. Connectivity helpers take the neighbour offsets to use, so the same code serves the
8-neighbourhood (For the Win!'s "touching") and the 4-neighbourhood (PNRZ's shared edges).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

__all__ = [
    "DIAGONAL",
    "KING",
    "ORTHOGONAL",
    "SYMMETRIES",
    "Cell",
    "components",
    "is_connected",
    "neighbours",
    "normalise",
    "orientations",
]

Cell = tuple[int, int]

ORTHOGONAL: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The 4-neighbourhood: N, E, S, W (with ``y`` growing downwards)."""
DIAGONAL: tuple[Cell, ...] = ((1, -1), (1, 1), (-1, 1), (-1, -1))
"""The four diagonal steps: NE, SE, SW, NW."""
KING: tuple[Cell, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""The 8-neighbourhood (Chebyshev distance 1), clockwise from N."""


def neighbours(cell: Cell, offsets: Sequence[Cell] = KING) -> list[Cell]:
    """The cells at the given offsets from ``cell``."""
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in offsets]


def components(
    cells: Iterable[Cell],
    offsets: Sequence[Cell] = KING,
    linked: Callable[[Cell, Cell], bool] | None = None,
) -> list[frozenset[Cell]]:
    """The connected groups of ``cells`` under the given adjacency, largest first.

    Args:
        cells: the occupied cells.
        offsets: which neighbours count as touching.
        linked: optional extra test that two touching cells are really joined.
    """
    todo = set(cells)
    groups: list[frozenset[Cell]] = []
    while todo:
        start = todo.pop()
        group = {start}
        stack = [start]
        while stack:
            x, y = stack.pop()
            for dx, dy in offsets:
                nb = (x + dx, y + dy)
                if nb in todo and (linked is None or linked((x, y), nb)):
                    todo.discard(nb)
                    group.add(nb)
                    stack.append(nb)
        groups.append(frozenset(group))
    groups.sort(key=lambda g: (-len(g), min(g)))
    return groups


def reachable(start: Cell, cells: Collection[Cell], offsets: Sequence[Cell] = KING) -> set[Cell]:
    """The cells of ``cells`` reached from ``start`` in steps of ``offsets``, ``start`` included."""
    seen = {start}
    stack = [start]
    while stack:
        x, y = stack.pop()
        for dx, dy in offsets:
            nb = (x + dx, y + dy)
            if nb in cells and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return seen


def is_connected(cells: Iterable[Cell], offsets: Sequence[Cell] = KING) -> bool:
    """Whether the cells form one group (an empty set counts as connected)."""
    cells = set(cells)
    if not cells:
        return True
    return len(reachable(next(iter(cells)), cells, offsets)) == len(cells)


SYMMETRIES: tuple[Callable[[int, int], Cell], ...] = (
    lambda x, y: (x, y),
    lambda x, y: (-y, x),
    lambda x, y: (-x, -y),
    lambda x, y: (y, -x),
    lambda x, y: (-x, y),
    lambda x, y: (x, -y),
    lambda x, y: (y, x),
    lambda x, y: (-y, -x),
)
"""The 8 symmetries of the square lattice: 4 rotations, then 4 reflections."""


def normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Translate cells so the smallest ``x`` and ``y`` are 0, sorted (a canonical shape)."""
    cells = list(cells)
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


def orientations(cells: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """The distinct images of a shape under the 8 lattice symmetries, normalised, in order."""
    cells = list(cells)
    seen: list[tuple[Cell, ...]] = []
    for sym in SYMMETRIES:
        image = normalise(sym(x, y) for x, y in cells)
        if image not in seen:
            seen.append(image)
    return seen
