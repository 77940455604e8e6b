"""The agents in numbers: decision speed per game and a round-robin table with 95 % intervals.

For every game (or those named), prints:

1. **Random self-play overhead**: plies/s of ``ftwkit.play`` with two random agents divided by
   plies/s of a bare ``random_move`` loop, measured in the same run (what the agent's per-decision
   seeding costs).
2. **Decisions**: per agent at its default level (``random``, ``greedy``, ``mcts`` with the
   budget given on the command line, default: the reproducible iteration default), decisions/s
   and the median / p95 / max milliseconds of one decision over the positions of seeded games.
3. **Round robin**: every pair of agents plays ``--games`` games, seats alternated, game ``i``
   seeded by ``i``; the table gives wins, draws (including games stopped at ``--max-plies``) and
   losses of the row agent, its win rate and the 95 % Wilson interval (``scipy.stats``).

    python benchmarks/agents_bench.py [--games 50] [--iterations N] [--seconds S]
        [--max-rollout-plies K] [--level normal] [--max-plies 400] [--decisions 20] [game ...]

A ``seconds`` budget depends on the machine and its load; ``iterations`` reproduce exactly.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from typing import Any

from scipy.stats import binomtest

import ftwkit
from ftwkit import agents

Spec = tuple[str, dict[str, Any]]


def self_play_overhead(game: str, games: int = 10, max_plies: int = 300) -> tuple[float, float]:
    """Plies/s of a bare random-move loop and of ``ftwkit.play`` with random agents."""
    rules = ftwkit.rules(game)
    rules.new(seed=0).legal_moves()  # warm lazily built tables
    plain_plies = agent_plies = 0
    plain_time = agent_time = 0.0
    for i in range(games):
        start = time.perf_counter()
        state = rules.new(seed=i)
        rng = random.Random(i)
        for _ in range(max_plies):
            if state.is_over:
                break
            state = state.play_unchecked(state.random_move(rng))
            plain_plies += 1
        plain_time += time.perf_counter() - start
        start = time.perf_counter()
        seats = [agents.make("random", seed=i * 10 + p) for p in range(state.players)]
        final = ftwkit.play(rules.new(seed=i), seats, max_plies=max_plies)
        agent_time += time.perf_counter() - start
        agent_plies += len(final.moves())
    return plain_plies / plain_time, agent_plies / agent_time


def decision_times(game: str, spec: Spec, decisions: int, max_plies: int) -> list[float]:
    """Seconds per decision of ``spec`` over the positions of seeded greedy-vs-random games.

    The positions come from games of the agent against random (so every agent is timed on
    similar, realistic positions), at most ``decisions`` decisions of the agent.
    """
    rules = ftwkit.rules(game)
    times: list[float] = []
    game_index = 0
    while len(times) < decisions and game_index < 50:
        state = rules.new(seed=1000 + game_index)
        agent = agents.make(spec[0], seed=game_index, **spec[1])
        other = agents.make("random", seed=game_index)
        plies = 0
        while not state.is_over and plies < max_plies and len(times) < decisions:
            if state.to_play == 0:
                start = time.perf_counter()
                move = agent.choose(state)
                times.append(time.perf_counter() - start)
            else:
                move = other.choose(state)
            state = state.play_unchecked(move)
            plies += 1
        game_index += 1
    return times


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def match(game: str, a: Spec, b: Spec, games: int, max_plies: int) -> tuple[int, int, int]:
    """(wins, draws, losses) of ``a`` against ``b``; seats alternate, game ``i`` has seed ``i``.

    A shared win and a game stopped at ``max_plies`` count as draws.
    """
    rules = ftwkit.rules(game)
    wins = draws = losses = 0
    for i in range(games):
        seat = i % 2
        mine = agents.make(a[0], seed=2 * i, **a[1])
        theirs = agents.make(b[0], seed=2 * i + 1, **b[1])
        seats = [mine, theirs] if seat == 0 else [theirs, mine]
        final = ftwkit.play(rules.new(seed=i), seats, max_plies=max_plies)
        if final.is_over and final.winners == (seat,):
            wins += 1
        elif final.is_over and final.winners == (1 - seat,):
            losses += 1
        else:
            draws += 1
    return wins, draws, losses


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    ci = binomtest(successes, trials).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games_ids", nargs="*", metavar="game", default=list(ftwkit.game_ids()))
    parser.add_argument("--games", type=int, default=50, help="games per pairing")
    parser.add_argument("--iterations", type=int, default=None, help="MCTS iterations")
    parser.add_argument("--seconds", type=float, default=None, help="MCTS seconds per move")
    parser.add_argument("--max-rollout-plies", type=int, default=None)
    parser.add_argument("--prior-visits", type=int, default=None)
    parser.add_argument("--level", default=None, help="use a named level for MCTS (normal…)")
    parser.add_argument("--max-plies", type=int, default=400, help="cap per game (a draw)")
    parser.add_argument("--decisions", type=int, default=20, help="timed decisions per agent")
    parser.add_argument("--skip-round-robin", action="store_true")
    args = parser.parse_args()
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)  # long runs: show each line as it comes

    mcts_params: dict[str, Any] = {}
    if args.level is not None:
        name, mcts_params = agents.levels()[args.level]
        if name != "mcts":
            parser.error(f"level {args.level!r} is not an MCTS level")
    for key in ("iterations", "seconds", "max_rollout_plies", "prior_visits"):
        value = getattr(args, key)
        if value is not None:
            mcts_params[key] = value
    specs: list[Spec] = [("random", {}), ("greedy", {}), ("mcts", mcts_params)]
    agents.names()  # import the agent modules before anything is timed
    print(f"MCTS: {agents.make('mcts', **mcts_params)!r}")

    for game in args.games_ids:
        rules = ftwkit.rules(game)
        print(f"\n== {game} (hidden information: {rules.hidden_information})")
        plain, with_agents = self_play_overhead(game)
        print(
            f"random self-play: {with_agents:8.0f} plies/s with agents, {plain:8.0f} bare, "
            f"ratio {with_agents / plain:.2f}"
        )
        print(f"{'agent':8} {'decisions/s':>12} {'median ms':>10} {'p95 ms':>9} {'max ms':>9} n")
        for spec in specs:
            times = decision_times(game, spec, args.decisions, args.max_plies)
            print(
                f"{spec[0]:8} {len(times) / sum(times):12.1f} "
                f"{statistics.median(times) * 1000:10.1f} {percentile(times, 0.95) * 1000:9.1f} "
                f"{max(times) * 1000:9.1f} {len(times)}"
            )
        if args.skip_round_robin:
            continue
        print(f"round robin, {args.games} games per pair, seats alternated (row vs column):")
        print(f"{'row':8} {'column':8} {'W':>4} {'D':>4} {'L':>4} {'win rate':>9}  95 % Wilson")
        for a, b in itertools.permutations(specs, 2):
            if specs.index(a) > specs.index(b):
                continue
            start = time.perf_counter()
            wins, draws, losses = match(game, a, b, args.games, args.max_plies)
            low, high = wilson(wins, args.games)
            low_b, high_b = wilson(losses, args.games)
            elapsed = time.perf_counter() - start
            print(
                f"{a[0]:8} {b[0]:8} {wins:4d} {draws:4d} {losses:4d} {wins / args.games:9.2f}  "
                f"[{low:.2f}, {high:.2f}]   ({b[0]} {losses / args.games:.2f} "
                f"[{low_b:.2f}, {high_b:.2f}]; {elapsed:.0f} s)"
            )


if __name__ == "__main__":
    main()
