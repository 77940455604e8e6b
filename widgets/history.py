"""The explorer's history column: navigation, slider, steps inside a move, moves, variations.

The panel draws what the explorer tells it (:meth:`HistoryPanel.show`,
:meth:`HistoryPanel.show_steps`) and turns clicks into calls of the explorer's programmatic face
(``goto``, ``promote``, ``step``, selecting a node of the tree), so a click and a call are one path.
Values it sets itself do not come back as clicks.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets

from ftwkit.explore import GameTree, Node
from widgets.shared_style import HTML

__all__ = ["HistoryPanel"]

_NBSP = "\u00a0"


CONTINUED = "↳"
"""Marks a move of the same player as the move above it (another action of the same turn)."""


def nav_button(label: str, tip: str) -> ipywidgets.Button:
    """A narrow navigation button (``◀``, ``▶``…) with a tooltip."""
    return ipywidgets.Button(description=label, tooltip=tip, layout=ipywidgets.Layout(width="44px"))


class HistoryPanel(ipywidgets.VBox):
    """Move list, variation tree, slider and buttons of the line shown.

    Args:
        goto: show ply ``index`` of the line (negative counts from the end).
        back: step one move back.
        forward: step one move forward along the line shown.
        select_node: show a node of the tree.
        promote: make the line shown the main line.
        step: show step ``k`` inside the last move (``None`` = after the move).
        header: widgets shown above the navigation (the explorer puts the seat panel there).
    """

    def __init__(
        self,
        *,
        goto: Callable[[int], None],
        back: Callable[[], None],
        forward: Callable[[], None],
        select_node: Callable[[Node], None],
        promote: Callable[[], None],
        step: Callable[[int | None], None],
        header: Sequence[ipywidgets.Widget] = (),
    ) -> None:
        self._goto = goto
        self._select_node = select_node
        self._promote_line = promote
        self._step = step
        self._syncing = False
        self._tree_nodes: list[Node] = []
        self._step_count = 0
        self._substep: int | None = None

        self.first = nav_button("|◀", "to the start")
        self.back = nav_button("◀", "one move back")
        self.forward = nav_button("▶", "one move forward")
        self.last = nav_button("▶|", "to the end of this line")
        self.first.on_click(lambda _b: self._goto(0))
        self.back.on_click(lambda _b: back())
        self.forward.on_click(lambda _b: forward())
        self.last.on_click(lambda _b: self._goto(-1))
        self.slider = ipywidgets.IntSlider(
            min=0,
            max=0,
            value=0,
            readout=True,
            continuous_update=True,
            layout=ipywidgets.Layout(width="250px"),
        )
        self.slider.observe(self._on_slider_value, names="value")
        self.moves = ipywidgets.Select(
            rows=10, layout=ipywidgets.Layout(width="270px"), _dom_classes=("ftw-moves",)
        )
        self.moves.observe(self._on_moves_value, names="value")
        self.tree_select = ipywidgets.Select(
            rows=6, layout=ipywidgets.Layout(width="270px"), _dom_classes=("ftw-variations",)
        )
        self.tree_select.observe(self._on_tree_value, names="value")
        self.promote = ipywidgets.Button(
            description="Make main line",
            tooltip="make the line shown the main line",
            layout=ipywidgets.Layout(width="130px"),
        )
        self.promote.on_click(lambda _b: self._promote_line())

        # sub-steps of a move (e.g. a capture chain)
        self.step_label = HTML()
        self.step_back = nav_button("◁", "previous step inside the move")
        self.step_forward = nav_button("▷", "next step inside the move")
        self.step_back.on_click(self._on_step_back_click)
        self.step_forward.on_click(self._on_step_forward_click)
        self.step_box = ipywidgets.VBox(
            [
                HTML("<b>Step through the move</b>"),
                ipywidgets.HBox([self.step_back, self.step_forward, self.step_label]),
            ]
        )
        super().__init__(
            [
                *header,
                ipywidgets.HBox([self.first, self.back, self.forward, self.last]),
                self.slider,
                self.step_box,
                HTML("<b>Moves</b> (click to jump)"),
                self.moves,
                HTML("<b>Variations</b>"),
                self.tree_select,
                self.promote,
            ],
            layout=ipywidgets.Layout(margin="0 0 0 12px", flex="0 0 auto"),
        )

    # ----------------------------------------------------------------- showing
    def show(self, tree: GameTree, label: Callable[[Node], str], names: Sequence[str]) -> None:
        """Show the line and the tree; ``label`` gives a node's move as the view may read it."""
        line = tree.line
        index = tree.index
        labels: list[tuple[str, int]] = [("start", 0)]
        last: int | None = None
        for node in line[1:]:
            assert node.parent is not None
            mover = node.parent.state.to_play
            if mover is not None and mover == last:
                # the same player again: another action of the same turn, grouped under it
                labels.append((f"{node.ply}. {CONTINUED} {label(node)}", node.ply))
            else:
                who = f" ({names[mover]})" if mover is not None else ""
                labels.append((f"{node.ply}. {label(node)}{who}", node.ply))
            last = mover
        self._tree_nodes = []
        tree_labels: list[tuple[str, int]] = []
        on_line = set(map(id, line))
        for node, depth in tree.nodes():
            if node.parent is None:
                continue
            mark = "▶ " if node is tree.current else "· " if id(node) in on_line else "  "
            indent = _NBSP * 4 * depth
            text = f"{indent}{mark}{node.ply}. {label(node)}".replace(" ", _NBSP)
            tree_labels.append((text, len(self._tree_nodes)))
            self._tree_nodes.append(node)
        self._syncing = True
        # a list's options and its selection reach the page in one message; not the slider's
        # end and value: sent together, the page's slider sent a value back (a jump in the
        # history) in the browser tests
        try:
            with self.moves.hold_sync():
                self.moves.options = labels
                self.moves.value = index
            self.slider.max = len(line) - 1
            self.slider.value = index
            with self.tree_select.hold_sync():
                self.tree_select.options = tree_labels
                current = [i for i, n in enumerate(self._tree_nodes) if n is tree.current]
                self.tree_select.value = current[0] if current else None
        finally:
            self._syncing = False
        self.first.disabled = self.back.disabled = index == 0
        self.forward.disabled = self.last.disabled = index == len(line) - 1
        self.promote.disabled = all(n.parent is None or n.parent.children[0] is n for n in line)

    def show_steps(self, labels: Sequence[str], k: int | None) -> None:
        """Show the steps inside the last move (hidden when it has none); ``k`` is the one shown."""
        self._step_count, self._substep = len(labels), k
        self.step_box.layout.display = None if labels else "none"
        if not labels:
            return
        shown = len(labels) - 1 if k is None else k
        self.step_back.disabled = shown == 0
        self.step_forward.disabled = k is None
        label = "after the whole move" if k is None else labels[k]
        self.step_label.value = f"&nbsp;{html.escape(label)}"

    # ----------------------------------------------------------------- handlers
    def _on_slider_value(self, change: Mapping[str, Any]) -> None:
        if not self._syncing:
            self._goto(change["new"])

    def _on_moves_value(self, change: Mapping[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self._goto(change["new"])

    def _on_tree_value(self, change: Mapping[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self._select_node(self._tree_nodes[change["new"]])

    def _on_step_back_click(self, _button: Any) -> None:
        k = self._step_count - 1 if self._substep is None else self._substep
        self._step(max(0, k - 1))

    def _on_step_forward_click(self, _button: Any) -> None:
        if self._substep is not None:
            nxt = self._substep + 1
            self._step(None if nxt >= self._step_count - 1 else nxt)
