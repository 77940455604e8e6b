"""The balance lab: pick a game, tick variants, pick agents, Run — metrics and plots fill in.

The study runs :func:`ftwkit.analysis.simulate` in a background thread; each finished task
refreshes the progress bar, the metrics in words (seat names, intervals, no internal names), the
comparison of each ticked variant with the default rules, and (at most every few seconds) the
plots. The agents start as each game's study-level searcher in every seat (skilled play; random
play is labelled so wherever its numbers appear). *Check at a lower skill* plays the same study
again at a quarter of the search budget and says whether each conclusion agrees; *What winners
do* counts the kinds of move per seat; *Report* builds a standalone page to hand out. Any game
of the list opens in an :class:`~widgets.explorer.Explorer`, replayed from its record. A
scheduler address runs the study on a Dask cluster instead of this machine's cores.
"""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Mapping
from typing import Any

import ipywidgets

import ftwkit
from ftwkit import agents as agents_mod
from ftwkit import registry
from ftwkit.analysis import plain_doc, variant_text
from ftwkit.options import OptionSpec, describe_options
from widgets.links import link_notice
from widgets.log import LogPanel

__all__ = ["BalanceLab", "findings_html", "variant_choices"]

_DOC_STYLE = "display:block;line-height:1.35;font-size:0.9em;padding:5px 0;color:#444"
"""The style of a switch's explanation: wrapped prose, not the single-line widget height."""
_WARNING_STYLE = (
    "background:#fff4d6;border-left:4px solid #e0a800;padding:6px 10px;line-height:1.4;margin:6px 0"
)
"""The style of the small-study warning."""

_PLOT_EVERY = 3.0
"""Seconds between plot refreshes while a study runs (drawing costs more than a table)."""


def variant_choices(game: str) -> list[tuple[str, dict[str, Any], str, str]]:
    """The one-switch variants of a game: ``(name, options, label, explanation)`` for every
    value of every closed option other than its default (open integer options are left out).

    The label is the switch's plain name and value (``Approach: no_farther``); the explanation
    is the option's whole documentation as plain prose (no markup), shown beside the switch.
    """
    out = []
    specs: list[OptionSpec] = describe_options(ftwkit.rules(game).Options)
    for spec in specs:
        for value in spec.choices or ():
            if value == spec.default:
                continue
            name = f"{spec.name}={value}"
            label = variant_text(game, name, {spec.name: value})
            out.append((name, {spec.name: value}, label, plain_doc(spec.doc)))
    return out


def _agents_text(game: str, players: int) -> str:
    """The agents box's text for a game's study-level searcher in every seat."""
    name, params = agents_mod.study_agent(game)
    one = name + ":" + ",".join(f"{k}={v}" for k, v in params.items())
    return ",".join([one] * players)


