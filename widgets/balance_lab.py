"""The balance lab: pick a game, tick variants, pick agents, Run — metrics and plots fill in.

The study runs :func:`ftwkit.analysis.simulate` in a background thread; each finished task
refreshes the progress bar, the metrics table and the comparison of each ticked variant with the
default rules, and (at most every few seconds) the plots. Any game of the table opens in an
:class:`~widgets.explorer.Explorer`, replayed from its record. A scheduler address runs the
study on a Dask cluster instead of this machine's cores.
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
from ftwkit.options import OptionSpec, describe_options
from widgets.log import LogPanel

__all__ = ["BalanceLab", "variant_choices"]

_PLOT_EVERY = 3.0
"""Seconds between plot refreshes while a study runs (drawing costs more than a table)."""


def _summary(doc: str) -> str:
    first = doc.strip().split("\n\n")[0].replace("\n", " ")
    return first if len(first) <= 110 else first[:107] + "…"


def variant_choices(game: str) -> list[tuple[str, dict[str, Any], str]]:
    """The one-switch variants of a game: ``(name, options, readable label)`` for every value of
    every closed option other than its default (open integer options are left out)."""
    out = []
    specs: list[OptionSpec] = describe_options(ftwkit.rules(game).Options)
    for spec in specs:
        for value in spec.choices or ():
            if value == spec.default:
                continue
            name = f"{spec.name}={value}"
            label = f"{spec.name} = {value!r} — {_summary(spec.doc)}" if spec.doc else name
            out.append((name, {spec.name: value}, label))
    return out


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
        ids = ftwkit.game_ids()
        self.game = ipywidgets.Dropdown(
            options=[(ftwkit.rules(g).title, g) for g in ids],
            value=registry.find(game).id if game else ids[0],
            description="Game",
        )
        self.variants_box = ipywidgets.VBox(layout=ipywidgets.Layout(max_height="220px"))
        self.agents = ipywidgets.Text(
            value="random,random",
            description="Agents",
            tooltip="one per seat: " + ", ".join(agents_mod.names()),
        )
        self.players = ipywidgets.BoundedIntText(value=2, min=2, max=2, description="Players")
        self.games = ipywidgets.BoundedIntText(value=100, min=1, max=100_000, description="Games")
        self.seed = ipywidgets.IntText(value=0, description="Seed")
        self.scheduler = ipywidgets.Text(
            value="", description="Scheduler", placeholder="tcp://host:8786 (empty: this machine)"
        )
        self.run_button = ipywidgets.Button(description="Run", button_style="primary", icon="play")
        self.stop_button = ipywidgets.Button(description="Stop", icon="stop", disabled=True)
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=1, description="Games")
        self.status = ipywidgets.HTML("Tick variants, choose agents and press Run.")
        self.table = ipywidgets.HTML()
        self.comparison = ipywidgets.HTML()
        self.plots = ipywidgets.HBox(layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.game_list = ipywidgets.Select(options=[], rows=8, description="Games")
        self.open_button = ipywidgets.Button(description="Open in explorer", icon="eye")
        self.explorer_box = ipywidgets.VBox()
        help_text = ipywidgets.HTML(
            "<small>Agents: one name per seat, parameters after a colon, e.g. "
            "<code>mcts:iterations=200,random</code>.</small>"
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
                ipywidgets.HBox([self.players, self.games, self.seed]),
                self.scheduler,
                ipywidgets.HBox([self.run_button, self.stop_button, self.progress]),
                self.status,
            ]
        )
        super().__init__(
            [
                settings,
                self.table,
                self.comparison,
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
        self._variant_boxes = {
            name: (
                ipywidgets.Checkbox(
                    value=False,
                    description=label,
                    indent=False,
                    layout=ipywidgets.Layout(width="auto"),
                ),
                options,
            )
            for name, options, label in variant_choices(game)
        }
        self.variants_box.children = [box for box, _ in self._variant_boxes.values()]
        self.players.min = 1  # always below the old maximum: the new range is then valid
        self.players.max = rules.max_players
        self.players.min = rules.min_players
        self.players.value = rules.min_players
        self.agents.value = ",".join(["random"] * rules.min_players)

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
        from ftwkit.analysis.__main__ import parse_agents

        try:
            specs = parse_agents(self.agents.value)
        except ValueError as err:
            self._error(str(err))
            return
        self._stop.clear()
        self.results = None
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
    def _study(self, specs: list[Any], variants: Mapping[str, Mapping[str, Any]]) -> None:
        from ftwkit.analysis import simulate

        client = None
        try:
            executor = self.executor
            if self.scheduler.value.strip():
                from dask.distributed import Client

                client = executor = Client(self.scheduler.value.strip())
            results = simulate(
                self.game.value,
                variants=variants,
                agents=specs,
                players=self.players.value,
                games=self.games.value,
                seed=self.seed.value,
                executor=executor,
                progress=False,
                on_result=self._show,
                stop=self._stop,
            )
            self._show(results, final=True)
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
        table = results.metrics().T
        self.table.value = table.to_html(float_format=lambda x: f"{x:.3g}", border=0)
        names = [v for v in results.variants if (results.games["variant"] == v).any()]
        sentences = []
        for name in names[1:]:
            if "default" in names:
                cmp = results.compare("default", name)
                keys = [k for k in ("first_win", "plies", "draws", "timeouts") if k in cmp.index]
                sentences += [html.escape(cmp.loc[k, "sentence"]) for k in keys]
        self.comparison.value = "<br>".join(sentences)
        self.game_list.options = [
            (
                f"{r['variant']} #{r['index']}: winners {list(r['winners'])}, {r['plies']} plies"
                + (f" [{r['hole']}]" if r["hole"] else ""),
                (r["variant"], r["index"]),
            )
            for r in results.games[["variant", "index", "winners", "plies", "hole"]].to_dict(
                "records"
            )
        ]
        now = time.monotonic()
        if final or now - self._last_plot > _PLOT_EVERY:
            self._last_plot = now
            from ftwkit.analysis.plots import figure_png

            self.plots.children = [
                ipywidgets.Image(value=figure_png(fig), format="png", width=420)
                for fig in results.plot().values()
            ]

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

    def _on_open_click(self, _button: Any) -> None:
        if self.game_list.value is None:
            self.status.value = "Pick a game in the list first."
            return
        variant, index = self.game_list.value
        try:
            self.open_game(variant, index)
        except Exception as err:
            self._error(f"{type(err).__name__}: {err}")
