"""The explorer's "Load / save / export" tab: load a file or pasted JSON, download, links, pictures.

The panel holds no game: it hands what is loaded to the ``load`` callback (the explorer's
:meth:`~widgets.explorer.Explorer.load_json`) and shows the downloads and links the explorer
gives it (:meth:`FilesPanel.show_whole`, :meth:`FilesPanel.show_view`,
:meth:`FilesPanel.show_covered`) through its ``offer`` callback.

The downloads and links are built only while the tab is open (:attr:`FilesPanel.shown`): at once
when it opens, and again after each change (:meth:`FilesPanel.refresh`) while it stays open. A
move played with the tab closed builds nothing (a record's download and link grow with the game,
and would be encoded and sent to the page after every move), and clears what an earlier opening
showed, so the page never holds a download of another position.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets
import traitlets

from ftwkit.explore import Session
from widgets import links
from widgets.export import BoardExport, data_link
from widgets.shared_style import HTML

__all__ = ["FilesPanel"]


def _json_link(data: Any, filename: str, caption: str) -> str:
    """A download link of ``data`` as indented JSON text."""
    text = data if isinstance(data, str) else json.dumps(data, indent=1)
    return data_link(text.encode("utf-8"), "application/json", filename, caption)


class FilesPanel(ipywidgets.VBox):
    """Upload and paste boxes, download links, position/record links and the board export.

    Args:
        load: loads JSON text (or bytes); returns whether it was loaded (it shows its own reason).
        uploaded: called after an upload was tried, with the file's name (for the log).
        board_export: the board's picture export, shown at the bottom of the tab.
        offer: shows what may be downloaded now, by calling one of :meth:`show_whole`,
            :meth:`show_view` or :meth:`show_covered` (called only while the tab is open).
    """

    shown = traitlets.Bool(
        False, help="Whether the tab is open: the downloads and links are built only while it is."
    )

    def __init__(
        self,
        load: Callable[[str | bytes], bool],
        uploaded: Callable[[str], None],
        board_export: BoardExport,
        offer: Callable[[], None],
    ) -> None:
        self._load = load
        self._uploaded = uploaded
        self._offer = offer
        self._syncing = False
        self.upload = ipywidgets.FileUpload(accept=".json", multiple=False, description="Load JSON")
        self.upload.observe(self._on_upload_value, names="value")
        self.paste = ipywidgets.Textarea(
            placeholder="…or paste a position or record (JSON) here",
            layout=ipywidgets.Layout(width="420px", height="80px"),
        )
        self.paste_load = ipywidgets.Button(description="Load pasted JSON")
        self.paste_load.on_click(self._on_paste_load_click)
        self.downloads = HTML(_dom_classes=("ftw-downloads",))

        def link_box(caption: str, css_class: str) -> ipywidgets.Text:
            return ipywidgets.Text(
                description=caption,
                style={"description_width": "150px"},
                layout=ipywidgets.Layout(width="100%", max_width="640px"),
                _dom_classes=(css_class,),
            )

        self.position_link = link_box("Link to this position", "ftw-position-link")
        self.record_link = link_box("Link to every line", "ftw-record-link")
        self.links_box = ipywidgets.VBox(
            [
                HTML(
                    "<b>Links</b> (copy one and send it: the dashboard opened with it starts there)"
                ),
                self.position_link,
                self.record_link,
            ]
        )
        self.board_export = board_export
        super().__init__(
            [
                self.upload,
                self.paste,
                self.paste_load,
                self.downloads,
                self.links_box,
                HTML("<b>Pictures of the board</b> (as shown, in the view shown)"),
                self.board_export,
            ]
        )
        self.observe(self._on_shown, names="shown")

    def refresh(self) -> None:
        """The position or the view changed: build the downloads anew if open, else drop them."""
        if self.shown:
            self._offer()
        else:
            self.downloads.value = ""
            self.position_link.value = self.record_link.value = ""

    # ----------------------------------------------------------------- what the tab offers
    def show_whole(self, game: str, position: Mapping[str, Any], record: Mapping[str, Any]) -> None:
        """Offer the whole state and the record: downloads and links (built once, used twice)."""
        self.downloads.value = _json_link(
            position, f"{game}-position.json", "⬇ Download position"
        ) + _json_link(record, f"{game}-record.json", "⬇ Download record")
        self.position_link.value = links.link("position", position, game)
        self.record_link.value = links.link("record", record, game)
        self.links_box.layout.display = None

    def show_session(self, session: Session, names: Sequence[str]) -> None:
        """Offer what the view of ``session`` may download: nothing while the board is covered,
        only the viewer's observation in a view that hides cards, else the state and the record.
        """
        viewer, game = session.viewer, session.game
        if session.pass_to is not None:
            self.show_covered(names[session.pass_to])
        elif viewer is None or not session.rules.hidden_information:
            self.show_whole(game, session.state.to_json(), session.record())
        else:
            position = json.dumps(session.position(), indent=1)
            self.show_view(game, viewer, names[viewer], position)

    def show_view(self, game: str, viewer: int, name: str, observation: str) -> None:
        """Offer only ``name``'s view: a record or a link would carry the hidden cards."""
        self.downloads.value = _json_link(
            observation, f"{game}-view-{viewer + 1}.json", f"⬇ Download {name}'s view"
        ) + html.escape(
            "(the record and the links hold hidden cards: switch the view to the designer "
            "to download them)"
        )
        self.links_box.layout.display = "none"

    def show_covered(self, name: str | None) -> None:
        """Offer nothing while the board is covered for passing the device to ``name``."""
        self.downloads.value = html.escape(
            f"(nothing to download while the board is covered: pass the device to {name} first)"
        )
        self.links_box.layout.display = "none"

    # ----------------------------------------------------------------- handlers
    def _on_shown(self, change: Mapping[str, Any]) -> None:
        if change["new"]:
            self._offer()

    def _on_upload_value(self, change: Mapping[str, Any]) -> None:
        files = change["new"]
        if self._syncing or not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, Mapping) else item.content
        name = item["name"] if isinstance(item, Mapping) else getattr(item, "name", "file")
        try:
            self._load(bytes(content))
        finally:
            self._uploaded(str(name))
            self._syncing = True
            try:
                self.upload.value = ()
            finally:
                self._syncing = False

    def _on_paste_load_click(self, _button: Any) -> None:
        if self._load(self.paste.value):
            self.paste.value = ""
