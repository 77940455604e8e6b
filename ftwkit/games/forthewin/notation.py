"""Reading For the Win! notation (the inverse of ``str(move)``; see the package docstring).

Well-formed but illegal moves parse (so ``explain`` can say why they are refused); text that is
not notation at all raises ``IllegalMove``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container

from ftwkit.errors import IllegalMove
from ftwkit.games.forthewin.moves import (
    COLOURS,
    DIRECTIONS,
    KINDS,
    Add,
    AlienPull,
    EndTurn,
    MonkeyFlip,
    NinjaJump,
    Pass,
    PirateBlast,
    Refresh,
    Shove,
    Step,
    ZombieDeactivate,
    ZombieInfect,
)
from ftwkit.geometry.grid import Cell
from ftwkit.protocol import Move

__all__ = ["parse"]

_C = r"(-?\d+)\s*,\s*(-?\d+)"
_D = r"(n|ne|e|se|s|sw|w|nw)"
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (name, re.compile(pattern + r"$"))
    for name, pattern in (
        ("add", rf"add (\w+) {_C}"),
        ("move", rf"move {_C} {_D}"),
        ("refresh", rf"refresh {_C}"),
        ("shove", rf"shove {_C} {_D}"),
        ("alien", rf"alien {_C} pull {_C} to {_C}"),
        ("monkey", rf"monkey {_C}"),
        ("ninja", rf"ninja {_C} to {_C}"),
        ("pirate", rf"pirate {_C} blast {_C} to {_C}"),
        ("infect", rf"zombie {_C} infect {_C} (\w+)"),
        ("deactivate", rf"zombie {_C} deactivate {_C}"),
        ("end", r"end( turn)?"),
        ("pass", r"pass"),
    )
]

HELP = (
    "expected e.g. 'add pirate 2,1', 'move 0,0 ne', 'refresh 3,2', 'shove 1,0 n', "
    "'alien 1,1 pull 4,0 to 0,1', 'monkey 0,0', 'ninja 2,2 to 5,1', "
    "'pirate 1,0 blast 2,0 to 3,3', 'zombie 1,1 infect 2,1 white', 'zombie 1,1 deactivate 2,1', "
    "'end' or 'pass'"
)


def _cells(groups: tuple[str, ...]) -> list[Cell]:
    nums = [int(g) for g in groups]
    return [(nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]


def parse(text: str, occupied: Container[Cell] | None = None, fold_shoves: bool = True) -> Move:
    """Parse notation into a move.

    Args:
        text: the notation (case and extra spaces do not matter).
        occupied: a container of occupied cells; with ``fold_shoves``, a Shove with nothing in
            front is read as the Move it is identical to (FW17).
        fold_shoves: whether to fold such Shoves into Moves.

    Raises:
        IllegalMove: the text is not For the Win! notation.
    """
    clean = " ".join(text.lower().replace(", ", ",").split())
    for name, pattern in _PATTERNS:
        found = pattern.match(clean)
        if found:
            return _build(name, found.groups(), occupied, fold_shoves)
    raise IllegalMove(f"{text!r} is not For the Win! notation; {HELP}")


def _build(
    name: str, groups: tuple[str, ...], occupied: Container[Cell] | None, fold: bool
) -> Move:
    if name == "add":
        kind = groups[0]
        if kind not in KINDS:
            raise IllegalMove(f"unknown kind {kind!r}; the kinds are {', '.join(KINDS)}")
        return Add(kind, _cells(groups[1:])[0])
    if name == "end":
        return EndTurn()
    if name == "pass":
        return Pass()
    if name == "infect":
        colour = groups[-1]
        if colour not in COLOURS:
            raise IllegalMove(f"unknown colour {colour!r}; the colours are {', '.join(COLOURS)}")
        zombie, tile = _cells(groups[:-1])
        return ZombieInfect(zombie, tile, COLOURS.index(colour))
    if name in ("move", "shove"):
        (src,) = _cells(groups[:2])
        step = DIRECTIONS[groups[2]]
        dst = (src[0] + step[0], src[1] + step[1])
        if name == "move":
            return Step(src, dst)
        in_front = occupied is not None and dst in occupied
        if fold and occupied is not None and not in_front and groups[2] in ("n", "e", "s", "w"):
            return Step(src, dst)
        return Shove(src, groups[2])
    cells = _cells(groups)
    builders: dict[str, Callable[[], Move]] = {
        "refresh": lambda: Refresh(cells[0]),
        "alien": lambda: AlienPull(cells[0], cells[1], cells[2]),
        "monkey": lambda: MonkeyFlip(cells[0]),
        "ninja": lambda: NinjaJump(cells[0], cells[1]),
        "pirate": lambda: PirateBlast(cells[0], cells[1], cells[2]),
        "deactivate": lambda: ZombieDeactivate(cells[0], cells[1]),
    }
    return builders[name]()
