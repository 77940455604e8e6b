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
from ftwkit.explore import STRAY_CLICK
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
    first_leap = board.state.substeps(move)[0]
    assert first_leap.status() == "South to play"
    assert "South to play" in drawn and "South won" not in drawn
    assert drawn[: drawn.index("A")] == harness.renderer_texts(first_leap, None)[: drawn.index("A")]


# The Play Win note's case 2 under max_capture = per_piece: E5 and A1 can both capture.
PER_PIECE = {
    "game": "playwin",
    "version": 1,
    "options": {"max_capture": "per_piece"},
    "to_play": 0,
    "pieces": [["A1", "E5"], ["B1", "E3", "F5", "I9"]],
    "quiet_plies": 0,
}
RESUME_JS = "() => document.querySelector('.ftw-resume')?.dataset.link"


def _pixel(page: Any, board: harness.Board, target: str) -> list[int]:
    """The colour the canvas shows at the centre of ``target``'s box."""
    box = board.renderer.target_box(board.state, target)
    x, y = box[0] + box[2] / 2, box[1] + box[3] / 2
    return list(
        page.evaluate(
            "([x, y]) => Array.from(document.querySelector('canvas').getContext('2d')"
            ".getImageData(Math.round(x), Math.round(y), 1, 1).data).slice(0, 3)",
            [x, y],
        )
    )


def test_a_chain_is_kept_on_a_click_on_another_piece_with_its_jumped_pieces_crossed(
    server: harness.VoilaServer, browser: Any
) -> None:
    url = server.render_url("playwin.ipynb") + "?position=" + encode_value(PER_PIECE)
    loaded = harness.open_dashboard(browser, url)
    page = loaded.page
    try:
        explorer = harness.ExplorerOnPage(page)
        board = explorer.board()
        start_link = page.evaluate(RESUME_JS)
        assert start_link == "?position=" + encode_value(board.state.to_json())
        untouched = _pixel(page, board, "F5")
        explorer.click(board, "E5")
        explorer.click(board, "F4")
        crossed = _pixel(page, board, "F5")  # the jumped piece gets the selection's cross
        assert crossed != untouched and crossed[0] > 180 and crossed[2] < 120, crossed
        explorer.click(board, "A1", redraws=False)
        said = "A1 starts another move: the one entered so far (E5-F4) is kept."
        page.wait_for_function(
            "text => (document.querySelector('.ftw-message')?.innerText || '').startsWith(text)",
            arg=said,
        )
        assert _pixel(page, board, "F5") == crossed  # the chain is still entered
        page.evaluate("() => document.querySelector('.ftw-message').scrollIntoView()")
        harness.screenshot_widths(page, "playwin-chain-kept")
        before = explorer.snapshot()
        explorer.click(board, "D3")
        explorer.wait_for_new_position(before)
        assert explorer.snapshot().moves == ["start", "1. E5xF5-F4xE3-D3 (South)"]
        played = board.state.play("E5xF5-F4xE3-D3")
        page.wait_for_function(f"() => ({RESUME_JS})() !== {start_link!r}")
        assert page.evaluate(RESUME_JS) == "?position=" + encode_value(played.to_json())
        assert loaded.errors == []
    finally:
        harness.close_dashboard(loaded.page)


def test_hinted_moves_that_tie_are_shaded_alike(server: harness.VoilaServer, browser: Any) -> None:
    loaded = harness.open_dashboard(browser, server.render_url("playwin.ipynb"))
    page = loaded.page
    try:
        explorer = harness.ExplorerOnPage(page)
        board = explorer.board()
        page.locator(".ftw-explorer button:has-text('Hint')").first.click()
        page.wait_for_function(
            "() => (document.querySelector('.ftw-message')?.innerText || '').includes('tie for')"
        )
        text = page.locator(MESSAGE).first.inner_text()
        hinted = text.split(": ", 1)[1].split(" — ")[0].split(" · ")
        shares = {item.rsplit(" ", 1)[1] for item in hinted}
        assert len(hinted) == 3 and len(shares) == 1, text
        colours = []
        for item in hinted:
            move = board.state.rules.parse_move(board.state, item.rsplit(" ", 1)[0])
            x, y, w, h = board.renderer.target_box(board.state, move.targets[-1])
            r = min(w, h) / 2
            colours.append(  # inside the share's label, left of its text
                page.evaluate(
                    "([x, y]) => Array.from(document.querySelector('canvas').getContext('2d')"
                    ".getImageData(Math.round(x), Math.round(y), 1, 1).data).slice(0, 3)",
                    [x + w / 2 - 18, y + h / 2 - r - 15],
                )
            )
        assert colours[0] == colours[1] == colours[2], colours
        page.evaluate("() => document.querySelector('.ftw-message').scrollIntoView()")
        harness.screenshot_widths(page, "playwin-hint-ties")
        assert loaded.errors == []
    finally:
        harness.close_dashboard(loaded.page)
