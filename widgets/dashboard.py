"""Display helpers for the ftwkit notebooks: the dashboard catalogue, page style, gallery cards.

>>> from widgets.dashboard import DASHBOARDS
>>> DASHBOARDS[0].notebook
'index.ipynb'

The notebooks import, build and display; this module only builds HTML for them (no game logic):
the list of dashboards, the gallery of the index page, option tables generated from each game's
``Options`` docstrings (so they never drift from the engine), and case cards from the casebook.
The browser tests read :data:`DASHBOARDS` and :func:`start` so they click on the very position
a notebook shows.
"""

from __future__ import annotations

import dataclasses
import html
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import ftwkit
from ftwkit import registry

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium: the browser the gallery tool and the browser tests drive headless."""

CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""The launch flags verified on these machines (no sandbox in containers, no GPU, no network)."""

SEED = 2024
"""The seed of every explorer's first game (the browser tests replay it to know where to click)."""


@dataclass(frozen=True)
class Dashboard:
    """One notebook served as a dashboard."""

    notebook: str
    title: str
    game: str | None
    kind: str
    """``"index"``, ``"explorer"``, ``"casebook"``, ``"edge-case"`` or ``"lab"``."""
    summary: str = ""
    """What a designer note or the lab answers, in a sentence (listed by :func:`designer_notes`)."""


LAB = Dashboard(
    "balance-lab.ipynb",
    "Balance lab — self-play studies",
    None,
    "lab",
    "who wins each game, how long it lasts, and what flipping a rule switch changes, with "
    "confidence intervals and p-values.",
)
"""The notebook about every game at once (a game's own notebooks come with its registration)."""


def dashboards() -> tuple[Dashboard, ...]:
    """Every notebook served as a dashboard, index first, from the games' registrations.

    Each game with dashboards (``Catalogue.dashboards``) brings its explorer ``<id>.ipynb`` and
    casebook ``<id>-casebook.ipynb``; its edge-case notes are ``Catalogue.notes`` in its package
    (``ftwkit/games/<id>/__init__.py``): a new note is one more ``NoteBook`` there.
    """
    entries = [g for g in registry.games() if g.catalogue.dashboards]
    out = [
        Dashboard("index.ipynb", f"ftwkit — {_count(len(entries))} games to explore", None, "index")
    ]
    out += [Dashboard(f"{g.id}.ipynb", f"{g.title} — explorer", g.id, "explorer") for g in entries]
    out += [
        Dashboard(f"{g.id}-casebook.ipynb", f"{g.title} — casebook", g.id, "casebook")
        for g in entries
    ]
    out += [
        Dashboard(note.notebook, f"{g.title} — {note.title}", g.id, "edge-case", note.summary)
        for g in entries
        for note in g.catalogue.notes
    ]
    out.append(LAB)
    return tuple(out)


def _count(n: int) -> str:
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[n] if n < len(words) else str(n)


DASHBOARDS: tuple[Dashboard, ...] = dashboards()
"""Every notebook of ``notebooks/``, index first (the built-in games' dashboards)."""

PAGE_STYLE = """
<style>
body[data-jp-theme-light="true"], body[data-jp-theme-light="true"] .jp-Notebook {
  background: #f6f4ef; }
.jp-Cell { max-width: 1180px; margin: 0 auto; }
.jp-RenderedMarkdown h1 { font-size: 1.9em; margin: 0.2em 0 0.3em; }
.jp-RenderedMarkdown h2 { font-size: 1.35em; margin-top: 1.4em;
  border-bottom: 1px solid var(--jp-border-color2, #ddd6c8); padding-bottom: 0.2em; }
.jp-RenderedMarkdown p, .jp-RenderedMarkdown li { font-size: 15px; line-height: 1.55;
  max-width: 72em; }
.jp-RenderedMarkdown blockquote { border-left: 4px solid #c9a227;
  background: var(--jp-layout-color2, #fffaf0); margin: 0.6em 0; padding: 0.4em 1em; }
</style>
"""
"""Rules for the whole page: only a Voilà dashboard applies them (see :func:`page_style`)."""

