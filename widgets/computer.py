"""Computer seats for the explorer: the level menu, the seats, Stop / Go, the hint.

The levels are ``ftwkit.agents.levels()``, so the menu grows as agents are added and no game is
named here. :class:`ComputerSeats` is the explorer's part that decides when a computer seat moves:
it holds who plays each seat, the pause (Stop, or a jump in the history), the search under way and
the hint, shows them in its :class:`SeatPanel`, and is what a notebook or test drives
(``explorer.computer.set_seat(1, "easy")``, ``.stop()``, ``.go()``, ``.hint()``, ``.wait()``).
A search runs off the widget callback (:class:`widgets.background.Background`); its move is played
into the explorer's session on the widget thread, never from the search's thread, and the explorer
is told through its single update.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets

from ftwkit import agents
from ftwkit.errors import IllegalMove
from ftwkit.explore import Node, Session
from ftwkit.protocol import Move, State
from widgets.background import Background
from widgets.log import LogPanel, guarded
from widgets.shared_style import HTML

__all__ = [
    "HINT_MOVES",
    "PERSON",
    "ComputerSeats",
    "SeatPanel",
    "describe",
    "make_agent",
    "menu",
    "table",
]

PERSON = "person"
"""The menu key of a seat played by a person."""

HINT_MOVES = 3
"""How many of the agent's best moves a hint shows."""


def table() -> dict[str, tuple[str, dict[str, Any]]]:
    """Every level the menu offers: level → (agent name, parameters)."""
    return agents.levels()


def describe(key: str) -> str:
    """A menu key as a person reads it: ``"normal (mcts, iterations=100)"``."""
    levels = table()
    if key in levels:
        name, params = levels[key]
        args = ", ".join(f"{k}={v}" for k, v in params.items())
        return f"{key} ({name}{', ' + args if args else ''})"
    return key


def menu() -> list[tuple[str, str]]:
    """The seat menu as ``(label, key)``: a person, each level, then agents no level names."""
    levels = table()
    out = [(PERSON, PERSON)]
    out += [(f"computer: {describe(level)}", level) for level in levels]
    named = {name for name, _ in levels.values()}
    out += [(f"computer: {name}", name) for name in agents.names() if name not in named]
    return out


def make_agent(key: str, seed: int | None) -> agents.Agent:
    """The agent of a menu key (a level or an agent name).

    Raises:
        ValueError: the key names neither.
    """
    levels = table()
    if key in levels:
        name, params = levels[key]
        return agents.make(name, seed=seed, **params)
    return agents.make(key, seed=seed)


class SeatPanel(ipywidgets.VBox):
    """Who plays each seat (a person or a computer level), Stop / Go, and the Hint button.

    Only widgets: :class:`ComputerSeats` fills them, and the explorer wires the buttons to its
    programmatic face (``stop``, ``go``, ``hint``).
    """

    def __init__(self) -> None:
        self.seat_menus: list[ipywidgets.Dropdown] = []
        self._seat_box = ipywidgets.VBox(_dom_classes=("ftw-seats",))
        self.stop_button = ipywidgets.Button(
            description="■ Stop",
            tooltip="stop the computer (it waits until you press Go)",
            layout=ipywidgets.Layout(width="80px"),
            _dom_classes=("ftw-stop",),
        )
        self.go_button = ipywidgets.Button(
            description="▶ Go",
            tooltip="let the computer move for its seats",
            layout=ipywidgets.Layout(width="70px"),
            _dom_classes=("ftw-go",),
        )
        self.hint_button = ipywidgets.Button(
            description="Hint",
            tooltip="show what a computer player thinks of the moves here",
            layout=ipywidgets.Layout(width="60px"),
            _dom_classes=("ftw-hint",),
        )
        self.hint_level = ipywidgets.Dropdown(layout=ipywidgets.Layout(width="110px"))
        self.thinking = HTML(_dom_classes=("ftw-thinking",))
        super().__init__(
            [
                HTML("<b>Players</b>"),
                self._seat_box,
                ipywidgets.HBox([self.stop_button, self.go_button, self.thinking]),
                ipywidgets.HBox([self.hint_button, self.hint_level]),
            ]
        )

    def set_seats(
        self, names: tuple[str, ...], keys: list[str], options: list[tuple[str, str]]
    ) -> list[ipywidgets.Dropdown]:
        """Show one menu per seat (rebuilt only when the seats change); returns the new menus."""
        if [m.description for m in self.seat_menus] == list(names):
            for menu_widget, key in zip(self.seat_menus, keys, strict=True):
                if menu_widget.value != key:
                    menu_widget.value = key
            return []
        self.seat_menus = [
            ipywidgets.Dropdown(
                options=options,
                value=key,
                description=name,
                style={"description_width": "70px"},
                layout=ipywidgets.Layout(width="270px"),
            )
            for name, key in zip(names, keys, strict=True)
        ]
        self._seat_box.children = tuple(self.seat_menus)
        return self.seat_menus


