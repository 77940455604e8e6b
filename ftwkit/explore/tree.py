"""A tree of game states with variations, like python-chess's ``GameNode`` tree.

States are immutable, so branching is just playing a different move from an earlier state: the
tree keeps every line that was played, remembers which node is shown and which line it lies on,
and lets a front end walk along that line (``back``/``forward``/``goto``), switch to another line,
promote a line to the main line or delete a branch. Every node has an ``id`` (an int, stable for
the tree's life), so a front end that only passes plain values can name nodes.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator

from ftwkit.errors import IllegalMove
from ftwkit.protocol import Move, State

__all__ = ["GameTree", "Node"]


@dataclasses.dataclass(eq=False)
class Node:
    """One state in the tree; ``children[0]`` continues the main line from here."""

    state: State
    parent: Node | None = None
    children: list[Node] = dataclasses.field(default_factory=list)
    id: int = 0
    """The node's number in its tree (the root is 0)."""

    @property
    def move(self) -> Move | None:
        """The move that led here from the parent (``None`` at the root)."""
        return self.state.last_move if self.parent is not None else None

    def ancestors(self) -> Iterator[Node]:
        """This node, its parent, its parent's parent… up to the root."""
        node: Node | None = self
        while node is not None:
            yield node
            node = node.parent

    @property
    def ply(self) -> int:
        """How many moves lie between the root and this node."""
        return sum(1 for _ in self.ancestors()) - 1

    def path(self) -> list[Node]:
        """The nodes from the root to this one, inclusive."""
        return list(self.ancestors())[::-1]

    def main_leaf(self) -> Node:
        """The end of the line that follows the first child from here."""
        node = self
        while node.children:
            node = node.children[0]
        return node

    def is_ancestor_of(self, other: Node) -> bool:
        """Whether this node lies on the path from the root to ``other`` (itself included)."""
        node: Node | None = other
        while node is not None:
            if node is self:
                return True
            node = node.parent
        return False

    def is_main_line(self) -> bool:
        """Whether every node from the root to this one is a first child."""
        node = self
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True


class GameTree:
    """Every line played from one start state, with a current node and a current line.

    The *line* runs from the root through the current node to a leaf (the one last visited below
    the current node), so ``forward`` retraces the moves one has just stepped back over.
    """

    def __init__(self, root: State) -> None:
        # A state in the middle of a game keeps its history: the tree starts at its root so that
        # the moves that led to it stay visible and reachable.
        self._ids = itertools.count()
        self._nodes: dict[int, Node] = {}
        history = root.history()
        self.root = self._new_node(history[0], None)
        node = self.root
        for state in history[1:]:
            node = self._new_node(state, node)
        self.current: Node = node
        self._leaf: Node = node

    def _new_node(self, state: State, parent: Node | None) -> Node:
        node = Node(state, parent, id=next(self._ids))
        self._nodes[node.id] = node
        if parent is not None:
            parent.children.append(node)
        return node

    def node(self, node_id: int) -> Node:
        """The node numbered ``node_id``.

        Raises:
            IllegalMove: no node of this tree has that number (it was never made, or deleted).
        """
        found = self._nodes.get(node_id) if isinstance(node_id, int) else None
        if found is None:
            raise IllegalMove(f"there is no node {node_id!r} in this game's tree")
        return found

    # ----------------------------------------------------------------- the current line
    @property
    def state(self) -> State:
        """The state at the current node."""
        return self.current.state

    @property
    def leaf(self) -> Node:
        """The end of the current line."""
        return self._leaf

    @property
    def line(self) -> list[Node]:
        """The nodes of the current line, from the root to its leaf."""
        return self._leaf.path()

    @property
    def index(self) -> int:
        """The current node's position in the line (its ply)."""
        return self.current.ply

    def goto(self, index: int) -> None:
        """Move to ply ``index`` of the current line (clamped to the line)."""
        line = self.line
        self.current = line[max(0, min(index, len(line) - 1))]

    def back(self) -> bool:
        """Step one move back; False at the root."""
        if self.current.parent is None:
            return False
        self.current = self.current.parent
        return True

    def forward(self) -> bool:
        """Step one move forward along the current line; False at its end."""
        if self.current is self._leaf:
            return False
        self.current = self.line[self.current.ply + 1]
        return True

    def select(self, node: Node, leaf: Node | None = None) -> None:
        """Make ``node`` current, on the line to ``leaf`` when given (``node`` must lie on it).

        Without ``leaf`` its line continues along the line already shown, if it lies on it, else
        along the first children below it.
        """
        if leaf is not None and node.is_ancestor_of(leaf):
            self._leaf = leaf
        elif not node.is_ancestor_of(self._leaf):
            self._leaf = node.main_leaf()
        self.current = node

    # ----------------------------------------------------------------- playing
    def play(self, move: Move) -> Node:
        """Play ``move`` at the current node: reuse the child with that move or add a variation.

        Raises:
            IllegalMove: the move is refused (nothing changes).
        """
        for child in self.current.children:
            if child.move == move:
                self.select(child)
                return child
        child = self._new_node(self.current.state.play(move), self.current)
        self.current = child
        self._leaf = child
        return child

    def add_line(self, history: list[State]) -> Node:
        """Add the line of ``history`` (states from this tree's root state on) below the root,
        sharing the moves already in the tree; returns the node of its last state."""
        node = self.root
        for state in history[1:]:
            move = state.last_move
            child = next((c for c in node.children if c.move == move), None)
            node = child if child is not None else self._new_node(state, node)
        return node

    # ----------------------------------------------------------------- variations
    def nodes(self) -> Iterator[tuple[Node, int]]:
        """Every node in pre-order with its depth of variation nesting (main line = 0)."""
        stack: list[tuple[Node, int]] = [(self.root, 0)]
        while stack:
            node, depth = stack.pop()
            yield node, depth
            for i in range(len(node.children) - 1, -1, -1):
                stack.append((node.children[i], depth + (1 if i > 0 else 0)))

    def leaves(self) -> list[Node]:
        """The end of every line, main line first, then variations in the order they branch."""
        return [node for node, _ in self.nodes() if not node.children]

    def promote(self, node: Node) -> None:
        """Make the line through ``node`` the main line at every branching point above it."""
        child = node
        while child.parent is not None:
            siblings = child.parent.children
            siblings.remove(child)
            siblings.insert(0, child)
            child = child.parent

    def delete(self, node: Node) -> None:
        """Remove ``node`` and every line below it; the root cannot be deleted.

        When the current node is removed, its parent (the position before the deleted move)
        becomes current; the line shown continues along the first children from there.

        Raises:
            IllegalMove: ``node`` is the root (the start stays).
        """
        parent = node.parent
        if parent is None:
            raise IllegalMove("the start of the game cannot be deleted")
        parent.children.remove(node)
        stack = [node]
        while stack:
            gone = stack.pop()
            self._nodes.pop(gone.id, None)
            stack.extend(gone.children)
        if node.is_ancestor_of(self.current):
            self.current = parent
            self._leaf = parent.main_leaf()
        elif node.is_ancestor_of(self._leaf):
            self._leaf = self.current.main_leaf()
