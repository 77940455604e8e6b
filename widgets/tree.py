"""A tree of game states with variations, like the move tree of a chess GUI.

States are immutable, so branching is just playing a different move from an earlier state: the
tree keeps every line that was played, remembers which line is being looked at, and lets the
explorer walk along it (``back``/``forward``/``goto``) or switch to another one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from ftwkit.protocol import Move, State

__all__ = ["GameTree", "Node"]


@dataclasses.dataclass(eq=False)
class Node:
    """One state in the tree; ``children[0]`` continues the line that was played first."""

    state: State
    parent: Node | None = None
    children: list[Node] = dataclasses.field(default_factory=list)

    @property
    def move(self) -> Move | None:
        """The move that led here from the parent (``None`` at the root)."""
        return self.state.last_move if self.parent is not None else None

    @property
    def ply(self) -> int:
        """How many moves lie between the root and this node."""
        n, node = 0, self
        while node.parent is not None:
            n, node = n + 1, node.parent
        return n

    def path(self) -> list[Node]:
        """The nodes from the root to this one, inclusive."""
        out: list[Node] = []
        node: Node | None = self
        while node is not None:
            out.append(node)
            node = node.parent
        out.reverse()
        return out

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


class GameTree:
    """Every line played from one start state, with a current node and a current line.

    The *line* runs from the root through the current node to a leaf (the one last visited below
    the current node), so ``forward`` retraces the moves one has just stepped back over.
    """

    def __init__(self, root: State) -> None:
        # A state in the middle of a game keeps its history: the tree starts at its root so that
        # the moves that led to it stay visible and reachable.
        history = root.history()
        self.root = Node(history[0])
        node = self.root
        for state in history[1:]:
            child = Node(state, node)
            node.children.append(child)
            node = child
        self.current: Node = node
        self._leaf: Node = node

    # ----------------------------------------------------------------- the current line
    @property
    def state(self) -> State:
        """The state at the current node."""
        return self.current.state

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

    def select(self, node: Node) -> None:
        """Make ``node`` current; its line continues along the line already shown, if any."""
        self.current = node
        if not node.is_ancestor_of(self._leaf):
            self._leaf = node.main_leaf()

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
        child = Node(self.current.state.play(move), self.current)
        self.current.children.append(child)
        self.current = child
        self._leaf = child
        return child

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
