"""PNRZ speed: ``legal_moves()`` with 40 tiles on the table, and random playouts per second.

Goal (task): ``legal_moves()`` at most 20 ms median with 40 tiles on the table.

    python benchmarks/pnrz_bench.py [--positions 20] [--seconds 3]

Prints the median and max of ``legal_moves()`` on positions with 40 tiles on the table, measured
two ways: on the state reached by play (candidate anchors kept incrementally) and on a fresh
state loaded from JSON (everything recomputed, no cache), plus the number of legal moves, and the
random playouts per second for 2, 3 and 4 players, through the public path (``legal_moves`` +
``play``) and the search path (``random_move`` + ``play_unchecked``).

``--fingerprint PATH`` instead writes a digest of the legal move lists, JSON positions, scores and
winners along seeded random games under several option settings; speed changes must leave it
byte-identical (``cmp before.json after.json``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's ftwkit

import ftwkit
from ftwkit.games.pnrz import PnrzState


def positions_with_tiles(count: int, tiles: int) -> list[PnrzState]:
    """States with exactly ``tiles`` tiles on the table, no action pending, from seeded games."""
    rules = ftwkit.rules("pnrz")
    out: list[PnrzState] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        state = rules.new(players=4, seed=seed)
        seed += 1
        while not state.is_over:
            assert isinstance(state, PnrzState)
            if len(state.table) == tiles and not state.pending:
                out.append(state)
                break
            state = state.play(rng.choice(state.legal_moves()))
    return out


def time_legal_moves(states: list[PnrzState], fresh: bool) -> tuple[list[float], list[int]]:
    """Milliseconds of one ``legal_moves()`` call per state, and the move counts."""
    rules = ftwkit.rules("pnrz")
    samples: list[float] = []
    counts: list[int] = []
    for state in states:
        for _ in range(3):
            if fresh:
                target = rules.load(state.to_json())
            else:
                parent = state.previous
                assert parent is not None and state.last_move is not None
                target = parent.play(state.last_move)  # candidates kept incrementally
            t = time.perf_counter()
            moves = target.legal_moves()
            samples.append((time.perf_counter() - t) * 1000)
            counts.append(len(moves))
    return samples, counts


def playouts(players: int, seconds: float, search: bool = False) -> tuple[float, float]:
    """Random games for ``seconds``; returns (playouts/s, plies/s).

    ``search``: the search path (``random_move`` + ``play_unchecked``) instead of the public one
    (``legal_moves`` + ``play``, which checks the move).
    """
    rules = ftwkit.rules("pnrz")
    rng = random.Random(1)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = rules.new(players=players, seed=games)
        while not state.is_over:
            if search:
                state = state.play_unchecked(state.random_move(rng))
            else:
                state = state.play(rng.choice(state.legal_moves()))
            plies += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed


FINGERPRINT_OPTIONS: list[dict[str, object]] = [
    {},
    {"grid": "aligned"},
    {"base_move_connectivity": "placement_only"},
    {
        "swap_excludes_opponent_base": True,
        "rotate_excludes_opponent_base": True,
        "replace_allows_base_from_hand": False,
    },
    {"draw_after_base": False, "final_round": "others_only", "tiebreak": "base_on_table"},
    {"choose": "random", "negation": "per_enemy_minus_one", "negated_breaks_section": True},
]
"""Option settings whose seeded random games make up the behaviour fingerprint."""


def fingerprint(path: str) -> None:
    """Write a digest per ply (legal moves as text, JSON, scores; winners at the end).

    Run it before and after a speed change and compare the files: identical files mean the
    same move lists, positions and winners over thousands of seeded plies.
    """
    out: dict[str, list[str]] = {}
    plies = 0
    for i, opts in enumerate(FINGERPRINT_OPTIONS):
        rules = ftwkit.rules("pnrz", **opts)
        for g in range(9):
            seed = 100 * i + g
            rng = random.Random(seed)
            state = rules.new(players=2 + g % 3, seed=seed)
            trace = []
            while not state.is_over:
                moves = state.legal_moves()
                text = json.dumps([str(m) for m in moves]) + json.dumps(
                    state.to_json(), sort_keys=True
                )
                trace.append(hashlib.sha1((text + str(state.scores)).encode()).hexdigest())
                state = state.play(rng.choice(moves))
                plies += 1
            end = json.dumps(state.to_json(), sort_keys=True) + str(state.winners)
            trace.append(hashlib.sha1((end + str(state.scores)).encode()).hexdigest())
            out[f"{i}-{g}"] = trace
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(out, fh)
    print(f"fingerprint of {plies} plies written to {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--fingerprint", metavar="PATH", help="write the behaviour digest, stop")
    args = parser.parse_args()
    if args.fingerprint:
        fingerprint(args.fingerprint)
        return
    states = positions_with_tiles(args.positions, 40)
    for label, fresh in (("after play (incremental)", False), ("fresh from JSON", True)):
        samples, counts = time_legal_moves(states, fresh)
        print(
            f"legal_moves() with 40 tiles, {label:25}: median {statistics.median(samples):6.2f} ms,"
            f" max {max(samples):6.2f} ms, moves median {statistics.median(counts):.0f}"
        )
    for players in (2, 3, 4):
        games, plies = playouts(players, args.seconds)
        print(f"random playouts, {players} players: {games:6.1f} games/s, {plies:7.0f} plies/s")
    if hasattr(ftwkit.State, "play_unchecked"):
        for players in (2, 3, 4):
            games, plies = playouts(players, args.seconds, search=True)
            print(
                f"search playouts (random_move + play_unchecked), {players} players: "
                f"{games:6.1f} games/s, {plies:7.0f} plies/s"
            )


if __name__ == "__main__":
    main()
