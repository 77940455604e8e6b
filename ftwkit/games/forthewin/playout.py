"""For the Win! search hooks: a cheap uniform move draw, a rollout policy that finishes games, and
an evaluation of running positions (progress toward the win condition).

* :func:`random_move` draws **uniformly over** ``legal_moves()`` without building the list: it
  draws from the candidate actions (the action rules only, cheap) plus ``end``/``pass``, and
  judges the Grid rule for the drawn one only, dropping refused ones and drawing again (rejection
  sampling without replacement keeps the draw uniform over the legal moves). It consumes ``rng``
  differently from ``rng.choice(state.legal_moves())``.
* :func:`policy_move` (random games practically never end: nobody builds a chain by chance) looks
  one action ahead over a sample of legal moves: it takes a win at once, never hands the opponent
  a completed chain when another sampled move does not, and otherwise prefers the move that most
  improves :func:`progress` for the mover against the best opponent.
* :func:`heuristic` turns the same progress into a value in ``[0, 1]``.

Progress of a colour on a board: the most kinds (0-5) linked in one group of its face-up tiles
(the win needs all five, FW12), then how many kinds it has face up anywhere on the Grid, then how
many of its tiles are face up. This is a heuristic of this module, not a rule.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ftwkit.games.forthewin.actions import (
    Board,
    Candidate,
    Position,
    apply_action,
    grid_is_whole,
    winning_players,
)
from ftwkit.games.forthewin.grid_rule import action_pool, allows, draw_allowed, random_action
from ftwkit.games.forthewin.moves import (
    KIND_BITS,
    KINDS,
    Action,
    AlienPull,
    NinjaJump,
    PirateBlast,
    ZombieDeactivate,
    ZombieInfect,
)
from ftwkit.games.forthewin.options import Options
from ftwkit.protocol import Move

if TYPE_CHECKING:
    from ftwkit.games.forthewin.state import ForTheWinState

__all__ = [
    "SAMPLES",
    "board_values",
    "heuristic",
    "linked_kinds",
    "own_value",
    "policy_move",
    "progress",
    "random_move",
    "score_of",
    "standing",
    "state_values",
]

SAMPLES = 16
"""How many legal moves the policy draws and compares each time it moves."""

OPPONENT_WEIGHT = 0.4
"""How much the policy minds the best opponent's progress against its own (a low weight races
rather than blocks, so that rollouts end)."""

_WIN = 1_000.0


def random_move(state: ForTheWinState, rng: random.Random) -> Move:
    """A legal move drawn uniformly over ``state.legal_moves()``, without listing them.

    The draw depends only on the position and ``rng`` (never on whether the move list happens to
    be cached), so a seeded agent plays the same move from equal states.
    """
    return random_action(state.turn_moves(), state.position, state.more_after_this, rng)


def _draw(
    specials: list[Move], pos: Position, more: int, pool: list[Candidate], rng: random.Random
) -> Move:
    """Rejection sampling without replacement over ``specials`` and the candidates ``pool``
    (modified): uniform over the legal ones."""
    return draw_allowed(
        specials, pool, lambda cand: cand[0] if allows(pos, cand, more) else None, rng
    )


_COUNT: tuple[int, ...] = tuple(bin(mask).count("1") for mask in range(1 << len(KINDS)))
"""How many kinds a bit mask of kinds holds."""

_Mark = tuple[int, int, int]
"""An own tile as the progress measures see it: ``(x, y, its kind's bit if face up else 0)``."""


def _marks(board: Board, player: int) -> tuple[list[_Mark], int]:
    """``player``'s tiles as :data:`_Mark` in board order, and the bit mask of their kinds."""
    marks: list[_Mark] = []
    kinds = 0
    for (x, y), tile in board.items():
        if tile.player == player:
            bit = KIND_BITS[tile.kind]
            kinds |= bit
            marks.append((x, y, bit if tile.up else 0))
    return marks, kinds


def progress(board: Board, player: int, options: Options) -> tuple[int, int, int, int]:
    """``(most kinds linked in one group of face-up tiles, most kinds face up within 2 cells of
    one tile, kinds face up, kinds on the Grid)`` for ``player``."""
    marks, kinds = _marks(board, player)
    return _progress(marks, kinds, options.chain_bridges == "own_facedown")


def _progress(marks: list[_Mark], kinds: int, bridges: bool) -> tuple[int, int, int, int]:
    """:func:`progress` of one player's tiles (:func:`_marks`)."""
    up = [mark for mark in marks if mark[2]]
    if not up:
        return 0, 0, 0, _COUNT[kinds]
    mask = 0
    for mark in up:
        mask |= mark[2]
    kinds_up = _COUNT[mask]
    best = _linked(marks if bridges else up)
    near = 0
    for x, y, _ in up:
        seen = 0
        for u, v, bit in up:
            if -2 <= u - x <= 2 and -2 <= v - y <= 2:
                seen |= bit
        if _COUNT[seen] > near:
            near = _COUNT[seen]
            if near == kinds_up:
                break  # no tile can see more kinds than there are face up
    return best, near, kinds_up, _COUNT[kinds]


def linked_kinds(board: Board, player: int, options: Options) -> int:
    """The most kinds (0-5) linked in one group of ``player``'s face-up tiles (joined through
    their own face-down tiles under ``chain_bridges = own_facedown``): the first part of
    :func:`progress`, and what the policies look at before the costlier rest."""
    bridges = options.chain_bridges == "own_facedown"
    marks = [
        (x, y, KIND_BITS[tile.kind] if tile.up else 0)
        for (x, y), tile in board.items()
        if tile.player == player and (tile.up or bridges)
    ]
    return _linked(marks)


def _linked(marks: list[_Mark]) -> int:
    """The most kinds linked in one group of ``marks`` (face-down ones link without a kind).

    Rollouts ask this of every board they compare, so the groups are grown by scanning the
    player's few tiles (at most ten) for the ones touching each reached tile, without labelling,
    sorting or looking up the eight neighbours of every tile."""
    left = list(marks)
    best = 0
    while left:
        x0, y0, kinds = left.pop()
        todo = [(x0, y0)]
        while todo and left:
            x, y = todo.pop()
            rest = []
            for mark in left:
                u, v, bit = mark
                if -1 <= u - x <= 1 and -1 <= v - y <= 1:
                    kinds |= bit
                    todo.append((u, v))
                else:
                    rest.append(mark)
            left = rest
        if _COUNT[kinds] > best:
            best = _COUNT[kinds]
    return best


def board_values(board: Board, players: int, options: Options) -> list[tuple[float, int]]:
    """The progress value of every player (``10 * linked + 4 * near + 2 * kinds up + kinds``,
    see :func:`progress`) with its most kinds linked, from one pass over the board."""
    marks: list[list[_Mark]] = [[] for _ in range(players)]
    kinds = [0] * players
    for (x, y), tile in board.items():
        bit = KIND_BITS[tile.kind]
        kinds[tile.player] |= bit
        marks[tile.player].append((x, y, bit if tile.up else 0))
    bridges = options.chain_bridges == "own_facedown"
    return [_entry(own, mask, bridges) for own, mask in zip(marks, kinds, strict=True)]


def _entry(marks: list[_Mark], kinds: int, bridges: bool) -> tuple[float, int]:
    """One player's entry of :func:`board_values` from its tiles (:func:`_marks`)."""
    best, near, kinds_up, count = _progress(marks, kinds, bridges)
    return 10.0 * best + 4.0 * near + 2.0 * kinds_up + 1.0 * count, best


def own_value(board: Board, player: int, options: Options) -> tuple[float, int]:
    """``player``'s entry of :func:`board_values` (its progress value and most kinds linked), from
    ``player``'s tiles alone."""
    marks, kinds = _marks(board, player)
    return _entry(marks, kinds, options.chain_bridges == "own_facedown")


def score_of(values: list[tuple[float, int]], player: int) -> float:
    """:func:`_score` read from a :func:`board_values` list."""
    return values[player][0] - OPPONENT_WEIGHT * _best_rival(values, player)


def _score(board: Board, player: int, players: int, options: Options) -> float:
    """The mover's progress against the best opponent's (higher is better for ``player``)."""
    return score_of(board_values(board, players, options), player)


def _best_rival(values: list[tuple[float, int]], player: int) -> float:
    """The best value among ``player``'s opponents in a :func:`board_values` list."""
    return max(value for p, (value, _) in enumerate(values) if p != player)


def state_values(state: ForTheWinState) -> list[tuple[float, int]]:
    """:func:`board_values` of the state's board, worked out once per state and kept on it (the
    declared cache ``_values``): a search's cut-off scores every player of the same state
    (:func:`heuristic`), and its policy weighs moves against the state's own standing
    (:func:`standing`)."""
    found: list[tuple[float, int]] | None = state._recall("_values")
    if found is None:
        found = state._remember(
            "_values", board_values(state.board, state.n_players, state.rules.options)
        )
    return found


def standing(state: ForTheWinState, player: int) -> tuple[float, float]:
    """``player``'s :func:`_score` on the state's board and the best opponent's value there
    (which depends on the opponents' tiles only), from :func:`state_values`."""
    values = state_values(state)
    mine = values[player][0]
    theirs = _best_rival(values, player)
    return mine - OPPONENT_WEIGHT * theirs, theirs


def _winners_after(state: ForTheWinState, board: Board) -> set[int]:
    """Who would have completed the win condition on ``board`` (FW9-FW12)."""
    opts = state.rules.options
    if opts.win_needs_connected_grid and not grid_is_whole(board.keys(), opts):
        return set()
    return winning_players(board, state.n_players, opts)


def policy_move(state: ForTheWinState, rng: random.Random, samples: int = SAMPLES) -> Move:
    """The rollout policy's move: a win at once if a sampled move wins, else the sampled move
    that most improves the mover's progress against the opponents' (ties broken by ``rng``)."""
    opts = state.rules.options
    pos = state.position
    more = state.more_after_this
    specials = state.turn_moves()
    pool = action_pool(pos, more)
    drawn: list[Move]
    if len(specials) + len(pool) <= 2 * samples:  # few moves: look at every legal one
        drawn = specials + [cand[0] for cand in pool if allows(pos, cand, more)]
    else:
        drawn = list(
            dict.fromkeys(_draw(specials, pos, more, list(pool), rng) for _ in range(samples))
        )
    me = state.mover
    win = _winning_action(state, pool, more)
    if win is not None:
        return win
    here = _score(state.board, me, state.n_players, opts)
    best_move: Move | None = None
    best = float("-inf")
    for move in drawn:
        if isinstance(move, Action):
            board, _ = apply_action(pos, move)
            won = _winners_after(state, board)
            if won:
                if me in won and (len(won) == 1 or opts.simultaneous_win == "active"):
                    return move
                value = -_WIN
            else:
                value = _score(board, me, state.n_players, opts)
        else:
            value = here - 0.25  # ending the turn changes nothing; a useful action beats it
        value += rng.random() * 0.01
        if value > best:
            best, best_move = value, move
    assert best_move is not None
    return best_move


def _winning_action(state: ForTheWinState, pool: list[Candidate], more: int) -> Action | None:
    """The first legal action of ``pool`` after which the mover alone wins, looked for only when
    the mover is close (four kinds face up near each other, and all five kinds at hand)."""
    opts = state.rules.options
    board = state.board
    me = state.mover
    best, near, _, kinds = progress(board, me, opts)
    if max(best, near) < 4:
        return None
    pos = state.position
    if kinds < 5 and not any(pos.supply(me, kind) > 0 for kind in KINDS):
        return None
    for cand in pool:
        if not _may_help(pos, cand[0]):
            continue
        after, _ = apply_action(pos, cand[0])
        if progress(after, me, opts)[0] < 5:
            continue  # no chain of all five kinds for the mover
        won = _winners_after(state, after)
        mine = me in won and (len(won) == 1 or opts.simultaneous_win == "active")
        if mine and allows(pos, cand, more):
            return cand[0]
    return None


def _may_help(pos: Position, action: Action) -> bool:
    """Whether ``action`` changes the mover's own tiles (only such an action can complete the
    mover's chain, which links own face-up tiles only): a quick filter for the win scan."""
    board = pos.board
    me = pos.player
    if isinstance(action, (AlienPull, PirateBlast)):
        return board[action.tile].player == me
    if isinstance(action, ZombieInfect):
        return action.colour == me
    # the Ninja lands face down; a deactivation only turns a tile down
    return not isinstance(action, (NinjaJump, ZombieDeactivate))


def heuristic(state: ForTheWinState, player: int) -> float:
    """Progress toward the win for ``player`` against the best opponent, in ``[0, 1]``."""
    top = 10.0 * 5 + 4.0 * 5 + 2.0 * 5 + 5.0  # the largest _value
    values = state_values(state)
    mine = values[player][0]
    theirs = _best_rival(values, player)
    return 0.5 + 0.5 * (mine - theirs) / top
