"""The parts of a move entered click by click: each leap of a chain, and what it passed over.

Read from the move's own notation and its targets, so no game is named here: the part of the
notation from one clicked target to the next names one step (``G6xG5-F4`` for one leap of a Play
Win capture chain), and the board's places the notation names between two clicks are what the
move has passed over so far (the pieces a chain has jumped). A notation that does not name its
targets in order gives no parts, and nothing is marked.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ftwkit.protocol import Move

__all__ = ["leaps", "passed_over"]


def leaps(notation: str, targets: Sequence[Any]) -> list[str] | None:
    """The part of ``notation`` from each target to the next, or ``None`` if the notation does
    not name the targets in their order.

    >>> leaps("E5xE6-F7xG7-G6", ("E5", "F7", "G6"))
    ['E5xE6-F7', 'F7xG7-G6']
    >>> leaps("end", ()) is None
    True
    """
    names = [str(t) for t in targets]
    if len(names) < 2:
        return None
    start = notation.find(names[0])
    if start < 0:
        return None
    out = []
    for here, there in itertools.pairwise(names):
        end = notation.find(there, start + len(here))
        if end < 0:
            return None
        out.append(notation[start : end + len(there)])
        start = end
    return out


def passed_over(
    candidates: Sequence[Move], clicks: Sequence[Any], places: Iterable[Any]
) -> frozenset[Any]:
    """The ``places`` (a board's named targets) every candidate's notation names between two of
    ``clicks``: what a move entered so far has passed over (the pieces a chain has jumped).

    >>> from ftwkit.protocol import Move
    >>> class Chain(Move):
    ...     def __init__(self, text, targets): self.text, self._t = text, targets
    ...     def __str__(self): return self.text
    ...     @property
    ...     def targets(self): return self._t
    >>> sorted(passed_over([Chain("E5xF5-F4xE3-D3", ("E5", "F4", "D3"))], ("E5", "F4"),
    ...                    ["E5", "F5", "F4", "E3", "D3"]))
    ['F5']
    """
    names = {str(p): p for p in places if isinstance(p, str)}
    found: frozenset[Any] | None = None
    for move in candidates:
        parts = leaps(str(move), tuple(clicks))
        if parts is None:
            return frozenset()
        inner = frozenset(
            names[name]
            for part, a, b in zip(parts, clicks, clicks[1:], strict=False)
            for name in _names_in(part[len(str(a)) : len(part) - len(str(b))], names)
        )
        found = inner if found is None else found & inner
    return found or frozenset()


def _names_in(text: str, names: Mapping[str, Any]) -> list[str]:
    """The names of ``names`` in ``text``, read left to right, the longest first at each place."""
    longest = max(map(len, names), default=0)
    out, i = [], 0
    while i < len(text):
        for size in range(min(longest, len(text) - i), 0, -1):
            if text[i : i + size] in names:
                out.append(text[i : i + size])
                i += size
                break
        else:
            i += 1
    return out
