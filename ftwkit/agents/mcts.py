"""Monte Carlo tree search: UCT, and information-set MCTS for hidden-information games.

Every iteration walks the tree from the root choosing moves by UCB1, adds one node, plays a short
rollout of at most ``max_rollout_plies`` plies (the game's playout policy by default, or uniform
moves) and scores the final position with ``evaluate`` for every player (a heuristic cut-off:
the evaluations live with each game, ``State._heuristic``). Games with several players are
handled with reward vectors: each node keeps the mean reward of the player who made the move
leading to it, and that player's parent picks among its children by that mean — so consecutive
moves by one player (For the Win!'s two actions) and 3–6 players need nothing special.

Three things make a small budget count in games with hundreds of moves (PNRZ, Double Blind) or
an expensive move list (For the Win!):

* **A one-ply prior at the root.** Every root move is scored once by ``evaluate`` (as the greedy
  agent scores it, averaged over ``prior_samples`` determinizations when information is hidden)
  and starts with ``prior_visits`` virtual visits at that value; a move that wins at once is
  played without search. The search starts from the greedy agent's opinion and corrects it.
* **Progressive widening** (Coulom 2007; Chaslot et al. 2008): a node with ``n`` visits may have
  at most ``2 + n ** widening`` children. At the root they are added best prior first; below the
  root, a new child is the move the game's playout policy proposes (a uniform draw when that one
  is already a child), so no interior node ever lists all its moves.
* **Short rollouts** with a heuristic cut-off instead of playing to the end.

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

import contextlib
import gc
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Literal

from ftwkit.agents import register
from ftwkit.agents.base import Agent
from ftwkit.agents.greedy import determinizations, one_ply
from ftwkit.agents.levels import DEFAULT_ITERATIONS
from ftwkit.errors import IllegalMove
from ftwkit.protocol import Move, State

__all__ = ["DEFAULT_ITERATIONS", "MctsAgent", "SearchResult"]


Rollout = Literal["policy", "random"]

_CHECK_EVERY = 16
"""Root moves scored between two checks of the time budget and the stop request."""

_DRAWS = 3
"""Draws a node makes for a move it does not have yet before it settles for a child it has."""


@contextlib.contextmanager
def _cycle_collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector for one search (as ``timeit`` does while it times).

    A search makes tens of thousands of positions, and each allocation counts towards the
    collector's next pass, which walks every young container (a Double Blind position's ~300
    free places among them) and, now and then, every older one: ~10% of a Double Blind study
    game. The positions and nodes of a search form no reference cycles (what a search leaves
    behind is freed by reference counting, checked for every game), so the passes find nothing.
    The collector is switched back on afterwards only if it was on."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class _Node:
    """A tree node: the move that led here, its mover's statistics and its children by move."""

    __slots__ = (
        "avail",
        "children",
        "mover",
        "order",
        "ranked",
        "seen",
        "state",
        "total",
        "visits",
    )

    def __init__(self, mover: int, state: State | None) -> None:
        self.mover = mover  # who made the move into this node (-1 at the root)
        self.state = state  # the position (perfect information only; None in IS-MCTS)
        self.children: dict[Move, _Node] = {}
        self.order: list[Move] | None = None  # the root: its moves, best prior first
        self.ranked: list[_Node] = []  # the root: the children of ``order``, in its order
        self.visits = 0
        self.total = 0.0  # sum of the mover's rewards
        self.avail = 0  # IS-MCTS: iterations in which this node's move was legal at its parent
        self.seen: dict[int, _Seen] = {}  # IS-MCTS: the positions met here, by identity


