"""The dashboard server's guards and shipped configuration, checked without starting a server.

The browser tests (``tests/browser/test_server.py``) drive a running server; these pin the pieces
that decide: which ``Host`` names are served, how the kernel cap counts, who owns a kernel, and
the settings ``voila/voila.json`` ships (culling, IOPub wait, template, pools), and what the
kernel websocket withholds from the browser.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from datetime import timedelta
from pathlib import Path

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VOILA_DIR = os.path.join(ROOT, "voila")
TEMPLATE_DIR = os.path.join(VOILA_DIR, "share", "voila", "templates", "ftw")
if VOILA_DIR not in sys.path:
    sys.path.insert(0, VOILA_DIR)

import dashboard_guards as guards  # noqa: E402
import serve  # noqa: E402


@pytest.fixture(scope="module")
def config() -> dict:
    with open(os.path.join(VOILA_DIR, "voila.json"), encoding="utf-8") as fh:
        loaded: dict = json.load(fh)
    return loaded


# --------------------------------------------------------------------------- Host header
@pytest.mark.parametrize(
    "host",
    [
        "localhost",
        "localhost:8866",
        "LOCALHOST:8866",
        "127.0.0.1",
        "127.0.0.1:8866",
        "127.8.9.1",
        "[::1]",
        "[::1]:8866",
        "::1",
        "localhost.",
    ],
)
def test_loopback_host_names_are_allowed(host: str) -> None:
    assert guards.host_allowed(host)


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:8866",
        "localhost.evil.example",
        "127.0.0.1.evil.example",
        "10.0.0.5",
        "0.0.0.0",
        "[::]",
        "",
        "   ",
        "[::1",
        "localhost:8866:1",
    ],
)
def test_other_host_names_are_refused(host: str) -> None:
    assert not guards.host_allowed(host)


def test_configured_host_names_are_allowed_whatever_the_port_and_case() -> None:
    allowed = ["Games.Example.org", "10.0.0.5"]
    assert guards.host_allowed("games.example.org:8866", allowed)
    assert guards.host_allowed("10.0.0.5:80", allowed)
    assert not guards.host_allowed("evil.example", allowed)
    assert not guards.host_allowed("games.example.org.evil.example", allowed)


def test_allowed_hosts_and_max_kernels_are_command_line_options() -> None:
    app = serve.DashboardServer()
    app.parse_command_line(["--allowed-hosts=a.example,b.example", "--max-kernels=5"])
    assert app.allowed_hosts == ["a.example", "b.example"]
    assert app.max_kernels == 5
    with pytest.raises(Exception, match="at least 1"):
        serve.DashboardServer().parse_command_line(["--max-kernels=0"])


# --------------------------------------------------------------------------- kernel registry
def test_the_cap_counts_running_and_starting_kernels() -> None:
    registry = guards.KernelRegistry(3)
    assert registry.reserve(running=[]) and registry.reserve(running=[])
    assert registry.reserve(running=[])
    assert not registry.reserve(running=[])  # three kernels still booting fill the cap
    registry.started("k1", "alice", running=["k1"])
    assert not registry.reserve(running=["k1"])  # one running + two starting
    registry.release()  # a request that never started its kernel
    assert registry.reserve(running=["k1"])
    with pytest.raises(ValueError, match="at least 1"):
        guards.KernelRegistry(0)


def test_a_kernel_listed_before_its_start_returns_is_counted_once() -> None:
    registry = guards.KernelRegistry(3)
    assert registry.reserve(running=[]) and registry.reserve(running=[])
    # Both kernels are listed by the manager while their starts are still awaited.
    assert registry.open_count(["k1", "k2"]) == 2
    assert registry.reserve(running=["k1", "k2"])  # 2 open, not 2 running + 2 starting
    assert not registry.reserve(running=["k1", "k2"])


def test_kernels_started_elsewhere_still_count_against_the_cap() -> None:
    registry = guards.KernelRegistry(2)
    assert registry.open_count(["a", "b"]) == 2
    assert not registry.reserve(running=["a", "b"])


def test_a_kernel_belongs_to_the_client_that_started_it() -> None:
    registry = guards.KernelRegistry(5)
    registry.reserve([])
    registry.started("k1", "alice-token", running=["k1"])
    registry.reserve(["k1"])
    registry.started("k2", "bob-token", running=["k1", "k2"])
    assert registry.owned_by("k1", "alice-token")
    assert not registry.owned_by("k1", "bob-token")
    assert not registry.owned_by("k1", None)
    assert not registry.owned_by("unknown", "alice-token")
    assert not registry.owned_by(None, "alice-token")
    registry.reserve(["k1", "k2"])
    registry.started("k3", "carol-token", running=["k2", "k3"])  # k1 has gone: forgotten
    assert set(registry.owners) == {"k2", "k3"}


def test_client_tokens_are_fresh_and_long() -> None:
    tokens = {guards.new_client_token() for _ in range(50)}
    assert len(tokens) == 50 and all(len(t) >= 32 for t in tokens)


def test_the_busy_page_says_why_and_offers_a_reload() -> None:
    page = guards.busy_page(24, 24)
    assert "at most 24 dashboards" in page and "location.reload()" in page
    assert "http://" not in page and "https://" not in page


# --------------------------------------------------------------------------- shipped settings
def test_kernels_of_pages_that_are_gone_are_culled_within_minutes(config: dict) -> None:
    culling = config["MappingKernelManager"]
    assert culling["cull_connected"] is False  # an open page (connected) is never culled
    assert culling["cull_busy"] is False
    assert 0 < culling["cull_idle_timeout"] <= 60  # its page connected, then went
    assert 0 < culling["cull_interval"] <= 15
    # A page still loading on a busy machine has not connected yet: a longer grace, but bounded.
    manager = config["VoilaConfiguration"]["multi_kernel_manager_class"]
    assert manager == "dashboard_guards.DashboardKernelManager"
    grace = config["DashboardKernelManager"]["unconnected_cull_timeout"]
    assert culling["cull_idle_timeout"] < grace <= 300


class _Kernel:
    def __init__(self, idle_seconds: float) -> None:
        from jupyter_server._tz import utcnow

        self.last_activity = utcnow() - timedelta(seconds=idle_seconds)


def test_a_kernel_whose_page_never_connected_gets_the_longer_grace() -> None:
    manager = guards.DashboardKernelManager(unconnected_cull_timeout=300)
    manager._kernels["loading"] = _Kernel(idle_seconds=200)
    # Within the grace nothing else is looked at (a fake kernel would break Jupyter's checks).
    asyncio.run(manager.cull_kernel_if_idle("loading"))
    manager._kernels["loading"] = _Kernel(idle_seconds=400)
    with pytest.raises(AttributeError):  # past the grace: Jupyter's own culling takes over
        asyncio.run(manager.cull_kernel_if_idle("loading"))


def test_kernels_talk_over_local_sockets_not_tcp_ports(config: dict) -> None:
    # 20 kernels starting at once over TCP drew colliding random ports ("Address already in
    # use"); the kernel died while starting and its page hung.
    assert config["KernelManager"]["transport"] == "ipc"


def test_cell_output_is_waited_for_and_a_timeout_is_an_error(config: dict) -> None:
    # Voilà's 4 s default dropped the board's output under load; a timeout must show, not hide.
    executor = config["VoilaExecutor"]
    assert executor["iopub_timeout"] >= 60
    assert executor["raise_on_iopub_timeout"] is True


def test_the_project_template_is_used_and_cannot_be_overridden(config: dict) -> None:
    voila = config["VoilaConfiguration"]
    assert voila["template"] == "ftw"
    assert voila["allow_template_override"] == "NO"  # ?template=lab would bring the CDN back
    assert voila["show_tracebacks"] is False
    assert "preheat_kernel" not in voila  # the launcher turns it on for the pooled notebooks
    assert voila["progressive_rendering"] is False
    assert config["Voila"]["ip"] == "127.0.0.1"
    server = config["DashboardServer"]
    assert server["max_kernels"] == 24 and server["allowed_hosts"] == []
    # Each client's share is well below the cap: one visitor cannot starve the rest.
    assert 1 <= server["per_client_kernels"] <= server["per_address_kernels"] <= 24 // 2


def test_no_configuration_lets_the_browser_execute_code(config: dict) -> None:
    assert "allowed_message_types" not in json.dumps(config)


def test_the_template_links_nothing_outside_the_server() -> None:
    external = re.compile(r"""(?:href|src)\s*=\s*["']?(?:https?:)?//""", re.IGNORECASE)
    names = sorted(os.listdir(TEMPLATE_DIR))
    assert {"conf.json", "index.html.j2", "page.html", "ftw_base_page.html"} <= set(names)
    for name in names:
        with open(os.path.join(TEMPLATE_DIR, name), encoding="utf-8") as fh:
            text = fh.read()
        assert not external.search(text), name
        assert "jsdelivr" not in text and "cdnjs" not in text, name


