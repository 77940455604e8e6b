"""``Results``: a study's table of games, its metrics, comparisons, holes, plots and files.

A results file keeps the table and the study's parameters. Parquet (``.parquet``, needs
``pyarrow``) stores plain columns natively and nested ones (tuples, records) as JSON text;
JSON lines (``.jsonl``) needs nothing. Both load back to an identical table.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd

import ftwkit
from ftwkit.analysis import metrics as metrics_mod
from ftwkit.analysis.runner import AgentSpec, agent_label
from ftwkit.protocol import State

__all__ = ["COLUMNS", "Results", "frame", "load"]

COLUMNS = (
    "variant",
    "index",
    "seed",
    "players",
    "agents",
    "seat_agents",
    "first",
    "winners",
    "plies",
    "turns",
    "capped",
    "scores",
    "legal",
    "lead_changes",
    "drama",
    "decisiveness",
    "hole",
    "error",
    "error_move",
    "record",
)
"""The results table's columns, in order (see :func:`ftwkit.analysis.runner.play_game`)."""

_TUPLES = ("agents", "seat_agents", "winners", "scores", "legal")
_NESTED = (*_TUPLES, "record")
_FLOATS = (
    "lead_changes",
    "drama",
    "decisiveness",
)


def frame(rows: Iterable[Mapping[str, Any]], variants: list[str]) -> pd.DataFrame:
    """The results table of some rows: sorted by (variant in study order, game number).

    The same rows give the same table whatever order they arrived in, so a study's table does
    not depend on which executor played it.
    """
    order = {v: k for k, v in enumerate(variants)}
    data = sorted(
        (dict(r) for r in rows), key=lambda r: (order.get(r["variant"], len(order)), r["index"])
    )
    for row in data:
        for key in _TUPLES:
            if row.get(key) is not None:
                row[key] = tuple(row[key])
        for key in _FLOATS:
            value = row.get(key)
            row[key] = math.nan if value is None else float(value)
        for key in ("hole", "error", "error_move"):
            value = row.get(key)
            if isinstance(value, float) and math.isnan(value):
                row[key] = None
    table = pd.DataFrame(data, columns=list(COLUMNS))
    for key in ("index", "seed", "players", "first", "plies", "turns"):
        table[key] = table[key].astype("int64")
    table["capped"] = table["capped"].astype(bool)
    for key in _FLOATS:
        table[key] = table[key].astype(float)
    for key in ("hole", "error", "error_move"):
        table[key] = table[key].astype(object).where(table[key].notna(), None)
    return table


