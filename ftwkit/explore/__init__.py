"""Exploring a game, in the library: one :class:`Session` that any front end drives.

The session holds the game tree with its variations, the clicks entered and their narrowing to
moves, "why not?", the steps inside a move, the view (designer, a player, the player to move) with
pass-the-device, the markers to draw and the hint request. The Jupyter explorer, tests and a page
running Python in the browser all drive it with plain values. Standard library only.

>>> from ftwkit.explore import Session
>>> s = Session.new("playwin")
>>> _ = s.play("B1-C2"); _ = s.back(); _ = s.play("B1-C1")
>>> s.lines
[('B1-C2',), ('B1-C1',)]
"""

from __future__ import annotations

from ftwkit.explore.records import tree_from_record, tree_record
from ftwkit.explore.session import MAX_START_HIGHLIGHTS, STRAY_CLICK, Session
from ftwkit.explore.tree import GameTree, Node
from ftwkit.explore.values import Click, ClickKind, HintRequest, Marks, NodeInfo, Step, View
from ftwkit.explore.visibility import HIDDEN, masked_notation, move_label
from ftwkit.explore.why_not import why_not_message

__all__ = [
    "HIDDEN",
    "MAX_START_HIGHLIGHTS",
    "STRAY_CLICK",
    "Click",
    "ClickKind",
    "GameTree",
    "HintRequest",
    "Marks",
    "Node",
    "NodeInfo",
    "Session",
    "Step",
    "View",
    "masked_notation",
    "move_label",
    "tree_from_record",
    "tree_record",
    "why_not_message",
]
