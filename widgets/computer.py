"""Computer seats for the explorer: the level menu, and searches that run off the widget callback.

The levels come from ``ftwkit.agents`` (``levels()`` when it offers one, else a small table of
agent names and parameters filtered by ``names()``), so the menu grows as agents are added and no
game is named here. A search runs in a background thread; its result is handed back on the
kernel's event loop (the thread that runs widget callbacks), so the explorer applies it through its
single update method, never from the thread. Without a kernel (tests, scripts) results wait in a
queue until :meth:`Background.drain` delivers them in the caller's thread.

While a search runs, the interpreter's thread switch interval is shortened (:class:`SearchSlices`):
a search is pure Python and holds the GIL, and with the default 5 ms slice the kernel's answer to a
click (Stop, Back), which gives the GIL up and waits for it again around every message it sends,
waited up to 5 ms for the search each time. In the PNRZ dashboard on a loaded machine a click on
Stop during a search was answered in a median 86 ms before (10 clicks) and 45 ms after, Back in
110 ms and 82 ms, and the slowest Back seen before (620 ms) was over the 300 ms a person notices.
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets

from ftwkit import agents

__all__ = [
    "FALLBACK_LEVELS",
    "PERSON",
    "SEARCH_SWITCH_INTERVAL",
    "Background",
    "SearchSlices",
    "SeatPanel",
    "describe",
    "make_agent",
    "menu",
    "table",
]

PERSON = "person"
"""The menu key of a seat played by a person."""

FALLBACK_LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("greedy", {}),
    "normal": ("mcts", {"seconds": 1.0}),
    "strong": ("mcts", {"seconds": 5.0}),
}
"""The levels used when ``ftwkit.agents`` offers no ``levels()`` (filtered by ``names()``)."""


def _spec(value: Any) -> tuple[str, dict[str, Any]] | None:
    """``(agent name, parameters)`` from a level entry: a pair, a name, or a mapping."""
    if isinstance(value, str):
        return value, {}
    if isinstance(value, Mapping):
        name = value.get("agent", value.get("name"))
        params = value.get("params", {})
        return (name, dict(params)) if isinstance(name, str) else None
    if isinstance(value, tuple | list) and len(value) == 2 and isinstance(value[0], str):
        return value[0], dict(value[1] or {})
    return None


def table() -> dict[str, tuple[str, dict[str, Any]]]:
    """Every level the installed agents make possible: level → (agent name, parameters)."""
    offered = getattr(agents, "levels", None)
    raw: Mapping[str, Any] = offered() if callable(offered) else FALLBACK_LEVELS
    known = set(agents.names())
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for level, value in raw.items():
        spec = _spec(value)
        if spec is not None and spec[0] in known:
            out[str(level)] = spec
    return out


def describe(key: str) -> str:
    """A menu key as a person reads it: ``"normal (mcts, seconds=1.0)"``."""
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

    Only widgets: the explorer wires the callbacks and owns what they do.
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