class _Seen:
    """What an information-set node worked out for one position met there (IS-MCTS).

    A game whose determinizations repeat (Double Blind re-draws only the opponent's secret, so a
    few positions come back again and again) then meets the same position objects at a node
    on many iterations: its legal moves, which children are among them, and the position after
    each move are worked out once. States are values, so the answers are the ones playing and
    listing afresh would give. A search whose determinizations do not repeat stops keeping them
    after a few iterations (:data:`_PROBE`).
    """

    __slots__ = ("after", "candidates", "count", "in_order", "legal", "nodes", "state")

    def __init__(self, state: State) -> None:
        self.state = state  # kept, so that its id names no other position while the tree lives
        self.legal: list[Move] | None = None
        self.candidates: list[Move] = []  # the children among the legal moves
        self.nodes: list[_Node] = []  # their nodes
        self.in_order = True  # whether ``candidates`` are in the legal moves' order
        self.count = -1  # how many children the node had when ``candidates`` was found
        self.after: dict[Move, State] = {}

    def play(self, move: Move) -> State:
        """The position after ``move`` (played once, then remembered)."""
        nxt = self.after.get(move)
        if nxt is None:
            nxt = self.after[move] = self.state.play_unchecked(move)
        return nxt


class SearchResult:
    """What one search found: visits and mean reward per root move, and the iterations run."""

    def __init__(self, stats: list[tuple[Move, int, float]], iterations: int) -> None:
        self.stats = stats
        self.iterations = iterations
        self._ranked: list[int] | None = None

    def _order(self) -> list[int]:
        """The indices of ``stats``, best first (sorted once: both ``value`` and ``weights``
        ask, and a root has hundreds of moves in some games)."""
        if self._ranked is None:
            stats = self.stats
            self._ranked = sorted(range(len(stats)), key=lambda i: (-stats[i][1], -stats[i][2], i))
        return self._ranked

    def value(self) -> float:
        """The searching player's estimated value: the mean reward of the most visited move."""
        return self.stats[self._order()[0]][2]

    def weights(self) -> list[tuple[Move, float]]:
        """Visit shares, best first (most visits, then best mean, then the legal-move order)."""
        total = sum(v for _, v, _ in self.stats)
        order = self._order()
        if total == 0:
            share = 1.0 / len(self.stats)
            return [(self.stats[i][0], share) for i in order]
        return [(self.stats[i][0], self.stats[i][1] / total) for i in order]


def _listed_children(legal: list[Move], children: dict[Move, _Node]) -> list[Move]:
    """The ``children`` keys that are among the ``legal`` moves, in the legal moves' order.

    Engines that hand out the same move objects from state to state (a table of placements, of
    passes) let this compare identities, in one cheap pass, instead of hashing hundreds of moves
    per node of the tree (Double Blind). When not every child is found that way (another engine,
    or a child not legal in this determinization), equality decides, as a hash per legal move.
    The legal moves hold no move twice, so the identities found are exactly the equal ones.
    """
    ids = {id(move) for move in children}
    found = [move for move in legal if id(move) in ids]
    if len(found) == len(children):
        return found
    return [move for move in legal if move in children]


_PROBE = 16
"""Determinizations an information-set search watches: when all of its first ``_PROBE`` are
different positions (cards re-dealt at random), it stops keeping positions (:class:`_Seen`),
which only pays when they come back (Double Blind re-draws one of a few secrets)."""

_SCAN_RATIO = 16
"""A node asks its position about each child (``is_legal``) instead of scanning the legal moves
once they outnumber its children this many times (Double Blind: hundreds of placements, a
handful of children)."""


def _legal_children(
    state: State, legal: list[Move], children: dict[Move, _Node]
) -> tuple[list[Move], bool]:
    """The ``children`` keys that are legal in ``state`` (whose ``legal_moves()`` is ``legal``),
    and whether they come in the legal moves' order.

    With many more legal moves than children, each child is asked about (``is_legal`` answers as
    membership of the legal moves would, by the protocol) and they come in the children's order:
    the selection then settles ties by the legal moves' order itself.
    """
    if not children:
        return [], True
    if len(legal) >= _SCAN_RATIO * len(children):
        return [move for move in children if state.is_legal(move)], False
    return _listed_children(legal, children), True


