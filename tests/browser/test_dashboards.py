"""Every notebook served by Voilà and driven in headless Chromium, as a visitor would use it.

One Voilà server (``voila/serve.py``, as ``make dashboards``) on a free loopback port and one
Chromium serve the whole module; each dashboard is opened once and its tests run in order on that
page: no page error, drawn canvas pixels (read back with ``getImageData``), a click that leads
nowhere shows the reason, then a scripted click sequence plays a legal move and the status line and
move list change. Screenshots land in ``test-artifacts/screenshots/``.

The explorer on the page is found around its canvas; the position it shows is read back from its
"Download position" link, so the clicks are computed from exactly what the visitor sees.
"""

from __future__ import annotations

import os
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import dashboard_harness as harness
import pytest

import ftwkit

pytestmark = pytest.mark.browser

DASHBOARDS = harness.DASHBOARDS
BOARDS = [d for d in DASHBOARDS if d.kind in ("explorer", "casebook", "edge-case")]
STDERR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
CASEBOOK_OPEN = "button:has-text('Open in explorer')"
ERROR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]'


def _missing_piece(dashboard: Any) -> str | None:
    """What a dashboard needs that has not landed yet (its game or its widget)."""
    if dashboard.game is None:
        return None
    if dashboard.game not in ftwkit.game_ids():
        return f"game {dashboard.game!r} is not implemented"
    widget = "Casebook" if dashboard.kind == "casebook" else "Explorer"
    try:
        import widgets

        getattr(widgets, widget)
    except (ImportError, AttributeError):
        return f"widgets.{widget} is not available"
    return None


@dataclass
class Opened:
    """A dashboard open in the browser, shared by the tests of that dashboard."""

    dashboard: Any
    loaded: harness.LoadedPage

    @property
    def page(self) -> Any:
        return self.loaded.page


def _open(dashboard: Any, server: harness.VoilaServer, browser: Any) -> Opened:
    missing = _missing_piece(dashboard)
    if missing:
        pytest.skip(missing)
    ready = {"index": ".ftw-gallery", "casebook": CASEBOOK_OPEN}.get(dashboard.kind, "canvas")
    loaded = harness.open_dashboard(browser, server.render_url(dashboard.notebook), ready=ready)
    if dashboard.kind == "casebook":
        harness.open_casebook_explorer(loaded.page, dashboard.game)
    harness.screenshot(loaded.page, dashboard.notebook[:-6])
    return Opened(dashboard, loaded)


@pytest.fixture(scope="module")
def index(server: harness.VoilaServer, browser: Any) -> Iterator[Opened]:
    opened = _open(DASHBOARDS[0], server, browser)
    yield opened
    harness.close_dashboard(opened.page)


@pytest.fixture(scope="module", params=BOARDS, ids=[d.notebook[:-6] for d in BOARDS])
def opened(request: Any, server: harness.VoilaServer, browser: Any) -> Iterator[Opened]:
    opened = _open(request.param, server, browser)
    yield opened
    harness.close_dashboard(opened.page)


def _assert_no_errors(opened: Opened) -> None:
    assert opened.loaded.errors == []
    problems = opened.page.locator(f"{STDERR_OUTPUT}, {ERROR_OUTPUT}").all_inner_texts()
    assert problems == []


# --------------------------------------------------------------------------- the index
def test_root_url_shows_the_index(server: harness.VoilaServer) -> None:
    with urllib.request.urlopen(server.url, timeout=120) as response:
        assert response.url == server.render_url("index.ipynb")
        assert response.status == 200


def test_index_renders_without_errors(index: Opened) -> None:
    _assert_no_errors(index)


