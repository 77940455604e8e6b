"""Serve every ftwkit notebook as a Voilà dashboard, the index at the root URL.

Run from the project root (``make dashboards`` does)::

    .venv/bin/python voila/serve.py                       # http://127.0.0.1:8866/
    .venv/bin/python voila/serve.py --port=9000 --max-kernels=8
    .venv/bin/python voila/serve.py --Voila.ip=0.0.0.0 --allowed-hosts=games.example.org

Voilà serves a directory as a tree (``/voila/tree``) and renders each notebook at
``/voila/render/<name>.ipynb``; a single-notebook Voilà cannot link to other notebooks. This
launcher serves ``notebooks/`` in directory mode, redirects the root URL to the index dashboard and
reads ``voila/voila.json``. On top of Voilà it:

* answers only to loopback host names (``localhost``, 127.0.0.1, ``[::1]``) and the names given
  with ``--allowed-hosts`` (DNS rebinding: a hostile page resolving its own name to 127.0.0.1 is
  refused with 403);
* caps the number of kernels (``--max-kernels``, default 24): past it a visitor gets a 503 page
  that says so and offers a reload, instead of the server spawning kernels without bound;
* ties each kernel to the browser that opened its page (an HTTP-only cookie): another client
  cannot shut that kernel down, read it or connect to it (403);
* gives dashboard pages the ``_xsrf`` cookie, so that closing a tab shuts its kernel down at once
  (see :class:`DashboardHandler`); culling of unconnected kernels (``voila.json``) is the safety
  net for pages that go away without saying so;
* renders with the project's ``ftw`` template (``voila/share/voila/templates/ftw``): no request
  leaves the machine (Voilà's stock template loads Font Awesome from a CDN), and a page whose board
  failed to appear says so and offers a reload.

Execute requests from the browser stay refused: Voilà only forwards widget (comm) messages.
Any other Voilà command-line option may be added and takes precedence over the JSON file.
"""

from __future__ import annotations

import os
import sys
from typing import Any, ClassVar

from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from tornado.routing import Rule
from tornado.web import RedirectHandler
from traitlets import Int, List, Unicode, default, validate
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NOTEBOOKS = os.path.join(ROOT, "notebooks")
SHARE = os.path.join(HERE, "share")
"""A Jupyter data directory holding the ``ftw`` Voilà template."""
INDEX = "index.ipynb"

if HERE not in sys.path:
    sys.path.insert(0, HERE)

import dashboard_guards as guards  # noqa: E402  (beside this launcher)


class DashboardHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's dashboard page, under the kernel cap, with the client's cookies.

    * Reading ``xsrf_token`` sets the ``_xsrf`` cookie: when a tab closes, the page asks Voilà to
      shut its kernel down with a POST that must carry it (Voilà 0.5 never sets it, so the request
      was refused and the kernel lived on until culled).
    * The :data:`~dashboard_guards.CLIENT_COOKIE` cookie names the browser; the kernel started
      for the page is recorded as this client's.
    * A slot is reserved before the kernel starts; with none left the visitor gets a 503 page.
    """

    _owned: guards.OwnedKernelStarts | None = None

    @property
    def kernel_manager(self) -> Any:
        """The server's kernel manager, seen through this request while it renders a page."""
        return self._owned if self._owned is not None else self.settings["kernel_manager"]

    async def get(self, path: str | None = None) -> None:
        """Check the cap, set the cookies, then render the dashboard as Voilà does."""
        registry: guards.KernelRegistry = self.settings[guards.REGISTRY_SETTING]
        manager = self.settings["kernel_manager"]
        running = list(manager.list_kernel_ids())
        if not registry.reserve(running):
            open_now = registry.open_count(running)
            self.log.warning("kernel cap reached (%d open): refusing %s", open_now, path)
            self.set_status(503)
            self.set_header("Retry-After", "10")
            self.set_header("Cache-Control", "no-store")
            self.finish(guards.busy_page(open_now, registry.max_kernels))
            return
        _ = self.xsrf_token
        client = self.get_cookie(guards.CLIENT_COOKIE) or ""
        if len(client) < 16:
            client = guards.new_client_token()
            self.set_cookie(
                guards.CLIENT_COOKIE, client, path=self.base_url, httponly=True, samesite="Strict"
            )
        self._owned = guards.OwnedKernelStarts(manager, registry, client)
        try:
            await super().get(path)
        finally:
            if not self._owned.recorded:
                registry.release()
            self._owned = None


class DashboardServer(Voila):  # type: ignore[misc]
    """Voilà over ``notebooks/`` with the project's configuration, guards and the index at ``/``."""

    aliases: ClassVar[dict[str, str]] = {
        **Voila.aliases,
        "allowed-hosts": "DashboardServer.allowed_hosts",
        "max-kernels": "DashboardServer.max_kernels",
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
        for option in ("preheat_kernel", "progressive_rendering"):
            if getattr(self.voila_configuration, option):
                raise ValueError(
                    f"{option} is not supported by this launcher: its kernels would escape the "
                    "kernel cap and the per-client ownership checks"
                )
        if not self.allowed_hosts and not guards.host_allowed(self.ip or "localhost"):
            self.log.warning(
                "Serving on %s but only loopback host names are accepted: add "
                "--allowed-hosts=<the name visitors use> to serve other machines.",
                self.ip,
            )

    def init_settings(self) -> dict[str, Any]:
        """Voilà's settings plus the kernel registry (cap and owners)."""
        settings: dict[str, Any] = super().init_settings()
        settings[guards.REGISTRY_SETTING] = guards.KernelRegistry(self.max_kernels)
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
        }
        index = url_path_join(self.server_url, "voila/render", INDEX)
        root = (url_path_join(self.server_url, "/?"), RedirectHandler, {"url": index})
        handlers = [(h[0], replace.get(h[1], h[1]), *h[2:]) for h in super().init_handlers()]
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
