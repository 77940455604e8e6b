"""Variant switches a designer can read: a plain label, choices in words, the explanation beside.

Each option of a game becomes one row: its label (``OptionSpec.label``), a control whose choices
read as the rule page's phrases ("after every single action" rather than ``per_action_all``;
the recommended one marked), and one line saying what it switches, its ruling linked to the Rules
panel. The words come from the options table of ``docs/rules/<game>.md``
(:func:`widgets.rules_docs.option_words`), so they are written once, for the page and the
controls alike; an option the page does not put in words falls back to its values.

The value conversion is :class:`widgets.controls.OptionControl`'s: a switch's ``value`` is the
option value itself (``"per_turn"``, ``True``, ``None``…).
"""

from __future__ import annotations

import functools
import html
from typing import Any

import ipywidgets

from ftwkit.options import OptionSpec, describe_options, value_text
from widgets.colours import MUTED
from widgets.controls import OptionControl
from widgets.rules_docs import OptionWords, link_rulings, option_words
from widgets.shared_style import HTML

__all__ = ["Switch", "choice_words", "switches", "variant_summary"]

_LABEL_WIDTH = "190px"
_CONTROL_WIDTH = "430px"


def choice_words(spec: OptionSpec, words: OptionWords | None, value: Any) -> str:
    """How a choice reads in the control: the page's phrase, else the value in words."""
    text = value_text(value)
    phrase = words.phrase(text) if words is not None else None
    if phrase is None:
        if isinstance(value, bool):
            phrase = "on" if value else "off"
        elif value is None:
            phrase = "off"
        else:
            phrase = text.replace("_", " ")
    return f"{phrase} (recommended)" if value == spec.default else phrase


class Switch(OptionControl):
    """One option as a row: label, worded control, explanation (``row`` is what is shown)."""

    def __init__(self, spec: OptionSpec, value: Any, words: OptionWords | None) -> None:
        self.words = words
        super().__init__(spec, value)
        label = HTML(
            f"<b title='{html.escape(spec.name)}'>{html.escape(spec.label)}</b>",
            layout=ipywidgets.Layout(width=_LABEL_WIDTH, flex="0 0 auto"),
        )
        self.explanation = HTML(
            self._explanation_html(),
            layout=ipywidgets.Layout(flex="1 1 260px", min_width="200px"),
        )
        self.row = ipywidgets.HBox(
            [label, self.widget, self.explanation],
            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="baseline"),
            _dom_classes=("ftw-switch",),
        )

    def _make_widget(self, spec: OptionSpec, value: Any, **given: Any) -> ipywidgets.ValueWidget:
        """A dropdown of phrases for a closed set (booleans included), else the option's own
        control without its description; marked with the option's class."""
        given |= {
            "layout": ipywidgets.Layout(width=_CONTROL_WIDTH),
            "_dom_classes": (f"ftw-switch-{spec.name}",),
        }
        if spec.choices is not None:
            options = [(choice_words(spec, self.words, c), c) for c in spec.choices]
            return ipywidgets.Dropdown(options=options, value=value, **given)
        if spec.kind == "optional_int":
            given["placeholder"] = "off (blank)"
        return super()._make_widget(spec, value, description="", **given)

    def _explanation_html(self) -> str:
        words = self.words
        if words is not None:
            text = words.words
            ruling = f"{words.ruling}: " if words.ruling else ""
        else:
            text = " ".join(self.spec.doc.replace("``", "").split())
            ruling = ""
        line = link_rulings(html.escape(ruling + text))
        return (
            f"<div style='font-size:13px;color:{MUTED};line-height:1.35;padding-top:5px'>"
            f"{line}</div>"
        )


def switches(game: str, options_cls: type, current: Any) -> list[Switch]:
    """One readable switch per option of ``options_cls``, showing the values of ``current``."""
    words = option_words(game)
    return [
        Switch(spec, getattr(current, spec.name), words.get(spec.name))
        for spec in describe_options(options_cls)
    ]


@functools.lru_cache(maxsize=128)
def variant_summary(game: str, options: Any) -> str:
    """Which variant is playing, in words: "standard rules" or each switch that differs.

    >>> import ftwkit
    >>> game = ftwkit.game_ids()[0]
    >>> variant_summary(game, ftwkit.rules(game).options)
    'standard rules (the recommended readings)'
    """
    words = option_words(game)
    changed = []
    for spec in describe_options(type(options)):
        value = getattr(options, spec.name)
        if value != spec.default:
            said = choice_words(spec, words.get(spec.name), value)
            changed.append(f"{spec.label}: {said}")
    if not changed:
        return "standard rules (the recommended readings)"
    return "variant — " + "; ".join(changed)
