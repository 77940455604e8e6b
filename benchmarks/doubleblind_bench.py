"""Double Blind speed in numbers: one placement with its completion check, and random playouts.

Goals: ``play()`` of a placement, completion check included, at most 0.2 ms median on a
19×19 board holding 100 stones; a balance-study game between two default ``mcts`` agents (serial)
at most 1 CPU-second in every game (``--study-seeds``: the study games' CPU seconds, seeds 1 to N).

    python benchmarks/doubleblind_bench.py [--seconds 3] [--positions 20] [--samples 200]
        [--study-seeds 20]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from analysis_bench import study_game_seconds  # a sibling script: benchmarks/ see each other

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's ftwkit

import ftwkit
from ftwkit.games.doubleblind import DoubleBlindState, Place


def position_with_stones(seed: int, stones: int, size: int = 19) -> DoubleBlindState:
    """A running game with ``stones`` random stones, every earned question declined."""
    rules = ftwkit.rules("doubleblind", size=size)
    rng = random.Random(seed)
    state = rules.new(seed=seed)
    assert isinstance(state, DoubleBlindState)
    while bin(state.stones[0] | state.stones[1]).count("1") < stones:
        moves = state.legal_moves()
        move = moves[1] if state.pending else rng.choice(moves)  # moves[1] = "don't ask"
        state = state.play(move)
        assert not state.is_over
    while state.pending:
        state = state.play("don't ask")
    return state


def placement_median_ms(positions: int, samples: int, stones: int) -> tuple[float, float]:
    """Median and 90th percentile ms of ``state.play(Place)`` on fresh positions."""
    times = []
    for seed in range(positions):
        base = position_with_stones(seed, stones)
        rng = random.Random(seed)
        free = [m for m in base.legal_moves() if isinstance(m, Place)]
        for move in rng.sample(free, min(samples, len(free))):
            state = base.rules.load(base.to_json())  # fresh: no cached move list
            t = time.perf_counter()
            state.play(move)
            times.append(time.perf_counter() - t)
    times.sort()
    return statistics.median(times) * 1000, times[int(len(times) * 0.9)] * 1000


def playouts(
    size: int, seconds: float, path: str = "protocol", **options: object
) -> tuple[float, float, float]:
    """Random games until ``seconds`` pass: (playouts/s, plies/s, mean plies per game).

    ``path``: ``protocol`` (``legal_moves()`` and ``play()``), ``search`` (``random_move`` and
    ``play_unchecked``, the rollout path of agents) or ``policy`` (the same with the rollout
    policy).
    """
    rules = ftwkit.rules("doubleblind", size=size, **options)
    rng = random.Random(1)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = rules.new(seed=games)
        while not state.is_over:
            if path == "protocol":
                state = state.play(rng.choice(state.legal_moves()))
            else:
                state = state.play_unchecked(state.random_move(rng, policy=path == "policy"))
            plies += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed, plies / max(games, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--study-seeds", type=int, default=0, help="study games to time (0: none)")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    median, p90 = placement_median_ms(args.positions, args.samples, 100)
    print(f"play() of a placement, 19x19 with 100 stones: median {median:.4f} ms, p90 {p90:.4f} ms")
    print(f"{'board':14} {'path':9} {'playouts/s':>11} {'plies/s':>10} {'plies/game':>11}")
    for size, options in ((19, {}), (19, {"auto_ask": True}), (9, {})):
        label = f"{size}x{size}" + (" auto_ask" if options else "")
        for path in ("protocol", "search", "policy"):
            rate, ply_rate, mean = playouts(size, args.seconds, path, **options)
            print(f"{label:14} {path:9} {rate:11.1f} {ply_rate:10.0f} {mean:11.1f}")
    if args.study_seeds:
        cpu = study_game_seconds("doubleblind", args.study_seeds)
        print(
            f"study game mcts vs mcts, seeds 1-{args.study_seeds}: mean {statistics.mean(cpu):.2f} "
            f"CPU-s, max {max(cpu):.2f} (goal: at most 1.0 in every game)"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