# --------------------------------------------------------------------------- fair shares, pools
def test_one_client_and_one_address_hold_only_their_share() -> None:
    registry = guards.KernelRegistry(10, per_client=2, per_address=3)
    running: list[str] = []
    for n, client in enumerate(["alice", "alice", "bob"]):
        assert registry.reserve(running, client, "10.0.0.1")
        running.append(f"k{n}")
        registry.started(f"k{n}", client, running, "10.0.0.1")
    assert registry.refusal(running, "alice", "10.0.0.2") == "client"
    assert registry.refusal(running, "carol", "10.0.0.1") == "address"  # cookies dropped
    assert registry.refusal(running, "carol", "10.0.0.2") is None  # room for others
    assert not registry.reserve(running, "dave", "10.0.0.1")
    # A kernel gone frees its place at once.
    running.remove("k0")
    assert registry.refusal(running, "alice", "10.0.0.1") is None


def test_starting_kernels_count_against_the_share_and_the_cap_comes_first() -> None:
    registry = guards.KernelRegistry(3, per_client=5, per_address=2)
    assert registry.per_client == 3  # a share is never above the cap
    assert registry.reserve([], "a", "x") and registry.reserve([], "b", "x")
    assert registry.refusal([], "c", "x") == "address"
    assert registry.reserve([], "c", "y")
    assert registry.refusal([], "d", "z") == "cap"
    registry.release("a", "x")
    assert registry.refusal([], "e", "x") is None


