"""What a huge record or link costs a kernel: refusals and the largest accepted link, per game.

Goals (issue: huge records are an amplifier): every refusal < 1 s; opening the largest record a
link may hold (:data:`ftwkit.records.MAX_LINK_MOVES` moves) about 0.5 s or less. Prints the
machine's load beside the numbers.

    python benchmarks/record_bounds_bench.py
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's ftwkit

import ftwkit
from ftwkit.errors import InvalidState
from ftwkit.records import MAX_LINK_MOVES, check_size, record, replay_lines

GAMES = ("playwin", "forthewin", "ftwcards", "doubleblind", "pnrz")
REFUSAL_GOAL_S = 1.0
LINK_GOAL_S = 0.5


def _seconds(call: Callable[[], Any]) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        call()
        outcome = "accepted"
    except InvalidState as err:
        outcome = f"refused: {str(err)[:60]}"
    return time.perf_counter() - start, outcome


def _game_record(game: str, plies: int, seed: int = 1) -> dict[str, Any]:
    state = ftwkit.rules(game).new()
    rnd = random.Random(seed)
    for _ in range(plies):
        legal = list(state.legal_moves())
        if state.is_over or not legal:
            break
        state = state.play(rnd.choice(legal))
    return record(state)


def main() -> int:
    """Print one row per game and case."""
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'game':12} {'case':44} {'seconds':>8}  outcome")
    for game in GAMES:
        data = _game_record(game, 60)
        first = data["moves"][0]
        huge = dict(data, variations=[{"at": 0, "moves": [first]}] * 100_001)
        bomb = dict(data, variations=[{"at": 0, "moves": [first] * 50}] * 40_000)
        per_line = max(1, (MAX_LINK_MOVES - len(data["moves"])))
        link = dict(data, variations=[{"at": 0, "moves": [first]}] * per_line)
        cases: list[tuple[str, Callable[[], Any], float]] = [
            ("100,001 one-move variations", lambda d=huge: replay_lines(d), REFUSAL_GOAL_S),
            (
                "40,000 variations of 50 moves (file)",
                lambda d=bomb: replay_lines(d),
                REFUSAL_GOAL_S,
            ),
            (
                f"largest link: {check_size(link)} moves",
                lambda d=link: replay_lines(d, max_moves=MAX_LINK_MOVES),
                LINK_GOAL_S,
            ),
        ]
        for name, call, goal in cases:
            seconds, outcome = _seconds(call)
            flag = "" if seconds <= goal else f"   (over the {goal} s goal)"
            print(f"{game:12} {name:44} {seconds:8.3f}  {outcome}{flag}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
