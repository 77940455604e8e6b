"""Balance metrics of a study, as Ludii's evaluation metrics define them, and A/B comparisons.

The definitions follow the metrics of Ludii's ``Evaluation`` module (``metrics.single.outcome``,
``metrics.single.complexity``, ``metrics.multiple.metrics``, ``metrics.single.stateEvaluation``;
Stephenson, Browne et al.). Per variant, over its ``n`` games:

* **completion** (Ludii *Completion*): share of games that have a winner (not a draw, not a
  timeout);
* **draws** (Ludii *Drawishness*): share of games that ended in a draw, timeouts not included;
* **timeouts** (Ludii *Timeouts*): share of games stopped by the ply cap;
* **win rate per seat** (``win_seat{p}``) and **per agent** (``win_agent{j}``: the agent given
  ``j``-th in ``agents``, whichever seat it sat in): share of games won, a shared win counting
  for each sharer, with 95 % Wilson score bounds (``_lo``, ``_hi``);
* **balance** (Ludii *Balance*): one minus the largest difference between two seats' win rates;
* **first-player win rate** (``first_win``): share of games won by the player who moved first,
  with Wilson bounds; **advantage_p1** is Ludii's *AdvantageP1*: the same share with a game
  without a winner (draw or timeout) counting half;
* **duration** (Ludii *Duration Moves* / *Duration Turns*): mean and sample standard deviation
  of plies (moves) and turns (maximal runs of moves by the same player);
* **branching factor** (Ludii *Branching Factor Average*): the number of legal moves in each
  position where a move was chosen, averaged per game, then over games;
* **decision moves** (Ludii *Decision Moves*): the share of a game's moves chosen among more
  than one legal move, averaged over games;
* **lead change** (Ludii *Lead Change*: changes of the set of leading players per move),
  **drama** (Ludii *Drama Average*: how far the eventual winners trail the leader, averaged over
  positions) and **decisiveness** (Ludii *Decisiveness Moves*: the share of moves before a
  winner passes the best evaluation any non-winner ever reached), for every game, from each
  game's heuristic ``state.evaluate`` of every player at every position, judged by one observer
  (the study, which sees the whole position) — see :func:`ftwkit.analysis.runner._dynamics`;
* the **margin** (scored games: PNRZ, FTW?!): the best score minus the second best at the end.

Deviations from Ludii's definitions (kept on purpose, and said in the lab):

* Ludii's state evaluation for drama, lead change and decisiveness is a short UCT search per
  position; here it is the game's own heuristic (the one its greedy agent and its MCTS cut-offs
  use), so the metrics cost nothing extra and do not depend on a search's noise.
* Draws and games stopped by the ply cap count as Ludii counts them: every player ranked first
  (so drama averages over all of them and decisiveness is 0); games ended by an engine error or a
  stuck position are left out of these three (they have no result).
* Win rates for 3–4 players count a shared first place as a win for each sharer; Ludii's rank
  credit (a linear utility from first to last place) is not used because the engines report the
  winners, not a full ranking (ties below first place are not defined by the rules).

Per-game values are in the results table (``legal``, ``lead_changes``, ``drama``,
``decisiveness``), so every metric can be recomputed from the rows.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

__all__ = ["compare", "metrics", "wilson"]

PROPORTIONS = {
    "completion": "completion",
    "draws": "draw rate",
    "timeouts": "timeout rate",
    "first_win": "first-player win rate",
}
"""Share metrics compared with Fisher's exact test, with their readable names."""

