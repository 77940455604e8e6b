"""Controls built generically from a game's ``Options`` (``describe_options``).

Every option kind maps to one widget: ``bool`` → checkbox, ``choice`` → dropdown, ``int`` →
integer box, ``optional_int``/``str``/``optional_str`` → text box (blank means ``None``). The doc
string of the option (which names the ruling it switches) becomes the tooltip and a caption.
"""

from __future__ import annotations

from typing import Any

import ipywidgets

from ftwkit.options import OptionSpec, describe_options
from widgets.inputs import excerpt

__all__ = ["OptionControl", "option_controls"]

_NONE_LABEL = "(none)"


class OptionControl:
    """One option's widget plus the conversion between widget value and option value."""

    def __init__(self, spec: OptionSpec, value: Any) -> None:
        self.spec = spec
        self.widget: ipywidgets.ValueWidget = self._make_widget(spec, value)

    def _make_widget(self, spec: OptionSpec, value: Any, **given: Any) -> ipywidgets.ValueWidget:
        """The option's widget, showing ``value``; ``given``: keyword arguments that replace the
        defaults. A widget is made once with everything it shows: each change made afterwards
        (or a widget made and replaced) is one more message from the kernel to the page."""
        tip = " ".join(spec.doc.replace("``", "").split()) if spec.doc else spec.name
        common: dict[str, Any] = {
            "description": spec.name,
            "tooltip": tip,
            "style": {"description_width": "170px"},
        }
        if spec.kind == "bool":
            return ipywidgets.Checkbox(**{"value": bool(value), **common, "indent": False, **given})
        if "layout" not in given:
            common["layout"] = ipywidgets.Layout(width="360px")
        if spec.kind == "choice":
            assert spec.choices is not None
            options = [(_NONE_LABEL if c is None else str(c), c) for c in spec.choices]
            return ipywidgets.Dropdown(**{"options": options, "value": value, **common, **given})
        if spec.kind == "int":
            return ipywidgets.IntText(**{"value": value, **common, **given})
        return ipywidgets.Text(
            **{
                "value": "" if value is None else str(value),
                "placeholder": "none",
                **common,
                "continuous_update": False,
                **given,
            }
        )

    @property
    def value(self) -> Any:
        """The option value the widget currently names.

        Raises:
            ValueError: an integer option's text is not an integer.
        """
        raw = self.widget.value
        if self.spec.kind == "optional_int":
            text = str(raw).strip()
            if not text or text.lower() in ("none", "null"):
                return None
            try:
                return int(text)
            except ValueError:
                raise ValueError(
                    f"{self.spec.label}: {excerpt(text)!r} is not a whole number (leave it blank "
                    "for off)"
                ) from None
        if self.spec.kind == "optional_str":
            text = str(raw).strip()
            return text or None
        return raw

    def set(self, value: Any) -> None:
        """Show ``value`` in the widget."""
        if self.spec.kind in ("optional_int", "optional_str", "str"):
            self.widget.value = "" if value is None else str(value)
        else:
            self.widget.value = value


def option_controls(options_cls: type, current: Any) -> list[OptionControl]:
    """One control per option of ``options_cls``, showing the values of ``current``."""
    return [
        OptionControl(spec, getattr(current, spec.name)) for spec in describe_options(options_cls)
    ]