STYLE = """
<style>
.ftw-nav { font-size: 14px; margin: 0 0 0.6em; }
.ftw-nav a { color: var(--jp-brand-color1, #3d5a80); text-decoration: none; margin-right: 1.2em; }
.ftw-nav a:hover { text-decoration: underline; }
.ftw-gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(330px, 1fr));
  gap: 18px; margin: 8px 0 24px; }
.ftw-card { background: var(--jp-layout-color0, #fff);
  border: 1px solid var(--jp-border-color2, #ddd6c8); border-radius: 10px; padding: 14px 16px;
  box-shadow: 0 1px 3px rgba(0,0,0,.06); display: flex; flex-direction: column;
  color: var(--jp-content-font-color1, #1f1d1a); }
.ftw-card h3 { margin: 0 0 2px; font-size: 1.2em; color: var(--jp-content-font-color0, #2b2d42); }
.ftw-card .ftw-meta { color: var(--jp-content-font-color2, #6b6b6b); font-size: 13px;
  margin-bottom: 8px; }
.ftw-card .ftw-picture { height: 230px; display: flex; align-items: center;
  justify-content: center; background: #faf8f3; border-radius: 6px; margin-bottom: 10px;
  overflow: hidden; }
.ftw-card .ftw-picture svg { max-width: 100%; max-height: 226px; height: auto; width: auto; }
.ftw-card p { font-size: 14px; line-height: 1.45; margin: 0 0 10px; flex-grow: 1; }
.ftw-card .ftw-links a { display: inline-block; margin: 0 8px 4px 0; padding: 5px 12px;
  border-radius: 6px; background: var(--jp-brand-color1, #3d5a80); color: #fff;
  text-decoration: none; font-size: 14px; }
.ftw-card .ftw-links a.ftw-secondary { background: var(--jp-layout-color3, #e8e2d4);
  color: var(--jp-ui-font-color0, #2b2d42); }
.ftw-card .ftw-missing { color: var(--jp-ui-font-color3, #999); font-style: italic; }
.jp-RenderedHTMLCommon table.ftw-options { border-collapse: collapse; font-size: 14px;
  margin: 6px 0 14px; table-layout: auto; width: 100%;
  color: var(--jp-content-font-color1, #1f1d1a); }
.jp-RenderedHTMLCommon table.ftw-options th,
.jp-RenderedHTMLCommon table.ftw-options td {
  border: none; border-bottom: 1px solid var(--jp-border-color2, #e4ded2); padding: 5px 10px;
  text-align: left; vertical-align: top; }
.jp-RenderedHTMLCommon table.ftw-options tbody tr:nth-child(odd) {
  background: var(--jp-layout-color1, #fbfaf6); }
.jp-RenderedHTMLCommon table.ftw-options th { background: var(--jp-layout-color2, #efe9dc); }
.jp-RenderedHTMLCommon table.ftw-options td:first-child { white-space: nowrap; }
.jp-RenderedHTMLCommon table.ftw-readings { table-layout: fixed; }
.jp-RenderedHTMLCommon table.ftw-readings th:first-child { width: 19%; }
.ftw-options code { background: var(--jp-layout-color2, #f3efe6); padding: 0 3px;
  border-radius: 3px; }
.ftw-explorer .widget-html-content p, .ftw-explorer .widget-html-content h4,
.ftw-explorer .widget-html-content li { line-height: 1.45; }
.ftw-details > summary { cursor: pointer; color: var(--jp-brand-color1, #3d5a80);
  font-size: 15px; margin: 4px 0 8px; }
.ftw-case { background: var(--jp-layout-color0, #fff);
  border: 1px solid var(--jp-border-color2, #ddd6c8); border-radius: 8px;
  padding: 10px 16px; margin: 18px 0 8px; color: var(--jp-content-font-color1, #1f1d1a); }
.ftw-case h3 { margin: 0 0 6px; color: var(--jp-content-font-color0, #2b2d42); }
.ftw-case blockquote { border-left: 4px solid #c9a227; background: var(--jp-layout-color2, #fffaf0);
  margin: 6px 0; padding: 4px 12px; }
.ftw-case .ftw-verdicts { font-family: monospace; font-size: 13px; white-space: pre-wrap;
  color: var(--jp-content-font-color1, #333); margin-top: 6px; }
.ftw-case .ftw-case-picture { float: right; margin: 0 0 8px 16px; max-width: 48%; }
.ftw-case .ftw-case-picture svg { max-width: 100%; height: auto; }
.ftw-case .ftw-ok, .ftw-readings .ftw-ok { color: var(--jp-success-color1, #2a7a3b); }
.ftw-case .ftw-bad, .ftw-readings .ftw-bad { color: var(--jp-error-color1, #b3261e); }
</style>
"""
"""Rules for the project's own elements only (every selector starts at an ``ftw-`` class), in
JupyterLab's theme variables, so they read well in Light and Dark and touch nothing else."""


