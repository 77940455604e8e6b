"""Shared pytest set-up: make the conformance helpers importable and keep hypothesis bounded."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, os.path.dirname(__file__))

settings.register_profile(
    "ftwkit", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ftwkit")


# --------------------------------------------------------------------------- browser tests
# One Voilà server and one Chromium per browser-test module (tests/browser/), defined once here:
# a second conftest.py under tests/ would collide with this one (rootdir import mode).
BROWSER_TESTS = os.path.join(os.path.dirname(__file__), "browser")


def _harness() -> Any:
    """tests/browser/dashboard_harness.py, the module the browser tests import by that name."""
    if BROWSER_TESTS not in sys.path:
        sys.path.insert(0, BROWSER_TESTS)
    import dashboard_harness

    return dashboard_harness


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    """The project's dashboard server on a free port, for the module's tests."""
    with _harness().voila_server() as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless (skipped when it is not installed)."""
    harness = _harness()
    if not os.access(harness.CHROMIUM, os.X_OK):
        pytest.skip("Debian's chromium is not installed (make chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = harness.launch_chromium(playwright)
        yield chromium
        chromium.close()
