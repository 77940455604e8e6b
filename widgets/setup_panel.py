"""The explorer's "Game, variants and view" tab: seed, players, view, variants, earlier games.

The panel keeps no game: its controls call back into the explorer (a new game, a variant change,
a view, an earlier game to return to), and the explorer tells it what to show after each change
(:meth:`SetupPanel.sync`, :meth:`SetupPanel.show_views`, :meth:`SetupPanel.show_earlier`). Values
it sets itself do not come back as changes.

What a switch change did is said on a line under that switch, where the designer is looking: the
new game it started, or why the value was refused (the switch then goes back to the value
playing).
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets

from ftwkit.explore import View
from ftwkit.protocol import State
from widgets.colours import ERROR, INFO
from widgets.shared_style import HTML
from widgets.switches import Switch, switches

__all__ = ["SetupPanel"]


class SetupPanel(ipywidgets.VBox):
    """Seed, player count and "New game"; the "view as" menu; the variant switches.

    Args:
        start: the state whose rules give the player counts and the variant switches.
        seed: the seed shown.
        new_game: start a new game with ``(seed, players)`` (``players`` ``None``: the default).
        change_variants: start a new game with the switches' values (:meth:`option_values`)
            and ``players``; returns whether it did and the message saying so (or why not).
        choose_view: draw the board in a view (``None``: the designer's, a player, ``"to_play"``).
        return_to_earlier: go back to earlier game ``k``.
    """

    def __init__(
        self,
        start: State,
        seed: int,
        *,
        new_game: Callable[[int, int | None], None],
        change_variants: Callable[[int | None], tuple[bool, str]],
        choose_view: Callable[[View], None],
        return_to_earlier: Callable[[int], None],
    ) -> None:
        self._new_game = new_game
        self._change_variants = change_variants
        self._choose_view = choose_view
        self._views: list[View] = []
        self._return_to_earlier = return_to_earlier
        self._syncing = False
        rules = start.rules
        self.seed = ipywidgets.IntText(
            value=seed,
            description="seed",
            layout=ipywidgets.Layout(width="170px"),
            style={"description_width": "40px"},
        )
        self.players = ipywidgets.Dropdown(
            options=list(range(rules.min_players, rules.max_players + 1)),
            value=start.players,
            description="players",
            layout=ipywidgets.Layout(width="170px"),
            style={"description_width": "55px"},
        )
        self.new = ipywidgets.Button(description="New game", button_style="primary")
        self.new.on_click(self._on_new_click)
        self.view = ipywidgets.Dropdown(description="view as", style={"description_width": "55px"})
        self.view.observe(self._on_view_value, names="value")
        options = rules.options
        self._playing = options
        self.switches: list[Switch] = switches(rules.id, rules.Options, options)
        self.notes: dict[str, ipywidgets.HTML] = {}
        """Under each switch (by option name): what its last change did, or why it was refused."""
        for control in self.switches:
            control.widget.observe(functools.partial(self._on_option_value, control), names="value")
            note = HTML(
                layout=ipywidgets.Layout(margin="0 0 0 190px"), _dom_classes=("ftw-switch-note",)
            )
            self.notes[control.spec.name] = note
        self.earlier_pick = ipywidgets.Dropdown(
            description="Earlier games",
            style={"description_width": "100px"},
            layout=ipywidgets.Layout(width="520px"),
        )
        self.earlier_back = ipywidgets.Button(
            description="Return to it", tooltip="put this game aside and go back to that one"
        )
        self.earlier_back.on_click(self._on_earlier_back_click)
        self.earlier_box = ipywidgets.HBox(
            [self.earlier_pick, self.earlier_back],
            layout=ipywidgets.Layout(display="none"),
            _dom_classes=("ftw-earlier",),
        )

        setup_rows: list[ipywidgets.Widget] = [self.seed]
        if self.players.options and len(self.players.options) > 1:
            setup_rows.append(self.players)
        setup_rows.append(self.new)
        super().__init__(
            [
                ipywidgets.HBox(setup_rows),
                self.view,
                self.earlier_box,
                HTML(
                    "<b>Variants</b> (changing one starts a new game; the game before stays "
                    "under <i>Earlier games</i>)"
                    if self.switches
                    else "<i>no variants</i>"
                ),
                *[ipywidgets.VBox([c.row, self.notes[c.spec.name]]) for c in self.switches],
            ]
        )

    @property
    def option_widgets(self) -> dict[str, ipywidgets.ValueWidget]:
        """The variant controls by option name."""
        return {c.spec.name: c.widget for c in self.switches}

    def option_values(self) -> dict[str, Any]:
        """The value of every switch by option name.

        Raises:
            ValueError: a switch holds text that is not a value of its option.
        """
        return {c.spec.name: c.value for c in self.switches}

    def chosen_players(self) -> int | None:
        """The player count chosen (``None`` when the game allows only one)."""
        return int(self.players.value) if len(self.players.options) > 1 else None

    # ----------------------------------------------------------------- showing
    def sync(self, state: State, seed: int | None) -> None:
        """Show the variants and player count of ``state`` (and ``seed`` if known)."""
        self._syncing = True
        try:
            options = state.rules.options
            self._playing = options
            for control in self.switches:
                control.set(getattr(options, control.spec.name))
            if state.players in self.players.options:
                self.players.value = state.players
            if seed is not None:
                self.seed.value = seed
        finally:
            self._syncing = False

    def show_views(self, options: Sequence[tuple[str, View]], value: View) -> None:
        """Offer these views, ``value`` chosen (none: hide the menu, every view is the same)."""
        self.view.layout.display = None if options else "none"
        self._views = [view for _, view in options]
        if not options:
            return
        self._syncing = True
        try:
            numbered = [(label, k) for k, (label, _) in enumerate(options)]
            if list(self.view.options) != numbered:
                self.view.options = numbered
            self.view.value = self._views.index(value) if value in self._views else 0
        finally:
            self._syncing = False

    def show_earlier(self, labels: Sequence[str]) -> None:
        """List the games put aside, newest first (hidden when there are none)."""
        self.earlier_box.layout.display = None if labels else "none"
        self._syncing = True
        try:
            self.earlier_pick.options = [(label, k) for k, label in enumerate(labels)]
            self.earlier_pick.value = 0 if labels else None
        finally:
            self._syncing = False

    # ----------------------------------------------------------------- handlers
    def _on_new_click(self, _button: Any) -> None:
        self._new_game(int(self.seed.value), self.chosen_players())

    def _on_view_value(self, change: Mapping[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self._choose_view(self._views[int(change["new"])])

    def _on_option_value(self, control: Switch, _change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        started, message = self._change_variants(self.chosen_players())
        if not started:
            self._syncing = True
            try:  # the refused value goes back to the one playing
                control.set(getattr(self._playing, control.spec.name))
            finally:
                self._syncing = False
        self.say(control.spec.name, message, error=not started)

    def say(self, name: str, text: str, *, error: bool = False) -> None:
        """Show ``text`` under switch ``name`` (and clear what the others said)."""
        for other, note in self.notes.items():
            shown = text if other == name else ""
            colour = ERROR if error else INFO
            note.value = (
                f"<div style='color:{colour};font-size:13px'>{html.escape(shown)}</div>"
                if shown
                else ""
            )

    def _on_earlier_back_click(self, _button: Any) -> None:
        if self.earlier_pick.value is not None:
            self._return_to_earlier(int(self.earlier_pick.value))
