"""The greedy agent: one ply of look-ahead with the game's own evaluation.

It takes a winning move at once; otherwise it plays the move whose resulting position the game's
``evaluate(player)`` likes best (ties broken by the seeded generator). The evaluation lives with
each game (``State._heuristic``), so this module knows no game.

In hidden-information games (``rules.hidden_information``) the agent never looks at the real
position beyond what its player sees: it scores every move in a few determinizations drawn by
``rules.sample(state, player, rng)`` (param ``samples``) and averages.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from ftwkit.agents import register
from ftwkit.agents.base import Agent
from ftwkit.errors import IllegalMove
from ftwkit.protocol import Move, State

__all__ = ["GreedyAgent", "OnePly", "determinizations", "one_ply", "softmax_weights"]

TEMPERATURE = 0.05
"""Softmax temperature turning evaluations into ``analyse`` weights: a move 0.1 better in value
weighs e² ≈ 7 times more, so the weights show the agent's preference, not a flat 1/n."""


def determinizations(state: State, player: int, rng: random.Random, samples: int) -> list[State]:
    """The positions an agent of ``player`` may search: ``state`` itself when nothing is hidden,
    else ``samples`` full states drawn by ``rules.sample`` from what ``player`` sees."""
    if not state.rules.hidden_information:
        return [state]
    return [state.rules.sample(state, player, rng) for _ in range(samples)]


class OnePly(NamedTuple):
    """What one move is worth to ``player`` across the positions searched."""

    value: float
    """The mean evaluation after the move (0.0 when no position allowed it)."""
    wins_everywhere: bool
    """Whether the move wins at once in every position that allows it (and one does)."""
    child: State | None
    """The position after the move in the last position that allowed it (with nothing hidden,
    the only one); ``None`` when none did."""


def one_ply(state: State, worlds: list[State], move: Move, player: int) -> OnePly:
    """Play ``move`` in each of ``worlds`` (from :func:`determinizations`) and score the result.

    A sampled world whose own rules refuse the move is skipped (a sampler inconsistent with the
    real legal moves). Greedy's choice and MCTS's root prior are both this score.
    """
    total = 0.0
    count = wins = 0
    child: State | None = None
    for world in worlds:
        if world is not state and not world.is_legal(move):
            continue
        child = world.play_unchecked(move)
        if child.is_over and child.winners == (player,):
            wins += 1
        total += child.evaluate(player)
        count += 1
    return OnePly(total / count if count else 0.0, bool(count) and wins == count, child)


def softmax_weights(values: list[float], temperature: float = TEMPERATURE) -> list[float]:
    """Weights summing to 1, larger for larger values (``exp(value / temperature)``)."""
    if not values:
        return []
    top = max(values)
    raw = [math.exp((v - top) / temperature) for v in values]
    total = sum(raw)
    return [r / total for r in raw]


class GreedyAgent(Agent):
    """One-ply search with the game's evaluation; averaged over determinizations when hidden.

    Args:
        seed: fixes tie-breaks and determinizations.
        samples: determinizations per decision in hidden-information games (ignored otherwise).
    """

    name = "greedy"

    def __init__(self, *, seed: int | None = None, samples: int = 2) -> None:
        super().__init__(seed=seed)
        if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
            raise ValueError(f"samples must be a positive int, not {samples!r}")
        self.samples = samples

    def params(self) -> dict[str, object]:
        return {"seed": self.seed, "samples": self.samples}

    def analyse(self, state: State) -> list[tuple[Move, float]]:
        """Weights (a softmax of the one-ply values) over the legal moves, best first.

        A move that wins in every determinization gets weight 1 and is chosen at once.

        Raises:
            IllegalMove: the game is over.
        """
        if state.is_over or state.to_play is None:
            raise IllegalMove("the game is over: there is no move to analyse")
        player = state.to_play
        moves = state.legal_moves()
        if len(moves) == 1:
            return [(moves[0], 1.0)]
        rng = self.rng_for(state)
        worlds = determinizations(state, player, rng, self.samples)
        # Tie-break keys are drawn for every move up front so the draws do not depend on values.
        keys = [rng.random() for _ in moves]
        values: list[float] = []
        for index, move in enumerate(moves):
            scored = one_ply(state, worlds, move, player)
            if scored.wins_everywhere:
                rest = [(m, 0.0) for i, m in enumerate(moves) if i != index]
                return [(move, 1.0), *rest]
            values.append(scored.value)
        weights = softmax_weights(values)
        order = sorted(range(len(moves)), key=lambda i: (-values[i], keys[i]))
        return [(moves[i], weights[i]) for i in order]


register("greedy", GreedyAgent)
