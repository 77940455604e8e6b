"""Board pictures from the explorer: SVG from the renderer, PNG from the browser's canvas."""

from __future__ import annotations

import base64
import io
import re

from PIL import Image

from ftwkit import render
from widgets import Explorer


def _png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (width, height), (200, 10, 10, 255)).save(out, format="PNG")
    return out.getvalue()


def _link(html_text: str, extension: str) -> tuple[str, bytes]:
    match = re.search(
        rf"download='([^']+\.{extension})' href='data:[^;]+;base64,([^']+)'", html_text
    )
    assert match, html_text
    return match.group(1), base64.b64decode(match.group(2))


def test_the_svg_is_the_renderers_picture_of_the_board_shown() -> None:
    explorer = Explorer("playwin")
    explorer.play("B1-C1")
    explorer.board_export.export()
    name, svg = _link(explorer.board_export.links.value, "svg")
    assert name == "playwin-move-1.svg"
    shown = render.svg(explorer.state, highlight=explorer.session.highlighted, last_move=True)
    assert explorer.session.highlighted and svg.decode() == shown
    assert "PNG: waiting" in explorer.board_export.links.value
    assert explorer.canvas.sync_image_data


def test_the_png_link_appears_when_the_canvas_sends_its_pixels() -> None:
    explorer = Explorer("playwin")
    explorer.board_export.export()
    png = _png(explorer.canvas.width, explorer.canvas.height)
    explorer.canvas.set_trait("image_data", png)
    name, payload = _link(explorer.board_export.links.value, "png")
    assert (name, payload) == ("playwin-move-0.png", png)
    assert not explorer.canvas.sync_image_data  # one picture, not one per redraw


def test_pixels_the_designer_did_not_ask_for_make_no_link() -> None:
    explorer = Explorer("playwin")
    explorer.canvas.set_trait("image_data", _png(4, 4))
    assert explorer.board_export.links.value == ""


def test_a_new_move_drops_the_old_pictures() -> None:
    explorer = Explorer("playwin")
    explorer.board_export.export()
    explorer.play("B1-C1")
    assert explorer.board_export.links.value == ""
    explorer.canvas.set_trait("image_data", _png(4, 4))
    assert explorer.board_export.links.value == ""
