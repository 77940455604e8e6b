"""Every dashboard at 1024 px and 1440 px wide: no horizontal scroll, no clipped explorer.

One Voilà server and one Chromium serve the module. Each dashboard is opened once (a casebook
also opens its first clickable case in the explorer), then looked at in a 1024 px and a 1440 px
wide window: the page may not scroll sideways (neither the document nor Voilà's own scrolling
``#rendered_cells``), and every board canvas, its legend and every visible control (button, menu,
text box) must lie wholly inside the window's width (a board dashboard must show its legend). A
screenshot of each width lands in ``test-artifacts/screenshots/layout-<notebook>-<width>.png``.

Nothing a user must read is cut off (issue 29.2): every entry of a list (moves, variations, a
case's steps) fits its list or wraps inside it, and every menu is as wide as its longest choice.
A message appearing or wrapping does not move the board, the message line spans the explorer,
and at 1440×900 the board starts in the first screen (29.6, 29.8): checked on Play Win with the
six-leap chain of its casebook played, and on FTW?! with its switches open.
"""

from __future__ import annotations

import os
from typing import Any

import dashboard_harness as harness
import pytest

import ftwkit
from widgets.links import link

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


CUT_JS = """
() => {
  // every visible list entry fits its list or wraps inside it; every menu fits its widest choice
  const ctx = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const s of document.querySelectorAll('select')) {
    if (s.offsetParent === null || s.getBoundingClientRect().width === 0) continue;
    const st = getComputedStyle(s);
    ctx.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
    for (const o of s.options) {
      const ost = getComputedStyle(o);
      const inner = room - parseFloat(ost.paddingLeft) - parseFloat(ost.paddingRight);
      const wide = ctx.measureText(o.text).width;
      if (wide <= (s.size > 1 ? inner : room) + 1) continue;
      const line = parseFloat(st.fontSize) * 1.6;
      const wraps = s.size > 1 && ost.whiteSpace === 'normal'
        && o.getBoundingClientRect().height > line;
      if (!wraps) cut.push({list: s.parentElement.className.slice(-40), text: o.text.slice(0, 60),
                            needs: Math.ceil(wide), has: Math.floor(room)});
    }
  }
  return cut;
}
"""

PLACES_JS = """
() => {
  const canvas = document.querySelector('.ftw-explorer canvas').getBoundingClientRect();
  const message = document.querySelector('.ftw-explorer .ftw-message');
  const explorer = document.querySelector('.ftw-explorer').getBoundingClientRect();
  return {board: canvas.top, message: message.getBoundingClientRect().width,
          explorer: explorer.width};
}
"""


def _say(page: Any, text: str) -> None:
    """Show ``text`` in the explorer's message line, as the kernel does (the HTML's content)."""
    page.evaluate(
        "t => { const line = document.querySelector('.ftw-explorer .ftw-message"
        " .widget-html-content'); line.innerHTML = t ? '<div></div>' : '';"
        " if (t) line.firstChild.textContent = t; }",
        text,
    )
    _settle(page)


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
            cut_text = page.evaluate(CUT_JS)
            assert cut_text == [], f"{where}: list entries or menu choices are cut: {cut_text}"
            for box in seen["canvases"] + seen["legends"]:
                assert box["left"] >= 0, f"{where}: a board starts left of the window: {box}"
                assert box["right"] <= width, f"{where}: a board or legend is clipped: {box}"
        assert loaded.errors == []
    finally:
        harness.close_dashboard(page)


def six_leap_link() -> str:
    """A link to Play Win after the casebook's six-leap chain (case 3), a variation beside it."""
    rules = ftwkit.rules("playwin")
    start = rules.load(
        {
            "game": "playwin",
            "to_play": 0,
            "pieces": [["E5", "A1"], ["C3", "C5", "E3", "E6", "G5", "G7", "E9", "I9"]],
        }
    )
    played = start.play("E5xE6-F7xG7-G6xG5-F4xE3-D3xC3-C4xC5-D6")
    return link("record", ftwkit.record(played))


def test_long_moves_messages_and_the_board_stay_whole_and_in_place(
    server: harness.VoilaServer, browser: Any
) -> None:
    url = server.render_url("playwin.ipynb") + six_leap_link()
    loaded = harness.open_dashboard(browser, url)
    page = loaded.page
    # the longest message the explorer's tests know: a stray click in a capture chain
    long = (
        "Why not C3 → E3? the capture from C3 cannot land on E3 next; it may land on D5, E4 "
        "(each leap jumps a North piece and bends 60°, PW6; the series must take the most, PW9)"
    )
    try:
        moves = page.locator(".ftw-moves option").all_inner_texts()
        assert any("E5xE6-F7xG7-G6xG5-F4xE3-D3xC3-C4xC5-D6" in m for m in moves), moves
        for width in (1024, 1440):
            page.set_viewport_size({"width": width, "height": HEIGHT})
            _settle(page)
            where = f"Play Win at {width} px"
            assert page.evaluate(CUT_JS) == [], where
            _say(page, "")
            quiet = page.evaluate(PLACES_JS)
            _say(page, "B2-B3 must end strictly closer to an opposing piece (PW3)")
            short = page.evaluate(PLACES_JS)
            _say(page, long)
            wrapped = page.evaluate(PLACES_JS)
            assert quiet["board"] == short["board"] == wrapped["board"], f"{where}: the board jumps"
            assert wrapped["message"] >= 0.95 * wrapped["explorer"], f"{where}: {wrapped}"
            # the first screen of a wide window shows the board's top part (29.8)
            if width == 1440:
                assert quiet["board"] + 200 <= HEIGHT, f"{where}: the board starts too low"
            _shoot(page, "playwin-six-leaps", width)
        assert loaded.errors == []
    finally:
        harness.close_dashboard(page)


def test_every_switch_reads_whole_with_the_setup_open(
    server: harness.VoilaServer, browser: Any
) -> None:
    with harness.opened(
        browser, server.render_url("ftwcards.ipynb"), tab=harness.SETUP_TAB
    ) as loaded:
        page = loaded.page
        page.wait_for_selector(".ftw-switch-memory select", state="visible")
        for width in (1024, 1440):
            page.set_viewport_size({"width": width, "height": HEIGHT})
            _settle(page)
            assert page.evaluate(CUT_JS) == [], f"FTW?! switches at {width} px"
            _shoot(page, "ftwcards-switches", width)
        assert loaded.errors == []
