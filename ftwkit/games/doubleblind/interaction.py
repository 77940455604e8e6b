"""How Double Blind clicks build moves (its :class:`~ftwkit.clicks.Clicks` grammar), so that a
click no legal move starts with is answered by the rule that refuses the placement tried.

The move class and the cell names live with the rules (:mod:`.rules`), which hand them over.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ftwkit.clicks import Clicks
from ftwkit.protocol import Move, State

if TYPE_CHECKING:
    from ftwkit.games.doubleblind.rules import Place

__all__ = ["StoneClicks"]


@dataclasses.dataclass(frozen=True)
class StoneClicks(Clicks):
    """An intersection clicked (by its name, ``D4``) places a stone there."""

    place: type[Place]
    cell: Callable[[str], tuple[int, int]]
    """The ``(x, y)`` of a cell name; ``ValueError`` for anything else."""

    def attempted(self, state: State, clicks: tuple[Any, ...]) -> Move | None:
        """Placing a stone on the last intersection clicked, or ``None`` if it names none."""
        if not clicks or not isinstance(clicks[-1], str):
            return None
        try:
            return self.place(*self.cell(clicks[-1]))
        except ValueError:
            return None
