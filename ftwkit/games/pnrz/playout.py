"""PNRZ rollout policy for search agents (MCTS); the evaluation is :mod:`.evaluation`.

``policy_move(state, rng)`` is a cheap, legal, rng-deterministic
rollout policy: it looks at a few random placements and keeps the one whose new quadrants touch
the most of the mover's own territory and the fewest of its arch-enemies (a local look, no
rescoring of the table); extra actions are skipped half the time, and everything else (picks,
base moves, passes) is uniform.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ftwkit.games.pnrz.notation import Place, Skip
from ftwkit.games.pnrz.placement import footprint
from ftwkit.games.pnrz.tiles import ENEMY, rotated, territory_of
from ftwkit.protocol import Move

if TYPE_CHECKING:
    from ftwkit.games.pnrz.state import PnrzState

__all__ = ["SAMPLES", "placement_value", "policy_move"]

SAMPLES = 8
"""How many random legal moves the policy compares."""

_SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))


def placement_value(state: PnrzState, move: Place) -> int:
    """A local score of a placement for the mover: own-territory contacts minus enemy contacts.

    Each quadrant of the new tile that is the mover's territory earns 1 per edge neighbour of
    the same character's territory and loses 1 per neighbouring arch-enemy of that character;
    each arch-enemy quadrant earns 1 per neighbouring opponent-owned territory it spoils.
    """
    own = set(state.characters[state.turn])
    owner = state.owner
    cells = state.cells
    quads = rotated(state.tile(move.tile).quads, move.rot)
    value = 0
    for (x, y), code in zip(footprint(move.at), quads, strict=True):
        mine = territory_of(code)
        for dx, dy in _SIDES:
            other = cells.get((x + dx, y + dy))
            if other is None:
                continue
            if mine in own:
                if territory_of(other) == mine:
                    value += 1
                elif other == ENEMY[mine]:
                    value -= 1
            elif mine is None:  # an arch-enemy quadrant
                victim = territory_of(other)
                if victim is not None and code == ENEMY[victim]:
                    value += 1 if owner.get(victim, state.turn) != state.turn else -1
    return value


def policy_move(state: PnrzState, rng: random.Random) -> Move:
    """A legal move for rollouts: the best of a few random placements by ``placement_value``."""
    moves = state.legal_moves()
    if state.pending:
        skip = moves[-1]
        if isinstance(skip, Skip) and rng.random() < 0.5:
            return skip
        return rng.choice(moves)
    if state.picking or len(moves) == 1:
        return rng.choice(moves)
    best: Move | None = None
    best_value = -1_000
    for _ in range(SAMPLES):
        move = rng.choice(moves)
        value = placement_value(state, move) if isinstance(move, Place) else 0
        if value > best_value:
            best, best_value = move, value
    assert best is not None
    return best
