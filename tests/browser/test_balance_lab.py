"""The balance lab in Chromium: readable switches, a small study in words, a report to download.

One lean pass through the served lab: the switches read as labels with their whole explanation,
a 4-game study of random play fills the page with seat names (no internal names) and warns that
4 games are too few, the winners' moves are counted, *Report* offers a download, and nothing is
cut off at 1024 or 1440 px (screenshots in ``test-artifacts/screenshots/balance-lab-*.png``).
"""

from __future__ import annotations

import os
from typing import Any

import dashboard_harness as harness
import pytest

pytestmark = pytest.mark.browser

WIDTHS = (1024, 1440)


def _text(page: Any) -> str:
    text: str = page.evaluate("() => document.body.innerText")
    return text


def test_a_study_in_the_lab_reads_in_words_and_hands_out_a_report(
    server: harness.VoilaServer, browser: Any
) -> None:
    loaded = harness.open_dashboard(
        browser, server.render_url("balance-lab.ipynb"), ready=".ftw-balance-lab"
    )
    page = loaded.page
    lab = page.locator(".ftw-balance-lab")
    try:
        text = _text(page)
        assert "Approach: no_farther" in text and "Approach: any_piece_closer" in text
        assert "``" not in text
        agents = lab.locator(".widget-text:has(label:text-is('Agents')) input")
        assert agents.input_value() == "mcts:iterations=200,mcts:iterations=200"
        agents.fill("random,random")
        agents.press("Enter")
        games = lab.locator(".widget-text:has(label:text-is('Games')) input")
        games.fill("4")
        games.press("Enter")
        lab.locator("label:has-text('Approach: no_farther')").first.click()
        lab.locator("button:has-text('Run')").click()
        page.wait_for_function(
            "() => document.body.innerText.includes('8 of 8 games (done)')", timeout=180_000
        )
        page.wait_for_function(
            "() => document.body.innerText.includes('share of each seat')", timeout=120_000
        )
        text = _text(page)
        assert "random play in every seat" in text
        assert "South wins" in text and "North wins" in text
        assert "Only 4 games per variant" in text
        assert "win_seat" not in text and "value_drama" not in text and "NaN" not in text
        assert "capture of 1 piece" in text
        lab.locator("button:has-text('Report')").click()
        page.wait_for_selector("a:has-text('Download the report')", timeout=60_000)
        href = page.locator("a:has-text('Download the report')").get_attribute("href")
        assert href is not None and href.startswith("data:text/html;base64,")
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")
            wide = page.evaluate(
                "() => { const e = document.getElementById('rendered_cells') "
                "|| document.scrollingElement; return [e.scrollWidth, e.clientWidth]; }"
            )
            assert wide[0] <= wide[1], f"the lab scrolls sideways at {width} px: {wide}"
            os.makedirs(harness.SCREENSHOTS, exist_ok=True)
            path = os.path.join(harness.SCREENSHOTS, f"balance-lab-{width}.png")
            height = page.evaluate(
                "() => { const e = document.getElementById('rendered_cells');"
                " return e ? e.scrollHeight : document.scrollingElement.scrollHeight; }"
            )
            page.set_viewport_size({"width": width, "height": min(max(height, 900), 8000)})
            page.screenshot(path=path)
        assert not loaded.errors
    finally:
        harness.close_dashboard(page)
