"""The dashboard server under hostile and heavy use: Host check, kernel cap, fair shares and
ownership, pre-rendered pools, culling, a killed kernel said aloud, offline pages, the "did not
load" banner and 20 visitors at once.

Each test starts ``voila/serve.py`` (as ``make dashboards`` does) with the options it exercises
(pools off unless the test is about them: warming kernels costs CPU the other tests need);
HTTP-level checks use plain clients (one cookie jar per simulated visitor, and their own loopback
source address where the address matters), page-level ones Debian's Chromium through Playwright.
The 20-session test is also marked slow.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http.client
import http.cookiejar
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import dashboard_harness as harness
import pytest
import server_load

if os.path.join(harness.ROOT, "voila") not in sys.path:
    sys.path.insert(0, os.path.join(harness.ROOT, "voila"))
import fork_kernels  # beside the launcher: the forked kernels' log line

pytestmark = pytest.mark.browser

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
BANNER = "#ftw-load-problem"


# --------------------------------------------------------------------------- helpers
@contextlib.contextmanager
def serve(*options: str, pools: bool = False) -> Iterator[harness.VoilaServer]:
    """``voila/serve.py`` with extra command-line options on a free loopback port.

    ``pools``: keep the shipped pre-rendered pools (off otherwise, ``--pool-size=0``).
    """
    os.makedirs(harness.ARTIFACTS, exist_ok=True)
    port = harness.free_port()
    log_path = os.path.join(harness.ARTIFACTS, f"voila-{port}.log")
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                harness.SERVE,
                f"--port={port}",
                *([] if pools else ["--pool-size=0"]),
                *options,
            ],
            cwd=harness.ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = harness.VoilaServer(port, process, log_path)
    try:
        harness._wait_until_serving(server, 60.0)
        yield server
    finally:
        harness._stop(process)


class Visitor:
    """A plain HTTP client with its own cookies, as a separate browser would be."""

    def __init__(self, server: harness.VoilaServer) -> None:
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def request(self, method: str, path: str, timeout: float = 180) -> tuple[int, str]:
        """Status and body of ``method path``, sending the ``_xsrf`` header as the page would."""
        headers = {}
        xsrf = self.cookie("_xsrf")
        if xsrf:
            headers["X-XSRFToken"] = xsrf
        data = b"" if method in ("POST", "PUT") else None
        req = urllib.request.Request(
            f"http://127.0.0.1:{self.server.port}{path}", data, headers, method=method
        )
        try:
            with self.opener.open(req, timeout=timeout) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode("utf-8", "replace")

    def open_dashboard(self, notebook: str = "index.ipynb") -> str:
        """Load a dashboard page (its kernel starts and runs the notebook); the kernel's id."""
        status, body = self.request("GET", f"/voila/render/{notebook}")
        assert status == 200, body[:500]
        found = re.search(r'"kernelId": "([0-9a-f-]{36})"', body)
        assert found, "no kernel id in the page"
        return found.group(1)

    def websocket_status(self, kernel: str) -> int:
        """The status answering a websocket upgrade to ``kernel``'s channels (101: accepted)."""
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.jar)
        return raw_status(
            self.server,
            f"/api/kernels/{kernel}/channels?session_id=probe",
            {
                "Cookie": cookies,
                "Connection": "Upgrade",
                "Upgrade": "websocket",
                "Sec-WebSocket-Version": "13",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
            },
        )


def raw_status(
    server: harness.VoilaServer, path: str, headers: dict[str, str], method: str = "GET"
) -> int:
    """The status of one request sent with exactly these headers (``Host`` included)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        connection.putrequest(method, path, skip_host="Host" in headers)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


def kernel_exists(server: harness.VoilaServer, kernel: str) -> bool:
    return raw_status(server, f"/api/kernels/{kernel}", {}) == 200


def get_from(
    server: harness.VoilaServer, path: str, source: str, cookie: str = ""
) -> tuple[int, str, str]:
    """GET ``path`` from the loopback address ``source`` (a visitor on another machine);
    status, body and the client cookie set (if any)."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=180, source_address=(source, 0)
    )
    try:
        headers = {"Cookie": f"{guards_cookie()}={cookie}"} if cookie else {}
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        body = response.read().decode("utf-8", "replace")
        set_cookie = response.getheader("Set-Cookie") or ""
        found = re.search(rf"{guards_cookie()}=([^;]+)", set_cookie)
        return response.status, body, found.group(1) if found else ""
    finally:
        connection.close()


