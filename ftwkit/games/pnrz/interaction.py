"""How PNRZ clicks read as moves.

A click sequence no legal move starts with is answered by the rule that refuses the move tried
(``State.explain_targets``). A tile picked up from the hand may be turned before it is put down
(``piece_turns``): the cell clicked next then places it in that rotation (``turned_move``), and
the board previews it there as a see-through ghost (``ghost``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ftwkit.clicks import is_cell, parse_or_none, xy
from ftwkit.games.pnrz.notation import Place
from ftwkit.geometry.grid import Cell
from ftwkit.protocol import Move, State

__all__ = ["attempted_move", "ghost", "piece_turns", "turned_move"]


def attempted_move(state: State, clicks: tuple[Any, ...]) -> Move | None:
    """A tile in hand then a cell: placing it there unturned; two cells: moving a base."""
    if len(clicks) == 2 and isinstance(clicks[0], str) and is_cell(clicks[1]):
        return parse_or_none(state, f"{clicks[0]} at {xy(clicks[1])} r0")
    if len(clicks) == 2 and all(is_cell(c) for c in clicks):
        return parse_or_none(state, f"base {xy(clicks[0])} to {xy(clicks[1])}")
    return None


def _places(state: State, clicks: Sequence[Any]) -> list[Place]:
    """The legal placements of the tile picked up by ``clicks`` (its first click)."""
    if not clicks or not isinstance(clicks[0], str):
        return []
    tile = clicks[0]
    return [m for m in state.legal_moves() if isinstance(m, Place) and m.tile == tile]


def piece_turns(state: State, clicks: Sequence[Any]) -> tuple[int, ...]:
    """The rotations (quarter turns, as in ``r1``) the legal placements of the picked-up tile
    use, smallest first; ``()`` when the clicks pick up no tile that may be placed."""
    return tuple(sorted({m.rot for m in _places(state, clicks)}))


def turned_move(state: State, clicks: Sequence[Any], turn: int) -> Move | None:
    """A tile then a cell with the tile turned ``turn`` quarters: that placement, if legal."""
    if len(clicks) != 2 or not is_cell(clicks[1]):
        return None
    at = (int(clicks[1][0]), int(clicks[1][1]))
    for move in _places(state, clicks[:1]):
        if move.at == at and move.rot == turn:
            return move
    return None


def ghost(
    state: State, clicks: Sequence[Any], turn: int, at: Any = None
) -> tuple[str, Cell, int] | None:
    """``(tile, anchor, rotation)`` to preview: at ``at`` when the tile may go there in ``turn``,
    else at the first anchor (smallest) where it may; ``None`` when it fits nowhere so turned."""
    fits = sorted(m.at for m in _places(state, clicks) if m.rot == turn)
    if not fits:
        return None
    spot = (int(at[0]), int(at[1])) if is_cell(at) else None
    return (str(clicks[0]), spot if spot in fits else fits[0], turn)
