"""How FTW?! clicks read as moves, so that a click sequence no legal move starts with is answered
by the rule that refuses the move tried (``State.explain_targets``)."""

from __future__ import annotations

from typing import Any

from ftwkit.clicks import parse_or_none
from ftwkit.protocol import Move, State

__all__ = ["attempted_move"]


def attempted_move(state: State, clicks: tuple[Any, ...]) -> Move | None:
    """Cards clicked: passing three of them, playing one, placing one in front and taking
    another, or playing one with helpers."""
    if not clicks:
        return None
    cards = " ".join(str(c) for c in clicks)
    if state.to_json().get("phase") == "pass":
        return parse_or_none(state, f"pass {cards}") if len(clicks) == 3 else None
    if len(clicks) == 1:
        return parse_or_none(state, f"play {clicks[0]}")
    if len(clicks) == 2:
        return parse_or_none(state, f"aux {clicks[0]} take {clicks[1]}")
    return parse_or_none(state, f"play {clicks[0]} with {'+'.join(str(c) for c in clicks[1:])}")
