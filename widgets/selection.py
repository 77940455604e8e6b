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

__all__ = ["Narrowing", "is_complete", "matches", "narrow"]


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


def narrow(moves: Sequence[Move], clicks: Sequence[Hashable]) -> Narrowing:
    """Narrow ``moves`` (the legal moves) by ``clicks``; moves without targets never match.

    >>> narrow([], ("E5",)).possible
    False
    """
    clicks = tuple(clicks)
    candidates = tuple(m for m in moves if m.targets and matches(m, clicks))
    complete = tuple(m for m in candidates if len(m.targets) == len(clicks))
    nxt: set[Any] = set()
    for move in candidates:
        targets = move.targets
        if len(targets) <= len(clicks):
            continue
        if move.unordered_targets:
            nxt.update((Counter(targets) - Counter(clicks)).elements())
        else:
            nxt.add(targets[len(clicks)])
    return Narrowing(clicks, candidates, complete, frozenset(nxt))
