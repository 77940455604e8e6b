"""A report to hand out: one standalone HTML page (and Markdown) per study.

``python -m ftwkit.analysis report GAME [--variant …] --out DIR`` (or :func:`write_report`, or
the lab's *Report* button) writes into ``DIR``:

* ``report.html`` — standalone (plots embedded as PNG data, no script, no link outside), and
  ``report.md`` with the same text: the question, the agents and budgets, the findings in
  sentences with 95 % intervals and p-values, the metrics in words, the plots, the skill trace,
  what winners do (move kinds), the games that ended oddly, and the exact command that
  reproduces the report;
* ``results.jsonl`` — the study's games (``ftwkit.analysis.load`` reads it back), ``trace.csv``
  (the skill trace), ``findings.json`` (every number the sentences quote, computed from the
  saved results) and ``casebook/`` (drafts of the odd games, when there are any).

Every number in the prose is computed from the saved results by :func:`findings`, never typed
by hand, so a test can recompute each one from ``results.jsonl``.
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import math
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd

import ftwkit
from ftwkit.analysis.readable import agents_sentence, sample_warning, variant_text
from ftwkit.analysis.results import Results
from ftwkit.casebook.sentences import scalar_text

__all__ = ["findings", "main", "write_report"]


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.1f} %"


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _win_share(wins: int, games: int, even: float) -> dict[str, Any]:
    """A win count's numbers as a finding quotes them: the rate, its 95 % Wilson interval and
    the exact binomial test's p-value against an even share."""
    from scipy import stats

    from ftwkit.analysis.metrics import wilson

    lo, hi = wilson(wins, games)
    p = float(stats.binomtest(wins, games, even).pvalue)
    return {"wins": wins, "games": games, "rate": wins / games, "lo": lo, "hi": hi, "p_value": p}


def findings(results: Results) -> list[dict[str, Any]]:
    """The report's findings: one dict per sentence with the numbers it quotes.

    Per variant: each seat's win rate against an even share (exact binomial test), the first
    player's win rate, and the mean length; per variant after the first: its comparisons with
    the first that are significant at the 5 % level (Fisher's exact test for rates,
    Mann–Whitney U for lengths), or a sentence saying none is.
    """

    names = ftwkit.rules(results.game).player_names(results.players)
    out: list[dict[str, Any]] = []
    even = 1 / results.players
    variants = [v for v in results.variants if (results.games["variant"] == v).any()]
    for variant in variants:
        g = results.games[results.games["variant"] == variant]
        n = len(g)
        label = variant_text(results.game, variant, results.variants[variant])
        for seat, name in enumerate(names):
            won = _win_share(int(sum(seat in tuple(w) for w in g["winners"])), n, even)
            k, lo, hi, p = won["wins"], won["lo"], won["hi"], won["p_value"]
            verdict = "more" if k / n > even else "less"
            clear = (
                f"{verdict} than an even share ({_p(p)})"
                if p < 0.05
                else f"not clearly different from an even share ({_p(p)})"
            )
            out.append(
                {
                    "variant": variant,
                    "kind": "seat",
                    "seat": seat,
                    **won,
                    "sentence": f"Under {label}, {name} won {k} of {n} games, "
                    f"{_pct(k / n)} (95 % interval {_pct(lo)}–{_pct(hi)}): {clear}.",
                }
            )
        k = int(sum(f in tuple(w) for w, f in zip(g["winners"], g["first"], strict=True)))
        won = _win_share(k, n, even)
        out.append(
            {
                "variant": variant,
                "kind": "first",
                **won,
                "sentence": f"Under {label}, the player who moved first won {_pct(k / n)} "
                f"({_pct(won['lo'])}–{_pct(won['hi'])}, {_p(won['p_value'])} against an even "
                "share).",
            }
        )
        plies = g["plies"].astype(float)
        capped = int(g["capped"].sum())
        out.append(
            {
                "variant": variant,
                "kind": "length",
                "mean": float(plies.mean()),
                "sd": float(plies.std(ddof=1)) if n > 1 else math.nan,
                "capped": capped,
                "games": n,
                "sentence": f"Under {label}, a game lasted {plies.mean():.1f} moves on average"
                + (f" (sd {plies.std(ddof=1):.1f})" if n > 1 else "")
                + (f"; {capped} of {n} games were stopped at the move cap." if capped else "."),
            }
        )
    for variant in variants[1:]:
        cmp = results.compare(variants[0], variant)
        hits = cmp[cmp["p_value"] < 0.05]
        if hits.empty:
            label = variant_text(results.game, variant, results.variants[variant])
            out.append(
                {
                    "variant": variant,
                    "kind": "compare",
                    "metric": None,
                    "p_value": float(cmp["p_value"].min()),
                    "sentence": f"No metric differs between {label} and the first variant at "
                    f"the 5 % level (smallest p = {float(cmp['p_value'].min()):.3f}).",
                }
            )
        for metric, row in hits.iterrows():
            out.append(
                {
                    "variant": variant,
                    "kind": "compare",
                    "metric": str(metric),
                    "a": float(row[variants[0]]),
                    "b": float(row[variant]),
                    "p_value": float(row["p_value"]),
                    "sentence": str(row["sentence"]) + ".",
                }
            )
    return out


