"""Hex-hex board geometry: axial coordinates, directions, distances and Abalone cell names.

A hex-hex board of radius ``R`` (side ``R + 1``) holds the axial cells ``(q, r)`` with
``max(|q|, |r|, |q + r|) <= R``; radius 4 is Play Win's 61-cell "order five" board (RULINGS §2.2).
``r`` grows towards South (the bottom of the picture), ``q`` towards the East.

Cells are named the Abalone way: rows ``A``, ``B``, … from the South edge (``A`` is ``r = R``) to
the North edge, numbers ``1 … 2R+1`` along the diagonals, so that going NW keeps the number and
going E adds one::

            I5 I6 I7 I8 I9
          H4 H5 H6 H7 H8 H9
        G3 G4 G5 G6 G7 G8 G9
      F2 F3 F4 F5 F6 F7 F8 F9
    E1 E2 E3 E4 E5 E6 E7 E8 E9
      D1 D2 D3 D4 D5 D6 D7 D8
        C1 C2 C3 C4 C5 C6 C7
          B1 B2 B3 B4 B5 B6
            A1 A2 A3 A4 A5

>>> board = HexBoard(4)
>>> len(board.cells)
61
>>> board.name((0, 0)), board.axial("A1"), board.axial("I9")
('E5', (-4, 4), (4, -4))
>>> [board.name(c) for c in board.neighbours(board.axial("E5"))]
['E6', 'F6', 'F5', 'E4', 'D4', 'D5']
>>> hex_distance(board.axial("A1"), board.axial("I9"))
8
"""

from __future__ import annotations

import math
from collections.abc import Iterator

__all__ = [
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "VERTEX_DIRECTIONS",
    "Axial",
    "HexBoard",
    "add",
    "euclid_distance_sq",
    "hex_distance",
    "pixel_center",
    "turn",
]

Axial = tuple[int, int]
"""An axial cell ``(q, r)``; the third cube coordinate is ``s = -q - r``."""

DIRECTIONS: tuple[Axial, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six edge directions in rotational (counter-clockwise) order: E, NE, NW, W, SW, SE."""

DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
"""The names of :data:`DIRECTIONS`, index for index."""

VERTEX_DIRECTIONS: tuple[Axial, ...] = ((2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1))
"""The six vertex directions (between two edge directions, skipping a cell), counter-clockwise
from ENE: each is ``DIRECTIONS[i] + DIRECTIONS[i + 1]``."""


def turn(direction: int, steps: int) -> int:
    """The direction ``steps`` × 60° counter-clockwise from ``direction`` (negative: clockwise).

    >>> DIRECTION_NAMES[turn(0, 1)], DIRECTION_NAMES[turn(0, -1)]
    ('NE', 'SE')
    """
    return (direction + steps) % 6


def add(cell: Axial, step: Axial, times: int = 1) -> Axial:
    """The cell ``times`` steps from ``cell`` along ``step``."""
    return (cell[0] + step[0] * times, cell[1] + step[1] * times)


def hex_distance(a: Axial, b: Axial) -> int:
    """The number of edge steps between two cells (blockers ignored)."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def euclid_distance_sq(a: Axial, b: Axial) -> int:
    """The squared Euclidean distance between cell centres, in units of (neighbour distance)².

    Adjacent cells are at 1, cells two apart in a straight line at 4, a bent two-step at 3.
    """
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return dq * dq + dq * dr + dr * dr


def pixel_center(cell: Axial, size: float) -> tuple[float, float]:
    """The centre of a pointy-top hexagon of circumradius ``size``, relative to cell ``(0, 0)``.

    ``y`` grows downwards (screen order), so South (``r > 0``) is at the bottom.
    """
    q, r = cell
    return (size * math.sqrt(3) * (q + r / 2), size * 1.5 * r)


class HexBoard:
    """A hex-hex board of a given radius with Abalone cell names.

    Args:
        radius: cells at most this many steps from the centre are on the board (4 → 61 cells).
    """

    __slots__ = ("_index", "_names", "cells", "radius")

    def __init__(self, radius: int) -> None:
        if radius < 0 or radius > 12:
            raise ValueError(f"radius must be from 0 to 12, not {radius}")
        self.radius = radius
        self.cells: tuple[Axial, ...] = tuple(
            (q, r)
            for r in range(radius, -radius - 1, -1)
            for q in range(-radius, radius + 1)
            if abs(q + r) <= radius
        )
        """Every cell, row by row from the South row ``A``, West to East within a row."""
        self._names = {cell: self._make_name(cell) for cell in self.cells}
        self._index = {name: cell for cell, name in self._names.items()}

    def _make_name(self, cell: Axial) -> str:
        q, r = cell
        return f"{chr(ord('A') + self.radius - r)}{q + self.radius + 1}"

    def __contains__(self, cell: object) -> bool:
        return cell in self._names

    def __iter__(self) -> Iterator[Axial]:
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def name(self, cell: Axial) -> str:
        """The Abalone name of an axial cell (``ValueError`` off the board)."""
        try:
            return self._names[cell]
        except KeyError:
            raise ValueError(f"{cell!r} is not a cell of the radius-{self.radius} board") from None

    def axial(self, name: str) -> Axial:
        """The axial cell of a name such as ``"E5"`` (any case; ``ValueError`` if unknown)."""
        cell = self._index.get(name.strip().upper()) if isinstance(name, str) else None
        if cell is None:
            raise ValueError(f"{name!r} is not a cell of the radius-{self.radius} board")
        return cell

    def is_name(self, name: object) -> bool:
        """Whether ``name`` is the exact (upper-case) name of a cell."""
        return isinstance(name, str) and name in self._index

    def row_names(self) -> tuple[str, ...]:
        """The row letters from South (``A``) to North."""
        return tuple(chr(ord("A") + i) for i in range(2 * self.radius + 1))

    def row(self, letter: str) -> tuple[Axial, ...]:
        """The cells of one row, West to East."""
        r = self.radius - (ord(letter.upper()) - ord("A"))
        return tuple(c for c in self.cells if c[1] == r)

    def neighbours(self, cell: Axial) -> list[Axial]:
        """The on-board neighbours of ``cell`` in rotational order from East."""
        return [n for n in (add(cell, d) for d in DIRECTIONS) if n in self._names]

    def ray(self, cell: Axial, step: Axial) -> list[Axial]:
        """The on-board cells from ``cell`` (excluded) along ``step`` to the edge."""
        out = []
        nxt = add(cell, step)
        while nxt in self._names:
            out.append(nxt)
            nxt = add(nxt, step)
        return out
