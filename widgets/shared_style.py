"""Text widgets that share one style model instead of each making its own.

Every ``ipywidgets.HTML`` makes an ``HTMLStyle`` model of its own (font size, colours: all left at
their defaults here, the page's stylesheet does the styling), and every model is one more
message from the kernel to the server and to the visitor's browser when a page is built: an
explorer has about forty such texts. :class:`HTML` is ``ipywidgets.HTML`` whose style is the one
default ``HTMLStyle`` of the kernel (:func:`default_html_style`): the page shows the same, with
forty models fewer.

Because the style is shared, never change it through one text (``text.style.font_size = …``
would change every text): style a text with its own ``HTML(style={...})``, a class or markup.

>>> a, b = HTML("one"), HTML("two")
>>> a.style is b.style
True
>>> HTML("three", style={"font_size": "20px"}).style is a.style
False
"""

from __future__ import annotations

from typing import Any

import ipywidgets
import traitlets
from ipywidgets.widgets.widget_string import HTMLStyle

__all__ = ["HTML", "default_html_style"]

_SHARED: list[HTMLStyle] = []
"""The kernel's default text style, once made (a widget is never made at import: the dashboard
kernels are forked from a template process that imported this module before any kernel)."""


def default_html_style() -> HTMLStyle:
    """The one default ``HTMLStyle`` of this kernel (made on first use, and again if it was
    closed)."""
    if not _SHARED or _SHARED[0].comm is None:
        _SHARED[:] = [HTMLStyle()]
    return _SHARED[0]


class HTML(ipywidgets.HTML):
    """``ipywidgets.HTML`` with the kernel's shared default style (see the module's note)."""

    @traitlets.default("style")
    def _shared_style(self) -> Any:
        return default_html_style()
