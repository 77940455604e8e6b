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
    "RANDOM_PLAY",
    "STRONG_SECONDS",
    "STUDY_ITERATIONS",
    "STUDY_LEVELS",
    "levels",
    "study_agent",
    "study_agents",
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


STUDY_ITERATIONS: MappingProxyType[str, int] = MappingProxyType(
    {
        "playwin": 2 * DEFAULT_ITERATIONS,
        "ftwcards": DEFAULT_ITERATIONS,
        "forthewin": DEFAULT_ITERATIONS,
        "doubleblind": DEFAULT_ITERATIONS,
        "pnrz": DEFAULT_ITERATIONS,
    }
)
"""Each game's default study budget (MCTS iterations per decision; information-set MCTS in the
hidden-hand games), chosen so a default study (100 games of search against search) answers in
minutes on two cores while the agent stays clearly stronger than one ply of evaluation (the
``greedy`` agent; ``benchmarks/agents_bench.py --pairs mcts-greedy``). The cost of a game grows
with the budget roughly in proportion. A game of search against search at these budgets cost
about 0.5 CPU-seconds in Play Win (at 200 iterations), 0.8 in FTW?!, 0.7 in Double Blind, 3.6 in
For the Win! and 5.5 in PNRZ (``benchmarks/analysis_bench.py --skilled 4``, load about 2), so a
default study of 200 games takes under 10 minutes on two idle cores in every game (PNRZ about
9). Play Win is so cheap that it gets twice the budget; the others keep the explorer's
``normal`` level (lowering it costs strength, which a balance finding must not depend on).
Games not listed use :data:`DEFAULT_ITERATIONS`.

PNRZ falls short of "clearly stronger" (the goal: at least 70 % of 100 games against greedy play,
the 95 % interval above 0.6). Its study level won 55 of the first 100 games of
``benchmarks/agents_bench.py pnrz --pairs mcts-greedy`` (0.55, 95 % Wilson interval [0.45, 0.64],
no draws; game ``i`` seeded by ``i``, seats alternated). Search settings screened on the same
games (``--mcts-params``), against the study level's 15 of the first 24, 11 of the first 18, 9 of
the first 16, 5 of the first 10, 3 of the first 7 and 3 of the first 6 — none did better:

* a heavier one-ply prior (30 virtual visits instead of 8): 11 of the first 16, then 24 wins and
  a draw of the first 43, where the study level won 26 of those 43;
* greedy replies below the root (each new child and rollout ply the best of 4 policy draws by
  the mover's own evaluation): 14 of 24, at about 1.5 times the time;
* a two-ply look at the root (the best 4 moves by the prior re-valued by the position after the
  opponent's best one-ply reply, in one determinization): 1 of the first 6, at about 3 times the
  time; with the best 6 moves 0 of the first 2;
* only the best 6 root moves by prior searched: 13 wins and 2 draws of 24;
* exploration 0.1: 3 of the first 10; exploration 1.0: 7 wins and 2 draws of the first 18;
* rollouts cut at 1 ply instead of 2: 4 of the first 7; in an earlier measurement at 0 plies 6 of
  the first 16 (2 plies then: 9) and at 6 plies 1 of 6 (2 plies then: 2);
* twice the budget (200 iterations): 2 wins and a draw of the first 7.
* five times the budget (500 iterations): 12 of the first 24 (the study level: 15).

Each screen is small (24 games give about ±0.2), but none came out ahead over the games it
played, twice the budget among them: the 2-ply rollouts ending in the tally lead seem to add
noise to the one-ply prior rather than knowledge, so the likelier lever is the evaluation (those
tried are in :mod:`ftwkit.games.pnrz.evaluation`)."""

RANDOM_PLAY = "random"
"""The uniform random agent: its numbers are labelled "random play" wherever they appear."""


def study_agent(game: str) -> tuple[str, dict[str, Any]]:
    """A game's study-level agent: ``("mcts", {"iterations": budget})`` (see
    :data:`STUDY_ITERATIONS`)."""
    return "mcts", {"iterations": STUDY_ITERATIONS.get(game, DEFAULT_ITERATIONS)}


def study_agents(game: str, players: int) -> list[tuple[str, dict[str, Any]]]:
    """The default agents of a balance study: the game's study-level agent in every seat."""
    return [study_agent(game) for _ in range(players)]
