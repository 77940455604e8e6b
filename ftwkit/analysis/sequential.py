"""Enough games, not more: play in rounds until each asked comparison is decided.

``simulate(..., until="decided")`` (and ``--until decided``) plays a study in ``LOOKS`` equal
rounds up to the budget (``games`` per variant) and, after each round, tests every comparison:

* one variant: is the first seat's win rate different from an even share (``1 / players``)?
  (exact two-sided binomial test);
* several variants: is each variant's first-seat win rate different from the first variant's?
  (Fisher's exact test).

The test is a **group-sequential test with O'Brien–Fleming-type alpha spending** (Lan & DeMets
1983): after a share ``t`` of the budget, at most ``α(t) = 2 − 2 Φ(z_{1−α/2} / √t)`` of the
level may have been spent, so look ``k`` rejects when its exact p-value is below
``α(t_k) − α(t_{k−1})``. The per-look levels sum to ``α``, so by the union bound the chance of
declaring a difference that is not there is at most ``α`` however many looks are taken (the
bound ignores the correlation between looks, which makes the test slightly conservative). Early
looks spend very little, so a study stops early only for a clear difference. A comparison is
*decided* when it rejects; a study stops when every comparison is decided, or when the budget
runs out (then each undecided comparison says no difference was found at this budget, with its
interval). Each comparison is tested at ``α``: with several, the chance of at least one false
alarm is larger (no correction across comparisons).

Rounds reuse the games already played: game ``i`` is the same game whichever round plays it, so
the table after the last round equals an uninterrupted study of that many games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from ftwkit.analysis.results import Results

__all__ = ["ALPHA", "LOOKS", "spending", "test_look", "until_decided"]

ALPHA = 0.05
"""The level of each comparison over all looks."""
LOOKS = 5
"""Rounds (looks at the data) over the budget."""


def spending(t: float, alpha: float = ALPHA) -> float:
    """O'Brien–Fleming-type alpha spending: the level spent after a share ``t`` of the budget.

    >>> round(spending(1.0), 6), spending(0.0)
    (0.05, 0.0)
    >>> round(spending(0.2), 6) < 0.0001
    True
    """
    if t <= 0:
        return 0.0
    from scipy import stats

    z = float(stats.norm.ppf(1 - alpha / 2))
    return float(2 - 2 * stats.norm.cdf(z / math.sqrt(min(1.0, t))))


def _seat0(results: Results, variant: str) -> tuple[int, int]:
    g = results.games[results.games["variant"] == variant]
    return int(sum(0 in tuple(w) for w in g["winners"])), len(g)


def test_look(results: Results, baseline: str, variant: str | None) -> tuple[float, str]:
    """The exact p-value of one comparison on the games so far, and what it compares."""
    from scipy import stats

    import ftwkit

    seat = ftwkit.rules(results.game).player_names(results.players)[0]
    k, n = _seat0(results, baseline)
    if variant is None:
        even = 1 / results.players
        p = float(stats.binomtest(k, n, even).pvalue) if n else 1.0
        return p, f"{seat}'s win rate against an even share ({100 * even:.0f} %)"
    k2, n2 = _seat0(results, variant)
    p = float(stats.fisher_exact([[k, n - k], [k2, n2 - k2]]).pvalue) if n and n2 else 1.0
    return p, f"{seat}'s win rate under {variant} against {baseline}"


def until_decided(
    game: str,
    *,
    budget: int,
    variants: Mapping[str, Mapping[str, Any]] | None = None,
    alpha: float = ALPHA,
    looks: int = LOOKS,
    resume: Results | None = None,
    on_result: Callable[[Results], None] | None = None,
    **kwargs: Any,
) -> Results:
    """Play ``game`` in rounds until every comparison is decided or ``budget`` games per
    variant are played; the results carry ``decisions`` (one row per comparison and look) and
    ``verdict`` (sentences saying which happened).

    ``kwargs`` go to :func:`ftwkit.analysis.simulate` (agents, players, seed, executor…).
    """
    from ftwkit.analysis.study import simulate

    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise ValueError(f"budget must be a positive int, not {budget!r}")
    if not isinstance(looks, int) or isinstance(looks, bool) or looks < 1:
        raise ValueError(f"looks must be a positive int, not {looks!r}")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be between 0 and 1, not {alpha!r}")
    chosen = {"default": {}} if variants is None else {str(k): dict(v) for k, v in variants.items()}
    names = list(chosen)
    comparisons: list[str | None] = [None] if len(names) == 1 else list(names[1:])
    step = max(1, math.ceil(budget / looks))
    sizes = sorted({min(budget, step * k) for k in range(1, looks + 1)})
    decided: dict[str | None, int] = {}
    rows: list[dict[str, Any]] = []
    results = resume
    spent = 0.0
    for look, size in enumerate(sizes, start=1):
        results = simulate(
            game, variants=chosen, games=size, resume=results, on_result=on_result, **kwargs
        )
        if results.interrupted:
            break
        level = spending(size / budget, alpha) - spent
        spent += level
        for variant in comparisons:
            if variant in decided:
                continue
            p, what = test_look(results, names[0], variant)
            rows.append(
                {
                    "comparison": what,
                    "look": look,
                    "games": size,
                    "p_value": p,
                    "level": level,
                    "decided": p < level,
                }
            )
            if p < level:
                decided[variant] = size
        if len(decided) == len(comparisons):
            break
    assert results is not None
    results.decisions = pd.DataFrame(
        rows, columns=["comparison", "look", "games", "p_value", "level", "decided"]
    )
    results.verdict = _verdict(results, names[0], comparisons, decided, budget, alpha)
    return results


def _verdict(
    results: Results,
    baseline: str,
    comparisons: list[str | None],
    decided: dict[str | None, int],
    budget: int,
    alpha: float,
) -> str:
    test = (
        f"group-sequential test, O'Brien–Fleming-type alpha spending, level {alpha:g} "
        "over all looks"
    )
    if results.interrupted:
        return f"Interrupted before every comparison was decided ({test})."
    lines = []
    for variant in comparisons:
        p, what = test_look(results, baseline, variant)
        if variant in decided:
            lines.append(f"Decided after {decided[variant]} games per variant: {what} differs.")
        else:
            lines.append(
                f"Budget of {budget} games per variant spent without a decision: no difference "
                f"found in {what} (last p = {p:.3f})."
            )
    stop = (
        "every comparison was decided" if len(decided) == len(comparisons) else "the budget ran out"
    )
    return f"Stopped because {stop} ({test}). " + " ".join(lines)
