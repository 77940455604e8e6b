"""The designer's tools on the served dashboards, driven in headless Chromium.

The Rules panel and the ruling links of a refused move, the PNG and SVG exports of the board, a
dashboard opened at a position given in its URL, and the pass-the-device cover of a hot-seat game
with hidden hands. One Voilà server and one Chromium serve the module; screenshots at 1024 and
1440 px wide land in ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dashboard_harness as harness
import pytest
from PIL import Image

import ftwkit
from widgets.links import encode_value

pytestmark = pytest.mark.browser

MESSAGE = ".ftw-message"
MOVE_TEXT = "input[placeholder='type a move in notation']"


@pytest.fixture(scope="module")
def forthewin(server: harness.VoilaServer, browser: Any) -> Iterator[Any]:
    loaded = harness.open_dashboard(browser, server.render_url("forthewin.ipynb"))
    yield loaded.page
    assert loaded.errors == []
    harness.close_dashboard(loaded.page)


def _type_move(page: Any, text: str) -> None:
    box = page.locator(MOVE_TEXT).first
    box.fill(text)
    box.press("Enter")


def test_a_refused_move_links_its_ruling_into_the_rules_panel(forthewin: Any) -> None:
    page = forthewin
    assert page.locator("details.ftw-rules").count() == 1
    assert page.locator("details.ftw-rules[open]").count() == 0
    _type_move(page, "add pirate 3,3")
    link = page.locator(f"{MESSAGE} a.ftw-ruling[href='#fw13']")
    link.wait_for(timeout=30_000)
    link.click()
    page.wait_for_function("() => document.querySelector('details.ftw-rules').open", timeout=10_000)
    anchor = page.locator("details.ftw-rules a#fw13")
    heading = page.locator("details.ftw-rules h3:has-text('FW13')")
    assert anchor.count() == 1
    assert heading.is_visible()
    box = heading.bounding_box()
    viewport = page.viewport_size
    assert box is not None and 0 <= box["y"] < viewport["height"]


def test_the_png_export_downloads_a_png_of_the_board(forthewin: Any) -> None:
    page = forthewin
    harness.open_accordion(page, "Load / save / export")
    page.locator("button:has-text('Export board')").first.click()
    link = page.locator(".ftw-export a[download$='.png']")
    link.wait_for(timeout=30_000)
    with page.expect_download(timeout=30_000) as info:
        link.click()
    download = info.value
    assert download.suggested_filename == "forthewin-move-0.png"
    data = Path(download.path()).read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    size = page.evaluate(
        "() => { const c = document.querySelector('.ftw-board canvas, canvas.ftw-board')"
        " || document.querySelector('canvas'); return [c.width, c.height]; }"
    )
    assert list(image.size) == size
    colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 4  # a drawn board, not a blank
    svg = page.locator(".ftw-export a[download$='.svg']").get_attribute("href")
    assert svg is not None and svg.startswith("data:image/svg+xml;base64,")
    assert base64.b64decode(svg.split(",", 1)[1]).startswith(b"<svg")


def _position_after(game: str, moves: int) -> Any:
    state = ftwkit.rules(game).new(seed=2024)
    for _ in range(moves):
        state = state.play(state.legal_moves()[0])
    return state


def test_a_position_in_the_url_opens_there(server: harness.VoilaServer, browser: Any) -> None:
    state = _position_after("forthewin", 3)
    url = server.render_url("forthewin.ipynb") + "?position=" + encode_value(state.to_json())
    loaded = harness.open_dashboard(browser, url)
    try:
        explorer = harness.ExplorerOnPage(loaded.page)
        assert explorer.state() == state
        message = loaded.page.locator(MESSAGE).first.inner_text().strip()
        assert message == "Opened the position given in the link. Loaded a position."
        link = loaded.page.locator(".ftw-position-link input").input_value()
        assert link.startswith(server.render_url("forthewin.ipynb") + "?position=")
        assert loaded.errors == []
    finally:
        harness.close_dashboard(loaded.page)


def test_a_bad_link_says_why_in_one_line(server: harness.VoilaServer, browser: Any) -> None:
    url = server.render_url("playwin.ipynb") + "?record=%7B%22game%22%3A%22playwin%22%7D"
    loaded = harness.open_dashboard(browser, url)
    try:
        message = loaded.page.locator(MESSAGE).first
        expected = 'record in the link: a record needs "start" and "moves"'
        assert message.inner_text().strip() == expected
        assert "Traceback" not in loaded.page.inner_text("body")
        assert harness.ExplorerOnPage(loaded.page).state() == ftwkit.rules("playwin").new(seed=2024)
    finally:
        harness.close_dashboard(loaded.page)


def test_hot_seat_covers_the_board_between_players(
    server: harness.VoilaServer, browser: Any
) -> None:
    with harness.opened(browser, server.render_url("ftwcards.ipynb")) as loaded:
        page = loaded.page
        harness.open_accordion(page, harness.SETUP_TAB)  # choose the view there
        view = page.locator("select:has(option:text-is('player to move'))").first
        view.select_option(label="player to move")
        harness.open_accordion(page, "Load / save / export")  # its downloads are built while open
        page.locator("a[download$='-view-1.json']").wait_for(state="attached", timeout=30_000)
        before = harness.fingerprint(page)
        move = ftwkit.rules("ftwcards").new(seed=2024).legal_moves()[0]
        _type_move(page, str(move))
        ready = page.locator("button.ftw-ready")
        ready.wait_for(timeout=30_000)
        assert ready.inner_text().strip() == "I am Player 2: show my hand"
        page.wait_for_function(
            f"(before) => ({harness.FINGERPRINT_JS})() !== before", arg=before, timeout=30_000
        )
        harness.screenshot_widths(page, "ftwcards-pass-the-device")
        # the cover is one flat colour but for its two lines of text
        colours = page.evaluate(
            "() => { const c = document.querySelector('canvas');"
            " const d = c.getContext('2d').getImageData(0, 0, c.width, 40).data;"
            " const s = new Set(); for (let i = 0; i < d.length; i += 4)"
            " s.add(d[i] + ',' + d[i+1] + ',' + d[i+2]); return s.size; }"
        )
        assert colours == 1
        page.locator("canvas").first.click(position={"x": 20, "y": 20})
        ready.wait_for(state="detached", timeout=30_000)
        page.locator("a[download$='-view-2.json']").wait_for(state="attached", timeout=30_000)
        assert loaded.errors == []


def test_switches_read_as_words_beside_their_explanation(forthewin: Any) -> None:
    page = forthewin
    harness.open_accordion(page, harness.SETUP_TAB)
    row = page.locator(".ftw-switch:has-text('Grid check')").first
    row.wait_for(timeout=30_000)
    control = row.locator("select")
    assert control.locator("option:checked").inner_text().replace("\xa0", " ").strip() == (
        "at the end of each turn and after every Shove (recommended)"
    )
    assert row.locator("a.ftw-ruling[href='#fw1']").inner_text() == "FW1"
    label, select = row.locator("b").bounding_box(), control.bounding_box()
    explanation = row.locator("a.ftw-ruling").bounding_box()
    assert label and select and explanation
    # label, control and explanation side by side on one line at 1280 px
    assert label["x"] < select["x"] < explanation["x"]
    assert abs(label["y"] - select["y"]) < 20 and abs(explanation["y"] - select["y"]) < 20
    variant = page.locator(".ftw-variant").first
    assert variant.inner_text().strip() == "Playing: standard rules (the recommended readings)"
    for width in (1024, 1440):
        page.set_viewport_size({"width": width, "height": 900})
        scroll = page.evaluate(
            "() => { const e = document.getElementById('rendered_cells')"
            " || document.scrollingElement; return e.scrollWidth - e.clientWidth; }"
        )
        assert scroll == 0, f"horizontal scroll of {scroll} px at {width} px wide"
    page.set_viewport_size(harness.VIEWPORT)
    harness.screenshot_widths(page, "forthewin-switches")


def test_a_link_made_on_a_note_opens_on_the_games_page_and_a_casebook_or_note_says_so(
    server: harness.VoilaServer, browser: Any
) -> None:
    note = harness.open_dashboard(browser, server.render_url("forthewin-grid-separation.ipynb"))
    try:
        link = note.page.evaluate("() => document.querySelector('.ftw-resume').dataset.link")
        assert link.startswith("forthewin.ipynb?position="), link
        assert note.errors == []
    finally:
        harness.close_dashboard(note.page)
    query = link.split("?", 1)[1]
    shown = harness.open_dashboard(browser, server.render_url("forthewin.ipynb") + "?" + query)
    try:
        said = shown.page.locator(MESSAGE).first.inner_text().strip()
        assert said == "Opened the position given in the link. Loaded a position."
    finally:
        harness.close_dashboard(shown.page)
    _says_where_the_link_opens(
        browser, server, "forthewin-casebook.ipynb", query, ".ftw-casebook .ftw-message"
    )
    # a designer's note shows its own cases: it says where the link opens
    _says_where_the_link_opens(
        browser, server, "forthewin-grid-separation.ipynb", query, ".ftw-link-notice"
    )


def _says_where_the_link_opens(
    browser: Any, server: harness.VoilaServer, notebook: str, query: str, notice: str
) -> None:
    """``notebook`` opened with a For the Win! position in its address says, in ``notice``, that
    the position opens on the game's page, and links there (screenshots at both widths)."""
    with harness.opened(
        browser, server.render_url(notebook) + "?" + query, ready=f"{notice} a"
    ) as told:
        said = told.page.locator(notice).first
        assert said.inner_text().strip() == (
            "This page does not open links: the position in its address opens on the game's "
            "explorer page, forthewin.ipynb. Open it there."
        )
        assert said.locator("a").get_attribute("href") == "forthewin.ipynb?" + query
        harness.screenshot_widths(told.page, notebook.removesuffix(".ipynb") + "-given-a-link")
        assert told.errors == []


