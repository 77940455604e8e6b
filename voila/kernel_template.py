"""A warm template process that starts dashboard kernels by forking itself.

Started by the dashboard server (:mod:`fork_kernels`), never by hand::

    python voila/kernel_template.py <socket path>

It imports what every dashboard kernel imports (the kernel application, ipywidgets, the canvas
library with numpy and Pillow, ``ftwkit`` and ``widgets``) once, then waits on a unix socket in a
private directory. For each request it forks: the child starts a session of its own, takes the
environment, working directory and kernel arguments the server sent and runs the kernel
application, which then only has to build the page. A kernel started this way skips about 0.5
CPU-seconds of starting Python and importing.

Forking is only safe from a process without threads, event loops or ZMQ contexts: the template
creates none (numpy's BLAS is kept to one thread, checked before serving) and leaves all of that
to the kernel application in the child.

The protocol, one connection per kernel, JSON lines:

* server -> template: ``{"argv": [...], "env": {...}, "cwd": "..."}`` (the kernel application's
  arguments after ``-m ipykernel_launcher``);
* template -> server: ``{"pid": N}`` once the child runs in its own session (or ``{"error": ...}``),
  then ``{"exit": code}`` when the child has ended and been reaped (``code`` as
  :attr:`subprocess.Popen.returncode`: negative for a signal).

The connection's end without an ``exit`` line means the template itself has gone. On ``SIGTERM``
the template stops listening and exits when its last kernel has ended (so that a newer template
can replace it while its kernels go on); when its server is gone (its parent changed) it exits at
once, and its kernels then stop too, as a kernel stops when the process that started it is gone.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import socket
import sys
import time
from typing import Any

THREAD_LIMITS = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
"""Set before importing numpy: its BLAS would otherwise start threads, and a forked child
inherits none of them (a BLAS call could then wait for ever)."""

WARM_MODULES = (
    "ipykernel.kernelapp",
    "ipykernel.ipkernel",
    "ipykernel.zmqshell",
    "ipykernel.debugger",
    "IPython.core.completerlib",
    "IPython.core.debugger",
    "IPython.core.oinspect",
    "IPython.extensions.storemagic",
    "faulthandler",
    "psutil",
    "sqlite3",
    "tornado.queues",
    "ipywidgets",
    "ipycanvas",
    "numpy",
    "numpy.random",
    "PIL.Image",
    "mistune",
    "ftwkit",
    "widgets.dashboard",
    "widgets.warm",
)
"""What every dashboard kernel imports (``widgets.dashboard`` brings the games' rules). Besides
the page's own modules, the kernel application imports a few more while it starts (its
debugger, debugpy, with its bundled pydevd: about 0.04 CPU-s; IPython's inspector, history
database and extension; psutil): imported here, no kernel pays for them again."""

WARM_CALLS = ("widgets.warm:prepare",)
"""Functions run once after the imports (``module:function``): they fill caches every kernel
would fill the same way (the games' rule pages, option descriptions, renderers; see
:mod:`widgets.warm`)."""

TEMPLATE_ENVIRONMENT = {"PYDEVD_DISABLE_FILE_VALIDATION": "1"}
"""Set before the imports. pydevd (imported with the kernel's debugger) otherwise warns, once per
process, that frozen modules may make the debugger miss breakpoints; a Jupyter kernel spec sets
the same variable for the same reason. A dashboard kernel is never debugged."""

KERNEL_OPTIONS = ("--HistoryManager.enabled=False",)
"""Options of every forked kernel (the server's own arguments come after and win). A dashboard
runs its cells once and has no console to recall them: IPython's input history would only make
every kernel open, and write each cell into, the one history database of the user's profile
(about 0.02 CPU-s per kernel, and twenty kernels starting together contend for its lock)."""

PARENT_CHECK_SECONDS = 1.0
"""How often the template looks whether its server is still there."""


def warm_up() -> None:
    """Import :data:`WARM_MODULES` and run :data:`WARM_CALLS` (a module missing or a call that
    fails is skipped: the kernel then does that work itself)."""
    import importlib

    for name in WARM_MODULES:
        try:
            importlib.import_module(name)
        except Exception as error:  # a page reports its own import errors
            print(f"kernel template: {name} not preloaded ({error})", file=sys.stderr)
    for call in WARM_CALLS:
        module, _, function = call.partition(":")
        try:
            getattr(importlib.import_module(module), function)()
        except Exception as error:  # the kernels compute it themselves
            print(f"kernel template: {call} not run ({error})", file=sys.stderr)


def thread_count() -> int:
    """The process's threads (Linux: its tasks)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        import threading

        return threading.active_count()


def run_kernel(argv: list[str], env: dict[str, str], cwd: str, template_pid: int) -> None:
    """In the forked child: become the kernel the server asked for (never returns)."""
    code = 1
    try:
        os.environ.clear()
        os.environ.update(env)
        # The kernel stops when the process that started it is gone, as a kernel started by
        # the server does when the server is gone: the template, which goes with its server.
        os.environ["JPY_PARENT_PID"] = str(template_pid)
        os.chdir(cwd)
        reseed()
        # The kernel application read JPY_PARENT_PID when the template imported it: say it.
        sys.argv = [
            "ipykernel_launcher",
            f"--IPKernelApp.parent_handle={template_pid}",
            *KERNEL_OPTIONS,
            *argv,
        ]
        here = os.path.dirname(os.path.abspath(__file__))
        if sys.path and os.path.abspath(sys.path[0] or ".") == here:
            del sys.path[0]  # as ipykernel_launcher: the kernel adds its working directory
        from ipykernel.kernelapp import IPKernelApp

        app = IPKernelApp.instance()
        app.initialize()
        register_import_hooks(app.shell)
        app.start()
        code = 0
    except SystemExit as end:
        code = end.code if isinstance(end.code, int) else (0 if end.code is None else 1)
    except BaseException:  # said on stderr, as a kernel's crash would be
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


_REPLACED_COMMS: list[Any] = []
"""The comms that widgets made at import opened with no kernel, replaced in the kernel."""


def register_import_hooks(shell: Any) -> None:
    """Do what the template's modules do when imported inside a kernel: they were imported
    before the kernel existed.

    * ipywidgets registers its comm targets (without them a page's widgets never load:
      "Loading widget...");
    * widgets created at import (ipycanvas's canvas manager, through which every canvas draws)
      opened their comm with no kernel to tell: they open it again when the kernel runs its
      first cell, where a kernel importing them would have, so that the page learns of them.
    """
    ipywidgets = sys.modules.get("ipywidgets")
    if ipywidgets is None:
        return
    ipywidgets.register_comm_target()
    from ipywidgets.widgets import widget as widget_module

    created = list(widget_module._instances.values())
    if not created or shell is None:
        return

    def reopen(*_args: object) -> None:
        shell.events.unregister("pre_run_cell", reopen)
        for made in created:
            if made.comm is not None:
                # kept, never collected: collected, it would close its successor (same id)
                _REPLACED_COMMS.append(made.comm)
            made.comm = None
            made.open()

    shell.events.register("pre_run_cell", reopen)


def reseed() -> None:
    """Give the child random states of its own: ``random`` reseeds itself after a fork, numpy's
    global generator does not (every kernel would draw the same numbers)."""
    numpy_random = sys.modules.get("numpy.random")
    if numpy_random is not None:
        numpy_random.seed()


class Template:
    """The serving loop: accept requests, fork kernels, reap them and report their end."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.parent = os.getppid()
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        # Bound and listening under another name first: the server takes the socket's name
        # appearing as the sign that the template is ready.
        self.listener.bind(path + ".new")
        self.listener.listen(64)
        os.rename(path + ".new", path)
        self.listener.setblocking(False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.listener, selectors.EVENT_READ, "accept")
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_w, False)
        os.set_blocking(self.wake_r, False)
        self.selector.register(self.wake_r, selectors.EVENT_READ, "wake")
        self.children: dict[int, socket.socket | None] = {}
        self.buffers: dict[socket.socket, bytes] = {}
        self.stopping = False
        self.listening = True

    def serve(self) -> None:
        """Serve until the server is gone or asks the template to stop."""
        signal.set_wakeup_fd(self.wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        while not (self.stopping and not self.children):
            if self.stopping and self.listening:
                self._stop_listening()
            for key, _ in self.selector.select(PARENT_CHECK_SECONDS):
                if key.data == "accept":
                    self._accept()
                elif key.data == "wake":
                    self._drain_wakeups()
                elif key.data == "request":
                    self._read(key.fileobj)  # type: ignore[arg-type]
                else:
                    self._watch(key.fileobj)  # type: ignore[arg-type]
            self._reap()
            if os.getppid() != self.parent:
                break
        self.close()

    def _stop(self, *_: object) -> None:
        self.stopping = True

    def _stop_listening(self) -> None:
        """Take no more requests (``SIGTERM``: a newer template replaces this one, or the server
        stops); the kernels forked already go on, and the template with them."""
        self.listening = False
        self.selector.unregister(self.listener)
        self.listener.close()
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        with contextlib.suppress(OSError):  # its private folder, if nothing else is in it
            os.rmdir(os.path.dirname(self.path))

    def close(self) -> None:
        """Stop serving (the kernels still running stop when they see the template gone)."""
        if self.listening:
            self._stop_listening()
        self.selector.close()

    def _drain_wakeups(self) -> None:
        try:
            while os.read(self.wake_r, 512):
                pass
        except OSError:
            pass

    def _accept(self) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        conn.setblocking(False)
        self.buffers[conn] = b""
        self.selector.register(conn, selectors.EVENT_READ, "request")

    def _watch(self, conn: socket.socket) -> None:
        """A kernel's connection: the server closing it means it forgot that kernel."""
        try:
            if conn.recv(4096):
                return
        except BlockingIOError:
            return
        except OSError:
            pass
        self._drop(conn)

    def _read(self, conn: socket.socket) -> None:
        try:
            data = conn.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the server closed it (it forgot that kernel): nothing more to tell
            self._drop(conn)
            return
        buffer = self.buffers.get(conn, b"") + data
        if b"\n" not in buffer:
            self.buffers[conn] = buffer
            return
        line, _, _ = buffer.partition(b"\n")
        self.buffers[conn] = b""
        self.selector.unregister(conn)
        try:
            request = json.loads(line)
            argv = [str(a) for a in request["argv"]]
            env = {str(k): str(v) for k, v in dict(request["env"]).items()}
            cwd = str(request["cwd"])
        except (ValueError, KeyError, TypeError) as error:
            self._send(conn, {"error": f"malformed request: {error}"})
            conn.close()
            return
        self._fork(conn, argv, env, cwd)

    def _fork(self, conn: socket.socket, argv: list[str], env: dict[str, str], cwd: str) -> None:
        ready_r, ready_w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child
            try:
                os.setsid()
                signal.set_wakeup_fd(-1)
                for signum in (signal.SIGCHLD, signal.SIGTERM):
                    signal.signal(signum, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.default_int_handler)
                null = os.open(os.devnull, os.O_RDONLY)
                os.dup2(null, 0)
                os.write(ready_w, b"1")
                # None of the template's descriptors (its socket, its connections) stays open.
                os.closerange(3, max_descriptor())
            except BaseException:
                os._exit(1)
            run_kernel(argv, env, cwd, os.getppid())
        os.close(ready_w)
        started = wait_readable(ready_r, 10.0) and os.read(ready_r, 1) == b"1"
        os.close(ready_r)
        if not started:
            self._send(conn, {"error": "the kernel process did not start"})
        else:
            self._send(conn, {"pid": pid})
        self.children[pid] = conn
        self.selector.register(conn, selectors.EVENT_READ, "watch")

    def _reap(self) -> None:
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if pid not in self.children:
                continue
            conn = self.children.pop(pid)
            if conn is not None:
                self._send(conn, {"exit": os.waitstatus_to_exitcode(status)})
                self._drop(conn)

    def _drop(self, conn: socket.socket) -> None:
        with contextlib.suppress(KeyError, ValueError):
            self.selector.unregister(conn)
        self.buffers.pop(conn, None)
        for pid, known in list(self.children.items()):
            if known is conn:
                self.children[pid] = None  # still reaped, nobody to tell
        conn.close()

    @staticmethod
    def _send(conn: socket.socket, message: dict[str, object]) -> None:
        try:
            conn.setblocking(True)
            conn.sendall(json.dumps(message).encode() + b"\n")
            conn.setblocking(False)
        except OSError:
            pass


def max_descriptor() -> int:
    """One past the highest file descriptor this process may hold."""
    try:
        return int(os.sysconf("SC_OPEN_MAX"))
    except (ValueError, OSError):
        return 4096


def wait_readable(fd: int, timeout: float) -> bool:
    """Whether ``fd`` became readable within ``timeout`` seconds."""
    import select

    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            return True


def main(argv: list[str]) -> int:
    """Warm up, check the process may fork safely, then serve on the socket ``argv[0]``."""
    if len(argv) != 1:
        print("usage: kernel_template.py <socket path>", file=sys.stderr)
        return 2
    os.environ.update(THREAD_LIMITS)
    os.environ.update(TEMPLATE_ENVIRONMENT)
    warm_up()
    threads = thread_count()
    if threads != 1:
        print(f"kernel template: {threads} threads after imports; not forking", file=sys.stderr)
        return 3
    Template(argv[0]).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
