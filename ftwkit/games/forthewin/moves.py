"""The moves of For the Win!: one frozen dataclass per action, plus *end turn* and *pass*.

``str(move)`` is the notation (see the package docstring) and ``move.targets`` the cells a person
clicks, as ``(x, y)`` tuples.
"""

from __future__ import annotations

import dataclasses

from ftwkit.geometry.grid import Cell
from ftwkit.protocol import Move

__all__ = [
    "COLOURS",
    "DIRECTIONS",
    "KINDS",
    "KIND_BITS",
    "Action",
    "Add",
    "AlienPull",
    "EndTurn",
    "MonkeyFlip",
    "NinjaJump",
    "Pass",
    "PirateBlast",
    "Refresh",
    "Shove",
    "Step",
    "ZombieDeactivate",
    "ZombieInfect",
    "cell_text",
    "direction_name",
]

KINDS: tuple[str, ...] = ("ninja", "pirate", "monkey", "zombie", "alien")
"""The five characters, in the order of the player aid."""

KIND_BITS: dict[str, int] = {kind: 1 << i for i, kind in enumerate(KINDS)}
"""Each kind's bit in a set of kinds kept as a bit mask (the win test and the search's progress
measures only ask which kinds a group holds)."""

COLOURS: tuple[str, ...] = ("white", "black", "red", "blue")
"""Colour words used in notation, by player index (red and blue only in the unofficial 3–4p)."""

DIRECTIONS: dict[str, Cell] = {
    "n": (0, -1),
    "ne": (1, -1),
    "e": (1, 0),
    "se": (1, 1),
    "s": (0, 1),
    "sw": (-1, 1),
    "w": (-1, 0),
    "nw": (-1, -1),
}
"""Compass steps with ``y`` growing downwards (``n`` is up the screen)."""


def cell_text(cell: Cell) -> str:
    """A cell in notation: ``x,y``."""
    return f"{cell[0]},{cell[1]}"


def direction_name(step: Cell) -> str:
    """The compass name of a one-cell step."""
    for name, offset in DIRECTIONS.items():
        if offset == step:
            return name
    raise ValueError(f"{step} is not a one-cell step")


def _plus(cell: Cell, step: Cell) -> Cell:
    return (cell[0] + step[0], cell[1] + step[1])


class Action(Move):
    """Base of the moves that spend one of the round's five actions."""


@dataclasses.dataclass(frozen=True)
class Add(Action):
    """Add a tile of ``kind`` from the player's supply to ``cell``, face up."""

    kind: str
    cell: Cell

    @property
    def targets(self) -> tuple[Cell, ...]:
        return (self.cell,)

    def __str__(self) -> str:
        return f"add {self.kind} {cell_text(self.cell)}"


@dataclasses.dataclass(frozen=True)
class Step(Action):
    """Move one's own face-up tile one cell in one of 8 directions (the Move action)."""

    src: Cell
    dst: Cell

    @property
    def targets(self) -> tuple[Cell, ...]:
        return (self.src, self.dst)

    def __str__(self) -> str:
        step = (self.dst[0] - self.src[0], self.dst[1] - self.src[1])
        return f"move {cell_text(self.src)} {direction_name(step)}"


@dataclasses.dataclass(frozen=True)
class Refresh(Action):
    """Turn a face-down tile face up."""

    cell: Cell

    @property
    def targets(self) -> tuple[Cell, ...]:
        return (self.cell,)

    def __str__(self) -> str:
        return f"refresh {cell_text(self.cell)}"


@dataclasses.dataclass(frozen=True)
class Shove(Action):
    """Shove one's own face-up tile at ``src`` and the run ahead of it one cell ``direction``."""

    src: Cell
    direction: str

    @property
    def step(self) -> Cell:
        """The offset of one cell in the shove's direction."""
        return DIRECTIONS[self.direction]

    @property
    def targets(self) -> tuple[Cell, ...]:
        return (self.src, _plus(self.src, self.step))

    def __str__(self) -> str:
        return f"shove {cell_text(self.src)} {self.direction}"


@dataclasses.dataclass(frozen=True)
class AlienPull(Action):
    """The Alien at ``alien`` pulls the tile at ``tile`` to ``dest`` (a cell touching her)."""

    alien: Cell
    tile: Cell
    dest: Cell

    @property
    def targets(self) -> tuple[Cell, ...]:
        return (self.alien, self.tile, self.dest)

    def __str__(self) -> str:
        return (
            f"alien {cell_text(self.alien)} pull {cell_text(self.tile)} to {cell_text(self.dest)}"
        )


@dataclasses.dataclass(frozen=True)
class MonkeyFlip(Action):
    """The Monkey at ``monkey`` flips every tile touching it."""

    monkey: Cell

    @property
    def targets(self) -> tuple[Cell, ...]:
        return (self.monkey,)

    def __str__(self) -> str:
        return f"monkey {cell_text(self.monkey)}"


@dataclasses.dataclass(frozen=True)
class NinjaJump(Action):
    """The Ninja at ``ninja`` jumps to the empty Grid space ``dest``."""

    ninja: Cell
    dest: Cell

    @property
    def targets(self) -> tuple[Cell, ...]:
        return (self.ninja, self.dest)

    def __str__(self) -> str:
        return f"ninja {cell_text(self.ninja)} to {cell_text(self.dest)}"


@dataclasses.dataclass(frozen=True)
class PirateBlast(Action):
    """The Pirate at ``pirate`` blasts the touching tile at ``tile`` to the Grid space ``dest``."""

    pirate: Cell
    tile: Cell
    dest: Cell

    @property
    def targets(self) -> tuple[Cell, ...]:
        return (self.pirate, self.tile, self.dest)

    def __str__(self) -> str:
        return (
            f"pirate {cell_text(self.pirate)} blast {cell_text(self.tile)} "
            f"to {cell_text(self.dest)}"
        )


@dataclasses.dataclass(frozen=True)
class ZombieInfect(Action):
    """The Zombie at ``zombie`` infects ``tile``; a Zombie of player ``colour`` replaces it."""

    zombie: Cell
    tile: Cell
    colour: int

    @property
    def targets(self) -> tuple[Cell, ...]:
        return (self.zombie, self.tile)

    def __str__(self) -> str:
        return (
            f"zombie {cell_text(self.zombie)} infect {cell_text(self.tile)} {COLOURS[self.colour]}"
        )


@dataclasses.dataclass(frozen=True)
class ZombieDeactivate(Action):
    """The fallback when no Zombie is off the Grid: the Zombie turns ``tile`` face down."""

    zombie: Cell
    tile: Cell

    @property
    def targets(self) -> tuple[Cell, ...]:
        return (self.zombie, self.tile)

    def __str__(self) -> str:
        return f"zombie {cell_text(self.zombie)} deactivate {cell_text(self.tile)}"


@dataclasses.dataclass(frozen=True)
class EndTurn(Move):
    """End the turn after one action (a turn ends by itself after two)."""

    @property
    def targets(self) -> tuple[Cell, ...]:
        return ()

    def __str__(self) -> str:
        return "end"


@dataclasses.dataclass(frozen=True)
class Pass(Move):
    """Give up the rest of the round's actions (only with ``allow_pass``, FW6)."""

    @property
    def targets(self) -> tuple[Cell, ...]:
        return ()

    def __str__(self) -> str:
        return "pass"
