"""The static site in Chromium: bytes of a first load, first board cold and warm, clicks, a move.

Builds the site (``tools/build_site.py``) into a temporary folder unless ``--site`` names a built
one, serves it from a loopback server inside this process (which counts the bytes it sends, by
file), and drives Chromium with every request outside that server blocked:

* **first load** — a new browser profile opens a game page: bytes sent and what dominates, and
  how long until the first board is drawn (``cold``);
* **warm** — the same profile opens the page again (the browser's cache answers; the bytes sent
  the second time are printed too);
* **click → redraw** — a piece selected and unselected repeatedly (``--clicks``), the time from
  the click to the redrawn board, p50 and p95;
* **computer move** — the computer's reply at the easy and normal levels.

Goals (issue: static site): first load ≤ 15 MB, first board ≤ 5 s cold and ≤ 3 s warm, a click
≤ 100 ms. The machine's load (``uptime``) is printed first and last: on a shared 2-core machine
Pyodide's start takes two to three times as long under load.

Usage: ``python benchmarks/site_bench.py [--games playwin,forthewin] [--clicks 20]``
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ftwkit  # noqa: E402
from ftwkit import links, render  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    # every host but this machine unreachable: a Playwright route would block them too, but
    # routing turns the browser's cache off, and the warm load is measured on that cache
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)
WAIT_MS = 120_000


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site and counts the body bytes sent per path."""

    sent: ClassVar[Counter[str]] = Counter()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        self.sent[self.path.split("?")[0]] += len(data)
        outputfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(CountingHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def first_board_ms(page: Any, url: str) -> float:
    page.goto(url)
    page.wait_for_function("document.body.dataset.firstBoard", timeout=WAIT_MS)
    page.wait_for_function("document.body.dataset.node === '0'", timeout=WAIT_MS)
    return float(page.evaluate("Number(document.body.dataset.firstBoard)"))


def click_board(page: Any, x: float, y: float) -> float:
    before = int(page.evaluate("Number(document.body.dataset.renders)"))
    screen = page.evaluate(
        """([x, y]) => { const m = document.querySelector('#board svg').getScreenCTM();
             return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]; }""",
        [x, y],
    )
    t0 = time.perf_counter()
    page.mouse.click(screen[0], screen[1])
    page.wait_for_function(f"Number(document.body.dataset.renders) > {before}", timeout=WAIT_MS)
    return (time.perf_counter() - t0) * 1000


def bench_game(playwright: Any, origin: str, game: str, clicks: int) -> None:
    state = ftwkit.rules(game).new(seed=1)
    url = f"{origin}/{game}.html#position={links.encode_value(state.to_json())}"
    # a profile on disk, as a visitor's browser has: an incognito context's cache in memory is
    # too small to keep the 8.6 MB wasm
    profile = tempfile.TemporaryDirectory()
    context = playwright.chromium.launch_persistent_context(
        profile.name,
        executable_path=CHROMIUM,
        args=list(CHROMIUM_ARGS),
        viewport={"width": 1440, "height": 1000},
    )
    page = context.new_page()
    outside: list[str] = []
    page.on(
        "request",
        lambda r: None if r.url.startswith((origin, "data:")) else outside.append(r.url),
    )
    CountingHandler.sent.clear()
    cold = first_board_ms(page, url)
    page.wait_for_timeout(3000)  # the search worker starts after the first board
    first = dict(CountingHandler.sent)
    CountingHandler.sent.clear()
    page.goto("about:blank")
    warm = first_board_ms(page, url)
    page.wait_for_timeout(1000)
    second = sum(CountingHandler.sent.values())
    total = sum(first.values())
    print(f"\n{game}: first board cold {cold / 1000:.2f} s, warm {warm / 1000:.2f} s")
    timings = page.evaluate("document.body.dataset.workerTimings")
    print(f"  worker (warm): {timings}")
    print(
        f"  first load {total / 1e6:.2f} MB sent in {len(first)} files; second load "
        f"{second / 1e6:.2f} MB (the rest from the browser cache)"
    )
    for path, size in sorted(first.items(), key=lambda kv: -kv[1])[:5]:
        print(f"    {size / 1e6:6.2f} MB  {path}")
    # click → redraw: a legal first click, then the same target again (undone), repeatedly
    drawer = render.renderer(game)
    move = next(m for m in state.legal_moves() if m.targets)
    box = drawer.target_box(state, move.targets[0])
    assert box is not None
    x, y = box[0] + box[2] / 2, box[1] + box[3] / 2
    click_board(page, x, y)
    click_board(page, x, y)
    times = [click_board(page, x, y) for _ in range(clicks)]
    inside = [float(page.evaluate("Number(document.body.dataset.clickMs)"))]
    p95 = sorted(times)[int(0.95 * (len(times) - 1))]
    print(
        f"  click → redraw: p50 {statistics.median(times):.0f} ms, p95 {p95:.0f} ms "
        f"(page's own count for the last: {inside[0]:.0f} ms)"
    )
    # computer moves at each level: every seat the computer's; the first move includes the
    # search worker's start when it was not ready yet
    for level in ("easy", "normal"):
        page.goto(url.replace("#", "?" + level + "#"))
        page.wait_for_function("document.body.dataset.node === '0'", timeout=WAIT_MS)
        page.select_option("#level", level)
        t0 = time.perf_counter()
        for seat in range(state.players):
            page.select_option(f"#seat-{seat}", "computer")
        marks = []
        for ply in range(1, 4):
            page.wait_for_function(f"Number(document.body.dataset.node) >= {ply}", timeout=WAIT_MS)
            marks.append(time.perf_counter())
        each = [b - a for a, b in itertools.pairwise(marks)]
        print(
            f"  computer move ({level}): first {marks[0] - t0:.2f} s, then "
            + ", ".join(f"{t:.2f} s" for t in each)
        )
    print(f"  requests to elsewhere: {outside[:3] or 'none'}")
    context.close()
    profile.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="playwin,forthewin")
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--site", type=Path, default=None, help="a built site (default: build)")
    args = parser.parse_args()
    print("load:", load())
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            subprocess.run(
                [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(site)],
                check=True,
            )
        sizes = {p: p.stat().st_size for p in site.rglob("*") if p.is_file()}
        wasm = site / "pyodide" / "pyodide.asm.wasm"
        zipped = len(gzip.compress(wasm.read_bytes(), 6))
        print(
            f"site: {sum(sizes.values()) / 1e6:.1f} MB on disk; the wasm "
            f"{sizes[wasm] / 1e6:.1f} MB ({zipped / 1e6:.1f} MB gzipped by a host that does)"
        )
        server, origin = serve(site)
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            for game in args.games.split(","):
                bench_game(playwright, origin, game, args.clicks)
        server.shutdown()
    print("\nload:", load(), f"(cores: {os.cpu_count()})")


if __name__ == "__main__":
    main()
