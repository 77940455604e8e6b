"""Dashboard kernels started by forking a warm template process (the server's side).

A kernel started the normal way is a new Python that imports ipykernel, ipywidgets, numpy, the
canvas library, ``ftwkit`` and ``widgets`` before it can build its page: about 0.4 of the 0.65
CPU-seconds a visitor's kernel costs. The server instead keeps one template process
(:mod:`kernel_template`) that has imported all of that, and every kernel is a fork of it.

* :class:`KernelTemplate` owns that process: started with the server (it warms up while the
  server starts), stopped with it, and replaced by a fresh one when the sources of ``ftwkit`` or
  ``widgets`` or the rule pages change (the old one lives on until its kernels have ended).
* :class:`ForkProvisioner` is the kernel provisioner the server names as its default
  (:func:`install`): it asks the template for a kernel and hands Jupyter a
  :class:`ForkedKernel`, which stands for the forked child as a :class:`subprocess.Popen` would
  (poll, wait, signals to its process group, exit status), so culling, interrupts, shutdown and
  the dead-kernel message work as for any kernel.
* Whenever forking is not possible (the template is missing, failed to start or died, or the
  kernel is not this Python's ipykernel), the kernel starts the normal way, said once in the log:
  never a broken server.

Only the standard library, jupyter_client and traitlets are used here.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from importlib.metadata import EntryPoint
from typing import Any

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning.factory import KernelProvisionerFactory
from jupyter_client.provisioning.local_provisioner import LocalProvisioner

HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATE_SCRIPT = os.path.join(HERE, "kernel_template.py")
PROVISIONER_NAME = "ftw-fork-provisioner"
"""The name the server registers :class:`ForkProvisioner` under (no package entry point needed:
it lives beside the launcher, which is not an installed package)."""
READY_TIMEOUT = 60.0
"""Most seconds a kernel start waits for the template to finish warming up (a busy machine)."""
REPLY_TIMEOUT = 15.0
"""Most seconds for the template to answer a request with the child's pid."""
FORKED_LINE = "Kernel {kernel_id} forked from the template: pid {pid}"
"""The log line for each forked kernel: ``ps`` shows every forked kernel with the template's
command line, so this is where an operator (or a test) finds which process is which kernel."""
UNKNOWN_EXIT = 1
"""The exit status of a child that ended after its template died (nobody saw its status)."""

_log = logging.getLogger(__name__)
_template: KernelTemplate | None = None
_said: set[str] = set()


def say_once(log: logging.Logger, key: str, message: str, *args: object) -> None:
    """Log a warning the first time ``key`` comes up (a fallback is said once, not per kernel)."""
    if key not in _said:
        _said.add(key)
        log.warning(message, *args)


SOURCE_SUFFIXES = (".py", ".md")
"""The files whose change brings a fresh template: the code it imported, and the rule pages
(Markdown) it rendered for every game before forking (see ``widgets/warm.py``)."""


def sources_stamp(folders: Iterable[str]) -> float:
    """The newest modification time of the sources (:data:`SOURCE_SUFFIXES`) under ``folders``
    (0: none)."""
    newest = 0.0
    for folder in folders:
        for directory, subdirs, files in os.walk(folder):
            subdirs[:] = [d for d in subdirs if d != "__pycache__"]
            for name in files:
                if name.endswith(SOURCE_SUFFIXES):
                    with contextlib.suppress(OSError):
                        newest = max(newest, os.stat(os.path.join(directory, name)).st_mtime)
    return newest


