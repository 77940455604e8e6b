"""Serve every ftwkit notebook as a Voilà dashboard, the index at the root URL.

Run from the project root (``make dashboards`` does)::

    .venv/bin/python voila/serve.py                       # http://127.0.0.1:8866/
    .venv/bin/python voila/serve.py --port=9000 --max-kernels=8
    .venv/bin/python voila/serve.py --allowed-hosts=games.example.org --behind-proxy

Voilà serves a directory as a tree (``/voila/tree``) and renders each notebook at
``/voila/render/<name>.ipynb``; a single-notebook Voilà cannot link to other notebooks. This
launcher serves ``notebooks/`` in directory mode, redirects the root URL to the index dashboard and
reads ``voila/voila.json``. On top of Voilà it:

* answers only to loopback host names (``localhost``, 127.0.0.1, ``[::1]``) and the names given
  with ``--allowed-hosts`` (DNS rebinding: a hostile page resolving its own name to 127.0.0.1 is
  refused with 403);
* caps the number of kernels (``--max-kernels``, default 24): past it a visitor gets a 503 page
  that says when to come back and retries by itself, instead of the server spawning kernels
  without bound;
* gives each browser (``--per-client-kernels``) and each network address
  (``--per-address-kernels``; behind a proxy see ``--behind-proxy``) a share below the cap, so one
  visitor (or a script dropping its cookies) cannot starve the rest (429 page);
* starts at most ``--concurrent-renders`` kernels for visitors at once (default: two per CPU
  core), the others waiting their turn, so that a crowd's first visitors are served at once
  instead of every visitor late;
* keeps the index and the game explorers pre-rendered in waiting kernels (``--pooled``,
  ``--pool-size``; Voilà's ``preheat_kernel``): a visitor without a ``?position=`` link gets one
  at once; it counts against the cap, becomes the visitor's at hand-over, and its pool refills in
  the background one kernel at a time with room left for visitors;
* ties each kernel to the browser that opened its page (an HTTP-only cookie): another client
  cannot shut that kernel down, read it or connect to it (403); the page itself cannot shut it
  down over its websocket either (``shutdown_request`` is dropped);
* gives dashboard pages the ``_xsrf`` cookie, so that closing a tab shuts its kernel down at once
  (see :class:`DashboardHandler`); culling (``voila.json``) is the safety net for pages that go
  away without saying so, and frees kernels of pages left idle for an hour;
* lets a page say so within seconds when its kernel dies (it is not restarted empty) and offer a
  reload at the position it showed;
* withholds from the browser every kernel message carrying an error's details (tracebacks,
  ``stderr``): no server path leaves the server;
* keeps the page templates compiled across requests (:mod:`template_cache`) and writes the
  bytecode of the packages the kernels import once at start, so that a visitor's page costs less
  CPU;
* starts kernels by forking a warm template process (:mod:`fork_kernels`) that has imported the
  kernel, the widgets and the games already (``--no-fork-kernels`` turns it off);
* renders with the project's ``ftw`` template (``voila/share/voila/templates/ftw``): no request
  leaves the machine (Voilà's stock template loads Font Awesome from a CDN), and a page whose board
  failed to appear says so and offers a reload.

How to size the cap and the pools for a machine, and how to serve behind a reverse proxy:
``docs/serving.md``.

Execute requests from the browser stay refused: Voilà only forwards widget (comm) messages.
Any other Voilà command-line option may be added and takes precedence over the JSON file.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
from typing import Any, ClassVar

from jupyter_server.base.handlers import FileFindHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from tornado.httputil import split_host_and_port
from tornado.routing import Rule
from tornado.web import HTTPError, RedirectHandler
from tornado.websocket import WebSocketHandler
from traitlets import Bool, Int, List, Unicode, Union, default, validate
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NOTEBOOKS = os.path.join(ROOT, "notebooks")
SHARE = os.path.join(HERE, "share")
"""A Jupyter data directory holding the ``ftw`` Voilà template."""
INDEX = "index.ipynb"
FORWARDED_SETTING = "ftw_trust_forwarded_for"
"""The Tornado setting: take the visitor's address from ``X-Forwarded-For`` (behind a proxy)."""
RENDER_SLOTS_SETTING = "ftw_render_slots"
"""The Tornado setting: the semaphore of pages whose kernel starts and runs its notebook now."""
BUSY_RETRY_SECONDS = 30
"""When the busy page tells a visitor to come back (and reloads itself)."""

