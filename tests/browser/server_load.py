"""Open many dashboard sessions at once in headless Chromium and time each one's first board.

Shared by ``tests/browser/test_server.py`` (20 sessions must all draw their board) and
``benchmarks/dashboard_bench.py --sessions`` (first-canvas times at 1, 5, 10, 20 sessions). Each
session is its own browser context, so it is a separate client with its own cookies, as separate
visitors are. A session ends when its page shows drawn canvas pixels, or shows the template's
"did not load completely" banner (``#ftw-load-problem``) or the kernel cap's busy page
(``#ftw-busy``), or when the time is up.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass
from typing import Any

try:  # imported as tests.browser.server_load (benchmarks/dashboard_bench.py)
    from . import dashboard_harness as harness
except ImportError:  # imported by pytest, tests/browser on its path
    import dashboard_harness as harness  # type: ignore[no-redef]

CANVAS_ROWS_DRAWN_JS = """
() => {
  for (const c of document.querySelectorAll('canvas')) {
    if (!c.width || !c.height || !c.getBoundingClientRect().width) continue;
    const g = c.getContext('2d');
    for (const y of [c.height >> 2, c.height >> 1, (3 * c.height) >> 2]) {
      const d = g.getImageData(0, y, c.width, 1).data;
      for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) return true;
    }
  }
  return false;
}
"""
"""Whether a canvas has drawn pixels, read on three rows (a quarter, half and three quarters
down) instead of the whole canvas: 20 pages polling ten times a second must not spend the cores
the server and the pages themselves need. A board drawn has pixels on those rows."""

OUTCOME_JS = f"""
(ready) => {{
  const problem = document.getElementById('ftw-load-problem');
  if (problem) return 'problem: ' + problem.innerText.trim();
  const busy = document.getElementById('ftw-busy');
  if (busy) return 'busy: ' + busy.innerText.trim();
  if (ready) return document.querySelector(ready) ? 'drawn' : false;
  return ({CANVAS_ROWS_DRAWN_JS.strip()})() ? 'drawn' : false;
}}
"""
"""How a session's page came up so far (``false``: not yet). ``ready``: a CSS selector whose
presence counts as drawn (the index's gallery), or ``null`` for drawn canvas pixels."""


@dataclass(frozen=True)
class Session:
    """How one session's page came up."""

    outcome: str
    """``"drawn"``, ``"problem: <the banner's text>"``, ``"busy: <the kernel-cap page's text>"``,
    ``"timeout"`` or ``"error: <message>"``."""
    seconds: float
    """From the navigation's start to the outcome."""
    page_busy: float = float("nan")
    """Seconds the page's main thread was busy until the outcome (Chromium's ``TaskDuration``):
    what the visitor's browser itself spent building the page. About 1.1 s alone on the
    development machine; when many browsers share its cores, it includes the time a running
    task waited for one."""

    @property
    def drawn(self) -> bool:
        """Whether the page drew its board."""
        return self.outcome == "drawn"


async def _one_session(
    browser: Any, url: str, timeout_s: float, ready: str | None = None
) -> tuple[Session, Any]:
    context = await browser.new_context(viewport=harness.VIEWPORT)
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    await cdp.send("Performance.enable")
    start = time.perf_counter()
    try:
        await page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
        remaining = max(1.0, timeout_s - (time.perf_counter() - start))
        handle = await page.wait_for_function(
            OUTCOME_JS, arg=ready, polling=100, timeout=remaining * 1000
        )
        outcome = str(await handle.json_value())
    except Exception as err:
        name = type(err).__name__
        outcome = "timeout" if "Timeout" in name else f"error: {name}: {str(err).splitlines()[0]}"
    seconds = time.perf_counter() - start
    cpu = float("nan")
    with contextlib.suppress(Exception):
        metrics = (await cdp.send("Performance.getMetrics"))["metrics"]
        cpu = float(next(m["value"] for m in metrics if m["name"] == "TaskDuration"))
    return Session(outcome, seconds, cpu), context


async def _close(context: Any) -> None:
    """Leave the page as a closing tab does (its kernel is shut down), then close the context."""
    try:
        for page in context.pages:
            await page.goto("about:blank")
    finally:
        await context.close()


async def open_sessions_async(
    url: str, sessions: int, timeout_s: float = 240.0, ready: str | None = None
) -> list[Session]:
    """Open ``sessions`` pages of ``url`` at the same moment; how each came up.

    ``ready``: a CSS selector whose presence counts as drawn (default: drawn canvas pixels).
    """
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=harness.CHROMIUM, args=harness.CHROMIUM_ARGS
        )
        try:
            opened = await asyncio.gather(
                *(_one_session(browser, url, timeout_s, ready) for _ in range(sessions))
            )
            await asyncio.gather(*(_close(context) for _, context in opened))
        finally:
            await browser.close()
    return [session for session, _ in opened]


def open_sessions(
    url: str, sessions: int, timeout_s: float = 240.0, ready: str | None = None
) -> list[Session]:
    """Synchronous :func:`open_sessions_async` (runs its own event loop)."""
    return asyncio.run(open_sessions_async(url, sessions, timeout_s, ready))
