"""The board while a move is entered or stepped through, on a served dashboard in Chromium.

A Play Win capture chain opened from a ``?position=`` link: a stray click (beside the board, or
on a cell that continues nothing) keeps the leaps entered so far, and stepping inside the played
move gives one status line that says what the canvas draws.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import dashboard_harness as harness
import pytest

import ftwkit
from widgets.explorer import STRAY_CLICK
from widgets.links import encode_value

pytestmark = pytest.mark.browser

# South's C3 captures C4 and D4 in two leaps; D5 is the first landing of both orders.
CHAIN = {"game": "playwin", "to_play": 0, "pieces": [["C3", "A1"], ["C4", "D4", "I9"]]}
MESSAGE = ".ftw-message"


@pytest.fixture()
def chain_page(server: harness.VoilaServer, browser: Any) -> Iterator[Any]:
    url = server.render_url("playwin.ipynb") + "?position=" + encode_value(CHAIN)
    loaded = harness.open_dashboard(browser, url)
    yield loaded.page
    assert loaded.errors == []
    harness.close_dashboard(loaded.page)


def _message(page: Any) -> str:
    return str(page.locator(MESSAGE).first.inner_text().strip())


def test_a_stray_click_keeps_the_leaps_entered_so_far(chain_page: Any) -> None:
    page = chain_page
    explorer = harness.ExplorerOnPage(page)
    board = explorer.board()
    assert board.state == ftwkit.rules("playwin").load(CHAIN)
    explorer.click(board, "C3")
    explorer.click(board, "D5")
    explorer.click(board, None, redraws=False)  # beside the board
    page.wait_for_function(
        "text => document.querySelector('.ftw-message')?.innerText.trim() === text",
        arg=STRAY_CLICK,
    )
    explorer.click(board, "H8", redraws=False)  # a cell the chain cannot reach
    page.wait_for_function(
        "() => (document.querySelector('.ftw-message')?.innerText || '')"
        ".startsWith('Why not C3 → D5 → H8?')"
    )
    before = explorer.snapshot()
    explorer.click(board, "E4")  # the chain goes on from D5
    explorer.wait_for_new_position(before)
    played = board.state.play("C3xC4-D5xD4-E4")
    assert explorer.state() == played
    assert explorer.snapshot().moves == ["start", "1. C3xC4-D5xD4-E4 (South)"]


def test_stepping_inside_the_move_gives_one_status_line_that_agrees_with_the_canvas(
    chain_page: Any,
) -> None:
    page = chain_page
    explorer = harness.ExplorerOnPage(page)
    board = explorer.board()
    before = explorer.snapshot()
    typed = page.locator(".ftw-explorer input[placeholder='type a move in notation']").first
    typed.fill("C3xC4-D5xD4-E4")
    typed.press("Enter")
    explorer.wait_for_new_position(before)
    assert explorer.snapshot().status == "South won · winners: South · move 1 of 1"
    harness.record_canvas_texts(page)
    back = page.locator(".ftw-explorer button[title='previous step inside the move']")
    back.click()
    explorer.wait_for(
        "root => Array.from(root.querySelectorAll('.widget-html-content'))"
        ".some(e => e.innerText.includes('inside move 1 of 1: step 1 of 2: C3xC4-D5'))"
    )
    page.wait_for_function("() => (window.__ftwTexts || []).includes('South to play')")
    status = explorer.snapshot().status
    assert status == "South to play · inside move 1 of 1: step 1 of 2: C3xC4-D5"
    drawn = harness.canvas_texts(page)
    rules = board.state.rules
    move = rules.parse_move(board.state, "C3xC4-D5xD4-E4")
    first_leap = rules.load(board.state.substeps(move)[0])
    assert first_leap.status() == "South to play"
    assert "South to play" in drawn and "South won" not in drawn
    assert drawn[: drawn.index("A")] == harness.renderer_texts(first_leap, None)[: drawn.index("A")]