def test_a_pooled_kernel_is_handed_to_one_client_only() -> None:
    registry = guards.KernelRegistry(4)
    registry.hand_over("pooled", "alice", running=["pooled"], address="10.0.0.1")
    assert registry.owned_by("pooled", "alice") and not registry.owned_by("pooled", "bob")
    with pytest.raises(ValueError, match="already handed over"):
        registry.hand_over("pooled", "bob", running=["pooled"])
    assert registry.held(["pooled"], "alice", "10.0.0.1") == (1, 1)
    # Pooled kernels nobody owns yet still count against the cap, but not against a share.
    assert registry.refusal(["pooled", "p2", "p3", "p4"], "bob", "10.0.0.2") == "cap"
    assert registry.refusal(["pooled", "p2", "p3", "p4"], "bob", "10.0.0.2", pooled=True) is None


class _Done:
    def __init__(self, kernel_id: str, rendered: bool) -> None:
        self.content = {"kernel_id": kernel_id, "task": self if rendered else _Pending()}

    def done(self) -> bool:
        return True

    def cancelled(self) -> bool:
        return False

    def exception(self) -> None:
        return None

    def result(self) -> dict:
        return self.content


class _Pending:
    def done(self) -> bool:
        return False


class _Manager:
    def __init__(self, pool: list, alive: list[str]) -> None:
        self._pools = {"playwin.ipynb": pool}
        self.alive = alive

    def list_kernel_ids(self) -> list[str]:
        return self.alive