class BalanceLab(ipywidgets.VBox):
    """A balance-study dashboard for every game.

    Args:
        game: the game selected first, by its id or title (default: the first game).
        executor: where to play (``None``: every core; or a ``concurrent.futures.Executor``);
            a scheduler address typed in the lab overrides it with a Dask client.

    The programmatic face: :meth:`set_game`, :meth:`tick`, :meth:`run` (``wait=True`` blocks),
    :meth:`stop`, :attr:`results`, :meth:`open_game`.
    """

    def __init__(self, game: str | None = None, *, executor: Any = None) -> None:
        self.executor = executor
        self.results: Any = None
        self.log_panel = LogPanel()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._last_plot = 0.0
        self._variant_boxes: dict[str, tuple[ipywidgets.Checkbox, dict[str, Any]]] = {}
        self.weaker: Any = None  # the study at a lower skill (with the skill check)
        self.skill_sentences: list[str] = []
        ids = ftwkit.game_ids()
        self.game = ipywidgets.Dropdown(
            options=[(ftwkit.rules(g).title, g) for g in ids],
            value=registry.find(game).id if game else ids[0],
            description="Game",
        )
        self.variants_box = ipywidgets.VBox(
            layout=ipywidgets.Layout(max_height="320px", overflow="auto")
        )
        self.agents = ipywidgets.Text(
            value="",
            description="Agents",
            tooltip="one per seat: " + ", ".join(agents_mod.names()),
            layout=ipywidgets.Layout(width="min(36rem, 100%)"),
        )
        self.skill = ipywidgets.Checkbox(
            value=False,
            description="Check at a lower skill (a quarter of the search budget)",
            indent=False,
            layout=ipywidgets.Layout(width="auto"),
        )
        self.usage_box = ipywidgets.Checkbox(
            value=True,
            description="What winners do (kinds of move)",
            indent=False,
            layout=ipywidgets.Layout(width="auto"),
        )
        self.players = ipywidgets.BoundedIntText(value=2, min=2, max=2, description="Players")
        self.games = ipywidgets.BoundedIntText(value=100, min=1, max=100_000, description="Games")
        self.seed = ipywidgets.IntText(value=0, description="Seed")
        self.scheduler = ipywidgets.Text(
            value="",
            description="Scheduler",
            placeholder="tcp://host:8786 (empty: this machine)",
            layout=ipywidgets.Layout(width="min(36rem, 100%)"),
        )
        self.run_button = ipywidgets.Button(description="Run", button_style="primary", icon="play")
        self.stop_button = ipywidgets.Button(description="Stop", icon="stop", disabled=True)
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=1, description="Games")
        # A link given to the lab opens on its game's explorer page: say so where people look.
        self.status = ipywidgets.HTML(
            link_notice(None) or "Tick variants, choose agents and press Run."
        )
        self.warning = ipywidgets.HTML()
        self.table = ipywidgets.HTML()
        self.comparison = ipywidgets.HTML()
        self.skill_result = ipywidgets.HTML()
        self.usage = ipywidgets.HTML()
        self.report_button = ipywidgets.Button(
            description="Report", icon="file-text", disabled=True, tooltip="a page to hand out"
        )
        self.report_link = ipywidgets.HTML()
        self.plots = ipywidgets.HBox(layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.game_list = ipywidgets.Select(options=[], rows=8, description="Games")
        self.open_button = ipywidgets.Button(description="Open in explorer", icon="eye")
        self.explorer_box = ipywidgets.VBox()
        help_text = ipywidgets.HTML(
            "<small>Agents: one per seat, parameters after a colon. The default is the game's "
            "study-level searcher (MCTS; information-set MCTS where hands are hidden) in every "
            "seat: skilled play. <code>random,random</code> studies random play (labelled "
            "so); <code>greedy</code> looks one move ahead.</small>"
        )
        settings = ipywidgets.VBox(
            [
                self.game,
                ipywidgets.HTML(
                    "<b>Variants</b> (each ticked switch is compared with the default)"
                ),
                self.variants_box,
                self.agents,
                help_text,
                ipywidgets.HBox(
                    [self.players, self.games, self.seed],
                    layout=ipywidgets.Layout(flex_flow="row wrap"),
                ),
                ipywidgets.HBox(
                    [self.skill, self.usage_box], layout=ipywidgets.Layout(flex_flow="row wrap")
                ),
                self.scheduler,
                ipywidgets.HBox(
                    [self.run_button, self.stop_button, self.progress, self.report_button],
                    layout=ipywidgets.Layout(flex_flow="row wrap"),
                ),
                self.status,
                self.report_link,
            ]
        )
        super().__init__(
            [
                settings,
                self.warning,
                self.table,
                self.comparison,
                self.skill_result,
                self.usage,
                self.plots,
                ipywidgets.HBox([self.game_list, self.open_button]),
                self.explorer_box,
                self.log_panel,
            ]
        )
        self.add_class("ftw-balance-lab")
        self.game.observe(self._on_game_value, names="value")
        self.run_button.on_click(self._on_run_click)
        self.stop_button.on_click(self._on_stop_click)
        self.open_button.on_click(self._on_open_click)
        self.report_button.on_click(self._on_report_click)
        self.set_game(self.game.value)

    # ----------------------------------------------------------------- programmatic face
    @property
    def variant_names(self) -> list[str]:
        """Every variant offered for the current game (``"option=value"``)."""
        return list(self._variant_boxes)

    def set_game(self, game: str) -> None:
        """Select a game: rebuild the variant switches and the player-count range."""
        if self.game.value != game:
            self.game.value = game  # the observer calls back here
            return
        rules = ftwkit.rules(game)
        self._variant_boxes = {}
        rows = []
        for name, options, label, doc in variant_choices(game):
            box = ipywidgets.Checkbox(
                value=False,
                description=label,
                indent=False,
                layout=ipywidgets.Layout(width="auto", min_width="14rem", flex="0 0 auto"),
            )
            self._variant_boxes[name] = (box, options)
            text = ipywidgets.HTML(
                f"<span class='ftw-variant-doc' style='{_DOC_STYLE}'>{html.escape(doc)}</span>",
                layout=ipywidgets.Layout(flex="1 1 20rem", height="auto"),
            )
            rows.append(
                ipywidgets.HBox(
                    [box, text],
                    layout=ipywidgets.Layout(width="100%", flex="0 0 auto", height="auto"),
                )
            )
        self.variants_box.children = rows
        self.players.min = 1  # always below the old maximum: the new range is then valid
        self.players.max = rules.max_players
        self.players.min = rules.min_players
        self.players.value = rules.min_players
        self.agents.value = _agents_text(game, rules.min_players)

    def tick(self, *names: str) -> None:
        """Tick the named variants (see :attr:`variant_names`), untick the others."""
        for name in names:
            if name not in self._variant_boxes:
                raise ValueError(
                    f"unknown variant {name!r}; known: {', '.join(self.variant_names)}"
                )
        for name, (box, _) in self._variant_boxes.items():
            box.value = name in names

    def variants(self) -> dict[str, dict[str, Any]]:
        """The study's variants: the default rules, then every ticked switch."""
        out: dict[str, dict[str, Any]] = {"default": {}}
        for name, (box, options) in self._variant_boxes.items():
            if box.value:
                out[name] = dict(options)
        return out

    def run(self, *, wait: bool = False) -> None:
        """Start the study in a background thread (``wait=True``: return when it is done)."""
        if self._thread is not None and self._thread.is_alive():
            self.status.value = "A study is already running."
            return
        from ftwkit.analysis import parse_agents

        try:
            specs = parse_agents(self.agents.value)
        except ValueError as err:
            self._error(str(err))
            return
        self._stop.clear()
        self.results = None
        self.weaker = None
        self.skill_sentences = []
        self.skill_result.value = ""
        self.usage.value = ""
        self.report_link.value = ""
        self.report_button.disabled = True
        self.progress.value, self.progress.max = 0, self.games.value * len(self.variants())
        self.run_button.disabled, self.stop_button.disabled = True, False
        self.status.value = "Starting…"
        self._thread = threading.Thread(
            target=self._study, args=(specs, self.variants()), daemon=True
        )
        self._thread.start()
        if wait:
            self._thread.join()

    def stop(self) -> None:
        """Stop the running study; finished games are kept."""
        self._stop.set()

    def open_game(self, variant: str, index: int) -> Any:
        """Show one game of the results in an Explorer (returned)."""
        from widgets import Explorer

        if self.results is None:
            raise ValueError("no results yet: run a study first")
        explorer = Explorer(self.results.state(variant, index))
        self.explorer_box.children = [
            ipywidgets.HTML(f"<b>{html.escape(variant)}</b>, game {index}"),
            explorer,
        ]
        return explorer

    # ----------------------------------------------------------------- study thread
    def _simulate(self, specs: list[Any], variants: Any, executor: Any, **more: Any) -> Any:
        """Play the form's study (game, players, games, seed) with ``specs`` in the seats; both
        the study and its skill check go through here, so they differ only in their agents."""
        from ftwkit.analysis import simulate

        return simulate(
            self.game.value,
            variants=variants,
            agents=specs,
            players=self.players.value,
            games=self.games.value,
            seed=self.seed.value,
            executor=executor,
            progress=False,
            stop=self._stop,
            **more,
        )

    def _study(self, specs: list[Any], variants: Mapping[str, Mapping[str, Any]]) -> None:
        client = None
        try:
            executor = self.executor
            if self.scheduler.value.strip():
                from dask.distributed import Client

                client = executor = Client(self.scheduler.value.strip())
            results = self._simulate(specs, variants, executor, on_result=self._show)
            self._show(results, final=True)
            if self.skill.value and not results.interrupted:
                self._skill_check(specs, variants, executor)
            if self.usage_box.value and not results.interrupted:
                self._show_usage(results)
            self.report_button.disabled = False
        except Exception as err:  # shown in the lab, not lost in a thread
            self._error(f"{type(err).__name__}: {err}")
        finally:
            if client is not None:
                client.close()
            self.run_button.disabled, self.stop_button.disabled = False, True

    def _show(self, results: Any, final: bool = False) -> None:
        self.results = results
        done = len(results.games)
        self.progress.value = done
        state = "stopped" if final and results.interrupted else "done" if final else "running"
        self.status.value = f"{done} of {self.progress.max} games ({state})."
        from ftwkit.analysis import agents_sentence, sample_warning

        counts = results.games["variant"].value_counts()
        warning = sample_warning(int(counts.min()) if len(counts) else 0)
        self.warning.value = (
            f"<div class='ftw-lab-warning' style='{_WARNING_STYLE}'>⚠ {html.escape(warning)}</div>"
            if warning
            else ""
        )
        who = html.escape(agents_sentence(results.agents, results.players))
        self.table.value = f"<p><b>Agents:</b> {who}.</p>" + results.summary().to_html(
            border=0, classes="ftw-lab-table"
        )
        names = [v for v in results.variants if (results.games["variant"] == v).any()]
        sentences = []
        for name in names[1:]:
            if "default" in names:
                cmp = results.compare("default", name)
                keys = ["win_seat0", "first_win", "plies", "timeouts"]
                keys += [k for k in cmp.index if k not in keys and cmp.loc[k, "p_value"] < 0.05]
                sentences += [html.escape(cmp.loc[k, "sentence"]) for k in keys if k in cmp.index]
        self.comparison.value = "<br>".join(sentences)
        seats = ftwkit.rules(results.game).player_names(results.players)
        self.game_list.options = [
            (
                f"{r['variant']} #{r['index']}: {_outcome(r, seats)}, {r['plies']} moves",
                (r["variant"], r["index"]),
            )
            for r in results.games[["variant", "index", "winners", "plies", "hole"]].to_dict(
                "records"
            )
        ]
        now = time.monotonic()
        if final or now - self._last_plot > _PLOT_EVERY:
            self._last_plot = now
            from ftwkit.analysis import figure_png

            self.plots.children = [
                ipywidgets.Image(value=figure_png(fig), format="png", width=420)
                for fig in results.plot().values()
            ]

    def _skill_check(self, specs: list[Any], variants: Any, executor: Any) -> None:
        """Play the same study at a quarter of each search agent's budget; say per variant
        whether the conclusion (which seat is favoured) agrees."""
        from ftwkit.analysis import conclusion, normalise_agents

        weaker = []
        for name, params in normalise_agents(specs):
            extra = dict(params)
            if name == "mcts" and isinstance(extra.get("iterations"), int):
                extra["iterations"] = max(1, extra["iterations"] // 4)
            weaker.append((name, extra))
        if weaker == [(n, dict(p)) for n, p in normalise_agents(specs)]:
            self.skill_result.value = (
                "<p>The skill check needs search agents (MCTS): these agents have no budget "
                "to lower.</p>"
            )
            return
        self.status.value = "Playing the same study at a lower skill…"
        weak = self._simulate(weaker, variants, executor)
        self.weaker = weak
        strong = self.results
        sentences = []
        for name in strong.variants:
            a, b = conclusion(weak, name), conclusion(strong, name)
            label = variant_text(strong.game, name, strong.variants[name])
            verdict = "agrees" if a == b else "does not agree"
            sentences.append(
                f"{label[0].upper()}{label[1:]}: the conclusion {verdict} across skill — "
                f"{a} at the lower skill, {b} at the chosen one."
            )
        self.skill_sentences = sentences
        self.skill_result.value = "<b>Across skill</b><br>" + "<br>".join(
            html.escape(t) for t in sentences
        )
        self.status.value = (
            f"{len(strong.games)} games, and {len(weak.games)} at a lower skill (done)."
        )

    def _show_usage(self, results: Any) -> None:
        import pandas as pd

        from ftwkit.analysis import rare_kinds

        try:
            table = results.usage()
        except ValueError as err:
            self.usage.value = f"<p>{html.escape(str(err))}</p>"
            return
        parts = ["<b>What winners do</b> (share of each seat's moves: in games won / lost)"]
        for variant in results.variants:
            sub = table[table["variant"] == variant]
            if sub.empty:
                continue
            cells = pd.DataFrame(
                {
                    seat: {
                        r["kind"]: f"{_pct(r['share'])} ({_pct(r['winners_share'])} / "
                        f"{_pct(r['losers_share'])})"
                        for _, r in block.iterrows()
                    }
                    for seat, block in sub.groupby("seat", sort=False)
                }
            )
            cells.index.name = "kind of move"
            label = variant_text(results.game, variant, results.variants[variant])
            never, rare = rare_kinds(table, variant)
            note = ""
            if never:
                note += f"Never used: {', '.join(never)}. "
            if rare:
                note += f"Almost never used: {', '.join(rare)}."
            parts.append(
                f"<p><i>{html.escape(label)}</i></p>"
                + cells.to_html(border=0)
                + (f"<p>{html.escape(note)}</p>" if note else "")
            )
        self.usage.value = "".join(parts)

    def report(self, folder: Any = None) -> Any:
        """Write the current results as a report (standalone HTML and Markdown) into
        ``folder`` (default: a new temporary folder) and offer the page as a download; returns
        the HTML file's path."""
        import base64
        import tempfile

        from ftwkit.analysis import reproduce_command, write_report

        if self.results is None:
            raise ValueError("no results yet: run a study first")
        target = folder or tempfile.mkdtemp(prefix="ftwkit-report-")
        command = reproduce_command(self.results).replace("REPORT_FOLDER", "report")
        html_path, _ = write_report(self.results, target, command=command)
        data = base64.b64encode(html_path.read_bytes()).decode("ascii")
        self.report_link.value = (
            f"<a download='{self.results.game}-balance-report.html' "
            f"href='data:text/html;base64,{data}'>Download the report (HTML)</a>"
        )
        return html_path

    def _error(self, text: str) -> None:
        self.status.value = f"<span style='color:#b00'>{html.escape(text)}</span>"
        self.log_panel.error(text)

    # ----------------------------------------------------------------- handlers
    def _on_game_value(self, change: Mapping[str, Any]) -> None:
        self.set_game(change["new"])

    def _on_run_click(self, _button: Any) -> None:
        self.run()

    def _on_stop_click(self, _button: Any) -> None:
        self.stop()

    def _on_report_click(self, _button: Any) -> None:
        try:
            self.report()
        except Exception as err:
            self._error(f"{type(err).__name__}: {err}")

    def _on_open_click(self, _button: Any) -> None:
        if self.game_list.value is None:
            self.status.value = "Pick a game in the list first."
            return
        variant, index = self.game_list.value
        try:
            self.open_game(variant, index)
        except Exception as err:
            self._error(f"{type(err).__name__}: {err}")


def _pct(value: float) -> str:
    return "–" if value != value else f"{100 * value:.0f} %"


def _outcome(row: Mapping[str, Any], seats: tuple[str, ...]) -> str:
    """A game's end in words: who won, a draw, or how it ended oddly."""
    if row["hole"] == "cap":
        return "stopped at the move cap"
    if row["hole"]:
        return "ended by a rule hole"
    winners = tuple(row["winners"])
    if not winners:
        return "draw"
    return " and ".join(seats[w] for w in winners) + " won"


def findings_html(folder: Any) -> str:
    """The lab's findings page: every report saved under ``folder`` (one sub-folder per game,
    written by ``python -m ftwkit.analysis report``), as HTML.

    The sentences are those of each report's ``findings.json``, which
    :func:`ftwkit.analysis.report.findings` computes from the saved ``results.jsonl`` (a test
    recomputes them), so no number on the page is typed by hand.
    """
    import json
    from pathlib import Path

    import pandas as pd

    from ftwkit.analysis import agents_sentence, load

    parts = []
    root = Path(folder)
    if not root.is_dir():
        return "<p>No saved reports yet.</p>"
    order = {g: i for i, g in enumerate(ftwkit.game_ids())}
    folders = sorted(
        (p for p in root.iterdir() if (p / "findings.json").exists()),
        key=lambda p: order.get(p.name, len(order)),
    )
    for path in folders:
        results = load(path / "results.jsonl")
        facts = json.loads((path / "findings.json").read_text(encoding="utf-8"))
        title = ftwkit.rules(results.game).title
        counts = results.games["variant"].value_counts()
        who = agents_sentence(results.agents, results.players)
        parts.append(
            f"<h3>{html.escape(title)}</h3><p><i>{html.escape(who)}; "
            f"{int(counts.min())} games per variant, seed {results.seed}.</i></p><ul>"
            + "".join(f"<li>{html.escape(f['sentence'])}</li>" for f in facts)
            + "</ul>"
        )
        trace_path = path / "trace.csv"
        if trace_path.exists():
            trace = pd.read_csv(trace_path, index_col=0)
            names = ftwkit.rules(results.game).player_names(results.players)
            rows = []
            for level, r in trace.iterrows():
                strong = (
                    "—"
                    if r["stronger_wins"] != r["stronger_wins"]
                    else f"{100 * r['stronger_wins']:.0f} % "
                    f"({100 * r['stronger_wins_lo']:.0f}–{100 * r['stronger_wins_hi']:.0f} %)"
                )
                seat = (
                    f"{100 * r[f'win_{names[0]}']:.0f} % "
                    f"({100 * r[f'win_{names[0]}_lo']:.0f}–{100 * r[f'win_{names[0]}_hi']:.0f} %)"
                )
                rows.append(
                    f"<tr><td>{level}</td><td>{strong}</td><td>{seat}</td>"
                    f"<td>{int(r['games'])}</td></tr>"
                )
            parts.append(
                "<p>Skill trace (MCTS iterations per move; the budget doubles each row):</p>"
                "<table class='ftw-lab-table'><tr><th>iterations</th>"
                "<th>stronger beats the previous level</th>"
                f"<th>{html.escape(names[0])} wins in self-play</th><th>games</th></tr>"
                + "".join(rows)
                + "</table>"
            )
        command = _reproduce(path / "report.md")
        if command:
            parts.append(f"<p><small>Reproduce: <code>{html.escape(command)}</code></small></p>")
    if not parts:
        return "<p>No saved reports yet.</p>"
    return "".join(parts)


def _reproduce(path: Any) -> str:
    """The command line quoted in a report's *Reproduce* section ("" when absent)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return ""
    _, _, tail = text.partition("## Reproduce")
    lines = [line for line in tail.splitlines() if line.strip() and not line.startswith("```")]
    return lines[0].strip() if lines else ""