def under_voila() -> bool:
    """Whether this kernel runs a Voilà dashboard (Voilà puts its URLs in the kernel's env)."""
    return any(
        key in os.environ for key in ("VOILA_SERVER_URL", "VOILA_BASE_URL", "VOILA_KERNEL_ID")
    )


def page_style(*, page: bool | None = None) -> Any:
    """The notebooks' stylesheet, as a displayable HTML object (display it first).

    Args:
        page: also style the page itself (background, cell width, headings); by default only
            when running under Voilà. In JupyterLab the page belongs to the user: its theme stays,
            and nothing carries over to other notebooks.
    """
    from IPython.display import HTML

    whole = under_voila() if page is None else page
    return HTML(STYLE + (PAGE_STYLE if whole else ""))


def nav(current: str | None = None) -> Any:
    """A navigation line for a game's dashboards: back to the gallery, then each of them.

    Empty for the index (``current`` is ``None``), which is the gallery itself.
    """
    from IPython.display import HTML

    if current is None:
        return HTML("")
    links = ['<a href="index.ipynb">← All games</a>']
    links += [
        f'<a href="{d.notebook}">{html.escape(_short(d).capitalize())}</a>'
        for d in dashboards()
        if d.game == current
    ]
    return HTML(f'<div class="ftw-nav">{"".join(links)}</div>')


def start(game: str) -> Any:
    """The first game an explorer dashboard shows: default options, fewest players, :data:`SEED`."""
    return ftwkit.rules(game).new(seed=SEED)


class GamePage:
    """A game's dashboard page, for a notebook that names its game as people do (by title).

    The notebook says which game it is about and what to show; everything about the game —
    its designer, the rules in brief, its switches, its casebook, its rule page — comes from the
    game's registration and engine, so the notebooks hold no game knowledge of their own.

    >>> GamePage("Play Win").options_table().data.count("<tr>") > 1
    True

    Args:
        name: the game's title (``"For the Win!"``) or id.
    """

    def __init__(self, name: str) -> None:
        self.game = registry.find(name)

    @property
    def id(self) -> str:
        """The game id (what ``ftwkit.rules``, positions and cases use)."""
        return self.game.id

    @property
    def title(self) -> str:
        """The game's title."""
        return self.game.title

    def top(self) -> None:
        """Display the page style and the navigation line (first thing on every game page)."""
        from IPython.display import display

        display(page_style(), nav(self.id))

    def introduction(self) -> Any:
        """The explorer page's opening: the title, who designed it, and the game in brief."""
        from IPython.display import Markdown

        facts = self.game.catalogue
        who = ", ".join(part for part in (facts.designer, facts.edition) if part)
        players = facts.players
        if "–" in players:  # a range of player counts: the first game has the fewest
            players += " (this dashboard starts with the fewest)"
        return Markdown(f"# {self.title}\n\n*{who} · {players}.* {facts.summary}")

    def options_table(self, only: Iterable[str] | None = None, *, collapsed: bool = False) -> Any:
        """The game's switches as a table (see :func:`options_table`)."""
        return options_table(self.id, only, collapsed=collapsed)

    def explorer(self) -> Any:
        """Display and return the page's explorer: the catalogue's first game (:func:`start`),
        or the position or record of the page's address (``?position=…``, ``?record=…``)."""
        from IPython.display import display

        from widgets import Explorer
        from widgets.links import open_from_url

        explorer = Explorer(start(self.id))
        open_from_url(explorer)
        display(explorer)
        return explorer

    def casebook(self) -> Any:
        """Display and return the game's casebook browser."""
        from IPython.display import display

        from widgets import Casebook

        casebook = Casebook(self.id)
        display(casebook)
        return casebook

    def rules_panel(self) -> Any:
        """The game's *Rules* panel (its rule page, folded)."""
        from widgets.rules_docs import rules_panel

        return rules_panel(self.id)

    def case(self, case_id: str) -> Any:
        """One of the game's casebook cases by its id (see :func:`case`)."""
        return case(self.id, case_id)


