"""The agents in numbers: decision speed per game and a round-robin table with 95 % intervals.

For every game (or those named), prints:

1. **Decisions**: per agent at its default level (``random``; ``greedy``, the ``easy`` level;
   ``mcts``, the ``normal`` level of :func:`ftwkit.agents.levels`, or the budget given on the
   command line), decisions/s and the median / p95 / max milliseconds of one decision, and the
   p95 of its CPU time (what the decision costs, whatever else loads the machine), over every
   decision the agent made in the round-robin games (so over whole games); with
   ``--skip-round-robin``, over ``--decisions`` decisions of seeded games against random.
2. **Round robin**: every pair of agents plays ``--games`` games, seats alternated (game ``i``:
   the row agent is seat ``i % 2``, the position is seeded by ``i``, the agents by ``2i`` and
   ``2i + 1``); the table gives wins, draws (shared wins and games stopped at ``--max-plies``) and
   losses of the row agent, its win rate with the 95 % Wilson interval (``scipy.stats``), and its
   wins in seat 0 and in seat 1 (out of the games it sat there). Lines starting with ``#`` give
   each game as it ends, with the running tally.
3. **Seats** (``--seats N``): each agent against itself, N games: how often seat 0 wins (a seat
   bias of the game itself, as both seats are played by the same agent).

    python benchmarks/agents_bench.py [--games 50] [--seats 0] [--workers 1] [--iterations N]
        [--seconds S] [--level normal] [--max-plies 400] [--pairs mcts-random,mcts-greedy]
        [--start 0] [--mcts-params JSON]
        [--seat-agents random,greedy,mcts] [--skip-round-robin] [game ...]

Games run in ``--workers`` processes (each game is seeded on its own, so the results do not
depend on the number of workers; decision times do, on a loaded machine). An ``iterations``
budget reproduces exactly; a ``seconds`` budget depends on the machine and its load.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scipy.stats import binomtest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's ftwkit

import ftwkit
from ftwkit import agents

Spec = tuple[str, dict[str, Any]]


@dataclass
class Game:
    """One finished game of a pairing, from the row agent's point of view."""

    seat: int  # the row agent's seat
    result: str  # "W", "D" or "L" for the row agent
    plies: int
    times: dict[int, list[float]] = field(default_factory=dict)  # seconds per decision, by seat
    cpu: dict[int, list[float]] = field(default_factory=dict)  # CPU seconds per decision, by seat


def play_one(game: str, a: Spec, b: Spec, index: int, max_plies: int) -> Game:
    """Game ``index`` of ``a`` (seat ``index % 2``) against ``b``, timing every decision."""
    rules = ftwkit.rules(game)
    seat = index % 2
    mine = agents.make(a[0], seed=2 * index, **a[1])
    theirs = agents.make(b[0], seed=2 * index + 1, **b[1])
    seats = [mine, theirs] if seat == 0 else [theirs, mine]
    state = rules.new(seed=index)
    times: dict[int, list[float]] = {0: [], 1: []}
    cpu: dict[int, list[float]] = {0: [], 1: []}
    plies = 0
    while not state.is_over and plies < max_plies:
        player = state.to_play
        assert player is not None
        start, start_cpu = time.perf_counter(), time.process_time()
        move = seats[player].choose(state)
        times[player].append(time.perf_counter() - start)
        cpu[player].append(time.process_time() - start_cpu)
        state = state.play_unchecked(move)
        plies += 1
    if state.is_over and state.winners == (seat,):
        result = "W"
    elif state.is_over and state.winners == (1 - seat,):
        result = "L"
    else:
        result = "D"
    return Game(seat, result, plies, times, cpu)


def _play_star(args: tuple[str, Spec, Spec, int, int]) -> Game:
    return play_one(*args)