if HERE not in sys.path:
    sys.path.insert(0, HERE)

import dashboard_guards as guards  # noqa: E402  (beside this launcher)
import fork_kernels  # noqa: E402
import template_cache  # noqa: E402

KERNEL_PACKAGES = ("ftwkit", "widgets")
"""The project's packages every dashboard kernel imports (byte-compiled at start)."""
TEMPLATE_WATCHES = (*KERNEL_PACKAGES, os.path.join("docs", "rules"))
"""What the kernel template read before forking (the packages, and the rule pages it rendered
once for every game): a change under any of these brings a fresh template."""


def byte_compile(packages: tuple[str, ...] = KERNEL_PACKAGES, root: str = ROOT) -> bool:
    """Write the bytecode of the project's packages the kernels import, if it is missing or
    stale; whether all of it is written (a read-only checkout: no, and nothing else changes).

    Python writes it by itself at the first import, unless told not to
    (``PYTHONDONTWRITEBYTECODE``, as many container images set): then every kernel would
    compile the hundred-odd modules again, about 0.13 CPU-s of each visitor's kernel start.
    Written once here, every kernel reads it.
    """
    import compileall

    ok = True
    for name in packages:
        folder = os.path.join(root, name)
        if os.path.isdir(folder):
            try:
                ok = bool(compileall.compile_dir(folder, quiet=2)) and ok
            except OSError:
                ok = False
    return ok


class DashboardHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's dashboard page, under the kernel cap and the client's share, with its cookies.

    * Reading ``xsrf_token`` sets the ``_xsrf`` cookie: when a tab closes, the page asks Voilà to
      shut its kernel down with a POST that must carry it (Voilà 0.5 never sets it, so the request
      was refused and the kernel lived on until culled).
    * The :data:`~dashboard_guards.CLIENT_COOKIE` cookie names the browser; the kernel started
      for the page (or handed over from a pre-rendered pool) is recorded as this client's.
    * A slot is reserved before a kernel starts; with none left (after shutting down waiting
      pre-rendered kernels of other notebooks to make room), or with this browser or its address
      holding its share already, the visitor gets a busy page saying when to come back.
    * A page asked without a query (``?position=…`` opens a position and needs its own run of
      the notebook) is served from the notebook's pool of pre-rendered kernels when one is ready.
    * Any other page waits for one of ``--concurrent-renders`` slots before its kernel starts,
      first come first served: twenty kernels started at once on two cores share them and all
      finish late together; taken a few at a time (two per core: a start also waits on its
      process and sockets, and another uses the core meanwhile), the first visitors get their
      page soon and the median wait drops by about a half.
    """

    _owned: guards.OwnedKernelStarts | None = None
    _gone = False

    def on_connection_close(self) -> None:
        """The visitor went away (a page still waiting for a render slot then starts nothing)."""
        self._gone = True
        super().on_connection_close()

    @property
    def kernel_manager(self) -> Any:
        """The server's kernel manager, seen through this request while it renders a page."""
        return self._owned if self._owned is not None else self.settings["kernel_manager"]

    def client_address(self) -> str:
        """The visitor's IP address (behind a trusted proxy: the one it forwarded)."""
        if self.settings.get(FORWARDED_SETTING):
            forwarded = self.request.headers.get("X-Forwarded-For", "")
            hops = [h.strip() for h in forwarded.split(",") if h.strip()]
            if hops:
                return hops[-1]
            real = self.request.headers.get("X-Real-Ip", "").strip()
            if real:
                return real
        return str(self.request.remote_ip or "")

    def should_use_rendered_notebook(self, *args: Any, **kwargs: Any) -> bool:
        """Voilà's test, and: no query, and a pooled kernel ready (never wait for one)."""
        if self.request.query or not super().should_use_rendered_notebook(*args, **kwargs):
            return False
        manager = self.settings["kernel_manager"]
        return guards.ready_pooled_kernel_first(manager, self._notebook_path)

    async def get(self, path: str | None = None) -> None:
        """Check the cap and the client's share, set the cookies, then render as Voilà does."""
        registry: guards.KernelRegistry = self.settings[guards.REGISTRY_SETTING]
        manager = self.settings["kernel_manager"]
        running = list(manager.list_kernel_ids())
        address = self.client_address()
        client = self.get_cookie(guards.CLIENT_COOKIE) or ""
        fresh = len(client) < 16
        if fresh:
            client = guards.new_client_token()
        self._notebook_path = path or ""
        pooled = not self.request.query and guards.ready_pooled_kernel_first(manager, path or "")
        if not self.request.query and not pooled and hasattr(manager, "pool_drained"):
            manager.pool_drained(path or "")  # more visitors than waiting kernels: grow
        why = registry.refusal(running, client, address, pooled=pooled)
        while why == "cap" and await guards.evict_pooled_kernel(manager, keep=path or ""):
            running = list(manager.list_kernel_ids())
            why = registry.refusal(running, client, address)
        if why is None and not pooled and not registry.reserve(running, client, address):
            why = "cap"
        if why is not None:
            self._refuse(why, registry, running, client, address, path)
            return
        if hasattr(manager, "page_served"):
            manager.page_served()  # pool refills wait while pages are being served
        _ = self.xsrf_token
        if fresh:
            self.set_cookie(
                guards.CLIENT_COOKIE, client, path=self.base_url, httponly=True, samesite="Strict"
            )
        self._owned = guards.OwnedKernelStarts(
            manager, registry, client, address, self._request_environment(path or "")
        )
        try:
            if pooled:
                await super().get(path)
            else:
                slots: asyncio.Semaphore = self.settings[RENDER_SLOTS_SETTING]
                if slots.locked():
                    self.log.info("%s waits for a free render slot", path)
                async with slots:
                    if not self._gone:  # the visitor left while waiting: start nothing
                        await super().get(path)
        finally:
            if not self._owned.recorded and not pooled:
                registry.release(client, address)
            self._owned = None

    def _refuse(
        self,
        why: str,
        registry: guards.KernelRegistry,
        running: list[str],
        client: str,
        address: str,
        path: str | None,
    ) -> None:
        open_now = registry.open_count(running)
        held = registry.held(running, client, address)[0 if why == "client" else 1]
        retry = BUSY_RETRY_SECONDS
        self.log.warning("refusing %s (%s; %d kernels open)", path, why, open_now)
        self.set_status(503 if why == "cap" else 429)
        self.set_header("Retry-After", str(retry))
        self.set_header("Cache-Control", "no-store")
        self.finish(guards.busy_page(open_now, registry.max_kernels, why, held, retry))

    def _request_environment(self, path: str) -> dict[str, str]:
        """What Voilà puts in the environment of a kernel started for this request."""
        host, port = split_host_and_port(self.request.host.lower())
        return {
            "SCRIPT_NAME": self.request.path,
            "PATH_INFO": "",
            "QUERY_STRING": str(self.request.query),
            "SERVER_NAME": host,
            "SERVER_PORT": str(port) if port else "",
            "SERVER_PROTOCOL": str(self.request.version),
            "VOILA_REQUEST_URL": visitor_url(
                self.request, behind_proxy=bool(self.settings.get(FORWARDED_SETTING))
            ),
        }


