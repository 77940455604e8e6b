"""The board's legend: a small sample and the words for every mark the board can draw.

The renderer lists its marks (``renderer.legend(state, view=…)``, from the very table its drawing
code reads), and the explorer adds the one mark it draws itself, the computer's hint arrows (in
``Theme.hints``, the colours the explorer's overlay uses). Each sample is drawn by the same SVG
backend as the board, so the legend shows what the board shows.

>>> import ftwkit
>>> from ftwkit import render
>>> legend = Legend(render.renderer(ftwkit.game_ids()[0]))
>>> legend.show(None)
>>> "last move" in legend.value
True
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets

from ftwkit.render import Marker, Swatch, Theme, resolve_theme, swatch_svg
from widgets.colours import MUTED, TEXT
from widgets.shared_style import HTML

__all__ = ["Legend", "hint_markers", "legend_html", "passed_marker"]


def hint_markers(theme: Theme) -> list[Marker]:
    """The explorer's own mark: the hint arrows, best move first (the overlay's colours)."""
    return [
        Marker(
            "hint",
            Swatch("arrow", stroke=theme.hint(0), width=4.0),
            "hint (after Hint is pressed): the computer's best moves with their share, a larger "
            "share darker, equal shares alike",
        )
    ]


def passed_marker(theme: Theme) -> Marker:
    """The explorer's cross over what a move entered so far passes over (a jumped piece)."""
    return Marker(
        "passed",
        Swatch("cross", stroke=theme.selected, width=3.0),
        "crossed: passed over by the move clicked so far (a piece jumped in this chain)",
    )


def legend_html(markers: list[Marker], theme: Theme) -> str:
    """The legend as one wrapping row of samples and words (inline styles: no page CSS needed)."""
    items = "".join(
        "<span class='ftw-legend-item' style='display:inline-flex;align-items:center;"
        "gap:5px;margin:2px 14px 2px 0;white-space:normal'>"
        f"{swatch_svg(marker.swatch, 20, theme)}"
        f"<span style='color:{TEXT}'>{html.escape(marker.words)}</span></span>"
        for marker in markers
    )
    return (
        f"<div class='ftw-legend' style='display:flex;flex-wrap:wrap;align-items:center;"
        f"font-size:12px;line-height:1.3;color:{MUTED};margin:4px 0 2px'>"
        f"<b style='margin-right:10px'>Legend</b>{items}</div>"
    )


class Legend(HTML):
    """The legend of one renderer's board, refreshed with :meth:`show` (cheap when unchanged).

    Args:
        renderer: the board's renderer; one without ``legend()`` gets an empty legend.
        hints: also explain the explorer's hint arrows.
        passed: also explain the cross over what a move entered so far passes over (for games
            whose moves go in several steps).
    """

    def __init__(self, renderer: Any, *, hints: bool = True, passed: bool = False) -> None:
        super().__init__(
            layout=ipywidgets.Layout(width="auto", max_width="100%"),
            _dom_classes=("ftw-legend-box",),
        )
        self._renderer = renderer
        self._hints = hints
        self._passed = passed
        self._shown = ""

    def markers(self, state: Any, view: int | None = None, theme: Any = None) -> list[Marker]:
        """The marks to explain for ``state`` seen by ``view``: the board's, then the hints."""
        th = resolve_theme(theme)
        legend = getattr(self._renderer, "legend", None)
        found: list[Marker] = list(legend(state, view=view, theme=th)) if callable(legend) else []
        if self._passed:
            found.append(passed_marker(th))
        if self._hints:
            found += hint_markers(th)
        return found

    def show(self, state: Any, view: int | None = None, theme: Any = None) -> None:
        """Show the legend for ``state`` (the value is only sent when it changes)."""
        text = legend_html(self.markers(state, view, theme), resolve_theme(theme))
        if text != self._shown:
            self.value = self._shown = text
