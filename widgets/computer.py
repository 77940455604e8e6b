"""Computer seats for the explorer: the level menu, the seats, and searches off the widget callback.

The levels are ``ftwkit.agents.levels()``, so the menu grows as agents are added and no game is
named here. :class:`ComputerSeats` is the explorer's part that decides when a computer seat moves:
it holds who plays each seat, the pause (Stop, or a jump in the history), the search under way and
the hint, and shows them in its :class:`SeatPanel`. A search runs in a background thread; its
result is handed back on the kernel's event loop (the thread that runs widget callbacks), and the
seats hand a move to the explorer, which plays it through its single update method, never from the
thread. Without a kernel (tests, scripts) results wait in a queue until :meth:`Background.drain`
delivers them in the caller's thread.

While a search runs, the interpreter's thread switch interval is shortened (:class:`SearchSlices`):
a search is pure Python and holds the GIL, and with the default 5 ms slice the kernel's answer to a
click (Stop, Back), which gives the GIL up and waits for it again around every message it sends,
waited up to 5 ms for the search each time. In the PNRZ dashboard on a loaded machine a click on
Stop during a search was answered in a median 86 ms before (10 clicks) and 45 ms after, Back in
110 ms and 82 ms, and the slowest Back seen before (620 ms) was over the 300 ms a person notices.
"""

from __future__ import annotations

import html
import queue
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets

from ftwkit import agents
from ftwkit.errors import IllegalMove
from ftwkit.explore import Node
from ftwkit.protocol import Move, State
from widgets.log import LogPanel