EXECUTE_FROM_PAGE_JS = """
async (marker) => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const url = `ws://${location.host}${config.baseUrl}api/kernels/${config.kernelId}/channels`
    + '?session_id=ftw-intruder';
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
  const seen = [];
  const done = new Promise(resolve => {
    ws.onmessage = event => {
      const type = JSON.parse(event.data).header.msg_type;
      seen.push(type);
      if (type === 'kernel_info_reply') resolve();
    };
  });
  const message = (type, content) => JSON.stringify({
    header: {msg_id: crypto.randomUUID(), msg_type: type, username: 'visitor',
             session: 'ftw-intruder', date: new Date().toISOString(), version: '5.3'},
    parent_header: {}, metadata: {}, content, channel: 'shell', buffers: []});
  ws.send(message('execute_request', {
    code: `open(${JSON.stringify(marker)}, 'w').close()`, silent: false, store_history: false,
    user_expressions: {}, allow_stdin: false, stop_on_error: true}));
  ws.send(message('kernel_info_request', {}));
  await done;
  ws.close();
  return seen;
}
"""


def test_browser_cannot_execute_code(index: Opened, tmp_path: Any) -> None:
    # The kernel answers requests in order: a forwarded execute_request would be answered (and
    # its file written) before the kernel_info_reply that ends the wait.
    marker = str(tmp_path / "executed")
    seen = index.page.evaluate(EXECUTE_FROM_PAGE_JS, marker)
    assert "kernel_info_reply" in seen
    assert "execute_reply" not in seen and "execute_input" not in seen
    assert not os.path.exists(marker)


def test_closing_a_dashboard_shuts_its_kernel_down(
    server: harness.VoilaServer, browser: Any
) -> None:
    loaded = harness.open_dashboard(browser, server.render_url("index.ipynb"), ready=".ftw-gallery")
    kernel = server.kernel_url(harness.kernel_id(loaded.page))
    with urllib.request.urlopen(kernel, timeout=60) as response:
        assert response.status == 200
    harness.close_dashboard(loaded.page)
    assert server.wait_until_gone(kernel), f"kernel still running after its tab closed: {kernel}"


def test_index_links_every_implemented_game(index: Opened) -> None:
    page = index.page
    games = page.locator(".ftw-card").evaluate_all("cards => cards.map(c => c.dataset.game)")
    assert games == list(ftwkit.game_ids())
    for game in games:
        card = page.locator(f'.ftw-card[data-game="{game}"]')
        assert card.locator(".ftw-picture svg").count() == 1, f"{game} card has no picture"
        links = card.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
        assert f"{game}.ipynb" in links and f"{game}-casebook.ipynb" in links
    hrefs = page.locator("a[href$='.ipynb']").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    assert set(hrefs) <= {d.notebook for d in DASHBOARDS}
    for href in hrefs:
        assert os.path.exists(os.path.join(harness.NOTEBOOKS_DIR, href)), href


# --------------------------------------------------------------------------- boards
def test_dashboard_renders_without_errors(opened: Opened) -> None:
    _assert_no_errors(opened)


def test_board_canvas_has_drawn_pixels(opened: Opened) -> None:
    fractions = harness.drawn_fractions(opened.page)
    assert fractions, "no visible canvas"
    assert min(fractions) > 0.05, f"a canvas is (nearly) blank: drawn fractions {fractions}"


def test_clicks_play_a_legal_move(opened: Opened) -> None:
    explorer = harness.ExplorerOnPage(opened.page)
    board = explorer.board()
    move = harness.clickable_move(board)
    assert move is not None, "no legal move can be made by clicks alone on this board"
    before = explorer.snapshot()
    assert before.moves is not None and before.selected is not None
    for target in move.targets:
        explorer.click(board, target)
    explorer.wait_for(  # the canvas is redrawn before the other widgets are synced
        "(root, ply) => { const s = Array.from(root.querySelectorAll('select'))"
        ".find(s => s.options.length && s.options[0].text === 'start');"
        " return s && s.selectedIndex === ply; }",
        before.selected + 1,
    )
    explorer.wait_for_new_position(before)
    after = explorer.snapshot()
    played = board.state.play(move)
    assert after.position == played.to_json()
    assert after.status is not None and after.status != before.status
    assert played.status() in after.status
    assert after.moves is not None
    assert after.moves[before.selected + 1].startswith(f"{before.selected + 1}. {move}")


