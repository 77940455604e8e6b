"""Click-to-move: narrow the legal moves by the targets clicked so far.

A move's ``targets`` are what a person clicks, in order (or in any order when the move class sets
``unordered_targets``). After each click the explorer keeps the moves whose targets start with the
clicks, highlights the targets that may come next, and plays the move once the clicks name exactly
one complete move. Pure functions, so they are tested without any widget.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from ftwkit.protocol import Move

__all__ = ["Narrowing", "is_complete", "matches", "narrow", "why_not_message"]


def matches(move: Move, clicks: Sequence[Hashable]) -> bool:
    """Whether ``move`` may still follow ``clicks`` (a prefix, or a sub-multiset if unordered)."""
    targets = move.targets
    if len(clicks) > len(targets):
        return False
    if move.unordered_targets:
        return not (Counter(clicks) - Counter(targets))
    return tuple(targets[: len(clicks)]) == tuple(clicks)


def is_complete(move: Move, clicks: Sequence[Hashable]) -> bool:
    """Whether ``clicks`` name every target of ``move``."""
    return len(move.targets) == len(clicks) and matches(move, clicks)


@dataclasses.dataclass(frozen=True)
class Narrowing:
    """What a sequence of clicks leaves possible."""

    clicks: tuple[Any, ...]
    candidates: tuple[Move, ...]
    """Legal moves whose targets agree with the clicks."""
    complete: tuple[Move, ...]
    """Candidates the clicks name completely."""
    next_targets: frozenset[Any]
    """Targets a further click may choose."""

    @property
    def possible(self) -> bool:
        """Whether any legal move agrees with the clicks."""
        return bool(self.candidates)

    @property
    def decided(self) -> Move | None:
        """The move to play now: the only complete candidate when nothing longer continues."""
        if len(self.complete) == 1 and not self.next_targets:
            return self.complete[0]
        return None

    @property
    def needs_choice(self) -> bool:
        """Whether a chooser must list the complete moves (several, or longer ones continue)."""
        return bool(self.complete) and self.decided is None


class MoveIndex:
    """The legal moves of one state with their targets read once, for fast repeated narrowing.

    A click must be handled within a few milliseconds, and some games compute ``targets`` on
    every access; the index reads them once and files ordered moves under their first target.
    """

    def __init__(self, moves: Sequence[Move]) -> None:
        self.entries: list[tuple[Move, tuple[Any, ...], bool]] = [
            (m, tuple(m.targets), m.unordered_targets) for m in moves
        ]
        self.entries = [e for e in self.entries if e[1]]
        self._by_first: dict[Any, list[tuple[Move, tuple[Any, ...], bool]]] = {}
        self._unordered: list[tuple[Move, tuple[Any, ...], bool]] = []
        for entry in self.entries:
            if entry[2]:
                self._unordered.append(entry)
            else:
                self._by_first.setdefault(entry[1][0], []).append(entry)

    def narrow(self, clicks: Sequence[Hashable]) -> Narrowing:
        """Narrow the moves by ``clicks`` (see :func:`narrow`)."""
        clicks = tuple(clicks)
        n = len(clicks)
        pool = (self._by_first.get(clicks[0], []) + self._unordered) if n else self.entries
        want = Counter(clicks)
        candidates: list[Move] = []
        complete: list[Move] = []
        nxt: set[Any] = set()
        for move, targets, unordered in pool:
            if len(targets) < n:
                continue
            if unordered:
                left = Counter(targets)
                left.subtract(want)
                if any(v < 0 for v in left.values()):
                    continue
            elif targets[:n] != clicks:
                continue
            candidates.append(move)
            if len(targets) == n:
                complete.append(move)
            elif unordered:
                nxt.update(left.elements())
            else:
                nxt.add(targets[n])
        order = {id(m): i for i, (m, _, _) in enumerate(self.entries)}
        candidates.sort(key=lambda m: order[id(m)])
        complete.sort(key=lambda m: order[id(m)])
        return Narrowing(clicks, tuple(candidates), tuple(complete), frozenset(nxt))


def narrow(moves: Sequence[Move], clicks: Sequence[Hashable]) -> Narrowing:
    """Narrow ``moves`` (the legal moves) by ``clicks``; moves without targets never match.

    Ordered moves match when their targets start with the clicks; moves with
    ``unordered_targets`` when the clicks are a sub-multiset of their targets. Candidates and
    complete moves keep the order of ``moves``.

    >>> narrow([], ("E5",)).possible
    False
    """
    return MoveIndex(moves).narrow(clicks)


def why_not_message(
    legal: Sequence[Move], clicks: Sequence[Hashable], reason: str | None, has_buttons: bool
) -> str:
    """The "why not?" line for clicks that start or continue no legal move.

    Args:
        legal: the legal moves of the position clicked.
        clicks: the targets clicked, the refused one last.
        reason: the engine's own words (``explain_targets``), or ``None`` if it gave none.
        has_buttons: whether moves without targets are offered as buttons.

    A single refused click also says where moves can start (or points to the buttons).

    >>> why_not_message([], ["A1"], None, True)
    'No legal move starts at A1. Use the buttons below the board.'
    """
    starts = sorted({str(m.targets[0]) for m in legal if m.targets})
    hint = ""
    if starts:
        shown = ", ".join(starts[:12]) + (" …" if len(starts) > 12 else "")
        hint = f" Moves can start at: {shown}."
    elif has_buttons:
        hint = " Use the buttons below the board."
    path = " → ".join(str(c) for c in clicks)
    if reason:
        said = f"Why not {path}? {reason}"
        return f"{said.rstrip('.')}.{hint}" if len(clicks) == 1 and hint else said
    if len(clicks) == 1:
        return f"No legal move starts at {clicks[0]}.{hint}"
    return f"No legal move goes {path}.{hint}"
