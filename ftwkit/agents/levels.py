"""Named playing levels: what the explorer's "computer" menu offers.

A level is an agent name and its parameters, so ``make(name, **params)`` builds it. The search
levels are **iteration budgets**, so a level plays the same moves for a seed on every machine
(a time budget would depend on the machine and its load). ``normal`` is the default level: on the
development machine (2 shared cores) it chooses a move in about 2 s or less in every game (p95,
measured by ``benchmarks/agents_bench.py``); ``strong`` searches five times as long
in studies, and for people thinks for a fixed time.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

__all__ = [
    "DEFAULT_ITERATIONS",
    "LEVELS",
    "RANDOM_PLAY",
    "STRONG_SECONDS",
    "STUDY_ITERATIONS",
    "STUDY_LEVELS",
    "levels",
    "study_agent",
    "study_agents",
    "study_levels",
]

DEFAULT_ITERATIONS = 100
"""The ``mcts`` agent's iterations per decision at the default (``normal``) level, and when
``make("mcts")`` is given no budget."""

STUDY_LEVELS: MappingProxyType[str, tuple[str, dict[str, Any]]] = MappingProxyType(
    {
        "easy": ("greedy", {}),
        "normal": ("mcts", {"iterations": DEFAULT_ITERATIONS}),
        "strong": ("mcts", {"iterations": 5 * DEFAULT_ITERATIONS}),
    }
)
"""Levels for balance studies and :func:`make_level`: one ply of evaluation, the default search,
five times the search — every one an iteration budget, so reproducible on any machine."""

STRONG_SECONDS = 5.0
"""How long the people's ``strong`` level thinks per move."""

LEVELS: MappingProxyType[str, tuple[str, dict[str, Any]]] = MappingProxyType(
    {
        "easy": STUDY_LEVELS["easy"],
        "normal": STUDY_LEVELS["normal"],
        "strong": ("mcts", {"seconds": STRONG_SECONDS}),
    }
)
"""Levels for people (the explorer's seat menu): easy and normal as in :data:`STUDY_LEVELS`;
``strong`` thinks for :data:`STRONG_SECONDS` a move, as strong as the machine allows (a person
would rather wait a known time than for an iteration count whose time depends on the game)."""


def levels() -> dict[str, tuple[str, dict[str, Any]]]:
    """The people's levels, easiest first: name → (agent name, parameters for ``make``)."""
    return {name: (agent, dict(params)) for name, (agent, params) in LEVELS.items()}


def study_levels() -> dict[str, tuple[str, dict[str, Any]]]:
    """The reproducible levels, easiest first: name → (agent name, parameters for ``make``)."""
    return {name: (agent, dict(params)) for name, (agent, params) in STUDY_LEVELS.items()}