def test_click_that_leads_nowhere_shows_the_reason(opened: Opened) -> None:
    from ftwkit.render.text import target_text
    from widgets import hooks

    explorer = harness.ExplorerOnPage(opened.page)
    board = explorer.board()
    clicks = harness.dead_end_click(board)
    assert clicks is not None, "no refusable click found on this board"
    before = explorer.snapshot()
    for i, target in enumerate(clicks):  # a refused click may leave the picture as it was
        explorer.click(board, target, redraws=i < len(clicks) - 1)
    explorer.wait_for(
        "(root) => ['Why not', 'No legal move', 'The game is over']"
        ".some(text => root.innerText.includes(text))"
    )
    after = explorer.snapshot()
    reason = hooks.why_not(board.state, clicks)
    path = " → ".join(target_text(t) for t in clicks)  # the one cell format: (1,-1)
    if board.state.is_over:
        assert after.message == "The game is over: no more moves."
    elif reason:
        expected = f"Why not {path}? {reason.rstrip('.')}"
        assert after.message is not None and after.message.startswith(expected)
    else:
        expected = f"No legal move {'starts at' if len(clicks) == 1 else 'goes'} {path}."
        assert after.message is not None and after.message.startswith(expected)
    assert (after.status, after.moves, after.position) == (
        before.status,
        before.moves,
        before.position,
    )


# --------------------------------------------------------------------------- designer notes
NOTES = [d for d in DASHBOARDS if d.kind == "edge-case"]
SECOND_CASE = {
    "forthewin-grid-separation.ipynb": "02-split-with-one-action-left",
    "playwin-bent-leap-chains.ipynb": "02-maximum-across-pieces",
    "ftwcards-passing-and-help.ipynb": "03-play-the-2-with-6-and-11",
    "doubleblind-completion-and-question.ipynb": "16-both-earn-a-question-the-placer-decides-first",
    "pnrz-arch-enemies-and-final-lap.ipynb": "03-pirate-scores-10",
}
"""The casebook case behind each designer note's second "Load case" entry."""


@pytest.mark.parametrize("dashboard", NOTES, ids=[d.notebook[:-6] for d in NOTES])
def test_designer_note_loads_the_chosen_case_into_its_one_explorer(
    dashboard: Any, server: harness.VoilaServer, browser: Any
) -> None:
    opened = _open(dashboard, server, browser)
    try:
        page = opened.page
        assert page.locator("canvas").count() == 1  # the cases are pictures, not explorers
        assert page.locator(".ftw-case .ftw-case-picture svg").count() >= 3
        explorer = harness.ExplorerOnPage(page)
        before = explorer.snapshot()
        selector = page.locator("select").filter(has=page.locator("option", has_text="Case 1"))
        assert selector.count() == 1
        selector.select_option(index=1)
        explorer.wait_for_new_position(before)
        after = explorer.snapshot()
        start = harness.ftw_dashboard.case(dashboard.game, SECOND_CASE[dashboard.notebook]).start()
        assert after.position == start.to_json()
        assert after.moves == ["start"]
        assert after.status is not None and start.status() in after.status
    finally:
        harness.close_dashboard(opened.page)


# --------------------------------------------------------------------------- computer & bad input
MOVES_SELECTED_JS = (
    "(root) => { const s = Array.from(root.querySelectorAll('select'))"
    ".find(s => s.options.length && s.options[0].text === 'start'); return s ? s.selectedIndex"
    " : -1; }"
)


def _dashboard(notebook: str) -> Any:
    return next(d for d in DASHBOARDS if d.notebook == notebook)


def _timed_click(explorer: harness.ExplorerOnPage, locator: Any, predicate_js: str) -> float | None:
    """Click an enabled button; milliseconds until ``predicate_js(root)`` holds (None: disabled).

    The check, the click and the clock run in one page task, so a button that the kernel
    disables meanwhile (the computer answered) is not clicked late.
    """
    ms = harness.timed_click(explorer, locator, predicate_js)
    assert ms is None or ms >= 0, f"no answer to the click within 20 s: {explorer.snapshot()}"
    return ms


