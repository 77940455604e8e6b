"""The explorer's parts, built and laid out: lines, board, history with the seats, set-up, files.

Building lives apart from :mod:`widgets.explorer`, which only shows its session and turns
gestures into session calls. Each part gets the explorer's public methods (``click``, ``play``,
``goto``…) or one of the page handlers passed to :func:`build_parts`; the explorer then tells
the parts what to show.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets
import traitlets

from ftwkit.protocol import State
from widgets.board_view import BoardView
from widgets.computer import ComputerSeats
from widgets.export import BoardExport
from widgets.files_panel import FilesPanel
from widgets.history import HistoryPanel
from widgets.setup_panel import SetupPanel
from widgets.shared_style import HTML
from widgets.status_lines import StatusLines

if TYPE_CHECKING:
    from widgets.explorer import Explorer

__all__ = ["Parts", "build_parts"]


@dataclasses.dataclass(frozen=True)
class Parts:
    """The explorer's widgets, each kept by the explorer under the same name."""

    board: BoardView
    lines: StatusLines
    resume: ipywidgets.HTML
    setup: SetupPanel
    board_export: BoardExport
    files: FilesPanel
    computer: ComputerSeats
    history: HistoryPanel
    settings: ipywidgets.Accordion

    def children(self, log_panel: ipywidgets.Widget) -> list[ipywidgets.Widget]:
        """The explorer's rows, top to bottom: the lines, the board beside the history, the
        set-up and files tabs, the log, and the hidden resume link."""
        return [
            self.lines.header,
            self.lines.variant,
            self.lines.message,
            ipywidgets.HBox(
                [self.board, self.history], layout=ipywidgets.Layout(flex_flow="row wrap")
            ),
            self.settings,
            log_panel,
            self.resume,
        ]


def build_parts(
    ex: Explorer,
    start: State,
    renderer: Any,
    *,
    seed: Callable[[], int],
    variants: Callable[[int | None], tuple[bool, str]],
    offer: Callable[[], None],
    select_node: Callable[[Any], None],
    computer: Callable[[str | None, bool], None],
) -> Parts:
    """Build the parts of ``ex`` showing ``start`` with ``renderer``, wired to ``ex``'s methods.

    Args:
        seed: the seed of the game shown.
        variants: a switch changed (the set-up tab's ``change_variants``).
        offer: the downloads tab opened (:class:`~widgets.files_panel.FilesPanel`'s ``offer``).
        select_node: a move of the history was clicked.
        computer: :class:`~widgets.computer.ComputerSeats`' ``update``.
    """
    turns = ex.session.turns_pieces
    board = BoardView(
        renderer,
        renderer.size(start, view=ex.session.viewer),
        click=ex.click,
        ready=ex.redraw,
        play_text=ex.play,
        hover=(lambda x, y: _hover(ex, x, y)) if turns else None,
        key=(lambda name: _key(ex, name)) if turns else None,
        rotate=ex.rotate if turns else None,
        passes_over=type(start).substeps is not State.substeps,
    )
    # the link to the state shown, kept in the page so that a page whose kernel died can offer
    # to reload at the same position (hidden: ``<span class="ftw-resume" data-link>``)
    resume = HTML(layout=ipywidgets.Layout(display="none"), _dom_classes=("ftw-resume-box",))
    setup = SetupPanel(
        start,
        seed(),
        new_game=ex.new_game,
        change_variants=variants,
        choose_view=ex.set_view,
        return_to_earlier=ex.return_to_earlier,
    )
    board_export = BoardExport(
        board.canvas,
        ex.picture_svg,
        lambda: f"{ex.session.game}-move-{ex.session.index}",
        ex.redraw,
    )
    files = FilesPanel(
        ex.load_json,
        lambda name: ex.log_panel.info(f"upload of {name}: {ex.message}"),
        board_export,
        offer,
    )
    seats = ComputerSeats(
        start.players,
        session=lambda: ex.session,
        seed=seed,
        update=computer,
        log=ex.log_panel,
    )
    history = HistoryPanel(
        goto=ex.goto,
        back=ex.back,
        forward=ex.forward,
        select_node=select_node,
        promote=ex.promote,
        step=ex.step,
        header=[seats.panel],
    )
    settings = ipywidgets.Accordion(
        children=[setup, files],
        titles=("Game, variants and view", "Load / save / export"),
        selected_index=None,
    )
    # the downloads are built while their tab is open (its click opens it), not every move
    traitlets.dlink((settings, "selected_index"), (files, "shown"), lambda i: i == 1)
    lines = StatusLines(board.canvas.width)
    return Parts(board, lines, resume, setup, board_export, files, seats, history, settings)


def _hover(ex: Explorer, x: float, y: float) -> None:
    """The pointer moved over the board: preview the picked-up piece there."""
    s = ex.session
    if s.clicks and s.pass_to is None and s.substep is None:
        ex.consider(ex.board.renderer.targets_at(s.state, x, y, view=s.viewer))


def _key(ex: Explorer, name: str) -> None:
    """A key was pressed on the board: R turns the picked-up piece."""
    if name in ("r", "R") and ex.session.clicks:
        ex.rotate()
