"""How Double Blind clicks read as moves, so that a click no legal move starts with is answered
by the rule that refuses the placement tried (``State.explain_targets``)."""

from __future__ import annotations

from typing import Any

from ftwkit.clicks import parse_or_none
from ftwkit.protocol import Move, State

__all__ = ["attempted_move"]


def attempted_move(state: State, clicks: tuple[Any, ...]) -> Move | None:
    """An intersection clicked: placing a stone there."""
    return parse_or_none(state, str(clicks[-1])) if clicks else None
