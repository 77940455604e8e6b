"""Plots of a study as matplotlib figures drawn with the Agg backend (PNG images, no browser).

Figures are built with ``matplotlib.figure.Figure`` directly, not ``pyplot``, so no global
figure state and no GUI backend are involved; :func:`figure_png` turns one into PNG bytes for
``ipywidgets.Image`` or a file, which works in Voilà without internet access.
"""

from __future__ import annotations

import io
import math
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

__all__ = ["figure_png", "plots"]

_SIZE = (6.4, 3.6)


def figure_png(fig: Figure, *, dpi: int = 100) -> bytes:
    """The figure as PNG bytes (rendered by Agg)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight")
    return buf.getvalue()


def _win_rates(table: pd.DataFrame, names: tuple[str, ...]) -> Figure:
    fig = Figure(figsize=_SIZE)
    ax = fig.add_subplot()
    seats = [c for c in table.columns if c.startswith("win_seat") and c[8:].isdigit()]
    width = 0.8 / max(1, len(seats))
    for s, col in enumerate(seats):
        xs = [v + (s - (len(seats) - 1) / 2) * width for v in range(len(table))]
        rate = table[col]
        err = [rate - table[f"{col}_lo"], table[f"{col}_hi"] - rate]
        label = names[s] if s < len(names) else f"seat {s + 1}"
        ax.bar(xs, rate, width, yerr=err, capsize=3, label=label)
    ax.set_xticks(range(len(table)), list(table.index), rotation=20, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95 % Wilson interval)")
    ax.set_title("Win rate per seat")
    ax.legend(fontsize="small")
    return fig


def _first_player(table: pd.DataFrame, players: int) -> Figure:
    fig = Figure(figsize=_SIZE)
    ax = fig.add_subplot()
    rate = table["first_win"]
    err = [rate - table["first_win_lo"], table["first_win_hi"] - rate]
    ax.errorbar(range(len(table)), rate, yerr=err, fmt="o", capsize=4)
    ax.axhline(1 / max(1, players), color="grey", linestyle="--", label="no advantage")
    ax.set_xticks(range(len(table)), list(table.index), rotation=20, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("first player's win rate")
    ax.set_title("First-player advantage")
    ax.legend(fontsize="small")
    return fig


def _histograms(values: dict[str, list[float]], title: str, xlabel: str) -> Figure:
    fig = Figure(figsize=_SIZE)
    ax = fig.add_subplot()
    finite = [v for vs in values.values() for v in vs if not math.isnan(v)]
    bins: Any = 20
    if finite:
        lo, hi = min(finite), max(finite)
        bins = 20 if hi > lo else 1
    for name, vs in values.items():
        clean = [v for v in vs if not math.isnan(v)]
        if clean:
            ax.hist(clean, bins=bins, histtype="step", linewidth=1.5, label=name)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    if values:
        ax.legend(fontsize="small")
    return fig


def plots(
    games: pd.DataFrame, table: pd.DataFrame, variants: list[str], names: tuple[str, ...]
) -> dict[str, Figure]:
    """The study's figures: ``win_rates``, ``first_player``, ``lengths`` and, for scored games,
    ``margins``.

    Args:
        games: the results table.
        table: its metrics table.
        variants: the variants to draw, in order.
        names: the seats' display names (e.g. ``("South", "North")``).
    """
    players = int(games["players"].max()) if len(games) else 2
    out = {
        "win_rates": _win_rates(table.loc[variants], names),
        "first_player": _first_player(table.loc[variants], players),
        "lengths": _histograms(
            {v: list(games.loc[games["variant"] == v, "plies"].astype(float)) for v in variants},
            "Game length",
            "plies",
        ),
    }
    if games["scores"].map(lambda s: s is not None).any():

        def margin(scores: Any) -> float:
            if scores is None or len(scores) < 2:
                return math.nan
            top = sorted(scores, reverse=True)
            return float(top[0] - top[1])

        finished = games[games["hole"].isna()]
        out["margins"] = _histograms(
            {
                v: list(finished.loc[finished["variant"] == v, "scores"].map(margin))
                for v in variants
            },
            "Final score margin (best minus second best)",
            "points",
        )
    return out
