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
from collections.abc import Callable, Iterable

from ftwkit.games.pnrz.notation import MoveBase, Orient, Place, Replace, Rotate, Skip, Swap
from ftwkit.games.pnrz.placement import code_anchor
from ftwkit.games.pnrz.tiles import Tile, distinct_rotations
from ftwkit.geometry.grid import Cell
from ftwkit.tables import SelfFillingTable

__all__ = [
    "ROW_LIMIT",
    "SKIP",
    "PlacementRow",
    "base_moves",
    "orientations",
    "other_rotations",
    "placements",
    "replacements",
    "rotations",
    "swaps",
    "tile_rows",
]

SKIP = Skip()
"""The one ``Skip`` every move list ends with while a Rotate, Swap or Replace step is pending."""

ROW_LIMIT = 4096
"""Entries a row keeps before it starts afresh (anchors of loaded positions may be anywhere)."""


class PlacementRow:
    """A tile's placements by anchor code, one per distinct rotation of its picture;
    ``rots`` are those rotations and ``rotations`` says how many (the same at every anchor).

    The moves are kept in a plain dictionary, ``by_code``, not in a
    :class:`~ftwkit.tables.SelfFillingTable` (the other rows' type): a move list looks up every
    candidate anchor at once (``itemgetter(*codes)(row.by_code)``), and CPython 3.11 takes about
    twice the instructions for each look-up in a subclass of ``dict`` (357 against 186 a key
    under callgrind). Anchors not seen yet are filled in by :meth:`fill`, a batch at a time,
    in ``by_code`` and ``alone`` together.

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


def tile_rows(tile: Callable[[str], Tile]) -> SelfFillingTable[str, PlacementRow]:
    """Tile id → the :func:`placements` row of that tile in one tile set (``tile`` finds a
    tile by id; the rules keep the table): what a move list reads for every tile in hand, a
    string look-up instead of resolving the tile and hashing its picture. Bounded by
    ``ROW_LIMIT``: inline tile ids of loaded positions may be anything."""
    return SelfFillingTable(lambda key: placements(key, tile(key).picture), ROW_LIMIT)


@functools.lru_cache(maxsize=256)
def base_moves(src: Cell) -> SelfFillingTable[int, MoveBase]:
    """The moves of the base at ``src`` by the destination's anchor code."""
    return SelfFillingTable(lambda code: MoveBase(src, code_anchor(code)), ROW_LIMIT)


@functools.lru_cache(maxsize=4096)
def swaps(a: int) -> SelfFillingTable[int, Swap]:
    """The swaps of the tile at anchor code ``a`` by the other tile's anchor code."""
    return SelfFillingTable(lambda b: Swap(code_anchor(a), code_anchor(b)), ROW_LIMIT)


@functools.lru_cache(maxsize=4096)
def replacements(at: Cell) -> SelfFillingTable[str, Replace]:
    """The replacements of the tile at ``at`` by the tile put down."""
    return SelfFillingTable(lambda key: Replace(at, key), ROW_LIMIT)


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
