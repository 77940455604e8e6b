"""Balance-study throughput: games/s serial vs every core, a Dask LocalCluster, per-task cost.

For every game (random agents, and MCTS when ``ftwkit.agents`` has it) prints games/s in this
process (``SerialExecutor``) and on the default local pool (all cores), the speed-up ratio and
the load average before and after — on a shared machine the ratio means little when the load
is above the core count. Then games/s of one study on a ``LocalCluster`` of 2 worker processes
against the default local pool, and the round-trip cost of one empty task on each executor,
which is what a batch of games must outweigh (see ``docs/scaling.md``).

    python benchmarks/analysis_bench.py [--games 40] [--mcts-games 8] [--mcts-iterations 100]
        [--dask-games 200] [--no-dask] [game ...]
    python benchmarks/analysis_bench.py --skilled 4 [game ...]
    python benchmarks/analysis_bench.py --study-seeds 6 [game ...]

``--skilled N`` instead measures the default skilled study of each game (its study-level
searcher in every seat, :func:`ftwkit.agents.study_agent`): the CPU seconds of N games played in
this process, and from them how long a default study of 200 games per variant would take on two
cores of an idle machine (CPU seconds per game × 200 / 2) — the goal is under 10 minutes.

``--study-seeds N`` times the engine-speed goal's study game: one serial game between two default
``mcts`` agents per seed 1 to N, each game on its own (``time.process_time``, so other work on
the machine does not count), and prints the mean and the slowest against the goal of at most
1 CPU-second in every game.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's ftwkit

import ftwkit
from ftwkit import agents
from ftwkit.analysis import SerialExecutor, simulate
from ftwkit.analysis.runner import Batch, run_batch

CAPS = {"forthewin": 300}
"""Ply caps where random games rarely end (For the Win!): a capped game still costs its plies."""


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min) {five:.2f} (5 min), {os.cpu_count()} cores"


def rate(game: str, specs: tuple[Any, ...], games: int, executor: Any) -> float:
    """Games per second of one study (on a pool already started: see the start-up line)."""
    start = time.perf_counter()
    res = simulate(
        game,
        agents=specs,
        games=games,
        executor=executor,
        progress=False,
        max_plies=CAPS.get(game),
    )
    assert len(res.games) == games
    return games / (time.perf_counter() - start)


def task_overhead(executor: Executor, tasks: int = 200) -> float:
    """Seconds per empty task, submitted all at once and gathered (round trip, pickling)."""
    empty = Batch("playwin", "x", (), (("random", ()), ("random", ())), 2, 0, (), 10)
    executor.submit(run_batch, empty).result()  # warm the workers
    start = time.perf_counter()
    futures = [executor.submit(run_batch, empty) for _ in range(tasks)]
    for f in futures:
        f.result()
    return (time.perf_counter() - start) / tasks


def skilled(games: list[str], n: int) -> None:
    """CPU seconds per game of each game's default skilled study, and a 200-game estimate."""
    for game in games:
        agent = agents.study_agent(game)
        start_cpu, start = time.process_time(), time.perf_counter()
        res = simulate(game, games=n, executor=SerialExecutor(), progress=False)
        cpu = (time.process_time() - start_cpu) / n
        wall = (time.perf_counter() - start) / n
        minutes = cpu * 200 / 2 / 60
        verdict = "under" if minutes < 10 else "over"
        print(
            f"{game:12s} {agent[0]}{agent[1]}: {cpu:6.2f} CPU-s/game ({wall:6.2f} s wall), "
            f"mean {res.games['plies'].mean():.0f} plies | 200 games on 2 idle cores ≈ "
            f"{minutes:5.1f} min ({verdict} 10) | {load()}"
        )


