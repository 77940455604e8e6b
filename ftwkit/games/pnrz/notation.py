"""PNRZ moves and their notation (see the package docstring for examples).

=========================  ==================================================  ==================
notation                   meaning                                             targets
=========================  ==================================================  ==================
``05 at 2,0 r1``           play tile 05 (or ``base:pirate``) at anchor 2,0,    ``("05", (2, 0))``
                           turned 1 quarter clockwise
``base 0,0 to 4,0``        move the own base at 0,0 to anchor 4,0              ``((0, 0), (4, 0))``
``rotate 2,0 r3``          Rotate action: the tile at 2,0 to rotation 3        ``((2, 0),)``
``swap 0,0 with 2,0``      Swap action: exchange the tiles at 0,0 and 2,0      ``((0, 0), (2, 0))``
``replace 2,0 with 17``    Replace action: take the tile at 2,0, put 17 there  ``((2, 0), "17")``
``orient 2,0 r2``          after Swap/Replace: the tile at 2,0 to rotation 2   ``((2, 0),)``
``choose ninja``           set-up: take a character and its base (PN15)        ``("ninja",)``
``skip``                   decline the pending extra action                    ``()``
``pass``                   nothing can be done                                 ``()``
=========================  ==================================================  ==================

Rotations are absolute (``r0``–``r3`` quarter turns clockwise from the printed picture, as in
JSON ``rot``); a tile whose picture repeats under rotation is written with its smallest rotation.
"""

from __future__ import annotations

import dataclasses
import re
from typing import ClassVar

from ftwkit.errors import IllegalMove
from ftwkit.games.pnrz.tiles import short
from ftwkit.geometry.grid import Cell
from ftwkit.protocol import Move

__all__ = [
    "Choose",
    "MoveBase",
    "Orient",
    "Pass",
    "Place",
    "Replace",
    "Rotate",
    "Skip",
    "Swap",
    "parse",
]


def _xy(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Move):
    """Play a tile (or an own base) from hand at an anchor in one orientation."""

    tile: str
    at: Cell
    rot: int

    @property
    def targets(self) -> tuple[str, Cell]:
        """The tile in hand, then the anchor (the four orientations share these targets)."""
        return (self.tile, self.at)

    def __str__(self) -> str:
        return f"{self.tile} at {_xy(self.at)} r{self.rot}"


@dataclasses.dataclass(frozen=True, slots=True)
class MoveBase(Move):
    """Lift an own base from the table and place it again elsewhere (RULINGS PN7)."""

    src: Cell
    dst: Cell

    @property
    def targets(self) -> tuple[Cell, Cell]:
        """The base's anchor, then the new anchor."""
        return (self.src, self.dst)

    def __str__(self) -> str:
        return f"base {_xy(self.src)} to {_xy(self.dst)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Rotate(Move):
    """The Rotate action: turn one tile in play to another rotation (PN9)."""

    at: Cell
    rot: int

    @property
    def targets(self) -> tuple[Cell]:
        """The tile's anchor (the rotations share it)."""
        return (self.at,)

    def __str__(self) -> str:
        return f"rotate {_xy(self.at)} r{self.rot}"


@dataclasses.dataclass(frozen=True, slots=True)
class Swap(Move):
    """The Swap action: exchange two tiles in play (then orient each, PN10)."""

    unordered_targets: ClassVar[bool] = True

    a: Cell
    b: Cell

    @property
    def targets(self) -> tuple[Cell, Cell]:
        """The two anchors, in any order."""
        return (self.a, self.b)

    def __str__(self) -> str:
        return f"swap {_xy(self.a)} with {_xy(self.b)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Replace(Move):
    """The Replace action: take a tile in play into hand, put a different one there (PN11)."""

    at: Cell
    tile: str

    @property
    def targets(self) -> tuple[Cell, str]:
        """The anchor on the table, then the tile in hand."""
        return (self.at, self.tile)

    def __str__(self) -> str:
        return f"replace {_xy(self.at)} with {self.tile}"


@dataclasses.dataclass(frozen=True, slots=True)
class Orient(Move):
    """After Swap or Replace: choose the rotation of a moved tile (keeping it is one choice)."""

    at: Cell
    rot: int

    @property
    def targets(self) -> tuple[Cell]:
        """The tile's anchor."""
        return (self.at,)

    def __str__(self) -> str:
        return f"orient {_xy(self.at)} r{self.rot}"


@dataclasses.dataclass(frozen=True, slots=True)
class Skip(Move):
    """Decline the pending extra action."""

    @property
    def targets(self) -> tuple[()]:
        """No click: a button."""
        return ()

    def __str__(self) -> str:
        return "skip"


@dataclasses.dataclass(frozen=True, slots=True)
class Choose(Move):
    """Set-up: take a character (and its base), one pick per move in turn order (PN15)."""

    character: str

    @property
    def targets(self) -> tuple[str]:
        """The character's name (a chip the renderer draws while the picks go on)."""
        return (self.character,)

    def __str__(self) -> str:
        return f"choose {self.character}"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Move):
    """Do nothing, allowed only when no tile can be played and no base moved."""

    @property
    def targets(self) -> tuple[()]:
        """No click: a button."""
        return ()

    def __str__(self) -> str:
        return "pass"


_N = r"(-?\d{1,9}),(-?\d{1,9})"
"""Anchor coordinates: up to 9 digits, beyond any position the engine loads (``COORD_LIMIT``)
or play can reach from one, so every recorded move replays."""
_TILE = r"([0-9A-Za-z_:.\-~/+]+)"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), kind)
    for p, kind in (
        (rf"^{_TILE} at {_N} r([0-3])$", "place"),
        (rf"^base {_N} to {_N}$", "base"),
        (rf"^rotate {_N} r([0-3])$", "rotate"),
        (rf"^swap {_N} with {_N}$", "swap"),
        (rf"^replace {_N} with {_TILE}$", "replace"),
        (rf"^orient {_N} r([0-3])$", "orient"),
        (r"^choose (pirate|ninja|robot|zombie)$", "choose"),
        (r"^skip$", "skip"),
        (r"^pass$", "pass"),
    )
)


def parse(text: str) -> Move:
    """Parse notation (legal or not) into a move; ``IllegalMove`` for anything else.

    Rotations are taken as written; the state canonicalises them for symmetric tiles.
    """
    text = " ".join(text.split())
    for pattern, kind in _PATTERNS:
        m = pattern.match(text)
        if not m:
            continue
        g = m.groups()
        if kind == "place":
            return Place(g[0], (int(g[1]), int(g[2])), int(g[3]))
        if kind == "base":
            return MoveBase((int(g[0]), int(g[1])), (int(g[2]), int(g[3])))
        if kind == "rotate":
            return Rotate((int(g[0]), int(g[1])), int(g[2]))
        if kind == "swap":
            a, b = (int(g[0]), int(g[1])), (int(g[2]), int(g[3]))
            return Swap(min(a, b), max(a, b))
        if kind == "replace":
            return Replace((int(g[0]), int(g[1])), g[2])
        if kind == "orient":
            return Orient((int(g[0]), int(g[1])), int(g[2]))
        if kind == "choose":
            return Choose(g[0])
        return Skip() if kind == "skip" else Pass()
    raise IllegalMove(
        f"{short(text)} is not a move in PNRZ notation (e.g. '05 at 2,0 r1', 'base 0,0 to 4,0', "
        "'rotate 2,0 r3', 'swap 0,0 with 2,0', 'replace 2,0 with 17', 'orient 2,0 r2', 'skip', "
        "'choose ninja')"
    )