def test_a_person_plays_against_the_computer_and_the_page_answers_quickly(
    server: harness.VoilaServer, browser: Any
) -> None:
    opened = _open(_dashboard("playwin.ipynb"), server, browser)
    try:
        page = opened.page
        explorer = harness.ExplorerOnPage(page)
        menus = [
            m
            for m in explorer.root.locator("select").all()
            if "person" in m.locator("option").all_inner_texts()
        ]
        assert len(menus) == 2
        labels = menus[1].locator("option").all_inner_texts()
        # strong thinks for seconds: long enough to click Stop while it does
        strong = [t for t in labels if t.replace("\xa0", " ").startswith("computer: strong")]
        level = (strong or labels)[-1]
        menus[1].select_option(label=level)
        stops, backs = [], []
        for _ in range(2):
            board = explorer.board()
            move = harness.clickable_move(board)
            assert move is not None
            before = explorer.snapshot()
            assert before.selected is not None
            for target in move.targets:
                explorer.click(board, target)
            stop = explorer.root.locator("button:has-text('Stop')")
            ms = _timed_click(explorer, stop, "(r) => r.innerText.includes('Stopped')")
            if ms is not None:  # it was still thinking: Stop answered
                stops.append(ms)
                explorer.root.locator("button:has-text('Go')").click()
            explorer.wait_for(f"(root) => ({MOVES_SELECTED_JS})(root) === {before.selected + 2}")
            # the message line is a widget of its own, updated just after the move list: wait
            # for it too (read at once, it sometimes still showed the message before)
            explorer.wait_for("(root) => root.innerText.includes('(computer) played')")
            after = explorer.snapshot()
            assert after.moves is not None and "(computer) played" in page.inner_text("body")
            assert after.moves[before.selected + 2].startswith(f"{before.selected + 2}.")
        back = explorer.root.locator("button[title='one move back']")
        selected = explorer.snapshot().selected
        ms = _timed_click(explorer, back, f"(r) => ({MOVES_SELECTED_JS})(r) === {selected - 1}")
        assert ms is not None
        backs.append(ms)
        assert "the computer waits" in (explorer.snapshot().status or "")
        harness.screenshot(page, "playwin-vs-computer")
        print(f"computer level {level!r}: Stop answered in {stops} ms, Back in {backs} ms")
        assert all(ms < 300 for ms in stops + backs), (stops, backs)
        _assert_no_errors(opened)
    finally:
        harness.close_dashboard(opened.page)


def test_a_bad_option_value_shows_one_line_and_no_traceback(
    server: harness.VoilaServer, browser: Any
) -> None:
    opened = _open(_dashboard("forthewin.ipynb"), server, browser)
    try:
        page = opened.page
        explorer = harness.ExplorerOnPage(page)
        explorer.root.locator(
            ".lm-AccordionPanel-title, .jupyter-widget-Collapse-header"
        ).first.click()
        field = explorer.root.locator(".ftw-switch-max_rounds input")
        field.fill("abc")
        field.press("Enter")
        explorer.wait_for("(root) => root.innerText.includes('not a whole number')")
        text = page.inner_text("body")
        assert "Traceback" not in text and "Unexpected" not in text
        assert os.path.dirname(ftwkit.__file__) not in text and "/work/" not in text
        message = [line for line in text.splitlines() if "not a whole number" in line]
        said = "Maximum rounds: 'abc' is not a whole number (leave it blank for off)"
        assert message == [said, said]  # on the message line and under the switch
        _assert_no_errors(opened)
    finally:
        harness.close_dashboard(opened.page)


# --------------------------------------------------------------------------- JupyterLab
EXPLORERS = [d for d in DASHBOARDS if d.kind == "explorer"]

CONTRAST_JS = """
(selectors) => {
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) return c;
    }
    return [255, 255, 255];
  };
  const out = [];
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      if (!el.innerText || !el.innerText.trim() || !el.getClientRects().length) continue;
      const a = lum(rgb(getComputedStyle(el).color)), b = lum(background(el));
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      out.push([selector, el.innerText.trim().slice(0, 40), Math.round(ratio * 100) / 100]);
    }
  }
  return out;
}
"""

