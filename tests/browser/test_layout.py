"""Every dashboard at 1024 px and 1440 px wide: no horizontal scroll, no clipped explorer.

One Voilà server and one Chromium serve the module. Each dashboard is opened once (a casebook
also opens its first clickable case in the explorer), then looked at in a 1024 px and a 1440 px
wide window: the page may not scroll sideways (neither the document nor Voilà's own scrolling
``#rendered_cells``), and every board canvas, its legend and every visible control (button, menu,
text box) must lie wholly inside the window's width (a board dashboard must show its legend). A
screenshot of each width lands in ``test-artifacts/screenshots/layout-<notebook>-<width>.png``.
"""

from __future__ import annotations

import os
from typing import Any

import dashboard_harness as harness
import pytest

pytestmark = pytest.mark.browser

WIDTHS = (1024, 1440)
HEIGHT = 900
CASEBOOK_OPEN = "button:has-text('Open in explorer')"
READY = {"index": ".ftw-gallery", "casebook": CASEBOOK_OPEN, "lab": ".ftw-balance-lab"}

OVERFLOW_JS = """
() => {
  const page = document.scrollingElement;
  const cells = document.getElementById('rendered_cells');
  const canvases = [...document.querySelectorAll('canvas')]
    .map(c => c.getBoundingClientRect())
    .filter(r => r.width > 0 && r.height > 0)
    .map(r => ({left: r.left, right: r.right, width: r.width}));
  const legends = [...document.querySelectorAll('.ftw-legend')]
    .map(e => e.getBoundingClientRect())
    .filter(r => r.width > 0 && r.height > 0)
    .map(r => ({left: r.left, right: r.right, width: r.width}));
  // a control is cut when it reaches past the window or past an ancestor that clips overflow
  const clippedAt = (e) => {
    const right = e.getBoundingClientRect().right;
    if (right > window.innerWidth + 0.5) return 'window';
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== 'visible' && right > a.getBoundingClientRect().right + 0.5) {
        return a.className || a.tagName;
      }
    }
    return null;
  };
  const controls = [...document.querySelectorAll('button, select, input, textarea')]
    .filter(e => e.type !== 'file' && e.offsetParent !== null)
    .filter(e => e.getBoundingClientRect().width > 0)
    .map(e => ({tag: e.tagName, text: (e.innerText || e.value || '').slice(0, 30),
                right: e.getBoundingClientRect().right, clippedBy: clippedAt(e)}));
  return {
    controls: controls,
    legends: legends,
    inner: window.innerWidth,
    page: page.scrollWidth,
    cells: cells ? cells.scrollWidth : 0,
    cellsClient: cells ? cells.clientWidth : 0,
    canvases: canvases,
  };
}
"""


def _settle(page: Any) -> None:
    """Two animation frames, so the layout follows a new window size before it is measured."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def _shoot(page: Any, name: str, width: int) -> str:
    """A screenshot of the whole dashboard at ``width`` (stretched to the content's height)."""
    os.makedirs(harness.SCREENSHOTS, exist_ok=True)
    path = os.path.join(harness.SCREENSHOTS, f"layout-{name}-{width}.png")
    height = page.evaluate(
        "() => { const e = document.getElementById('rendered_cells');"
        " return e ? e.scrollHeight : document.scrollingElement.scrollHeight; }"
    )
    page.set_viewport_size({"width": width, "height": min(max(height, HEIGHT), 8000)})
    _settle(page)
    page.screenshot(path=path)
    page.set_viewport_size({"width": width, "height": HEIGHT})
    _settle(page)
    return path


@pytest.mark.parametrize(
    "dashboard", harness.DASHBOARDS, ids=[d.notebook[:-6] for d in harness.DASHBOARDS]
)
def test_no_horizontal_scroll_and_no_clipped_board(
    dashboard: Any, server: harness.VoilaServer, browser: Any
) -> None:
    ready = READY.get(dashboard.kind, "canvas")
    loaded = harness.open_dashboard(browser, server.render_url(dashboard.notebook), ready=ready)
    page = loaded.page
    try:
        if dashboard.kind == "casebook":
            harness.open_casebook_explorer(page, dashboard.game)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": HEIGHT})
            _settle(page)
            seen = page.evaluate(OVERFLOW_JS)
            _shoot(page, dashboard.notebook[:-6], width)
            where = f"{dashboard.notebook} at {width} px"
            assert seen["inner"] == width
            assert seen["page"] <= seen["inner"], f"{where}: the page scrolls sideways: {seen}"
            assert seen["cells"] <= seen["cellsClient"], f"{where}: the cells scroll: {seen}"
            if dashboard.kind in ("explorer", "casebook", "edge-case"):
                assert seen["canvases"], f"{where}: no board drawn"
                assert seen["legends"], f"{where}: no legend beside the board"
            cut = [c for c in seen["controls"] if c["clippedBy"] is not None]
            assert cut == [], f"{where}: controls are cut off on the right: {cut}"
            for box in seen["canvases"] + seen["legends"]:
                assert box["left"] >= 0, f"{where}: a board starts left of the window: {box}"
                assert box["right"] <= width, f"{where}: a board or legend is clipped: {box}"
        assert loaded.errors == []
    finally:
        harness.close_dashboard(page)
