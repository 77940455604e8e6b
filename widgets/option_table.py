"""A game's variant switches as an HTML table for the dashboards and designer notes.

Each row gives the switch's label and name, its default, every choice in the same words the
switch's control uses (:func:`widgets.switches.choice_words`) and the option's docstring with its
rulings linked to the *Rules* panel, so the table never drifts from the engine.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from IPython.display import HTML

import ftwkit
from ftwkit.options import describe_options, value_text
from widgets.rules_docs import link_rulings, option_words
from widgets.switches import choice_words

__all__ = ["options_table"]

_OPEN_VALUES = {
    "int": "any integer",
    "optional_int": "an integer, or None",
    "str": "text",
    "optional_str": "text, or None",
}


def options_table(game: str, only: Iterable[str] | None = None, *, collapsed: bool = False) -> HTML:
    """A table of a game's variant switches: name, default, allowed values and the ruling.

    Args:
        game: the game id.
        only: the option names to list, in this order (default: all of them).
        collapsed: fold the table under a one-line summary (so the board stays near the top).
    """
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


def _doc_html(doc: str) -> str:
    """An option's docstring as HTML: reStructuredText ````literals```` become ``<code>``."""
    parts = html.escape(" ".join(doc.split())).split("``")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))
