"""A game's dashboard page, for a notebook that names its game as people do (by title).

The notebook says which game it is about and what to show; everything about the game — its
designer, the rules in brief, its switches, its casebook, its rule page — comes from the game's
registration and engine, so the notebooks hold no game knowledge of their own.
"""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets
from IPython.display import HTML, Markdown, display

from ftwkit import registry
from ftwkit.casebook import Case
from widgets.case_cards import case
from widgets.casebook import Casebook
from widgets.catalogue import start
from widgets.explorer import Explorer
from widgets.index_page import nav
from widgets.links import link_notice, open_from_url, this_page
from widgets.option_table import options_table
from widgets.page_style import page_style
from widgets.rules_docs import rules_panel

__all__ = ["GamePage"]


class GamePage:
    """A game's page: its introduction, switches, explorer, casebook and rules, by game title.

    >>> GamePage("Play Win").options_table().data.count("<tr>") > 1
    True

    Args:
        name: the game's title (``"For the Win!"``) or id.
    """

    def __init__(self, name: str) -> None:
        self.game = registry.find(name)
        self.id: str = self.game.id
        """The game id (what ``ftwkit.rules``, positions and cases use)."""
        self.title: str = self.game.title
        """The game's title."""

    def top(self) -> None:
        """Display the page style and the navigation line (first thing on every game page); on a
        designer's note given a link, say where that link opens."""
        display(page_style(), nav(self.id))
        if this_page() in {note.notebook for note in self.game.catalogue.notes}:
            notice = link_notice(self.id)  # a note shows its own positions, opens no link
            if notice is not None:
                display(HTML(notice))

    def introduction(self) -> Markdown:
        """The explorer page's opening: the title, who designed it, and the game in brief."""
        facts = self.game.catalogue
        who = ", ".join(part for part in (facts.designer, facts.edition) if part)
        players = facts.players
        if "–" in players:  # a range of player counts: the first game has the fewest
            players += " (this dashboard starts with the fewest)"
        return Markdown(f"# {self.title}\n\n*{who} · {players}.* {facts.summary}")

    def options_table(self, only: Iterable[str] | None = None, *, collapsed: bool = False) -> HTML:
        """The game's switches as a table (see :func:`widgets.option_table.options_table`)."""
        return options_table(self.id, only, collapsed=collapsed)

    def explorer(self) -> Explorer:
        """Display and return the page's explorer: the catalogue's first game
        (:func:`widgets.catalogue.start`), or the position or record of the page's address
        (``?position=…``, ``?record=…``)."""
        explorer = Explorer(start(self.id))
        open_from_url(explorer)
        display(explorer)
        return explorer

    def casebook(self) -> Casebook:
        """Display and return the game's casebook browser."""
        shown = Casebook(self.id)
        display(shown)
        return shown

    def rules_panel(self) -> ipywidgets.HTML:
        """The game's *Rules* panel (its rule page, folded)."""
        return rules_panel(self.id)

    def case(self, case_id: str) -> Case:
        """One of the game's casebook cases by its id (see :func:`widgets.case_cards.case`)."""
        return case(self.id, case_id)
