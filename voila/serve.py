"""Serve every ftwkit notebook as a Voilà dashboard, the index at the root URL.

Run from the project root (``make dashboards`` does)::

    .venv/bin/python voila/serve.py            # http://127.0.0.1:8866/
    .venv/bin/python voila/serve.py --port=9000

Voilà serves a directory as a tree (``/voila/tree``) and renders each notebook at
``/voila/render/<name>.ipynb``; a single-notebook Voilà cannot link to other notebooks. This
launcher serves ``notebooks/`` in directory mode, redirects the root URL to the index dashboard and
reads ``voila/voila.json`` (loopback address, sources stripped, idle kernels of closed tabs culled).
Execute requests from the browser stay refused: Voilà only forwards widget (comm) messages. The
dashboard pages also get the ``_xsrf`` cookie, so that closing a tab shuts its kernel down at once
(see :class:`DashboardHandler`); culling remains the safety net.
Any other Voilà command-line option may be added and takes precedence over the JSON file.
"""

from __future__ import annotations

import os
from typing import Any

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from traitlets import default
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NOTEBOOKS = os.path.join(ROOT, "notebooks")
INDEX = "index.ipynb"


class DashboardHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's dashboard page, which also hands the browser its ``_xsrf`` cookie.

    When a tab closes, the page asks Voilà to shut its kernel down with a POST that carries the
    ``_xsrf`` cookie; Voilà 0.5 never sets that cookie, so the request is refused (403) and the
    kernel lives on until culled. Reading ``xsrf_token`` sets the cookie.
    """

    async def get(self, path: str | None = None) -> None:
        """Set the ``_xsrf`` cookie, then render the dashboard as Voilà does."""
        _ = self.xsrf_token
        await super().get(path)


class DashboardServer(Voila):  # type: ignore[misc]
    """Voilà over ``notebooks/`` with the project's configuration and the index at ``/``."""

    @default("config_file_paths")
    def _config_file_paths_default(self) -> list[str]:
        return [HERE]

    @default("root_dir")
    def _default_root_dir(self) -> str:
        return NOTEBOOKS

    def init_handlers(self) -> list[Any]:
        """Voilà's handlers, preceded by a redirect of the root URL to the index dashboard."""
        index = url_path_join(self.server_url, "voila/render", INDEX)
        root = (url_path_join(self.server_url, "/?"), RedirectHandler, {"url": index})
        handlers = [
            (h[0], DashboardHandler, *h[2:]) if h[1] is TornadoVoilaHandler else h
            for h in super().init_handlers()
        ]
        return [root, *handlers]


def main(argv: list[str] | None = None) -> None:
    """Start the dashboard server (blocks until interrupted)."""
    DashboardServer.launch_instance(argv)


if __name__ == "__main__":
    main()
