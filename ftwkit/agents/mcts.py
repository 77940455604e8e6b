"""Monte Carlo tree search: UCT, and information-set MCTS for hidden-information games.

Every iteration walks the tree from the root choosing moves by UCB1, adds one node, plays a
rollout of at most ``max_rollout_plies`` plies (the game's playout policy by default, or uniform
moves) and scores the final position with ``evaluate`` for every player. Games with several
players are handled with reward vectors: each node keeps the mean reward of the player who made
the move leading to it, and that player's parent picks among its children by that mean — so
consecutive moves by one player (For the Win!'s two actions) and 3–6 players need nothing special.

Hidden information (``rules.hidden_information``): single-observer information-set MCTS (Cowling,
Powley & Whitehouse 2012; OpenSpiel's ``ismcts``). Each iteration first draws a determinization
``rules.sample(state, player, rng)`` — a full state consistent with what the acting player sees —
and descends the one tree, keyed by moves, among the moves legal in that determinization; a
child's UCB uses how often it was *available* instead of its parent's visits. The search never
reads the real position's hidden parts, so the decision depends only on the observation and seed.

Budgets: ``iterations=`` (reproducible: the same seed gives the same move on every machine) and/or
``seconds=`` (stops at whichever comes first; a time budget depends on the machine's speed and
load, so use iterations for studies). Without either, ``DEFAULT_ITERATIONS`` applies.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Literal

from ftwkit.agents import register
from ftwkit.agents.base import Agent
from ftwkit.errors import IllegalMove
from ftwkit.protocol import Move, State

__all__ = ["DEFAULT_ITERATIONS", "MctsAgent", "SearchResult"]

DEFAULT_ITERATIONS = 400
"""Iterations when neither ``iterations`` nor ``seconds`` is given (reproducible everywhere)."""

Rollout = Literal["policy", "random"]


class _Node:
    """A tree node: the move that led here, its mover's statistics and its children by move."""

    __slots__ = ("avail", "children", "mover", "state", "total", "untried", "visits")

    def __init__(self, mover: int, state: State | None) -> None:
        self.mover = mover  # who made the move into this node (-1 at the root)
        self.state = state  # the position (perfect information only; None in IS-MCTS)
        self.children: dict[Move, _Node] = {}
        self.untried: list[Move] | None = None  # perfect information: moves not yet expanded
        self.visits = 0
        self.total = 0.0  # sum of the mover's rewards
        self.avail = 0  # IS-MCTS: iterations in which this node's move was legal at its parent


class SearchResult:
    """What one search found: visits and mean reward per root move, and the iterations run."""

    def __init__(self, stats: list[tuple[Move, int, float]], iterations: int) -> None:
        self.stats = stats
        self.iterations = iterations

    def value(self) -> float:
        """The searching player's estimated value: the mean reward of the most visited move."""
        best = min(range(len(self.stats)), key=lambda i: (-self.stats[i][1], -self.stats[i][2], i))
        return self.stats[best][2]

    def weights(self) -> list[tuple[Move, float]]:
        """Visit shares, best first (most visits, then best mean, then the legal-move order)."""
        total = sum(v for _, v, _ in self.stats)
        order = sorted(
            range(len(self.stats)), key=lambda i: (-self.stats[i][1], -self.stats[i][2], i)
        )
        if total == 0:
            share = 1.0 / len(self.stats)
            return [(self.stats[i][0], share) for i in order]
        return [(self.stats[i][0], self.stats[i][1] / total) for i in order]


