"""A bounded dictionary that makes its missing values itself: the engines' shared move tables.

Moves are immutable values, so an engine hands out one object per move to every state that
offers it, from a table made on first use: a playout then builds next to no move objects once
the tables are warm. :class:`SelfFillingTable` is the one definition of such a table: PNRZ's
move rows (base moves, swaps, replacements), tile rows and anchor codes, and Play Win's approach
rows use it. A few hot tables read through ``get`` or ``itemgetter`` stay plain dictionaries
(PNRZ's placements by anchor, Play Win's captures, FTW?!'s pass and help moves), since a
look-up in a ``dict`` subclass costs more there; each says so. Stdlib only: the engines import
it in Pyodide too.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

__all__ = ["SelfFillingTable"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SelfFillingTable(dict[K, V]):
    """A dictionary whose missing value is made by ``make(key)``, once, and kept; a look-up
    that misses while the table holds ``limit`` entries empties it first.

    A hit is a dictionary subscript (``table[key]``, or ``map(table.__getitem__, keys)`` for
    many keys): only a miss runs Python code, in :meth:`__missing__`. ``get`` and ``in`` do not
    make anything. CPython 3.11 routes a subscript of a ``dict`` subclass through a method
    look-up (about 357 instructions a key against 186 for a plain ``dict`` under callgrind), so a
    hot loop that reads a few keys a call and nearly always hits may be cheaper with a plain
    ``dict``, ``get`` and its own fill: measure (Play Win's captures, For the Win's card moves
    and PNRZ's placement rows stay plain for that reason).

    ``limit`` bounds the memory a table may take where the keys are not bounded by the rules
    alone (anchors of a loaded position may lie anywhere; a long session meets ever new
    combinations): past it the table starts afresh rather than choosing which entries to drop,
    which would cost every miss some book-keeping. Starting afresh changes no result, only
    which objects are handed out: equal values are made again.
    """

    __slots__ = ("_limit", "_make")

    def __init__(self, make: Callable[[K], V], limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a table's limit must be at least 1, not {limit}")
        super().__init__()
        self._make = make
        self._limit = limit

    @property
    def limit(self) -> int:
        """The number of entries at which the next miss empties the table."""
        return self._limit

    def __missing__(self, key: K) -> V:
        if len(self) >= self._limit:
            self.clear()
        value = self[key] = self._make(key)
        return value