def visitor_url(request: Any, *, behind_proxy: bool) -> str:
    """The address the visitor asked for (the page's links are made from it).

    Behind a trusted proxy (``--behind-proxy``) the scheme is the one the proxy forwarded in
    ``X-Forwarded-Proto``, so a page served over https behind a TLS proxy links with https;
    otherwise, and for any other value of that header, it is the request's own.
    """
    if behind_proxy:
        proto = request.headers.get("X-Forwarded-Proto", "").split(",")[0].strip().lower()
        if proto in ("http", "https"):
            return f"{proto}://{request.host}{request.uri}"
    return str(request.full_url())


HASHED_NAME = re.compile(r"\.[0-9a-f]{16,}\.(?:js|css|woff2?|ttf|svg|png)$")
"""A front-end file whose name carries its content's hash (``586.5a62b313f9ec1d9df348.js``)."""


class HashedAssetHandler(FileFindHandler):  # type: ignore[misc]
    """The widget extensions' front-end files, those named by their content's hash cached by
    the browser for good (Jupyter serves them all with ``no-cache``).

    A visitor's second dashboard (the index, then an explorer) then takes them from the cache
    instead of asking again for each (``remoteEntry.<hash>.js`` and the chunks it loads); a new
    version of an extension has new names. Other files keep Jupyter's ``no-cache``.
    """

    def set_headers(self) -> None:
        """Jupyter's headers; immutable caching for a hashed name."""
        super().set_headers()
        if HASHED_NAME.search(self.request.path):
            self.set_header("Cache-Control", "public, max-age=31536000, immutable")


