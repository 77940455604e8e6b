"""PNRZ's evaluation of a running position: what the greedy agent maximises and MCTS's cut-off.

``evaluate(state, player)`` is a chance-like value in ``[0, 1]``: a logistic curve of the
player's lead over the best rival in the current tally (``state.scores``: what each player would
score if the game ended now). Even positions are worth 0.5; a lead of ``SCALE`` points (about a
base) is worth ``1 / (1 + e^-1)`` ≈ 0.73. Finished games are scored by
:meth:`ftwkit.protocol.State.evaluate` (1 for a win), not here.

Why the tally lead and nothing more: two refinements were measured and both did worse. One that
also counted each player's room to grow and arch-enemy contacts, and one that counted a quarter
of each player's *exposed* points (best-section quadrants beside an empty cell, which a rival
could still spoil) as lost already: with it the study-level MCTS won 27, drew 3 and lost 27 of
57 seeded games against the greedy agent (both agents using it), where the tally lead won 0.64
of 50 in an earlier measurement; on the same first 24 games both won 15. Over the first 100
seeded games the study level with the tally lead won 55 (0.55, 95 % interval [0.45, 0.64]), and
no change of the search alone did better (see :data:`ftwkit.agents.levels.STUDY_ITERATIONS`): a
better evaluation is what PNRZ's search still lacks.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ftwkit.games.pnrz.state import PnrzState

__all__ = ["SCALE", "evaluate"]

SCALE = 6.0
"""Points of lead for which the evaluation reaches ``1 / (1 + e^-1)`` ≈ 0.73."""


def evaluate(state: PnrzState, player: int) -> float:
    """The player's value in ``[0, 1]``: logistic in their tally lead over the best rival."""
    scores = state.scores
    rival = max(s for seat, s in enumerate(scores) if seat != player)
    return 1.0 / (1.0 + math.exp(-(scores[player] - rival) / SCALE))
