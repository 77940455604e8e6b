"""Click-to-redraw time of the Explorer, kernel side: p50/p95 per game.

Drives an Explorer without a browser (the canvas told its client is ready, so every click really
draws through ipycanvas in one ``hold_canvas`` batch) through seeded random games made by clicks,
and times each handled click: narrowing, playing, redrawing and refreshing status and lists.
The downloads and links are built only while the "Load / save / export" tab is open: with
``--files-open`` the tab is open, and each move also builds them (the worst case). The goal is
p95 ≤ 20 ms per click. ``draw`` shows the renderer's share; ``layouts/click`` is how many board
layouts the renderer built per handled click (mean and most; the goal is at most one: the layout of
the state shown, reused for its size, its picture, hit-testing and every hint box).

    python benchmarks/widget_bench.py [--moves 60] [--seeds 3] [--files-open] [game ...]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import ftwkit
from ftwkit.protocol import Move
from widgets import Explorer


def _timed(
    samples: list[float], action: Callable[[], object], built: list[int], renderer: object
) -> None:
    before = getattr(renderer, "layouts_built", 0)
    start = time.perf_counter()
    action()
    samples.append(time.perf_counter() - start)
    built.append(getattr(renderer, "layouts_built", 0) - before)


def clicks(
    game: str, moves: int, games: int, files_open: bool = False
) -> tuple[list[float], list[float], list[float], list[int]]:
    """Time every click of seeded random games: (selection clicks, move clicks, draws only,
    layouts built per click)."""
    select: list[float] = []
    complete: list[float] = []
    draws: list[float] = []
    built: list[int] = []
    for seed in range(games):
        ex = Explorer(game, seed=seed)
        ex.canvas._handle_frontend_event(ex.canvas, {"event": "client_ready"}, [])
        if files_open:
            ex.settings.selected_index = 1
        rng = random.Random(seed)
        for _ in range(moves):
            legal = ex.state.legal_moves()
            if not legal:
                break
            move: Move = rng.choice(legal)
            for target in move.targets:
                if move in ex.session.choices:
                    break
                before = len(ex.session.line)
                _timed(select, partial(ex.select, target), built, ex.board.renderer)
                if len(ex.session.line) != before or ex.session.index != before:
                    complete.append(select.pop())
            if move in ex.session.choices or not move.targets:
                _timed(complete, partial(ex.choose, move), built, ex.board.renderer)
            start = time.perf_counter()
            ex.redraw()
            draws.append(time.perf_counter() - start)
        if ex.log_panel.entries and any(level == "error" for level, _ in ex.log_panel.entries):
            print(ex.log_panel.text, file=sys.stderr)
    return select, complete, draws, built


def _ms(samples: list[float], q: float) -> str:
    if not samples:
        return "   -  "
    ordered = sorted(samples)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:6.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(ftwkit.game_ids()))
    parser.add_argument("--moves", type=int, default=60, help="moves per game")
    parser.add_argument("--seeds", type=int, default=3, help="seeded games per game id")
    parser.add_argument(
        "--files-open", action="store_true", help='with the "Load / save / export" tab open'
    )
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(
        f"{'game':12} {'clicks':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}   "
        f"{'select p50/p95':>15} {'move p50/p95':>15} {'draw p50':>8} {'layouts/click':>14}"
    )
    for game in args.games:
        select, complete, draws, built = clicks(game, args.moves, args.seeds, args.files_open)
        per_click = f"{statistics.mean(built):.2f} ≤ {max(built)}" if built else "-"
        every = select + complete
        renderer = type(Explorer(game).board.renderer).__name__
        print(
            f"{game:12} {len(every):6} {_ms(every, 0.5):>7} {_ms(every, 0.95):>7} "
            f"{max(every) * 1000 if every else 0:7.1f}   "
            f"{_ms(select, 0.5)}/{_ms(select, 0.95)}  {_ms(complete, 0.5)}/{_ms(complete, 0.95)} "
            f"{statistics.median(draws) * 1000 if draws else 0:8.1f} {per_click:>14}  ({renderer})"
        )


if __name__ == "__main__":
    main()