class MctsAgent(Agent):
    """UCT search (information-set MCTS in hidden-information games).

    Args:
        seed: fixes every random choice of the search.
        iterations: the number of iterations per decision (the reproducible budget).
        seconds: a wall-clock budget per decision; with ``iterations`` too, whichever ends first.
        exploration: the UCB1 constant ``c`` in ``mean + c·sqrt(ln N / n)`` (rewards are 0–1).
        rollout: ``"policy"`` (the game's playout policy, ``random_move(policy=True)``) or
            ``"random"`` (uniform legal moves).
        max_rollout_plies: the rollout stops after this many plies and ``evaluate`` scores the
            position (For the Win!'s random games practically never end; 0 = evaluate at once).
        prior_visits: every new node starts with this many virtual visits valued at the game's
            ``evaluate`` of its position for its mover (a heuristic prior: with a good evaluation
            the search starts from the greedy agent's opinion instead of from nothing). Shares
            and choices count real visits only.
    """

    name = "mcts"

    def __init__(
        self,
        *,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 1.0,
        rollout: Rollout = "policy",
        max_rollout_plies: int = 20,
        prior_visits: int = 0,
    ) -> None:
        super().__init__(seed=seed)
        if iterations is not None and (
            not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1
        ):
            raise ValueError(f"iterations must be a positive int or None, not {iterations!r}")
        if seconds is not None and (
            not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or seconds <= 0
        ):
            raise ValueError(f"seconds must be a positive number or None, not {seconds!r}")
        if (
            not isinstance(exploration, (int, float))
            or isinstance(exploration, bool)
            or exploration < 0
        ):
            raise ValueError(f"exploration must be a non-negative number, not {exploration!r}")
        if rollout not in ("policy", "random"):
            raise ValueError(f"rollout must be 'policy' or 'random', not {rollout!r}")
        if (
            not isinstance(max_rollout_plies, int)
            or isinstance(max_rollout_plies, bool)
            or max_rollout_plies < 0
        ):
            raise ValueError(
                f"max_rollout_plies must be a non-negative int, not {max_rollout_plies!r}"
            )
        if not isinstance(prior_visits, int) or isinstance(prior_visits, bool) or prior_visits < 0:
            raise ValueError(f"prior_visits must be a non-negative int, not {prior_visits!r}")
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.rollout: Rollout = rollout
        self.max_rollout_plies = max_rollout_plies
        self.prior_visits = prior_visits

    def params(self) -> dict[str, object]:
        return {
            "seed": self.seed,
            "iterations": self.iterations,
            "seconds": self.seconds,
            "exploration": self.exploration,
            "rollout": self.rollout,
            "max_rollout_plies": self.max_rollout_plies,
            "prior_visits": self.prior_visits,
        }

    # ----------------------------------------------------------------- protocol
    def analyse(self, state: State) -> list[tuple[Move, float]]:
        """Visit shares of the root moves after one search, best first, summing to 1.

        Also sets ``last_value``: the acting player's estimated value after this search, which
        balance studies use for Ludii's lead change, drama and decisiveness.
        """
        result = self.search(state)
        self.last_value = result.value()
        return result.weights()

    def search(self, state: State, *, stop: Callable[[], bool] | None = None) -> SearchResult:
        """Run one search from ``state`` for the player to move.

        Args:
            state: the position; in hidden-information games only what its player to move sees
                is used.
            stop: asked after every iteration; ``True`` ends the search early with what it has
                (an explorer's Stop button, from another thread). A stopped search is not
                reproducible.

        Raises:
            IllegalMove: the game is over.
        """
        if state.is_over or state.to_play is None:
            raise IllegalMove("the game is over: there is no move to analyse")
        player = state.to_play
        moves = state.legal_moves()
        if len(moves) == 1:
            return SearchResult([(moves[0], 1, 1.0)], 0)
        # The clock starts before the root's expansion: a time budget covers the whole decision.
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        rng = self.rng_for(state)
        hidden = state.rules.hidden_information
        root = _Node(-1, None if hidden else state)
        if not hidden:
            win = self._expand_root(root, state, moves, rng)
            if win is not None:
                return SearchResult([(m, int(m == win), float(m == win)) for m in moves], 0)
        limit = self.iterations
        done = 0
        while True:
            if hidden:
                self._iterate_hidden(root, state.rules.sample(state, player, rng), rng)
            else:
                self._iterate(root, rng)
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if stop is not None and stop():
                break
        stats = []
        for move in moves:
            child = root.children.get(move)
            real = 0 if child is None else child.visits - self.prior_visits
            if child is None or real <= 0:
                stats.append((move, 0, 0.0))
            else:
                stats.append((move, real, child.total / child.visits))
        return SearchResult(stats, done)

    # ----------------------------------------------------------------- perfect information
    def _expand_root(
        self, root: _Node, state: State, moves: list[Move], rng: random.Random
    ) -> Move | None:
        """Create every root child; return a move that wins at once, if there is one."""
        player = state.to_play
        assert player is not None
        order = list(moves)
        rng.shuffle(order)
        for move in order:
            child_state = state.play_unchecked(move)
            if child_state.is_over and child_state.winners == (player,):
                return move
            root.children[move] = self._node(player, child_state, child_state)
        root.untried = []
        return None

    def _iterate(self, root: _Node, rng: random.Random) -> None:
        node = root
        path = [root]
        state = root.state
        assert state is not None
        c = self.exploration
        while not state.is_over:
            if node.untried is None:
                node.untried = state.legal_moves()
                rng.shuffle(node.untried)
            if node.untried:
                move = node.untried.pop()
                child_state = state.play_unchecked(move)
                mover = state.to_play if state.to_play is not None else -1
                child = self._node(mover, child_state, child_state)
                node.children[move] = child
                path.append(child)
                state = child_state
                break
            node = self._select(node, node.visits, c)
            path.append(node)
            assert node.state is not None
            state = node.state
        self._backpropagate(path, self._rollout(state, rng))

    @staticmethod
    def _select(node: _Node, parent_visits: int, c: float) -> _Node:
        """The child with the best UCB1 score (unvisited children first, in insertion order)."""
        log_n = math.log(parent_visits) if parent_visits > 0 else 0.0
        best: _Node | None = None
        best_score = -math.inf
        for child in node.children.values():
            if child.visits == 0:
                return child
            score = child.total / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    # ----------------------------------------------------------------- information sets
    def _iterate_hidden(self, root: _Node, world: State, rng: random.Random) -> None:
        node = root
        path = [root]
        state = world
        c = self.exploration
        while not state.is_over:
            mover = state.to_play
            assert mover is not None
            children = node.children
            untried: list[Move] = []
            available: list[tuple[Move, _Node]] = []
            for move in state.legal_moves():
                child = children.get(move)
                if child is None:
                    untried.append(move)
                else:
                    available.append((move, child))
                    child.avail += 1
            if untried:
                move = untried[rng.randrange(len(untried))]
                state = state.play_unchecked(move)
                child = self._node(mover, None, state)
                child.avail = 1
                children[move] = child
                path.append(child)
                break
            best: _Node | None = None
            best_move: Move | None = None
            best_score = -math.inf
            for move, child in available:
                if child.visits == 0:
                    best, best_move = child, move
                    break
                score = child.total / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best, best_move, best_score = child, move, score
            assert best is not None and best_move is not None
            node = best
            path.append(node)
            state = state.play_unchecked(best_move)
        self._backpropagate(path, self._rollout(state, rng))

    # ----------------------------------------------------------------- shared
    def _node(self, mover: int, keep: State | None, after: State) -> _Node:
        """A new node for the position ``after`` reached by ``mover`` (its prior, if any)."""
        node = _Node(mover, keep)
        if self.prior_visits and mover >= 0:
            node.visits = self.prior_visits
            node.total = self.prior_visits * after.evaluate(mover)
        return node

    def _rollout(self, state: State, rng: random.Random) -> list[float]:
        """Play on by the rollout policy up to the cut-off; every player's value at the end."""
        policy = self.rollout == "policy"
        for _ in range(self.max_rollout_plies):
            if state.is_over:
                break
            state = state.play_unchecked(state.random_move(rng, policy=policy))
        return [state.evaluate(p) for p in range(state.players)]

    @staticmethod
    def _backpropagate(path: list[_Node], values: list[float]) -> None:
        for node in path:
            node.visits += 1
            if node.mover >= 0:
                node.total += values[node.mover]


register("mcts", MctsAgent)