def match(
    executor: Executor | None,
    game: str,
    a: Spec,
    b: Spec,
    games: int,
    max_plies: int,
    start: int = 0,
) -> list[Game]:
    """``games`` games of ``a`` against ``b`` (seats alternated), in order of their index from
    ``start`` (a long run split in parts gives the same games as one run)."""
    jobs = [(game, a, b, i, max_plies) for i in range(start, start + games)]
    results = map(_play_star, jobs) if executor is None else executor.map(_play_star, jobs)
    played: list[Game] = []
    for g in results:  # one line per game as it comes: a long run stopped early still counts
        played.append(g)
        wins = sum(p.result == "W" for p in played)
        draws = sum(p.result == "D" for p in played)
        print(
            f"# {a[0]}-{b[0]} game {start + len(played) - 1}: seat {g.seat} {g.result}"
            f" in {g.plies} plies (so far W {wins} D {draws} L {len(played) - wins - draws})"
        )
    return played


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    ci = binomtest(successes, trials).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def decision_times(
    game: str, spec: Spec, decisions: int, max_plies: int
) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds per decision of ``spec`` in seeded games against random (seat 0)."""
    wall: list[float] = []
    cpu: list[float] = []
    index = 0
    while len(wall) < decisions and index < 50:
        played = play_one(game, spec, ("random", {}), 2 * index, max_plies)
        wall.extend(played.times[0])
        cpu.extend(played.cpu[0])
        index += 1
    return wall[:decisions], cpu[:decisions]


def timing_line(name: str, wall: Sequence[float], cpu: Sequence[float]) -> str:
    """Decisions/s, median, p95 and max wall milliseconds, and the CPU milliseconds' p95."""
    return (
        f"{name:8} {len(wall) / sum(wall):12.1f} {statistics.median(wall) * 1000:10.1f} "
        f"{percentile(wall, 0.95) * 1000:9.1f} {max(wall) * 1000:9.1f} "
        f"{percentile(cpu, 0.95) * 1000:11.1f} {len(wall):6d}"
    )


def describe(spec: Spec) -> str:
    args = ", ".join(f"{k}={v}" for k, v in spec[1].items())
    return f"{spec[0]}({args})"


