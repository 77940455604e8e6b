"""How PNRZ clicks build moves (its :class:`~ftwkit.clicks.Clicks` grammar).

A tile in hand then an anchor places the tile there; two anchors move a base. A click sequence no
legal move starts with is answered by the rule that refuses the move tried (unturned, for a
tile). A tile picked up from the hand may be turned before it is put down: its placements differ
only by their rotation (:meth:`PnrzClicks.turn_of`), and the board previews the tile where it
would go as a see-through ghost (:meth:`PnrzClicks.preview`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ftwkit.clicks import Clicks, is_cell
from ftwkit.games.pnrz.notation import MoveBase, Place
from ftwkit.geometry.grid import Cell
from ftwkit.protocol import Move, State

__all__ = ["CLICKS", "PnrzClicks"]


def _cell(value: Any) -> Cell:
    return (int(value[0]), int(value[1]))


class PnrzClicks(Clicks):
    """Tiles from the hand are turned before they go down; bases move anchor to anchor."""

    turns_pieces: ClassVar[bool] = True

    def attempted(self, state: State, clicks: tuple[Any, ...]) -> Move | None:
        """A tile in hand then a cell: placing it there unturned; two cells: moving a base."""
        if len(clicks) != 2 or not is_cell(clicks[1]):
            return None
        if isinstance(clicks[0], str):
            return Place(clicks[0], _cell(clicks[1]), 0)
        if is_cell(clicks[0]):
            return MoveBase(_cell(clicks[0]), _cell(clicks[1]))
        return None

    def turn_of(self, move: Move) -> int | None:
        """A placement's rotation (quarter turns clockwise, as in ``r1``)."""
        return move.rot if isinstance(move, Place) else None

    def preview(self, move: Move) -> tuple[str, Cell, int] | None:
        """``(tile, anchor, rotation)``, the renderer's ``ghost`` of a placement."""
        return (move.tile, move.at, move.rot) if isinstance(move, Place) else None


CLICKS = PnrzClicks()
"""PNRZ's click grammar (``PnrzRules.clicks``)."""