STUDY_ITERATIONS: MappingProxyType[str, int] = MappingProxyType(
    {
        "playwin": 2 * DEFAULT_ITERATIONS,
        "ftwcards": DEFAULT_ITERATIONS,
        "forthewin": DEFAULT_ITERATIONS,
        "doubleblind": DEFAULT_ITERATIONS,
        "pnrz": DEFAULT_ITERATIONS,
    }
)
"""Each game's default study budget (MCTS iterations per decision; information-set MCTS in the
hidden-hand games), chosen so a default study (100 games of search against search) answers in
minutes on two cores while the agent stays clearly stronger than one ply of evaluation (the
``greedy`` agent; ``benchmarks/agents_bench.py --pairs mcts-greedy``). The cost of a game grows
with the budget roughly in proportion. A game of search against search at these budgets cost
about 0.5 CPU-seconds in Play Win (at 200 iterations; ``benchmarks/analysis_bench.py --skilled
4``, load about 2), and, measured serially on an idle machine (``benchmarks/analysis_bench.py
--study-seeds``), 0.50 in FTW?! (mean of seeds 1-20, at most 0.54), 0.40 in Double Blind (seeds
1-20, at most 0.69), 2.6 in For the Win! (seeds 1-6, at most 6.1) and 4.0 in PNRZ (seeds 1-4),
so a default study of 200 games takes under 10 minutes on two idle cores in every game (PNRZ
about 7). Play Win is so cheap that it gets twice the budget; the others keep the explorer's
``normal`` level (lowering it costs strength, which a balance finding must not depend on).
Games not listed use :data:`DEFAULT_ITERATIONS`.

PNRZ falls short of "clearly stronger" (the goal: at least 70 % of 100 games against greedy play,
the 95 % interval above 0.6), now against a much stronger greedy agent. With the prospect
evaluation of :mod:`ftwkit.games.pnrz.evaluation` (the tally plus what held and pending extra
actions are still worth) its study level won 48 of the first 100 games of
``benchmarks/agents_bench.py pnrz --pairs mcts-greedy`` (3 draws, 49 losses; 0.48, 95 % Wilson
interval [0.38, 0.58]; game ``i`` seeded by ``i``, seats alternated), where the greedy agent
maximises the same evaluation. Both agents gained from it far more than that tie shows (measured
against the tally lead restored in a scratch copy, same seeds): the greedy agent with the prospect
evaluation beat the one with the tally lead in 43 of the first 50 games (0.86, [0.74, 0.93]); the
study level with it beat the tally-lead greedy agent in 82 of the first 100 (2 draws; [0.73,
0.88]) and the tally-lead study level in 21 of the first 30 (3 draws, 6 losses). A
search-against-search game costs about what it did (6.6 CPU-seconds against 6.3 with the tally
lead, seeds 1-4, measured side by side at a load below 1). At 100 iterations the search
adds little to one ply of this evaluation; two screens on games 24-47, where the study level
won 8 and drew 1, did no better: rollouts cut at 0 plies won 9 and drew 2; rollouts whose
extra-action steps are the best of 6 of their moves by the tally lead won 6 of games 24-38 (the
study level: 3 and a draw) at twice the cost. What the search does not see is what placing an
action tile leads to (valued at :data:`~ftwkit.games.pnrz.evaluation.PENDING`, whichever action
would follow) and the rival's best reply.

How much better any fair agent could do, measured from above: an agent that sees everything
(``tools/hidden_ceiling.py``: its determinizations are the true position, every hand and the
stack in its real order, so it knows every future draw) against the same greedy play on the
same 100 games. Greedy play that sees everything won 57 (4 draws; 0.57, [0.47, 0.66]); the study
level that sees everything won 59 (6 draws; 0.59, [0.49, 0.68]); with five times the budget
(500 iterations) it still won 59 (1 draw; [0.49, 0.68]; 24 of the first 40 at both budgets).
Even knowing the tiles, search at the study budget or five times it stays far from 70 %: against
an opponent maximising this evaluation, the draws decide more PNRZ games than the play beyond one
ply does, and a fair agent (which must guess the tiles) has less room still. Reaching the goal
needs a better evaluation than the one greedy play maximises, which the screens below and in
:mod:`ftwkit.games.pnrz.evaluation` did not find.

A look at the first of those did no better. Valuing the turn, not the ply, at the root (the best
1 or 3 root moves by prior after which the same player moves again, such as placing an action
tile, valued by their best follow-up move scored one ply, and searched from those follow-ups'
priors; a scratch option of the search, not kept) won 8 of the first 24 and 10 of games 24-47
with 1 move, 9 and a draw of the first 24 with 3, where the study level won 17 of the first 24 (a
lucky start, see below) and 8 and a draw of games 24-47. Choosing the root move by its mean
value (prior included) instead of its visits won 8 of games 24-47 (the study level: 8 and a
draw); the evaluation's :data:`~ftwkit.games.pnrz.evaluation.SCALE` at 12 or 20 instead of 6
(both agents) won 3 of the first 8 and 4 of the first 9 (the study level: 6 of 8). A root prior
averaged over 3 determinizations instead of 1 (``prior_samples``; greedy play averages 2) won 47
of all 100 (6 draws; [0.38, 0.57]) at 9.5 CPU-seconds a search-against-search game instead of
6.3 (seeds 1-4, load about 3): 11 and 3 draws of games 24-47 and 13 of games 48-71 (the study
level: 8 and a draw, 9 and a draw) but 10 and 2 draws of the first 24; with 2, 10 and 2 draws of
games 24-47. The study level won 17 of the first 24 (31 and 3 draws of the other 76): a game's
result flips with small changes of either agent, so a 24-game screen shows only big gains.

Why search adds nothing to one ply here: before the final turns the prospect lead hardly says who
will win. In 70 games of greedy play against itself (seeds 1000-1069, seat 0's view), a lead of
10 points or more with 11 to 45 tiles in the stack was held by the eventual winner in 0.34 to 0.50
of positions (the tally lead alone, recorded in the last 30 games: 0.54 to 0.86), with 1 to 10
tiles left in 0.45 to 0.61, and in the final turns in 0.81 to 0.85 (positions of one game are
not independent: rough numbers). A cut-off two plies deep therefore scores noise, and where
the value saturates (above 0.95, a prospect lead of about 18 points) the visits spread evenly over
the best few root moves (the most visited with 11-13 % of them), so the search plays one of them
almost at random where greedy play keeps maximising the lead: in game 6 the study level's value
stayed above 0.98 from 17 tiles left to 6 and it lost 20 to 26. A study level clearly above
greedy play needs an evaluation that predicts the winner (what held action tiles are worth
against the tally, when they are spent), not more search of this one.

Such forecasts were then fitted and screened (``tools/fit_pnrz_forecast.py``; the numbers in
:mod:`ftwkit.games.pnrz.evaluation`), and none made the study level stronger: a calibrated
forecast (the prospect lead over a scale growing with the stack, log-loss 0.654 held out against
1.07 for this evaluation) leaves the root's values within about 0.01 of each other, and the
search won 1 of games 24-29; counting a rival's hidden hand as richer in action tiles than the
unseen share (how players hoard them; log-loss 0.97) won 16 and drew 2 of 39 games. What decides
here is the search itself: 100 iterations spread their visits over a dozen root moves (the most
visited gets 11 to 24), so the search mostly plays the prior's best move, as greedy play does,
and departs from it on a few noisy rollouts. Nor is the noise of the tiles each iteration's
determinization deals (a drawn action tile is worth 8 points) what holds it back: drawing one
determinization per decision instead of one per iteration (a scratch change of the search, not
kept) won 52 and drew 5 of all 100 games (0.52, [0.42, 0.62]; 10 and 2 draws of the first 24,
17 of games 24-47, 9 of games 48-71).

With the tally lead alone the study level won 55 of the first 100 (0.55, [0.45, 0.64], no draws).
Search settings screened then on the same games (``--mcts-params``), against the study level's
15 of the first 24, 11 of the first 18, 9 of the first 16, 5 of the first 10, 3 of the first 7
and 3 of the first 6 — none did better:

* a heavier one-ply prior (30 virtual visits instead of 8): 11 of the first 16, then 24 wins and
  a draw of the first 43, where the study level won 26 of those 43;
* greedy replies below the root (each new child and rollout ply the best of 4 policy draws by
  the mover's own evaluation): 14 of 24, at about 1.5 times the time;
* a two-ply look at the root (the best 4 moves by the prior re-valued by the position after the
  opponent's best one-ply reply, in one determinization): 1 of the first 6, at about 3 times the
  time; with the best 6 moves 0 of the first 2;
* only the best 6 root moves by prior searched: 13 wins and 2 draws of 24;
* exploration 0.1: 3 of the first 10; exploration 1.0: 7 wins and 2 draws of the first 18;
* rollouts cut at 1 ply instead of 2: 4 of the first 7; in an earlier measurement at 0 plies 6 of
  the first 16 (2 plies then: 9) and at 6 plies 1 of 6 (2 plies then: 2);
* twice the budget (200 iterations): 2 wins and a draw of the first 7.
* five times the budget (500 iterations): 12 of the first 24 (the study level: 15).

Each screen was small (24 games give about ±0.2), but none came out ahead over the games it
played, twice the budget among them; the evaluation was the lever for strength."""

RANDOM_PLAY = "random"
"""The uniform random agent: its numbers are labelled "random play" wherever they appear."""


def study_agent(game: str) -> tuple[str, dict[str, Any]]:
    """A game's study-level agent: ``("mcts", {"iterations": budget})`` (see
    :data:`STUDY_ITERATIONS`)."""
    return "mcts", {"iterations": STUDY_ITERATIONS.get(game, DEFAULT_ITERATIONS)}


def study_agents(game: str, players: int) -> list[tuple[str, dict[str, Any]]]:
    """The default agents of a balance study: the game's study-level agent in every seat."""
    return [study_agent(game) for _ in range(players)]