PER_GAME = {
    "plies": "mean game length (plies)",
    "turns": "mean game length (turns)",
    "branching": "branching factor",
    "decision": "share of decision moves",
    "lead_change": "lead changes per move",
    "drama": "drama",
    "decisiveness": "decisiveness",
    "margin": "final score margin",
}
"""Per-game measures compared with the Mann–Whitney U test, with their readable names."""


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``k`` successes in ``n`` trials (NaN when ``n`` is 0).

    >>> [round(x, 3) for x in wilson(5, 10)]
    [0.237, 0.763]
    """
    if n == 0:
        return math.nan, math.nan
    from scipy import stats  # SciPy is slow to import: only when a metric needs it

    ci = stats.binomtest(int(k), int(n)).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


def _won(winners: Any, player: int) -> bool:
    return player in tuple(winners)


def _per_game(games: pd.DataFrame) -> pd.DataFrame:
    """One value per game for every per-game measure (NaN where it does not apply)."""

    def mean_legal(legal: Sequence[int]) -> float:
        return sum(legal) / len(legal) if legal else math.nan

    def decision(legal: Sequence[int]) -> float:
        return sum(1 for c in legal if c > 1) / len(legal) if legal else math.nan

    def margin(scores: Any) -> float:
        if scores is None or len(scores) < 2:
            return math.nan
        top = sorted(scores, reverse=True)
        return float(top[0] - top[1])

    out = pd.DataFrame(index=games.index)
    out["plies"] = games["plies"].astype(float)
    out["turns"] = games["turns"].astype(float)
    out["branching"] = games["legal"].map(mean_legal)
    out["decision"] = games["legal"].map(decision)
    out["lead_change"] = [
        c / p if c is not None and not _isnan(c) and p > 0 else math.nan
        for c, p in zip(games["lead_changes"], games["plies"], strict=True)
    ]
    out["drama"] = games["drama"].map(_num)
    out["decisiveness"] = games["decisiveness"].map(_num)
    finished = games["hole"].isna()
    out["margin"] = [
        margin(s) if f else math.nan for s, f in zip(games["scores"], finished, strict=True)
    ]
    return out


def _isnan(value: Any) -> bool:
    return isinstance(value, float) and math.isnan(value)


def _num(value: Any) -> float:
    return math.nan if value is None else float(value)


def _counts(games: pd.DataFrame) -> dict[str, tuple[int, int]]:
    n = len(games)
    natural = games["hole"].isna()
    has_winner = games["winners"].map(lambda w: len(w) > 0)
    return {
        "completion": (int(has_winner.sum()), n),
        "draws": (int((natural & ~has_winner).sum()), n),
        "timeouts": (int(games["capped"].sum()), n),
        "first_win": (
            int(sum(_won(w, f) for w, f in zip(games["winners"], games["first"], strict=True))),
            n,
        ),
    }


def metrics(games: pd.DataFrame, variants: Sequence[str], n_agents: int) -> pd.DataFrame:
    """The metrics table of a results table, one row per variant (see the module docstring)."""
    rows = []
    for variant in variants:
        g = games[games["variant"] == variant]
        n = len(g)
        row: dict[str, Any] = {"variant": variant, "games": n}
        counts = _counts(g)
        for key in ("completion", "draws", "timeouts"):
            k, _ = counts[key]
            row[key] = k / n if n else math.nan
        players = int(g["players"].max()) if n else 0
        rates = []
        for p in range(players):
            k = int(sum(_won(w, p) for w in g["winners"]))
            rate = k / n if n else math.nan
            rates.append(rate)
            row[f"win_seat{p}"] = rate
            row[f"win_seat{p}_lo"], row[f"win_seat{p}_hi"] = wilson(k, n)
        for j in range(n_agents):
            k = int(
                sum(
                    _won(w, seats.index(j))
                    for w, seats in zip(g["winners"], g["seat_agents"], strict=True)
                    if j in seats
                )
            )
            row[f"win_agent{j}"] = k / n if n else math.nan
            row[f"win_agent{j}_lo"], row[f"win_agent{j}_hi"] = wilson(k, n)
        row["balance"] = (
            1.0 - max((abs(a - b) for a in rates for b in rates), default=0.0) if n else math.nan
        )
        k, _ = counts["first_win"]
        row["first_win"] = k / n if n else math.nan
        row["first_win_lo"], row["first_win_hi"] = wilson(k, n)
        no_winner = int(sum(len(w) == 0 for w in g["winners"]))
        row["advantage_p1"] = (k + 0.5 * no_winner) / n if n else math.nan
        per = _per_game(g)
        row["plies_mean"] = per["plies"].mean()
        row["plies_sd"] = per["plies"].std(ddof=1)
        row["turns_mean"] = per["turns"].mean()
        row["turns_sd"] = per["turns"].std(ddof=1)
        row["branching_factor"] = per["branching"].mean()
        row["decision_moves"] = per["decision"].mean()
        for key in ("lead_change", "drama", "decisiveness"):
            row[key] = per[key].mean()  # NaN only when no game has a result
        scored = bool(n) and g["scores"].map(lambda s: s is not None).any()
        row["margin_mean"] = per["margin"].mean() if scored else math.nan
        row["holes"] = int(g["hole"].notna().sum())
        rows.append(row)
    return pd.DataFrame(rows).set_index("variant")


def _fmt(value: float, share: bool) -> str:
    if math.isnan(value):
        return "n/a"
    return f"{100 * value:.1f} %" if share else f"{value:.3g}"


def _fmt_p(p: float) -> str:
    if math.isnan(p):
        return "no test"
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def compare(
    games: pd.DataFrame,
    a: str,
    b: str,
    *,
    seat_names: Sequence[str] | None = None,
    labels: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """Per metric: the values under variants ``a`` and ``b``, the difference and a p-value.

    Shares (completion, draws, timeouts, first-player and per-seat win rates) are tested with
    Fisher's exact test on the 2×2 table of counts; per-game measures (length, branching factor,
    decision moves, lead changes, drama, decisiveness, margin) with the two-sided Mann–Whitney U
    test. The p-values are per metric, not corrected for testing many metrics at once: with a
    dozen metrics, expect one "significant" difference in twenty studies by chance alone.

    ``seat_names`` names the seats in the sentences (``South's win rate``) and ``labels`` the
    variants (``the default rules``); a metric with the same value under both says so.
    """
    from scipy import stats

    ga, gb = games[games["variant"] == a], games[games["variant"] == b]
    if ga.empty or gb.empty:
        missing = a if ga.empty else b
        raise ValueError(f"no games of variant {missing!r} in these results")
    rows = []
    ca, cb = _counts(ga), _counts(gb)
    players = int(max(ga["players"].max(), gb["players"].max()))
    for p in range(players):
        for g, c in ((ga, ca), (gb, cb)):
            c[f"win_seat{p}"] = (int(sum(_won(w, p) for w in g["winners"])), len(g))
    names = list(seat_names or []) + [
        f"seat {p + 1}" for p in range(len(seat_names or []), players)
    ]
    metric_labels = dict(PROPORTIONS)
    metric_labels.update({f"win_seat{p}": f"{names[p]}'s win rate" for p in range(players)})
    for key, label in metric_labels.items():
        (ka, na), (kb, nb) = ca[key], cb[key]
        va, vb = ka / na, kb / nb
        p_value = float(stats.fisher_exact([[ka, na - ka], [kb, nb - kb]]).pvalue)
        rows.append((key, label, va, vb, "Fisher's exact test", p_value, True))
    pa, pb = _per_game(ga), _per_game(gb)
    for key, label in PER_GAME.items():
        xa, xb = pa[key].dropna(), pb[key].dropna()
        if xa.empty or xb.empty:
            continue
        if xa.nunique() == 1 and xb.nunique() == 1 and xa.iloc[0] == xb.iloc[0]:
            p_value = 1.0
        else:
            p_value = float(stats.mannwhitneyu(xa, xb, alternative="two-sided").pvalue)
        rows.append((key, label, xa.mean(), xb.mean(), "Mann–Whitney U", p_value, False))
    out = []
    name_a = (labels or {}).get(a, a)
    name_b = (labels or {}).get(b, b)
    for key, label, va, vb, test, p_value, share in rows:
        verdict = "" if p_value < 0.05 else "; not significant at the 5 % level"
        if _fmt(va, share) == _fmt(vb, share):
            sentence = (
                f"{label} is {_fmt(va, share)} under both {name_a} and {name_b} ({_fmt_p(p_value)})"
            )
        else:
            sentence = (
                f"switching from {name_a} to {name_b} moves {label} from {_fmt(va, share)} to "
                f"{_fmt(vb, share)} ({_fmt_p(p_value)}{verdict})"
            )
        sentence = sentence[0].upper() + sentence[1:]
        out.append(
            {
                "metric": key,
                a: va,
                b: vb,
                "difference": vb - va,
                "test": test,
                "p_value": p_value,
                "sentence": sentence,
            }
        )
    return pd.DataFrame(out).set_index("metric")
