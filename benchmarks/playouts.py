"""Engine speed, one core, as ratios to a draughts yardstick measured in the same run.

Prints, for every game in ``ftwkit.game_ids()``, random-playout plies per second on two paths:

* **protocol**: what any user of the public API does — ``legal_moves()``, a uniform choice from
  the list, ``play(move)`` (with its legality check);
* **agents'**: the search path — ``random_move(rng)`` then ``play_unchecked``;

each divided by the plies/s of the draughts yardstick measured in windows interleaved with the
game's (``--window`` CPU seconds each, ``--rounds`` rounds). All times are CPU seconds of this
process, so other work on a shared machine slows the wall clock but hardly the ratios. The
yardstick is the tuned draughts of ``../shared/yardstick/draughts_tuned.py`` next to the
repository when it is there (the goals are stated against it); otherwise the plain draughts of
``benchmarks/draughts_ref.py``, which runs about 2.6 times slower, so its ratios read higher.
The header says which one was used, and the machine's load average before and after.

Then the median ``legal_moves()`` time on fresh mid-game states, MCTS iterations/s (when
``--mcts-iterations`` is not 0), and For the Win! ``legal_moves()`` median/p90/max on 20-tile
positions of seeded games with face-down tiles, and on the same positions turned face up
(goal: p90 <= 5 ms). The sample is 80 positions: with 20, the p90 is the second-slowest call
and once read 3 ms where 80 positions (the same 20 among them) read 7.5 to 8.7 ms, so a small
sample flatters the tail.

    python benchmarks/playouts.py [--window 0.5] [--rounds 6] [--max-plies 400]
                                  [--positions 80] [--mcts-iterations 0]
                                  [--yardstick FOLDER] [game ...]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's ftwkit

import ftwkit

_YARDSTICK = Path(__file__).resolve().parent.parent.parent / "shared" / "yardstick"

GOALS = {"forthewin": 0.05, "playwin": 0.45, "ftwcards": 0.5, "doubleblind": 0.6, "pnrz": 0.1}
"""Protocol path ÷ tuned yardstick, as the project's goals state them."""


def _tuned_yardstick(folder: Path) -> ModuleType | None:
    """The tuned draughts in ``folder``, or ``None`` (a clone without ``../shared``)."""
    path = folder / "draughts_tuned.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("draughts_tuned", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def yardstick(folder: Path = _YARDSTICK) -> tuple[str, Callable[[float], tuple[int, float]]]:
    """(label, measure): ``measure(seconds)`` returns (plies, CPU seconds) of draughts playouts.

    The tuned yardstick's own ``playout`` is timed here in CPU seconds of this process, like the
    games (its ``rate`` times the wall clock, which other work on a shared machine distorts).
    """
    tuned = _tuned_yardstick(folder)
    if tuned is not None:
        rng = random.Random(7)

        def measure_tuned(seconds: float) -> tuple[int, float]:
            plies = 0
            start = time.process_time()
            while True:
                plies += tuned.playout(rng)[1]
                elapsed = time.process_time() - start
                if elapsed >= seconds:
                    return plies, elapsed

        return f"tuned draughts ({folder.name}/draughts_tuned.py)", measure_tuned
    import draughts_ref  # a sibling module: scripts run from benchmarks/ see each other

    def measure_ref(seconds: float) -> tuple[int, float]:
        _, plies, elapsed = draughts_ref.playouts(seconds)
        return plies, elapsed

    return "plain draughts (benchmarks/draughts_ref.py; ratios ~2.6x the goals' yardstick)", (
        measure_ref
    )


class _Games:
    """Endless seeded random games of one game on one path, resumable across windows."""

    def __init__(self, game: str, protocol: bool, max_plies: int) -> None:
        self.rules = ftwkit.rules(game)
        self.protocol = protocol
        self.max_plies = max_plies
        self.rng = random.Random(1)
        self.games = 0
        self.state = self.rules.new(seed=0)
        self.ply = 0

    def run(self, seconds: float) -> tuple[int, float]:
        """Plies played and CPU seconds spent in a window of ``seconds``."""
        rng = self.rng
        plies = 0
        state = self.state
        start = time.process_time()
        while True:
            for _ in range(32):
                if state.is_over or self.ply >= self.max_plies:
                    self.games += 1
                    state = self.rules.new(seed=self.games)
                    self.ply = 0
                if self.protocol:
                    state = state.play(rng.choice(state.legal_moves()))
                else:
                    state = state.play_unchecked(state.random_move(rng))
                self.ply += 1
                plies += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                self.state = state
                return plies, elapsed


def playouts(game: str, seconds: float, max_plies: int) -> tuple[int, int, float]:
    """Random games on the agents' path for ``seconds`` of CPU; returns (games, plies, CPU s)."""
    rules = ftwkit.rules(game)
    rng = random.Random(1)
    games = plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = rules.new(seed=games)
        for _ in range(max_plies):
            if state.is_over or time.process_time() - start >= seconds:
                break
            state = state.play_unchecked(state.random_move(rng))
            plies += 1
        games += 1  # a game cut short by the time limit counts too: plies/s is what matters
    return games, plies, time.process_time() - start


def midgame_states(game: str, count: int, depth: int) -> list[ftwkit.State]:
    """Positions ``depth`` random plies into seeded games."""
    rules = ftwkit.rules(game)
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        state = rules.new(seed=seed)
        for _ in range(depth):
            if state.is_over:
                break
            state = state.play_unchecked(state.random_move(rng))
        out.append(state)
    return out


