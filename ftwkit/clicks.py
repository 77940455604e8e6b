"""Reading clicks as moves: the helpers the games' ``_attempted_move`` hooks share.

A click sequence that starts no legal move is explained by the move it most plausibly tried
(``State.explain_targets``); these helpers turn clicked targets into that move's notation.
"""

from __future__ import annotations

from typing import Any

from ftwkit.errors import FtwError
from ftwkit.protocol import Move, State

__all__ = ["is_cell", "parse_or_none", "xy"]


def parse_or_none(state: State, text: str) -> Move | None:
    """The move ``text`` names in ``state``'s notation (legal or not), or ``None`` if none."""
    try:
        return state.rules.parse_move(state, text)
    except FtwError:
        return None


def is_cell(value: Any) -> bool:
    """Whether a target is an ``(x, y)`` cell (a tuple, or a list read from JSON)."""
    return (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def xy(cell: Any) -> str:
    """A cell as the notations write it: ``x,y``."""
    return f"{cell[0]},{cell[1]}"