def picture(state: Any) -> str:
    """The SVG picture of a state, or a short note when no renderer is available yet."""
    try:
        from ftwkit import render

        return str(render.svg(state))
    except Exception as err:  # a missing renderer must not break the gallery
        reason = html.escape(type(err).__name__)
        return f'<span class="ftw-missing">no picture yet ({reason})</span>'


def gallery() -> Any:
    """The index gallery: one card per registered game, with its picture and dashboard links."""
    from IPython.display import HTML

    cards = []
    shown = dashboards()
    for game in registry.games():
        facts = game.catalogue
        links = [
            f'<a href="{d.notebook}" class="{"" if d.kind == "explorer" else "ftw-secondary"}">'
            f"{'Play &amp; explore' if d.kind == 'explorer' else html.escape(_short(d))}</a>"
            for d in shown
            if d.game == game.id
        ]
        cards.append(
            f'<div class="ftw-card" data-game="{html.escape(game.id)}">'
            f"<h3>{html.escape(game.title)}</h3>"
            f'<div class="ftw-meta">{html.escape(facts.designer)} · '
            f"{html.escape(facts.players)}</div>"
            f'<div class="ftw-picture">{picture(start(game.id))}</div>'
            f"<p>{html.escape(facts.tagline)}</p>"
            f'<div class="ftw-links">{"".join(links)}</div>'
            "</div>"
        )
    return HTML(f'<div class="ftw-gallery">{"".join(cards)}</div>')


def designer_notes() -> Any:
    """The index's list of designer notes (each game's edge-case notes, then the lab), linked."""
    from IPython.display import HTML

    items = [
        f'<li><a href="{html.escape(d.notebook)}">{html.escape(d.title)}</a>'
        f"{': ' + html.escape(d.summary) if d.summary else ''}</li>"
        for d in dashboards()
        if d.kind in ("edge-case", "lab")
    ]
    return HTML(f'<ul class="ftw-notes">{"".join(items)}</ul>')


def _short(dashboard: Dashboard) -> str:
    return {"casebook": "Casebook", "explorer": "Explorer"}.get(
        dashboard.kind, dashboard.title.split(" — ")[-1]
    )


def options_table(game: str, only: Iterable[str] | None = None, *, collapsed: bool = False) -> Any:
    """A table of a game's variant switches: name, default, allowed values and the ruling.

    Args:
        game: the game id.
        only: the option names to list, in this order (default: all of them).
        collapsed: fold the table under a one-line summary (so the board stays near the top).
    """
    from IPython.display import HTML

    from ftwkit.options import describe_options
    from widgets.rules_docs import link_rulings, option_words
    from widgets.switches import choice_words

    rules = ftwkit.rules(game)
    specs = {spec.name: spec for spec in describe_options(rules.Options)}
    words = option_words(game)
    names = list(specs) if only is None else list(only)
    rows = []
    for spec in (specs[name] for name in names):
        said = words.get(spec.name)
        if spec.choices is None:
            allowed = _OPEN_VALUES.get(spec.kind, spec.kind)
        else:
            allowed = "<br>".join(
                f"{html.escape(choice_words(spec, said, c))} "
                f"<code>{html.escape(value_text(c))}</code>"
                for c in spec.choices
            )
        rows.append(
            f"<tr><td><b>{html.escape(spec.label)}</b><br><code>{spec.name}</code></td>"
            f"<td><code>{html.escape(value_text(spec.default))}</code></td><td>{allowed}</td>"
            f"<td>{link_rulings(_doc_html(spec.doc))}</td></tr>"
        )
    if not rows:
        return HTML("<p>This game has no variant switches.</p>")
    head = "<tr><th>switch</th><th>default</th><th>choices</th><th>what it switches</th></tr>"
    table = f'<table class="ftw-options">{head}{"".join(rows)}</table>'
    if collapsed:
        summary = f"All {len(rows)} variant switches, with the ruling each one changes"
        table = f'<details class="ftw-details"><summary>{summary}</summary>{table}</details>'
    return HTML(table)


