"""Named playing levels: what the explorer's "computer" menu offers.

A level is an agent name and its parameters, so ``make(name, **params)`` builds it. The search
levels are **iteration budgets**, so a level plays the same moves for a seed on every machine
(a time budget would depend on the machine and its load). ``normal`` is the default level: on the
development machine (2 shared cores) it chooses a move in about 2 s or less in every game (p95,
measured by ``benchmarks/agents_bench.py``); ``strong`` searches five times as long
in studies, and for people thinks for a fixed time.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

__all__ = [
    "DEFAULT_ITERATIONS",
    "LEVELS",
    "STRONG_SECONDS",
    "STUDY_LEVELS",
    "levels",
    "study_levels",
]

DEFAULT_ITERATIONS = 100
"""The ``mcts`` agent's iterations per decision at the default (``normal``) level, and when
``make("mcts")`` is given no budget."""

STUDY_LEVELS: MappingProxyType[str, tuple[str, dict[str, Any]]] = MappingProxyType(
    {
        "easy": ("greedy", {}),
        "normal": ("mcts", {"iterations": DEFAULT_ITERATIONS}),
        "strong": ("mcts", {"iterations": 5 * DEFAULT_ITERATIONS}),
    }
)
"""Levels for balance studies and :func:`make_level`: one ply of evaluation, the default search,
five times the search — every one an iteration budget, so reproducible on any machine."""

STRONG_SECONDS = 5.0
"""How long the people's ``strong`` level thinks per move."""

LEVELS: MappingProxyType[str, tuple[str, dict[str, Any]]] = MappingProxyType(
    {
        "easy": STUDY_LEVELS["easy"],
        "normal": STUDY_LEVELS["normal"],
        "strong": ("mcts", {"seconds": STRONG_SECONDS}),
    }
)
"""Levels for people (the explorer's seat menu): easy and normal as in :data:`STUDY_LEVELS`;
``strong`` thinks for :data:`STRONG_SECONDS` a move, as strong as the machine allows (a person
would rather wait a known time than for an iteration count whose time depends on the game)."""


def levels() -> dict[str, tuple[str, dict[str, Any]]]:
    """The people's levels, easiest first: name → (agent name, parameters for ``make``)."""
    return {name: (agent, dict(params)) for name, (agent, params) in LEVELS.items()}


def study_levels() -> dict[str, tuple[str, dict[str, Any]]]:
    """The reproducible levels, easiest first: name → (agent name, parameters for ``make``)."""
    return {name: (agent, dict(params)) for name, (agent, params) in STUDY_LEVELS.items()}
