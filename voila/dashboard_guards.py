"""What the dashboard server refuses: foreign Host names, too many kernels, other clients' kernels.

Voilà 0.5 turns Jupyter's own Host check off (``allow_remote_access``), starts a kernel for every
page request without limit and lets anyone who knows a kernel's id shut it down or connect to it.
This module holds the pieces :mod:`serve` wires in:

* :func:`host_allowed` and :class:`ForeignHost`: a routing rule placed before every handler that
  answers 403 to a request whose ``Host`` is not a loopback name or a configured name, which
  defeats DNS rebinding (a hostile page whose name resolves to 127.0.0.1 still sends its own name);
* :class:`KernelRegistry`: counts running and starting kernels against a cap and remembers which
  client (a random, HTTP-only cookie set with the dashboard page) started each kernel;
* :class:`DashboardKernelManager`: Jupyter's kernel manager whose culler gives a page that never
  connected (still loading on a busy machine) a longer grace than one whose connection went;
* :class:`OwnKernelsOnly` and the handler classes built on it: shutting a kernel down (``DELETE
  /api/kernels/<id>``, Voilà's shutdown endpoint) and connecting to it (the kernel websocket)
  answer 403 unless the request carries the cookie of the client that started that kernel.

Nothing here imports the rest of the server, so it can be tested without starting one.
"""

from __future__ import annotations

import asyncio
import html
import ipaddress
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any

import kernel_messages
from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import httputil, web
from tornado.routing import Matcher
from traitlets import Float, Int
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

CLIENT_COOKIE = "ftw_client"
"""The cookie naming the client a dashboard page (and so its kernel) belongs to."""
REGISTRY_SETTING = "ftw_kernel_registry"
"""The Tornado setting holding the server's :class:`KernelRegistry`."""
LOOPBACK_NAMES = frozenset({"localhost"})
"""Host names always accepted besides loopback addresses (127.0.0.0/8, ::1)."""


# --------------------------------------------------------------------------- Host header
def host_name(host_header: str) -> str:
    """The name part of a ``Host`` header: lower case, without port and IPv6 brackets."""
    host = host_header.strip().lower()
    if host.startswith("["):
        inside, bracket, rest = host[1:].partition("]")
        port_ok = not rest or (rest[0] == ":" and rest[1:].isdigit())
        return inside if bracket and port_ok else ""
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def host_allowed(host_header: str, allowed: Iterable[str] = ()) -> bool:
    """Whether a request with this ``Host`` header may be served.

    Loopback addresses and ``localhost`` always are; other names only when listed in
    ``allowed`` (compared without port and case). An empty or malformed header is refused.
    """
    name = host_name(host_header)
    if not name:
        return False
    if name in LOOPBACK_NAMES or name in {host_name(a) for a in allowed}:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class ForeignHost(Matcher):
    """Matches the requests whose ``Host`` header :func:`host_allowed` refuses."""

    def __init__(self, allowed: Iterable[str]) -> None:
        self.allowed = tuple(allowed)

    def match(self, request: httputil.HTTPServerRequest) -> dict[str, Any] | None:
        """An empty match (route to :class:`HostRefused`) for a foreign host, else no match."""
        return None if host_allowed(request.host, self.allowed) else {}


class HostRefused(web.RequestHandler):
    """Answers 403 to every request routed here (a foreign ``Host``), before any other work."""

    def prepare(self) -> None:
        """Refuse, whatever the method or path."""
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(
            "403: this dashboard server answers only to its own host names "
            "(loopback, or those given with --allowed-hosts).\n"
        )