LABELS = [
    ".ftw-explorer .ftw-title",
    ".ftw-explorer .ftw-status span",
    ".ftw-explorer .ftw-message div",
    ".ftw-explorer .widget-label",
    ".ftw-explorer .widget-html-content b",
    ".ftw-explorer select",
]


@pytest.fixture(scope="module")
def lab(tmp_path_factory: Any) -> Iterator[harness.LabServer]:
    import shutil

    root = tmp_path_factory.mktemp("lab")
    for dashboard in DASHBOARDS:
        shutil.copy(os.path.join(harness.NOTEBOOKS_DIR, dashboard.notebook), root)
    blank = {
        "cells": [{"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# Other"}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (root / "blank.ipynb").write_text(__import__("json").dumps(blank), encoding="utf-8")
    with harness.lab_server(str(root)) as running:
        yield running


@pytest.mark.parametrize("dashboard", EXPLORERS, ids=[d.notebook[:-6] for d in EXPLORERS])
def test_jupyterlab_board_draws_plays_and_draws_again_after_a_reload(
    dashboard: Any, lab: harness.LabServer, browser: Any
) -> None:
    page = browser.new_page(viewport=harness.VIEWPORT)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("dialog", lambda dialog: dialog.accept())  # "leave with unsaved changes?"
    try:
        harness.lab_open(page, lab, dashboard.notebook)
        harness.lab_run_all(page)
        explorer = harness.ExplorerOnPage(page)
        board, move = explorer.play_clickable_move()
        assert explorer.snapshot().position == board.state.play(move).to_json()
        # reload the tab: the kernel keeps running with the old explorer in it
        page.reload(wait_until="domcontentloaded")
        harness.lab_wait_idle(page)
        harness.lab_run_all(page)
        fractions = harness.drawn_fractions(page)
        harness.screenshot(page, f"lab-{dashboard.notebook[:-6]}-after-reload")
        assert fractions and min(fractions) > 0.05, fractions
        after = harness.ExplorerOnPage(page)
        board = after.board()
        move = harness.clickable_move(board)
        assert move is not None
        after.click(board, move.targets[0])  # the redrawn board answers clicks
        assert not [e for e in errors if "clearCanvas" in e], errors
    finally:
        page.close()


def test_jupyterlab_dark_theme_keeps_labels_readable_and_styles_stay_home(
    lab: harness.LabServer, browser: Any
) -> None:
    page = browser.new_page(viewport={"width": 1440, "height": 1000})
    page.on("dialog", lambda dialog: dialog.accept())
    try:
        harness.lab_open(page, lab, "ftwcards.ipynb")
        print("dialogs:", harness.lab_dialogs(page))
        harness.lab_run_all(page)
        ratios = {}
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            if theme == "JupyterLab Dark":
                harness.lab_menu(page, "Settings", "Theme", theme)
                page.wait_for_function(
                    "(t) => document.body.dataset.jpThemeName === t", arg=theme, timeout=30_000
                )
            page.locator(".ftw-explorer").first.scroll_into_view_if_needed()
            for width in (1024, 1440):
                page.set_viewport_size({"width": width, "height": 1000})
                page.locator(".ftw-explorer").first.scroll_into_view_if_needed()
                os.makedirs(harness.SCREENSHOTS, exist_ok=True)
                name = f"lab-{theme.split()[-1].lower()}-{width}.png"
                page.screenshot(path=os.path.join(harness.SCREENSHOTS, name))
            ratios[theme] = page.evaluate(CONTRAST_JS, LABELS)
            assert ratios[theme], "no explorer label found"
            low = [r for r in ratios[theme] if r[2] < 4.5]
            assert low == [], f"{theme}: labels below 4.5:1 contrast: {low}"
        # another notebook of the session carries none of the explorer's page styles
        harness.lab_menu(page, "File", "Open from Path…")
        page.locator(".jp-Dialog input").fill("blank.ipynb")
        page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept").click()
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden)'))"
            ".some(p => p.innerText.includes('Other'))",
            timeout=60_000,
        )
        style = page.evaluate(
            "() => { const p = Array.from(document.querySelectorAll("
            "'.jp-NotebookPanel:not(.lm-mod-hidden)')).find(p => p.innerText.includes('Other'));"
            " const cell = p.querySelector('.jp-Cell');"
            " return {maxWidth: getComputedStyle(cell).maxWidth,"
            " notebook: getComputedStyle(p.querySelector('.jp-Notebook')).backgroundColor,"
            " body: getComputedStyle(document.body).backgroundColor}; }"
        )
        assert style["maxWidth"] == "none", style
        assert "246, 244, 239" not in style["notebook"] + style["body"], style  # no beige
        print("contrast", ratios)
    finally:
        page.close()


