"""FTW?! engine speed through the public protocol, one core: prints the numbers.

A decision is one ``legal_moves()`` call plus ``play()`` of a random legal move — what an agent or
a random playout does. Reported per player count: random playouts/s, decisions/s, decisions per
game, the mean wall-clock cost of a pass decision (220 choices from 12 cards) and of a turn
decision, and decisions per CPU second of this process (the fairer one-core figure on a shared
machine, where wall-clock rates drop with the load).

    python benchmarks/ftwcards_bench.py [--seconds 3] [--players 2 3 4 5 6]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's ftwkit

import ftwkit


def playouts(players: int, seconds: float) -> tuple[int, int, float, float, float, int, float, int]:
    """Random games until ``seconds`` pass.

    Returns:
        (games, decisions, elapsed wall seconds, elapsed CPU seconds, pass seconds, pass
        decisions, turn seconds, turn decisions).
    """
    rules = ftwkit.rules("ftwcards")
    rng = random.Random(1)
    games = decisions = pass_n = turn_n = 0
    pass_t = turn_t = 0.0
    clock = time.perf_counter
    start = clock()
    cpu_start = time.process_time()
    while clock() - start < seconds:
        state = rules.new(players=players, seed=games)
        while not state.is_over:
            t = clock()
            passing = state.phase == "pass"  # type: ignore[attr-defined]
            state = state.play(rng.choice(state.legal_moves()))
            spent = clock() - t
            if passing:
                pass_t += spent
                pass_n += 1
            else:
                turn_t += spent
                turn_n += 1
            decisions += 1
        games += 1
    cpu = time.process_time() - cpu_start
    return games, decisions, clock() - start, cpu, pass_t, pass_n, turn_t, turn_n


def search_playouts(players: int, seconds: float, policy: bool) -> tuple[int, float]:
    """Games through ``random_move`` and ``play_unchecked`` for ``seconds``: (plies, CPU s)."""
    rules = ftwkit.rules("ftwcards")
    rng = random.Random(1)
    games = plies = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state = rules.new(players=players, seed=games)
        while not state.is_over:
            state = state.play_unchecked(state.random_move(rng, policy=policy))
            plies += 1
        games += 1
    return plies, time.process_time() - cpu_start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    args = parser.parse_args()
    print("search path (random_move + play_unchecked, as agents' rollouts), plies per CPU second:")
    for players in args.players:
        cells = []
        for policy in (False, True):
            plies, cpu = search_playouts(players, args.seconds, policy)
            cells.append(f"{'policy' if policy else 'uniform'} {plies / cpu:8.0f}")
        print(f"{players:7d} players: " + "  ".join(cells))
    print(
        f"{'players':>7} {'playouts/s':>11} {'decisions/s':>12} {'decisions/game':>15} "
        f"{'pass µs':>8} {'turn µs':>8} {'decisions/CPU-s':>16}"
    )
    for players in args.players:
        games, decisions, elapsed, cpu, pass_t, pass_n, turn_t, turn_n = playouts(
            players, args.seconds
        )
        print(
            f"{players:7d} {games / elapsed:11.1f} {decisions / elapsed:12.0f} "
            f"{decisions / max(games, 1):15.1f} {1e6 * pass_t / max(pass_n, 1):8.1f} "
            f"{1e6 * turn_t / max(turn_n, 1):8.1f} {decisions / cpu:16.0f}"
        )


if __name__ == "__main__":
    main()