def _png(fig: Any) -> str:
    from ftwkit.analysis.plots import figure_png

    return base64.b64encode(figure_png(fig)).decode("ascii")


def _trace_figure(trace: pd.DataFrame, names: Sequence[str]) -> Any:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.4, 3.6))
    ax = fig.add_subplot()
    xs = list(trace.index)
    # The two series are nudged apart (a few per cent on the log axis) so that equal rates at
    # one budget, common with few games, do not hide one marker and interval behind the other.
    if trace["stronger_wins"].notna().any():
        y = trace["stronger_wins"]
        ax.errorbar(
            [x * 0.96 for x in xs],
            y,
            yerr=[y - trace["stronger_wins_lo"], trace["stronger_wins_hi"] - y],
            fmt="o-",
            capsize=3,
            label="stronger budget beats the previous one",
        )
    name = names[0]
    y = trace[f"win_{name}"]
    ax.errorbar(
        [x * 1.04 for x in xs],
        y,
        yerr=[y - trace[f"win_{name}_lo"], trace[f"win_{name}_hi"] - y],
        fmt="s--",
        capsize=3,
        label=f"{name} wins in self-play",
    )
    ax.axhline(1 / len(names), color="grey", linestyle=":", label="even share")
    ax.set_xscale("log", base=2)
    ax.set_xticks(xs, [str(x) for x in xs])
    ax.set_ylim(0, 1)
    ax.set_xlabel("MCTS iterations per move")
    ax.set_ylabel("win rate (95 % interval)")
    ax.set_title("Skill trace")
    ax.legend(fontsize="small")
    return fig


def _md_table(frame: pd.DataFrame) -> str:
    cols = [str(frame.index.name or "")] + [str(c) for c in frame.columns]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for index, row in frame.iterrows():
        lines.append("| " + " | ".join([str(index), *(str(v) for v in row)]) + " |")
    return "\n".join(lines)


def _trace_text(trace: pd.DataFrame, names: Sequence[str]) -> pd.DataFrame:
    out = pd.DataFrame(index=trace.index)
    out.index.name = "iterations"

    def rate(key: str) -> pd.Series:
        return pd.Series(
            [
                "—"
                if math.isnan(r[key])
                else f"{_pct(r[key])} ({_pct(r[key + '_lo'])}–{_pct(r[key + '_hi'])})"
                for _, r in trace.iterrows()
            ],
            index=trace.index,
        )

    out["stronger beats previous"] = rate("stronger_wins")
    for name in names:
        out[f"{name} wins (self-play)"] = rate(f"win_{name}")
    out["first player wins"] = rate("first_win")
    out["games per study"] = trace["games"].astype(int)
    return out