def _select_by_availability(
    candidates: list[Move], nodes: list[_Node], c: float, legal: list[Move] | None
) -> Move:
    """The candidate with the best availability-based UCB score (IS-MCTS), an unvisited one first.

    Equal scores go to the candidate met first in ``candidates``, or, when ``legal`` is given
    (the candidates are then in another order), to the one first in ``legal``: the same choice
    either way.
    """
    best: list[Move] = []  # the moves with the best score so far, in ``candidates`` order
    best_score = -math.inf
    for move, child in zip(candidates, nodes, strict=True):
        visits = child.visits
        if visits == 0:
            if legal is None:
                return move
            value = math.inf
        else:
            value = child.total / visits + c * math.sqrt(math.log(child.avail) / visits)
        if value > best_score:
            best_score = value
            best = [move]
        elif value == best_score:
            best.append(move)
    if len(best) > 1 and legal is not None:
        ties = set(best)
        return next(move for move in legal if move in ties)
    return best[0]


def _check_int(name: str, value: object, low: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        kind = "positive" if low > 0 else "non-negative"
        raise ValueError(f"{name} must be a {kind} int, not {value!r}")


class MctsAgent(Agent):
    """UCT search with a one-ply prior and progressive widening (IS-MCTS when information is
    hidden).

    Args:
        seed: fixes every random choice of the search.
        iterations: the number of iterations per decision (the reproducible budget).
        seconds: a wall-clock budget per decision; with ``iterations`` too, whichever ends first.
        exploration: the UCB1 constant ``c`` in ``mean + c·sqrt(ln N / n)`` (rewards are 0–1).
        rollout: ``"policy"`` (the game's playout policy, ``random_move(policy=True)``) or
            ``"random"`` (uniform legal moves).
        max_rollout_plies: the rollout stops after this many plies and ``evaluate`` scores the
            position (For the Win!'s random games practically never end; 0 = evaluate at once).
        prior_visits: virtual visits each root move starts with, valued at its one-ply
            evaluation (0 = no prior: every root move starts even). Shares and choices count
            real visits only.
        prior_samples: determinizations the one-ply prior averages over when information is
            hidden.
        widening: the exponent ``a`` of progressive widening (a node with ``n`` visits has at
            most ``2 + n ** a`` children); 1 widens as fast as the node is visited.
    """

    name = "mcts"

    def __init__(
        self,
        *,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.4,
        rollout: Rollout = "policy",
        max_rollout_plies: int = 2,
        prior_visits: int = 8,
        prior_samples: int = 1,
        widening: float = 0.5,
    ) -> None:
        super().__init__(seed=seed)
        if iterations is not None:
            _check_int("iterations", iterations, 1)
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
        _check_int("max_rollout_plies", max_rollout_plies, 0)
        _check_int("prior_visits", prior_visits, 0)
        _check_int("prior_samples", prior_samples, 1)
        if (
            not isinstance(widening, (int, float))
            or isinstance(widening, bool)
            or not 0 < widening <= 1
        ):
            raise ValueError(f"widening must be a number in (0, 1], not {widening!r}")
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.rollout: Rollout = rollout
        self.max_rollout_plies = max_rollout_plies
        self.prior_visits = prior_visits
        self.prior_samples = prior_samples
        self.widening = float(widening)

    def params(self) -> dict[str, object]:
        return {
            "seed": self.seed,
            "iterations": self.iterations,
            "seconds": self.seconds,
            "exploration": self.exploration,
            "rollout": self.rollout,
            "max_rollout_plies": self.max_rollout_plies,
            "prior_visits": self.prior_visits,
            "prior_samples": self.prior_samples,
            "widening": self.widening,
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
        with _cycle_collector_paused():
            return self._search(state, stop)

    def _search(self, state: State, stop: Callable[[], bool] | None) -> SearchResult:
        """:meth:`search` of a running position."""
        player = state.to_play
        assert player is not None
        moves = state.legal_moves()
        if len(moves) == 1:
            return SearchResult([(moves[0], 1, 1.0)], 0)
        # The clock starts before the root's expansion: a time budget covers the whole decision.
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        rng = self.rng_for(state)
        hidden = state.rules.hidden_information
        root = _Node(-1, None if hidden else state)

        def halted() -> bool:
            if deadline is not None and time.perf_counter() >= deadline:
                return True
            return stop is not None and stop()

        win = self._expand_root(root, state, moves, rng, halted)
        if win is not None:
            return SearchResult([(m, int(m == win), float(m == win)) for m in moves], 0)
        limit = self.iterations
        done = 0
        probe: set[int] | None = set()  # the first determinizations' identities, while watched
        remember = True
        while True:
            if hidden:
                world = state.rules.sample(state, player, rng)
                if probe is not None:
                    probe.add(id(world))
                    if done + 1 == _PROBE:
                        # determinizations that never repeat would only fill the tree's memos
                        remember = len(probe) < _PROBE
                        probe = None
                self._iterate_hidden(root, world, rng, remember)
            else:
                self._iterate(root, rng)
            done += 1
            if limit is not None and done >= limit:
                break
            if halted():
                break
        stats = []
        # the root's children were added in the moves' order
        for move, child in zip(moves, root.children.values(), strict=True):
            real = child.visits - self.prior_visits
            stats.append((move, real, child.total / child.visits if real > 0 else 0.0))
        return SearchResult(stats, done)

    # ----------------------------------------------------------------- the root
    def _expand_root(
        self,
        root: _Node,
        state: State,
        moves: list[Move],
        rng: random.Random,
        halted: Callable[[], bool],
    ) -> Move | None:
        """Create every root child with its one-ply prior, best first; return a move that wins at
        once (in every determinization when information is hidden), if there is one.

        Scoring hundreds of moves takes a while (PNRZ), so ``halted`` (the time budget or a stop
        request) is asked every few moves; the moves left unscored then get the lowest prior.
        """
        player = state.to_play
        assert player is not None
        worlds = determinizations(state, player, rng, self.prior_samples)
        keys = [rng.random() for _ in moves]  # tie-breaks, drawn before any value is known
        values: list[float] = []  # by the moves' index (no hashing of hundreds of moves)
        for number, move in enumerate(moves):
            if number % _CHECK_EVERY == _CHECK_EVERY - 1 and halted():
                for rest in moves[number:]:
                    values.append(0.0)
                    kept = None if worlds[0] is not state else state.play_unchecked(rest)
                    root.children[rest] = self._node(player, kept, 0.0)
                break
            scored = one_ply(state, worlds, move, player)
            if scored.wins_everywhere:
                return move
            values.append(scored.value)
            kept = scored.child if worlds[0] is state else None  # perfect information: one world
            root.children[move] = self._node(player, kept, scored.value)
        ranked = sorted(range(len(moves)), key=lambda i: (-values[i], keys[i]))
        root.order = [moves[i] for i in ranked]
        root.ranked = [root.children[move] for move in root.order]
        return None

    def _width(self, visits: int) -> int:
        """How many children a node with ``visits`` visits may have (progressive widening)."""
        return 2 + int(visits**self.widening)

    # ----------------------------------------------------------------- perfect information
    def _iterate(self, root: _Node, rng: random.Random) -> None:
        node = root
        path = [root]
        state = root.state
        assert state is not None
        c = self.exploration
        while not state.is_over:
            children = node.children
            if node.order is not None:  # the root: its best-prior moves, widening with visits
                width = min(len(node.order), self._width(node.visits))
                node = self._best(node.visits, (children[m] for m in node.order[:width]), c)
            else:
                if len(children) < self._width(node.visits):
                    move = self._new_move(state, children, rng)
                    if move is not None:
                        child_state = state.play_unchecked(move)
                        child = self._node(state.to_play, child_state, None)
                        children[move] = child
                        path.append(child)
                        state = child_state
                        break
                node = self._best(node.visits, children.values(), c)
            path.append(node)
            assert node.state is not None
            state = node.state
            if node.visits == 0:
                break  # a root child met for the first time: roll out from it
        self._backpropagate(path, self._rollout(state, rng))

    def _new_move(
        self, state: State, children: dict[Move, _Node], rng: random.Random
    ) -> Move | None:
        """A move that is not a child yet: the playout policy's, else a uniform draw (a few
        tries); ``None`` when every draw is already a child (then an existing child is chosen)."""
        policy = self.rollout == "policy"
        for attempt in range(_DRAWS):
            move = state.random_move(rng, policy=policy and attempt == 0)
            if move not in children:
                return move
        return None

    @staticmethod
    def _best(parent_visits: int, children: Iterable[_Node], c: float) -> _Node:
        """The child with the best UCB1 score (an unvisited child first)."""
        log_n = math.log(parent_visits) if parent_visits > 0 else 0.0
        best: _Node | None = None
        best_score = -math.inf
        for child in children:
            if child.visits == 0:
                return child
            score = child.total / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    # ----------------------------------------------------------------- information sets
    def _iterate_hidden(
        self, root: _Node, world: State, rng: random.Random, remember: bool = True
    ) -> None:
        """One iteration in the determinization ``world``; ``remember`` keeps what each node
        works out for the positions met (see :class:`_Seen`) for later iterations."""
        node = root
        path = [root]
        state = world
        c = self.exploration
        while not state.is_over:
            mover = state.to_play
            assert mover is not None
            children = node.children
            seen = node.seen.get(id(state)) if remember else None
            if seen is None:
                seen = _Seen(state)
                if remember:
                    node.seen[id(state)] = seen
            legal: list[Move] = []
            in_order = True  # whether ``candidates`` come in the order that settles ties
            if node.order is not None:
                # The root: the player to move sees their own moves, so they are the same in
                # every determinization; its best-prior moves, widening with visits (all of
                # them are children, so nothing is untried).
                width = self._width(node.visits)
                candidates = node.order[:width]
                nodes = node.ranked[:width]
            else:
                if seen.legal is None:
                    seen.legal = state.legal_moves()  # a fresh list, so it is ours to keep
                legal = seen.legal
                if seen.count != len(children):  # children are only ever added
                    seen.candidates, seen.in_order = _legal_children(state, legal, children)
                    seen.nodes = [children[move] for move in seen.candidates]
                    seen.count = len(children)
                candidates = seen.candidates
                nodes = seen.nodes
                in_order = seen.in_order
            for child in nodes:
                child.avail += 1
            # the legal moves hold each child at most once, so the rest are untried
            if len(legal) > len(candidates) and (
                not candidates or len(candidates) < self._width(node.visits)
            ):
                move = self._pick_untried(state, legal, children, rng)
                state = seen.play(move)
                child = self._node(mover, None, None)
                child.avail = 1
                children[move] = child
                path.append(child)
                break
            best_move = _select_by_availability(candidates, nodes, c, None if in_order else legal)
            node = children[best_move]
            path.append(node)
            state = seen.play(best_move)
            if node.visits == 0:
                break
        self._backpropagate(path, self._rollout(state, rng))

    def _pick_untried(
        self, state: State, legal: list[Move], children: dict[Move, _Node], rng: random.Random
    ) -> Move:
        """The playout policy's move when it is untried, else a uniform untried move.

        The untried moves are the ``legal`` moves that are not ``children``; the policy's move
        is legal, so it is untried exactly when it is not a child (one hash, not a scan of the
        list), and the untried list is only built when a uniform draw needs it.
        """
        if self.rollout == "policy":
            move = state.random_move(rng, policy=True)
            if move not in children:
                return move
        untried = [m for m in legal if m not in children] if children else legal
        return untried[rng.randrange(len(untried))]

    # ----------------------------------------------------------------- shared
    def _node(self, mover: int | None, keep: State | None, prior: float | None) -> _Node:
        """A new node reached by ``mover``; with a ``prior``, its virtual visits at that value."""
        node = _Node(-1 if mover is None else mover, keep)
        if prior is not None and self.prior_visits:
            node.visits = self.prior_visits
            node.total = self.prior_visits * prior
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
