"""Work off the widget callback: background tasks whose results come back on the widget thread.

A computer player's search is pure Python and holds the GIL; :class:`Background` runs it in a
daemon thread and hands its result to a callback on the kernel's event loop (the thread that runs
widget callbacks), or, without a kernel (tests, scripts), keeps results in a queue until
:meth:`Background.drain` delivers them in the caller's thread. :class:`SearchSlices` shortens the
interpreter's thread switch interval while a search runs, so that a click answered meanwhile
(Stop, Back) does not wait a whole 5 ms slice for the search around every message it sends: in
the PNRZ dashboard on a loaded machine a click on Stop during a search was answered in a median
86 ms before (10 clicks) and 45 ms after, Back in 110 ms and 82 ms, and the slowest Back seen
before (620 ms) was over the 300 ms a person notices.
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["SEARCH_SWITCH_INTERVAL", "Background", "SearchSlices"]


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