# --------------------------------------------------------------------------- kernels
class KernelRegistry:
    """The cap on kernels, each client's share of it, and who owns each kernel.

    A page request first :meth:`reserve`\\ s a slot (refused when running plus starting kernels
    reach ``max_kernels``, or when the requesting client or address already holds its share),
    then either :meth:`started` records its kernel's owner or :meth:`release` gives the slot
    back. Counting the starting kernels keeps a burst of simultaneous requests from overshooting
    the cap while their kernels are still booting. A pre-rendered kernel from a pool is already
    running (and counted); :meth:`hand_over` makes it the requesting client's.

    A *client* is the browser's :data:`CLIENT_COOKIE`; an *address* the visitor's IP address.
    Both are limited because a script can drop its cookies on every request: 30 cookie-less
    requests from one address hold at most ``per_address`` kernels, and the rest of the cap
    stays free for other visitors.
    """

    def __init__(self, max_kernels: int, per_client: int = 0, per_address: int = 0) -> None:
        if max_kernels < 1:
            raise ValueError(f"max_kernels must be at least 1, not {max_kernels}")
        self.max_kernels = max_kernels
        self.per_client = min(per_client, max_kernels) if per_client > 0 else max_kernels
        self.per_address = min(per_address, max_kernels) if per_address > 0 else max_kernels
        self.starting = 0
        self.owners: dict[str, str] = {}
        self.addresses: dict[str, str] = {}
        self._starting_for: dict[tuple[str, str], int] = {}

    def open_count(self, running: Iterable[str]) -> int:
        """How many kernels hold a slot: those recorded and alive plus those still starting.

        A starting kernel may already be listed by the kernel manager before its start returns
        (and it is recorded), so adding the manager's count to :attr:`starting` would count it
        twice and refuse visitors below the cap. Kernels listed but never recorded here (started
        some other way, such as pooled kernels waiting for a visitor) still count: the result
        is never below the manager's own count.
        """
        alive = set(running)
        recorded = sum(1 for kernel_id in self.owners if kernel_id in alive)
        return max(len(alive), recorded + self.starting)

    def held(self, running: Iterable[str], client: str = "", address: str = "") -> tuple[int, int]:
        """How many kernels (alive or starting) ``client`` and ``address`` hold."""
        alive = set(running)
        by_client = sum(1 for k, o in self.owners.items() if k in alive and client and o == client)
        by_address = sum(
            1 for k, a in self.addresses.items() if k in alive and address and a == address
        )
        by_client += self._starting_for.get(("client", client), 0) if client else 0
        by_address += self._starting_for.get(("address", address), 0) if address else 0
        return by_client, by_address

    def refusal(
        self, running: Iterable[str], client: str = "", address: str = "", *, pooled: bool = False
    ) -> str | None:
        """Why a new page for this client would be refused: ``"cap"`` (the server is full),
        ``"client"`` or ``"address"`` (its share is used up), or ``None``.

        ``pooled``: the page gets a kernel that is already running, so the cap is not asked.
        """
        running = list(running)
        if not pooled and self.open_count(running) >= self.max_kernels:
            return "cap"
        by_client, by_address = self.held(running, client, address)
        if client and by_client >= self.per_client:
            return "client"
        if address and by_address >= self.per_address:
            return "address"
        return None

    def reserve(self, running: Iterable[str], client: str = "", address: str = "") -> bool:
        """Take a slot for a kernel about to start, if :meth:`refusal` finds no reason not to."""
        if self.refusal(running, client, address) is not None:
            return False
        self.starting += 1
        self._count_starting(client, address, +1)
        return True

    def _count_starting(self, client: str, address: str, step: int) -> None:
        for key in (("client", client), ("address", address)):
            if key[1]:
                left = self._starting_for.get(key, 0) + step
                if left > 0:
                    self._starting_for[key] = left
                else:
                    self._starting_for.pop(key, None)

    def release(self, client: str = "", address: str = "") -> None:
        """Give back a reserved slot whose kernel was never started (or is now recorded)."""
        self.starting = max(0, self.starting - 1)
        self._count_starting(client, address, -1)

    def started(
        self, kernel_id: str, owner: str, running: Iterable[str], address: str = ""
    ) -> None:
        """Record that ``owner``'s reserved slot became kernel ``kernel_id``; forget dead ones."""
        self.release(owner, address)
        self._record(kernel_id, owner, running, address)

    def hand_over(
        self, kernel_id: str, owner: str, running: Iterable[str], address: str = ""
    ) -> None:
        """Record that a pooled kernel (never owned so far) now belongs to ``owner``.

        Raises:
            ValueError: the kernel already has an owner (a pooled kernel goes to one client).
        """
        if kernel_id in self.owners:
            raise ValueError(f"kernel {kernel_id} was already handed over")
        self._record(kernel_id, owner, running, address)

    def _record(self, kernel_id: str, owner: str, running: Iterable[str], address: str) -> None:
        alive = set(running) | {kernel_id}
        self.owners = {k: o for k, o in self.owners.items() if k in alive}
        self.addresses = {k: a for k, a in self.addresses.items() if k in alive}
        self.owners[kernel_id] = owner
        if address:
            self.addresses[kernel_id] = address

    def owned_by(self, kernel_id: str | None, client: str | None) -> bool:
        """Whether ``client`` (its cookie value) started ``kernel_id``; unknown kernels: no."""
        owner = self.owners.get(kernel_id or "")
        return owner is not None and client is not None and secrets.compare_digest(owner, client)


KERNEL_STOPPED_CLOSE_CODE = 4001
"""The websocket close code telling a page that its kernel stopped for good (the page says so
at once and offers to reload at the position it showed; any other close waits for a reconnect)."""

VISITOR_MESSAGE_TYPES_REFUSED = frozenset({"shutdown_request"})
"""Kernel messages a visitor's page may not send, although Voilà forwards them: shutting the
kernel down from the page left a board whose clicks went nowhere."""


class DashboardKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Jupyter's kernel manager for dashboards: fair culling, a dead kernel said aloud, and
    pool refills that never crowd out visitors.

    * ``MappingKernelManager.cull_idle_timeout`` (short) applies to a kernel that had a page
      connected and lost it (a tab closed without its unload beacon, a crashed browser). A kernel
      whose page never connected yet is culled only after ``unconnected_cull_timeout``: with 20
      visitors arriving at once on a small machine, a page can take minutes between receiving its
      HTML and connecting. A page left open and untouched for ``connected_cull_timeout`` loses its
      kernel too (the page says so and offers to reload at its position).
    * A kernel that dies is not replaced by an empty one under the same id (Jupyter's automatic
      restart is off: ``KernelRestarter.restart_limit`` 0): its pages' websockets are closed with
      :data:`KERNEL_STOPPED_CLOSE_CODE`, so the page can say what happened within seconds.
    * ``shutdown_request`` from a page is dropped (control and shell channels alike).
    * Kernels started to fill a pre-rendered pool (Voilà's ``preheat_kernel``) start one at a
      time, ``pool_fill_interval`` seconds apart, only while ``pool_headroom`` slots of the
      kernel cap stay free for visitors (see :attr:`registry`) and no visitor's kernel is
      starting. A pool a visitor found empty grows by one kernel, up to ``pool_grow_max``, and
      goes back to its configured size after ``pool_shrink_after`` quiet seconds.
    * After a burst of visitors, refills (and growth) also wait until the pages served have
      settled (:meth:`pages_settled`): every kernel handed over or started for a page has its
      page connected, and ``pool_settle_after`` seconds passed without a page served, connecting
      or, while being built, sending its kernel a message (its canvas saying it is ready). A kernel
      start and a page being built in its browser compete for the same cores when the visitors
      sit at the server's machine (or a proxy shares it); a refill started then slows every page
      of the burst. One refill waits at most ``pool_settle_max`` seconds for that.
    """

    unconnected_cull_timeout = Int(
        300,
        config=True,
        help="Idle seconds before culling a kernel whose page never connected to it.",
    )
    connected_cull_timeout = Int(
        3600,
        config=True,
        help="Idle seconds before culling a kernel whose page is still open (0: never).",
    )
    pool_fill_interval = Float(
        2.0,
        config=True,
        help="Seconds between two starts of pre-rendered (pooled) kernels: refills never take "
        "more than one start at a time from visitors.",
    )
    pool_headroom = Int(
        2,
        config=True,
        help="Kernel-cap slots a pool refill always leaves free for visitors.",
    )

    pool_grow_max = Int(
        3,
        config=True,
        help="Most waiting kernels a drained pool grows to (adaptive pools; never below the "
        "configured size; 0: pools keep their configured size).",
    )
    pool_shrink_after = Float(
        600.0,
        config=True,
        help="Seconds without a drained pool before a grown pool goes back to its configured "
        "size (its extra waiting kernels are shut down).",
    )
    pool_settle_after = Float(
        5.0,
        config=True,
        help="Quiet seconds a pool refill waits for after the last page served (a page request, "
        "a kernel handed over or started for a page, a fresh page connecting to its kernel or "
        "sending it a message while it is built), so that refills do not take the cores from "
        "pages still being built (0: no wait).",
    )
    pool_settle_max = Float(
        120.0,
        config=True,
        help="Most seconds one pool refill waits for the served pages to settle (under steady "
        "traffic a pool still refills, one kernel per this many seconds at least; a page "
        "that never connects holds refills back this long at most).",
    )

    registry: KernelRegistry | None = None
    """The server's kernel registry (set by the launcher): pool refills respect its cap."""
    pool_sizes: dict[str, int]
    """Each pooled notebook's configured pool size (set by the launcher)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._sockets: dict[str, set[Any]] = {}
        self._fill_lock = asyncio.Lock()
        self._grown: dict[str, tuple[int, float]] = {}
        self.pool_sizes = {}
        self.clock: Callable[[], float] = time.monotonic
        """The clock of the settling rules (a test gives a fake one)."""
        self._last_page_served = float("-inf")
        self._pages_expected: dict[str, float] = {}
        self._pages_building: dict[str, float] = {}
        self.allowed_message_types = [
            t for t in self.allowed_message_types if t not in VISITOR_MESSAGE_TYPES_REFUSED
        ]

    def add_socket(self, kernel_id: str, socket: Any) -> None:
        """Remember an open kernel websocket, to close it when its kernel shuts down."""
        self._sockets.setdefault(kernel_id, set()).add(socket)

    def discard_socket(self, kernel_id: str, socket: Any) -> None:
        """Forget a kernel websocket that closed."""
        self._sockets.get(kernel_id, set()).discard(socket)

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel (a pool refill waits its turn and for room under the cap).

        A kernel that dies later is shut down, not restarted empty (see the class docstring).
        """
        env = kwargs.get("env") or {}
        if env.get("VOILA_PREHEAT") == "True":
            async with self._fill_lock:
                await self._wait_for_pool_room()
                if await self._wait_for_pages_to_settle():
                    await self._wait_for_pool_room()  # visitors may have come meanwhile
                kernel_id = str(await super().start_kernel(**kwargs))
                await asyncio.sleep(self.pool_fill_interval)
        else:
            kernel_id = str(await super().start_kernel(**kwargs))
        self.add_restart_callback(kernel_id, lambda: self._kernel_died(kernel_id), "dead")
        return kernel_id

    async def _wait_for_pool_room(self) -> None:
        """Wait until a refill takes nothing from visitors: room under the cap beyond
        :attr:`pool_headroom`, and no visitor's kernel starting (on a small machine the two
        would share the cores, and the visitor, who is waiting, would wait longer)."""
        while self.registry is not None:
            free = self.registry.max_kernels - self.registry.open_count(self.list_kernel_ids())
            if free > self.pool_headroom and self.registry.starting == 0:
                return
            await asyncio.sleep(max(1.0, self.pool_fill_interval))

    def page_served(self, kernel_id: str = "") -> None:
        """A page is being served now: a request for it, or its kernel handed over from a pool
        or started for it (``kernel_id``: its page is expected to connect to it)."""
        now = self.clock()
        self._last_page_served = now
        if kernel_id:
            self._pages_expected[kernel_id] = now

    def page_message(self, kernel_id: str) -> None:
        """A page sent its kernel a message: while the page is fresh (connected less than
        ``pool_settle_max`` seconds ago) it is still being built — its widgets load their
        state, its canvas says it is ready for the board — and that counts as serving it."""
        since = self._pages_building.get(kernel_id)
        if since is None:
            return
        now = self.clock()
        if now - since < self.pool_settle_max:
            self._last_page_served = now
        else:
            del self._pages_building[kernel_id]

    def pages_settled(self) -> bool:
        """Whether the pages served lately are built: each kernel handed over or started for a
        page has seen its page connect (or is gone, or waited longer than ``pool_settle_max``:
        its visitor left), and for ``pool_settle_after`` seconds no page was served, connected
        or sent a message while it was being built."""
        now = self.clock()
        alive = set(self.list_kernel_ids())
        self._pages_expected = {
            k: since
            for k, since in self._pages_expected.items()
            if k in alive and now - since < self.pool_settle_max
        }
        self._pages_building = {
            k: since
            for k, since in self._pages_building.items()
            if k in alive and now - since < self.pool_settle_max
        }
        return not self._pages_expected and now - self._last_page_served >= self.pool_settle_after

    async def _wait_for_pages_to_settle(self) -> bool:
        """Hold a refill back until :meth:`pages_settled`, at most ``pool_settle_max`` s;
        whether it waited."""
        if self.pool_settle_after <= 0:
            return False
        deadline = self.clock() + self.pool_settle_max
        waited = False
        while not self.pages_settled() and self.clock() < deadline:
            if not waited:
                self.log.info("Pool refill waits for the pages served to settle")
                waited = True
            await asyncio.sleep(min(1.0, max(0.05, self.pool_settle_after / 5)))
        return waited

    def pool_target(self, notebook: str) -> int:
        """How many waiting kernels ``notebook``'s pool is kept at now (configured or grown)."""
        grown = self._grown.get(notebook)
        return max(self.pool_sizes.get(notebook, 0), grown[0] if grown else 0)

    def pool_drained(self, notebook: str) -> None:
        """A visitor found no waiting kernel in ``notebook``'s pool: grow it by one kernel.

        Bounded by :attr:`pool_grow_max` per notebook and, for all pools together, by the kernel
        cap less :attr:`pool_headroom`; the refill itself still starts one kernel at a time.
        A pool that is not drained again for :attr:`pool_shrink_after` seconds goes back to its
        configured size (see :meth:`shrink_quiet_pools`).
        """
        base = self.pool_sizes.get(notebook, 0)
        if base <= 0:
            return
        target = min(max(base, self.pool_grow_max), self.pool_target(notebook) + 1)
        if self.registry is not None:
            others = sum(self.pool_target(n) for n in self.pool_sizes if n != notebook)
            room = self.registry.max_kernels - self.pool_headroom - others
            target = min(target, max(base, room))
        if target > self.pool_target(notebook):
            self.log.info("Pool of %s drained: grown to %d kernel(s)", notebook, target)
        self._grown[notebook] = (max(target, base), time.monotonic())
        self._set_pool_size(notebook, self.pool_target(notebook))

    def shrink_quiet_pools(self) -> list[str]:
        """Take grown pools not drained for :attr:`pool_shrink_after` seconds back to their
        configured size; the kernel ids of their extra waiting kernels (to shut down)."""
        now = time.monotonic()
        extra: list[str] = []
        for notebook, (_, since) in list(self._grown.items()):
            if now - since < self.pool_shrink_after:
                continue
            del self._grown[notebook]
            base = self.pool_sizes.get(notebook, 0)
            self.log.info("Pool of %s quiet: back to %d kernel(s)", notebook, base)
            self._set_pool_size(notebook, base)
            pool: list[Any] = getattr(self, "_pools", {}).get(notebook) or []
            ready = [e for e in pool if e.done() and not e.cancelled() and not e.exception()]
            for entry in ready[base:]:
                extra.append(str(entry.result().get("kernel_id")))
        return extra

    def _set_pool_size(self, notebook: str, size: int) -> None:
        """Tell Voilà's pool filler the size to keep ``notebook``'s pool at, and fill it."""
        pools = dict(getattr(self, "kernel_pools_config", {}) or {})
        pools[notebook] = {**pools.get(notebook, {}), "pool_size": size}
        self.kernel_pools_config = pools
        fill = getattr(self, "fill_if_needed", None)
        if fill is not None and size > 0:
            fill(delay=0, notebook_name=notebook)

    async def cull_kernels(self) -> None:
        """Jupyter's culling round, after taking quiet grown pools back to their size."""
        for kernel_id in self.shrink_quiet_pools():
            if kernel_id in self.list_kernel_ids():
                self.log.info("Pool back to its size: waiting kernel %s shut down", kernel_id)
                await self.shutdown_kernel(kernel_id, now=True)
        await super().cull_kernels()  # type: ignore[no-untyped-call]

    def _kernel_died(self, kernel_id: str) -> None:
        """The kernel died (``KernelRestarter.restart_limit`` is 0: it is not restarted empty).

        Jupyter forgets it and sends its pages a ``dead`` status; this closes their websockets
        with :data:`KERNEL_STOPPED_CLOSE_CODE` and takes it out of a pre-rendered pool.
        """
        self.log.warning("Kernel %s died; telling its page", kernel_id)
        self._close_sockets(kernel_id)
        pools: dict[str, list[Any]] = getattr(self, "_pools", {})
        for name, pool in pools.items():
            for entry in list(pool):
                if (
                    entry.done()
                    and not entry.exception()
                    and entry.result().get("kernel_id") == kernel_id
                ):
                    pool.remove(entry)
                    fill = getattr(self, "fill_if_needed", None)
                    if fill is not None:
                        fill(notebook_name=name)

    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, now: bool = False, restart: bool = False
    ) -> None:
        """Shut the kernel down, then close its websockets (Jupyter leaves them open, dead).

        So the page learns its kernel is gone and can say so, instead of showing a board whose
        clicks go nowhere.
        """
        await super().shutdown_kernel(kernel_id, now=now, restart=restart)
        if not restart:
            self._close_sockets(kernel_id)

    def _close_sockets(self, kernel_id: str) -> None:
        for socket in self._sockets.pop(kernel_id, set()):
            socket.close(KERNEL_STOPPED_CLOSE_CODE, "kernel stopped")

    def notify_connect(self, kernel_id: str) -> None:
        """Count the connection, and remember that this kernel's page did connect."""
        super().notify_connect(kernel_id)
        self._ever_connected = (self._ever_connected & set(self.list_kernel_ids())) | {kernel_id}
        if self._pages_expected.pop(kernel_id, None) is not None:
            now = self.clock()
            self._last_page_served = now  # a fresh page: its browser builds it now
            self._pages_building[kernel_id] = now

    def touch(self, kernel_id: str) -> None:
        """Count a pooled kernel as active from now (its hand-over): the culler's clock restarts."""
        kernel: Any = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = utcnow()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter's culling, with the longer grace for a kernel whose page never connected,
        and a long one for a page left open."""
        kernel: Any = self._kernels.get(kernel_id)
        if kernel is None:  # shut down while the culler went through the list
            return
        if hasattr(kernel, "last_activity"):
            idle = (utcnow() - kernel.last_activity).total_seconds()
            if kernel_id not in self._ever_connected:
                if idle <= self.unconnected_cull_timeout:
                    return
            elif (
                self.connected_cull_timeout > 0
                and idle > self.connected_cull_timeout
                and self._kernel_connections.get(kernel_id, 0) > 0
            ):
                self.log.warning("Culling kernel %s: its page was idle %d s", kernel_id, idle)
                await self.shutdown_kernel(kernel_id)
                return
        await super().cull_kernel_if_idle(kernel_id)


def new_client_token() -> str:
    """A fresh, unguessable client identity for the :data:`CLIENT_COOKIE` cookie."""
    return secrets.token_urlsafe(24)


class OwnedKernelStarts:
    """A kernel manager seen through one page request: the page's kernel is recorded as owned.

    Voilà's page handler starts the page's kernel with ``self.kernel_manager.start_kernel``, or
    takes a pre-rendered one with ``self.kernel_manager.get_rendered_notebook``; the dashboard
    handler hands it this wrapper so that the kernel is recorded with the requesting client
    (and its address) the moment it is the page's. Everything else is the real manager's.
    """

    def __init__(
        self,
        manager: Any,
        registry: KernelRegistry,
        owner: str,
        address: str = "",
        request_env: dict[str, str] | None = None,
    ) -> None:
        self._manager = manager
        self._registry = registry
        self._owner = owner
        self._address = address
        self._request_env = request_env or {}
        self.recorded = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, **kwargs: Any) -> str:
        """Start the kernel as the real manager does and record its owner."""
        kernel_id = str(await ensure_async(self._manager.start_kernel(**kwargs)))
        self._registry.started(
            kernel_id, self._owner, self._manager.list_kernel_ids(), self._address
        )
        self.recorded = True
        if hasattr(self._manager, "page_served"):
            self._manager.page_served(kernel_id)
        return kernel_id

    async def get_rendered_notebook(self, **kwargs: Any) -> Any:
        """Take a pre-rendered kernel from the pool: it becomes this client's from now on.

        Its idle clock restarts (a kernel pooled for an hour is not culled before its page
        connects), and the request's details (host, port, page path) go into its environment,
        as Voilà gives them to a kernel started for the request, so its links name this server.
        """
        render_task, rendered, kernel_id = await self._manager.get_rendered_notebook(**kwargs)
        self._registry.hand_over(
            kernel_id, self._owner, self._manager.list_kernel_ids(), self._address
        )
        self.recorded = True
        if hasattr(self._manager, "page_served"):
            self._manager.page_served(kernel_id)
        if hasattr(self._manager, "touch"):
            self._manager.touch(kernel_id)
        if self._request_env:
            await set_kernel_environment(self._manager, kernel_id, self._request_env)
        return render_task, rendered, kernel_id


async def set_kernel_environment(manager: Any, kernel_id: str, env: dict[str, str]) -> None:
    """Update ``os.environ`` in a running kernel: a silent execution on a shell connection of
    the server's own (as Jupyter asks a kernel for its info), waited for at most 10 s."""
    code = f"__import__('os').environ.update({env!r})"
    try:
        session = manager.get_kernel(kernel_id).session
        stream = manager.connect_shell(kernel_id)
    except Exception as err:  # the kernel went meanwhile: its page will say so
        manager.log.warning("could not pass the request to kernel %s: %s", kernel_id, err)
        return
    answered: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def on_reply(_parts: Any) -> None:
        if not answered.done():
            answered.set_result(None)

    try:
        stream.on_recv(on_reply)
        content = {"code": code, "silent": True, "store_history": False}
        content |= {"user_expressions": {}, "allow_stdin": False, "stop_on_error": False}
        session.send(stream, "execute_request", content)
        await asyncio.wait_for(answered, 10)
    except Exception as err:
        manager.log.warning("kernel %s did not take the request's details: %s", kernel_id, err)
    finally:
        stream.close()


