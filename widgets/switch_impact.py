"""What a switch changes: pick a variant switch and a value, see the casebook cases it touches.

A designer about to flip a rule wants the edge cases the flip decides differently before playing
a single game. The engine's casebook answers (:func:`ftwkit.casebook.impact.cases_changed_by`);
this panel only offers the switches of the game in words and lists the answer, each case with a
button that shows it in the casebook above.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets

import ftwkit
from ftwkit.casebook.impact import cases_changed_by
from ftwkit.errors import FtwError
from ftwkit.options import OptionSpec, describe_options
from widgets.rules_docs import link_rulings, option_words
from widgets.switches import choice_words

__all__ = ["SwitchImpact"]


class SwitchImpact(ipywidgets.VBox):
    """A switch and a value to try, and the casebook cases whose verdicts that value changes.

    Args:
        game: a game id.
        show_case: called with a case id when the person asks to see a listed case.
    """

    def __init__(self, game: str, show_case: Callable[[str], None] | None = None) -> None:
        self._game = game
        self._show_case = show_case
        self._specs = {
            s.name: s
            for s in describe_options(ftwkit.rules(game).Options)
            if s.choices is not None and len(s.choices) > 1
        }
        self._words = option_words(game)
        self.switch = ipywidgets.Dropdown(
            options=[(s.label, s.name) for s in self._specs.values()],
            description="switch",
            layout=ipywidgets.Layout(width="330px"),
        )
        self.value = ipywidgets.Dropdown(
            description="set to", layout=ipywidgets.Layout(width="330px")
        )
        self.run = ipywidgets.Button(
            description="Which cases change?", tooltip="run every case under this value"
        )
        self.answer = ipywidgets.HTML()
        self.cases = ipywidgets.VBox()
        self.switch.observe(lambda _change: self._offer_values(), names="value")
        self.run.on_click(lambda _button: self.check())
        row = ipywidgets.HBox(
            [self.switch, self.value, self.run], layout=ipywidgets.Layout(flex_flow="row wrap")
        )
        super().__init__(
            [
                ipywidgets.HTML(
                    "<b>What a switch changes</b>: the cases whose verdicts differ when one "
                    "switch is set to another value."
                ),
                row,
                self.answer,
                self.cases,
            ]
        )
        self.add_class("ftw-switch-impact")
        if self._specs:
            self._offer_values()
        else:
            self.run.disabled = True
            self.answer.value = "<i>This game has no switches with a choice of readings.</i>"

    def _spec(self) -> OptionSpec:
        return self._specs[str(self.switch.value)]

    def _offer_values(self) -> None:
        spec = self._spec()
        words = self._words.get(spec.name)
        others = [c for c in spec.choices or () if c != spec.default]
        self.value.options = [(choice_words(spec, words, c), c) for c in others]
        self.value.index = 0 if others else None  # a value ready to try, not a blank menu
        self.answer.value = ""
        self.cases.children = ()

    def check(self) -> list[Any]:
        """Run the casebook under the chosen value; list and return the cases that change."""
        spec = self._spec()
        value = self.value.value
        try:
            changes = cases_changed_by(self._game, spec.name, value)
        except (FtwError, ValueError) as err:
            self.answer.value = f"<span class='ftw-bad'>{html.escape(str(err))}</span>"
            self.cases.children = ()
            return []
        said = choice_words(spec, self._words.get(spec.name), value)
        head = f"{html.escape(spec.label)} set to “{html.escape(said)}”"
        if not changes:
            self.answer.value = f"{head}: no case of the casebook is decided differently."
            self.cases.children = ()
            return []
        count = f"{len(changes)} case{'s' if len(changes) != 1 else ''}"
        self.answer.value = f"{head} changes the verdicts of {count}:"
        rows = []
        for change in changes:
            text = ipywidgets.HTML(
                f"<b>{html.escape(change.case.title)}</b> ({html.escape(change.case.id)}): "
                f"{link_rulings(html.escape(change.summary))}",
                layout=ipywidgets.Layout(width="auto"),
            )
            if self._show_case is None:
                rows.append(text)
                continue
            button = ipywidgets.Button(description="Show", layout=ipywidgets.Layout(width="70px"))
            button.on_click(lambda _b, case_id=change.case.id: self._show(case_id))
            rows.append(ipywidgets.HBox([button, text]))
        self.cases.children = tuple(rows)
        return changes

    def _show(self, case_id: str) -> None:
        if self._show_case is not None:
            self._show_case(case_id)
