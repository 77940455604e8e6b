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

A calibrated forecast of the win does not make the search stronger either. Measured with
``tools/fit_pnrz_forecast.py`` (the commands in its docstring: 79 seeded games outside 0-99,
greedy against greedy and the study level against greedy, 12 470 positions seen by each seat;
fitted on the games of even seeds, scored on the odd ones): as a forecast this evaluation is
overconfident and biased, log-loss 1.07 (a coin: 0.69) and positions it rates above 0.9 won in
0.64 of cases, below 0.1 in 0.26 — every player counts its own hoard of action tiles (2.2 to 2.9
held with 11 to 39 tiles in the stack) against a rival's estimated at the unseen share (1.2 to
1.4). Two changes make better forecasts:

* ``logistic(prospect lead / (6.7 + 2.9 * stack))``: log-loss 0.654 (by stage: 0.69 above 30
  tiles, 0.63 with 1 to 10 left, 0.45 in the final lap; the tally lead forecast the same way:
  0.660), calibrated within about 0.08;
* a rival's play tile counted as an action tile at the unseen share plus 0.29 once 30 tiles are
  dealt or drawn (at most the unseen action tiles; the tool's least squares fit 0.22 to 0.30 for
  15 to 45 tiles): log-loss 0.97, and monotone — 0.35 of positions rated below 0.1 won, 0.69
  above 0.9.

Neither won more often against greedy play with the same evaluation
(``benchmarks/agents_bench.py pnrz --pairs mcts-greedy``, the variant in a scratch copy;
this evaluation won 8 and drew 1 of games 24-47). The calibrated scale leaves the root's
values within 0.01 to 0.03 of each other (0.52 to 0.57 with 10 to 40 tiles in the stack),
so the 100 visits spread evenly and the search plays almost at random: it won 1 of games
24-29 (with ``6 + stack``: 2 of 6). Sharpened three times (``2.5 + 0.9 * stack``) it won
12 of games 24-47 and 10 of games 0-11 and 48-59 (22 of 48), a constant ``SCALE`` of 3
won 11 of games 24-47. The hoard won 7 and drew 1 of games 0-18 and won 9 and drew 1 of
games 48-67 (16 and 2 draws of 39: 0.41, where this evaluation won 48 of 100; not limited
by the unseen action tiles it won 14 of games 24-47 but 6 and a draw of games 48-65),
with ``2.55 + 0.69 * stack`` as scale it won 6 and drew 1 of games 24-39; greedy play with the
hoard won 11 and drew 1 of the first 26 against greedy play with this evaluation. A
better forecast is not the lever while 100 iterations spread their visits over a dozen
root moves: with this evaluation the most visited root move got 11 to 24 of the 100 in a
greedy game's positions with 40, 25 and 10 tiles left.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ftwkit.games.pnrz.tiles import ICONS, TileSet

if TYPE_CHECKING:
    from ftwkit.games.pnrz.state import PnrzState

__all__ = [
    "FADE",
    "HELD_CAP",
    "HOLD",
    "PENDING",
    "SCALE",
    "evaluate",
    "prospects",
    "unseen_action_share",
]

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
    rival = max(values[:player] + values[player + 1 :])
    return 1.0 / (1.0 + math.exp(-(values[player] - rival) / SCALE))


def prospects(state: PnrzState, view: int) -> list[float]:
    """Every seat's tally plus what their extra actions are worth, as ``view`` can know it.

    ``view``'s own hand is counted tile by tile; another seat's play tiles count at the share of
    action tiles among the tiles ``view`` cannot see.
    """
    tiles = state.tile_set
    action = tiles.is_action.__getitem__
    fade = HOLD * min(1.0, len(state.draw) / FADE)
    share = unseen_action_share(state, view, tiles) if fade else 0.0
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


def unseen_action_share(state: PnrzState, view: int, tiles: TileSet) -> float:
    """The share of action tiles among the play tiles ``view`` cannot see (other hands, stack);
    also a feature of ``tools/fit_pnrz_forecast.py``."""
    action, play = tiles.is_action.__getitem__, tiles.is_play.__getitem__
    unseen = len(state.draw)
    actions = sum(map(action, state.draw))
    for seat, hand in enumerate(state.hands):
        if seat != view:
            unseen += sum(map(play, hand))
            actions += sum(map(action, hand))
    return actions / unseen if unseen else 0.0
