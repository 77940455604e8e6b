"""Kernels forked from the dashboard server's warm template (``voila/fork_kernels.py``).

Real kernels through jupyter_client's own kernel manager, with the server's provisioner: two
forked kernels are separate processes with random states of their own and none of the
template's descriptors, a killed kernel is seen dead with its signal, an interrupt reaches the
running cell, and a dead template means kernels start the normal way.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VOILA_DIR = os.path.join(ROOT, "voila")
if VOILA_DIR not in sys.path:
    sys.path.insert(0, VOILA_DIR)

import fork_kernels  # noqa: E402
from jupyter_client.manager import AsyncKernelManager  # noqa: E402
from jupyter_client.provisioning.factory import KernelProvisionerFactory  # noqa: E402

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="forking needs a POSIX system")


@pytest.fixture()
def template(tmp_path: Path) -> Iterator[fork_kernels.KernelTemplate]:
    """The server's template, installed as the server installs it, stopped afterwards."""
    installed = fork_kernels.install(logging.getLogger("test-fork"), [str(tmp_path / "src")])
    try:
        yield installed
    finally:
        fork_kernels.uninstall()
        fork_kernels._said.clear()


@asynccontextmanager
async def kernel(folder: Path, name: str) -> AsyncIterator[tuple[Any, Any]]:
    """A started kernel and a ready client; shut down afterwards."""
    manager = AsyncKernelManager(
        kernel_name="python3", transport="ipc", connection_file=str(folder / f"{name}.json")
    )
    await manager.start_kernel(cwd=str(folder))
    client = manager.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
        yield manager, client
    finally:
        client.stop_channels()
        if await manager.is_alive():
            await manager.shutdown_kernel(now=True)
        await manager.cleanup_resources()


async def run(client: Any, code: str, opened: list[str] | None = None) -> str:
    """What ``code`` printed in the kernel (and, into ``opened``, the model names of the
    widgets whose comm it opened, ``closed`` for each comm it closed)."""
    printed: list[str] = []

    def output(message: dict[str, Any]) -> None:
        if message["msg_type"] == "stream":
            printed.append(message["content"]["text"])
        elif message["msg_type"] == "comm_open" and opened is not None:
            opened.append(message["content"]["data"]["state"].get("_model_name", ""))
        elif message["msg_type"] == "comm_close" and opened is not None:
            opened.append("closed")

    reply = await client.execute_interactive(code, output_hook=output, timeout=60)
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(printed).strip()


def descriptor_targets(pid: int, lowest: int = 0) -> set[str]:
    """Where the process's descriptors from ``lowest`` on point (``socket:[inode]`` for a
    socket, ``pipe:[inode]`` for a pipe: both name one object)."""
    folder = f"/proc/{pid}/fd"
    targets = set()
    for name in os.listdir(folder):
        if int(name) >= lowest:
            with suppress(OSError):
                targets.add(os.readlink(os.path.join(folder, name)))
    return targets


