"""What the explorer asks the engine about the board, in the shapes the widgets draw.

The rules answer every question here (``State.explain_targets``, ``State.notes``); this module
only turns the answers into what a widget shows, so it holds no game knowledge and no game ids
(a rule lives only in the engine).

* :func:`why_not` — why clicked targets start or continue no legal move, in the rule's words.
* :func:`warnings` — targets to flag now (e.g. the tiles cut off from a For the Win! Grid split
  between two actions, as the engine judges them under the chosen ``connectivity``); the engine's
  words for them are the ``text`` of ``state.notes()``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ftwkit.protocol import State

__all__ = ["warnings", "why_not"]


def why_not(state: State, clicks: Sequence[Hashable]) -> str | None:
    """Why ``clicks`` start or continue no legal move (``None`` if some legal move starts so)."""
    return state.explain_targets(tuple(clicks))


def warnings(state: State) -> frozenset[Any]:
    """Targets to flag in ``state`` (the cells of its ``notes()``; empty for most positions)."""
    return frozenset(cell for note in state.notes() for cell in note.cells)
