"""The ``Agent`` base class and the random agent: what every computer player shares.

An agent chooses a legal move for the player to move. Agents see a state through the public
protocol only; in hidden-information games they decide from ``state.observation(state.to_play)``
(search agents re-draw what is hidden with ``rules.sample``), so two states that look the same to
the acting player give the same move for the same seed.
"""

from __future__ import annotations

import random
import zlib
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from ftwkit.errors import IllegalMove
from ftwkit.protocol import Move, State

__all__ = ["Agent", "RandomAgent", "decision_seed", "ply_count", "ply_seed"]

_GOLDEN = 0x9E3779B1
"""Multiplier that spreads consecutive agent seeds over 32 bits before mixing."""


def ply_count(state: State) -> int:
    """How many moves led to ``state`` (public: every player can count the turns)."""
    count = 0
    node = state.previous
    while node is not None:
        count += 1
        node = node.previous
    return count


def decision_seed(seed: int | None, state: State) -> int:
    """A seed for one decision from the agent's seed and what the acting player sees.

    Keying the generator on the observation (not on the agent's past calls) makes a decision
    depend only on (seed, observation): the same position gives the same move whatever was asked
    before, and two states that differ only in hidden parts give the same move. The ply count is
    mixed in (it is public) so that a position met again later in a game is decided afresh. The
    cost (the observation's JSON and its ``repr``: 20–60 µs) is nothing next to a search, but it is
    most of a uniform random move; the random agent uses :func:`ply_seed` instead.
    """
    player = state.to_play
    assert player is not None
    obs = state.observation(player)
    text = repr(sorted(obs.items(), key=lambda kv: kv[0])) + f"|{ply_count(state)}"
    return zlib.crc32(text.encode("utf-8")) ^ ((seed or 0) * _GOLDEN & 0xFFFFFFFF)


def ply_seed(seed: int | None, state: State) -> int:
    """A cheap seed for one decision: the agent's seed, the ply count and the player to move.

    All three are public, so a decision keyed on them is fair in hidden-information games (it
    cannot depend on anything the player does not see) and deterministic for a given seed. It
    does not tell two positions of the same ply apart, which only matters for agents whose draws
    should differ between such positions within one game — the uniform random agent does not
    care, because its draw also depends on the legal moves it draws from.
    """
    player = state.to_play
    assert player is not None
    key = (ply_count(state) * 8 + player) * 0x85EBCA6B
    return (key ^ ((seed or 0) * _GOLDEN)) & 0xFFFFFFFFFFFF


class Agent(ABC):
    """A computer player: ``choose`` a move, ``analyse`` the weights behind it.

    Attributes:
        name: the agent's registered name (``"random"``, ``"greedy"``, ``"mcts"``…).
        seed: fixes every random choice; ``None`` still decides deterministically (seed 0).
    """

    name: ClassVar[str]

    last_value: float | None = None
    """The acting player's estimated value (in ``[0, 1]``) after the agent's last decision, for
    agents that estimate one (MCTS: the mean reward of its chosen move); ``None`` otherwise."""

    def __init__(self, *, seed: int | None = None) -> None:
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed must be an int or None, not {seed!r}")
        self.seed = seed

    def rng_for(self, state: State) -> random.Random:
        """The random generator for deciding in ``state`` (see :func:`decision_seed`)."""
        return random.Random(decision_seed(self.seed, state))

    def choose(self, state: State) -> Move:
        """A legal move for ``state.to_play``; deterministic for a given seed.

        Raises:
            IllegalMove: the game is over.
        """
        if state.is_over or state.to_play is None:
            raise IllegalMove("the game is over: there is no move to choose")
        weights = self.analyse(state)
        return weights[0][0]

    @abstractmethod
    def analyse(self, state: State) -> list[tuple[Move, float]]:
        """Weights over the legal moves, summing to 1, best first."""

    def params(self) -> dict[str, Any]:
        """The parameters this agent was made with (for results tables and records)."""
        return {"seed": self.seed}

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params().items())
        return f"ftwkit.agents.make({self.name!r}, {args})"


class RandomAgent(Agent):
    """Uniform over the legal moves: the baseline every other agent must beat.

    Its generator is keyed by :func:`ply_seed` (seed, ply count, player) rather than the
    observation: hashing the observation cost more than the move itself (2–4× slower random
    self-play in FTW?!, Double Blind and Play Win), and the ply key is just as fair.
    """

    name = "random"

    def choose(self, state: State) -> Move:
        if state.is_over or state.to_play is None:
            raise IllegalMove("the game is over: there is no move to choose")
        return state.random_move(random.Random(ply_seed(self.seed, state)))

    def analyse(self, state: State) -> list[tuple[Move, float]]:
        moves = state.legal_moves()
        if not moves:
            return []
        share = 1.0 / len(moves)
        return [(m, share) for m in moves]
