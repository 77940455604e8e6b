"""How the project starts a headless browser: Debian's Chromium and the flags it needs here.

One launch recipe for the picture gallery (``tools/gallery.py``) and the browser tests
(``tests/browser``), so a machine that needs another path or flag changes it once.
"""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium: the browser the gallery tool and the browser tests drive headless."""

CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""The launch flags verified on these machines (no sandbox in containers, no GPU, no network)."""
