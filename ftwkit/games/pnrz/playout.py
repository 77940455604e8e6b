"""PNRZ rollout policy for search agents (MCTS); the evaluation is :mod:`.evaluation`.

``policy_move(state, rng)`` is a cheap, legal, rng-deterministic
rollout policy: it looks at a few random placements and keeps the one whose new quadrants touch
the most of the mover's own territory and the fewest of its arch-enemies (a local look, no
rescoring of the table); extra actions are skipped half the time, and everything else (picks,
base moves, passes) is uniform.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ftwkit.games.pnrz.notation import Place
from ftwkit.games.pnrz.shared_moves import SKIP
from ftwkit.games.pnrz.tiles import ENEMY, TERRITORY, VICTIM, rotated
from ftwkit.protocol import Move

if TYPE_CHECKING:
    from ftwkit.games.pnrz.state import PnrzState

__all__ = ["SAMPLES", "best_of", "placement_value", "policy_move"]

SAMPLES = 8
"""How many random legal moves the policy compares."""

_OUTSIDE: tuple[tuple[int, int, int, int], ...] = (
    (0, -1, -1, 0),
    (1, -1, 2, 0),
    (2, 1, 1, 2),
    (-1, 1, 0, 2),
)
"""Per quadrant of a tile (NW, NE, SE, SW), the offsets from its anchor of its two edge
neighbours outside the tile (its other two are quadrants of the tile itself)."""


def placement_value(state: PnrzState, move: Place) -> int:
    """A local score of a placement for the mover: own-territory contacts minus enemy contacts.

    Each quadrant of the new tile that is the mover's territory earns 1 per edge neighbour of
    the same character's territory and loses 1 per neighbouring arch-enemy of that character;
    each arch-enemy quadrant earns 1 per neighbouring opponent-owned territory it spoils (and
    loses 1 per neighbouring territory of the mover's own or an unowned character). Only the
    two neighbours of each quadrant outside the tile are looked at: a placement's four cells
    are empty before it (the other two neighbours of each quadrant are among them).
    """
    return _valuer(state)(move)


def _valuer(state: PnrzState) -> Callable[[Place], int]:
    """:func:`placement_value` for placements in ``state``, what it reads of the state looked up
    once (the policy values several placements of one position)."""
    turn = state.turn
    own = state.characters[turn]
    owner = state.owner
    get = state.cells.get
    tile = state.tile_set.tile

    def value_of(move: Place) -> int:
        x, y = move.at
        value = 0
        for ax, ay, bx, by, who, enemy in _looks(tile(move.tile).quads, move.rot):
            if enemy is not None:  # the mover's territory, if ``who`` is theirs
                if who not in own:
                    continue
                for other in (get((x + ax, y + ay)), get((x + bx, y + by))):
                    if other is None:
                        continue
                    if TERRITORY.get(other) == who:
                        value += 1
                    elif other == enemy:
                        value -= 1
                continue
            # an arch-enemy quadrant: it spoils the territory of ``who``
            spoils = 1 if owner.get(who, turn) != turn else -1
            if TERRITORY.get(get((x + ax, y + ay))) == who:
                value += spoils
            if TERRITORY.get(get((x + bx, y + by))) == who:
                value += spoils
        return value

    return value_of


Look = tuple[int, int, int, int, str, str | None]
"""A quadrant :func:`placement_value` looks at: the offsets of its two edge neighbours outside
the tile (``_OUTSIDE``), the character concerned and, for its territory, that character's
arch-enemy (``None`` for an arch-enemy quadrant, which spoils the character's territory)."""


@functools.lru_cache(maxsize=4096)
def _looks(quads: tuple[str, ...], rot: int) -> tuple[Look, ...]:
    """The quadrants of a tile in one rotation that :func:`placement_value` looks at, in
    order (NW, NE, SE, SW): the territory and arch-enemy quadrants (worked out once per tile and
    rotation; the policy values thousands of placements)."""
    out: list[Look] = []
    for (ax, ay, bx, by), code in zip(_OUTSIDE, rotated(quads, rot), strict=True):
        mine = TERRITORY.get(code)
        if mine is not None:
            out.append((ax, ay, bx, by, mine, ENEMY[mine]))
        elif (victim := VICTIM.get(code)) is not None:
            out.append((ax, ay, bx, by, victim, None))
    return tuple(out)


def best_of(state: PnrzState, moves: Iterable[Move]) -> Move:
    """The first of ``moves`` (legal moves of ``state``) with the highest
    :func:`placement_value`; a move that is not a placement is worth 0."""
    value_of = _valuer(state)
    best: Move | None = None
    best_value = -1_000
    for move in moves:
        value = value_of(move) if isinstance(move, Place) else 0
        if value > best_value:
            best, best_value = move, value
    assert best is not None
    return best


def policy_move(state: PnrzState, rng: random.Random) -> Move:
    """A legal move for rollouts: the best of a few random placements by ``placement_value``.

    A pending Rotate, Swap or Replace step is skipped half the time: its move list (up to
    hundreds of swaps) ends with the one ``Skip`` and is built only when the coin says to draw
    from it.
    """
    if state.pending:
        if state.pending[0] != "orient" and rng.random() < 0.5:
            return SKIP
        return rng.choice(state.legal_moves())
    moves = state.legal_moves()
    if state.picking or len(moves) == 1:
        return rng.choice(moves)
    return best_of(state, [rng.choice(moves) for _ in range(SAMPLES)])