def guards_cookie() -> str:
    """The name of the cookie naming a browser (the server's ``CLIENT_COOKIE``)."""
    return "ftw_client"


def in_own_loop(coroutine: Any) -> Any:
    """Run a coroutine to its end in a thread of its own (the sync Playwright of an earlier
    test may hold this thread's event loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def kernel_of(body: str) -> str | None:
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', body)
    return found.group(1) if found else None


def kernel_process(server: harness.VoilaServer, kernel: str) -> int:
    """The process id of a running kernel: a kernel forked from the server's template is named
    in the server's log, one started as a new Python by its connection file's name."""
    forked = fork_kernels.pid_in_log(server.log(), kernel)
    if forked is not None:
        return forked
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as fh:
                    command = fh.read().decode("utf-8", "replace")
            except OSError:
                continue
            if f"kernel-{kernel}.json" in command:
                return int(entry)
    raise AssertionError(f"no process for kernel {kernel}")


# --------------------------------------------------------------------------- item 9: Host header
@pytest.fixture(scope="module")
def guarded() -> Iterator[harness.VoilaServer]:
    """A server with a kernel cap of 3 and one extra allowed host name."""
    with serve("--max-kernels=3", "--allowed-hosts=dash.example") as running:
        yield running


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/voila/render/index.ipynb",
        "/voila/tree",
        "/voila/static/voila.js",
        "/api/kernels/00000000-0000-0000-0000-000000000000",
        "/voila/api/shutdown/00000000-0000-0000-0000-000000000000",
    ],
)
def test_a_foreign_host_name_is_refused(guarded: harness.VoilaServer, path: str) -> None:
    # DNS rebinding: a hostile page whose name now resolves to 127.0.0.1 still sends its own name.
    for host in ("evil.example", f"evil.example:{guarded.port}", "127.0.0.1.evil.example"):
        assert raw_status(guarded, path, {"Host": host}) == 403, (host, path)


def test_a_foreign_host_cannot_open_a_kernel_websocket(guarded: harness.VoilaServer) -> None:
    visitor = Visitor(guarded)
    kernel = visitor.open_dashboard()
    try:
        headers = {
            "Host": "evil.example",
            "Connection": "Upgrade",
            "Upgrade": "websocket",
            "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        }
        assert raw_status(guarded, f"/api/kernels/{kernel}/channels", headers) == 403
    finally:
        visitor.request("DELETE", f"/api/kernels/{kernel}")


def test_loopback_and_configured_host_names_are_served(guarded: harness.VoilaServer) -> None:
    port = guarded.port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "dash.example"):
        assert raw_status(guarded, "/voila/tree", {"Host": host}) == 200, host


# --------------------------------------------------------------------------- item 10: kernels
def test_kernels_are_capped_and_the_refused_visitor_is_told(guarded: harness.VoilaServer) -> None:
    # Four visitors at once against a cap of 3: the slots are counted while kernels still boot.
    visitors = [Visitor(guarded) for _ in range(4)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda v: v.request("GET", "/voila/render/index.ipynb"), visitors))
    statuses = sorted(status for status, _ in answers)
    kernels = {
        v: m.group(1)
        for v, (_, body) in zip(visitors, answers, strict=True)
        if (m := re.search(r'"kernelId": "([0-9a-f-]{36})"', body))
    }
    try:
        assert statuses == [200, 200, 200, 503]
        busy = next(body for status, body in answers if status == 503)
        assert "Too many dashboards open" in busy and "location.reload()" in busy
        refused = next(v for v, (status, _) in zip(visitors, answers, strict=True) if status == 503)
        # A dashboard closed frees a slot.
        first, kernel = next(iter(kernels.items()))
        assert first.request("DELETE", f"/api/kernels/{kernel}")[0] == 204
        kernels.pop(first)
        kernels[refused] = refused.open_dashboard()
    finally:
        for visitor, kernel in kernels.items():
            visitor.request("DELETE", f"/api/kernels/{kernel}")


def test_a_visitor_cannot_shut_down_or_join_another_visitors_kernel(
    guarded: harness.VoilaServer,
) -> None:
    owner, intruder = Visitor(guarded), Visitor(guarded)
    kernel = owner.open_dashboard()
    intruder_kernel = intruder.open_dashboard()  # the intruder has cookies and an XSRF token
    try:
        assert intruder.request("DELETE", f"/api/kernels/{kernel}")[0] == 403
        assert intruder.request("POST", f"/voila/api/shutdown/{kernel}")[0] == 403
        assert intruder.websocket_status(kernel) == 403
        assert kernel_exists(guarded, kernel)
        # The owner can do all three.
        assert owner.websocket_status(kernel) == 101
        assert owner.request("POST", f"/voila/api/shutdown/{kernel}")[0] == 204
        assert guarded.wait_until_gone(guarded.kernel_url(kernel), timeout=30)
    finally:
        intruder.request("DELETE", f"/api/kernels/{intruder_kernel}")
        owner.request("DELETE", f"/api/kernels/{kernel}")


def test_hashed_front_end_files_are_cached_for_good_and_preloaded(
    guarded: harness.VoilaServer,
) -> None:
    # The widget extensions' files named by their content's hash: the browser keeps them, so a
    # visitor's second dashboard does not ask for them again; other files are checked each time.
    visitor = Visitor(guarded)
    status, page = visitor.request("GET", "/voila/render/index.ipynb")
    kernels = re.findall(r'"kernelId": "([0-9a-f-]{36})"', page)
    try:
        assert status == 200 and kernels, page[:300]
        entries = re.findall(
            r'"load": "(static/remoteEntry\.[0-9a-f]+\.js)", "name": "([^"]+)"', page
        )
        assert "ipycanvas" in {name for _, name in entries}, page[:300]
        for load, name in entries:
            url = f"/voila/labextensions/{name}/{load}"
            assert f'rel="preload" as="script"\n        href="{url}"' in page, url
            cache = _headers(guarded, url).get("Cache-Control")
            assert cache == "public, max-age=31536000, immutable", (url, cache)
        assert (
            _headers(guarded, "/voila/labextensions/ipycanvas/package.json").get("Cache-Control")
            == "no-cache"
        )
    finally:
        for kernel in kernels:
            visitor.request("DELETE", f"/api/kernels/{kernel}")


def _headers(server: harness.VoilaServer, path: str) -> dict[str, str]:
    """The headers answering ``GET path`` (status 200 asserted)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        assert response.status == 200, (path, response.status)
        return dict(response.getheaders())
    finally:
        connection.close()