def _usage_text(usage: pd.DataFrame, variant: str) -> pd.DataFrame:
    sub = usage[usage["variant"] == variant]
    rows = {}
    for kind, block in sub.groupby("kind", sort=False):
        cells = {}
        for _, r in block.iterrows():
            cells[f"{r['seat']}: share"] = _pct(r["share"])
            cells[f"{r['seat']}: won / lost"] = (
                f"{_pct(r['winners_share'])} / {_pct(r['losers_share'])}"
            )
        cells["note"] = block["note"].iloc[0]
        rows[kind] = cells
    out = pd.DataFrame(rows).T
    out.index.name = "kind of move"
    return out


def write_report(
    results: Results,
    folder: str | Path,
    *,
    trace: pd.DataFrame | None = None,
    command: str | None = None,
    question: str | None = None,
) -> tuple[Path, Path]:
    """Write ``report.html`` and ``report.md`` (and the saved results beside them) into
    ``folder``; returns the two paths."""

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    results.save(folder / "results.jsonl")
    rules = ftwkit.rules(results.game)
    names = rules.player_names(results.players)
    variants = [v for v in results.variants if (results.games["variant"] == v).any()]
    labels = [variant_text(results.game, v, results.variants[v]) for v in variants]
    facts = findings(results)
    (folder / "findings.json").write_text(json.dumps(facts, indent=1), encoding="utf-8")
    if question is None:
        question = f"How does {rules.title} play between players who try to win"
        question += f", and what changes with {', '.join(labels[1:])}?" if len(labels) > 1 else "?"
    counts = results.games["variant"].value_counts()
    warning = sample_warning(int(counts.min()) if len(counts) else 0)
    who = agents_sentence(results.agents, results.players)
    setup = (
        f"{who}; {results.games_per_variant} games per variant asked, {len(results.games)} "
        f"played; seed {results.seed}; a game still running after {results.max_plies} moves is "
        "stopped (a timeout)."
    )
    summary = results.summary()
    usage: pd.DataFrame | None
    try:
        usage = results.usage()
    except ValueError:
        usage = None
    holes = results.holes()
    drafts = results.write_drafts(folder / "casebook") if len(holes) else []
    figures = {k: _png(f) for k, f in results.plot().items()} if variants else {}
    if trace is not None:
        trace.to_csv(folder / "trace.csv")
        figures["skill_trace"] = _png(_trace_figure(trace, names))
    if command is None:
        command = reproduce_command(results)
    title = f"{rules.title}: balance report"
    esc = html.escape
    parts = [
        f"<h1>{esc(title)}</h1>",
        f"<p class='question'><b>Question.</b> {esc(question)}</p>",
        f"<p><b>Agents and budgets.</b> {esc(setup)}</p>",
    ]
    md = [f"# {title}", "", f"**Question.** {question}", "", f"**Agents and budgets.** {setup}", ""]
    if warning:
        parts.append(f"<p class='warning'>⚠ {esc(warning)}</p>")
        md += [f"> ⚠ {warning}", ""]
    if results.verdict:
        parts.append(f"<p><b>Sequential test.</b> {esc(results.verdict)}</p>")
        md += [f"**Sequential test.** {results.verdict}", ""]
    parts.append("<h2>Findings</h2><ul>")
    md += ["## Findings", ""]
    for fact in facts:
        parts.append(f"<li>{esc(fact['sentence'])}</li>")
        md.append(f"* {fact['sentence']}")
    parts.append("</ul>")
    md.append("")
    parts.append("<h2>The metrics</h2>" + summary.to_html(border=0, classes="metrics"))
    md += ["## The metrics", "", _md_table(summary), ""]
    parts.append(
        "<p class='note'>Rates with 95 % Wilson intervals. Lead change, drama and "
        "decisiveness follow Ludii's definitions, with each game's own heuristic evaluation of "
        "every player at every position as the state evaluation.</p>"
    )
    if figures:
        parts.append("<h2>Plots</h2><div class='plots'>")
        md += ["## Plots", ""]
        for key, data in figures.items():
            if key == "skill_trace":
                continue
            parts.append(f"<img alt='{esc(key)}' src='data:image/png;base64,{data}'>")
            (folder / f"{key}.png").write_bytes(base64.b64decode(data))
            md.append(f"![{key}]({key}.png)")
        parts.append("</div>")
        md.append("")
    if trace is not None:
        text = _trace_text(trace, names)
        parts.append("<h2>Skill trace</h2>")
        parts.append(
            "<p>Each level doubles the search budget: how often the stronger beats the previous "
            "level, and each seat's share when the level plays itself (after Ludii's skill "
            "trace).</p>"
        )
        parts.append(text.to_html(border=0))
        parts.append(
            f"<img alt='skill trace' src='data:image/png;base64,{figures['skill_trace']}'>"
        )
        (folder / "skill_trace.png").write_bytes(base64.b64decode(figures["skill_trace"]))
        md += ["## Skill trace", "", _md_table(text), "", "![skill trace](skill_trace.png)", ""]
    if usage is not None:
        parts.append("<h2>What winners do</h2>")
        md += ["## What winners do", ""]
        for variant, label in zip(variants, labels, strict=True):
            table = _usage_text(usage, variant)
            parts.append(f"<h3>{esc(label)}</h3>" + table.to_html(border=0))
            md += [f"### {label}", "", _md_table(table), ""]
        parts.append(
            "<p class='note'>Share: the kind's share of the seat's moves; won / lost: its share "
            "in the games the seat won and in those it did not.</p>"
        )
    parts.append("<h2>Games that ended oddly</h2>")
    md += ["## Games that ended oddly", ""]
    if len(holes):
        items = [
            f"{variant_text(results.game, r['variant'], results.variants[r['variant']])}, game "
            f"{r['index']}: {r['error']}"
            for r in holes.to_dict("records")
        ]
        parts.append("<ul>" + "".join(f"<li>{esc(i)}</li>" for i in items) + "</ul>")
        parts.append(
            f"<p>{len(drafts)} casebook drafts are in <code>casebook/</code> beside this page.</p>"
        )
        md += [f"* {i}" for i in items] + ["", f"{len(drafts)} casebook drafts in `casebook/`.", ""]
    else:
        parts.append("<p>None: every game ended by the rules.</p>")
        md += ["None: every game ended by the rules.", ""]
    parts.append(f"<h2>Reproduce</h2><pre>{esc(command)}</pre>")
    md += ["## Reproduce", "", "```", command, "```", ""]
    page = (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{esc(title)}</title><style>{_CSS}</style></head><body>"
        + "\n".join(parts)
        + "</body></html>"
    )
    html_path = folder / "report.html"
    md_path = folder / "report.md"
    html_path.write_text(page, encoding="utf-8")
    md_path.write_text("\n".join(md), encoding="utf-8")
    return html_path, md_path


