"""For the Win! speed: ``legal_moves()`` on 20-tile mid-game positions, and random playouts.

Prints the median and 90th percentile of one ``legal_moves()`` call (on a freshly loaded state, so
no cache is warm; the reconnectability look-ahead for splitting first actions included), random
playout plies per second on the search path (``random_move`` + ``play_unchecked``: the loop of
``benchmarks/playouts.py``, then this file's own), and policy playouts (``random_move(policy=
True)``): plies per second and how many games end with a winner within 400 plies. Times are CPU
seconds of this process (the machine is shared).

    python benchmarks/forthewin_bench.py [--positions 40] [--seconds 5] [--games 100]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from playouts import playouts  # the generic loop of benchmarks/playouts.py

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's ftwkit

import ftwkit
from ftwkit.games.forthewin import ForTheWinState


def twenty_tile_positions(count: int, tiles: int = 20) -> list[ForTheWinState]:
    """Start-of-turn positions of seeded random games once ``tiles`` tiles are on the Grid."""
    rules = ftwkit.rules("forthewin")
    out: list[ForTheWinState] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        state = rules.new(seed=seed)
        seed += 1
        for _ in range(2000):
            assert isinstance(state, ForTheWinState)
            if len(state.tiles) >= tiles and state.turn_actions == 0:
                out.append(state)
                break
            moves = state.legal_moves()
            if not moves:
                break
            # favour adds so that the Grid fills up like a real mid-game
            adds = [m for m in moves if str(m).startswith("add")]
            state = state.play(rng.choice(adds if adds and rng.random() < 0.6 else moves))
    return out


def time_legal_moves(states: list[ForTheWinState], repeats: int = 5) -> list[float]:
    """CPU milliseconds per ``legal_moves()`` call on fresh copies of ``states``."""
    rules = ftwkit.rules("forthewin")
    samples = []
    for state in states:
        data = state.to_json()
        for _ in range(repeats):
            fresh = rules.load(data)
            # CPU time of this process: the machine is shared, wall time is noisy
            start = time.process_time()
            fresh.legal_moves()
            samples.append((time.process_time() - start) * 1000)
    return samples


def search_playouts(seconds: float, max_plies: int, policy: bool) -> tuple[int, int, float]:
    """Random (or policy) games through ``random_move`` + ``play_unchecked``: (games, plies, CPU
    seconds)."""
    rules = ftwkit.rules("forthewin")
    rng = random.Random(1)
    games = plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = rules.new(seed=games)
        for _ in range(max_plies):
            if state.is_over:
                break
            state = state.play_unchecked(state.random_move(rng, policy=policy))
            plies += 1
        games += 1
    return games, plies, time.process_time() - start


def policy_games(games: int, max_plies: int = 400) -> tuple[int, float]:
    """Seeded policy-vs-policy games: how many end with a winner, mean plies of those."""
    rules = ftwkit.rules("forthewin")
    won, lengths = 0, []
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.new(seed=seed)
        plies = 0
        while plies < max_plies and not state.is_over:
            state = state.play_unchecked(state.random_move(rng, policy=True))
            plies += 1
        if state.is_over and state.winners:
            won += 1
            lengths.append(plies)
    return won, statistics.mean(lengths) if lengths else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    states = twenty_tile_positions(args.positions)
    samples = sorted(time_legal_moves(states))
    counts = [len(s.legal_moves()) for s in states]
    p90 = samples[int(len(samples) * 0.9)]
    print(
        f"legal_moves() on {len(states)} positions with 20 tiles: median "
        f"{statistics.median(samples):.2f} ms, p90 {p90:.2f} ms, max {samples[-1]:.2f} ms, "
        f"mean {statistics.mean(counts):.0f} legal moves"
    )
    games, plies, elapsed = playouts("forthewin", args.seconds, 400)
    print(
        f"random playouts: {plies / elapsed:.0f} plies/s ({games} games, {plies} plies, "
        f"{elapsed:.1f} s, games capped at 400 plies)"
    )
    games, plies, elapsed = search_playouts(args.seconds, 400, policy=False)
    print(
        f"random playouts, random_move + play_unchecked: {plies / elapsed:.0f} plies/s "
        f"({games} games, {plies} plies, {elapsed:.1f} s)"
    )
    games, plies, elapsed = search_playouts(args.seconds, 400, policy=True)
    print(
        f"policy playouts, random_move(policy=True) + play_unchecked: {plies / elapsed:.0f} "
        f"plies/s ({games} games, {plies} plies, {elapsed:.1f} s)"
    )
    if args.games:
        won, mean = policy_games(args.games)
        print(
            f"policy vs policy: {won} of {args.games} seeded games end with a winner within 400 "
            f"plies (mean {mean:.0f} plies)"
        )


if __name__ == "__main__":
    main()