def test_a_visitor_gets_a_ready_pooled_kernel_and_never_waits_for_a_refill() -> None:
    starting, half, full, dead = (
        _Pending(),
        _Done("k1", False),
        _Done("k2", True),
        _Done("k3", True),
    )
    manager = _Manager([starting, dead, half, full], alive=["k1", "k2"])
    assert guards.ready_pooled_kernel_first(manager, "playwin.ipynb")
    assert manager._pools["playwin.ipynb"][0] is full  # done rendering, alive: first
    assert not guards.ready_pooled_kernel_first(_Manager([starting], ["k1"]), "playwin.ipynb")
    assert not guards.ready_pooled_kernel_first(manager, "index.ipynb")


def test_pools_shutdown_refusal_and_restarts_are_configured(config: dict) -> None:
    server = config["DashboardServer"]
    explorers = {"playwin", "forthewin", "ftwcards", "doubleblind", "pnrz"}
    assert set(server["pooled_notebooks"]) == {"index.ipynb"} | {f"{g}.ipynb" for g in explorers}
    assert server["pool_size"] == 1
    for name in server["pooled_notebooks"]:
        assert os.path.exists(os.path.join(ROOT, "notebooks", name)), name
    manager = config["DashboardKernelManager"]
    assert manager["pool_fill_interval"] >= 1 and manager["pool_headroom"] >= 1
    # Refills wait for a burst's pages to settle, but a pool refills within two minutes.
    assert 0 < manager["pool_settle_after"] < manager["pool_settle_max"] <= 120
    # A dead kernel is not restarted empty under the same id, and is noticed within a second.
    assert config["KernelRestarter"] == {"restart_limit": 0, "time_to_dead": 1.0}
    kernels = guards.DashboardKernelManager(
        allowed_message_types=["comm_msg", "kernel_info_request", "shutdown_request"]
    )
    assert kernels.allowed_message_types == ["comm_msg", "kernel_info_request"]


def test_pool_size_and_shares_are_command_line_options() -> None:
    app = serve.DashboardServer()
    app.parse_command_line(
        [
            "--pool-size=2",
            "--pooled=index.ipynb,pnrz.ipynb",
            "--per-client-kernels=3",
            "--per-address-kernels=5",
            "--behind-proxy",
        ]
    )
    assert app.pool_size == 2 and app.pooled_notebooks == ["index.ipynb", "pnrz.ipynb"]
    assert (app.per_client_kernels, app.per_address_kernels) == (3, 5)
    assert app.trust_forwarded_for is True


def test_kernels_are_forked_unless_turned_off() -> None:
    assert serve.DashboardServer().fork_kernels is True
    app = serve.DashboardServer()
    app.parse_command_line(["--no-fork-kernels"])
    assert app.fork_kernels is False


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        ("cap", "at most 24 dashboards"),
        ("client", "This browser already has 6 dashboards open"),
        ("address", "Your network address already has 6 dashboards open"),
    ],
)
def test_the_busy_page_says_why_and_when_to_come_back(reason: str, words: str) -> None:
    page = guards.busy_page(20, 24, reason, held=6, retry=30)
    assert words in page and "Come back in about\n30 seconds" in page
    assert "location.reload()" in page


@pytest.mark.parametrize(
    ("reason", "running", "held", "words"),
    [
        (
            "client",
            1,
            1,
            "This browser already has 1 dashboard open on this server, its share "
            "of the 24 dashboards",
        ),
        ("address", 2, 1, "Your network address already has 1 dashboard open"),
        ("cap", 1, 0, "at most 1 dashboard at once and 1 dashboard is open"),
    ],
)
def test_the_busy_page_counts_one_dashboard_in_the_singular(
    reason: str, running: int, held: int, words: str
) -> None:
    cap = 1 if reason == "cap" else 24
    page = guards.busy_page(running, cap, reason, held=held)
    assert words in page and "1 dashboards" not in page


def test_the_trust_warning_is_not_logged() -> None:
    import logging

    quiet = guards.QuietTrustWarnings()
    record = logging.LogRecord(
        "x", logging.WARNING, "", 0, "Notebook %s is not trusted", ("a",), None
    )
    assert not quiet.filter(record)
    other = logging.LogRecord("x", logging.WARNING, "", 0, "Kernel %s died", ("k",), None)
    assert quiet.filter(other)