def pairings(specs: Sequence[Spec], chosen: str | None) -> Iterator[tuple[Spec, Spec]]:
    """The pairs to play: every pair of ``specs``, the stronger first (the later in ``specs``),
    or those named like ``mcts-random``."""
    by_name = {spec[0]: spec for spec in specs}
    if chosen is None:
        yield from itertools.combinations(specs[::-1], 2)
        return
    for pair in chosen.split(","):
        a, b = pair.split("-")
        yield by_name[a], by_name[b]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games_ids", nargs="*", metavar="game", default=list(ftwkit.game_ids()))
    parser.add_argument("--games", type=int, default=50, help="games per pairing")
    parser.add_argument(
        "--start", type=int, default=0, help="index of the first game of each pairing"
    )
    parser.add_argument("--seats", type=int, default=0, help="self-play games per agent")
    parser.add_argument(
        "--seat-agents", default="random,greedy,mcts", help="the agents of the self-play table"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes playing games")
    parser.add_argument("--iterations", type=int, default=None, help="MCTS iterations")
    parser.add_argument("--seconds", type=float, default=None, help="MCTS seconds per move")
    parser.add_argument("--level", default="normal", help="the MCTS level (default: normal)")
    parser.add_argument(
        "--mcts-params",
        default=None,
        help="extra MCTS parameters as JSON, e.g. '{\"reply_prior\": 1}' (over the level's)",
    )
    parser.add_argument("--max-plies", type=int, default=400, help="cap per game (a draw)")
    parser.add_argument("--pairs", default=None, help="e.g. mcts-random,mcts-greedy")
    parser.add_argument("--decisions", type=int, default=20, help="with --skip-round-robin")
    parser.add_argument("--skip-round-robin", action="store_true")
    args = parser.parse_args()
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)  # long runs: show each line as it comes

    name, mcts_params = agents.levels()[args.level]
    if name != "mcts":
        parser.error(f"level {args.level!r} is not an MCTS level")
    if args.iterations is not None or args.seconds is not None:
        mcts_params = {k: v for k, v in mcts_params.items() if k not in ("iterations", "seconds")}
        if args.iterations is not None:
            mcts_params["iterations"] = args.iterations
        if args.seconds is not None:
            mcts_params["seconds"] = args.seconds
    if args.mcts_params is not None:
        mcts_params = {**mcts_params, **json.loads(args.mcts_params)}
    specs: list[Spec] = [("random", {}), agents.levels()["easy"], ("mcts", mcts_params)]
    agents.names()  # import the agent modules before anything is timed
    print(f"agents: {', '.join(describe(s) for s in specs)}; {args.workers} worker(s)")
    executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None

    for game in args.games_ids:
        rules = ftwkit.rules(game)
        print(f"\n== {game} (hidden information: {rules.hidden_information})")
        wall: dict[str, list[float]] = {spec[0]: [] for spec in specs}
        cpu: dict[str, list[float]] = {spec[0]: [] for spec in specs}
        rows: list[str] = []
        if not args.skip_round_robin:
            for a, b in pairings(specs, args.pairs):
                start = time.perf_counter()
                played = match(executor, game, a, b, args.games, args.max_plies, args.start)
                elapsed = time.perf_counter() - start
                for g in played:
                    wall[a[0]].extend(g.times[g.seat])
                    wall[b[0]].extend(g.times[1 - g.seat])
                    cpu[a[0]].extend(g.cpu[g.seat])
                    cpu[b[0]].extend(g.cpu[1 - g.seat])
                wins = sum(g.result == "W" for g in played)
                draws = sum(g.result == "D" for g in played)
                losses = len(played) - wins - draws
                seat0 = sum(g.result == "W" and g.seat == 0 for g in played)
                in_seat0 = sum(g.seat == 0 for g in played)  # an odd --start begins in seat 1
                low, high = wilson(wins, len(played))
                rows.append(
                    f"{a[0]:8} {b[0]:8} {wins:4d} {draws:4d} {losses:4d} "
                    f"{wins / len(played):9.2f}  [{low:.2f}, {high:.2f}]   "
                    f"{seat0:3d}/{in_seat0:<3d} "
                    f"{wins - seat0:3d}/{len(played) - in_seat0:<3d} "
                    f"{statistics.mean(g.plies for g in played):6.0f} {elapsed:6.0f}"
                )
        else:
            for spec in specs:
                wall[spec[0]], cpu[spec[0]] = decision_times(
                    game, spec, args.decisions, args.max_plies
                )
        print(
            f"{'agent':8} {'decisions/s':>12} {'median ms':>10} {'p95 ms':>9} {'max ms':>9} "
            f"{'p95 CPU ms':>11} {'n':>6}"
        )
        for spec in specs:
            if wall[spec[0]]:
                print(timing_line(spec[0], wall[spec[0]], cpu[spec[0]]))
        if rows:
            print(f"round robin, {args.games} games per pair, seats alternated (row vs column):")
            print(
                f"{'row':8} {'column':8} {'W':>4} {'D':>4} {'L':>4} {'win rate':>9}  "
                f"95 % Wilson     W seat 0 W seat 1  plies      s"
            )
            for row in rows:
                print(row)
        if args.seats:
            print(f"seats: each agent against itself, {args.seats} games")
            print(
                f"{'agent':8} {'seat 0':>8} {'seat 1':>8} {'draws':>6}  seat 0's share, 95 % Wilson"
            )
            for spec in specs:
                if spec[0] not in args.seat_agents.split(","):
                    continue
                played = match(executor, game, spec, spec, args.seats, args.max_plies)
                zero = sum(
                    (g.result == "W" and g.seat == 0) or (g.result == "L" and g.seat == 1)
                    for g in played
                )
                draws = sum(g.result == "D" for g in played)
                one = len(played) - zero - draws
                low, high = wilson(zero, len(played))
                print(
                    f"{spec[0]:8} {zero:8d} {one:8d} {draws:6d}  "
                    f"{zero / len(played):.2f} [{low:.2f}, {high:.2f}]"
                )
    if executor is not None:
        executor.shutdown()


if __name__ == "__main__":
    main()
