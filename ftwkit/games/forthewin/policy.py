"""For the Win! search policy: a cheap move proposal for tree search and short rollouts.

:func:`ftwkit.games.forthewin.playout.policy_move` is built to finish whole random games: it
compares 16 sampled moves and scans every action for a win, which costs about 10 ms a move. A
search that cuts its rollouts off after a few plies and scores them with the evaluation
(:func:`ftwkit.games.forthewin.playout.heuristic`) needs a proposal that is good rather than
thorough and several times cheaper: :func:`search_move` compares a handful of sampled moves by
the same progress measure (all of them when there are only a few) and takes one that wins. It does
not scan the unsampled moves for a win; a tree search finds those, as the engine ends the game on
them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ftwkit.games.forthewin.actions import Board, RawCandidate, apply_action
from ftwkit.games.forthewin.grid_rule import allowed, allows, draw_allowed, pool_of
from ftwkit.games.forthewin.moves import (
    KINDS,
    Action,
    Add,
    AlienPull,
    NinjaJump,
    PirateBlast,
    Refresh,
    Shove,
    Step,
    ZombieDeactivate,
)
from ftwkit.games.forthewin.playout import (
    _may_help,
    _winners_after,
    board_values,
    linked_kinds,
    own_value,
    score_of,
    standing,
    state_values,
)
from ftwkit.protocol import Move

if TYPE_CHECKING:
    from ftwkit.games.forthewin.state import ForTheWinState

__all__ = ["SEARCH_SAMPLES", "Compared", "compared", "linked_kinds", "search_move"]

SEARCH_SAMPLES = 6
"""How many legal moves the search policy draws and compares."""

_MOVER_ONLY = (Add, Step, NinjaJump)
"""The actions that change none but the mover's own tiles (a tile added, stepped or jumped)."""

_ON_OWN_TILE = (AlienPull, PirateBlast, ZombieDeactivate)
"""The actions that change the mover's own tile that acts and one other ``tile``: the mover's
own tiles only when that tile is the mover's too."""

_END_PENALTY = 0.25
"""What ending the turn early costs in the comparison: a useful action beats it."""


def search_move(state: ForTheWinState, rng: random.Random, samples: int = SEARCH_SAMPLES) -> Move:
    """The best of ``samples`` drawn legal moves (every legal move when there are at most twice
    as many) by the mover's progress against the best opponent's; a compared move that wins for
    the mover is taken, one that completes another player's chain is avoided (ties broken by
    ``rng``).

    Everything but the draws and the tie-breaks depends on the state alone, so it is worked out
    once per state (:class:`_Plan`, kept on the state): a tree search asks a node's state for a
    new move each time the node widens, and then draws again from the same candidates and
    compares moves it has already scored. The draws consume ``rng`` exactly as without the plan.
    """
    plan: _Plan | None = state._recall("_search")
    if plan is None or plan.samples != samples:
        plan = state._remember("_search", _Plan(state, samples))
    if plan.few:
        drawn = plan.drawn
    else:
        specials, order, judge = plan.specials, plan.order, plan.judge
        drawn = list(
            dict.fromkeys(draw_allowed(specials, list(order), judge, rng) for _ in range(samples))
        )
    win = plan.winning_action(state)
    if win is not None:
        return win
    best_move: Move | None = None
    best = float("-inf")
    value_of = plan.value
    for move in drawn:
        value = value_of(state, move)
        if value is None:
            return move  # it wins for the mover
        value += rng.random() * 0.01
        if value > best:
            best, best_move = value, move
    assert best_move is not None
    return best_move


class Compared(NamedTuple):
    """What the search policy worked out about the board after an action it compared: the
    board and the tiles out of the game (:func:`~.actions.apply_action`), and every player's
    progress there (:func:`~.playout.board_values`)."""

    board: Board
    removed: tuple[tuple[int, str], ...]
    values: list[tuple[float, int]]


_UNJUDGED: Any = object()
"""Marks a candidate of a :class:`_Plan` whose Grid rule judgement is not made yet."""

_UNKNOWN: Any = object()
"""Marks a value of a :class:`_Plan` that is not worked out yet."""


