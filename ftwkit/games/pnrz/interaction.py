"""How PNRZ clicks read as moves, so that a click sequence no legal move starts with is answered
by the rule that refuses the move tried (``State.explain_targets``)."""

from __future__ import annotations

from typing import Any

from ftwkit.clicks import is_cell, parse_or_none, xy
from ftwkit.protocol import Move, State

__all__ = ["attempted_move"]


def attempted_move(state: State, clicks: tuple[Any, ...]) -> Move | None:
    """A tile in hand then a cell: placing it there unturned; two cells: moving a base."""
    if len(clicks) == 2 and isinstance(clicks[0], str) and is_cell(clicks[1]):
        return parse_or_none(state, f"{clicks[0]} at {xy(clicks[1])} r0")
    if len(clicks) == 2 and all(is_cell(c) for c in clicks):
        return parse_or_none(state, f"base {xy(clicks[0])} to {xy(clicks[1])}")
    return None
