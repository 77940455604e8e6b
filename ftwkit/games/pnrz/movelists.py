"""Shared PNRZ move objects and the placement lists of a turn, kept up to date from turn to turn.

A plain turn lists, for each distinct tile in the mover's hand, the tile at every candidate
anchor (sorted) in each of its distinct rotations: hundreds of ``Place`` moves, most of them the
same as a turn before, since a placement changes only the few candidates around the new tile.
:class:`PlacementLists` keeps each tile's block of moves for one set of candidates and derives
the next set's blocks from the last known ones by splicing in and out just the anchors that
changed, so ``legal_moves()`` copies ready lists instead of building them move by move.

Moves are values, so one object per move serves every state: the rows below hand them out
from dictionaries (a C-level lookup per anchor or pair), made on first use.
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable
from itertools import chain
from typing import TypeVar

from ftwkit.games.pnrz.notation import MoveBase, Place, Replace, Rotate, Swap
from ftwkit.games.pnrz.tiles import distinct_rotations
from ftwkit.geometry.grid import Cell
from ftwkit.protocol import Move

__all__ = ["PlacementLists", "base_moves", "placements", "replacements", "rotations", "swaps"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

ROW_LIMIT = 4096
"""Entries a row keeps before it starts afresh (anchors of loaded positions may be anywhere)."""

CHAIN_LIMIT = 32
"""How many derivations a :class:`PlacementLists` may stand on before it starts afresh: it keeps
its parent (to splice from a tile's older block), so this bounds the memory a line of play holds."""


class Row(dict[K, V]):
    """A dictionary that makes a missing value with ``make`` (once) and keeps it."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: K) -> V:
        if len(self) >= ROW_LIMIT:
            self.clear()
        value = self[key] = self._make(key)
        return value


@functools.lru_cache(maxsize=512)
def placements(key: str, picture: tuple[str, ...]) -> Row[Cell, tuple[Place, ...]]:
    """The placements of a tile by anchor, one per distinct rotation of its picture."""
    rots = distinct_rotations(picture)
    return Row(lambda anchor: tuple(Place(key, anchor, r) for r in rots))


@functools.lru_cache(maxsize=256)
def base_moves(src: Cell) -> Row[Cell, MoveBase]:
    """The moves of the base at ``src`` by destination."""
    return Row(lambda dst: MoveBase(src, dst))


@functools.lru_cache(maxsize=4096)
def swaps(a: Cell) -> Row[Cell, Swap]:
    """The swaps of the tile at ``a`` by the other tile's anchor."""
    return Row(lambda b: Swap(a, b))


@functools.lru_cache(maxsize=4096)
def replacements(at: Cell) -> Row[str, Replace]:
    """The replacements of the tile at ``at`` by the tile put down."""
    return Row(lambda key: Replace(at, key))


@functools.lru_cache(maxsize=65536)
def rotations(at: Cell, picture: tuple[str, ...]) -> tuple[Rotate, ...]:
    """A ``Rotate`` of the tile at ``at`` to each distinct rotation of its picture."""
    return tuple(Rotate(at, r) for r in distinct_rotations(picture))


@functools.lru_cache(maxsize=512)
def _rotation_count(picture: tuple[str, ...]) -> int:
    return len(distinct_rotations(picture))


Edit = tuple[int, Cell | None]
"""A change of the sorted anchors: ``(index, None)`` removes, ``(index, anchor)`` inserts."""


class PlacementLists:
    """Every tile's placement moves at one set of candidate anchors, in ``legal_moves()`` order.

    Immutable once made, apart from blocks added as they are first asked for (each a function
    of the tile and the candidates alone), so states with the same candidates may share one.
    """

    __slots__ = ("_blocks", "_depth", "_edits", "_parent", "anchors", "order")

    anchors: frozenset[Cell]
    order: list[Cell]
    _blocks: dict[str, list[Move]]
    _edits: list[Edit]
    _parent: PlacementLists | None
    _depth: int

    def __init__(self, anchors: frozenset[Cell], parent: PlacementLists | None = None) -> None:
        self.anchors = anchors
        self._blocks = {}
        self._edits = []
        if parent is None or parent._depth >= CHAIN_LIMIT:
            self.order = sorted(anchors)
            self._parent = None
            self._depth = 0
            return
        order = list(parent.order)
        for gone in sorted(parent.anchors - anchors, reverse=True):
            i = bisect_left(order, gone)
            del order[i]
            self._edits.append((i, None))
        for new in sorted(anchors - parent.anchors):
            i = bisect_left(order, new)
            order.insert(i, new)
            self._edits.append((i, new))
        self.order = order
        self._parent = parent
        self._depth = parent._depth + 1

    def derive(self, anchors: frozenset[Cell]) -> PlacementLists:
        """The lists for the candidates ``anchors`` (this object when they are unchanged)."""
        return self if anchors == self.anchors else PlacementLists(anchors, self)

    def moves(self, keys: Iterable[str], picture: Callable[[str], tuple[str, ...]]) -> list[Move]:
        """The placements of the tiles ``keys`` one after another (a new list); ``picture``
        gives a tile's picture, asked only for a tile whose block is not made yet."""
        out: list[Move] = []
        blocks = self._blocks
        for key in keys:
            found = blocks.get(key)
            out += found if found is not None else self.block(key, picture(key))
        return out

    def block(self, key: str, picture: tuple[str, ...]) -> list[Move]:
        """The placements of tile ``key`` at every anchor in order; do not modify the list."""
        found = self._blocks.get(key)
        if found is not None:
            return found
        row = placements(key, picture)
        # the nearest older lists holding this tile's block, and the edits since then
        steps: list[PlacementLists] = []
        older: PlacementLists | None = self
        base: list[Move] | None = None
        while older is not None:
            base = older._blocks.get(key)
            if base is not None:
                break
            steps.append(older)
            older = older._parent
        if base is None:
            block: list[Move] = list(chain.from_iterable(map(row.__getitem__, self.order)))
        else:
            rots = _rotation_count(picture)
            block = list(base)
            for step in reversed(steps):
                for i, anchor in step._edits:
                    if anchor is None:
                        del block[i * rots : (i + 1) * rots]
                    else:
                        block[i * rots : i * rots] = row[anchor]
        self._blocks[key] = block
        return block