_CSS = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem;
line-height:1.45;color:#222}
table{border-collapse:collapse;margin:.5rem 0;font-size:.92rem}
th,td{padding:.2rem .6rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
.warning{background:#fff4d6;border-left:4px solid #e0a800;padding:.4rem .7rem}
.note{color:#555;font-size:.9rem}
.plots img,img{max-width:100%;height:auto}
.plots{display:flex;flex-wrap:wrap;gap:.5rem}
.plots img{width:28rem}
pre{background:#f4f4f4;padding:.6rem;white-space:pre-wrap;word-break:break-all}
"""


def reproduce_command(
    results: Results, *, levels: Sequence[int] | None = None, trace_games: int | None = None
) -> str:
    """The command line that plays this study (and its skill trace) again."""
    args = ["python", "-m", "ftwkit.analysis", "report", results.game]
    if results.variants != {"default": {}}:
        for name, options in results.variants.items():
            pairs = ",".join(
                f"{k}={scalar_text(v, true='true', false='false')}" for k, v in options.items()
            )
            args += ["--variant", name + (f":{pairs}" if pairs else "")]
    agents = []
    for name, params in results.agents:
        agents.append(name + (":" + ",".join(f"{k}={v}" for k, v in params) if params else ""))
    args += ["--agents", ",".join(agents), "--players", str(results.players)]
    args += ["--games", str(results.games_per_variant), "--seed", str(results.seed)]
    args += ["--max-plies", str(results.max_plies)]
    if levels is not None:
        args += ["--levels", ",".join(str(x) for x in levels)]
        if trace_games is not None:
            args += ["--trace-games", str(trace_games)]
    else:
        args += ["--no-trace"]
    args += ["--out", "REPORT_FOLDER"]
    return " ".join(shlex.quote(a) for a in args)


def _parser() -> argparse.ArgumentParser:
    from ftwkit.analysis.__main__ import running_arguments, study_arguments

    parser = argparse.ArgumentParser(
        prog="python -m ftwkit.analysis report",
        description="A balance report to hand out: standalone HTML and Markdown.",
    )
    study_arguments(parser)
    parser.add_argument(
        "--levels", default="25,50,100", help="skill-trace budgets (MCTS iterations)"
    )
    parser.add_argument("--trace-games", type=int, default=20, help="games per trace study")
    parser.add_argument("--no-trace", action="store_true", help="leave the skill trace out")
    parser.add_argument("--out", required=True, metavar="DIR", help="the report's folder")
    parser.add_argument("--force", action="store_true", help="write into a non-empty folder")
    running_arguments(parser)
    return parser


def main(argv: Sequence[str]) -> int:
    """``python -m ftwkit.analysis report …``; returns the exit status."""
    from ftwkit.analysis.__main__ import (
        EXIT_INTERRUPTED,
        EXIT_USAGE,
        UsageError,
        _check_game,
        _positive,
        _variants,
        check_folder,
        parse_agents,
    )
    from ftwkit.analysis.execution import SerialExecutor
    from ftwkit.analysis.skill import skill_trace
    from ftwkit.analysis.study import simulate

    args = _parser().parse_args(list(argv))
    try:
        _check_game(args.game)
        _positive("--games", args.games, allow_none=False)
        _positive("--trace-games", args.trace_games, allow_none=False)
        _positive("--max-plies", args.max_plies)
        _positive("--players", args.players)
        variants = _variants(args.game, args.variant)
        agents = None if args.agents is None else parse_agents(args.agents)
        try:
            levels = [int(x) for x in args.levels.split(",") if x.strip()]
        except ValueError:
            raise UsageError(
                f"--levels: whole numbers separated by commas, not {args.levels!r}"
            ) from None
        if not args.no_trace and (not levels or levels != sorted(set(levels)) or levels[0] < 1):
            raise UsageError(f"--levels must be increasing positive budgets, not {args.levels!r}")
        folder = check_folder(args.out, "--out")
        if folder.exists() and any(folder.iterdir()) and not args.force:
            raise UsageError(f"--out {args.out} is not empty: add --force to write into it")
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_USAGE
    executor: Any = SerialExecutor() if args.serial else None
    try:
        # The study and its skill trace play the same game with the same seed and executor.
        same = {"seed": args.seed, "executor": executor, "progress": not args.no_progress}
        results = simulate(
            args.game,
            variants=variants,
            agents=agents,
            players=args.players,
            games=args.games,
            max_plies=args.max_plies,
            **same,
        )
        if results.interrupted:
            print("interrupted: no report written", file=sys.stderr)
            return EXIT_INTERRUPTED
        trace = None
        if not args.no_trace:
            # the trace asks about the first variant, at the players the study resolved
            first = next(iter(results.variants.values()))
            asked = {"variant": first, "levels": levels, "games": args.trace_games}
            trace = skill_trace(args.game, players=results.players, **asked, **same)
    except KeyboardInterrupt:
        print("interrupted: no report written", file=sys.stderr)
        return EXIT_INTERRUPTED
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_USAGE
    command = reproduce_command(
        results,
        levels=None if args.no_trace else levels,
        trace_games=None if args.no_trace else args.trace_games,
    ).replace("REPORT_FOLDER", shlex.quote(args.out))
    html_path, md_path = write_report(results, folder, trace=trace, command=command)
    print(f"wrote {html_path} and {md_path}")
    return 0
