"""The explorer's lines above the board: the game's title and status, the variant playing, and
the message line (a refused move, a "why not?", what a button did, its rulings linked).

The explorer places the three rows and tells them what to show; a message appearing must not
push the board down between two clicks, so the message line keeps its height.
"""

from __future__ import annotations

import html

import ipywidgets

from widgets.colours import ERROR, INFO, MUTED, OK, TEXT
from widgets.rules_docs import link_rulings
from widgets.shared_style import HTML

__all__ = ["StatusLines"]


class StatusLines:
    """The title and status row (:attr:`header`), the variant line and the message line.

    Args:
        width: the board's width in pixels (the message wraps at it, or at 600 px).
    """

    def __init__(self, width: int) -> None:
        parts = ("title", "status", "variant")
        self.title, self.status, self.variant = (
            HTML(_dom_classes=(f"ftw-{part}",)) for part in parts
        )
        self.message = HTML(
            layout=ipywidgets.Layout(min_height="24px", max_width=f"{max(width, 600)}px"),
            _dom_classes=("ftw-message",),
        )
        self.header = ipywidgets.HBox([self.title, self.status])

    def show(self, title: str, playing: str, status: str, *, over: bool) -> None:
        """Show the game's title, the variant playing and the status line (green once over)."""
        self.title.value = f"<b style='font-size:15px'>{html.escape(title)}</b>"
        self.variant.value = (
            f"<span style='color:{MUTED};font-size:13px'>Playing: {html.escape(playing)}</span>"
        )
        colour = OK if over else TEXT
        self.status.value = (
            f"<span style='margin-left:1em;color:{colour}'>{html.escape(status)}</span>"
        )

    def say(self, text: str, *, error: bool) -> None:
        """Show ``text`` on the message line (red if ``error``; ruling names become links)."""
        shown = link_rulings(html.escape(text))
        colour = ERROR if error else INFO
        self.message.value = f"<div style='color:{colour}'>{shown}</div>" if shown else ""