def test_the_kernel_websocket_forwards_no_execute_request(guarded: harness.VoilaServer) -> None:
    # Voilà forwards widget (comm) messages only; the project keeps that in its configuration.
    visitor = Visitor(guarded)
    kernel = visitor.open_dashboard()
    try:
        seen = asyncio.run(_execute_then_ask_kernel_info(visitor, kernel))
        assert "kernel_info_reply" in seen
        assert "execute_reply" not in seen and "execute_input" not in seen
    finally:
        visitor.request("DELETE", f"/api/kernels/{kernel}")


async def _execute_then_ask_kernel_info(visitor: Visitor, kernel: str) -> list[str]:
    """Send code to run, then ask for the kernel's info; the types of the messages received
    until its reply."""
    socket = await KernelSocket.open(visitor, kernel)
    await socket.send("execute_request", {"code": "1 + 1", "silent": False})
    await socket.send("kernel_info_request", {})
    await socket.until("kernel_info_reply")
    socket.close()
    return socket.types()


class KernelSocket:
    """A visitor's websocket to its kernel, opened with its cookies as its page opens it."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.sent = 0
        self.received: list[str] = []
        """Every message received so far, as sent (JSON text)."""

    @classmethod
    async def open(cls, visitor: Visitor, kernel: str) -> KernelSocket:
        """Connect to ``kernel``'s channels as ``visitor``."""
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        cookies = "; ".join(f"{c.name}={c.value}" for c in visitor.jar)
        url = f"ws://127.0.0.1:{visitor.server.port}/api/kernels/{kernel}/channels?session_id=t"
        return cls(await websocket_connect(HTTPRequest(url, headers={"Cookie": cookies})))

    async def send(self, msg_type: str, content: dict[str, Any], channel: str = "shell") -> None:
        """Send one message of ``msg_type`` on ``channel``."""
        self.sent += 1
        header = {"msg_id": f"m{self.sent}", "msg_type": msg_type, "username": "t"}
        header |= {"session": "t", "date": "2026-01-01T00:00:00Z", "version": "5.3"}
        await self.ws.write_message(
            json.dumps(
                {"header": header, "parent_header": {}, "metadata": {}, "content": content}
                | {"channel": channel, "buffers": []}
            )
        )

    async def until(self, msg_type: str) -> dict[str, Any]:
        """Read messages until one of ``msg_type`` (waiting at most 60 s for each); that one."""
        while True:
            raw = await asyncio.wait_for(self.ws.read_message(), 60)
            assert isinstance(raw, str), "websocket closed"
            self.received.append(raw)
            message: dict[str, Any] = json.loads(raw)
            if message["header"]["msg_type"] == msg_type:
                return message

    def types(self) -> list[str]:
        """The types of the messages received so far."""
        return [json.loads(raw)["header"]["msg_type"] for raw in self.received]

    def close(self) -> None:
        """Close the connection."""
        self.ws.close()