# --------------------------------------------------------------------------- kernel messages
import kernel_messages  # noqa: E402
from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1  # noqa: E402

TRACEBACK = ["Traceback (most recent call last)", '  File "/srv/app/widgets/x.py", line 3']


def _v1(msg_type: str, content: dict) -> bytes:
    parts = [{"msg_type": msg_type, "msg_id": "1"}, {}, {}, content]
    return serialize_msg_to_ws_v1([json.dumps(p).encode() for p in parts], "iopub")


@pytest.mark.parametrize(
    ("msg_type", "content"),
    [
        ("error", {"ename": "ValueError", "evalue": "x", "traceback": TRACEBACK}),
        ("stream", {"name": "stderr", "text": "Exception opening comm\n" + TRACEBACK[1]}),
        ("comm_info_reply", {"status": "error", "traceback": TRACEBACK}),
        ("display_data", {"data": {"text/plain": "\n".join(TRACEBACK)}}),
    ],
)
def test_messages_carrying_server_paths_are_withheld(msg_type: str, content: dict) -> None:
    as_dict = {"header": {"msg_type": msg_type}, "content": content}
    assert kernel_messages.withheld(as_dict)
    assert kernel_messages.withheld(json.dumps(as_dict))
    assert kernel_messages.withheld(_v1(msg_type, content))


@pytest.mark.parametrize(
    ("msg_type", "content"),
    [
        ("stream", {"name": "stdout", "text": "hello"}),
        ("comm_msg", {"comm_id": "c", "data": {"method": "update", "state": {"value": "ok"}}}),
        ("status", {"execution_state": "idle"}),
    ],
)
def test_ordinary_messages_go_through(msg_type: str, content: dict) -> None:
    assert kernel_messages.withheld({"header": {"msg_type": msg_type}, "content": content}) is None
    assert kernel_messages.withheld(_v1(msg_type, content)) is None


def test_lone_surrogates_from_the_browser_are_replaced_and_pairs_kept() -> None:
    text = json.dumps({"a": "x\ud800y", "b": "\udc00", "c": "😀"}, ensure_ascii=True)
    cleaned = kernel_messages.without_lone_surrogates(text)
    loaded = json.loads(cleaned)
    assert loaded == {"a": "x\ufffdy", "b": "\ufffd", "c": "😀"}
    json.dumps(loaded, ensure_ascii=False).encode("utf-8")  # now encodable


class _PoolsManager(_Manager):
    def __init__(self) -> None:
        super().__init__([_Done("k1", True)], alive=["k1", "k2"])
        self._pools["index.ipynb"] = [_Done("k2", True)]
        self.shut: list[str] = []
        self.refilled: list[str] = []
        self.log = __import__("logging").getLogger("test")

    async def shutdown_kernel(self, kernel_id: str, now: bool = False) -> None:
        self.shut.append(kernel_id)
        self.alive = [k for k in self.alive if k != kernel_id]

    def fill_if_needed(self, notebook_name: str) -> None:
        self.refilled.append(notebook_name)


def test_a_waiting_pooled_kernel_makes_room_for_a_visitor_of_another_notebook() -> None:
    manager = _PoolsManager()
    assert asyncio.run(guards.evict_pooled_kernel(manager, keep="playwin.ipynb"))
    assert manager.shut == ["k2"] and manager.refilled == ["index.ipynb"]
    # Nothing else waits outside the visitor's own notebook: nobody else is shut down.
    assert not asyncio.run(guards.evict_pooled_kernel(manager, keep="playwin.ipynb"))
    assert manager.shut == ["k2"]


