"""Fit PNRZ's evaluation as a forecast of the win: record positions of seeded games, fit a logistic.

PNRZ's evaluation (:mod:`ftwkit.games.pnrz.evaluation`) is what greedy play maximises and what the
search scores its cut-offs with; this tool measures how well it says who will win, from what the
player knows, and fits the forecasts that were screened against it:

* ``record``: plays seeded games (seeds outside the benchmark's 0-99) between two agents (the
  first in seat ``seed % 2``) and after every move writes one row per seat: that seat's features
  (only what it may know: its own hand, the others' hand sizes, the scores, the stack, the
  pending step, the table), the engine's evaluation and the result for that seat (win 1, shared
  win ``1 / winners``, loss 0) and final margin.
* ``fit``: on 2-player rows, fits how many action tiles a rival really holds against the
  evaluation's estimate (:func:`fit_hoard`) and ``logistic(lead / (k0 + k1 * stack))`` for the
  prospect lead (with and without that hoard) and the tally lead, on the games of even seeds;
  prints held-out (odd seeds) log-loss, accuracy and Brier score by stage and calibration tables
  against the evaluation recorded with the rows.

The rows behind the numbers in :mod:`ftwkit.games.pnrz.evaluation` (79 games, 12 470 rows;
each line run by ``python``)::

    tools/fit_pnrz_forecast.py record --agents greedy,greedy --start 1000 --games 48 --out r.jsonl
    tools/fit_pnrz_forecast.py record --agents mcts,greedy --start 2000 --games 15 --out r.jsonl
    tools/fit_pnrz_forecast.py record --agents greedy,greedy --start 3000 --games 9 --out r.jsonl
    tools/fit_pnrz_forecast.py record --agents mcts,greedy --start 4000 --games 7 --out r.jsonl
    tools/fit_pnrz_forecast.py fit r.jsonl

(``--workers N`` plays games in N processes; ``record`` appends.) The fit uses numpy and scipy
(the development environment); the engine never imports this.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ftwkit  # noqa: E402
from ftwkit import agents  # noqa: E402
from ftwkit.games.pnrz.evaluation import unseen_action_share  # noqa: E402
from ftwkit.games.pnrz.state import PnrzState  # noqa: E402
from ftwkit.games.pnrz.tiles import ICONS  # noqa: E402


def features(state: PnrzState, view: int) -> dict[str, float]:
    """What ``view`` knows of a running position, as numbers (the best rival by tally)."""
    tiles = state.tile_set
    action, play = tiles.is_action.__getitem__, tiles.is_play.__getitem__
    scores = state.scores
    rival = max((s for s in range(state.players) if s != view), key=lambda s: scores[s])
    sections = state.sections()
    on_table = {tiles.tile(k).base_of for k, *_ in state.table}
    pending = bool(state.pending) and state.pending[0] in ICONS
    return {
        "stack": float(len(state.draw)),
        "final_left": -1.0 if state.final_left is None else float(state.final_left),
        "to_move": float(state.turn == view),
        "pending_own": float(pending and state.turn == view),
        "pending_rival": float(pending and state.turn == rival),
        "score_own": float(scores[view]),
        "score_rival": float(scores[rival]),
        "held_own": float(sum(map(action, state.hands[view]))),
        "play_own": float(sum(map(play, state.hands[view]))),
        "play_rival": float(sum(map(play, state.hands[rival]))),
        "share": unseen_action_share(state, view, tiles),
        "bases_off_own": float(sum(c not in on_table for c in state.characters[view])),
        "bases_off_rival": float(sum(c not in on_table for c in state.characters[rival])),
        "top_own": float(max(sections[c][0] for c in state.characters[view])),
        "top_rival": float(max(sections[c][0] for c in state.characters[rival])),
        "second_own": float(_second_best(state, view)),
        "second_rival": float(_second_best(state, rival)),
        "cells_own": float(sum(len(sections[c][1]) for c in state.characters[view])),
        "cells_rival": float(sum(len(sections[c][1]) for c in state.characters[rival])),
        "old": state.evaluate(view),
    }


def _second_best(state: PnrzState, seat: int) -> int:
    """The sum of the seat's characters' second-best section values (what a broken best leaves)."""
    every = state._every_section()
    total = 0
    for character in state.characters[seat]:
        values = sorted((key[0] for key, _ in every.get(character, ())), reverse=True)
        total += values[1] if len(values) > 1 else 0
    return total


def play_and_record(spec: tuple[str, str, int, int]) -> list[dict[str, Any]]:
    """One seeded game between two agents (``a`` in seat ``seed % 2``): a row per seat and move."""
    a, b, seed, max_plies = spec
    seat = seed % 2
    mine, theirs = agents.make(a, seed=2 * seed), agents.make(b, seed=2 * seed + 1)
    seats = [mine, theirs] if seat == 0 else [theirs, mine]
    state = cast(PnrzState, ftwkit.rules("pnrz").new(seed=seed))
    rows: list[dict[str, Any]] = []
    plies = 0
    while not state.is_over and plies < max_plies:
        player = state.to_play
        assert player is not None
        state = state.play_unchecked(seats[player].choose(state))
        plies += 1
        if not state.is_over and not state.picking:
            for view in range(state.players):
                row: dict[str, Any] = dict(features(state, view))
                row.update(seed=seed, ply=plies, view=view, agent=(a, b)[view != seat])
                rows.append(row)
    winners = state.winners if state.is_over else tuple(range(state.players))
    for row in rows:
        row["result"] = 1.0 / len(winners) if row["view"] in winners else 0.0
        final = state.scores
        row["final_margin"] = float(
            final[row["view"]] - max(f for s, f in enumerate(final) if s != row["view"])
        )
    return rows


def record(args: argparse.Namespace) -> None:
    """Play the games and append their rows to ``--out`` as JSON lines."""
    a, b = args.agents.split(",")
    jobs = [(a, b, seed, args.max_plies) for seed in range(args.start, args.start + args.games)]
    with ProcessPoolExecutor(args.workers) as pool, open(args.out, "a") as out:
        for rows in pool.map(play_and_record, jobs):
            for row in rows:
                out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"# game {rows[0]['seed'] if rows else '?'}: {len(rows)} rows", flush=True)


def read_rows(paths: list[str]) -> Iterator[dict[str, Any]]:
    """The rows of ``record``'s JSON-lines files."""
    for path in paths:
        with open(path) as f:
            for line in f:
                yield json.loads(line)


