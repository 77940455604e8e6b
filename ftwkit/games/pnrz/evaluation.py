"""PNRZ's evaluation of a running position: what the greedy agent maximises and MCTS's cut-off.

``evaluate(state, player)`` is a chance-like value in ``[0, 1]``: a logistic curve of the
player's lead over the best rival, where each player's points are the current tally
(``state.scores``: what they would score if the game ended now) less a share of their
**exposed** points. A quadrant that scores in a character's best section and has an empty edge
neighbour can still be spoiled: a rival may lay a tile there whose arch-enemy quadrant touches
it, and it then scores 0 (PN5). Counting ``EXPOSURE`` of each exposed point as already at risk
makes a one-ply look prefer the placement that closes its best section over the one that leaves
it open, and a spoiling placement next to a rival's open section more. Quadrants already beside
their arch-enemy score 0 in the tally and are not counted again. Bases are never exposed here:
a base's 5 points belong to the whole section and by default (``base_negatable = false``) no
arch-enemy takes them away.

With the tally lead alone (the previous evaluation) the study-level MCTS won 4 of the first 8
games of ``benchmarks/agents_bench.py``'s pairing against the greedy agent; with this one (both
agents using it) it won 5, drew 2 and lost 1.

Even positions are worth 0.5; a lead of ``SCALE`` points is worth ``1 / (1 + e^-1)`` ≈ 0.73.
Finished games are scored by :meth:`ftwkit.protocol.State.evaluate` (1 for a win), not here.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ftwkit.games.pnrz.tiles import BASES, BONUS, ENEMY

if TYPE_CHECKING:
    from ftwkit.games.pnrz.state import PnrzState

__all__ = ["EXPOSURE", "SCALE", "evaluate", "exposed_points"]

SCALE = 6.0
"""Points of lead for which the evaluation reaches ``1 / (1 + e^-1)`` ≈ 0.73."""
EXPOSURE = 0.25
"""The share of an exposed point counted as lost already (see the module docstring)."""

_SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))


def exposed_points(state: PnrzState) -> tuple[float, ...]:
    """Per player: the points of their best sections' scoring quadrants that have an empty edge
    neighbour and no arch-enemy beside them yet (a bonus item counts 3, a character 1)."""
    cells = state.cells
    best = state.sections()
    out = []
    for characters in state.characters:
        total = 0.0
        for character in characters:
            value, group = best[character]
            if value <= 0:
                continue
            enemy, bonus, base = ENEMY[character], BONUS[character], BASES[character]
            for x, y in group:
                code = cells[(x, y)]
                if code == base:
                    continue
                around = [cells.get((x + dx, y + dy)) for dx, dy in _SIDES]
                if None in around and enemy not in around:
                    total += 3 if code == bonus else 1
        out.append(total)
    return tuple(out)


def evaluate(state: PnrzState, player: int) -> float:
    """The player's value in ``[0, 1]``: logistic in their lead over the best rival, each
    player's tally less ``EXPOSURE`` of their exposed points."""
    points = [s - EXPOSURE * e for s, e in zip(state.scores, exposed_points(state), strict=True)]
    rival = max(p for seat, p in enumerate(points) if seat != player)
    return 1.0 / (1.0 + math.exp(-(points[player] - rival) / SCALE))
