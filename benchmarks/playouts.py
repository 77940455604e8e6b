"""Engine speed for search, one core, as ratios to a draughts reference measured in the same run.

Prints, for every game in ``ftwkit.game_ids()``:

* plies/s of random playouts on the search path (``state.random_move(rng)`` then
  ``play_unchecked``), and that figure divided by the plies/s of the plain-Python draughts engine
  of ``benchmarks/draughts_ref.py`` — absolute numbers are noise on a shared machine, the ratio is
  what the goals of issue 14 are stated in;
* the median time of ``legal_moves()`` on fresh mid-game states;
* MCTS iterations/s (``ftwkit.agents.make("mcts", iterations=...)``), when that agent exists;

and then ``legal_moves()`` median/p90/max on a fixed set of 20-tile For the Win! positions (those
of ``benchmarks/forthewin_bench.py``).

Times are CPU seconds of this process (``time.process_time``), so other work on the machine slows
the wall clock but not the figures. The draughts reference is measured before and after the games
and the mean is used; both are printed, so drift during the run shows.

    python benchmarks/playouts.py [--seconds 3] [--max-plies 400] [--positions 20]
                                  [--mcts-iterations 200] [game ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import draughts_ref  # a sibling module: scripts run from benchmarks/ see each other

import ftwkit


def _rules(game: str) -> ftwkit.Rules:
    return ftwkit.rules(game)


def playouts(game: str, seconds: float, max_plies: int) -> tuple[int, int, float]:
    """Random games on the search path for ``seconds`` of CPU; returns (games, plies, CPU s)."""
    rules = _rules(game)
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
    rules = _rules(game)
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
    rules = _rules(game)
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


def forthewin_legal_moves(count: int) -> tuple[float, float, float, int]:
    """``legal_moves()`` median, p90 and max CPU ms on ``count`` 20-tile For the Win! positions."""
    import forthewin_bench

    states = forthewin_bench.twenty_tile_positions(count)
    samples = sorted(forthewin_bench.time_legal_moves(states))
    p90 = samples[min(len(samples) - 1, int(len(samples) * 0.9))]
    return statistics.median(samples), p90, samples[-1], len(states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(ftwkit.game_ids()))
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    parser.add_argument("--max-plies", type=int, default=400, help="cap on one playout")
    parser.add_argument("--positions", type=int, default=20, help="20-tile For the Win! positions")
    parser.add_argument(
        "--mcts-iterations", type=int, default=200, help="per MCTS decision (0: skip MCTS)"
    )
    args = parser.parse_args()

    _, ref_plies, ref_time = draughts_ref.playouts(args.seconds)
    before = ref_plies / ref_time
    rows = []
    for game in args.games:
        games, plies, elapsed = playouts(game, args.seconds, args.max_plies)
        median = legal_moves_median_ms(game)
        mcts = mcts_iterations_per_second(game, args.mcts_iterations)
        rows.append((game, games, plies, elapsed, median, mcts))
    _, ref_plies, ref_time = draughts_ref.playouts(args.seconds)
    after = ref_plies / ref_time
    reference = (before + after) / 2

    print(f"draughts reference: {before:.0f} plies/s before the games, {after:.0f} after")
    print(
        f"{'game':12} {'plies/s':>9} {'ratio':>7} {'plies/game':>11} "
        f"{'legal_moves ms':>15} {'MCTS it/s':>10}"
    )
    for game, games, plies, elapsed, median, mcts in rows:
        rate = plies / elapsed
        mcts_text = "n/a" if mcts is None else f"{mcts:.0f}"
        print(
            f"{game:12} {rate:9.0f} {rate / reference:7.3f} {plies / max(games, 1):11.1f} "
            f"{median:15.3f} {mcts_text:>10}"
        )
    if "forthewin" in args.games and args.positions > 0:
        median, p90, worst, count = forthewin_legal_moves(args.positions)
        print(
            f"For the Win! legal_moves() on {count} 20-tile positions: median {median:.2f} ms, "
            f"p90 {p90:.2f} ms, max {worst:.2f} ms (goal: p90 <= 5 ms)"
        )


if __name__ == "__main__":
    main()
