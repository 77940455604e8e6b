"""Casebook steps read as sentences: what a designer sees instead of a Python mapping.

>>> describe_step({"move": "C3-C4", "expect": {"legal": False, "reason": "compulsory"}})
'Play C3-C4: refused, because compulsory.'
>>> describe_step({"expect": {"legal_moves": ["C3xD4-E4", "C3xD4-D5"]}})
'The legal moves are C3xD4-E4 and C3xD4-D5.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["describe_expectations", "describe_step"]


def _join(items: Sequence[str]) -> str:
    items = list(items)
    if not items:
        return "none"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _name(player: Any, names: Sequence[str] | None) -> str:
    p = int(player)
    return names[p] if names and 0 <= p < len(names) else f"player {p + 1}"


def _players(values: Sequence[Any], names: Sequence[str] | None) -> str:
    return _join([_name(p, names) for p in values])


def _position(subset: Mapping[str, Any]) -> str:
    parts = []
    for key, value in subset.items():
        parts.append(f"{key.replace('_', ' ')} is {_value(value)}")
    return _join(parts)


def _value(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def describe_expectations(
    expect: Mapping[str, Any], names: Sequence[str] | None = None
) -> list[str]:
    """The checks of one step as sentences (without the move); ``names`` are the players'."""
    out = []
    if "legal_moves" in expect:
        want = expect["legal_moves"]
        if isinstance(want, int):
            out.append(
                f"There {'is' if want == 1 else 'are'} {want} legal move{'s' * (want != 1)}."
            )
        elif not want:
            out.append("There is no legal move.")
        else:
            noun = "move is" if len(want) == 1 else "moves are"
            out.append(f"The legal {noun} {_join([str(m) for m in want])}.")
    if "winners" in expect:
        winners = list(expect["winners"])
        text = _players(winners, names)
        out.append(f"{text[0].upper()}{text[1:]} won." if winners else "Nobody has won.")
    if "scores" in expect:
        scores = expect["scores"]
        if scores is None:
            out.append("The game keeps no score.")
        else:
            out.append("The scores are " + _join([str(s) for s in scores]) + ".")
    if "to_play" in expect:
        who = expect["to_play"]
        if who is None:
            out.append("Nobody is to play.")
        else:
            text = _name(who, names)
            out.append(f"{text[0].upper()}{text[1:]} is to play.")
    if "is_over" in expect:
        out.append("The game is over." if expect["is_over"] else "The game goes on.")
    if "position" in expect:
        out.append(f"In the position, {_position(expect['position'])}.")
    return out


def describe_step(step: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
    """One casebook step as a sentence (or a few); ``names`` are the players' display names."""
    expect: Mapping[str, Any] = step.get("expect") or {}
    parts = []
    move = step.get("move")
    if move is not None:
        if expect.get("legal", True) is False:
            reason = expect.get("reason")
            tail = f", because {reason}" if reason else ""
            parts.append(f"Play {move}: refused{tail}.")
        else:
            parts.append(f"Play {move}.")
    parts.extend(describe_expectations(expect, names))
    if step.get("note"):
        parts.append(str(step["note"]).strip())
    return " ".join(parts) if parts else "Look at the position."