def test_the_explorer_fits_a_narrow_pane(server: harness.VoilaServer, browser: Any) -> None:
    opened = _open(_dashboard("doubleblind.ipynb"), server, browser)
    try:
        page = opened.page
        page.set_viewport_size({"width": 720, "height": 900})
        page.wait_for_timeout(500)
        boxes = page.evaluate(
            "() => { const r = (s) => { const e = document.querySelector(s);"
            " if (!e) return null; const b = e.getBoundingClientRect();"
            " return [b.left, b.right, b.width, b.height]; };"
            " return {page: document.documentElement.clientWidth,"
            " canvas: r('.ftw-explorer canvas'),"
            " moves: r('.ftw-explorer .ftw-moves'), seats: r('.ftw-explorer .ftw-seats')}; }"
        )
        os.makedirs(harness.SCREENSHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(harness.SCREENSHOTS, "doubleblind-narrow-720.png"))
        width = boxes["page"]
        for name in ("canvas", "moves", "seats"):
            left, right, w, h = boxes[name]
            assert left >= 0 and right <= width + 1 and w > 0 and h > 0, (name, boxes)
        # the board keeps its proportions while it shrinks
        size = page.evaluate(
            "() => { const c = document.querySelector('.ftw-explorer canvas');"
            " return [c.width, c.height]; }"
        )
        _, _, w, h = boxes["canvas"]
        assert w < size[0] and abs(w / h - size[0] / size[1]) < 0.02, (boxes, size)
    finally:
        page.set_viewport_size(harness.VIEWPORT)
        harness.close_dashboard(opened.page)


@pytest.mark.parametrize("how", ["button", "r key"])
def test_pnrz_a_tile_turned_with_rotate_is_placed_so_turned(
    server: harness.VoilaServer, browser: Any, how: str
) -> None:
    opened = _open(_dashboard("pnrz.ipynb"), server, browser)
    try:
        explorer = harness.ExplorerOnPage(opened.page)
        board = explorer.board()
        while board.state.to_json().get("phase") == "choose":  # the set-up picks, by clicks
            explorer.play_clickable_move()
            board = explorer.board()
        place = next(m for m in board.state.legal_moves() if str(m).endswith(" r1"))
        tile, cell = place.targets
        rotate = opened.page.locator(".ftw-explorer button:has-text('Rotate')")
        assert not rotate.is_visible()
        explorer.click(board, tile)  # picks it up: the ghost appears on the table
        rotate.wait_for(state="visible")
        if how == "button":
            rotate.click()
        else:  # the click that picked the tile up gave the board the keyboard
            assert explorer.canvas.evaluate("c => document.activeElement === c")
            opened.page.keyboard.press("r")
        opened.page.wait_for_function(
            "() => document.querySelector('.ftw-explorer').innerText.includes('Turned to 1')"
        )
        before = explorer.snapshot()
        explorer.click(board, cell)
        explorer.wait_for_new_position(before)
        explorer.wait_for(
            "(root, ply) => { const s = Array.from(root.querySelectorAll('select'))"
            ".find(s => s.options.length && s.options[0].text === 'start');"
            " return s && s.selectedIndex === ply; }",
            before.selected + 1,
        )
        after = explorer.snapshot()
        assert after.moves is not None and before.selected is not None
        assert after.moves[before.selected + 1].startswith(f"{before.selected + 1}. {place}")
        assert after.position == board.state.play(place).to_json()
    finally:
        harness.close_dashboard(opened.page)
