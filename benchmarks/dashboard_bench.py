"""Dashboard speed in a real browser: first drawn canvas and click-to-updated-board, per dashboard.

Starts the dashboard server (``voila/serve.py``) on a free loopback port and drives Debian's
Chromium headless through Playwright, as the browser tests do, then prints per dashboard:

* **first canvas** — seconds from navigation to the first canvas with drawn pixels (read back with
  ``getImageData``); for the index, to the gallery; for a casebook, to its case picture, then
  ``+open`` the seconds from pressing "Open in explorer" to the explorer's drawn board;
* **select** — milliseconds from the mousedown on a piece/card/cell to the redrawn board
  (the selection highlighted), median over the repetitions;
* **move** — milliseconds from the mousedown that completes a move to the redrawn board.

Goals: first canvas ≤ 3 s, click to updated board ≤ 150 ms. The machine's load matters: run it
alone.

With ``--sessions 1,10,20`` it measures a crowd instead, with the server as ``make dashboards``
runs it (pre-rendered pools included; only the per-address share is raised, since every simulated
visitor comes from 127.0.0.1; ``--pool-size``, ``--max-kernels`` and ``--server-option`` change
it): for each count, that many separate visitors arrive at the same moment at a game explorer
(``--dashboard``, default Play Win) and then at the index. Each round is run twice:

* ``browser`` visitors: one headless Chromium, one context per visitor (own cookies, empty cache):
  seconds to the first drawn board (the index: its gallery), and the median seconds each page's
  main thread was busy. These browsers run on the server's machine and compete with it for its
  cores: on 2 cores, 20 pages' own ~1.1 CPU-s each alone take ~11 s, which visitors on their own
  machines do not pay to each other;
* ``http`` visitors: plain HTTP clients: seconds until the page arrived complete (the server's
  share of the wait: kernel handed over or started, notebook rendered).

Each row also prints how many drew their board, the CPU seconds the server and its kernels spent
in the round per visitor (what a crowd costs the machine, whatever else runs on it: compare this
between versions on a busy machine), the machine's load, the server's resident memory
(alone, and with its kernels; then the same family's PSS, where pages shared between processes,
as forked kernels share their template's, count once) and the pools waiting when the round
began (a pool a visitor found empty grows). Kernels are forked from the server's warm template
as shipped; ``--server-option=--no-fork-kernels`` measures kernels started as new Pythons.
Between rounds the visitors leave and the pools refill. Last, one visitor's kernel is killed
and the seconds until the page says so are printed.

Goals (a quiet 2-core machine): 20 visitors at once, all drawn, median ≤ 3 s, slowest ≤ 8 s;
1 visitor ≤ 1.5 s when a pre-rendered kernel is waiting; a killed kernel said within 5 s.

    python benchmarks/dashboard_bench.py [--repeat 3] [--clicks 5] [name ...]
    python benchmarks/dashboard_bench.py --sessions 1,10,20 [--dashboard playwin]
    python benchmarks/dashboard_bench.py --sessions 1,10,20 --no-index \
        --pool-size=playwin.ipynb=20,default=1 --max-kernels=48    # a pool as large as the crowd
    python benchmarks/dashboard_bench.py --docs-screenshot docs/dashboard.png   # README picture
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:  # this checkout (ftwkit, widgets and the browser-test helpers)
    sys.path.insert(0, ROOT)

if os.path.join(ROOT, "voila") not in sys.path:  # the launcher's modules
    sys.path.insert(0, os.path.join(ROOT, "voila"))

import fork_kernels  # noqa: E402

from tests.browser import dashboard_harness as harness  # noqa: E402
from tests.browser import server_load  # noqa: E402

FIRST_CANVAS_GOAL_S = 3.0
CLICK_GOAL_MS = 150.0
CASEBOOK_READY = "button:has-text('Open in explorer')"


def first_render(browser: Any, server: harness.VoilaServer, dashboard: Any) -> tuple[float, float]:
    """Seconds to the first drawn canvas (or gallery / case picture), and to an opened casebook."""
    ready = {"index": ".ftw-gallery", "casebook": CASEBOOK_READY}.get(dashboard.kind, "canvas")
    loaded = harness.open_dashboard(browser, server.render_url(dashboard.notebook), ready=ready)
    opened = float("nan")
    try:
        if dashboard.kind == "casebook":
            start = time.perf_counter()
            harness.open_casebook_explorer(loaded.page, dashboard.game)
            opened = time.perf_counter() - start
    finally:
        harness.close_dashboard(loaded.page)  # its kernel is shut down, as a closed tab's
    return loaded.seconds_to_ready, opened


def click_times(
    browser: Any, server: harness.VoilaServer, dashboard: Any, clicks: int
) -> tuple[list[float], list[float], str]:
    """Milliseconds of selecting clicks and of move-completing clicks over ``clicks`` moves.

    The moves are played one after the other from the position shown (each chosen, like the
    browser tests' move, among the moves made by clicks alone); returns the first move too.
    """
    ready = CASEBOOK_READY if dashboard.kind == "casebook" else "canvas"
    loaded = harness.open_dashboard(browser, server.render_url(dashboard.notebook), ready=ready)
    try:
        if dashboard.kind == "casebook":
            harness.open_casebook_explorer(loaded.page, dashboard.game)
        explorer = harness.ExplorerOnPage(loaded.page)
        selecting: list[float] = []
        completing: list[float] = []
        played: list[str] = []
        for _ in range(clicks):
            board = explorer.board()
            move = harness.clickable_move(board)
            if move is None:
                break
            before = explorer.snapshot()
            *first, last = move.targets
            selecting += [explorer.click(board, target) for target in first]
            completing.append(explorer.click(board, last))
            explorer.wait_for_new_position(before)
            played.append(str(move))
        return selecting, completing, ", ".join(played[:2]) + (" …" if len(played) > 2 else "")
    finally:
        harness.close_dashboard(loaded.page)


def measure(
    browser: Any, server: harness.VoilaServer, dashboard: Any, repeat: int, clicks: int
) -> bool:
    """Measure one dashboard and print its row; whether it missed a goal."""
    loads = [first_render(browser, server, dashboard) for _ in range(repeat)]
    ready = statistics.median(r for r, _ in loads)
    opened = statistics.median(o for _, o in loads)
    selecting: list[float] = []
    completing: list[float] = []
    move = ""
    if dashboard.kind != "index":
        selecting, completing, move = click_times(browser, server, dashboard, clicks)
    slow = ready > FIRST_CANVAS_GOAL_S or any(
        statistics.median(v) > CLICK_GOAL_MS for v in (selecting, completing) if v
    )
    opened_text = "       –" if opened != opened else f"{opened:8.2f}"
    print(
        f"{dashboard.notebook[:-6]:34} {ready:15.2f} {opened_text} "
        f"{_fmt_ms(selecting):>10} {_fmt_ms(completing):>8}  {move}"
        + ("   (over goal)" if slow else ""),
        flush=True,
    )
    return slow


def docs_screenshot(path: str, notebook: str = "playwin.ipynb") -> None:
    """Save the README picture: a dashboard with a piece selected and its moves highlighted."""
    from playwright.sync_api import sync_playwright

    with harness.voila_server() as server, sync_playwright() as playwright:
        browser = harness.launch_chromium(playwright)
        loaded = harness.open_dashboard(browser, server.render_url(notebook))
        explorer = harness.ExplorerOnPage(loaded.page)
        board = explorer.board()
        move = harness.clickable_move(board)
        if move is not None and len(move.targets) > 1:
            explorer.click(board, move.targets[0])
        loaded.page.mouse.move(0, 0)
        saved = harness.screenshot(loaded.page, "docs-dashboard")
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        os.replace(saved, path)
        harness.close_dashboard(loaded.page)
        browser.close()
    print(f"saved {path}")


CROWD_GOALS = {"median": 3.0, "slowest": 8.0, "one": 1.5, "killed": 5.0}
"""Seconds: 20 visitors' median and slowest first board, one visitor's with a pre-rendered
kernel waiting, and a killed kernel's message."""
CROWD_OPTIONS = ("--per-address-kernels=24", "--per-client-kernels=24")
"""The shipped server, but every simulated visitor comes from 127.0.0.1: no per-address share."""
POOL_RENDER_SETTLE_S = 4.0
"""Seconds left after the last pooled kernel started for it to run its notebook (the log says
when a kernel started, not when its page is rendered)."""
POOL_FILLED = re.compile(r"Kernel pool of (\S+) is filled with (\d+) kernel")
POOL_RESIZED = re.compile(r"Pool of (\S+) \w+: \w+ to (\d+) kernel")
"""The server's log lines saying how many kernels a pool holds at first, and what a pool was
grown or shrunk to (Voilà's own "filled" line may come late from an older refill)."""


def concurrent_sessions(
    counts: list[int], notebook: str, options: list[str], kinds: list[str], no_index: bool = False
) -> int:
    """Crowds of 1, 10, … visitors at ``notebook`` and at the index; print the table.

    ``kinds``: ``browser`` (each visitor a Chromium context: first drawn board) and/or ``http``
    (each visitor a plain HTTP client: the page received complete, i.e. the server's share of
    the wait without the visitors' browsers competing for this machine's cores).
    Returns the number of rounds in which some visitor did not get its board.
    """
    options = [*CROWD_OPTIONS, *options]
    print(
        f"visitors arriving together at one dashboard; {os.cpu_count()} cores; load now "
        f"{os.getloadavg()[0]:.1f}"
    )
    print(f"server: voila/serve.py as make dashboards runs it, with {' '.join(options)}")
    forked = "--no-fork-kernels" not in options
    print(
        "kernels: "
        + (
            "forked from the server's warm template (the default)"
            if forked
            else "each a new Python (--no-fork-kernels)"
        )
        + "; +kernels MB: resident memory of the server and all its kernels added up, PSS MB: "
        "the same with shared pages counted once"
    )
    print(
        "browser: one headless Chromium, one context (own cookies, no cache) per visitor; "
        "http: plain HTTP clients, page received complete, kernel then shut down"
    )
    print(
        f"{'dashboard':12} {'kind':7} {'visitors':>8} {'drawn':>7} {'median s':>9} "
        f"{'slowest s':>10} {'page busy s':>13} {'server CPU s':>13} {'load':>5} {'server MB':>10} "
        f"{'+kernels MB':>12} {'PSS MB':>9}  pools waiting at the start"
    )
    failed_rounds = 0
    rounds: dict[tuple[str, str, int], list[float]] = {}
    pooled = "--pool-size=0" not in options
    with harness.voila_server(timeout=120, options=tuple(options)) as server:
        _wait_for_pools(server, pooled=pooled)
        chosen = [(notebook, None), ("index.ipynb", ".ftw-gallery")][: 1 if no_index else 2]
        for name, ready in chosen:
            for count in counts:
                for kind in kinds:
                    pools = _wait_for_pools(server, pooled=pooled)
                    spent = family_cpu_seconds(server.process.pid)
                    if kind == "http":
                        results = http_sessions(server, name, count)
                    else:
                        url = server.render_url(name)
                        results = server_load.open_sessions(url, count, 240.0, ready)
                    spent = family_cpu_seconds(server.process.pid) - spent
                    failed_rounds += _print_round(
                        server, name, kind, count, results, pools, spent / count
                    )
                    rounds[name, kind, count] = [r.seconds for r in results if r.drawn]
        _wait_for_pools(server, pooled=pooled)
        killed = killed_kernel_seconds(server, notebook)
        print(f"killed kernel: the page said so after {killed:.2f} s")
    for name, _ in chosen:
        _print_estimate(name, counts, rounds)
    goals = CROWD_GOALS
    print(
        f"goals: 20 visitors median ≤ {goals['median']:.0f} s, slowest ≤ {goals['slowest']:.0f} s;"
        f" 1 visitor ≤ {goals['one']} s (pre-rendered); killed kernel ≤ {goals['killed']:.0f} s;"
        f" {failed_rounds} round(s) where not every visitor got a board"
    )
    return failed_rounds


def _print_estimate(
    name: str, counts: list[int], rounds: dict[tuple[str, str, int], list[float]]
) -> None:
    """Print what visitors on their own machines would wait: the server's share in each crowd
    (``http`` rounds) plus one page's own build (the lone ``browser`` visitor less its server
    share). An estimate: it needs both kinds of round with 1 visitor."""
    alone_browser, alone_http = rounds.get((name, "browser", 1)), rounds.get((name, "http", 1))
    if not alone_browser or not alone_http:
        return
    build = statistics.median(alone_browser) - statistics.median(alone_http)
    for count in counts:
        served = rounds.get((name, "http", count))
        if served:
            print(
                f"estimate, {count} visitors at {name[:-6]} each on their own machine (server "
                f"share + {build:.2f} s to build one page): median "
                f"{statistics.median(served) + build:.2f} s, slowest {max(served) + build:.2f} s"
            )


def _print_round(
    server: harness.VoilaServer,
    name: str,
    kind: str,
    count: int,
    results: list[server_load.Session],
    pools: dict[str, int],
    cpu_each: float = float("nan"),
) -> int:
    """Print one round's row; 1 if some visitor did not get its board, else 0.

    ``cpu_each``: CPU seconds the server and its kernels spent in the round, per visitor (what
    a crowd costs the machine, whatever else runs on it)."""
    drawn = [r.seconds for r in results if r.drawn]
    cpu = [r.page_busy for r in results if r.drawn and r.page_busy == r.page_busy]
    alone, total, proportional = _resident_mb(server.process.pid)
    median = statistics.median(drawn) if drawn else float("nan")
    slowest = max(drawn) if drawn else float("nan")
    cpu_text = f"{statistics.median(cpu):13.2f}" if cpu else f"{'–':>13}"
    waiting = ", ".join(f"{n[:-6]} {k}" for n, k in sorted(pools.items())) or "none"
    print(
        f"{name[:-6]:12} {kind:7} {count:8d} {len(drawn):>3d}/{count:<3d} {median:9.2f} "
        f"{slowest:10.2f} {cpu_text} {cpu_each:13.2f} {os.getloadavg()[0]:5.1f} {alone:10.0f} "
        f"{total:12.0f} {proportional:9.0f}  "
        f"{waiting}",
        flush=True,
    )
    for other in sorted({r.outcome for r in results if not r.drawn}):
        print(f"{'':12} {sum(r.outcome == other for r in results)} × {other[:100]}")
    return int(len(drawn) < count)


def http_sessions(server: harness.VoilaServer, notebook: str, count: int) -> list[Any]:
    """``count`` plain HTTP visitors (each with its own cookies) asking for ``notebook`` at once;
    how each came up: ``drawn`` when the page arrived complete with its kernel's id. Their
    kernels are shut down afterwards as a closing tab's are."""
    import http.cookiejar
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    barrier = threading.Barrier(count)

    def visit() -> tuple[Any, Any, str]:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        barrier.wait()
        start = time.perf_counter()
        try:
            with opener.open(server.render_url(notebook), timeout=240) as response:
                body = response.read().decode("utf-8", "replace")
            found = re.search(r'"kernelId": "([0-9a-f-]{36})"', body)
            outcome = "drawn" if found else "error: no kernel in the page"
        except Exception as err:
            found, outcome = None, f"error: {type(err).__name__}: {err}"
        session = server_load.Session(outcome, time.perf_counter() - start)
        return session, opener, found.group(1) if found else ""

    with ThreadPoolExecutor(count) as pool:
        visits = list(pool.map(lambda _: visit(), range(count)))
    for _, opener, kernel in visits:
        if kernel:
            _shut_down(server, opener, kernel)
    return [session for session, _, _ in visits]


def _shut_down(server: harness.VoilaServer, opener: Any, kernel: str) -> None:
    """Shut ``kernel`` down as its page does when the tab closes (with the page's cookies)."""
    import urllib.request

    jar = next(h for h in opener.handlers if hasattr(h, "cookiejar")).cookiejar
    xsrf = next((c.value for c in jar if c.name == "_xsrf"), "")
    request = urllib.request.Request(
        f"{server.url}voila/api/shutdown/{kernel}", b"", {"X-XSRFToken": xsrf}, method="POST"
    )
    try:
        opener.open(request, timeout=30).close()
    except Exception as err:
        print(f"could not shut kernel {kernel} down: {err}")


def killed_kernel_seconds(server: harness.VoilaServer, notebook: str) -> float:
    """Seconds from killing a drawn dashboard's kernel (SIGKILL) to the page saying so."""
    import signal

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = harness.launch_chromium(playwright)
        try:
            loaded = harness.open_dashboard(browser, server.render_url(notebook))
            kernel = harness.kernel_id(loaded.page)
            pid = fork_kernels.pid_in_log(server.log(), kernel) or next(
                int(p)
                for p in os.listdir("/proc")
                if p.isdigit() and f"kernel-{kernel}.json" in _command_line(p)
            )
            start = time.perf_counter()
            os.kill(pid, signal.SIGKILL)
            loaded.page.wait_for_selector('#ftw-load-problem[data-kind="stopped"]', timeout=60_000)
            return time.perf_counter() - start
        finally:
            browser.close()


def _proc_files(name: str) -> Iterator[tuple[int, str]]:
    """``(pid, text of /proc/<pid>/<name>)`` for every running process that can be read."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/{name}", encoding="utf-8") as fh:
                text = fh.read()
        except OSError:
            continue
        yield int(entry), text


def _family(pid: int, parents: dict[int, int]) -> set[int]:
    """``pid`` and every descendant of it, from a child → parent table of the running processes."""
    family = {pid}
    grew = True
    while grew:
        grew = False
        for child, parent in parents.items():
            if parent in family and child not in family:
                family.add(child)
                grew = True
    return family


def family_cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) used so far by process ``pid``, its children it has
    waited for (the kernels shut down) and its descendants still running (the kernels)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for process, text in _proc_files("stat"):
        fields = text.rsplit(")", 1)[-1].split()
        if len(fields) < 15:
            continue
        parents[process] = int(fields[1])
        # utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the name
        used[process] = sum(int(f) for f in fields[11:15]) / tick
    return sum(used.get(p, 0.0) for p in _family(pid, parents))


def _command_line(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _resident_mb(pid: int) -> tuple[float, float, float]:
    """Resident memory (MB) of the server process, of it with all its descendants (the kernels,
    the kernel template), and that family's proportional share (PSS: a page shared by n
    processes counts 1/n in each; forked kernels share the template's pages, which the sum of
    their resident memories counts once per kernel)."""
    parents: dict[int, int] = {}
    rss: dict[int, float] = {}
    for process, text in _proc_files("status"):
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        parents[process] = int(fields.get("PPid", "0").strip())
        rss[process] = float(fields.get("VmRSS", "0 kB").split()[0]) / 1024
    family = _family(pid, parents)
    return rss.get(pid, 0.0), sum(rss.get(p, 0.0) for p in family), _proportional_mb(family)


def _proportional_mb(pids: set[int]) -> float:
    """The processes' proportional set size together (MB; ``/proc/<pid>/smaps_rollup``)."""
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup", encoding="utf-8") as fh:
                for line in fh:
                    if line.startswith("Pss:"):
                        total += float(line.split()[1]) / 1024
                        break
        except OSError:
            continue
    return total


