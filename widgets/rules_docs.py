"""The rule pages of ``docs/rules`` inside the dashboards: a *Rules* panel and links to rulings.

Every ruling has a fixed anchor, its id in lower case (``<a id="fw13"></a>``, see
``docs/rules/README.md``). :func:`link_rulings` is the one place that turns a ruling id quoted in
a message, an option's explanation or a casebook case ("(FW13)") into a link to that anchor;
:func:`rules_panel` shows a game's page, rendered from Markdown, on the dashboard, so the links
land on the same page (a closed ``<details>`` opens by itself when a link points inside it).

:func:`option_words` gives what each switch does, and each of its choices, in plain words for the
control (from the game's ``Options.IN_WORDS``, which the page's options table is generated from).

>>> link_rulings("refused (FW13)")
'refused (<a class="ftw-ruling" href="#fw13" title="ruling FW13 in the Rules panel">FW13</a>)'
>>> link_rulings("FW99 and ZZ3 stay text")
'FW99 and ZZ3 stay text'
"""

from __future__ import annotations

import dataclasses
import html
import re
from functools import cache
from pathlib import Path

import ipywidgets

from ftwkit import registry
from ftwkit.options import describe_options
from widgets.shared_style import HTML

__all__ = [
    "RULES_DIR",
    "OptionWords",
    "link_rulings",
    "option_words",
    "prefixes",
    "rules_html",
    "rules_panel",
    "ruling_ids",
]

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"
"""Where the rule pages live (one ``<game>.md`` per game)."""


def prefixes() -> dict[str, str]:
    """The game of each ruling-id prefix, from the games' registrations (``{"FW": game id}``)."""
    return {g.catalogue.ruling_prefix: g.id for g in registry.games() if g.catalogue.ruling_prefix}


def _ruling_pattern() -> re.Pattern[str]:
    """Ruling ids of every registered game ("FW13"): a prefix, then one or two digits."""
    return _pattern_for(tuple(sorted(prefixes(), key=len, reverse=True)))


@cache
def _pattern_for(letters: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(map(re.escape, letters)) or "(?!)"
    return re.compile(rf"\b({alternatives})(\d{{1,2}})\b")


_ANCHOR = re.compile(r'<a id="([a-z0-9-]+)"></a>')
_LINK = re.compile(r'<a href="([^"#][^"]*)">(.*?)</a>', re.S)


@cache
def _page(game: str) -> str:
    """The Markdown text of a game's rule page ('' when the page is missing)."""
    path = RULES_DIR / f"{game}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


def ruling_ids(game: str) -> frozenset[str]:
    """The ruling ids with an anchor on ``game``'s rule page, upper case (``{"FW1", …}``)."""
    anchors = (a.upper() for a in _ANCHOR.findall(_page(game)))
    return frozenset(a for a in anchors if _ruling_pattern().fullmatch(a))


def link_rulings(text_html: str) -> str:
    """Turn every ruling id with an entry ("FW13") in already escaped HTML into a link to it.

    Ids without an entry on their game's page (a typo, another project's id) stay plain text,
    so no link ever points nowhere.
    """

    def link(match: re.Match[str]) -> str:
        ruling = match.group(0)
        game = prefixes()[match.group(1)]
        if ruling not in ruling_ids(game):
            return ruling
        return (
            f'<a class="ftw-ruling" href="#{ruling.lower()}" '
            f'title="ruling {ruling} in the Rules panel">{ruling}</a>'
        )

    return _ruling_pattern().sub(link, text_html)


@cache
def rules_html(game: str) -> str:
    """``game``'s rule page as HTML: anchors kept, links to other files shown as plain text.

    The page links to the other rule pages (``README.md``); in a dashboard those would open a raw
    file, so only links inside the page (``#fw13``) stay links.
    """
    import mistune

    text = _page(game)
    if not text:
        return f"<p><i>No rule page for {html.escape(game)} (docs/rules/{game}.md).</i></p>"
    markdown = mistune.create_markdown(escape=False, plugins=["table"])
    rendered = str(markdown(text))
    return _LINK.sub(lambda m: m.group(2), rendered)


def rules_panel(game: str, *, open_: bool = False) -> ipywidgets.HTML:
    """A *Rules* panel: the game's rule page, folded under a summary line, scrolling inside.

    Args:
        game: the game id.
        open_: show the page unfolded.
    """
    title = (
        _page(game).splitlines()[0].lstrip("# ").split(" — ")[0].strip() if _page(game) else game
    )
    summary = (
        f"Rules of {html.escape(title)} as ftwkit plays them — every ruling, with the option "
        "that switches it"
    )
    body = (
        f"{_PANEL_STYLE}<div class='ftw-rules-body' "
        "style='max-height:520px;overflow:auto;padding:0 12px;"
        "border:1px solid var(--jp-border-color2, #ddd6c8);border-radius:6px'>"
        f"{rules_html(game)}</div>"
    )
    opened = " open" if open_ else ""
    panel = HTML(
        f"<details class='ftw-details ftw-rules'{opened}><summary>{summary}</summary>"
        f"{body}</details>",
        layout=ipywidgets.Layout(width="auto", max_width="1100px"),
        _dom_classes=("ftw-rules-panel",),
    )
    return panel


_PANEL_STYLE = """<style>
.ftw-rules-body { font-size: 14px; line-height: 1.5;
  color: var(--jp-content-font-color1, #1f1d1a); }
.ftw-rules-body table { border-collapse: collapse; margin: 6px 0 12px; }
.ftw-rules-body th, .ftw-rules-body td { border-bottom: 1px solid var(--jp-border-color2, #e4ded2);
  padding: 3px 8px; text-align: left; vertical-align: top; }
.ftw-rules-body code { background: var(--jp-layout-color2, #f3efe6); padding: 0 3px;
  border-radius: 3px; overflow-wrap: anywhere; }
.ftw-rules-body pre { white-space: pre-wrap; }
.ftw-rules-body h3 { scroll-margin-top: 8px; }
.ftw-rules-body a:target + h3, .ftw-rules-body p:has(> a:target) + h3 {
  background: var(--jp-layout-color2, #fff5cc); }
a.ftw-ruling { color: var(--jp-brand-color1, #3d5a80); }
</style>"""


@dataclasses.dataclass(frozen=True)
class OptionWords:
    """What a rule page's options table says about one option, in plain words."""

    ruling: str | None
    """The ruling id the option switches (``"FW1"``), or ``None`` (a set-up option)."""
    words: str
    """The "in words" column: the whole one-line explanation."""
    choices: tuple[tuple[str, str], ...]
    """``(value, phrase)`` per choice (values as the page writes them: ``"true"``, ``"6"``), when
    the explanation splits into one phrase per value; empty otherwise."""

    def phrase(self, value: str) -> str | None:
        """The phrase for one value (``"true"``, ``"per_turn"``), or ``None``."""
        return dict(self.choices).get(value)


@cache
def option_words(game: str) -> dict[str, OptionWords]:
    """What each of ``game``'s switches does, in words, by option name.

    The words are written once, in the game's ``Options.IN_WORDS`` (see
    :class:`ftwkit.options.Wording`); the rule page's options table is generated from them.
    """
    found: dict[str, OptionWords] = {}
    for spec in describe_options(registry.rules(game).Options):
        if spec.wording is not None:
            choices = tuple(spec.phrases().items())
            found[spec.name] = OptionWords(spec.ruling, spec.words, choices)
    return found
