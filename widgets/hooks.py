"""What the explorer asks the engine about the board, in the shapes the widgets draw.

The rules answer every question here (``State.explain_targets``, ``State.substeps``,
``State.notes``); this module only turns the answers into what a widget shows, so it holds no
game knowledge and no game ids (a rule lives only in the engine).

* :func:`why_not` — why clicked targets start or continue no legal move, in the rule's words.
* :func:`substeps` — ``[(label, state), …]``: the positions inside one move (e.g. after each leap
  of a Play Win capture chain, honouring its ``removal`` variant), drawn by the game's renderer.
* :func:`leaps` — the part of a move's notation from each of its targets to the next (``G6xG5-F4``
  for one leap of a Play Win chain), which names the steps inside the move;
* :func:`passed_over` — the places a move entered so far passes over between its clicks (the
  pieces a chain has jumped), read from the notation of the moves it may still become;
* :func:`warnings` — targets to flag now (e.g. the tiles cut off from a For the Win! Grid split
  between two actions, as the engine judges them under the chosen ``connectivity``); the engine's
  words for them are the ``text`` of ``state.notes()``.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from ftwkit.protocol import Move, State

__all__ = ["leaps", "passed_over", "substeps", "warnings", "why_not"]


def why_not(state: State, clicks: Sequence[Hashable]) -> str | None:
    """Why ``clicks`` start or continue no legal move (``None`` if some legal move starts so)."""
    return state.explain_targets(tuple(clicks))


def substeps(state: State, move: Move) -> list[tuple[str, State]]:
    """The positions inside ``move`` played from ``state``, the last one the position after it
    (empty for a move of one step).

    Raises:
        IllegalMove: ``move`` is not legal in ``state``.
    """
    steps = state.substeps(move)
    if len(steps) < 2:
        return []
    n = len(steps)
    parts = leaps(str(move), move.targets)
    named = parts is not None and len(parts) == n
    return [
        (
            f"step {k} of {n}" + (f": {parts[k - 1]}" if named and parts else ""),
            step,
        )
        for k, step in enumerate(steps, 1)
    ]


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


def warnings(state: State) -> frozenset[Any]:
    """Targets to flag in ``state`` (the cells of its ``notes()``; empty for most positions)."""
    return frozenset(cell for note in state.notes() for cell in note.cells)
