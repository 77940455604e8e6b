"""How click targets read in words: one cell format, lists in natural order.

Targets are what ``move.targets`` hold: cell names (``"A1"``), ``(x, y)`` tuples (For the Win!,
PNRZ), card numbers, tile ids. Every message, list and label that names one says it the same way
the engines' own sentences do — a named cell as its name, a coordinate cell as ``(x,y)`` — and
lists them in natural order (A1, A2 … A10, not A1, A10, A2).

>>> target_text((1, -1)), target_text([0, 2]), target_text("C3"), target_text(17)
('(1,-1)', '(0,2)', 'C3', '17')
>>> targets_text(["A10", "A2", "B1", "A1"])
'A1, A2, A10, B1'
>>> targets_text([(1, 0), (-1, 2), (0, 0)])
'(-1,2), (0,0), (1,0)'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

__all__ = ["natural_key", "sorted_targets", "target_text", "targets_text"]

_NUMBER = re.compile(r"(-?\d+)")


def target_text(target: Any) -> str:
    """One target in words: ``(x,y)`` for a coordinate cell (as the engines write it), else its
    own text (``"A1"``, ``"17"``, a tile id)."""
    if isinstance(target, (tuple, list)) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in target
    ):
        return "(" + ",".join(str(v) for v in target) + ")"
    return str(target)


def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """A sort key that orders the numbers inside a text by value: A2 before A10, (-1,0) before
    (0,0)."""
    parts = _NUMBER.split(text)
    return tuple((1, int(p)) if i % 2 else (0, p) for i, p in enumerate(parts) if p != "")


def sorted_targets(targets: Iterable[Any]) -> list[Any]:
    """``targets`` without repeats, in the natural order of their words."""
    seen: dict[str, Any] = {}
    for target in targets:
        seen.setdefault(target_text(target), target)
    return [seen[text] for text in sorted(seen, key=natural_key)]


def targets_text(targets: Iterable[Any], *, most: int | None = None) -> str:
    """Several targets in words, naturally ordered and comma-separated; with ``most``, at most
    that many, then " …"."""
    words = [target_text(t) for t in sorted_targets(targets)]
    if most is not None and len(words) > most:
        return ", ".join(words[:most]) + " …"
    return ", ".join(words)
