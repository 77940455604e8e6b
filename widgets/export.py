"""Export the board as a picture: SVG drawn in the kernel, PNG read back from the browser's canvas.

The SVG comes from the renderer's SVG backend (:func:`ftwkit.render.svg`), so it is exactly the
renderer's picture of the position, markers included. The PNG is the pixels the visitor sees: the
canvas is asked once for its image (ipycanvas's ``sync_image_data``), which the browser encodes as
PNG and sends back; the download link appears when it arrives, and the canvas stops syncing again
(syncing every redraw would send a picture back after every click).

Both arrive as ``data:`` links with a file name, so the page needs no server-side file.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets
from ipycanvas import Canvas

from ftwkit.errors import FtwError
from widgets.shared_style import HTML

__all__ = ["BoardExport", "data_link"]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def data_link(payload: bytes, mime: str, filename: str, caption: str) -> str:
    """An HTML link that downloads ``payload`` as ``filename`` (a ``data:`` URL, base64)."""
    encoded = base64.b64encode(payload).decode("ascii")
    return (
        f"<a download='{html.escape(filename)}' href='data:{mime};base64,{encoded}' "
        f"style='margin-right:1em'>{html.escape(caption)}</a>"
    )


class BoardExport(ipywidgets.HBox):
    """An "Export board" button and the PNG/SVG download links it makes.

    Args:
        canvas: the board's canvas (its pixels become the PNG).
        picture: the SVG text of the board as shown now.
        stem: the file name without extension (``"<game>-move-12"``).
        redraw: redraw the board (so the PNG is of the position shown now).
    """

    def __init__(
        self,
        canvas: Canvas,
        picture: Callable[[], str],
        stem: Callable[[], str],
        redraw: Callable[[], None],
    ) -> None:
        self._canvas = canvas
        self._picture = picture
        self._stem = stem
        self._redraw = redraw
        self._pending: str | None = None
        self.button = ipywidgets.Button(
            description="Export board",
            icon="image",
            tooltip="make PNG and SVG pictures of the board as shown",
            layout=ipywidgets.Layout(width="140px"),
        )
        self.button.on_click(self._on_button_click)
        self.links = HTML(layout=ipywidgets.Layout(min_height="28px"), _dom_classes=("ftw-export",))
        canvas.observe(self._on_canvas_image_data, names="image_data")
        super().__init__([self.button, self.links])

    @property
    def png(self) -> bytes | None:
        """The last PNG received (``None`` before the first export)."""
        return self._png

    _png: bytes | None = None

    def export(self) -> None:
        """Make the SVG link now and ask the browser for the canvas's PNG."""
        stem = self._stem()
        svg = self._picture().encode("utf-8")
        self._svg_link = data_link(svg, "image/svg+xml", f"{stem}.svg", "⬇ SVG")
        self._pending = stem
        self.links.value = self._svg_link + "<i>PNG: waiting for the browser…</i>"
        # image_data is compared by value: clear it so an identical picture still notifies.
        self._canvas.set_trait("image_data", None)
        self._canvas.sync_image_data = False
        self._canvas.sync_image_data = True
        self._redraw()

    def forget(self) -> None:
        """Drop the links (the position changed, so they no longer show it)."""
        self._pending = None
        self.links.value = ""

    def _on_button_click(self, _button: Any) -> None:
        try:
            self.export()
        except FtwError as err:  # e.g. the board is covered: say so where the links go
            self._pending = None
            self.links.value = f"<i>{html.escape(str(err))}</i>"

    def _on_canvas_image_data(self, change: Mapping[str, Any]) -> None:
        data = change["new"]
        if self._pending is None or not data:
            return
        stem, self._pending = self._pending, None
        self._canvas.sync_image_data = False
        payload = bytes(data)
        if not payload.startswith(PNG_SIGNATURE):
            self.links.value = self._svg_link + "<i>the browser sent no PNG</i>"
            return
        self._png = payload
        png_link = data_link(payload, "image/png", f"{stem}.png", "⬇ PNG")
        self.links.value = png_link + self._svg_link