class OwnKernelsOnly:
    """Mixin for handlers addressing one kernel by id: 403 unless the client started it."""

    settings: dict[str, Any]
    path_kwargs: dict[str, Any]
    get_cookie: Any

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A one-line plain-text error (Jupyter's HTML error page needs settings Voilà lacks,
        and failed with a traceback in the server's log on every refused reconnect)."""
        self.set_header("Content-Type", "text/plain; charset=utf-8")  # type: ignore[attr-defined]
        self.finish(f"{status_code}\n")  # type: ignore[attr-defined]

    def check_kernel_owner(self, kernel_id: str | None = None) -> None:
        """Raise 403 if this request's client cookie is not the owner of the kernel addressed."""
        registry: KernelRegistry = self.settings[REGISTRY_SETTING]
        kernel_id = kernel_id or self.path_kwargs.get("kernel_id")
        if not registry.owned_by(kernel_id, self.get_cookie(CLIENT_COOKIE)):
            raise web.HTTPError(403, "this kernel belongs to another page")


class OwnKernelHandler(OwnKernelsOnly, KernelHandler):  # type: ignore[misc]
    """``/api/kernels/<id>``: ``DELETE`` (shut down) for the kernel's own client only.

    ``GET`` (the kernel's state) stays open to anyone who knows the id, as in Voilà: it changes
    nothing, and tools poll it to see whether a kernel is gone.
    """

    async def prepare(self) -> None:  # type: ignore[override]
        """Jupyter's checks (host, XSRF, origin), then the owner check for anything but GET."""
        await super().prepare()
        if self.request.method not in ("GET", "HEAD"):
            self.check_kernel_owner()


class OwnShutdownHandler(OwnKernelsOnly, VoilaShutdownKernelHandler):  # type: ignore[misc]
    """Voilà's ``POST /voila/api/shutdown/<id>`` (sent when a tab closes), owner only."""

    async def prepare(self) -> None:
        """Jupyter's checks (host, XSRF, origin), then the owner check."""
        await super().prepare()
        kernel_id = self.path_args[0] if self.path_args else None
        self.check_kernel_owner(kernel_id)


class OwnKernelWebsocketHandler(OwnKernelsOnly, VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """The kernel websocket (widget messages only, as Voilà's), owner only, nothing leaked.

    Messages to the browser that would carry a traceback or server paths (errors, ``stderr``,
    error replies: see :mod:`kernel_messages`) are withheld; a message from the browser that
    cannot be passed on (a lone surrogate character, a malformed frame) is dropped alone
    instead of taking the connection down.
    """

    async def pre_get(self) -> None:
        """Refuse the upgrade unless the client owns the kernel, then connect as Voilà does."""
        self.check_kernel_owner()
        await super().pre_get()

    async def open(self, kernel_id: str) -> None:  # type: ignore[override]
        """Connect as Voilà does; the kernel manager closes this socket if the kernel goes."""
        if hasattr(self.kernel_manager, "add_socket"):
            self.kernel_manager.add_socket(kernel_id, self)
        await super().open(kernel_id)

    def on_message(self, message: str | bytes) -> None:
        """Pass the browser's message on, cleaned; drop it (not the socket) if it cannot go."""
        if isinstance(message, str):
            message = kernel_messages.without_lone_surrogates(message)
        if hasattr(self.kernel_manager, "page_message"):
            self.kernel_manager.page_message(self.kernel_id)
        try:
            super().on_message(message)
        except Exception as err:
            self.log.warning("dropped a malformed message from a dashboard page: %s", err)

    def write_message(self, message: Any, binary: bool = False) -> Any:
        """Send the kernel's message to the browser unless it carries an error's details."""
        why = kernel_messages.withheld(message)
        if why is not None:
            _, content, _ = kernel_messages.message_parts(message)
            said = content.get("text") or content.get("evalue") if isinstance(content, dict) else ""
            self.log.info("withheld a kernel message from the page (%s): %.300r", why, said)
            return None
        return super().write_message(message, binary)

    def select_subprotocol(self, subprotocols: list[str]) -> str | None:
        """Jupyter's choice; none if the page already went while its upgrade was accepted
        (Jupyter's own method then failed with a traceback in the server's log)."""
        if getattr(self, "connection", None) is None:
            return None
        choice: str | None = super().select_subprotocol(subprotocols)
        return choice

    def on_close(self) -> None:
        """Disconnect as Voilà does and stop being tracked."""
        if hasattr(self.kernel_manager, "discard_socket"):
            self.kernel_manager.discard_socket(self.kernel_id, self)
        super().on_close()


BUSY_REASONS = {
    "cap": "This server runs at most {cap} at once and {running} open.",
    "client": "This browser already has {held} open on this server, its share of the {cap} "
    "the server runs at once.",
    "address": "Your network address already has {held} open on this server, its share of "
    "the {cap} the server runs at once.",
}
"""What the busy page says, by :meth:`KernelRegistry.refusal` reason (counts filled in by
:func:`dashboards`)."""


def dashboards(count: int) -> str:
    """``"1 dashboard"``, ``"2 dashboards"``: a count of dashboards in words a visitor reads."""
    return f"{int(count)} dashboard{'' if int(count) == 1 else 's'}"


def busy_page(running: int, cap: int, reason: str = "cap", held: int = 0, retry: int = 30) -> str:
    """The page served (503, or 429 for a client over its share): says why and when to come
    back, and tries again by itself after ``retry`` seconds."""
    are_open = f"{dashboards(running)} {'is' if int(running) == 1 else 'are'}"
    why = BUSY_REASONS.get(reason, BUSY_REASONS["cap"]).format(
        cap=dashboards(cap), running=are_open, held=dashboards(held)
    )
    advice = (
        "Close a dashboard tab you no longer use (its place is freed within seconds)"
        if reason != "cap"
        else "Dashboards closed or left idle free their places"
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Dashboards busy</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:sans-serif;max-width:40em;margin:4em auto;padding:0 1em;line-height:1.5}}
button{{font-size:1em;padding:.4em 1.2em}}</style></head>
<body><h1>Too many dashboards open</h1>
<p id="ftw-busy">{html.escape(why)} {html.escape(advice)}. Come back in about
{int(retry)} seconds: this page tries again by itself in
<span id="ftw-retry">{int(retry)}</span> s.</p>
<p><button type="button" onclick="location.reload()">Reload now</button></p>
<script>
(function () {{
  let left = {int(retry)};
  const shown = document.getElementById('ftw-retry');
  const tick = window.setInterval(function () {{
    left -= 1;
    shown.textContent = String(Math.max(left, 0));
    if (left <= 0) {{ window.clearInterval(tick); location.reload(); }}
  }}, 1000);
}})();
</script>
</body></html>
"""


def parse_pool_sizes(spec: int | str, pooled: Iterable[str]) -> dict[str, int]:
    """Each pooled notebook's pool size from ``--pool-size``: ``N`` (every notebook of
    ``pooled``), or ``name=N`` entries separated by commas, ``default=N`` standing for every
    notebook of ``pooled`` not named (e.g. ``playwin.ipynb=12,default=1``). A notebook named
    is pooled even if ``pooled`` leaves it out; size 0 leaves it without a pool.

    Raises:
        ValueError: a malformed entry, a negative size, or a name that is not a notebook.
    """
    default = 1
    named: dict[str, int] = {}
    entries = [spec] if isinstance(spec, int) else [e.strip() for e in spec.split(",")]
    for entry in entries:
        if entry == "":
            continue
        name, equals, value = str(entry).rpartition("=") if "=" in str(entry) else ("", "", entry)
        name = name.strip()
        try:
            size = int(str(value).strip())
        except ValueError:
            raise ValueError(
                f"--pool-size: {entry!r} is not N or notebook.ipynb=N (e.g. "
                "playwin.ipynb=12,default=1)"
            ) from None
        if size < 0:
            raise ValueError(f"--pool-size: {entry!r}: a pool size cannot be negative")
        if not equals or name == "default":
            default = size
        elif not name.endswith(".ipynb"):
            raise ValueError(f"--pool-size: {name!r} is not a notebook name (name.ipynb=N)")
        else:
            named[name] = size
    sizes = {name: default for name in pooled}
    sizes |= named
    return {name: size for name, size in sizes.items() if size > 0}


def _ready_pool_entries(manager: Any, notebook: str) -> list[tuple[int, Any]]:
    """``notebook``'s pool entries whose kernel is started and alive, each with 0 when it is
    done rendering (1 while it still renders)."""
    pool: list[Any] = getattr(manager, "_pools", {}).get(notebook) or []
    alive = set(manager.list_kernel_ids())
    ready = []
    for entry in pool:
        if not entry.done() or entry.cancelled() or entry.exception() is not None:
            continue
        content = entry.result()
        if content.get("kernel_id") in alive:
            ready.append((0 if content["task"].done() else 1, entry))
    return ready


def ready_pooled_kernel_first(manager: Any, notebook: str) -> bool:
    """Whether ``notebook``'s pool has a kernel ready for a visitor; if so it is put first.

    Voilà hands out its pool's first entry and waits for it if it is still starting; a visitor
    is better served by a fresh kernel than by waiting behind a refill. Ready: started, alive,
    and preferably done rendering.
    """
    ready = _ready_pool_entries(manager, notebook)
    if not ready:
        return False
    pool: list[Any] = manager._pools[notebook]
    best = min(ready, key=lambda r: r[0])[1]
    pool.remove(best)
    pool.insert(0, best)
    return True


class QuietTrustWarnings(logging.Filter):
    """Drops Jupyter's "Notebook … is not trusted" warning, logged on every page load.

    The dashboards are the project's own notebooks, rendered with their outputs marked trusted
    by Voilà's exporter whatever their signature; the warning says nothing an operator can act
    on and buried the server's real messages.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep every record but that warning."""
        return not str(record.msg).startswith("Notebook %s is not trusted")


async def evict_pooled_kernel(manager: Any, keep: str = "") -> bool:
    """Shut down one waiting pre-rendered kernel (of a notebook other than ``keep``) to make
    room under the cap for a visitor; whether one was found.

    Pooled kernels count against the cap, but a visitor is never turned away while one of them
    merely waits: its pool refills later, when the cap leaves room again.
    """
    pools: dict[str, list[Any]] = getattr(manager, "_pools", {})
    alive = set(manager.list_kernel_ids())
    for name, pool in pools.items():
        if name == keep:
            continue
        for entry in pool:
            if not entry.done() or entry.cancelled() or entry.exception() is not None:
                continue
            kernel_id = entry.result().get("kernel_id")
            if kernel_id not in alive:
                continue
            manager.log.info("Making room for a visitor: pooled kernel of %s shut down", name)
            await manager.shutdown_kernel(kernel_id, now=True)
            fill = getattr(manager, "fill_if_needed", None)
            if fill is not None:
                fill(notebook_name=name)
            return True
    return False