class ForkedKernel:
    """A kernel process forked by the template, with the part of :class:`subprocess.Popen`'s
    interface jupyter_client's local provisioner uses.

    The template is the child's parent and reaps it; it reports the exit status on the
    connection the kernel was asked on (read without blocking by :meth:`poll`; no task is left
    pending when the server stops). Should the template go first, the child's end is noticed by
    its pid no longer existing.
    """

    stdin = None
    stdout = None
    stderr = None

    def __init__(self, pid: int, connection: socket.socket, pending: bytes = b"") -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._connection: socket.socket | None = connection
        self._pending = pending
        self._template_gone = False
        connection.setblocking(False)

    def _read_report(self) -> None:
        """Take what the template said about the child so far (never blocks)."""
        while self._connection is not None:
            try:
                data = self._connection.recv(4096)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                data = b""
            if not data:
                self._template_gone = self.returncode is None
                self._close()
                break
            self._pending += data
        while b"\n" in self._pending and self.returncode is None:
            line, _, self._pending = self._pending.partition(b"\n")
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                code = json.loads(line).get("exit")
                if isinstance(code, int):
                    self.returncode = code
                    self._close()

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def poll(self) -> int | None:
        """The exit status, or None while the kernel runs."""
        if self.returncode is None:
            self._read_report()
        if self.returncode is None and self._template_gone:
            try:
                os.kill(self.pid, 0)
            except ProcessLookupError:
                self.returncode = UNKNOWN_EXIT
            except PermissionError:
                pass
        return self.returncode

    def wait(self, timeout: float | None = None) -> int | None:
        """The exit status once ended (the provisioner calls this after :meth:`poll` said so)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() >= deadline:
                raise subprocess.TimeoutExpired("forked kernel", timeout or 0)
            time.sleep(0.01)
        return self.returncode

    def send_signal(self, signum: int) -> None:
        """Signal the kernel (its process group is tried first by the provisioner)."""
        if self.poll() is None:
            os.kill(self.pid, signum)

    def kill(self) -> None:
        """``SIGKILL``."""
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        """``SIGTERM``."""
        self.send_signal(signal.SIGTERM)


class KernelTemplate:
    """The server's template process: warm, private, replaced when the sources change.

    Its socket lives in a fresh directory only this user may enter (``mkdtemp``: mode 0700).
    """

    def __init__(
        self,
        log: logging.Logger | None = None,
        watched: Iterable[str] = (),
        python: str = sys.executable,
        script: str = TEMPLATE_SCRIPT,
    ) -> None:
        self.log = log or _log
        self.watched = tuple(watched)
        self.python = python
        self.script = script
        self.process: subprocess.Popen[bytes] | None = None
        self.retired: list[subprocess.Popen[bytes]] = []
        self.folder = ""
        self.socket_path = ""
        self.stamp = 0.0
        self.failed = False

    def start(self) -> None:
        """Start the template (it warms up in the background; :meth:`ready` waits for it)."""
        self.folder = tempfile.mkdtemp(prefix="ftw-kernels-")
        self.socket_path = os.path.join(self.folder, "template.sock")
        self.stamp = sources_stamp(self.watched)
        self.failed = False
        self.process = subprocess.Popen(
            [self.python, self.script, self.socket_path],
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # a Ctrl-C meant for the server does not reach it
            close_fds=True,
        )
        self.log.info("Kernel template started (pid %d)", self.process.pid)

    @property
    def alive(self) -> bool:
        """Whether the template process runs."""
        return self.process is not None and self.process.poll() is None

    async def ready(self, timeout: float = READY_TIMEOUT) -> bool:
        """Wait until the template listens; False if it failed or is not there."""
        deadline = time.monotonic() + timeout
        while not self.failed and self.process is not None:
            if self.process.poll() is not None:
                self._fail(f"the kernel template exited (status {self.process.returncode})")
                return False
            if os.path.exists(self.socket_path):
                return True
            if time.monotonic() >= deadline:
                self._fail(f"the kernel template was not ready after {timeout:.0f} s")
                return False
            await asyncio.sleep(0.02)
        return False

    def _fail(self, why: str) -> None:
        self.failed = True
        say_once(self.log, "template-failed", "%s: kernels start the normal way", why)

    def refresh_if_stale(self) -> None:
        """Replace the template by a fresh one if the kernels' sources changed since it started
        (the old one lives on until its kernels end)."""
        if self.process is None or not self.watched:
            return
        if sources_stamp(self.watched) <= self.stamp:
            return
        self.log.info("Sources changed: a fresh kernel template replaces the old one")
        old = self.process
        if old.poll() is None:
            old.send_signal(signal.SIGTERM)
            self.retired.append(old)
        self._remove_folder()
        self.start()

    async def fork(self, argv: list[str], env: dict[str, str], cwd: str) -> ForkedKernel | None:
        """A kernel forked with these arguments, environment and working directory, or None
        (the caller then starts it the normal way)."""
        self.refresh_if_stale()
        if not await self.ready():
            return None
        request = json.dumps({"argv": argv, "env": env, "cwd": cwd}).encode() + b"\n"
        loop = asyncio.get_running_loop()
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.setblocking(False)
        try:
            await asyncio.wait_for(loop.sock_connect(connection, self.socket_path), REPLY_TIMEOUT)
            await loop.sock_sendall(connection, request)
            received = b""
            while b"\n" not in received:
                data = await asyncio.wait_for(loop.sock_recv(connection, 4096), REPLY_TIMEOUT)
                if not data:
                    raise ConnectionResetError("the template closed the connection")
                received += data
            line, _, rest = received.partition(b"\n")
            pid = int(json.loads(line)["pid"])
        except (OSError, ValueError, KeyError, TypeError, TimeoutError) as error:
            connection.close()
            if not self.alive:
                self._fail("the kernel template died")
            else:
                self.log.warning("The kernel template refused a kernel (%r)", error)
            return None
        return ForkedKernel(pid, connection, rest)

    def stop(self, timeout: float = 3.0) -> None:
        """Stop the template (and any retired one) and remove its folder."""
        processes = [*self.retired, *([self.process] if self.process else [])]
        for process in processes:
            if process.poll() is None:
                with contextlib.suppress(OSError):
                    process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + timeout
        for process in processes:
            try:
                process.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.retired = []
        self._remove_folder()

    def _remove_folder(self) -> None:
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)


def kernel_arguments(cmd: list[str]) -> list[str] | None:
    """The kernel application's arguments if ``cmd`` starts this Python's ipykernel (what the
    template can fork), else None."""
    launcher = len(cmd) >= 3 and cmd[1:3] == ["-m", "ipykernel_launcher"]
    if launcher and os.path.realpath(cmd[0]) == os.path.realpath(sys.executable):
        return list(cmd[3:])
    return None


class ForkProvisioner(LocalProvisioner):
    """Jupyter's local provisioner, with the kernel forked from the server's template.

    Everything but the launch is the local provisioner's: the connection file it writes, the
    signals it sends to the kernel's process group (the child starts a session of its own, so
    its group is its pid), its waiting and its clean-up, with :class:`ForkedKernel` as the
    process.
    """

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        """Fork the kernel from the template; the normal launch when that is not possible."""
        template = _template
        argv = kernel_arguments(cmd)
        if template is not None and argv is not None:
            env = {str(k): str(v) for k, v in (kwargs.get("env") or os.environ).items()}
            cwd = str(kwargs.get("cwd") or os.getcwd())
            child = await template.fork(argv, env, cwd)
            if child is not None:
                self.process = child  # type: ignore[assignment]  # Popen-like
                self.pid = child.pid
                self.pgid = child.pid
                self.cwd = cwd
                self.log.info(FORKED_LINE.format(kernel_id=self.kernel_id, pid=child.pid))
                return self.connection_info
        elif template is not None:
            say_once(self.log, "not-forkable", "Kernel %s cannot be forked: started normally", cmd)
        return await super().launch_kernel(cmd, **kwargs)


def pid_in_log(log: str, kernel_id: str) -> int | None:
    """The pid of the forked kernel ``kernel_id`` as the server's log says (see
    :data:`FORKED_LINE`), or None."""
    pattern = re.escape(FORKED_LINE).replace(r"\{kernel_id\}", re.escape(kernel_id))
    found = re.search(pattern.replace(r"\{pid\}", r"(\d+)"), log)
    return int(found.group(1)) if found else None


def install(log: logging.Logger, watched: Iterable[str] = (), parent: Any = None) -> KernelTemplate:
    """Start the server's template and make :class:`ForkProvisioner` the provisioner of every
    kernel this process starts; the template (stop it with :func:`uninstall`)."""
    global _template
    factory = KernelProvisionerFactory.instance(parent=parent)
    factory.provisioners[PROVISIONER_NAME] = EntryPoint(
        name=PROVISIONER_NAME,
        value=f"{__name__}:ForkProvisioner",
        group=KernelProvisionerFactory.GROUP_NAME,
    )
    factory.default_provisioner_name = PROVISIONER_NAME
    if _template is not None:
        _template.stop()
    _template = KernelTemplate(log, watched)
    _template.start()
    return _template


def uninstall() -> None:
    """Stop the template; kernels started from now on start the normal way."""
    global _template
    if _template is not None:
        _template.stop()
        _template = None
    with contextlib.suppress(Exception):
        KernelProvisionerFactory.instance().default_provisioner_name = "local-provisioner"
