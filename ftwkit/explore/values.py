"""The plain values a :class:`~ftwkit.explore.session.Session` takes and returns.

Small frozen dataclasses, so that a notebook, a test or JavaScript (through Pyodide) can read them
field by field.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

from ftwkit.protocol import Move, State

__all__ = ["Click", "ClickKind", "HintRequest", "Marks", "NodeInfo", "Step", "View"]

ClickKind = Literal[
    "played", "selected", "choose", "unselected", "turned", "cleared", "kept", "refused"
]
"""What a click did (see :class:`Click`)."""

View = int | Literal["to_play"] | None
"""A view choice: ``None`` the designer's (sees all), a player, or ``"to_play"`` (whoever is to
move, or the person who moved last while the computer is to move)."""


@dataclasses.dataclass(frozen=True)
class Click:
    """What one click did.

    Attributes:
        kind: ``"played"`` (it completed a move), ``"selected"`` (the move goes on: see
            :attr:`Session.highlighted`), ``"choose"`` (several complete moves share the clicks:
            see :attr:`Session.choices`), ``"unselected"`` (a click on a chosen target took it
            back), ``"turned"`` (a click on the picked-up piece turned it), ``"cleared"`` (a
            click beside the board dropped the selection), ``"kept"`` (a stray click: the chain
            entered so far is kept, with the reason) or ``"refused"`` (no legal move starts so:
            the message says why).
        clicks: the targets selected after the click.
        move: the move played (``kind == "played"``), else ``None``.
        message: what to tell the person (the "why not?" for a refused or stray click).
        error: whether the message reports a refusal.
    """

    kind: ClickKind
    clicks: tuple[Any, ...]
    move: Move | None = None
    message: str = ""
    error: bool = False


@dataclasses.dataclass(frozen=True)
class Step:
    """A position inside the move shown: its label (``"step 1 of 2"``) and its state."""

    label: str
    state: State


@dataclasses.dataclass(frozen=True)
class Marks:
    """The markers a renderer draws over the shown state (its keyword options).

    Attributes:
        highlight: targets a further click may choose.
        selected: the targets clicked so far.
        last_move: whether to mark the move that led here (not when the view masks it).
        ghost: the game's see-through preview of a picked-up piece, or ``None``.
    """

    highlight: frozenset[Any] = frozenset()
    selected: tuple[Any, ...] = ()
    last_move: bool = False
    ghost: Any = None

    def options(self) -> dict[str, Any]:
        """The keyword options for ``ftwkit.render.svg`` / ``renderer.draw``."""
        out: dict[str, Any] = {
            "highlight": set(self.highlight),
            "selected": self.selected,
            "last_move": self.last_move,
        }
        if self.ghost is not None:
            out["ghost"] = self.ghost
        return out


@dataclasses.dataclass(frozen=True)
class NodeInfo:
    """One node of the tree as a list of variations shows it.

    Attributes:
        id: the node's number (pass it to :meth:`Session.select`).
        parent: the parent's number, ``None`` at the start.
        ply: moves from the start.
        depth: variation nesting (0 on the main line).
        label: the move that led here as the view may read it (``""`` at the start).
        mover: the player who made that move (``None`` at the start).
        current: whether it is the node shown.
        on_line: whether it lies on the line shown.
    """

    id: int
    parent: int | None
    ply: int
    depth: int
    label: str
    mover: int | None
    current: bool
    on_line: bool


@dataclasses.dataclass(frozen=True)
class HintRequest:
    """What to ask an agent for a hint: its weights over the moves of ``state`` for ``player``.

    Hand the answer back with :meth:`Session.show_hint`; it is shown only while ``node`` is.
    """

    node: int
    state: State
    player: int