def _wait_for_pools(
    server: harness.VoilaServer, timeout: float = 300.0, pooled: bool = True
) -> dict[str, int]:
    """Wait until the visitors' kernels are gone and every pool holds what it is kept at now
    (a drained pool may have grown); how many kernels each pool is kept at. ``pooled`` False
    (``--pool-size=0``): only until the visitors' kernels are gone."""
    deadline = time.monotonic() + timeout
    steady = 0
    kept: dict[str, int] = {}
    while time.monotonic() < deadline:
        log = server.log()
        kept = {}
        for match in POOL_FILLED.finditer(log):
            kept.setdefault(match.group(1), int(match.group(2)))
        for match in POOL_RESIZED.finditer(log):
            kept[match.group(1)] = int(match.group(2))
        running = log.count("Kernel started") - log.count("Kernel shutdown")
        waiting = bool(kept) or not pooled
        steady = steady + 1 if waiting and running == sum(kept.values()) else 0
        if steady >= 4:
            time.sleep(POOL_RENDER_SETTLE_S)  # the last kernel started is still rendering
            return kept
        time.sleep(0.5)
    print(f"(pools not full after {timeout:.0f} s: measuring anyway)")
    return kept


def _fmt_ms(values: list[float]) -> str:
    return f"{statistics.median(values):7.0f}" if values else "      –"


