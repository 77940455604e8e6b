"""The "why not?" line for clicks that start or continue no legal move."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ftwkit.protocol import Move
from ftwkit.render.text import target_text, targets_text

__all__ = ["why_not_message"]


def why_not_message(
    legal: Sequence[Move], clicks: Sequence[Hashable], reason: str | None, has_buttons: bool
) -> str:
    """The "why not?" line for clicks that start or continue no legal move.

    Args:
        legal: the legal moves of the position clicked.
        clicks: the targets clicked, the refused one last.
        reason: the engine's own words (``explain_targets``), or ``None`` if it gave none.
        has_buttons: whether moves without targets are offered as buttons.

    A single refused click also says where moves can start (or points to the buttons).

    >>> why_not_message([], ["A1"], None, True)
    'No legal move starts at A1. Use the buttons below the board.'
    >>> why_not_message([], [(1, -1), (0, 0)], None, False)
    'No legal move goes (1,-1) → (0,0).'
    """
    starts = [m.targets[0] for m in legal if m.targets]
    hint = ""
    if starts:  # in the one cell format, A2 before A10
        hint = f" Moves can start at: {targets_text(starts, most=12)}."
    elif has_buttons:
        hint = " Use the buttons below the board."
    path = " → ".join(target_text(c) for c in clicks)
    if reason:
        said = f"Why not {path}? {reason}"
        return f"{said.rstrip('.')}.{hint}" if len(clicks) == 1 and hint else said
    if len(clicks) == 1:
        return f"No legal move starts at {target_text(clicks[0])}.{hint}"
    return f"No legal move goes {path}.{hint}"