def test_kernels_whose_page_is_gone_are_culled_and_open_pages_kept(browser: Any) -> None:
    options = [
        "--MappingKernelManager.cull_idle_timeout=2",
        "--MappingKernelManager.cull_interval=1",
        "--DashboardKernelManager.unconnected_cull_timeout=15",
    ]
    with serve(*options) as server:
        loaded = harness.open_dashboard(browser, server.render_url("playwin.ipynb"))
        connected = harness.kernel_id(loaded.page)
        # A page fetched whose scripts have not connected yet (a slow browser, or a tab gone
        # before they ran): it gets the longer grace, then goes.
        loading = Visitor(server).open_dashboard()
        time.sleep(5)
        assert kernel_exists(server, loading)
        assert kernel_exists(server, connected)  # idle past 2 s, but its page is open
        # The tab vanishes without its unload beacon (a crash): the short timeout applies.
        loaded.page.close()
        assert server.wait_until_gone(server.kernel_url(connected), timeout=30)
        assert f"Culling 'idle' kernel 'python3' ({connected})" in server.log()
        assert server.wait_until_gone(server.kernel_url(loading), timeout=60)


# --------------------------------------------------------------------------- item 13: offline
def test_dashboards_load_nothing_from_outside(browser: Any) -> None:
    outside: list[str] = []

    def route(route: Any) -> None:
        url = route.request.url
        if urlsplit(url).scheme in ("data", "blob") or urlsplit(url).hostname in LOOPBACK:
            with contextlib.suppress(Exception):  # the page may navigate away meanwhile
                route.continue_()
        else:
            outside.append(url)
            with contextlib.suppress(Exception):
                route.abort("internetdisconnected")

    with serve() as server:
        context = browser.new_context(viewport=harness.VIEWPORT)
        context.route("**/*", route)
        page = context.new_page()
        try:
            page.goto(server.url, wait_until="domcontentloaded", timeout=120_000)
            page.wait_for_selector(".ftw-gallery", timeout=120_000)
            page.goto(server.render_url("playwin.ipynb"), timeout=120_000)
            page.wait_for_function(harness.FIRST_CANVAS_DRAWN_JS, polling="raf", timeout=120_000)
            assert page.locator(BANNER).count() == 0
            page.goto(f"http://127.0.0.1:{server.port}/voila/tree", timeout=60_000)
            page.wait_for_load_state("networkidle", timeout=60_000)
            page.goto("about:blank")
        finally:
            context.close()
    assert outside == []


# --------------------------------------------------------------------------- item 8: load
def test_a_page_that_did_not_come_up_says_so_and_offers_a_reload(browser: Any) -> None:
    # With no time at all for a cell's output to arrive, execution is cut short on the server,
    # as it was under load with Voilà's 4 s default: the page must say so, not stay blank.
    with serve("--VoilaExecutor.iopub_timeout=0") as server:
        page = browser.new_page(viewport=harness.VIEWPORT)
        try:
            page.goto(server.render_url("playwin.ipynb"), timeout=120_000)
            banner = page.wait_for_selector(BANNER, state="visible", timeout=60_000)
            assert banner is not None
            assert "did not load completely" in banner.inner_text()
            with page.expect_navigation(timeout=60_000):
                page.locator(f"{BANNER} button:has-text('Reload')").click()
            page.goto("about:blank")
        finally:
            page.close()


