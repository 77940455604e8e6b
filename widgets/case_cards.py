"""Casebook cases on a designer's note: cards, a readings table, and one explorer to play them.

A note shows its cases as cheap static cards (:func:`case_card`, optionally with the start
position as an SVG picture) and plays them in ONE live explorer (:func:`case_explorer`), because
a page of several explorers is slow to open. :func:`readings_table` puts the engine's own verdict
on a move under several readings side by side.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

import ipywidgets
from IPython.display import HTML

import ftwkit
from ftwkit import casebook
from ftwkit.casebook import Case, CaseResult
from ftwkit.options import value_text
from ftwkit.protocol import State
from widgets.explorer import Explorer
from widgets.index_page import picture

__all__ = ["case", "case_card", "case_explorer", "cases_about", "position_json", "readings_table"]


@cache
def _casebook(game: str) -> tuple[Case, ...]:
    """A game's casebook cases, read once per kernel (a page asks for them many times)."""
    return tuple(casebook.load(game))


def case(game: str, case_id: str) -> Case:
    """One casebook case by its id (the file name without ``.yaml``)."""
    for found in _casebook(game):
        if found.id == case_id:
            return found
    raise KeyError(f"{game} has no case {case_id!r}")


def cases_about(game: str, *words: str) -> list[Case]:
    """The game's casebook cases whose title, rule, explanation or tags mention any of ``words``."""
    found = []
    for each in _casebook(game):
        text = " ".join([each.title, each.rule, each.explanation, *each.tags]).lower()
        if any(word.lower() in text for word in words):
            found.append(each)
    return found


def readings_table(
    game: str,
    tries: Iterable[tuple[str, str]],
    readings: dict[str, dict[str, Any]],
) -> HTML:
    """What the engine says about moves of casebook positions under several readings (options).

    Each cell is the engine's own answer: "legal", or the reason ``explain`` gives.

    Args:
        game: the game id.
        tries: ``(case id, move in notation)`` pairs; the move is tried in the case's position.
        readings: column title → options of that reading (``{}`` for the recommended one).
    """
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


def case_card(shown: Case, *, verdicts: bool = True, with_picture: bool = False) -> HTML:
    """A case's title, the rule it illustrates, its explanation and, optionally, checked steps.

    Args:
        shown: a casebook case (see :func:`case`).
        verdicts: list the engine's verdict on each of the case's steps.
        with_picture: show the case's start position as a static SVG picture beside the text
            (cheap to send, unlike a live explorer per case).
    """
    parts = [
        f'<div class="ftw-case" data-case="{html.escape(shown.id)}">',
        f"<h3>{html.escape(shown.title)}</h3>",
    ]
    if with_picture:
        parts.append(f'<div class="ftw-case-picture">{picture(shown.start())}</div>')
    parts += [
        f"<blockquote>{html.escape(shown.rule)}</blockquote>",
        f"<p>{html.escape(shown.explanation)}</p>",
    ]
    if shown.options:
        opts = ", ".join(
            f"<code>{k} = {html.escape(value_text(v))}</code>" for k, v in shown.options.items()
        )
        parts.append(f"<p>Options: {opts}</p>")
    if verdicts:
        result = casebook.run_case(shown)
        parts.append(f'<div class="ftw-verdicts">{_verdict_lines(result)}</div>')
    parts.append('<div style="clear: both"></div></div>')
    return HTML("".join(parts))


def _verdict_lines(result: CaseResult) -> str:
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


def position_json(state: State) -> dict[str, Any]:
    """A state's position JSON with every option written out, defaults included.

    ``Rules.load`` applies a position's options on top of the loading rules' options, so a
    position saved under the defaults (which ``to_json`` leaves out) would otherwise keep the
    variant of whatever the explorer showed before.
    """
    data: dict[str, Any] = state.to_json()
    options = state.rules.options
    data["options"] = {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
    return data


def case_explorer(choices: Mapping[str, State]) -> ipywidgets.VBox:
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
    selector.add_class("ftw-case-selector")

    def load(change: Mapping[str, Any]) -> None:
        explorer.load_json(position_json(states[change["new"]]))

    selector.observe(load, names="value")
    box = ipywidgets.VBox([selector, explorer])
    box.explorer = explorer
    box.selector = selector
    return box
