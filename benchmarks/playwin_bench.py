"""Play Win speed in detail: protocol playouts, engine-only playouts, move generation by phase.

    python benchmarks/playwin_bench.py [--seconds 3]

* ``protocol``: random playouts through ``legal_moves()`` / ``play()`` (what the generic
  ``benchmarks/playouts.py`` measures);
* ``search`` / ``policy``: the playout path of agents' rollouts, ``random_move(rng)`` (uniform,
  or the rollout policy) and ``play_unchecked``;
* ``engine``: the same games through the engine's own hooks (``_all_moves`` and ``_apply``),
  skipping the protocol's legality check and history links, to show how much the protocol costs;
* ``legal_moves()`` medians on fresh states (no cache) after 0, 10, 20 and 30 random plies, and on
  crowded random positions where long capture series are common;
* move generation split by the kind of position random play meets: microseconds per fresh
  ``_all_moves()`` on positions where a capture is due and on those where only approaches are
  (with how often each occurs), the costlier and commoner of the two.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's ftwkit

import ftwkit
from ftwkit.games.playwin import BOARD, PlayWinRules, PlayWinState
from ftwkit.geometry.hexgrid import hex_distance


def _timed(seconds: float, one_game: Callable[[int, random.Random], int]) -> tuple[float, float]:
    rng = random.Random(1)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        plies += one_game(games, rng)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed


def protocol_game(game: int, rng: random.Random) -> int:
    """One random game through the public protocol; returns its plies."""
    state = ftwkit.rules("playwin").new(seed=game)
    plies = 0
    while plies < 400:
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
        plies += 1
    return plies


def search_game(game: int, rng: random.Random, policy: bool = False) -> int:
    """One game through the search path: ``random_move`` and ``play_unchecked``."""
    state = ftwkit.rules("playwin").new(seed=game)
    plies = 0
    while plies < 400 and not state.is_over:
        state = state.play_unchecked(state.random_move(rng, policy=policy))
        plies += 1
    return plies


def policy_game(game: int, rng: random.Random) -> int:
    """One game through the search path with the rollout policy."""
    return search_game(game, rng, policy=True)


def engine_game(game: int, rng: random.Random) -> int:
    """One random game through the engine hooks only (no legality re-check, no history)."""
    state = ftwkit.rules("playwin").new(seed=game)
    assert isinstance(state, PlayWinState)
    plies = 0
    while plies < 400 and not state.is_over:
        state = state._apply(rng.choice(state._all_moves()))
        plies += 1
    return plies


def median_ms(states: list[ftwkit.State]) -> float:
    """Median milliseconds of ``legal_moves()`` on fresh copies of the states."""
    rules = ftwkit.rules("playwin")
    samples = []
    for state in states:
        for _ in range(5):
            fresh = rules.load(state.to_json())
            t = time.perf_counter()
            fresh.legal_moves()
            samples.append(time.perf_counter() - t)
    return statistics.median(samples) * 1000


def after_plies(depth: int, count: int = 40) -> list[ftwkit.State]:
    """Running positions ``depth`` random plies into seeded games."""
    out = []
    for seed in range(count * 3):
        rng = random.Random(seed)
        state = ftwkit.rules("playwin").new()
        for _ in range(depth):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.play(rng.choice(moves))
        if not state.is_over:
            out.append(state)
        if len(out) == count:
            break
    return out


def crowded(count: int = 40) -> list[ftwkit.State]:
    """Random positions with many pieces around the centre (long capture series)."""
    rng = random.Random(7)
    middle = [BOARD.name(c) for c in BOARD.cells if hex_distance(c, (0, 0)) <= 3]
    out = []
    for _ in range(count):
        cells = rng.sample(middle, 22)
        out.append(ftwkit.rules("playwin").load({"to_play": 0, "pieces": [cells[:11], cells[11:]]}))
    return out


def generation_split(count: int = 20000) -> dict[str, tuple[int, float]]:
    """Per kind of position (``capture`` due, ``approach`` only), how many of ``count`` positions
    met in seeded random games are of that kind and the mean microseconds of one fresh
    ``_all_moves()`` on them (the best of three passes)."""
    rules = ftwkit.rules("playwin")
    assert isinstance(rules, PlayWinRules)
    rng = random.Random(5)
    seen: list[tuple[int, int, int]] = []
    while len(seen) < count:
        state = rules.new()
        while not state.is_over and len(seen) < count:
            assert isinstance(state, PlayWinState)
            seen.append((state.south, state.north, state.mover))
            state = state.play(rng.choice(state.legal_moves()))
    kinds: dict[str, list[tuple[int, int, int]]] = {"capture": [], "approach": []}
    for south, north, mover in seen:
        due = PlayWinState(rules, south, north, mover)._captures()[0]
        kinds["capture" if due else "approach"].append((south, north, mover))
    out = {}
    for kind, group in kinds.items():
        best = float("inf")
        for _ in range(3):
            fresh = [PlayWinState(rules, south, north, mover) for south, north, mover in group]
            start = time.process_time()
            for state in fresh:
                state._all_moves()
            best = min(best, time.process_time() - start)
        out[kind] = (len(group), best / max(1, len(group)) * 1e6)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    for name, fn in (
        ("protocol", protocol_game),
        ("search", search_game),
        ("policy", policy_game),
        ("engine", engine_game),
    ):
        games, plies = _timed(args.seconds, fn)
        print(f"{name:9} {games:8.1f} playouts/s {plies:9.0f} plies/s")
    for depth in (0, 10, 20, 30):
        states = after_plies(depth)
        print(f"legal_moves() after {depth:2} plies: {median_ms(states):.3f} ms median")
    print(f"legal_moves() on crowded positions: {median_ms(crowded()):.3f} ms median")
    split = generation_split()
    total = sum(n for n, _ in split.values())
    for kind, (n, micros) in split.items():
        print(
            f"move generation, {kind} positions ({n / total:.0%} of random play): "
            f"{micros:.2f} us each"
        )


if __name__ == "__main__":
    main()
