"""A study's numbers in a designer's words: metric names, seat names, agents, variants, warnings.

The metrics table (:meth:`Results.metrics`) keeps machine names (``win_seat0_lo``) so that every
number can be recomputed from the rows; what a designer reads is :func:`summary`: one row per
metric that applies, named in words and with the game's seat names (South, North…), each rate
with its 95 % interval in the same cell, and no row that does not apply to the game (a score
margin in a game without scores). :func:`sample_warning` says when a study is too small to tell
anything from chance.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

from ftwkit.casebook.sentences import scalar_text

if TYPE_CHECKING:
    from ftwkit.analysis.results import Results
    from ftwkit.analysis.runner import AgentSpec

__all__ = [
    "SMALL_STUDY",
    "agent_text",
    "agents_sentence",
    "plain_doc",
    "sample_warning",
    "summary",
    "variant_text",
]

SMALL_STUDY = 30
"""Below this many games per variant, a study gets a warning: a 95 % interval around 50 % is
then wider than ±17 points, so only very large effects can be told from chance."""


def plain_doc(text: str) -> str:
    """A docstring as plain prose: reStructuredText markup (````x````, ``:ref:`x```) removed,
    lines joined.

    >>> plain_doc("PW3: ``strict`` (min distance falls), ``no_farther``\\n  allowed.")
    'PW3: strict (min distance falls), no_farther allowed.'
    """
    text = re.sub(r":\w+:`([^`]*)`", r"\1", text)
    text = re.sub(r"``([^`]*)``", r"\1", text)
    text = re.sub(r"`([^`]*)`", r"\1", text)
    return " ".join(text.split())


def agent_text(spec: AgentSpec) -> str:
    """An agent as a designer reads it: ``random play``, ``greedy (one ply)``,
    ``MCTS (200 iterations)``.

    >>> agent_text(("mcts", (("iterations", 200),)))
    'MCTS (200 iterations)'
    >>> agent_text(("random", ()))
    'random play'
    """
    name, params = spec
    extra = dict(params)
    if name == "random":
        return "random play"
    if name == "greedy":
        return "greedy (one ply)"
    if name == "mcts":
        budget = extra.pop("iterations", None)
        seconds = extra.pop("seconds", None)
        parts = []
        if budget is not None:
            parts.append(f"{budget} iterations")
        if seconds is not None:
            parts.append(f"{seconds} s")
        parts += [f"{k}={v}" for k, v in extra.items()]
        return f"MCTS ({', '.join(parts)})" if parts else "MCTS"
    if not extra:
        return name
    return f"{name} ({', '.join(f'{k}={v}' for k, v in extra.items())})"


def variant_text(game: str, name: str, options: Mapping[str, Any]) -> str:
    """A variant as a designer reads it: ``default rules``, or each switch's plain label and
    value (``Approach: no_farther``); a hand-given name is kept in front.

    >>> variant_text("playwin", "approach=no_farther", {"approach": "no_farther"})
    'Approach: no_farther'
    """
    if not options:
        return "default rules" if name == "default" else f"{name} (default rules)"
    import ftwkit
    from ftwkit.options import describe_options

    labels = {s.name: s.label for s in describe_options(ftwkit.rules(game).Options)}
    switches = ", ".join(
        f"{labels.get(k, k)}: {scalar_text(v, none='off')}" for k, v in options.items()
    )
    generated = "=" in name or name == ",".join(f"{k}={v}" for k, v in options.items())
    return switches if generated else f"{name} ({switches})"


def _pct(value: float) -> str:
    return "n/a" if math.isnan(value) else f"{100 * value:.1f} %"


def _rate(row: Mapping[str, Any], key: str) -> str:
    value = float(row[key])
    if math.isnan(value):
        return "n/a"
    return f"{_pct(value)} ({_pct(row[f'{key}_lo'])[:-2]}–{_pct(row[f'{key}_hi'])})"


def _num(value: float, digits: int = 3) -> str:
    return "n/a" if math.isnan(value) else f"{value:.{digits}g}"


def sample_warning(games: int) -> str | None:
    """A sentence when ``games`` per variant is too few to tell much from chance, else None.

    >>> sample_warning(8)[:40]
    'Only 8 games per variant: a win rate nea'
    """
    if games >= SMALL_STUDY:
        return None
    if games == 0:
        return "No game has been played yet: there is nothing to read."
    from ftwkit.analysis.metrics import wilson

    lo, hi = wilson(games // 2, games)
    half = 100 * (hi - lo) / 2
    return (
        f"Only {games} games per variant: a win rate near 50 % is known only to about "
        f"±{half:.0f} points, so most differences below cannot be told from chance. "
        f"Play at least {SMALL_STUDY} games per variant (a few hundred to see a few points)."
    )


def summary(results: Results) -> pd.DataFrame:
    """The metrics as a designer reads them: one row per metric that applies, one column per
    variant (its readable name), every cell text (rates with their 95 % Wilson interval)."""
    import ftwkit

    table = results.metrics()
    names = ftwkit.rules(results.game).player_names(results.players)
    present = [v for v in results.variants if v in table.index]
    labels = [agent_text(a) for a in results.agents]
    distinct_agents = len(set(labels)) > 1
    scored = bool(results.games["scores"].map(lambda s: s is not None).any())
    rows: dict[str, list[str]] = {}

    def add(label: str, cell: Any) -> None:
        rows[label] = [cell(table.loc[v]) for v in present]

    add("Games played", lambda r: str(int(r["games"])))
    add("Games with a winner", lambda r: _pct(r["completion"]))
    add("Draws", lambda r: _pct(r["draws"]))
    add("Stopped at the move cap (no result)", lambda r: _pct(r["timeouts"]))
    for seat, name in enumerate(names):
        add(f"{name} wins", lambda r, s=seat: _rate(r, f"win_seat{s}"))
    if distinct_agents:
        for j, label in enumerate(labels):
            add(f"{label} wins (in any seat)", lambda r, j=j: _rate(r, f"win_agent{j}"))
    add("Balance (1 − largest gap between seats' win rates)", lambda r: _num(r["balance"]))
    add("First player wins", lambda r: _rate(r, "first_win"))
    add("First player's share, no result counting half", lambda r: _pct(r["advantage_p1"]))
    add(
        "Game length in moves (mean ± sd)",
        lambda r: f"{_num(r['plies_mean'])} ± {_num(r['plies_sd'], 2)}",
    )
    add(
        "Game length in turns (mean ± sd)",
        lambda r: f"{_num(r['turns_mean'])} ± {_num(r['turns_sd'], 2)}",
    )
    add("Legal moves per position (branching factor)", lambda r: _num(r["branching_factor"]))
    add("Moves with a real choice", lambda r: _pct(r["decision_moves"]))
    add("Lead changes per move", lambda r: _num(r["lead_change"]))
    add("Drama (how far the eventual winner trailed)", lambda r: _num(r["drama"]))
    add(
        "Decisiveness (share of moves before the winner pulled clear)",
        lambda r: _pct(r["decisiveness"]),
    )
    if scored:
        add("Final score margin (best − second)", lambda r: _num(r["margin_mean"]))
    add("Games that ended oddly (casebook drafts)", lambda r: str(int(r["holes"])))
    columns = [variant_text(results.game, v, results.variants[v]) for v in present]
    return pd.DataFrame(rows, index=columns).T


def agents_sentence(agents: Sequence[AgentSpec], players: int) -> str:
    """Who played: ``MCTS (200 iterations) against itself`` or ``MCTS … against random play``."""
    labels = [agent_text(a) for a in agents]
    who = f"{labels[0]} in every seat" if len(set(labels)) == 1 else " against ".join(labels)
    return f"{who}, seats rotating every game ({players} players)"