def legal_moves_median_ms(game: str, depth: int = 20, count: int = 30) -> float:
    """Median CPU milliseconds of one ``legal_moves()`` call on fresh mid-game states."""
    rules = ftwkit.rules(game)
    samples = []
    for state in midgame_states(game, count, depth):
        data = state.to_json()
        for _ in range(3):
            fresh = rules.load(data)  # reloaded, so no cached move list is warm
            start = time.process_time()
            fresh.legal_moves()
            samples.append(time.process_time() - start)
    return statistics.median(samples) * 1000


def mcts_iterations_per_second(game: str, iterations: int, decisions: int = 3) -> float | None:
    """MCTS iterations per CPU second over a few mid-game decisions; ``None`` without MCTS (or
    with ``iterations`` 0: skipped)."""
    from ftwkit import agents

    if iterations <= 0 or "mcts" not in agents.names():
        return None
    agent = agents.make("mcts", seed=1, iterations=iterations)
    states = [s for s in midgame_states(game, decisions, 6) if not s.is_over]
    start = time.process_time()
    for state in states:
        agent.choose(state)
    elapsed = time.process_time() - start
    return iterations * len(states) / elapsed if elapsed > 0 else None


def _spread(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return statistics.median(ordered), p90, ordered[-1]


def forthewin_legal_moves(count: int) -> dict[str, tuple[float, float, float, int]]:
    """``legal_moves()`` median, p90, max CPU ms and how many positions: on ``count`` 20-tile
    For the Win! positions of seeded games with a face-down tile (nearly all have some), and on
    the same positions with every tile turned face up."""
    import forthewin_bench

    pool = forthewin_bench.twenty_tile_positions(count * 2)
    down = [s for s in pool if not all(t.up for _, t in s.tiles)][:count]
    split = {"with face-down tiles": down, "the same turned face up": _face_up(down)}
    out = {}
    for label, states in split.items():
        if states:
            median, p90, worst = _spread(forthewin_bench.time_legal_moves(states))
            out[label] = (median, p90, worst, len(states))
    return out


def _face_up(states: list[ftwkit.State]) -> list[ftwkit.State]:
    """``states`` with every tile turned face up (those still running and loadable)."""
    rules = ftwkit.rules("forthewin")
    out = []
    for state in states:
        data = state.to_json()
        for tile in data["tiles"]:
            tile["up"] = True
        try:
            turned = rules.load(data)
        except ftwkit.InvalidState:
            continue
        if not turned.is_over:
            out.append(turned)
    return out


def _load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:  # pragma: no cover - not every platform has it
        return "n/a"
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(ftwkit.game_ids()))
    parser.add_argument("--window", type=float, default=0.5, help="seconds per timed window")
    parser.add_argument("--rounds", type=int, default=6, help="interleaved windows per path")
    parser.add_argument("--max-plies", type=int, default=400, help="cap on one playout")
    parser.add_argument("--positions", type=int, default=80, help="20-tile For the Win! positions")
    parser.add_argument(
        "--mcts-iterations", type=int, default=0, help="per MCTS decision (0: skip MCTS)"
    )
    parser.add_argument(
        "--yardstick",
        type=Path,
        default=_YARDSTICK,
        help="folder of draughts_tuned.py (default: ../shared/yardstick next to the repository)",
    )
    args = parser.parse_args()

    label, measure = yardstick(args.yardstick)
    load_before = _load()
    print(f"yardstick: {label}")
    print(f"engines measured: {Path(ftwkit.__file__).resolve().parent}")
    print(f"cores: {os.cpu_count()}, load average before: {load_before}")
    header = (
        f"{'game':12} {'protocol/s':>10} {'÷ yard':>7} {'goal':>5} {'agents/s':>9} {'÷ yard':>7} "
        f"{'legal_moves ms':>15} {'MCTS it/s':>10}"
    )
    print(header)
    for game in args.games:
        paths = {
            True: _Games(game, True, args.max_plies),
            False: _Games(game, False, args.max_plies),
        }
        totals = {"yard": [0, 0.0], True: [0, 0.0], False: [0, 0.0]}
        for _ in range(args.rounds):
            for key, run in (
                ("yard", measure),
                (True, paths[True].run),
                ("yard", measure),
                (False, paths[False].run),
            ):
                plies, elapsed = run(args.window)
                totals[key][0] += plies
                totals[key][1] += elapsed
        yard = totals["yard"][0] / totals["yard"][1]
        protocol = totals[True][0] / totals[True][1]
        agents = totals[False][0] / totals[False][1]
        median = legal_moves_median_ms(game)
        mcts = mcts_iterations_per_second(game, args.mcts_iterations)
        mcts_text = "n/a" if mcts is None else f"{mcts:.0f}"
        goal = GOALS.get(game)
        print(
            f"{game:12} {protocol:10.0f} {protocol / yard:7.3f} "
            f"{'' if goal is None else goal:>5} {agents:9.0f} {agents / yard:7.3f} "
            f"{median:15.3f} {mcts_text:>10}",
            flush=True,
        )
    print(f"yardstick plies/s in the last game's windows: {yard:.0f}")
    if "forthewin" in args.games and args.positions > 0:
        for kind, (median, p90, worst, count) in forthewin_legal_moves(args.positions).items():
            print(
                f"For the Win! legal_moves() on {count} 20-tile positions, {kind}: median "
                f"{median:.2f} ms, p90 {p90:.2f} ms, max {worst:.2f} ms (goal: p90 <= 5 ms)"
            )
    print(f"load average after: {_load()}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
