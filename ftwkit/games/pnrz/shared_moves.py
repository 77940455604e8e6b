"""Shared PNRZ move objects, made once and handed out by dictionary rows.

A plain turn lists, for each distinct tile in the mover's hand, the tile at every candidate
anchor (sorted) in each of its distinct rotations: hundreds of ``Place`` moves, nearly all of
them made in an earlier turn already. Moves are values, so one object per move serves every
state: the rows below hand them out from dictionaries (one C-level lookup per anchor or pair,
e.g. ``itemgetter(*codes)(row.by_code)`` for a tile's placements), made on first use. The
placement and base-move rows are keyed by :func:`~ftwkit.games.pnrz.placement.anchor_code`
(ints look up several times faster than ``(x, y)`` tuples). Copying from the rows measured
faster than keeping each tile's list from turn to turn and splicing in the anchors that changed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from ftwkit.games.pnrz.notation import MoveBase, Orient, Place, Replace, Rotate, Skip, Swap
from ftwkit.games.pnrz.placement import code_anchor
from ftwkit.games.pnrz.tiles import Tile, distinct_rotations
from ftwkit.geometry.grid import Cell

__all__ = [
    "SKIP",
    "PlacementRow",
    "Row",
    "TileRows",
    "base_moves",
    "orientations",
    "other_rotations",
    "placements",
    "replacements",
    "rotations",
    "swaps",
]

SKIP = Skip()
"""The one ``Skip`` every move list ends with while a Rotate, Swap or Replace step is pending."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

ROW_LIMIT = 4096
"""Entries a row keeps before it starts afresh (anchors of loaded positions may be anywhere)."""


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


class PlacementRow:
    """A tile's placements by anchor code, one per distinct rotation of its picture;
    ``rots`` are those rotations and ``rotations`` says how many (the same at every anchor).

    The moves are kept in a plain dictionary, ``by_code``, not in a dictionary subclass: a
    move list looks up every candidate anchor at once (``itemgetter(*codes)(row.by_code)``),
    and CPython routes each look-up in a subclass of ``dict`` through a method look-up, which
    made it about twice as slow. Anchors not seen yet are filled in by :meth:`fill`.

    A tile whose picture has one distinct rotation (a base) also keeps its one placement per
    anchor bare, in ``alone``: its moves join a list in one step instead of one per anchor.
    """

    __slots__ = ("_key", "alone", "by_code", "rotations", "rots")

    def __init__(self, key: str, picture: tuple[str, ...]) -> None:
        self._key = key
        self.rots = distinct_rotations(picture)
        self.rotations = len(self.rots)
        self.by_code: dict[int, tuple[Place, ...]] = {}
        self.alone: dict[int, Place] | None = {} if self.rotations == 1 else None

    def __getitem__(self, code: int) -> tuple[Place, ...]:
        """The placements at one anchor code (made on first use)."""
        found = self.by_code.get(code)
        return self.fill((code,))[code] if found is None else found

    def fill(self, codes: Iterable[int]) -> dict[int, tuple[Place, ...]]:
        """``by_code`` once it holds the placements at each of ``codes`` (those missing are
        made, once; a row that reached ``ROW_LIMIT`` anchors starts afresh first)."""
        by_code = self.by_code
        alone = self.alone
        if len(by_code) >= ROW_LIMIT:  # (anchors of loaded positions may be anywhere)
            by_code.clear()
            if alone is not None:
                alone.clear()
        key = self._key
        rots = self.rots
        for code in codes:
            if code not in by_code:
                at = code_anchor(code)
                made = by_code[code] = tuple([Place(key, at, r) for r in rots])
                if alone is not None:
                    alone[code] = made[0]
        return by_code


@functools.lru_cache(maxsize=512)
def placements(key: str, picture: tuple[str, ...]) -> PlacementRow:
    """The placements of a tile by anchor code, one per distinct rotation of its picture."""
    return PlacementRow(key, picture)


class TileRows(dict[str, PlacementRow]):
    """Tile id → the :func:`placements` row of that tile in one tile set (kept by the rules):
    what a move list reads for every tile in hand, a string look-up instead of resolving the
    tile and hashing its picture."""

    __slots__ = ("_tile",)

    def __init__(self, tile: Callable[[str], Tile]) -> None:
        super().__init__()
        self._tile = tile

    def __missing__(self, key: str) -> PlacementRow:
        if len(self) >= ROW_LIMIT:  # inline tile ids of loaded positions may be anything
            self.clear()
        value = self[key] = placements(key, self._tile(key).picture)
        return value


@functools.lru_cache(maxsize=256)
def base_moves(src: Cell) -> Row[int, MoveBase]:
    """The moves of the base at ``src`` by the destination's anchor code."""
    return Row(lambda code: MoveBase(src, code_anchor(code)))


@functools.lru_cache(maxsize=4096)
def swaps(a: int) -> Row[int, Swap]:
    """The swaps of the tile at anchor code ``a`` by the other tile's anchor code."""
    return Row(lambda b: Swap(code_anchor(a), code_anchor(b)))


@functools.lru_cache(maxsize=4096)
def replacements(at: Cell) -> Row[str, Replace]:
    """The replacements of the tile at ``at`` by the tile put down."""
    return Row(lambda key: Replace(at, key))


@functools.lru_cache(maxsize=65536)
def rotations(at: Cell, rots: tuple[int, ...]) -> tuple[Rotate, ...]:
    """A ``Rotate`` of the tile at ``at`` to each of ``rots``, the distinct rotations of its
    picture (:func:`~ftwkit.games.pnrz.tiles.distinct_rotations`, as a row's ``rots`` keeps
    them): keyed by those, not by the picture, the moves at an anchor serve every tile with
    the same symmetry, and far fewer are made."""
    return tuple(Rotate(at, r) for r in rots)


@functools.lru_cache(maxsize=65536)
def other_rotations(at: Cell, rots: tuple[int, ...], rot: int) -> tuple[Rotate, ...]:
    """The ``Rotate`` moves of the tile at ``at``, turned ``rot`` now, to each other of
    ``rots`` (the distinct rotations of its picture)."""
    return tuple(m for m in rotations(at, rots) if m.rot != rot)


@functools.lru_cache(maxsize=4096)
def orientations(at: Cell, rots: tuple[int, ...]) -> tuple[Orient, ...]:
    """An ``Orient`` of the tile at ``at`` to each of ``rots`` (the distinct rotations of its
    picture)."""
    return tuple(Orient(at, r) for r in rots)