class ComputerSeats:
    """Who plays each seat, and the computer's searches: when a computer seat moves, and hints.

    The explorer's part for the computer. It holds the seats, the pause, the search under way and
    the hint, and shows them in :attr:`panel`; the explorer calls :meth:`sync` and
    :meth:`refresh` from its single update, so the status line, the "thinking…" badge and the
    buttons change with the picture. Every change here (a seat, Stop, Go, a hint, the computer's
    move played into the session) ends with ``update``, the explorer's update; a search result
    whose position is gone (a move, Back or Stop came first) is dropped.

    Args:
        players: the number of seats (all played by a person at first).
        session: the session shown (read at each use: a new game replaces it).
        seed: the seed the agents' seeds derive from (the game's, read when a search starts).
        update: the explorer's update, with the text for the message line (``None``: keep the
            line as it is) and whether it reports an error.
        log: where a failing search is noted.
    """

    def __init__(
        self,
        players: int,
        *,
        session: Callable[[], Session],
        seed: Callable[[], int],
        update: Callable[[str | None, bool], None],
        log: LogPanel,
    ) -> None:
        self._session = session
        self._seed = seed
        self._update = update
        self.log_panel = log
        self.background = Background()
        self.menu = menu()
        self._seats: list[str] = [PERSON] * players
        self.paused = False
        """Whether the computer waits for Go (after Stop, Back, a jump or a load)."""
        # a search's result is applied only if the generation it started in is still current
        # (a move, Back or Stop moves it on)
        self._generation = 0
        self._thinking: tuple[int, Node] | None = None
        self._hint: tuple[Node, str, list[tuple[Move, float]]] | None = None
        self._shown: Node | None = None  # the node of the explorer's last update
        self.panel = SeatPanel()
        levels = [(label.removeprefix("computer: "), key) for label, key in self.menu[1:]]
        self.panel.hint_level.options = levels
        keys = [key for _, key in levels]
        self.panel.hint_level.value = "easy" if "easy" in keys else keys[0]
        self.panel.stop_button.on_click(lambda _b: self.stop())
        self.panel.go_button.on_click(lambda _b: self.go())
        self.panel.hint_button.on_click(lambda _b: self.hint())

    # ----------------------------------------------------------------- what it holds
    @property
    def seats(self) -> tuple[str, ...]:
        """Who plays each seat: ``"person"``, a level (``"easy"``…) or an agent name."""
        return tuple(self._seats)

    @property
    def choices(self) -> list[str]:
        """The keys the seat menus offer (``"person"`` first)."""
        return [key for _, key in self.menu]

    @property
    def played(self) -> list[int]:
        """The seats the computer plays (for the session's pass-the-device)."""
        return [p for p, key in enumerate(self._seats) if key != PERSON]

    @property
    def thinking(self) -> bool:
        """Whether the computer is searching for a move now."""
        return self._thinking is not None

    def plays(self, state: State) -> bool:
        """Whether a computer seat is to move in ``state``."""
        player = state.to_play
        return (
            not state.is_over
            and player is not None
            and player < len(self._seats)
            and self._seats[player] != PERSON
        )

    def hint_for(self, node: Node) -> list[tuple[Move, float]]:
        """The hint's moves and shares if it was asked at ``node`` (else none)."""
        if self._hint is None or self._hint[0] is not node:
            return []
        return self._hint[2]

    @property
    def hint_shown(self) -> list[tuple[str, float]]:
        """The hint at the node shown: ``(move, share)``, best first (empty if none)."""
        return [(str(m), w) for m, w in self.hint_for(self._session().tree.current)]

    def status(self, state: State) -> str:
        """The computer's part of the status line ('' when it has nothing to say)."""
        if self._thinking is not None:
            return "the computer is thinking…"
        if self.paused and self.plays(state):
            return "the computer waits: press Go"
        return ""

    def check_idle(self, state: State) -> None:
        """Refuse a person's move while the computer thinks.

        Raises:
            IllegalMove: the computer is searching for the player to move.
        """
        if self._thinking is not None:
            name = state.rules.player_names(state.players)[state.to_play or 0]
            raise IllegalMove(f"{name} (the computer) is thinking; press Stop to take over")

    # ----------------------------------------------------------------- what a person does
    @guarded("players")
    def set_seat(self, player: int, key: str) -> None:
        """Let a person (``"person"``) or the computer (a level or agent name) play ``player``;
        an unknown key or player is refused on the message line."""
        if key not in self.choices:
            raise IllegalMove(f"{key!r} is not a player; choose one of {self.choices}")
        if not 0 <= player < len(self._seats):
            raise IllegalMove(f"there is no player {player}: the game has {len(self._seats)}")
        self._seats[player] = key
        self.paused = False
        self._update(None, False)

    @guarded("stop")
    def stop(self) -> None:
        """Stop the computer: a search under way is ignored; nothing moves until :meth:`go`."""
        was = self._thinking is not None
        self._cancel()
        self.paused = True
        self._update("Stopped: the computer waits until you press Go." if was else "", False)

    @guarded("go")
    def go(self) -> None:
        """Let the computer move for its seats again (after Stop, Back or a jump)."""
        self.paused = False
        session = self._session()
        self._update(session.message, session.error)

    @guarded("hint")
    def hint(self) -> None:
        """Ask the hint level's agent for its weights at the node shown (only for the viewer's
        own turn: the session's :meth:`~ftwkit.explore.Session.hint_request` decides)."""
        session = self._session()
        request = session.hint_request()
        node = session.tree.current
        key = str(self.panel.hint_level.value)
        agent = make_agent(key, seed=self._seed())
        self.background.run(
            lambda: agent.analyse(request.state),
            lambda result: self._on_hint_done(node, key, result),
        )
        self._update(f"Thinking about a hint ({key})…", False)

    def wait(self, timeout: float = 60.0) -> bool:
        """Outside a kernel: apply the computer's moves and hints until it has nothing to do."""
        return self.background.drain(timeout)

    # ----------------------------------------------------------------- the explorer's update
    def sync(self, session: Session) -> str:
        """Drop a search whose position is gone; start one when a computer seat is to move.
        Called by the explorer's update.

        Returns:
            Why the computer cannot play ('' if it can, or has nothing to do).
        """
        state, node = session.state, session.tree.current
        self._shown = node
        if self._thinking is not None and self._thinking[1] is not node:
            self._cancel()
        if self._thinking is not None or self.paused or not self.plays(state):
            return ""
        player = state.to_play
        assert player is not None
        try:
            agent = make_agent(self._seats[player], seed=self._seed() * 1009 + player)
        except ValueError as err:
            self.paused = True
            return f"The computer cannot play: {err}"
        self._generation += 1
        generation = self._generation
        self._thinking = (generation, node)
        self.background.run(
            lambda: agent.choose(state),
            lambda result: self._on_search_done(generation, node, result),
        )
        return ""

    def refresh(self, state: State) -> None:
        """Show the seats, Stop / Go and the "thinking…" line for ``state``."""
        names = state.rules.player_names(state.players)
        if len(self._seats) != state.players:
            self._seats = (self._seats + [PERSON] * state.players)[: state.players]
        panel = self.panel
        for player, widget in enumerate(panel.set_seats(tuple(names), self._seats, self.menu)):
            widget.observe(lambda change, p=player: self._on_seat_value(p, change), names="value")
        panel.stop_button.disabled = self._thinking is None
        panel.go_button.disabled = not (self.paused and self.plays(state))
        panel.hint_button.disabled = state.is_over
        panel.thinking.value = (
            f"<i>{html.escape(names[state.to_play or 0])} thinking…</i>" if self.thinking else ""
        )

    def _cancel(self) -> None:
        if self._thinking is not None:
            self._thinking = None
            self._generation += 1

    def _show_error(self, text: str) -> None:
        """Show a refusal on the explorer's message line (called by ``guarded``)."""
        self._update(text, True)

    # ----------------------------------------------------------------- results and events
    @guarded("computer")
    def _on_search_done(self, generation: int, node: Node, result: Any) -> None:
        if self._thinking != (generation, node) or self._shown is not node:
            return  # stopped, taken back, or the person moved on: the answer is stale
        self._thinking = None
        state = node.state
        mover = state.rules.player_names(state.players)[state.to_play or 0]
        if isinstance(result, Move) and state.is_legal(result):
            session = self._session()
            session.play(result, by_computer=True)
            self._update(f"{mover} (computer) played {session.label()}.", False)
            return
        if isinstance(result, BaseException):
            self.log_panel.exception(result, "computer player")
        self.paused = True
        self._update(f"The computer could not move for {mover}.", False)

    @guarded("hint")
    def _on_hint_done(self, node: Node, key: str, result: Any) -> None:
        if node is not self._shown:
            return  # the position moved on: the hint is of another
        if isinstance(result, BaseException):
            self.log_panel.exception(result, "hint")
            self._update("The hint failed.", True)
            return
        weights = [(m, float(w)) for m, w in result]
        top = weights[:HINT_MOVES]
        self._hint = (node, key, top)
        shown = " · ".join(f"{m} {w:.0%}" for m, w in top) or "no move"
        best = [w for _, w in weights if round(w, 6) == round(weights[0][1], 6)]
        if len(best) > 1:  # the level ranks none of them above another: say so
            every = "all" if len(best) == len(weights) else f"{len(best)} of"
            shown += f" — {every} the {len(weights)} moves tie for best at this level"
        self._update(f"Hint ({key}): {shown}", False)

    def _on_seat_value(self, player: int, change: Mapping[str, Any]) -> None:
        if change["new"] != self._seats[player]:
            self.set_seat(player, change["new"])
