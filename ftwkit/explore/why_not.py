"""The "why not?" line for clicks that start or continue no legal move."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ftwkit.protocol import Move

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
    """
    starts = sorted({str(m.targets[0]) for m in legal if m.targets})
    hint = ""
    if starts:
        shown = ", ".join(starts[:12]) + (" …" if len(starts) > 12 else "")
        hint = f" Moves can start at: {shown}."
    elif has_buttons:
        hint = " Use the buttons below the board."
    path = " → ".join(str(c) for c in clicks)
    if reason:
        said = f"Why not {path}? {reason}"
        return f"{said.rstrip('.')}.{hint}" if len(clicks) == 1 and hint else said
    if len(clicks) == 1:
        return f"No legal move starts at {clicks[0]}.{hint}"
    return f"No legal move goes {path}.{hint}"
