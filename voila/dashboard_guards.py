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

import html
import ipaddress
import secrets
from collections.abc import Iterable
from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import httputil, web
from tornado.routing import Matcher
from traitlets import Int
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
    """The cap on kernels and who owns each kernel.

    A page request first :meth:`reserve`\\ s a slot (refused when running plus starting kernels
    reach ``max_kernels``), then either :meth:`started` records its kernel's owner or
    :meth:`release` gives the slot back. Counting the starting kernels keeps a burst of
    simultaneous requests from overshooting the cap while their kernels are still booting.
    """

    def __init__(self, max_kernels: int) -> None:
        if max_kernels < 1:
            raise ValueError(f"max_kernels must be at least 1, not {max_kernels}")
        self.max_kernels = max_kernels
        self.starting = 0
        self.owners: dict[str, str] = {}

    def open_count(self, running: Iterable[str]) -> int:
        """How many kernels hold a slot: those recorded and alive plus those still starting.

        A starting kernel may already be listed by the kernel manager before its start returns
        (and it is recorded), so adding the manager's count to :attr:`starting` would count it
        twice and refuse visitors below the cap. Kernels listed but never recorded here (started
        some other way) still count: the result is never below the manager's own count.
        """
        alive = set(running)
        recorded = sum(1 for kernel_id in self.owners if kernel_id in alive)
        return max(len(alive), recorded + self.starting)

    def reserve(self, running: Iterable[str]) -> bool:
        """Take a slot for a kernel about to start, if :meth:`open_count` is below the cap."""
        if self.open_count(running) >= self.max_kernels:
            return False
        self.starting += 1
        return True

    def release(self) -> None:
        """Give back a reserved slot whose kernel was never started."""
        self.starting = max(0, self.starting - 1)

    def started(self, kernel_id: str, owner: str, running: Iterable[str]) -> None:
        """Record that ``owner``'s reserved slot became kernel ``kernel_id``; forget dead ones."""
        self.release()
        alive = set(running)
        self.owners = {k: o for k, o in self.owners.items() if k in alive}
        self.owners[kernel_id] = owner

    def owned_by(self, kernel_id: str | None, client: str | None) -> bool:
        """Whether ``client`` (its cookie value) started ``kernel_id``; unknown kernels: no."""
        owner = self.owners.get(kernel_id or "")
        return owner is not None and client is not None and secrets.compare_digest(owner, client)


class DashboardKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Jupyter's kernel manager, culling kernels whose page went away, but not loading pages.

    ``MappingKernelManager.cull_idle_timeout`` (short) applies to a kernel that had a page
    connected and lost it (a tab closed without its unload beacon, a crashed browser). A kernel
    whose page never connected yet is culled only after ``unconnected_cull_timeout``: with 20
    visitors arriving at once on a small machine, a page can take two minutes between receiving
    its HTML and connecting, and culling its kernel meanwhile would leave it without a board.
    """

    unconnected_cull_timeout = Int(
        300,
        config=True,
        help="Idle seconds before culling a kernel whose page never connected to it.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._sockets: dict[str, set[Any]] = {}

    def add_socket(self, kernel_id: str, socket: Any) -> None:
        """Remember an open kernel websocket, to close it when its kernel shuts down."""
        self._sockets.setdefault(kernel_id, set()).add(socket)

    def discard_socket(self, kernel_id: str, socket: Any) -> None:
        """Forget a kernel websocket that closed."""
        self._sockets.get(kernel_id, set()).discard(socket)

    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, now: bool = False, restart: bool = False
    ) -> None:
        """Shut the kernel down, then close its websockets (Jupyter leaves them open, dead).

        So the page learns its kernel is gone and can say so, instead of showing a board whose
        clicks go nowhere.
        """
        await super().shutdown_kernel(kernel_id, now=now, restart=restart)
        if not restart:
            for socket in self._sockets.pop(kernel_id, set()):
                socket.close(1001, "kernel shut down")

    def notify_connect(self, kernel_id: str) -> None:
        """Count the connection, and remember that this kernel's page did connect."""
        super().notify_connect(kernel_id)
        self._ever_connected = (self._ever_connected & set(self.list_kernel_ids())) | {kernel_id}

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter's culling, with the longer grace for a kernel whose page never connected."""
        kernel: Any = self._kernels.get(kernel_id)
        if kernel_id not in self._ever_connected and hasattr(kernel, "last_activity"):
            idle = (utcnow() - kernel.last_activity).total_seconds()
            if idle <= self.unconnected_cull_timeout:
                return
        await super().cull_kernel_if_idle(kernel_id)


def new_client_token() -> str:
    """A fresh, unguessable client identity for the :data:`CLIENT_COOKIE` cookie."""
    return secrets.token_urlsafe(24)


class OwnedKernelStarts:
    """A kernel manager seen through one page request: its kernel starts are recorded as owned.

    Voilà's page handler starts the page's kernel with ``self.kernel_manager.start_kernel``;
    the dashboard handler hands it this wrapper so that the new kernel's id is recorded with the
    requesting client. Everything else is the real manager's.
    """

    def __init__(self, manager: Any, registry: KernelRegistry, owner: str) -> None:
        self._manager = manager
        self._registry = registry
        self._owner = owner
        self.recorded = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, **kwargs: Any) -> str:
        """Start the kernel as the real manager does and record its owner."""
        kernel_id = str(await ensure_async(self._manager.start_kernel(**kwargs)))
        self._registry.started(kernel_id, self._owner, self._manager.list_kernel_ids())
        self.recorded = True
        return kernel_id


class OwnKernelsOnly:
    """Mixin for handlers addressing one kernel by id: 403 unless the client started it."""

    settings: dict[str, Any]
    path_kwargs: dict[str, Any]
    get_cookie: Any

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
    """The kernel websocket (widget messages only, as Voilà's), owner only."""

    async def pre_get(self) -> None:
        """Refuse the upgrade unless the client owns the kernel, then connect as Voilà does."""
        self.check_kernel_owner()
        await super().pre_get()

    async def open(self, kernel_id: str) -> None:  # type: ignore[override]
        """Connect as Voilà does; the kernel manager closes this socket if the kernel goes."""
        if hasattr(self.kernel_manager, "add_socket"):
            self.kernel_manager.add_socket(kernel_id, self)
        await super().open(kernel_id)

    def on_close(self) -> None:
        """Disconnect as Voilà does and stop being tracked."""
        if hasattr(self.kernel_manager, "discard_socket"):
            self.kernel_manager.discard_socket(self.kernel_id, self)
        super().on_close()


def busy_page(running: int, cap: int) -> str:
    """The page served (503) when the kernel cap is reached: says so and offers a reload."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Dashboards busy</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:sans-serif;max-width:40em;margin:4em auto;line-height:1.5}}
button{{font-size:1em;padding:.4em 1.2em}}</style></head>
<body><h1>Too many dashboards open</h1>
<p id="ftw-busy">This server runs at most {html.escape(str(cap))} dashboards at once and
{html.escape(str(running))} are open. Close a dashboard tab you no longer use, or wait a
moment, then reload.</p>
<p><button type="button" onclick="location.reload()">Reload</button></p>
</body></html>
"""
