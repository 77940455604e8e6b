"""Computer players for every game: ``names()``, ``make(name, seed=…, **params)`` and ``play``.

The agents (``random``, ``greedy``, ``mcts``) know no game: they use the protocol only —
``legal_moves``, ``play_unchecked``, ``random_move`` (the game's playout policy), ``evaluate``
(the game's heuristic) and, in hidden-information games, ``rules.sample`` (determinizations drawn
from the acting player's observation).

* **Deterministic**: a decision depends on the agent's seed, what the player to move sees and the
  public ply count, never on earlier calls, so asking twice gives the same move. Budgets in
  ``iterations`` reproduce on every machine; ``seconds`` budgets (the explorer's levels) do not.
* **Fair**: in hidden-information games nothing hidden reaches a decision: two positions that look
  the same to the player to move (and have the same ply count) get the same move for a seed.
* **Levels**: :func:`study_levels` (and :func:`make_level`): iteration budgets, the same moves
  for a seed on every machine; :func:`levels`, the explorer's menu, is the same but for a
  ``strong`` level that thinks for a fixed time; :func:`study_agent` is each game's default
  agent for balance studies (MCTS at the game's study budget).

>>> import ftwkit
>>> from ftwkit import agents
>>> "random" in agents.names()
True
>>> state = ftwkit.rules("playwin").new()
>>> move = agents.make("random", seed=1).choose(state)
>>> state.is_legal(move)
True
>>> agents.levels()["easy"]
('greedy', {})
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

from ftwkit.agents.base import Agent, RandomAgent
from ftwkit.agents.levels import levels, study_agent, study_agents, study_levels
from ftwkit.protocol import State

__all__ = [
    "Agent",
    "levels",
    "make",
    "make_level",
    "names",
    "play",
    "register",
    "study_agent",
    "study_agents",
    "study_levels",
]

_AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent}


def register(name: str, factory: Callable[..., Agent]) -> None:
    """Make an agent available to ``make`` under ``name``."""
    _AGENTS[name] = factory


def names() -> tuple[str, ...]:
    """The registered agent names."""
    _load_builtin()
    return tuple(_AGENTS)


def _load_builtin() -> None:
    # The search agents live in their own modules (imported on first use, as they import this
    # package to register themselves); importing them registers them.
    from ftwkit.agents import greedy, mcts  # noqa: F401


def make(name: str, *, seed: int | None = None, **params: Any) -> Agent:
    """An agent by name; unknown names or parameters raise ``ValueError`` naming the valid ones."""
    _load_builtin()
    if not isinstance(name, str) or name not in _AGENTS:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(_AGENTS)}")
    factory = _AGENTS[name]
    accepted = [
        p.name
        for p in inspect.signature(factory).parameters.values()
        if p.kind is inspect.Parameter.KEYWORD_ONLY and p.name != "seed"
    ]
    for key in params:
        if key not in accepted:
            valid = ", ".join(accepted) or "none"
            raise ValueError(f"{name}: unknown parameter {key!r}; valid parameters: {valid}")
    return factory(seed=seed, **params)


def make_level(level: str, *, seed: int | None = None) -> Agent:
    """The agent of a named reproducible level (see :func:`study_levels`); unknown names raise
    ``ValueError``."""
    table = study_levels()
    if level not in table:
        raise ValueError(f"unknown level {level!r}; known levels: {', '.join(table)}")
    name, params = table[level]
    return make(name, seed=seed, **params)


def play(state: State, agents: Sequence[Agent], *, max_plies: int | None = None) -> State:
    """Play on from ``state`` with ``agents[p]`` choosing for player ``p``.

    Returns the final state, or the state after ``max_plies`` moves when the cap is reached first.
    """
    if len(agents) != state.players:
        raise ValueError(f"need one agent per player ({state.players}), got {len(agents)}")
    if max_plies is not None and (not isinstance(max_plies, int) or max_plies < 0):
        raise ValueError(f"max_plies must be a non-negative int or None, not {max_plies!r}")
    plies = 0
    while not state.is_over and (max_plies is None or plies < max_plies):
        player = state.to_play
        assert player is not None
        agent = agents[player]
        move = agent.choose(state)
        # Built-in agents only return moves of the engine's own; anything else is checked.
        state = state.play_unchecked(move) if isinstance(agent, Agent) else state.play(move)
        plies += 1
    return state