LEAVE_KERNEL_JS = """
async () => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const xsrf = document.cookie.split('; ').find(c => c.startsWith('_xsrf=')).slice(6);
  const answer = await fetch(`${config.baseUrl}api/kernels/${config.kernelId}`,
                             {method: 'DELETE', headers: {'X-XSRFToken': xsrf}});
  return answer.status;
}
"""


def test_a_page_whose_kernel_went_away_says_so(browser: Any) -> None:
    with serve() as server:
        loaded = harness.open_dashboard(browser, server.render_url("playwin.ipynb"))
        try:
            assert loaded.page.locator(BANNER).count() == 0
            assert loaded.page.evaluate(LEAVE_KERNEL_JS) == 204  # as a culled kernel would
            banner = loaded.page.wait_for_selector(BANNER, state="visible", timeout=60_000)
            assert banner is not None
            assert "lost its connection to the server" in banner.inner_text()
        finally:
            harness.close_dashboard(loaded.page)


@pytest.mark.slow
def test_twenty_visitors_at_once_all_get_their_board() -> None:
    if not os.access(harness.CHROMIUM, os.X_OK):
        pytest.skip("Debian's chromium is not installed (make chromium)")
    # All twenty come from 127.0.0.1 here: the per-address share would turn most away.
    with serve("--per-address-kernels=24", "--per-client-kernels=24") as server:
        url = server.render_url("playwin.ipynb")
        # Its own thread: the async Playwright must not share a thread with the sync one.
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            sessions = pool.submit(server_load.open_sessions, url, 20, 480.0).result()
    outcomes = [s.outcome for s in sessions]
    assert outcomes == ["drawn"] * 20, f"{outcomes}; see {server.log_path}"


# --------------------------------------------------------------------------- fair shares
def test_thirty_requests_from_one_address_leave_room_for_others() -> None:
    shares = ("--max-kernels=6", "--per-address-kernels=2", "--per-client-kernels=2")
    with serve(*shares) as server:
        path = "/voila/render/index.ipynb"
        with concurrent.futures.ThreadPoolExecutor(10) as pool:
            answers = list(pool.map(lambda _: get_from(server, path, "127.0.0.1"), range(30)))
        opened = [kernel_of(body) for status, body, _ in answers if status == 200]
        refused = [body for status, body, _ in answers if status == 429]
        assert len(opened) == 2 and len(refused) == 28, sorted(a[0] for a in answers)
        assert "Your network address already has 2 dashboards open" in refused[0]
        assert "Come back in about" in refused[0] and "location.reload()" in refused[0]
        # Another visitor still gets a dashboard, and one browser holds only its share.
        status, body, cookie = get_from(server, path, "127.0.0.2")
        assert status == 200 and cookie
        opened.append(kernel_of(body))
        status, body, _ = get_from(server, path, "127.0.0.3", cookie)
        assert status == 200
        opened.append(kernel_of(body))
        status, body, _ = get_from(server, path, "127.0.0.4", cookie)
        assert status == 429 and "This browser already has 2 dashboards open" in body
        assert len(set(opened)) == 4


def test_a_visitor_cannot_shut_its_kernel_down_over_the_websocket(
    guarded: harness.VoilaServer,
) -> None:
    visitor = Visitor(guarded)
    kernel = visitor.open_dashboard()
    try:
        seen = in_own_loop(_send_then_ask_kernel_info(visitor, kernel, "shutdown_request"))
        assert "kernel_info_reply" in seen and "shutdown_reply" not in seen
        time.sleep(2)
        assert kernel_exists(guarded, kernel)
        assert 'Received message of type "shutdown_request", which is not allowed' in guarded.log()
    finally:
        visitor.request("DELETE", f"/api/kernels/{kernel}")


async def _send_then_ask_kernel_info(visitor: Visitor, kernel: str, kind: str) -> list[str]:
    """Send ``kind`` on the control and the shell channel, then ask for the kernel's info;
    the types of the messages received until its reply."""
    socket = await KernelSocket.open(visitor, kernel)
    for channel in ("control", "shell"):
        await socket.send(kind, {"restart": False}, channel)
    # A lone surrogate in a widget message must not take the connection down either.
    await socket.send("comm_msg", {"comm_id": "none", "data": {"text": "\ud800"}})
    await socket.send("kernel_info_request", {})
    await socket.until("kernel_info_reply")
    socket.close()
    return socket.types()


