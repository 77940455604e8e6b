"""Random playouts through the public protocol, one core: the engines' speed in numbers.

Prints, for every game in ``ftwkit.game_ids()``: playouts/s, plies/s, mean plies per game, and the
median time of ``legal_moves()`` on mid-game positions (a fresh state each time, so no cache).

    python benchmarks/playouts.py [--seconds 3] [--max-plies 400] [game ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import ftwkit


def playouts(game: str, seconds: float, max_plies: int) -> tuple[int, int, float]:
    """Random games until ``seconds`` pass; returns (games, plies, elapsed)."""
    rules = ftwkit.rules(game)
    rng = random.Random(1)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = rules.new(seed=games)
        for _ in range(max_plies):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.play(rng.choice(moves))
            plies += 1
        games += 1
    return games, plies, time.perf_counter() - start


def midgame_states(game: str, count: int, depth: int) -> list[ftwkit.State]:
    """Positions ``depth`` random plies into seeded games (reloaded so no cache is warm)."""
    rules = ftwkit.rules(game)
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        state = rules.new(seed=seed)
        for _ in range(depth):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.play(rng.choice(moves))
        out.append(state)
    return out


def legal_moves_median_ms(game: str, depth: int = 20) -> float:
    """Median milliseconds of one ``legal_moves()`` call on fresh mid-game states."""
    rules = ftwkit.rules(game)
    samples = []
    for state in midgame_states(game, 30, depth):
        for _ in range(5):
            fresh = rules.load(state.to_json())
            t = time.perf_counter()
            fresh.legal_moves()
            samples.append(time.perf_counter() - t)
    return statistics.median(samples) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(ftwkit.game_ids()))
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--max-plies", type=int, default=400)
    args = parser.parse_args()
    print(
        f"{'game':12} {'playouts/s':>11} {'plies/s':>10} {'plies/game':>11} {'legal_moves ms':>15}"
    )
    for game in args.games:
        games, plies, elapsed = playouts(game, args.seconds, args.max_plies)
        median = legal_moves_median_ms(game)
        print(
            f"{game:12} {games / elapsed:11.1f} {plies / elapsed:10.0f} "
            f"{plies / max(games, 1):11.1f} {median:15.3f}"
        )


if __name__ == "__main__":
    main()
