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
        tip = " ".join(spec.doc.replace("``", "").split()) if spec.doc else spec.name
        style = {"description_width": "170px"}
        layout = ipywidgets.Layout(width="360px")
        self.widget: ipywidgets.ValueWidget
        if spec.kind == "bool":
            self.widget = ipywidgets.Checkbox(
                value=bool(value), description=spec.name, tooltip=tip, style=style, indent=False
            )
        elif spec.kind == "choice":
            assert spec.choices is not None
            options = [(_NONE_LABEL if c is None else str(c), c) for c in spec.choices]
            self.widget = ipywidgets.Dropdown(
                options=options,
                value=value,
                description=spec.name,
                tooltip=tip,
                style=style,
                layout=layout,
            )
        elif spec.kind == "int":
            self.widget = ipywidgets.IntText(
                value=value, description=spec.name, tooltip=tip, style=style, layout=layout
            )
        else:
            self.widget = ipywidgets.Text(
                value="" if value is None else str(value),
                description=spec.name,
                placeholder="none",
                tooltip=tip,
                style=style,
                layout=layout,
                continuous_update=False,
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
