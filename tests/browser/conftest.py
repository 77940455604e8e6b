"""Fixtures shared by the browser tests: one headless Chromium per test module."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import dashboard_harness as harness
import pytest


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium under Playwright (skips when it is not installed)."""
    if not os.access(harness.CHROMIUM, os.X_OK):
        pytest.skip("Debian's chromium is not installed (make chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = harness.launch_chromium(playwright)
        yield chromium
        chromium.close()
