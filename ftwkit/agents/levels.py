"""Named playing levels: what the explorer's "computer" menu offers.

A level is an agent name and its parameters, so ``make(name, **params)`` builds it. The levels
are time budgets (a person waits about as long at every game, whatever the engine's speed); a
time budget depends on the machine, so reproducible studies use ``iterations=`` instead (the
``mcts`` agent's default, or :data:`STUDY_LEVELS`).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

__all__ = ["LEVELS", "STUDY_LEVELS", "levels", "study_levels"]

LEVELS: MappingProxyType[str, tuple[str, dict[str, Any]]] = MappingProxyType(
    {
        "easy": ("greedy", {}),
        "normal": ("mcts", {"seconds": 1.0}),
        "strong": ("mcts", {"seconds": 5.0}),
    }
)
"""Levels for people: one ply of evaluation, about 1 s and about 5 s of search per move."""

STUDY_LEVELS: MappingProxyType[str, tuple[str, dict[str, Any]]] = MappingProxyType(
    {
        "easy": ("greedy", {}),
        "normal": ("mcts", {"iterations": 400}),
        "strong": ("mcts", {"iterations": 2000}),
    }
)
"""Reproducible levels (iteration budgets): the same seed gives the same games on any machine."""


def levels() -> dict[str, tuple[str, dict[str, Any]]]:
    """The people's levels, easiest first: name → (agent name, parameters for ``make``)."""
    return {name: (agent, dict(params)) for name, (agent, params) in LEVELS.items()}


def study_levels() -> dict[str, tuple[str, dict[str, Any]]]:
    """The reproducible levels, easiest first: name → (agent name, parameters for ``make``)."""
    return {name: (agent, dict(params)) for name, (agent, params) in STUDY_LEVELS.items()}
