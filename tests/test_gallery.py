"""The gallery tool: SVG pictures turned into PNGs by headless chromium."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import gallery

from ftwkit import render


def test_gallery_writes_svg_pictures_without_a_browser(tmp_path: Path) -> None:
    written = gallery.write_pictures(tmp_path, ["playwin", "doubleblind"], None, png=False)
    names = sorted(p.name for p in written)
    assert names == ["doubleblind-view0.svg", "doubleblind.svg", "playwin.svg"]
    assert all(p.read_text(encoding="utf-8").startswith("<svg") for p in written)


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists("/usr/bin/chromium"), reason="needs Debian's chromium")
def test_gallery_writes_one_png_per_game(tmp_path: Path) -> None:
    assert gallery.main([str(tmp_path), "--games", "playwin"]) == 0
    png = tmp_path / "playwin.png"
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(data[16:20], "big")
    height = int.from_bytes(data[20:24], "big")
    state = gallery.mid_game("playwin")
    assert (width, height) == render.renderer("playwin").size(state)
