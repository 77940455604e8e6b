"""Time a kernel-side full redraw per game on a real ipycanvas ``Canvas`` and count comm messages.

Usage: ``python benchmarks/render_bench.py [--repeat N]``

For each game with an engine, a seeded mid-game state is drawn inside ``hold_canvas()`` on an
``ipycanvas.Canvas`` (no front-end is needed: without a kernel the widget's comm is a dummy).
Every message the canvas manager sends is counted by wrapping its ``send``. Prints the median and
best time of a redraw (layout + drawing + serialising the batch) and the messages per redraw.
Goal: at most 3 ms median and exactly one message per redraw.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ftwkit
from ftwkit import render

PLIES = {"playwin": 14, "forthewin": 24, "ftwcards": 12, "doubleblind": 150, "pnrz": 20}


def mid_game(game_id: str, seed: int = 7, plies: int | None = None) -> Any:
    """A seeded random position some moves (``plies``, else the game's ``PLIES``) in."""
    rules = ftwkit.rules(game_id)
    state = rules.new(seed=seed) if rules.min_players == 2 else rules.new(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(PLIES.get(game_id, 14) if plies is None else plies):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
    return state


def ghost_of(state: Any) -> Any:
    """The see-through preview of the first piece that may be picked up and turned, or None."""
    for move in state.legal_moves():
        clicks = tuple(move.targets[:1])
        turns = state.rules.clicks.turns(state, clicks)
        if turns:
            return state.rules.clicks.ghost(state, clicks, turns[-1])
    return None


def ghost_game(game_id: str) -> Any:
    """The latest position up to the game's ``PLIES`` where a piece may be picked up and turned
    (``None`` for games without such pieces)."""
    for plies in range(PLIES.get(game_id, 14), 0, -1):
        state = mid_game(game_id, plies=plies)
        if ghost_of(state) is not None:
            return state
    return None


def bench(game_id: str, repeat: int, ghost: bool = False) -> tuple[float, float, float, int]:
    """(median ms, best ms, messages per redraw, draw commands) for one game (``ghost``: with
    the preview of a picked-up piece, as the explorer draws while a tile is being placed)."""
    from ipycanvas import Canvas, hold_canvas
    from ipycanvas.canvas import _CANVAS_MANAGER

    state = ghost_game(game_id) if ghost else mid_game(game_id)
    drawer = render.renderer(game_id)
    width, height = drawer.size(state)
    canvas = Canvas(width=width, height=height)
    sent: list[int] = []
    original = _CANVAS_MANAGER.send

    def counting_send(content: Any, buffers: Any = None) -> None:
        sent.append(len(content) if isinstance(content, list) else 1)
        original(content, buffers=buffers)

    _CANVAS_MANAGER.send = counting_send  # type: ignore[method-assign]
    highlight = {t for m in state.legal_moves()[:40] for t in m.targets[:1]}
    extra = {"ghost": ghost_of(state)} if ghost else {}
    times: list[float] = []
    try:
        for _ in range(repeat):
            start = time.perf_counter()
            with hold_canvas():
                drawer.draw(canvas, state, highlight=highlight, **extra)
            times.append((time.perf_counter() - start) * 1000)
        messages = len(sent) / repeat
        commands = len(_commands(drawer, state, highlight, extra))
    finally:
        _CANVAS_MANAGER.send = original  # type: ignore[method-assign]
    return statistics.median(times), min(times), messages, commands


def _commands(drawer: Any, state: Any, highlight: Any, extra: dict[str, Any]) -> list[Any]:
    from ftwkit.render.recording import RecordingCanvas

    canvas = RecordingCanvas()
    drawer.draw(canvas, state, highlight=highlight, **extra)
    return canvas.calls


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark for every game that has an engine and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args(argv)
    print(f"{'game':<12} {'median ms':>10} {'best ms':>8} {'msgs/redraw':>12} {'commands':>9}")
    for game_id in ftwkit.game_ids():
        try:
            ftwkit.rules(game_id)
        except (ValueError, AttributeError, ImportError) as err:
            print(f"{game_id:<12} skipped: {err}")
            continue
        median, best, messages, commands = bench(game_id, args.repeat)
        print(f"{game_id:<12} {median:>10.2f} {best:>8.2f} {messages:>12.2f} {commands:>9}")
        if ghost_game(game_id) is not None:
            median, best, messages, commands = bench(game_id, args.repeat, ghost=True)
            name = f"{game_id}+ghost"
            print(f"{name:<12} {median:>10.2f} {best:>8.2f} {messages:>12.2f} {commands:>9}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