class QueryRefused(WebSocketHandler):
    """Voilà's request-info socket for pre-rendered kernels, closed: the dashboards do not
    use it, and anyone knowing a kernel's id could read that visitor's address through it."""

    def get(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Refuse the upgrade."""
        raise HTTPError(404)


class DashboardServer(Voila):  # type: ignore[misc]
    """Voilà over ``notebooks/`` with the project's configuration, guards and the index at ``/``."""

    aliases: ClassVar[dict[str, str]] = {
        **Voila.aliases,
        "allowed-hosts": "DashboardServer.allowed_hosts",
        "max-kernels": "DashboardServer.max_kernels",
        "per-client-kernels": "DashboardServer.per_client_kernels",
        "per-address-kernels": "DashboardServer.per_address_kernels",
        "pool-size": "DashboardServer.pool_size",
        "concurrent-renders": "DashboardServer.concurrent_renders",
        "pooled": "DashboardServer.pooled_notebooks",
    }
    flags: ClassVar[dict[str, Any]] = {
        **Voila.flags,
        "behind-proxy": (
            {"DashboardServer": {"trust_forwarded_for": True}},
            "Take each visitor's address from X-Forwarded-For (set by your reverse proxy).",
        ),
        "no-fork-kernels": (
            {"DashboardServer": {"fork_kernels": False}},
            "Start every kernel as a new Python process instead of forking a warm template.",
        ),
    }

    allowed_hosts = List(
        Unicode(),
        config=True,
        help="Host names served besides loopback ones (when serving on a network), e.g. "
        "--allowed-hosts=games.example.org; several: repeat the option or separate with commas.",
    )
    max_kernels = Int(
        24, config=True, help="Most kernels (open dashboards) running at once; more get a 503."
    )
    per_client_kernels = Int(
        6,
        config=True,
        help="Most dashboards one browser (its cookie) may hold open at once; more get a 429.",
    )
    per_address_kernels = Int(
        8,
        config=True,
        help="Most dashboards one network address may hold open at once (behind a proxy, see "
        "--behind-proxy); more get a 429.",
    )
    pooled_notebooks = List(
        Unicode(),
        config=True,
        help="Notebooks kept pre-rendered in kernels waiting for visitors, e.g. "
        "--pooled=index.ipynb,playwin.ipynb.",
    )
    concurrent_renders = Int(
        0,
        config=True,
        help="Most dashboards whose kernel starts and runs its notebook at once (more wait "
        "their turn, first come first served); 0: two per CPU core. Pages from a pool of "
        "pre-rendered kernels never wait.",
    )
    pool_size = Union(
        [Int(), Unicode()],
        default_value=1,
        config=True,
        help="Pre-rendered kernels kept waiting for each pooled notebook (0: no pools), or sizes "
        "by notebook: --pool-size=playwin.ipynb=12,default=1 (default: each other --pooled "
        "notebook). A drained pool grows by itself up to "
        "DashboardKernelManager.pool_grow_max, then shrinks back when quiet.",
    )
    pool_sizes: dict[str, int]
    """Each pooled notebook's configured pool size (from ``--pooled`` and ``--pool-size``)."""
    fork_kernels = Bool(
        True,
        config=True,
        help="Start kernels by forking a template process that has imported the kernel, the "
        "widgets and the games (about 0.5 CPU-s less per kernel); --no-fork-kernels: start "
        "each as a new Python. The template restarts by itself when ftwkit or widgets change.",
    )
    trust_forwarded_for = Bool(
        False,
        config=True,
        help="Behind a reverse proxy: the visitor's address is the last X-Forwarded-For entry.",
    )

    @validate("pooled_notebooks")
    def _split_pooled(self, proposal: dict[str, Any]) -> list[str]:
        names = [n.strip() for item in proposal["value"] for n in item.split(",")]
        return [n for n in names if n]

    @validate("allowed_hosts")
    def _split_allowed_hosts(self, proposal: dict[str, Any]) -> list[str]:
        names = [n.strip() for item in proposal["value"] for n in item.split(",")]
        return [n for n in names if n]

    @validate("max_kernels")
    def _positive_max_kernels(self, proposal: dict[str, Any]) -> int:
        value = int(proposal["value"])
        if value < 1:
            raise ValueError(f"max_kernels must be at least 1, not {value}")
        return value

    @default("config_file_paths")
    def _config_file_paths_default(self) -> list[str]:
        return [HERE]

    @default("root_dir")
    def _default_root_dir(self) -> str:
        return NOTEBOOKS

    def initialize(self, argv: list[str] | None = None) -> None:
        """Make the ``ftw`` template findable, then initialise as Voilà does and check options."""
        paths = os.environ.get("JUPYTER_PATH", "")
        if SHARE not in paths.split(os.pathsep):
            os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (SHARE, paths) if p)
        super().initialize(argv)
        self.log.addFilter(guards.QuietTrustWarnings())
        # traitlets leaves the logger at DEBUG and filters in its handler: every debug line of
        # the kernel manager and the executor (several per kernel message, hundreds per page)
        # was formatted into a record and then dropped. Drop it before it is made.
        self.log.setLevel(self.log_level)
        template_cache.install()
        if not byte_compile():
            self.log.warning(
                "Could not write the bytecode of %s: kernels compile them again",
                ", ".join(KERNEL_PACKAGES),
            )
        if self.voila_configuration.progressive_rendering:
            raise ValueError(
                "progressive_rendering is not supported by this launcher: its kernels would "
                "escape the kernel cap and the per-client ownership checks"
            )
        self._configure_pools()
        if not self.allowed_hosts and not guards.host_allowed(self.ip or "localhost"):
            self.log.warning(
                "Serving on %s but only loopback host names are accepted: add "
                "--allowed-hosts=<the name visitors use> to serve other machines.",
                self.ip,
            )

    def start(self) -> None:
        """Start the kernel template (it warms up while the server starts), then serve."""
        if self.fork_kernels:
            fork_kernels.install(
                self.log, [os.path.join(ROOT, name) for name in TEMPLATE_WATCHES], parent=self
            )
        super().start()

    def stop(self) -> None:
        """Shut the kernels down as Voilà does, then the kernel template."""
        try:
            super().stop()
        finally:
            fork_kernels.uninstall()

    def _configure_pools(self) -> None:
        """Pre-render the pooled notebooks (Voilà's ``preheat_kernel``), ``pool_size`` each.

        Every other notebook gets a kernel started for its request. The kernel manager starts
        pooled kernels one at a time and only with room under the cap (see
        :class:`~dashboard_guards.DashboardKernelManager`).
        """
        sizes = self.checked_pool_sizes()
        self.pool_sizes = sizes
        self.voila_configuration.preheat_kernel = bool(sizes)
        self.config.VoilaKernelManager.kernel_pools_config = {
            "default": {"pool_size": 0},
            **{name: {"pool_size": size} for name, size in sizes.items()},
        }

    def render_slots(self) -> int:
        """How many pages may start a kernel and run their notebook at once."""
        if self.concurrent_renders > 0:
            return int(self.concurrent_renders)
        return 2 * (os.cpu_count() or 1)

    def checked_pool_sizes(self) -> dict[str, int]:
        """Each pooled notebook's pool size (``--pooled``, ``--pool-size``), checked: every
        notebook exists, and the pools leave room under ``--max-kernels`` for visitors.

        Raises:
            ValueError: a malformed size, an unknown notebook, or pools as large as the cap.
        """
        sizes = guards.parse_pool_sizes(self.pool_size, self.pooled_notebooks)
        missing = [n for n in sizes if not os.path.isfile(os.path.join(self.root_dir, n))]
        if missing:
            raise ValueError(f"pooled notebooks not found in {self.root_dir}: {missing}")
        waiting = sum(sizes.values())
        if waiting >= self.max_kernels:
            raise ValueError(
                f"the pools hold {waiting} waiting kernels but --max-kernels is "
                f"{self.max_kernels}: raise the cap or shrink the pools (docs/serving.md)"
            )
        return sizes

    def init_settings(self) -> dict[str, Any]:
        """Voilà's settings plus the kernel registry (cap, shares and owners)."""
        settings: dict[str, Any] = super().init_settings()
        registry = guards.KernelRegistry(
            self.max_kernels, self.per_client_kernels, self.per_address_kernels
        )
        settings[guards.REGISTRY_SETTING] = registry
        settings[FORWARDED_SETTING] = self.trust_forwarded_for
        settings[RENDER_SLOTS_SETTING] = asyncio.Semaphore(self.render_slots())
        self.kernel_manager.registry = registry
        self.kernel_manager.pool_sizes = dict(getattr(self, "pool_sizes", {}))
        return settings

    def init_handlers(self) -> list[Any]:
        """Voilà's handlers with the guarded ones swapped in, the root redirected to the index.

        Also puts the Host check in front of every route of the application (Voilà builds the
        application just before asking for its handlers).
        """
        self._guard_hosts()
        replace = {
            TornadoVoilaHandler: DashboardHandler,
            KernelHandler: guards.OwnKernelHandler,
            VoilaShutdownKernelHandler: guards.OwnShutdownHandler,
            VoilaKernelWebsocketHandler: guards.OwnKernelWebsocketHandler,
            RequestInfoSocketHandler: QueryRefused,
        }
        index = url_path_join(self.server_url, "voila/render", INDEX)
        root = (url_path_join(self.server_url, "/?"), RedirectHandler, {"url": index})
        handlers = [(h[0], replace.get(h[1], h[1]), *h[2:]) for h in super().init_handlers()]
        extensions = url_path_join(self.server_url, "/voila/labextensions/")
        handlers = [
            (h[0], HashedAssetHandler, *h[2:])
            if h[1] is FileFindHandler and str(h[0]).startswith(extensions)
            else h
            for h in handlers
        ]
        return [root, *handlers]

    def _guard_hosts(self) -> None:
        app = getattr(self, "app", None)
        if app is None:
            raise RuntimeError("the Host check needs the Tornado application built first")
        router = app.default_router
        rule = router.process_rule(Rule(guards.ForeignHost(self.allowed_hosts), guards.HostRefused))
        router.rules.insert(0, rule)


def main(argv: list[str] | None = None) -> None:
    """Start the dashboard server (blocks until interrupted)."""
    DashboardServer.launch_instance(argv)


if __name__ == "__main__":
    main()