PLAY_TILES = 54
"""Play tiles in the standard set (dealt or drawn so far = this minus the stack)."""

STAGES = ((40, 99), (30, 39), (20, 29), (11, 19), (1, 10), (0, 0))
"""Stack sizes (inclusive) by which the held-out scores are broken down: 0 is the final lap."""


HOARD = 0.29
"""The hoard screened in play (a rival's play tile counts as an action tile with the unseen
share plus this, once :data:`HOARD_RAMP` tiles are dealt or drawn; at most the unseen action
tiles count): :func:`fit_hoard` fits 0.22-0.30 for ramps of 15-45 tiles."""

HOARD_RAMP = 30
"""Tiles dealt or drawn over which :data:`HOARD` grows to its full value."""


def prospect_lead(row: dict[str, Any], hoard: float = 0.0) -> float:
    """The prospect lead of :mod:`ftwkit.games.pnrz.evaluation` (its constants) from a row of a
    2-player game; with ``hoard``, the rival's hand is that much richer in action tiles."""
    from ftwkit.games.pnrz.evaluation import FADE, HELD_CAP, HOLD, PENDING

    stack = row["stack"]
    fade = HOLD * min(1.0, stack / FADE)
    actions = round(row["share"] * (stack + row["play_rival"]))  # unseen: the stack, one hand
    ramp = min(1.0, (PLAY_TILES - stack) / HOARD_RAMP)
    share = row["share"] + hoard * ramp if actions else 0
    own = row["score_own"] + fade * min(row["held_own"], HELD_CAP)
    rival = row["score_rival"] + fade * min(share * row["play_rival"], actions, HELD_CAP)
    return float(own - rival + PENDING * (row["pending_own"] - row["pending_rival"]))


def fit_hoard(rows: list[dict[str, Any]]) -> None:
    """How many action tiles a rival really holds, against the share of action tiles unseen.

    Pairs the two seats' rows of each 2-player position: the rival's own count (capped at
    ``HELD_CAP``) against ``view``'s estimate ``play tiles x (share + hoard x ramp)``, ramp =
    ``min(1, tiles dealt or drawn / RAMP)``; fits ``hoard`` (the least squared error of the capped
    estimate, on a grid of hundredths) for a few ramps.
    """
    import numpy as np

    from ftwkit.games.pnrz.evaluation import HELD_CAP

    seats: dict[tuple[int, int], dict[int, dict[str, Any]]] = {}
    for row in rows:
        seats.setdefault((row["seed"], row["ply"]), {})[row["view"]] = row
    pairs = [(v[0], v[1]) for v in seats.values() if set(v) == {0, 1}]
    stack = np.array([a["stack"] for a, _ in pairs])
    tiles = np.array([a["play_rival"] for a, _ in pairs])
    share = np.array([a["share"] for a, _ in pairs])
    actual = np.minimum(np.array([b["held_own"] for _, b in pairs]), HELD_CAP)
    print(f"\nthe rival's action tiles ({len(pairs)} positions seen from seat 0)")
    for ramp in (15, 30, 45):
        drawn = np.minimum(1.0, (PLAY_TILES - stack) / ramp)
        errors = {
            h / 100: float(
                np.sqrt(
                    np.mean((np.minimum(tiles * (share + h / 100 * drawn), HELD_CAP) - actual) ** 2)
                )
            )
            for h in range(61)
        }
        hoard, rmse = min(errors.items(), key=lambda item: item[1])
        print(f"  ramp {ramp}: hoard {hoard:.3f}, rmse {rmse:.2f}")
    for lo, hi in STAGES:
        m = (stack >= lo) & (stack <= hi)
        print(
            f"  stack {lo}-{hi}: held {actual[m].mean():.2f}, "
            f"share estimate {np.minimum(tiles * share, HELD_CAP)[m].mean():.2f}"
        )