# --------------------------------------------------------------------------- pool sizes
@pytest.mark.parametrize(
    ("spec", "sizes"),
    [
        (1, {"index.ipynb": 1, "pnrz.ipynb": 1}),
        ("2", {"index.ipynb": 2, "pnrz.ipynb": 2}),
        (0, {}),
        ("playwin.ipynb=12,default=1", {"index.ipynb": 1, "pnrz.ipynb": 1, "playwin.ipynb": 12}),
        ("default=0, playwin.ipynb=5", {"playwin.ipynb": 5}),
        ("pnrz.ipynb=0,index.ipynb=3", {"index.ipynb": 3}),
    ],
)
def test_pool_sizes_are_given_per_notebook_with_a_default(spec: int | str, sizes: dict) -> None:
    assert guards.parse_pool_sizes(spec, ["index.ipynb", "pnrz.ipynb"]) == sizes


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("playwin.ipynb=many", "not N or notebook.ipynb=N"),
        ("playwin=3", "not a notebook name"),
        ("default=-1", "cannot be negative"),
    ],
)
def test_a_malformed_pool_size_is_refused_with_what_is_expected(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        guards.parse_pool_sizes(spec, ["index.ipynb"])


def test_pool_sizes_by_notebook_are_a_command_line_option_checked_against_the_cap() -> None:
    app = serve.DashboardServer()
    app.parse_command_line(["--pool-size=playwin.ipynb=12,default=1", "--pooled=index.ipynb"])
    assert app.checked_pool_sizes() == {"index.ipynb": 1, "playwin.ipynb": 12}
    full = serve.DashboardServer()
    full.parse_command_line(["--pool-size=playwin.ipynb=30", "--max-kernels=24"])
    with pytest.raises(ValueError, match="the pools hold 30 waiting kernels"):
        full.checked_pool_sizes()
    typo = serve.DashboardServer()
    typo.parse_command_line(["--pool-size=playwn.ipynb=3"])
    with pytest.raises(ValueError, match=r"playwn\.ipynb"):
        typo.checked_pool_sizes()


def _adaptive_manager(max_kernels: int = 24) -> guards.DashboardKernelManager:
    manager = guards.DashboardKernelManager(pool_grow_max=3, pool_headroom=2)
    manager.registry = guards.KernelRegistry(max_kernels)
    manager.pool_sizes = {"playwin.ipynb": 1, "index.ipynb": 1}
    filled: list[tuple[str, int]] = []
    manager.fill_if_needed = lambda delay, notebook_name: filled.append(  # type: ignore[method-assign]
        (notebook_name, manager.kernel_pools_config[notebook_name]["pool_size"])
    )
    manager.filled = filled  # type: ignore[attr-defined]
    return manager


def test_a_drained_pool_grows_one_kernel_at_a_time_up_to_its_bound() -> None:
    manager = _adaptive_manager()
    for _ in range(5):
        manager.pool_drained("playwin.ipynb")
    assert manager.filled == [("playwin.ipynb", n) for n in (2, 3, 3, 3, 3)]  # type: ignore[attr-defined]
    assert manager.pool_target("playwin.ipynb") == 3
    assert manager.pool_target("index.ipynb") == 1  # the other pools keep their size
    manager.pool_drained("casebook.ipynb")  # not pooled: stays without a pool
    assert manager.pool_target("casebook.ipynb") == 0


def test_a_drained_pool_never_grows_into_the_headroom_under_the_cap() -> None:
    manager = _adaptive_manager(max_kernels=5)  # 5 - 2 headroom - 1 for the index: 2 left
    for _ in range(3):
        manager.pool_drained("playwin.ipynb")
    assert manager.pool_target("playwin.ipynb") == 2


def test_a_grown_pool_goes_back_to_its_size_when_quiet_and_its_extra_kernels_go() -> None:
    manager = _adaptive_manager()
    manager.pool_drained("playwin.ipynb")
    manager.pool_drained("playwin.ipynb")
    manager._pools = {"playwin.ipynb": [_Done("k1", True), _Done("k2", True), _Pending()]}  # type: ignore[attr-defined]
    assert manager.shrink_quiet_pools() == []  # drained just now: kept
    manager.pool_shrink_after = 0.0
    assert manager.shrink_quiet_pools() == ["k2"]  # the configured one waiting kernel stays
    assert manager.pool_target("playwin.ipynb") == 1
    assert manager.kernel_pools_config["playwin.ipynb"] == {"pool_size": 1}


def test_a_pool_refill_waits_while_a_visitors_kernel_starts() -> None:
    manager = _adaptive_manager()
    manager.pool_fill_interval = 0.01
    registry = manager.registry
    assert registry is not None
    assert registry.reserve(running=[], client="alice")  # a visitor's kernel is starting

    async def refill_waits() -> tuple[bool, bool]:
        waiting = asyncio.ensure_future(manager._wait_for_pool_room())
        await asyncio.sleep(1.5)
        held_back = not waiting.done()
        registry.release("alice")  # the visitor's kernel is up (or gone)
        await asyncio.wait_for(waiting, 5)
        return held_back, waiting.done()

    assert asyncio.run(refill_waits()) == (True, True)


def test_kernels_for_visitors_start_two_per_core_at_once_unless_configured() -> None:
    app = serve.DashboardServer()
    assert app.render_slots() == 2 * (os.cpu_count() or 1)
    app.parse_command_line(["--concurrent-renders=3"])
    assert app.render_slots() == 3


def _request(headers: dict[str, str]) -> object:
    from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

    return HTTPServerRequest(
        start_line=RequestStartLine("GET", "/voila/render/playwin.ipynb?seed=3", "HTTP/1.1"),
        headers=HTTPHeaders({"Host": "games.example.org", **headers}),
    )


def test_behind_a_proxy_the_page_links_with_the_scheme_the_visitor_used() -> None:
    tls = _request({"X-Forwarded-Proto": "https"})
    page = "games.example.org/voila/render/playwin.ipynb?seed=3"
    assert serve.visitor_url(tls, behind_proxy=True) == f"https://{page}"
    # without --behind-proxy the header is anybody's word: ignored
    assert serve.visitor_url(tls, behind_proxy=False) == f"http://{page}"
    odd = _request({"X-Forwarded-Proto": "javascript"})
    assert serve.visitor_url(odd, behind_proxy=True) == f"http://{page}"


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _settling_manager(alive: list[str]) -> tuple[guards.DashboardKernelManager, _Clock]:
    manager = _adaptive_manager()
    manager.pool_settle_after = 5.0
    manager.pool_settle_max = 30.0
    clock = _Clock()
    manager.clock = clock
    manager.list_kernel_ids = lambda: list(alive)  # type: ignore[method-assign]
    return manager, clock


def test_refills_wait_until_the_pages_handed_over_connected_and_went_quiet() -> None:
    manager, clock = _settling_manager(alive=["k1", "k2"])
    assert manager.pages_settled()  # nothing served yet
    manager.page_served()  # two pages asked for, their kernels handed over
    manager.page_served("k1")
    manager.page_served("k2")
    clock.now += 10
    assert not manager.pages_settled()  # neither page connected yet
    manager.notify_connect("k1")  # k1's page connects: its browser builds it now
    clock.now += 10
    assert not manager.pages_settled()  # k2's page still to come
    manager.notify_connect("k2")
    clock.now += 3
    manager.page_message("k2")  # its canvas says it is ready: the board is being drawn
    clock.now += 4.9
    assert not manager.pages_settled()  # its browser is still building the page
    clock.now += 0.2
    assert manager.pages_settled()
    manager.notify_connect("k1")  # a page reconnecting is no fresh page: refills go on
    assert manager.pages_settled()
    clock.now += 30
    manager.page_message("k2")  # a visitor playing on a page built long ago
    assert manager.pages_settled()


def test_a_page_that_never_connects_holds_refills_back_only_for_a_bounded_time() -> None:
    alive = ["k1"]
    manager, clock = _settling_manager(alive)
    manager.page_served("k1")  # a plain HTTP client: takes the page, never connects
    clock.now += 29
    assert not manager.pages_settled()
    clock.now += 1.5
    assert manager.pages_settled()  # waited pool_settle_max: the visitor left
    manager.page_served("k1")
    alive.clear()  # its kernel shut down (the tab closed): nothing to wait for
    clock.now += 5
    assert manager.pages_settled()


def test_a_pool_refill_starts_only_once_the_burst_of_pages_settled() -> None:
    manager, clock = _settling_manager(alive=["k1"])
    manager.pool_settle_after = 0.2
    manager.page_served("k1")

    async def refill() -> tuple[bool, bool]:
        waiting = asyncio.ensure_future(manager._wait_for_pages_to_settle())
        await asyncio.sleep(0.3)
        held_back = not waiting.done()
        clock.now += 31  # the page never connected: the bound lets the refill go
        await asyncio.wait_for(waiting, 5)
        return held_back, waiting.done()

    assert asyncio.run(refill()) == (True, True)


# --------------------------------------------------------------------------- cheaper pages
def test_page_templates_are_compiled_once_for_every_page_and_again_when_edited() -> None:
    import jinja2
    import template_cache

    sources = {"page.html": "<p>{{ board }}</p>"}
    cache = template_cache.MemoryBytecodeCache()
    compiled: list[str] = []

    class Counting(jinja2.Environment):
        def _compile(self, source: str, filename: str) -> object:
            compiled.append(filename)
            return super()._compile(source, filename)

    def page() -> str:  # as Voilà does: a new environment for every page
        environment = Counting(loader=jinja2.DictLoader(sources), bytecode_cache=cache)
        return environment.get_template("page.html").render(board="drawn")

    assert [page(), page(), page()] == ["<p>drawn</p>"] * 3
    assert len(compiled) == 1 and len(cache) == 1
    sources["page.html"] = "<div>{{ board }}</div>"  # an edited template is compiled afresh
    assert page() == "<div>drawn</div>" and len(compiled) == 2


def test_every_exporter_voila_builds_takes_compiled_templates_from_the_shared_cache() -> None:
    import template_cache
    import voila.notebook_renderer

    template_cache.install()
    exporter_class = voila.notebook_renderer.VoilaExporter
    assert exporter_class is template_cache.CachedTemplatesExporter
    environment = exporter_class(template_name="lab").environment
    assert environment.bytecode_cache is template_cache.SHARED_CACHE


def test_the_kernels_packages_are_byte_compiled_even_when_python_is_told_not_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = str(tmp_path / "pkg")
    os.makedirs(package)
    with open(os.path.join(package, "board.py"), "w", encoding="utf-8") as fh:
        fh.write("SIZE = 8\n")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert serve.byte_compile(("pkg", "absent"), root=str(tmp_path))
    import importlib.util

    assert os.path.isfile(importlib.util.cache_from_source(os.path.join(package, "board.py")))


@pytest.mark.parametrize(("option", "debug"), [([], False), (["--debug"], True)])
def test_debug_lines_are_not_even_made_unless_asked_for(option: list[str], debug: bool) -> None:
    import logging

    app = serve.DashboardServer()
    app.initialize(["--port=8779", *option])
    assert app.log.isEnabledFor(logging.DEBUG) is debug
    assert app.log.isEnabledFor(logging.INFO)


def test_a_kernel_handed_over_or_started_for_a_page_holds_refills_until_its_page_connects() -> None:
    alive = ["pooled"]
    manager, clock = _settling_manager(alive)

    async def rendered(**_kwargs: object) -> tuple[None, str, str]:
        return None, "<html>", "pooled"

    async def started(**_kwargs: object) -> str:
        alive.append("cold")
        return "cold"

    manager.get_rendered_notebook = rendered  # type: ignore[attr-defined]
    manager.start_kernel = started  # type: ignore[method-assign]
    assert manager.registry is not None
    page = guards.OwnedKernelStarts(manager, manager.registry, "alice")
    asyncio.run(page.get_rendered_notebook(notebook_name="playwin.ipynb"))
    asyncio.run(page.start_kernel())
    assert set(manager._pages_expected) == {"pooled", "cold"}
    assert not manager.pages_settled()
    manager.notify_connect("pooled")
    manager.notify_connect("cold")
    assert not manager.pages_settled()  # both pages are being built
    clock.now += 5
    assert manager.pages_settled()