def test_a_refused_switch_value_is_said_beside_it_and_put_back(forthewin: Any) -> None:
    # last in this module: a switch change starts a new game on the shared page
    page = forthewin
    box = page.locator(".ftw-switch-max_rounds input").first
    if not box.is_visible():  # the tab may be open from an earlier test
        harness.open_accordion(page, harness.SETUP_TAB)
    box.wait_for(timeout=30_000)
    box.scroll_into_view_if_needed()
    box.fill("abc")
    box.press("Enter")
    note = page.locator(".ftw-switch-note:has-text('not a whole number')").first
    note.wait_for(timeout=30_000)
    assert note.inner_text().strip() == (
        "Maximum rounds: 'abc' is not a whole number (leave it blank for off)"
    )
    page.wait_for_function(
        "() => document.querySelector('.ftw-switch-max_rounds input').value === ''"
    )
    said, typed = note.bounding_box(), box.bounding_box()
    viewport = page.viewport_size
    assert said and typed and 0 <= said["y"] < viewport["height"]
    assert 0 < said["y"] - typed["y"] < 80  # right under the switch
    harness.screenshot_widths(page, "forthewin-switch-refused")
    box.fill("12")
    box.press("Enter")
    page.locator(".ftw-switch-note:has-text('New game')").first.wait_for(timeout=30_000)
