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
from typing import TYPE_CHECKING, Any

from ftwkit.games.forthewin.actions import Board, RawCandidate, apply_action
from ftwkit.games.forthewin.grid_rule import allowed, allows, draw_allowed, raw_pool
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
)
from ftwkit.games.forthewin.playout import (
    _may_help,
    _score,
    _winners_after,
    linked_kinds,
    rival_value,
    score_and_linked,
)
from ftwkit.protocol import Move

if TYPE_CHECKING:
    from ftwkit.games.forthewin.state import ForTheWinState

__all__ = ["SEARCH_SAMPLES", "linked_kinds", "search_move"]

SEARCH_SAMPLES = 6
"""How many legal moves the search policy draws and compares."""

_MOVER_ONLY = (Add, Step, NinjaJump)
"""The actions that change none but the mover's own tiles (a tile added, stepped or jumped)."""

_END_PENALTY = 0.25
"""What ending the turn early costs in the comparison: a useful action beats it."""


def search_move(state: ForTheWinState, rng: random.Random, samples: int = SEARCH_SAMPLES) -> Move:
    """The best of ``samples`` drawn legal moves (every legal move when there are at most twice
    as many) by the mover's progress against the best opponent's; a compared move that wins for
    the mover is taken, one that completes another player's chain is avoided (ties broken by
    ``rng``)."""
    opts = state.rules.options
    pos = state.position
    more = state.more_after_this
    specials = state.turn_moves()
    pool = raw_pool(pos, more)  # actions are built only when drawn (or all, when few)
    few = len(specials) + len(pool) <= 2 * samples

    def judge(raw: RawCandidate) -> Action | None:
        return allowed(pos, raw, more)

    drawn: list[Move]
    if few:
        drawn = specials + [action for action in map(judge, pool) if action is not None]
    else:
        drawn = list(
            dict.fromkeys(draw_allowed(specials, list(pool), judge, rng) for _ in range(samples))
        )
    me = state.mover
    players = state.n_players
    if linked_kinds(state.board, me, opts) >= 4:  # one kind short of the chain: look for a win
        win = _winning_action(state, pool, more)
        if win is not None:
            return win
    here: float | None = None
    rival: float | None = None
    best_move: Move | None = None
    best = float("-inf")
    for move in drawn:
        if isinstance(move, Action):
            board, _ = apply_action(pos, move)
            if type(move) in _MOVER_ONLY:  # the opponents' tiles are as they were
                if rival is None:
                    rival = rival_value(state.board, me, players, opts)
                score, linked = score_and_linked(board, me, players, opts, rival)
            else:
                score, linked = score_and_linked(board, me, players, opts)
            won = _winners_after(state, board) if few or linked == 5 else set()
            if won and me in won and (len(won) == 1 or opts.simultaneous_win == "active"):
                return move
            value = -1_000.0 if won else score
        else:
            if here is None:
                here = _score(state.board, me, players, opts)
            value = here - _END_PENALTY
        value += rng.random() * 0.01
        if value > best:
            best, best_move = value, move
    assert best_move is not None
    return best_move


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