PROBE = (
    "import os, random, numpy, comm\n"
    "print(os.getpid(), os.getppid(), os.getpgid(0), os.getcwd(), os.environ.get('FTW_PROBE'),"
    " ','.join(sorted(comm.get_comm_manager().targets)), random.random(), numpy.random.random(),"
    " sep='|')"
)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc")
def test_two_forked_kernels_are_separate_children_of_the_template(
    template: fork_kernels.KernelTemplate, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FTW_PROBE", "asked")  # the environment the server asks for

    async def scenario() -> list[list[str]]:
        seen: list[list[str]] = []
        async with kernel(tmp_path, "a") as first, kernel(tmp_path, "b") as second:
            for manager, client in (first, second):
                assert isinstance(manager.provisioner, fork_kernels.ForkProvisioner)
                assert isinstance(manager.provisioner.process, fork_kernels.ForkedKernel)
                seen.append((await run(client, PROBE)).split("|"))
                pid = manager.provisioner.pid
                assert template.process is not None
                # the template's own descriptors (its socket, its connections, its wake-up
                # pipe), not the standard streams every process inherits
                own = descriptor_targets(template.process.pid, lowest=3)
                leaked = own & descriptor_targets(pid)
                assert own and not {t for t in leaked if t.startswith(("socket:", "pipe:"))}
        return seen

    (pid_a, parent_a, group_a, cwd_a, env_a, targets, *draws_a), (pid_b, parent_b, *rest_b) = (
        asyncio.run(scenario())
    )
    assert template.process is not None
    assert pid_a != pid_b
    assert parent_a == parent_b == str(template.process.pid)
    assert group_a == pid_a  # a session of its own: signals go to the kernel's group only
    assert cwd_a == str(tmp_path) and env_a == "asked"
    # ipywidgets, imported by the template before any kernel existed, still listens for the
    # page's widgets (else every widget of a page stays "Loading widget...")
    assert {"jupyter.widget", "jupyter.widget.control"} <= set(targets.split(","))
    draws_b = rest_b[-2:]
    assert draws_a[0] != draws_b[0]  # random reseeds itself after a fork
    assert draws_a[1] != draws_b[1]  # numpy's global generator is reseeded by the child


def test_widgets_the_template_made_at_import_reach_the_page(
    template: fork_kernels.KernelTemplate, tmp_path: Path
) -> None:
    """ipycanvas makes its canvas manager (every canvas draws through it) when imported: in
    the template, with no kernel to tell. The kernel's first cell opens it, as importing it
    would have, and it stays open (else no board is ever drawn)."""
    still_open = (
        "import gc, comm\n"
        "from ipycanvas.canvas import _CANVAS_MANAGER as manager\n"
        "gc.collect()\n"
        "print(comm.get_comm_manager().get_comm(manager.comm.comm_id) is manager.comm)"
    )

    async def scenario() -> tuple[list[str], list[str], str]:
        first: list[str] = []
        second: list[str] = []
        async with kernel(tmp_path, "w") as (manager, client):
            assert isinstance(manager.provisioner.process, fork_kernels.ForkedKernel)
            await run(client, "from widgets.dashboard import GamePage", first)
            registered = await run(client, still_open, second)
        return first, second, registered

    first, second, registered = asyncio.run(scenario())
    assert "CanvasManagerModel" in first
    assert "CanvasManagerModel" not in second  # once
    assert "closed" not in second  # the comm it replaced, collected, did not close it
    assert registered == "True"


def test_a_forked_kernel_inherits_what_every_page_computes_the_same_way(
    template: fork_kernels.KernelTemplate, tmp_path: Path
) -> None:
    """The template rendered every game's rule page and imported the kernel's debugger before
    forking: a kernel starts with them, before its first page asks. It keeps no input history
    (a dashboard has no console to recall it)."""
    probe = (
        "import sys\n"
        "from widgets import rules_docs\n"
        "from ftwkit import registry\n"
        "print(rules_docs.rules_html.cache_info().currsize, len(registry.game_ids()),"
        " 'debugpy' in sys.modules, get_ipython().history_manager.enabled, sep='|')"
    )

    async def scenario() -> str:
        async with kernel(tmp_path, "p") as (manager, client):
            assert isinstance(manager.provisioner.process, fork_kernels.ForkedKernel)
            return await run(client, probe)

    rendered, games, debugger, history = asyncio.run(scenario()).split("|")
    assert int(rendered) == int(games) == 5
    assert debugger == "True"
    assert history == "False"


def test_a_changed_rule_page_counts_as_a_changed_source(tmp_path: Path) -> None:
    """The template rendered the rule pages once for every kernel: a page edited while the
    server runs must bring a fresh template, as a changed module does."""
    page = tmp_path / "rules" / "playwin.md"
    page.parent.mkdir()
    page.write_text("# Play Win\n")
    os.utime(page, (1_000_000, 1_000_000))
    (tmp_path / "rules" / "notes.txt").write_text("not a source\n")
    before = fork_kernels.sources_stamp([str(tmp_path)])
    assert before == 1_000_000
    page.write_text("# Play Win, revised\n")
    assert fork_kernels.sources_stamp([str(tmp_path)]) > before


def test_a_killed_forked_kernel_is_seen_dead_with_its_signal(
    template: fork_kernels.KernelTemplate, tmp_path: Path
) -> None:
    async def scenario() -> tuple[bool, int | None, float]:
        async with kernel(tmp_path, "k") as (manager, _client):
            process = manager.provisioner.process
            assert isinstance(process, fork_kernels.ForkedKernel)
            assert await manager.is_alive()
            os.kill(process.pid, signal.SIGKILL)
            start = time.monotonic()
            while await manager.is_alive() and time.monotonic() - start < 5:
                await asyncio.sleep(0.05)
            return await manager.is_alive(), process.returncode, time.monotonic() - start

    alive, code, _waited = asyncio.run(scenario())
    assert not alive
    assert code == -signal.SIGKILL
    assert template.process is not None
    assert not zombies(template.process.pid)  # the template reaped it


def zombies(pid: int) -> list[int]:
    """The process's children that ended and were not reaped."""
    found = []
    with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as fh:
        for child in fh.read().split():
            with open(f"/proc/{child}/stat", encoding="ascii") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    found.append(int(child))
    return found


def test_an_interrupt_reaches_the_forked_kernels_running_cell(
    template: fork_kernels.KernelTemplate, tmp_path: Path
) -> None:
    async def scenario() -> dict[str, Any]:
        async with kernel(tmp_path, "i") as (manager, client):
            assert isinstance(manager.provisioner.process, fork_kernels.ForkedKernel)
            reply = asyncio.ensure_future(
                client.execute_interactive("import time; time.sleep(60)", timeout=30)
            )
            await asyncio.sleep(1.0)
            await manager.interrupt_kernel()
            content: dict[str, Any] = (await reply)["content"]
            assert await manager.is_alive()
            return content

    content = asyncio.run(scenario())
    assert content["status"] == "error" and content["ename"] == "KeyboardInterrupt"


def test_a_dead_template_means_kernels_start_the_normal_way(
    template: fork_kernels.KernelTemplate, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert template.process is not None
    template.process.kill()
    template.process.wait()

    async def scenario() -> tuple[str, str]:
        async with kernel(tmp_path, "n") as (manager, client):
            kind = type(manager.provisioner.process).__name__
            return kind, await run(client, "print(1 + 1)")

    with caplog.at_level(logging.WARNING, logger="test-fork"):
        assert asyncio.run(scenario()) == ("Popen", "2")
        assert asyncio.run(scenario()) == ("Popen", "2")
    said = [r.getMessage() for r in caplog.records if "normal way" in r.getMessage()]
    assert len(said) == 1  # said once, not per kernel


def parent_of(pid: int) -> int:
    """The process's parent, from ``/proc``."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        return int(fh.read().rsplit(")", 1)[1].split()[1])


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")
def test_changed_sources_bring_a_fresh_template_and_the_old_one_leaves_with_its_kernels(
    template: fork_kernels.KernelTemplate, tmp_path: Path
) -> None:
    old = template.process
    assert old is not None
    source = tmp_path / "src" / "rules.py"

    async def scenario() -> None:
        async with kernel(tmp_path, "before") as (early, _client):
            assert parent_of(early.provisioner.pid) == old.pid
            source.parent.mkdir()
            source.write_text("SIZE = 8\n")
            async with kernel(tmp_path, "after") as (late, _client):
                assert template.process is not None and template.process is not old
                assert parent_of(late.provisioner.pid) == template.process.pid
                assert old.poll() is None  # retired, not killed: its kernel still runs

    asyncio.run(scenario())
    assert old.wait(10) == 0  # its last kernel gone, the retired template left by itself


def test_only_this_pythons_ipykernel_is_forked() -> None:
    python = sys.executable
    assert fork_kernels.kernel_arguments([python, "-m", "ipykernel_launcher", "-f", "c.json"]) == [
        "-f",
        "c.json",
    ]
    assert fork_kernels.kernel_arguments(["/usr/bin/other", "-m", "ipykernel_launcher"]) is None
    assert fork_kernels.kernel_arguments([python, "-m", "other_kernel", "-f", "c.json"]) is None


def test_uninstall_gives_kernels_back_to_the_local_provisioner() -> None:
    fork_kernels.install(logging.getLogger("test-fork"))
    factory = KernelProvisionerFactory.instance()
    assert factory.default_provisioner_name == fork_kernels.PROVISIONER_NAME
    fork_kernels.uninstall()
    assert factory.default_provisioner_name == "local-provisioner"
