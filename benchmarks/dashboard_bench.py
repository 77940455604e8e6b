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

With ``--sessions 1,5,10,20`` it measures concurrent use instead: for each count, that many
separate visitors (browser contexts) open one dashboard (``--dashboard``, default Play Win) at the
same moment, and it prints how many drew their board, how many showed the "did not load
completely" banner, and the median and slowest first-canvas time. Requirement: every session of 20
draws its board. The single-session median is the reference for the ratios.

    python benchmarks/dashboard_bench.py [--repeat 3] [--clicks 5] [name ...]
    python benchmarks/dashboard_bench.py --sessions 1,5,10,20 [--dashboard playwin]
    python benchmarks/dashboard_bench.py --docs-screenshot docs/dashboard.png   # README picture
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import traceback
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests", "browser"))

import dashboard_harness as harness  # noqa: E402
import server_load  # noqa: E402

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


def concurrent_sessions(counts: list[int], notebook: str) -> int:
    """Open ``notebook`` in 1, 5, … sessions at once; print drawn counts and first-canvas times.

    Returns the number of rounds in which some session did not draw its board.
    """
    print(f"{notebook}: sessions opened at the same moment, one fresh visitor each")
    print(
        f"{'sessions':>8} {'drawn':>7} {'banner':>7} {'median s':>9} {'slowest s':>10} "
        f"{'median/1':>9}"
    )
    reference: float | None = None
    failed_rounds = 0
    with harness.voila_server() as server:
        for count in counts:
            results = server_load.open_sessions(server.render_url(notebook), count)
            drawn = [r.seconds for r in results if r.drawn]
            banners = sum(r.outcome.startswith("problem") for r in results)
            median = statistics.median(drawn) if drawn else float("nan")
            if reference is None and drawn:
                reference = median
            ratio = f"{median / reference:9.2f}" if reference and drawn else "        –"
            slowest = max(drawn) if drawn else float("nan")
            print(
                f"{count:8d} {len(drawn):>3d}/{count:<3d} {banners:7d} {median:9.2f} "
                f"{slowest:10.2f} {ratio}",
                flush=True,
            )
            for other in sorted({r.outcome for r in results if not r.drawn}):
                print(f"{'':8} {sum(r.outcome == other for r in results)} × {other}")
            failed_rounds += len(drawn) < count
            _wait_for_kernels_to_go(server)
    print(f"requirement: every session draws its board; {failed_rounds} round(s) fell short")
    return failed_rounds


def _wait_for_kernels_to_go(server: harness.VoilaServer, timeout: float = 150.0) -> None:
    """Let the closed sessions' kernels shut down before the next round (they hold CPU and
    count toward the kernel cap); the server culls a left page's kernel after 60 s idle,
    checked every 10 s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and "Kernel started" in server.log():
        log = server.log()
        if log.count("Kernel started") <= log.count("Kernel shutdown"):
            return
        time.sleep(0.5)


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
        help="concurrent use: open the dashboard in N sessions at once, for each N (1,5,10,20)",
    )
    parser.add_argument(
        "--dashboard", default="playwin", help="notebook used with --sessions (default: playwin)"
    )
    parser.add_argument("names", nargs="*", help="notebook names without .ipynb (default: all)")
    args = parser.parse_args(argv)
    if args.sessions:
        counts = [int(n) for n in args.sessions.split(",") if n.strip()]
        concurrent_sessions(counts, f"{args.dashboard}.ipynb")
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