def fit(args: argparse.Namespace) -> None:
    """Fit ``logistic(prospect lead / (k0 + k1 * stack))`` on the even seeds, score the odd ones.

    First fits a rival's hoard of action tiles (:func:`fit_hoard`). Then prints the fitted ``k0``
    and ``k1`` (of the prospect lead with :data:`HOARD`, and of the tally lead alone), and for
    the evaluation recorded with the rows, the same with :data:`HOARD` (``SCALE`` kept), the
    fitted forecasts and a coin: log-loss,
    accuracy (decided games) and the Brier score overall and by stage, and a calibration table
    (forecasts in tenths: the mean forecast against the share of wins).
    """
    import numpy as np
    from scipy.optimize import minimize

    rows = [r for r in read_rows(args.rows)]
    seeds = np.array([r["seed"] for r in rows])
    result = np.array([r["result"] for r in rows])
    stack = np.array([r["stack"] for r in rows])
    plain = np.array([prospect_lead(r) for r in rows])
    prospect = np.array([prospect_lead(r, HOARD) for r in rows])
    tally = np.array([r["score_own"] - r["score_rival"] for r in rows])
    held_out = seeds % 2 == 1
    fitting = ~held_out
    print(
        f"{len(rows)} rows of {len(set(seeds.tolist()))} games; fitting on "
        f"{len(set(seeds[fitting].tolist()))} games (even seeds), scoring "
        f"{len(set(seeds[held_out].tolist()))} (odd seeds)"
    )

    def log_loss(p: Any, y: Any) -> float:
        p = np.clip(p, 1e-9, 1 - 1e-9)
        return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))

    def forecast(lead: Any, k: Any) -> Any:
        return 1 / (1 + np.exp(-lead / (np.exp(k[0]) + np.exp(k[1]) * stack)))

    def fitted(lead: Any) -> tuple[float, float]:
        best = minimize(
            lambda k: log_loss(forecast(lead, k)[fitting], result[fitting]),
            np.array([1.8, -1.0]),
            method="Nelder-Mead",
        )
        return float(np.exp(best.x[0])), float(np.exp(best.x[1]))

    fit_hoard(rows)
    k_plain, k_prospect, k_tally = fitted(plain), fitted(prospect), fitted(tally)
    print(f"prospect lead: k0 {k_plain[0]:.2f}, k1 {k_plain[1]:.3f}")
    print(f"prospect lead with hoard: k0 {k_prospect[0]:.2f}, k1 {k_prospect[1]:.3f}")
    print(f"tally lead:    k0 {k_tally[0]:.2f}, k1 {k_tally[1]:.3f}")
    from ftwkit.games.pnrz.evaluation import SCALE

    models = {
        "evaluation as recorded": np.array([r["old"] for r in rows]),
        "with hoard": 1 / (1 + np.exp(-prospect / SCALE)),
        "forecast (stage)": forecast(plain, np.log(k_plain)),
        "forecast (hoard, stage)": forecast(prospect, np.log(k_prospect)),
        "forecast (tally, stage)": forecast(tally, np.log(k_tally)),
        "coin": np.full(len(rows), 0.5),
    }
    header = "all".rjust(17) + "".join(f"{lo}-{hi}".rjust(17) for lo, hi in STAGES)
    print(f"\nheld out: log-loss / accuracy / Brier\n{'':24}{header}")
    for name, p in models.items():
        cells = []
        for lo, hi in ((0, 99), *STAGES):
            m = held_out & (stack >= lo) & (stack <= hi)
            decided = m & (result != 0.5)
            acc = float(np.mean((p[decided] > 0.5) == (result[decided] > 0.5)))
            brier = float(np.mean((p[m] - result[m]) ** 2))
            cells.append(f"{log_loss(p[m], result[m]):.3f}/{acc:.2f}/{brier:.3f}".rjust(17))
        print(f"{name:24}{''.join(cells)}")
    print("\ncalibration (held out): forecast tenth, rows, mean forecast, share won")
    for name in ("evaluation as recorded", "with hoard", "forecast (stage)"):
        p = models[name]
        print(name)
        for tenth in range(10):
            m = held_out & (p >= tenth / 10) & ((p < (tenth + 1) / 10) | (tenth == 9))
            if m.any():
                mean_p, won = float(np.mean(p[m])), float(np.mean(result[m]))
                low, high = tenth / 10, (tenth + 1) / 10
                print(f"  {low:.1f}-{high:.1f} {int(m.sum()):6} {mean_p:.3f} {won:.3f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="play seeded games and record positions")
    rec.add_argument("--agents", default="greedy,greedy")
    rec.add_argument("--start", type=int, default=1000)
    rec.add_argument("--games", type=int, default=100)
    rec.add_argument("--workers", type=int, default=1)
    rec.add_argument("--max-plies", type=int, default=400)
    rec.add_argument("--out", required=True)
    fit_cmd = sub.add_parser("fit", help="fit the forecast on recorded rows")
    fit_cmd.add_argument("rows", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "record":
        record(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()