_OPEN_VALUES = {
    "int": "any integer",
    "optional_int": "an integer, or None",
    "str": "text",
    "optional_str": "text, or None",
}


def _doc_html(doc: str) -> str:
    """An option's docstring as HTML: reStructuredText ````literals```` become ``<code>``."""
    parts = html.escape(" ".join(doc.split())).split("``")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


def value_text(value: Any) -> str:
    """An option value as the rule pages write it (``true``, ``None``, ``per_turn``)."""
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@cache
def _casebook(game: str) -> tuple[Any, ...]:
    """A game's casebook cases, read once per kernel (a page asks for them many times)."""
    from ftwkit import casebook

    return tuple(casebook.load(game))


def case(game: str, case_id: str) -> Any:
    """One casebook case by its id (the file name without ``.yaml``)."""
    for found in _casebook(game):
        if found.id == case_id:
            return found
    raise KeyError(f"{game} has no case {case_id!r}")


def readings_table(
    game: str,
    tries: Iterable[tuple[str, str]],
    readings: dict[str, dict[str, Any]],
) -> Any:
    """What the engine says about moves of casebook positions under several readings (options).

    Each cell is the engine's own answer: "legal", or the reason ``explain`` gives.

    Args:
        game: the game id.
        tries: ``(case id, move in notation)`` pairs; the move is tried in the case's position.
        readings: column title → options of that reading (``{}`` for the recommended one).
    """
    from IPython.display import HTML

    head = "".join(f"<th>{html.escape(title)}</th>" for title in readings)
    rows = []
    for case_id, text in tries:
        position = case(game, case_id).position
        cells = []
        for opts in readings.values():
            reason = ftwkit.rules(game, **opts).load(position).explain(text)
            cells.append(
                '<td class="ftw-ok">legal</td>'
                if reason is None
                else f'<td class="ftw-bad">{html.escape(reason)}</td>'
            )
        label = f"case {case_id.split('-', 1)[0]}: <code>{html.escape(text)}</code>"
        rows.append(f"<tr><td>{label}</td>{''.join(cells)}</tr>")
    return HTML(
        f'<table class="ftw-options ftw-readings"><tr><th>move tried</th>{head}</tr>'
        f"{''.join(rows)}</table>"
    )


def cases_about(game: str, *words: str) -> list[Any]:
    """The game's casebook cases whose title, rule, explanation or tags mention any of ``words``."""
    found = []
    for case in _casebook(game):
        text = " ".join([case.title, case.rule, case.explanation, *case.tags]).lower()
        if any(word.lower() in text for word in words):
            found.append(case)
    return found


def case_card(case: Any, *, verdicts: bool = True, with_picture: bool = False) -> Any:
    """A case's title, the rule it illustrates, its explanation and, optionally, checked steps.

    Args:
        case: a casebook case (see :func:`case`).
        verdicts: list the engine's verdict on each of the case's steps.
        with_picture: show the case's start position as a static SVG picture beside the text
            (cheap to send, unlike a live explorer per case).
    """
    from IPython.display import HTML

    from ftwkit import casebook

    parts = [
        f'<div class="ftw-case" data-case="{html.escape(case.id)}">',
        f"<h3>{html.escape(case.title)}</h3>",
    ]
    if with_picture:
        parts.append(f'<div class="ftw-case-picture">{picture(case.start())}</div>')
    parts += [
        f"<blockquote>{html.escape(case.rule)}</blockquote>",
        f"<p>{html.escape(case.explanation)}</p>",
    ]
    if case.options:
        opts = ", ".join(
            f"<code>{k} = {html.escape(value_text(v))}</code>" for k, v in case.options.items()
        )
        parts.append(f"<p>Options: {opts}</p>")
    if verdicts:
        result = casebook.run_case(case)
        parts.append(f'<div class="ftw-verdicts">{_verdict_lines(result)}</div>')
    parts.append('<div style="clear: both"></div></div>')
    return HTML("".join(parts))