# --------------------------------------------------------------------------- pools
def test_a_pooled_kernel_is_handed_to_one_client_only(browser: Any) -> None:
    with serve("--pool-size=1", "--pooled=playwin.ipynb", pools=True) as server:
        _wait_for_log(server, "Kernel pool of playwin.ipynb is filled")
        pooled = re.search(r"Kernel started: ([0-9a-f-]{36})", server.log())
        assert pooled is not None
        loaded = harness.open_dashboard(browser, server.render_url("playwin.ipynb"))
        other = Visitor(server)
        try:
            assert harness.kernel_id(loaded.page) == pooled.group(1)
            assert f"Using pre-heated kernel: {pooled.group(1)}" in server.log()
            # The next visitor gets a kernel of its own (the pool refills in the background),
            # and cannot reach the pooled kernel now that it has an owner.
            assert other.open_dashboard("playwin.ipynb") != pooled.group(1)
            assert other.websocket_status(pooled.group(1)) == 403
            assert other.request("DELETE", f"/api/kernels/{pooled.group(1)}")[0] == 403
            # The pooled kernel learnt the request's address: its links name this server.
            explorer = harness.ExplorerOnPage(loaded.page)
            link = explorer.root.locator(".ftw-position-link input").input_value()
            assert link.startswith(f"http://127.0.0.1:{server.port}/voila/render/playwin.ipynb?")
        finally:
            harness.close_dashboard(loaded.page)


def test_pool_sizes_are_per_notebook_and_a_drained_pool_grows() -> None:
    options = (
        "--pool-size=playwin.ipynb=1,default=0",
        "--DashboardKernelManager.pool_grow_max=2",
        # These visitors take their pages and never connect to the kernels: refills wait a few
        # seconds for them instead of two minutes.
        "--DashboardKernelManager.pool_settle_max=5",
    )
    with serve(*options, pools=True) as server:
        _wait_for_log(server, "Kernel pool of playwin.ipynb is filled with 1")
        assert "Kernel pool of index.ipynb" not in server.log()  # default=0: no other pools
        first, second = Visitor(server), Visitor(server)
        kernels = [first.open_dashboard("playwin.ipynb")]
        try:
            # The second visitor finds the pool refilling: a kernel of its own, and the pool
            # grows so that the next one finds two waiting.
            kernels.append(second.open_dashboard("playwin.ipynb"))
            assert f"Using pre-heated kernel: {kernels[0]}" in server.log()
            assert f"Using pre-heated kernel: {kernels[1]}" not in server.log()
            assert "Pool of playwin.ipynb drained: grown to 2 kernel(s)" in server.log()
            _wait_for_log(server, "Kernel pool of playwin.ipynb is filled with 2")
        finally:
            first.request("DELETE", f"/api/kernels/{kernels[0]}")
            if len(kernels) > 1:
                second.request("DELETE", f"/api/kernels/{kernels[1]}")


def test_visitors_beyond_the_render_slots_wait_their_turn_and_all_get_their_page() -> None:
    from concurrent.futures import ThreadPoolExecutor

    with serve("--concurrent-renders=1") as server:
        visitors = [Visitor(server) for _ in range(3)]
        with ThreadPoolExecutor(3) as pool:
            kernels = list(pool.map(lambda v: v.open_dashboard("index.ipynb"), visitors))
        try:
            assert len(set(kernels)) == 3
            assert "index.ipynb waits for a free render slot" in server.log()
        finally:
            for visitor, kernel in zip(visitors, kernels, strict=True):
                visitor.request("DELETE", f"/api/kernels/{kernel}")


