"""Robust across skill: does a finding survive better players? (after Ludii's *Skill Trace*).

:func:`skill_trace` plays, for each search budget ``b`` of ``levels`` (doubling by default):

* the agent at ``b`` against the agent at the previous level (seats rotating): how often the
  stronger wins, with its 95 % Wilson interval — Ludii's skill trace, which shows whether more
  thinking keeps paying off (a game with room for skill) or stops mattering;
* the agent at ``b`` against itself: each seat's and the first player's win rate with intervals —
  so a designer sees whether a seat advantage grows, shrinks or flips as players get better.

:func:`skill_check` runs one comparison at two skill levels and says whether its conclusion
(which seat is favoured, or none clearly) is the same at both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

import ftwkit
from ftwkit.agents.levels import STUDY_ITERATIONS
from ftwkit.analysis.metrics import wilson
from ftwkit.analysis.results import Results

__all__ = ["DEFAULT_LEVELS", "conclusion", "skill_check", "skill_trace"]

DEFAULT_LEVELS = (25, 50, 100, 200)
"""MCTS iterations per decision of the default trace: each level doubles the one before."""


def _searcher(iterations: int) -> tuple[str, dict[str, Any]]:
    return "mcts", {"iterations": iterations}


def skill_trace(
    game: str,
    *,
    variant: Mapping[str, Any] | None = None,
    levels: Sequence[int] = DEFAULT_LEVELS,
    games: int = 40,
    players: int | None = None,
    seed: int = 0,
    executor: Any = None,
    progress: bool = False,
) -> pd.DataFrame:
    """The skill trace of one variant (``variant``: its options; default the default rules).

    Raises ``KeyboardInterrupt`` when one of its studies is interrupted (a partial trace would
    mislead). Returns one row per level (``iterations``), with ``stronger_wins`` (the share of
    games the agent at this level won against the previous level, NaN at the first level) and its
    ``_lo``/``_hi`` bounds, then for self-play at this level each seat's win rate
    (``win_<seat name>`` with bounds), ``first_win`` with bounds, ``games`` per study and
    ``mean_plies``.
    """
    from ftwkit.analysis.study import simulate

    budgets = [int(b) for b in levels]
    if not budgets or any(b < 1 for b in budgets) or budgets != sorted(set(budgets)):
        raise ValueError(f"levels must be increasing positive budgets, not {list(levels)!r}")
    options = dict(variant or {})
    rules = ftwkit.rules(game, **options)
    n = rules.min_players if players is None else players
    names = rules.player_names(n)
    rows = []
    previous: int | None = None
    for budget in budgets:
        row: dict[str, Any] = {"iterations": budget}
        common = {
            "variants": {"trace": options},
            "players": n,
            "games": games,
            "seed": seed,
            "executor": executor,
            "progress": progress,
        }
        if previous is not None:
            duel = simulate(
                game,
                agents=[_searcher(budget)] + [_searcher(previous)] * (n - 1),
                **common,
            )
            if duel.interrupted:
                raise KeyboardInterrupt  # an interrupted level would make the trace wrong
            k = int(
                sum(
                    seats.index(0) in tuple(w)
                    for w, seats in zip(
                        duel.games["winners"], duel.games["seat_agents"], strict=True
                    )
                )
            )
            row["stronger_wins"] = k / len(duel.games) if len(duel.games) else float("nan")
            row["stronger_wins_lo"], row["stronger_wins_hi"] = wilson(k, len(duel.games))
        else:
            row["stronger_wins"] = row["stronger_wins_lo"] = row["stronger_wins_hi"] = float("nan")
        self_play = simulate(game, agents=[_searcher(budget)] * n, **common)
        if self_play.interrupted:
            raise KeyboardInterrupt
        table = self_play.metrics().loc["trace"]
        for seat, name in enumerate(names):
            for suffix in ("", "_lo", "_hi"):
                row[f"win_{name}{suffix}"] = float(table[f"win_seat{seat}{suffix}"])
        for suffix in ("", "_lo", "_hi"):
            row[f"first_win{suffix}"] = float(table[f"first_win{suffix}"])
        row["games"] = games
        row["mean_plies"] = float(table["plies_mean"])
        rows.append(row)
        previous = budget
    return pd.DataFrame(rows).set_index("iterations")


def conclusion(results: Results, variant: str) -> str:
    """What a study says about seats in one variant: which seat is favoured (exact binomial test
    of the first seat's win rate against an even share, 5 % level), or none clearly."""
    from scipy import stats

    g = results.games[results.games["variant"] == variant]
    names = ftwkit.rules(results.game).player_names(results.players)
    if g.empty:
        return "no games"
    k = int(sum(0 in tuple(w) for w in g["winners"]))
    even = 1 / results.players
    p = float(stats.binomtest(k, len(g), even).pvalue)
    if p >= 0.05:
        return "no seat clearly favoured"
    return f"{names[0]} favoured" if k / len(g) > even else f"{names[0]} disfavoured"


def skill_check(
    game: str,
    *,
    variants: Mapping[str, Mapping[str, Any]] | None = None,
    levels: tuple[int, int] | None = None,
    games: int = 40,
    players: int | None = None,
    seed: int = 0,
    executor: Any = None,
    progress: bool = False,
) -> tuple[Results, Results, list[str]]:
    """The same study at two skill levels (MCTS iterations; default: a quarter of the game's
    study budget and the budget itself) and, per variant, whether the conclusion agrees.

    Returns the weaker and stronger studies and one sentence per variant.
    """
    from ftwkit.analysis.readable import variant_text
    from ftwkit.analysis.study import simulate

    high = STUDY_ITERATIONS.get(game, 100)
    low_b, high_b = levels if levels is not None else (max(1, high // 4), high)
    rules = ftwkit.rules(game)
    n = rules.min_players if players is None else players
    studies = [
        simulate(
            game,
            variants=variants,
            agents=[_searcher(b)] * n,
            players=n,
            games=games,
            seed=seed,
            executor=executor,
            progress=progress,
        )
        for b in (low_b, high_b)
    ]
    weak, strong = studies
    sentences = []
    for name in strong.variants:
        a, b = conclusion(weak, name), conclusion(strong, name)
        label = variant_text(game, name, strong.variants[name])
        verdict = "agrees" if a == b else "does not agree"
        sentences.append(
            f"{label[0].upper()}{label[1:]}: the conclusion {verdict} across skill — "
            f"{a} at {low_b} iterations, {b} at {high_b} ({games} games each)."
        )
    return weak, strong, sentences
