"""Casebook export: a game's edge cases as a standalone HTML page and as Markdown.

Each case shows its rule, the explanation, the board before and after its steps, the steps as
sentences and the verdict of each, so the page can be pasted into a rulebook or an FAQ. The HTML
page carries its pictures inline (SVG), so it opens anywhere with nothing missing; the Markdown
version writes the pictures beside it as ``.svg`` files.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterator
from pathlib import Path

from ftwkit.casebook import Case, CaseResult, StepResult, load, run_case
from ftwkit.casebook.sentences import describe_options, describe_step

__all__ = ["export", "to_html", "to_markdown"]

_RULING = re.compile(r"\b([A-Z]{2}\d{1,2})\b")


def _pictures(result: CaseResult) -> tuple[str, str]:
    from ftwkit import render

    end = result.steps[-1].state if result.steps else result.start
    return render.svg(result.start), render.svg(end)


def _title(game_id: str) -> str:
    from ftwkit.registry import rules_class

    return rules_class(game_id).title


def _names(result: CaseResult) -> tuple[str, ...]:
    return result.start.rules.player_names(result.start.players)


def _told_steps(case: Case, result: CaseResult) -> Iterator[tuple[str, StepResult]]:
    """Each step as a sentence naming who moves (the player to move before it), with its verdict."""
    names = _names(result)
    before = result.start
    for step, verdict in zip(case.steps, result.steps, strict=True):
        mover = None if before.to_play is None else names[before.to_play]
        yield describe_step(step, names, mover), verdict
        before = verdict.state


_ENGINE_NOTE = (
    "Engine check: this case tests how ftwkit carries out the rules (a safeguard, a shortcut or "
    "the way a move is split into steps), not a rule of the game."
)


def _verdict(ok: bool) -> str:
    return "✔ as expected" if ok else "✘ differs"


def _options_text(case: Case) -> str:
    return describe_options(case.options)


_STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; max-width: 960px; margin: 2em auto; padding: 0 1em;
       color: #1d1d1f; background: #fff; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 2.2em; border-top: 1px solid #ddd;
       padding-top: 1em; }
.rule { background: #f5f2ea; border-left: 4px solid #b08a3e; padding: .5em 1em; }
.boards { display: flex; gap: 1.5em; flex-wrap: wrap; align-items: flex-start; }
.boards figure { margin: 0; } .boards svg { max-width: 440px; height: auto; }
figcaption { font-size: .85em; color: #555; }
ol.steps li { margin: .25em 0; } .ok { color: #236b2e; } .bad { color: #a22; font-weight: 600; }
.engine { background: #eef2f8; border-left: 4px solid #4a6fa5; padding: .3em 1em; }
.ruling { font-weight: 600; } .meta { color: #555; font-size: .9em; }
"""


def _rulings(text: str) -> str:
    return _RULING.sub(r'<span class="ruling">\1</span>', html.escape(text))


def to_html(game_id: str, cases: list[Case] | None = None) -> str:
    """The standalone HTML page of a game's casebook (pictures inline)."""
    cases = load(game_id) if cases is None else cases
    title = f"{_title(game_id)} — rule edge cases"
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f'<p class="meta">{len(cases)} cases, each checked by the ftwkit engine.</p>',
    ]
    for case in cases:
        result = run_case(case)
        before, after = _pictures(result)
        out.append(f'<h2 id="{html.escape(case.id)}">{html.escape(case.title)}</h2>')
        if case.engine_check:
            out.append(f'<p class="engine">{_ENGINE_NOTE}</p>')
        out.append(f'<p class="meta">Rules: {html.escape(_options_text(case))}</p>')
        out.append(f'<div class="rule">{_rulings(case.rule)}</div>')
        out.append(f"<p>{_rulings(case.explanation)}</p>")
        out.append('<div class="boards">')
        out.append(f"<figure>{before}<figcaption>Before</figcaption></figure>")
        if result.steps:
            out.append(f"<figure>{after}<figcaption>After the steps</figcaption></figure>")
        out.append("</div>")
        if result.steps:
            out.append('<ol class="steps">')
            for text, verdict in _told_steps(case, result):
                cls = "ok" if verdict.ok else "bad"
                note = "" if verdict.ok else f" — {html.escape(verdict.message)}"
                out.append(
                    f"<li>{_rulings(text)} "
                    f'<span class="{cls}">{_verdict(verdict.ok)}{note}</span></li>'
                )
            out.append("</ol>")
    out.append("</body></html>")
    return "\n".join(out)


def to_markdown(game_id: str, folder: Path, cases: list[Case] | None = None) -> str:
    """The Markdown casebook; pictures are written into ``folder`` as SVG files."""
    cases = load(game_id) if cases is None else cases
    lines = [f"# {_title(game_id)} — rule edge cases", ""]
    for case in cases:
        result = run_case(case)
        before, after = _pictures(result)
        (folder / f"{case.id}-before.svg").write_text(before, encoding="utf-8")
        lines += [f"## {case.title}", ""]
        if case.engine_check:
            lines += [f"**{_ENGINE_NOTE}**", ""]
        lines += [f"*Rules: {_options_text(case)}*", ""]
        lines += ["> " + line for line in case.rule.splitlines()] + [""]
        lines += [case.explanation, "", f"![Before]({case.id}-before.svg)"]
        if result.steps:
            (folder / f"{case.id}-after.svg").write_text(after, encoding="utf-8")
            lines += [f"![After the steps]({case.id}-after.svg)", ""]
            for i, (text, verdict) in enumerate(_told_steps(case, result), 1):
                tail = "" if verdict.ok else f" — {verdict.message}"
                lines.append(f"{i}. {text} *{_verdict(verdict.ok)}{tail}*")
        lines.append("")
    return "\n".join(lines)


def export(game_id: str, out: str | os.PathLike[str]) -> tuple[Path, Path]:
    """Write ``<game>-casebook.html`` and ``<game>-casebook.md`` (with its SVGs) into ``out``.

    Returns:
        The paths of the HTML page and of the Markdown file.

    Raises:
        ValueError: an unknown game id (the known ids are listed).
    """
    from ftwkit.registry import game_ids

    if game_id not in game_ids():
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    page = folder / f"{game_id}-casebook.html"
    page.write_text(to_html(game_id), encoding="utf-8")
    md = folder / f"{game_id}-casebook.md"
    md.write_text(to_markdown(game_id, folder), encoding="utf-8")
    return page, md