def _wait_for_log(server: harness.VoilaServer, text: str, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while text not in server.log():
        assert time.monotonic() < deadline, f"{text!r} not logged:\n{server.log()[-3000:]}"
        time.sleep(0.5)


# --------------------------------------------------------------------------- a killed kernel
def test_a_killed_kernel_is_said_aloud_and_reload_brings_the_position_back(browser: Any) -> None:
    import ftwkit
    from widgets.links import encode_value

    start = ftwkit.rules("playwin").new().play("B3-C3").play("H6-G6")
    with serve() as server:
        url = f"{server.render_url('playwin.ipynb')}?position={encode_value(start.to_json())}"
        loaded = harness.open_dashboard(browser, url)
        page = loaded.page
        try:
            explorer = harness.ExplorerOnPage(page)
            opened = explorer.snapshot()
            explorer.play_clickable_move()
            moved = explorer.snapshot()
            # The explorer keeps a link to the position shown in the page (once it does, Reload
            # comes back to the move just played; without it, to the page's own address).
            resumable = page.locator(".ftw-resume[data-link]").count() > 0
            expected = moved.position if resumable else opened.position
            os.kill(kernel_process(server, harness.kernel_id(page)), signal.SIGKILL)
            banner = page.wait_for_selector(
                f'{BANNER}[data-kind="stopped"]', state="visible", timeout=30_000
            )
            assert banner is not None
            assert "the engine behind it stopped" in banner.inner_text()
            os.makedirs(harness.SCREENSHOTS, exist_ok=True)
            for width, height in ((1024, 768), (1440, 900)):
                page.set_viewport_size({"width": width, "height": height})
                page.screenshot(
                    path=os.path.join(harness.SCREENSHOTS, f"kernel-stopped-{width}.png")
                )
            with page.expect_navigation(timeout=60_000):
                page.locator(f"{BANNER} button:has-text('Reload at this position')").click()
            page.wait_for_function(harness.FIRST_CANVAS_DRAWN_JS, polling="raf", timeout=120_000)
            assert page.locator(BANNER).count() == 0
            assert harness.ExplorerOnPage(page).snapshot().position == expected
        finally:
            harness.close_dashboard(page)


# --------------------------------------------------------------------------- quiet console
VERSION_WARNING = re.compile(r"Unsatisfied version|No satisfying version")


def test_pages_log_no_package_version_mismatch(browser: Any) -> None:
    # The widget managers Voilà loads are built against the JupyterLab packages of its own
    # front end (pyproject pins them): no "Unsatisfied version … of shared singleton module".
    with serve() as server:
        for notebook, ready in (("playwin.ipynb", "canvas"), ("index.ipynb", ".ftw-gallery")):
            page = browser.new_page(viewport=harness.VIEWPORT)
            warnings: list[str] = []
            page.on("console", lambda m, seen=warnings: seen.append(f"{m.type}: {m.text}"))
            try:
                page.goto(server.render_url(notebook), timeout=120_000)
                if ready == "canvas":
                    page.wait_for_function(
                        harness.FIRST_CANVAS_DRAWN_JS, polling="raf", timeout=120_000
                    )
                else:
                    page.wait_for_selector(ready, timeout=120_000)
                assert [w for w in warnings if VERSION_WARNING.search(w)] == [], notebook
            finally:
                harness.close_dashboard(page)


# --------------------------------------------------------------------------- no server paths
def test_error_details_never_reach_the_page(guarded: harness.VoilaServer) -> None:
    # A widget update the widget refuses (ipywidgets answers with a traceback), a comm opened
    # for no target (the comm package logs a traceback to stderr): the page gets neither.
    visitor = Visitor(guarded)
    kernel = visitor.open_dashboard("playwin.ipynb")
    try:
        received = in_own_loop(_provoke_kernel_errors(visitor, kernel))
        text = "\n".join(received)
        assert '"kernel_info_reply"' in text
        for leak in ("Traceback", "site-packages", harness.ROOT, '"msg_type": "error"'):
            assert leak not in text, leak
        assert '"name": "stderr"' not in text
        assert "withheld a kernel message from the page" in guarded.log()
    finally:
        visitor.request("DELETE", f"/api/kernels/{kernel}")


async def _provoke_kernel_errors(visitor: Visitor, kernel: str) -> list[str]:
    socket = await KernelSocket.open(visitor, kernel)
    await socket.send("comm_info_request", {"target_name": "jupyter.widget"})
    comms = (await socket.until("comm_info_reply"))["content"]["comms"]
    for comm_id in list(comms)[:5]:
        bad = {"method": "update", "state": {"layout": 42, "value": {"x": [1]}}, "buffer_paths": []}
        await socket.send("comm_msg", {"comm_id": comm_id, "data": bad})
    await socket.send("comm_open", {"comm_id": "c1", "target_name": "no.such.target", "data": {}})
    await socket.send("kernel_info_request", {})
    await socket.until("kernel_info_reply")
    with contextlib.suppress(asyncio.TimeoutError):  # late stderr or error messages
        await asyncio.wait_for(socket.until("never"), 3)
    socket.close()
    return socket.received