def main(argv: list[str] | None = None) -> int:
    """Measure every dashboard (or the named ones) and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="page loads per dashboard")
    parser.add_argument("--clicks", type=int, default=5, help="moves timed per dashboard")
    parser.add_argument("--docs-screenshot", metavar="PATH", help="only save the README picture")
    parser.add_argument(
        "--sessions",
        metavar="N,N,…",
        help="a crowd: N visitors arriving together, for each N (1,10,20)",
    )
    parser.add_argument(
        "--dashboard", default="playwin", help="notebook used with --sessions (default: playwin)"
    )
    parser.add_argument(
        "--pool-size",
        metavar="SPEC",
        help="with --sessions: the server's --pool-size (e.g. playwin.ipynb=20,default=1; "
        "default: as shipped, one per pooled notebook)",
    )
    parser.add_argument(
        "--max-kernels", type=int, help="with --sessions: the server's kernel cap (default 24)"
    )
    parser.add_argument(
        "--server-option",
        action="append",
        default=[],
        metavar="OPT",
        help="with --sessions: another server option, e.g. "
        "--server-option=--DashboardKernelManager.pool_grow_max=1 (repeatable)",
    )
    parser.add_argument(
        "--visitors",
        default="browser,http",
        help="with --sessions: browser (first drawn board in Chromium) and/or http (page "
        "received complete by plain HTTP clients: the server's share)",
    )
    parser.add_argument(
        "--no-index", action="store_true", help="with --sessions: the explorer's crowds only"
    )
    parser.add_argument("names", nargs="*", help="notebook names without .ipynb (default: all)")
    args = parser.parse_args(argv)
    if args.sessions:
        counts = [int(n) for n in args.sessions.split(",") if n.strip()]
        options = list(args.server_option)
        if args.pool_size is not None:
            options.append(f"--pool-size={args.pool_size}")
        if args.max_kernels is not None:
            options.append(f"--max-kernels={args.max_kernels}")
        kinds = [k.strip() for k in args.visitors.split(",") if k.strip() in ("browser", "http")]
        concurrent_sessions(
            counts, f"{args.dashboard}.ipynb", options, kinds or ["browser"], args.no_index
        )
        return 0
    if args.docs_screenshot:
        docs_screenshot(args.docs_screenshot)
        return 0
    chosen = [d for d in harness.DASHBOARDS if not args.names or d.notebook[:-6] in args.names]

    from playwright.sync_api import sync_playwright

    print(
        f"{'dashboard':34} {'first canvas s':>15} {'+open s':>8} {'select ms':>10} "
        f"{'move ms':>8}  moves played"
    )
    misses = 0
    with harness.voila_server() as server, sync_playwright() as playwright:
        browser = harness.launch_chromium(playwright)
        for dashboard in chosen:
            try:
                misses += measure(browser, server, dashboard, args.repeat, args.clicks)
            except Exception as err:  # one broken dashboard must not hide the others' numbers
                misses += 1
                text = f"{type(err).__name__}: {err}".splitlines()[0]
                where = [
                    f"{os.path.basename(f.filename)}:{f.lineno}"
                    for f in traceback.extract_tb(err.__traceback__)
                    if "playwright" not in f.filename
                ]
                print(f"{dashboard.notebook[:-6]:34} failed: {text} at {where[-2:]}", flush=True)
        browser.close()
    print(
        f"goals: first canvas ≤ {FIRST_CANVAS_GOAL_S:.0f} s, click to board ≤ {CLICK_GOAL_MS:.0f} "
        f"ms; medians of {args.repeat} loads and {args.clicks} moves; {misses} dashboard(s) over "
        "a goal or failed"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