def study_game_seconds(game: str, seeds: int) -> list[float]:
    """CPU seconds of one serial balance-study game between two default ``mcts`` agents, for
    each seed 1 to ``seeds`` (``time.process_time``: the load of other work does not count)."""
    out = []
    for seed in range(1, seeds + 1):
        start = time.process_time()
        simulate(
            game,
            agents=("mcts", "mcts"),
            games=1,
            seed=seed,
            executor=SerialExecutor(),
            progress=False,
        )
        out.append(time.process_time() - start)
    return out


def study_cost(games: list[str], seeds: int) -> None:
    """Per game, the mean and slowest study game of seeds 1 to ``seeds`` against the goal."""
    for game in games:
        cpu = study_game_seconds(game, seeds)
        verdict = "met" if max(cpu) <= 1.0 else "not met"
        print(
            f"{game:12s} study game mcts vs mcts, seeds 1-{seeds}: mean {statistics.mean(cpu):.2f} "
            f"CPU-s, slowest {max(cpu):.2f} (goal: at most 1.0 in every game: {verdict}) "
            f"| {load()}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games_ids", nargs="*", metavar="game")
    parser.add_argument("--games", type=int, default=40, help="random games per measurement")
    parser.add_argument("--mcts-games", type=int, default=8, help="MCTS games per measurement")
    parser.add_argument("--mcts-iterations", type=int, default=100, help="MCTS budget per move")
    parser.add_argument("--dask-games", type=int, default=200, help="games of the Dask study")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--skilled", type=int, default=0, help="games of a default skilled study")
    parser.add_argument(
        "--study-seeds", type=int, default=0, help="time the goal's study game, seeds 1 to N"
    )
    args = parser.parse_args()
    print(load())
    if args.study_seeds:
        study_cost(args.games_ids or list(ftwkit.game_ids()), args.study_seeds)
        return
    if args.skilled:
        skilled(args.games_ids or list(ftwkit.game_ids()), args.skilled)
        return
    start = time.perf_counter()
    rate("playwin", ("random", "random"), 4, None)
    print(f"local pool start-up + a first study of 4 games: {time.perf_counter() - start:.2f} s")
    kinds: list[tuple[str, tuple[Any, ...], int]] = [("random", ("random",), args.games)]
    mcts = ("mcts", {"iterations": args.mcts_iterations})
    if "mcts" in agents.names():
        kinds.append((f"mcts{args.mcts_iterations}", (mcts, mcts), args.mcts_games))
    else:
        print("(no mcts agent registered: random agents only)")
    for game in args.games_ids or ftwkit.game_ids():
        players = ftwkit.rules(game).min_players
        for label, specs, n in kinds:
            seats = specs * players if len(specs) == 1 else specs
            serial = rate(game, seats, n, SerialExecutor())
            before = load()
            parallel = rate(game, seats, n, None)
            print(
                f"{game:12s} {label:8s} serial {serial:8.2f} games/s | all cores "
                f"{parallel:8.2f} games/s | speed-up {parallel / serial:4.2f}x | {before}"
            )
    if args.no_dask:
        return
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print("(Dask not installed: pip install 'ftwkit[dask]')")
        return
    from concurrent.futures import ProcessPoolExecutor

    study = (mcts, mcts) if "mcts" in agents.names() else ("random", "random")
    label = f"mcts{args.mcts_iterations}" if "mcts" in agents.names() else "random"
    n = args.dask_games
    with (
        LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        local = rate("playwin", study, n, None)
        on_cluster = rate("playwin", study, n, client)
        print(
            f"playwin {label} x{n}: local pool {local:.2f} games/s | LocalCluster(2) "
            f"{on_cluster:.2f} games/s | ratio {on_cluster / local:.2f} | {load()}"
        )
        dask_cost = task_overhead(client.get_executor(pure=False))
    with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        pool_cost = task_overhead(pool)
    print(
        f"per-task round trip: process pool {pool_cost * 1e3:.2f} ms | "
        f"Dask LocalCluster {dask_cost * 1e3:.2f} ms"
    )


if __name__ == "__main__":
    main()