__all__ = [
    "HINT_MOVES",
    "PERSON",
    "SEARCH_SWITCH_INTERVAL",
    "Background",
    "ComputerSeats",
    "SearchSlices",
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


SEARCH_SWITCH_INTERVAL = 0.0005
"""Seconds a thread may hold the GIL while another waits, while a search runs (default 0.005)."""


class SearchSlices:
    """Shortens the interpreter's thread switch interval while at least one search runs.

    The interval is process-wide, so the searches of every explorer in the kernel are counted
    together: the first to start saves the interval in force and the last to end restores it.
    """

    _lock = threading.Lock()
    _running = 0
    _saved = 0.0

    @classmethod
    def enter(cls) -> None:
        """A search starts."""
        with cls._lock:
            if cls._running == 0:
                cls._saved = sys.getswitchinterval()
                sys.setswitchinterval(min(cls._saved, SEARCH_SWITCH_INTERVAL))
            cls._running += 1

    @classmethod
    def leave(cls) -> None:
        """A search ended (its result or its exception is in hand)."""
        with cls._lock:
            cls._running -= 1
            if cls._running == 0:
                sys.setswitchinterval(cls._saved)


def _kernel_loop() -> Any | None:
    """The running kernel's event loop (thread-safe ``add_callback``), or ``None`` outside one."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    loop = getattr(kernel, "io_loop", None)
    return loop if callable(getattr(loop, "add_callback", None)) else None


class Background:
    """Runs tasks in daemon threads and hands each result to its callback on the widget thread.

    The callback gets the task's return value, or the exception it raised. Inside a kernel it
    runs on the kernel's event loop; elsewhere it waits until :meth:`drain` is called.
    """

    def __init__(self) -> None:
        self._done: queue.Queue[tuple[Callable[[Any], None], Any]] = queue.Queue()
        self._running = 0
        self._lock = threading.Lock()

    @property
    def busy(self) -> bool:
        """Whether a task runs or a result waits to be delivered."""
        with self._lock:
            return self._running > 0 or not self._done.empty()

    def run(self, task: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Start ``task`` in a thread; ``done(result)`` follows on the widget thread."""
        loop = _kernel_loop()

        def work() -> None:
            try:
                result: Any = task()
            except Exception as err:  # handed to ``done``, which decides what the page says
                result = err
            finally:
                SearchSlices.leave()
            with self._lock:
                self._running -= 1
                if loop is None:
                    self._done.put((done, result))
            if loop is not None:
                loop.add_callback(done, result)

        with self._lock:
            self._running += 1
        SearchSlices.enter()  # before the thread starts: it is short as soon as run returns
        threading.Thread(target=work, name="ftwkit-computer", daemon=True).start()

    def drain(self, timeout: float = 60.0) -> bool:
        """Outside a kernel: deliver results until nothing runs; False if ``timeout`` passed.

        A delivered result may start another task (the next computer seat), which is waited for
        too, so one call plays a computer-only game to its end.
        """
        deadline = threading.Event()
        timer = threading.Timer(timeout, deadline.set)
        timer.daemon = True
        timer.start()
        try:
            while not deadline.is_set():
                try:
                    done, result = self._done.get(timeout=0.01)
                except queue.Empty:
                    with self._lock:
                        if self._running == 0 and self._done.empty():
                            return True
                    continue
                done(result)
            return False
        finally:
            timer.cancel()


class SeatPanel(ipywidgets.VBox):
    """Who plays each seat (a person or a computer level), Stop / Go, and the Hint button.

    Only widgets: :class:`ComputerSeats` fills them, and the explorer wires the buttons to its
    programmatic face (``stop``, ``go``, ``hint``).
    """

    def __init__(self) -> None:
        self.seat_menus: list[ipywidgets.Dropdown] = []
        self._seat_box = ipywidgets.VBox()
        self.stop_button = ipywidgets.Button(
            description="■ Stop",
            tooltip="stop the computer (it waits until you press Go)",
            layout=ipywidgets.Layout(width="80px"),
        )
        self.go_button = ipywidgets.Button(
            description="▶ Go",
            tooltip="let the computer move for its seats",
            layout=ipywidgets.Layout(width="70px"),
        )
        self.hint_button = ipywidgets.Button(
            description="Hint",
            tooltip="show what a computer player thinks of the moves here",
            layout=ipywidgets.Layout(width="60px"),
        )
        self.hint_level = ipywidgets.Dropdown(layout=ipywidgets.Layout(width="110px"))
        self.thinking = ipywidgets.HTML()
        for widget, name in (
            (self.stop_button, "ftw-stop"),
            (self.go_button, "ftw-go"),
            (self.hint_button, "ftw-hint"),
            (self.thinking, "ftw-thinking"),
            (self._seat_box, "ftw-seats"),
        ):
            widget.add_class(name)
        super().__init__(
            [
                ipywidgets.HTML("<b>Players</b>"),
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
    buttons change with the picture. A search's result comes back through ``play`` (a legal
    move, for the explorer to play through its update) or ``update`` (a message: the computer
    could not move, or the hint is ready); a result whose position is gone (a move, Back or Stop
    came first) is dropped.

    Args:
        players: the number of seats (all played by a person at first).
        seed: the seed the agents' seeds derive from (the game's, read when a search starts).
        play: the explorer plays the computer's move (it is legal at the position shown).
        update: the explorer's update with a message on the message line (``error``: as an error).
        choose_seat: a seat's menu was changed on the page to ``key`` (the explorer's
            ``set_seat``).
        log: where a failing search is noted.
    """

    def __init__(
        self,
        players: int,
        *,
        seed: Callable[[], int],
        play: Callable[[Move], None],
        update: Callable[[str, bool], None],
        choose_seat: Callable[[int, str], None],
        log: LogPanel,
    ) -> None:
        self._seed = seed
        self._play = play
        self._update = update
        self._choose_seat = choose_seat
        self._log = log
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

    # ----------------------------------------------------------------- changes
    def set_seat(self, player: int, key: str) -> None:
        """Let a person (``"person"``) or the computer (a level or agent name) play ``player``.

        Raises:
            IllegalMove: no such menu key or player.
        """
        if key not in self.choices:
            raise IllegalMove(f"{key!r} is not a player; choose one of {self.choices}")
        if not 0 <= player < len(self._seats):
            raise IllegalMove(f"there is no player {player}: the game has {len(self._seats)}")
        self._seats[player] = key
        self.paused = False

    def stop(self) -> bool:
        """Drop the search under way and wait for Go; whether a search was under way."""
        was = self._thinking is not None
        self._cancel()
        self.paused = True
        return was

    def hint(self, state: State, node: Node) -> str:
        """Ask the hint level's agent for its weights at ``node``; returns the level asked.

        The session's :meth:`~ftwkit.explore.Session.hint_request` decides whether a hint may be
        given (not for another player's turn in a player's view). The hint arrives through
        ``update``.
        """
        key = str(self.panel.hint_level.value)
        agent = make_agent(key, seed=self._seed())
        self.background.run(
            lambda: agent.analyse(state), lambda result: self._on_hint_done(node, key, result)
        )
        return key

    def wait(self, timeout: float = 60.0) -> bool:
        """Outside a kernel: apply the computer's moves and hints until it has nothing to do."""
        return self.background.drain(timeout)

    def sync(self, state: State, node: Node) -> str:
        """Drop a search whose position is gone; start one when a computer seat is to move.

        Called by the explorer's update with the state and node shown.

        Returns:
            Why the computer cannot play ('' if it can, or has nothing to do).
        """
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

    # ----------------------------------------------------------------- results and events
    def _on_search_done(self, generation: int, node: Node, result: Any) -> None:
        if self._thinking != (generation, node) or self._shown is not node:
            return  # stopped, taken back, or the person moved on: the answer is stale
        self._thinking = None
        state = node.state
        if isinstance(result, Move) and state.is_legal(result):
            self._play(result)
            return
        if isinstance(result, BaseException):
            self._log.exception(result, "computer player")
        self.paused = True
        mover = state.rules.player_names(state.players)[state.to_play or 0]
        self._update(f"The computer could not move for {mover}.", False)

    def _on_hint_done(self, node: Node, key: str, result: Any) -> None:
        if node is not self._shown:
            return  # the position moved on: the hint is of another
        if isinstance(result, BaseException):
            self._log.exception(result, "hint")
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
            self._choose_seat(player, change["new"])
