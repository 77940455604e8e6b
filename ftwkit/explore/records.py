"""A whole :class:`~ftwkit.explore.tree.GameTree` as a record with variations, and back.

The main line (the first child at every branching) becomes the record's ``moves``; every other
child starts a :class:`~ftwkit.records.Variation`, whose own side lines nest inside it. Loading
merges the ends of all lines (:func:`ftwkit.records.replay_lines`) into one tree, so a record
written here loads back with the same lines in the same order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ftwkit.explore.tree import GameTree, Node
from ftwkit.records import Variation, record, replay_lines

__all__ = ["tree_from_record", "tree_record"]


def tree_record(tree: GameTree) -> dict[str, Any]:
    """The record of every line in ``tree``: the main line, with the others as variations."""
    leaf = tree.root.main_leaf()
    return record(leaf.state, variations=_variations(leaf.path(), first=0))


def _variations(line: list[Node], *, first: int = 1) -> tuple[Variation, ...]:
    """The side lines branching from ``line`` (its nodes, from the node it branches at).

    A side line's other branches at its first node are its siblings, written by the enclosing
    line, so only the main line (``first=0``) writes the branches at its first node.
    """
    found: list[Variation] = []
    for at in range(first, len(line) - 1):
        for child in line[at].children[1:]:
            side = [line[at], *child.main_leaf().path()[line[at].ply + 1 :]]
            moves = tuple(str(node.move) for node in side[1:])
            found.append(Variation(at, moves, _variations(side)))
    return tuple(found)


def tree_from_record(data: Mapping[str, Any]) -> GameTree:
    """A tree holding every line of a record, showing the end of its main line.

    Raises:
        InvalidState: a malformed record or variation (see :func:`ftwkit.records.replay_lines`).
    """
    ends = replay_lines(data)
    tree = GameTree(ends[0])
    for end in ends[1:]:
        tree.add_line(end.history())
    tree.select(tree.root.main_leaf())
    return tree