@dataclasses.dataclass
class Results:
    """The outcome of :func:`ftwkit.analysis.simulate`: one row per game, plus the study.

    Attributes:
        game: the game id.
        variants: ``{name: {option: value}}`` in study order.
        agents: the agent specs, ``(name, params)`` pairs in the order given.
        players: players per game.
        seed: the study's seed.
        games_per_variant: how many games per variant were asked for.
        max_plies: the ply cap in force.
        games: the results table (see :data:`COLUMNS`).
        interrupted: whether the study was stopped before every game was played.
        decisions, verdict: the sequential test's looks and conclusion (``until="decided"``).
    """

    game: str
    variants: dict[str, dict[str, Any]]
    agents: tuple[AgentSpec, ...]
    players: int
    seed: int
    games_per_variant: int
    max_plies: int
    games: pd.DataFrame
    interrupted: bool = False
    decisions: pd.DataFrame | None = None
    """With ``until="decided"``: each comparison's p-value and level at each look."""
    verdict: str | None = None
    """With ``until="decided"``: which comparisons were decided, or that the budget ran out."""

    # ----------------------------------------------------------------- reading
    @property
    def agent_labels(self) -> tuple[str, ...]:
        """Readable names of the agents, in the order given (``win_agent{j}`` columns)."""
        return tuple(agent_label(a) for a in self.agents)

    def state(self, variant: str, index: int) -> State:
        """The final state of one game, replayed from its record."""
        match = self.games[(self.games["variant"] == variant) & (self.games["index"] == index)]
        if match.empty:
            raise KeyError(f"no game {index} of variant {variant!r}")
        return ftwkit.replay(match.iloc[0]["record"])

    def metrics(self) -> pd.DataFrame:
        """The metrics per variant (rows) — see :mod:`ftwkit.analysis.metrics` for definitions."""
        return metrics_mod.metrics(self.games, list(self.variants), len(self.agents))

    def compare(self, a: str, b: str) -> pd.DataFrame:
        """Per metric, variant ``a`` against ``b``: values, difference, test, p-value, sentence
        (with the seats' and variants' readable names)."""
        from ftwkit.analysis.readable import variant_text

        for name in (a, b):
            if name not in self.variants:
                raise ValueError(f"no variant {name!r} in these results: {list(self.variants)}")
        labels = {v: variant_text(self.game, v, self.variants[v]) for v in (a, b)}
        names = ftwkit.rules(self.game).player_names(self.players)
        return metrics_mod.compare(self.games, a, b, seat_names=names, labels=labels)

    def usage(self) -> pd.DataFrame:
        """Per variant, seat and kind of move: how often it was chosen, its share in winners'
        moves against losers', and which kinds are never or almost never used (see
        :func:`ftwkit.analysis.usage.usage`)."""
        from ftwkit.analysis.usage import usage

        return usage(self)

    def summary(self) -> pd.DataFrame:
        """The metrics in a designer's words (see :func:`ftwkit.analysis.readable.summary`)."""
        from ftwkit.analysis.readable import summary

        return summary(self)

    def holes(self) -> pd.DataFrame:
        """The games that hit the ply cap, got stuck, or made the engine raise."""
        return self.games[self.games["hole"].notna()]

    def write_drafts(self, folder: str | Path) -> list[Path]:
        """Write every rule hole as a casebook draft (YAML) into ``folder``; return the paths."""
        from ftwkit.analysis.holes import write_drafts

        return write_drafts(self.holes().to_dict("records"), folder)

    def plot(self) -> dict[str, Any]:
        """Figures of the study (matplotlib, Agg): win rates, first player, lengths, margins."""
        from ftwkit.analysis.plots import plots

        names = ftwkit.rules(self.game).player_names(self.players)
        present = [v for v in self.variants if (self.games["variant"] == v).any()]
        return plots(self.games, self.metrics(), present, names)

    def __repr__(self) -> str:
        state = ", interrupted" if self.interrupted else ""
        return (
            f"<Results {self.game}: {len(self.games)} games, variants {list(self.variants)}, "
            f"agents {list(self.agent_labels)}{state}>"
        )

    # ----------------------------------------------------------------- files
    def _meta(self) -> dict[str, Any]:
        return {
            "ftwkit_results": 1,
            "game": self.game,
            "variants": self.variants,
            "agents": [[name, dict(params)] for name, params in self.agents],
            "players": self.players,
            "seed": self.seed,
            "games_per_variant": self.games_per_variant,
            "max_plies": self.max_plies,
            "interrupted": self.interrupted,
        }

    def _rows(self) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = self.games.to_dict("records")
        for row in rows:
            for key in _TUPLES:
                if row[key] is not None:
                    row[key] = list(row[key])
        return rows

    def save(self, path: str | Path) -> Path:
        """Write the results to ``path``: ``.parquet`` (needs pyarrow) or ``.jsonl``.

        The file is written next to ``path`` under a temporary name and then renamed over it,
        so a reader (or a crash mid-write) never sees half a file.
        """
        path = Path(path)
        if path.suffix not in (".parquet", ".jsonl"):
            raise ValueError(f"{path}: results are saved as .parquet or .jsonl")
        meta = self._meta()
        rows = self._rows()
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(fd)
        tmp = Path(tmp_name)
        try:
            if path.suffix == ".parquet":
                import pyarrow as pa
                import pyarrow.parquet as pq

                for row in rows:
                    for key in _NESTED:
                        row[key] = json.dumps(row[key])
                table = pa.Table.from_pylist(rows)
                table = table.replace_schema_metadata({b"ftwkit": json.dumps(meta).encode("utf-8")})
                pq.write_table(table, tmp)
            else:
                with tmp.open("w", encoding="utf-8") as fh:
                    fh.write(json.dumps(meta) + "\n")
                    for row in rows:
                        fh.write(json.dumps(row) + "\n")
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        return path


def _from_meta(meta: Mapping[str, Any], rows: list[dict[str, Any]]) -> Results:
    variants = dict(meta["variants"])
    agents = tuple(
        (str(name), tuple(sorted(dict(params).items()))) for name, params in meta["agents"]
    )
    return Results(
        game=meta["game"],
        variants=variants,
        agents=agents,
        players=int(meta["players"]),
        seed=int(meta["seed"]),
        games_per_variant=int(meta["games_per_variant"]),
        max_plies=int(meta["max_plies"]),
        games=frame(rows, list(variants)),
        interrupted=bool(meta.get("interrupted", False)),
    )


def load(path: str | Path) -> Results:
    """Results saved by :meth:`Results.save` (``.parquet`` or ``.jsonl``).

    Raises:
        ValueError: not a results file.
    """
    path = Path(path)
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        table = pq.read_table(path)
        raw = (table.schema.metadata or {}).get(b"ftwkit")
        if raw is None:
            raise ValueError(f"{path}: not an ftwkit results file (no ftwkit metadata)")
        meta = json.loads(raw)
        rows = table.to_pylist()
        for row in rows:
            for key in _NESTED:
                row[key] = json.loads(row[key])
        return _from_meta(meta, rows)
    with path.open(encoding="utf-8") as fh:
        first = fh.readline()
        meta = json.loads(first) if first.strip() else {}
        if not isinstance(meta, dict) or meta.get("ftwkit_results") != 1:
            raise ValueError(f"{path}: not an ftwkit results file")
        rows = [json.loads(line) for line in fh if line.strip()]
    return _from_meta(meta, rows)
