"""Every notebook served by Voilà and driven in headless Chromium, as a visitor would use it.

One Voilà server (``voila/serve.py``, as ``make dashboards``) on a free loopback port and one
Chromium serve the whole module; each dashboard is opened once and its tests run in order on that
page: no page error, drawn canvas pixels (read back with ``getImageData``), a click that leads
nowhere shows the reason, then a scripted click sequence plays a legal move and the status line and
move list change. Screenshots land in ``test-artifacts/screenshots/``.
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
BOARD_KINDS = ("explorer", "casebook", "edge-case")
STDERR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
ERROR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]'


def _missing_piece(dashboard: Any) -> str | None:
    """What a dashboard needs that has not landed yet (its game, renderer or widget)."""
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


@pytest.fixture(scope="module")
def server() -> Iterator[harness.VoilaServer]:
    with harness.voila_server() as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.access(harness.CHROMIUM, os.X_OK):
        pytest.skip("Debian's chromium is not installed (make chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = harness.launch_chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module", params=DASHBOARDS, ids=[d.notebook[:-6] for d in DASHBOARDS])
def opened(request: Any, server: harness.VoilaServer, browser: Any) -> Iterator[Opened]:
    dashboard = request.param
    missing = _missing_piece(dashboard)
    if missing:
        pytest.skip(missing)
    ready = ".ftw-gallery" if dashboard.kind == "index" else "canvas"
    loaded = harness.open_dashboard(browser, server.render_url(dashboard.notebook), ready=ready)
    harness.screenshot(loaded.page, dashboard.notebook[:-6])
    yield Opened(dashboard, loaded)
    loaded.page.close()


def _needs_board(opened: Opened) -> None:
    if opened.dashboard.kind not in BOARD_KINDS:
        pytest.skip("this dashboard has no board")


# --------------------------------------------------------------------------- every dashboard
def test_dashboard_renders_without_errors(opened: Opened) -> None:
    page = opened.page
    assert opened.loaded.errors == []
    problems = page.locator(f"{STDERR_OUTPUT}, {ERROR_OUTPUT}").all_inner_texts()
    assert problems == []


def test_root_url_shows_the_index(server: harness.VoilaServer) -> None:
    with urllib.request.urlopen(server.url, timeout=60) as response:
        assert response.url == server.render_url("index.ipynb")
        assert response.status == 200


def test_index_links_every_implemented_game(opened: Opened) -> None:
    if opened.dashboard.kind != "index":
        pytest.skip("only the index has the gallery")
    page = opened.page
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
    served = {d.notebook for d in DASHBOARDS}
    assert set(hrefs) <= served
    for href in hrefs:
        assert os.path.exists(os.path.join(harness.NOTEBOOKS_DIR, href)), href


# --------------------------------------------------------------------------- boards
def test_board_canvas_has_drawn_pixels(opened: Opened) -> None:
    _needs_board(opened)
    fractions = harness.drawn_fractions(opened.page)
    assert fractions, "no visible canvas"
    assert min(fractions) > 0.05, f"a canvas is (nearly) blank: drawn fractions {fractions}"


def test_click_that_leads_nowhere_shows_the_reason(opened: Opened) -> None:
    _needs_board(opened)
    from widgets import hooks

    explorer = harness.ExplorerOnPage(opened.page)
    board = explorer.board()
    clicks = harness.dead_end_click(board)
    assert clicks is not None, "no refusable click found on this board"
    before = explorer.snapshot()
    for target in clicks:
        explorer.click(board, target)
    explorer.wait_for(
        "(root) => root.innerText.includes('Why not') || root.innerText.includes('No legal move')"
    )
    after = explorer.snapshot()
    attempted = hooks.attempted_move(board.state, clicks)
    reason = board.state.explain(attempted) if attempted is not None else None
    if reason:
        assert after.message == f"Why not {attempted}? {reason}"
    else:
        path = " → ".join(str(t) for t in clicks)
        assert after.message is not None
        assert after.message.startswith(
            f"No legal move starts at {path}."
            if len(clicks) == 1
            else f"No legal move goes {path}."
        )
    assert (after.status, after.moves, after.position) == (
        before.status,
        before.moves,
        before.position,
    )


def test_clicks_play_a_legal_move(opened: Opened) -> None:
    _needs_board(opened)
    explorer = harness.ExplorerOnPage(opened.page)
    board = explorer.board()
    move = harness.clickable_move(board)
    assert move is not None, "no legal move can be made by clicks alone on this board"
    before = explorer.snapshot()
    assert before.moves is not None
    for target in move.targets:
        explorer.click(board, target)
    explorer.wait_for(
        "(root, n) => { const s = Array.from(root.querySelectorAll('select'))"
        ".find(s => s.options.length && s.options[0].text === 'start');"
        " return s && s.options.length > n; }",
        len(before.moves),
    )
    after = explorer.snapshot()
    played = board.state.play(move)
    assert after.position == played.to_json()
    assert after.status != before.status and after.status is not None
    assert played.status() in after.status
    assert after.moves is not None and len(after.moves) == len(before.moves) + 1
    assert after.moves[-1].startswith(f"{len(before.moves)}. {move}")