class _Plan:
    """What :func:`search_move` works out about one state that does not depend on ``rng``: the
    candidates (``raw_pool``), the Grid rule's judgement of each one judged so far, the winning
    action if the mover is close to one, the value of each move compared so far, and the board
    after each compared action with every player's progress on it (:attr:`after`), which the
    state after the chosen action takes over (:func:`compared`).

    Candidates are drawn by index (:attr:`order`), so the draws reorder a copy of the indices
    exactly as they would reorder a copy of the candidates.
    """

    __slots__ = (
        "_here",
        "_win",
        "after",
        "drawn",
        "few",
        "judged",
        "more",
        "order",
        "pool",
        "pos",
        "samples",
        "specials",
        "values",
    )

    def __init__(self, state: ForTheWinState, samples: int) -> None:
        self.samples = samples
        self.pos = pos = state.position  # never the state: the plan is kept on it, cycle-free
        self.more = more = state.more_after_this
        self.specials = specials = state.turn_moves()
        self.pool = pool = pool_of(pos, more)  # candidates are built only when drawn (or all)
        self.few = len(specials) + pool.size <= 2 * samples
        self.judged: list[Action | None] = [_UNJUDGED] * pool.size
        self.order = list(range(pool.size))
        self.drawn: list[Move] = []
        if self.few:
            self.drawn = specials + [
                action for action in map(self.judge, self.order) if action is not None
            ]
        self.values: dict[Move, float | None] = {}
        self.after: dict[Move, Compared] = {}
        self._here: float | None = None
        self._win: Action | None = _UNKNOWN

    def judge(self, index: int) -> Action | None:
        """The action of candidate ``index``, built, if the Grid rule allows it, else ``None``."""
        found = self.judged[index]
        if found is _UNJUDGED:
            found = self.judged[index] = allowed(self.pos, self.pool.item(index), self.more)
        return found

    def winning_action(self, state: ForTheWinState) -> Action | None:
        """The first legal candidate after which the mover of ``state`` (the plan's) alone wins,
        looked for only when the mover has four kinds linked (one kind short of the chain)."""
        win = self._win
        if win is _UNKNOWN:
            win = None
            if state_values(state)[state.mover][1] >= 4:  # linked_kinds, from the values
                win = _winning_action(state, self.pool.expand(), self.more)
            self._win = win
        return win

    def value(self, state: ForTheWinState, move: Move) -> float | None:
        """How good ``move`` is for the mover of ``state`` (the plan's); ``None``: it wins at
        once. The progress against the best opponent after an action (far below every other
        when it completes another player's chain), or the progress now less a small cost for
        ending the turn."""
        found: float | None = self.values.get(move, _UNKNOWN)
        if found is _UNKNOWN:
            found = self.values[move] = self._value(state, move)
        return found

    def _value(self, state: ForTheWinState, move: Move) -> float | None:
        opts = state.rules.options
        me = state.mover
        players = state.n_players
        if not isinstance(move, Action):
            if self._here is None:
                self._here = standing(state, me)[0]
            return self._here - _END_PENALTY
        board, removed = apply_action(state.position, move)
        if _mover_only(state.board, me, move):  # the opponents' tiles are as they were
            values = list(state_values(state))
            values[me] = own_value(board, me, opts)
        else:
            values = board_values(board, players, opts)
        self.after[move] = Compared(board, removed, values)
        score, linked = score_of(values, me), values[me][1]
        won = _winners_after(state, board) if self.few or linked == 5 else set()
        if won and me in won and (len(won) == 1 or opts.simultaneous_win == "active"):
            return None
        return -1_000.0 if won else score


def compared(state: ForTheWinState, action: Action) -> Compared | None:
    """What the search policy worked out about the board ``action`` (legal in ``state``)
    leaves when it compared the action (else ``None``): the state after ``action`` takes the
    board and keeps the progress as its declared cache ``_values``, so a rollout does not work
    out again what it worked out to choose the action."""
    plan: _Plan | None = state._recall("_search")
    return None if plan is None else plan.after.get(action)


def _mover_only(board: Board, me: int, move: Action) -> bool:
    """Whether ``move`` (legal on ``board``) changes none but the mover's own tiles, so that the
    opponents' progress is as it was: an added, stepped or jumped tile; an own tile pulled,
    blasted or deactivated (the acting tile is the mover's); an own tile refreshed."""
    kind = type(move)
    if kind in _MOVER_ONLY:
        return True
    if kind in _ON_OWN_TILE:
        return board[cast(AlienPull | PirateBlast | ZombieDeactivate, move).tile].player == me
    if kind is Refresh:
        return board[cast(Refresh, move).cell].player == me
    return False


def _winning_action(state: ForTheWinState, pool: list[RawCandidate], more: int) -> Action | None:
    """The first legal action of ``pool`` after which the mover alone wins (only actions that
    change the mover's own tiles can complete the mover's chain)."""
    opts = state.rules.options
    pos = state.position
    me = state.mover
    board = pos.board
    up = {tile.kind for tile in board.values() if tile.player == me and tile.up}
    missing = set(KINDS) - up
    for build, args, lifted, filled in pool:
        if missing and not _may_add_kinds(build, args, board, me, missing):
            continue  # the mover still lacks a kind face up: no chain of all five after it
        action = build(*args)
        if not _may_help(pos, action):
            continue
        after, _ = apply_action(pos, action)
        if linked_kinds(after, me, opts) < 5:
            continue
        won = _winners_after(state, after)
        mine = me in won and (len(won) == 1 or opts.simultaneous_win == "active")
        if mine and allows(pos, (action, lifted, filled), more):
            return action
    return None


_MOVES_ONLY = (Step, Shove, AlienPull, NinjaJump, PirateBlast)
"""Actions that move a tile and may turn one face down, but turn none face up."""


def _may_add_kinds(
    build: Callable[..., Action], args: tuple[Any, ...], board: Board, me: int, missing: set[str]
) -> bool:
    """Whether the candidate ``build(*args)`` may leave the mover with every kind face up, when
    ``missing`` kinds are not face up now (a quick filter, before the action is built): moving
    actions turn nothing up, an Add puts up one kind, a Refresh one tile; a Monkey flip or a
    Zombie infection is always looked at."""
    if build in _MOVES_ONLY:
        return False
    if build is Add:
        return missing == {args[0]}
    if build is Refresh:
        tile = board[args[0]]
        return tile.player == me and missing == {tile.kind}
    return True
