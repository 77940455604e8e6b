"""PNRZ's evaluation of a running position: what the greedy agent maximises and MCTS's cut-off.

``evaluate(state, player)`` is a chance-like value in ``[0, 1]``: a logistic curve of the
player's *prospect* lead over the best rival. A player's prospect is their tally
(``state.scores``: what they would score if the game ended now) plus what their extra actions are
still worth:

* each **action tile held** (a Rotate, Swap or Replace icon; at most :data:`HELD_CAP` count, as
  one can be used a turn) is worth :data:`HOLD` points while the stack is full, fading linearly to
  nothing over the last :data:`FADE` tiles of the stack;
* an extra action **about to be taken** (the player's pending Rotate, Swap or Replace step) is
  worth :data:`PENDING` points.

Even prospects are worth 0.5; a prospect lead of ``SCALE`` points (about a base) is worth
``1 / (1 + e^-1)`` ≈ 0.73. Finished games are scored by :meth:`ftwkit.protocol.State.evaluate`
(1 for a win), not here.

Why: in PNRZ the big swings are extra actions — a Swap or Rotate routinely takes 10 to 30 points
off a rival's best section, where a placement adds a few — and an action late in the game is
final, while one early is repaired. The tally lead alone plays every action tile as soon as its
placement looks best and its action as soon as it gains anything. Holding is worth more than
:data:`PENDING` while the stack is full, so the agents keep action tiles (placing the plain ones)
and use them when the gain beats what holding is still worth, all of them by the end. The worth
fades with the stack, not with the turns left: a base move draws no tile, and a worth that a base
move could keep would make both agents stall.

Rivals' hands are hidden: the prospect of a rival counts their play tiles at the share of action
tiles among the tiles ``player`` cannot see (the other hands and the stack), not the tiles a
sampled position dealt them. That share is the same in every determinization of one position, so
the search's rewards do not swing with each sample's deal (otherwise by about 6 points from one
deal to the next).

Measured on seeded games of ``benchmarks/agents_bench.py pnrz`` (game ``i`` seeded by ``i``,
seats alternated) against the tally lead alone, restored in a scratch copy: the greedy agent
maximising the prospect lead beat the one maximising the tally lead in 43 of the first 50 games
(0.86, 95 % interval [0.74, 0.93]); the study-level search with it beat the tally-lead greedy
agent in 82 of the first 100 (2 draws; [0.73, 0.88]) and the tally-lead search in 21 of the
first 30 (3 draws). It lifts one ply of look-ahead as much as the search: with both agents using
it the study level won 48 of the first 100 against greedy play (3 draws; 0.48, [0.38, 0.58]; see
:data:`ftwkit.agents.levels.STUDY_ITERATIONS`).
The constants were the best of the variants screened on the first 24 games: holding capped by the
turns a player has left (instead of fading with the stack) made both agents stall with base moves
(a base move draws no tile, so the clock stops) until the ply cap; ``HOLD`` 6, ``PENDING`` 3 and a
fade over 12 tiles gained less (greedy play: 12 wins and 2 draws of the first 22 against the
tally lead).
As a forecast the prospect lead is poor: in greedy play against itself a lead of 10 points or
more with 11 to 45 tiles in the stack was held by the eventual winner in only 0.34 to 0.50 of
positions (the tally lead: 0.54 to 0.86; in the final turns both about 0.8), likely why the
search adds nothing to one ply of it (numbers in :data:`ftwkit.agents.levels.STUDY_ITERATIONS`).
Earlier refinements of the tally lead did worse: counting each player's room to grow and
arch-enemy contacts, or a quarter of each player's exposed points as lost already.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ftwkit.games.pnrz.tiles import ICONS, TileSet

if TYPE_CHECKING:
    from ftwkit.games.pnrz.state import PnrzState

__all__ = ["FADE", "HELD_CAP", "HOLD", "PENDING", "SCALE", "evaluate", "prospects"]

SCALE = 6.0
"""Points of prospect lead for which the evaluation reaches ``1 / (1 + e^-1)`` ≈ 0.73."""

HOLD = 8.0
"""Points an action tile in hand is worth while the stack holds at least :data:`FADE` tiles."""

PENDING = 4.0
"""Points the player's pending extra action (Rotate, Swap or Replace step) is worth."""

HELD_CAP = 3
"""At most this many held action tiles count."""

FADE = 8
"""Over the last this many tiles of the stack a held action tile's worth fades to nothing."""


def evaluate(state: PnrzState, player: int) -> float:
    """The player's value in ``[0, 1]``: logistic in their prospect lead over the best rival."""
    values = prospects(state, player)
    rival = max(v for seat, v in enumerate(values) if seat != player)
    return 1.0 / (1.0 + math.exp(-(values[player] - rival) / SCALE))


def prospects(state: PnrzState, view: int) -> list[float]:
    """Every seat's tally plus what their extra actions are worth, as ``view`` can know it.

    ``view``'s own hand is counted tile by tile; another seat's play tiles count at the share of
    action tiles among the tiles ``view`` cannot see.
    """
    tiles = state.tile_set
    action = tiles.is_action.__getitem__
    fade = HOLD * min(1.0, len(state.draw) / FADE)
    share = _unseen_action_share(state, view, tiles) if fade else 0.0
    values: list[float] = []
    for seat, (score, hand) in enumerate(zip(state.scores, state.hands, strict=True)):
        if seat == view:
            held = float(sum(map(action, hand)))
        else:
            held = share * sum(map(tiles.is_play.__getitem__, hand))
        values.append(score + fade * min(held, HELD_CAP))
    if state.pending and state.pending[0] in ICONS:
        values[state.turn] += PENDING
    return values


def _unseen_action_share(state: PnrzState, view: int, tiles: TileSet) -> float:
    """The share of action tiles among the play tiles ``view`` cannot see (other hands, stack)."""
    action, play = tiles.is_action.__getitem__, tiles.is_play.__getitem__
    unseen = len(state.draw)
    actions = sum(map(action, state.draw))
    for seat, hand in enumerate(state.hands):
        if seat != view:
            unseen += sum(map(play, hand))
            actions += sum(map(action, hand))
    return actions / unseen if unseen else 0.0
