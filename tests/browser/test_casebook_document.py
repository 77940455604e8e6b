"""The exported casebook documents in Chromium: every game's page shows all its pictures."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dashboard_harness as harness
import pytest

import ftwkit
from ftwkit import casebook
from ftwkit.casebook.export import export

pytestmark = pytest.mark.browser

PICTURES_JS = """
() => {
  const svgs = Array.from(document.querySelectorAll('svg'));
  const imgs = Array.from(document.querySelectorAll('img'));
  return {
    svgs: svgs.length,
    drawn: svgs.filter(s => {
      const r = s.getBoundingClientRect();
      return r.width > 20 && r.height > 20;
    }).length,
    broken: imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.getAttribute('src')),
    overflow: document.scrollingElement.scrollWidth - window.innerWidth,
  };
}
"""


def test_every_exported_casebook_page_shows_all_its_pictures(tmp_path: Path) -> None:
    if not os.access(harness.CHROMIUM, os.X_OK):
        pytest.skip("Debian's chromium is not installed (make chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = harness.launch_chromium(playwright)
        try:
            page = chromium.new_page(viewport={"width": 1024, "height": 900})
            for game in ftwkit.game_ids():
                html_path, _markdown = export(game, tmp_path / game)
                errors: list[str] = []
                page.on("pageerror", lambda err, errors=errors: errors.append(str(err)))
                page.goto(html_path.as_uri())
                found: dict[str, Any] = page.evaluate(PICTURES_JS)
                cases = len(casebook.load(game))
                assert found["broken"] == [], (game, found["broken"])
                assert found["svgs"] >= cases and found["drawn"] >= cases, (game, found, cases)
                assert found["overflow"] <= 0, (game, found["overflow"])
                assert errors == [], (game, errors)
                if game == ftwkit.game_ids()[0]:
                    harness.screenshot(page, f"casebook-document-{game}")
        finally:
            chromium.close()