def _verdict_lines(result: Any) -> str:
    """One line per step: the engine's verdict, with the reason of every refused move."""
    lines = []
    before = result.start
    for step in result.steps:
        mark = '<span class="ftw-ok">✓</span>' if step.ok else '<span class="ftw-bad">✗</span>'
        if step.move is None:
            what = "check the position"
        else:
            reason = before.explain(step.move)
            move = f"“<b>{html.escape(step.move)}</b>”"
            mover = (
                before.rules.player_names(before.players)[before.to_play]
                if before.to_play is not None
                else "The mover"
            )
            if reason:
                what = f"{html.escape(mover)} tries {move}: refused, because {html.escape(reason)}"
            else:
                what = f"{html.escape(mover)} plays {move}"
        note = "" if step.ok else f" — {html.escape(step.message)}"
        lines.append(f"{mark} step {step.index + 1}: {what}{note}")
        before = step.state
    return "\n".join(lines)


def position_json(state: Any) -> dict[str, Any]:
    """A state's position JSON with every option written out, defaults included.

    ``Rules.load`` applies a position's options on top of the loading rules' options, so a
    position saved under the defaults (which ``to_json`` leaves out) would otherwise keep the
    variant of whatever the explorer showed before.
    """
    data: dict[str, Any] = state.to_json()
    options = state.rules.options
    data["options"] = {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
    return data


def case_explorer(choices: Mapping[str, Any]) -> Any:
    """ONE live explorer with a selector that loads any of ``choices`` into it.

    A page of several explorers is slow to open; a designer's note shows its cases as pictures
    (:func:`case_card` with ``with_picture=True``) and plays them here.

    Args:
        choices: selector label → the state to load (its options travel with it); the first one
            is shown on opening.

    Returns:
        A widget box; its ``explorer`` attribute is the :class:`widgets.Explorer` and its
        ``selector`` the ``Dropdown``.
    """
    import ipywidgets

    from widgets import Explorer

    states = dict(choices)
    labels = list(states)
    explorer = Explorer(states[labels[0]])
    selector = ipywidgets.Dropdown(
        options=labels,
        value=labels[0],
        description="Load case",
        style={"description_width": "initial"},
        layout=ipywidgets.Layout(width="640px", max_width="100%"),
    )

    def load(change: Mapping[str, Any]) -> None:
        explorer.load_json(position_json(states[change["new"]]))

    selector.observe(load, names="value")
    box = ipywidgets.VBox([selector, explorer])
    box.explorer = explorer
    box.selector = selector
    return box


# --------------------------------------------------------------------------- clean notebooks
_VOLATILE_CELL_METADATA = ("execution", "scrolled", "collapsed", "trusted")


def clean_notebook(text: str) -> str:
    """A notebook's JSON without what running it adds: outputs, counts, widget state, timings.

    Used as git's clean filter for ``notebooks/*.ipynb`` (see ``notebooks/.gitattributes``), so
    exploring the notebooks leaves the working tree clean. The result is written the way Jupyter
    writes notebooks (one-space indent, sorted keys), so a clean notebook comes out unchanged.
    """
    import json

    notebook = json.loads(text)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        metadata = cell.get("metadata", {})
        for key in _VOLATILE_CELL_METADATA:
            metadata.pop(key, None)
    metadata = notebook.get("metadata", {})
    metadata.pop("widgets", None)
    info = metadata.get("language_info")
    if isinstance(info, dict) and "name" in info:
        metadata["language_info"] = {"name": info["name"]}
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m widgets.dashboard --clean-notebook``: clean the notebook on stdin to stdout."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if args != ["--clean-notebook"]:
        print("usage: python -m widgets.dashboard --clean-notebook < in.ipynb > out.ipynb")
        return 2
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]  # TextIOWrapper here
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]  # TextIOWrapper here
    sys.stdout.write(clean_notebook(sys.stdin.read()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
