"""Casebook steps read as sentences: what a designer sees instead of a Python mapping.

>>> describe_step({"move": "C3-C4", "expect": {"legal": False, "reason": "compulsory"}})
'Play “C3-C4”: refused, because compulsory.'
>>> describe_step({"move": "play 23"}, mover="Player 1")
'Player 1 plays “play 23”.'
>>> describe_step({"expect": {"legal_moves": ["C3xD4-E4", "C3xD4-D5"]}})
'The legal moves are C3xD4-E4 and C3xD4-D5.'
>>> describe_expectations({"position": {"pile": [12, 20], "hands": [[4, 9], [5]]}}, ("A", "B"))
['The pile is 12, 20. The hands are A: 4, 9; B: 5.']

The position checks of a case are subsets of a game's position JSON (see ``docs/api.md``); they
are told field by field in the words of :data:`FIELD_WORDS`, lists one player at a time where a
list has one entry per player, and pieces, tiles and questions as short phrases.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "FIELD_WORDS",
    "describe_expectations",
    "describe_options",
    "describe_outcome",
    "describe_step",
    "scalar_text",
]

FIELD_WORDS: Mapping[str, str] = {
    "to_play": "player to move",
    "turn_actions": "number of actions taken this turn",
    "actions_used": "actions used this round",
    "first": "first player",
    "start": "starting player",
    "tiles": "tiles on the table",
    "pieces": "pieces",
    "aux": "auxiliary cards",
    "out": "cards set aside face down",
    "aside": "cards set aside unseen",
    "taken": "cards taken from the pile",
    "passing": "cards chosen for passing",
    "passed": "cards passed",
    "round_points": "points of each round",
    "last_round": "last round",
    "completed": "conditions completed",
    "queries": "questions asked",
    "draw": "draw stack",
    "final_turns": "number of final turns left",
}
"""How a position field is named in a sentence (other fields: the key with spaces)."""

_PLAYER_FIELDS = frozenset({"player", "to_play", "first", "start", "ender"})
"""Fields whose value is one player's seat number."""

_PLAYER_LIST_FIELDS = frozenset({"winners", "pending"})
"""Fields whose value is a list of seat numbers."""

_PER_PLAYER_NUMBERS = frozenset({"scores", "actions_used", "points"})
"""Fields holding one number per player."""

_CELL_FIELDS = frozenset({"at", "orient"})
"""Fields holding a cell ``[x, y]`` of a grid, or a list of cells."""

_KEY_WORDS: Mapping[str, str] = {"ender": "ended by"}
"""How a field inside a nested object is named (other fields: the key with spaces)."""

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
_PREPOSITIONS = frozenset({"of", "on", "from", "for", "to", "this", "each"})


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


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _is_cell(value: Any) -> bool:
    """An ``[x, y]`` pair of integers: a cell of a grid."""
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def scalar_text(value: Any, *, none: str = "none", true: str = "yes", false: str = "no") -> str:
    """A scalar as a sentence writes it: ``None`` and booleans as words, anything else as is.

    The casebook says ``none``/``yes``/``no``; a balance report says ``off`` for ``None``, and a
    command line needs ``true``/``false`` (the words its parser reads back).

    >>> [scalar_text(v) for v in (None, True, 6)], scalar_text(False, false="false")
    (['none', 'yes', '6'], 'false')
    """
    if value is None:
        return none
    if isinstance(value, bool):
        return true if value else false
    return str(value)


def _per_player(key: str, value: Any, names: Sequence[str] | None) -> bool:
    """Whether ``value`` holds one entry per player (a hand, a score, a list of pieces…)."""
    if not names or not isinstance(value, list | tuple) or len(value) != len(names):
        return False
    if key in _PER_PLAYER_NUMBERS:
        return True
    return key not in _CELL_FIELDS and all(v is None or isinstance(v, list | tuple) for v in value)


def _plural(label: str) -> bool:
    """Whether a field's name is a plural noun ("cards set aside", but "number of turns")."""
    words = []
    for word in label.split():
        if word in _PREPOSITIONS:
            break
        words.append(word)
    return words[0] != "number" and any(word.endswith("s") for word in words)


def _thing(item: Mapping[str, Any], names: Sequence[str] | None, index: int = 0) -> str:
    """A piece, a tile or a question as a short phrase: "Black monkey at 0,1, face up"."""
    head = []
    if "player" in item:
        whose = "'s" if "answer" in item else ""  # a question: "Black's, answered yes"
        head.append(_name(item["player"], names) + whose)
    if "kind" in item:
        head.append(str(item["kind"]))
    if "quads" in item:
        head.append("/".join(str(q) for q in item["quads"]) + " tile")
    if "id" in item:
        head.append(f"tile {item['id']}")
    tail = []
    for key, value in item.items():
        if key in ("player", "kind", "quads", "id") or (key == "icon" and value is None):
            continue
        if key == "at" and _is_cell(value):
            tail.append(f"at {value[0]},{value[1]}")
        elif key == "up" and isinstance(value, bool):
            tail.append("face up" if value else "face down")
        elif key == "rot":
            tail.append(f"turned r{value}")
        elif key == "answer" and isinstance(value, bool):
            tail.append(f"answered {'yes' if value else 'no'}")
        else:
            tail.append(f"{key.replace('_', ' ')} {_value(key, value, names)}")
    if not head:  # a check on some fields of the n-th item only
        ordinal = _ORDINALS[index] if index < len(_ORDINALS) else f"number {index + 1}"
        head.append(f"the {ordinal} one")
    text = " ".join(head)
    for i, part in enumerate(tail):  # "Black monkey at 0,1, face up"
        text += (" " if i == 0 and part.startswith("at ") else ", ") + part
    return text


def _value(key: str, value: Any, names: Sequence[str] | None) -> str:
    """A field's value in words (never a Python literal)."""
    if key in _PLAYER_FIELDS and isinstance(value, int) and not isinstance(value, bool):
        return _name(value, names)
    if key in _PLAYER_LIST_FIELDS and isinstance(value, list | tuple):
        return _players(value, names) if value else "nobody"
    if key == "options" and isinstance(value, Mapping):
        return ", ".join(f"{k} = {scalar_text(v)}" for k, v in value.items()) or "the defaults"
    if isinstance(value, Mapping):
        if "orient" in value and len(value) == 1:
            cells = value["orient"]
            return (
                "turning the tile"
                + ("s" if len(cells) != 1 else "")
                + " at "
                + _value("orient", cells, names)
            )
        return ", ".join(
            f"{_KEY_WORDS.get(k, k.replace('_', ' '))} "
            + (f"({text})" if ";" in (text := _value(k, v, names)) else text)
            for k, v in value.items()
        )
    if key in _CELL_FIELDS and _is_cell(value):
        return f"{value[0]},{value[1]}"
    if isinstance(value, list | tuple):
        if _per_player(key, value, names):
            assert names is not None
            return "; ".join(
                f"{names[p]}: {_value(key + '[]', v, names)}" for p, v in enumerate(value)
            )
        if not value:
            return "none"
        if key in _CELL_FIELDS and all(_is_cell(v) for v in value):
            return _join([f"{v[0]},{v[1]}" for v in value])
        if all(isinstance(v, Mapping) for v in value):
            return "; ".join(_thing(v, names, i) for i, v in enumerate(value))
        return ", ".join(
            _thing(v, names)
            if isinstance(v, Mapping)
            else f"({_value(key, v, names)})"
            if isinstance(v, list | tuple)
            else scalar_text(v)
            for v in value
        )
    return scalar_text(value)


def _position(subset: Mapping[str, Any], names: Sequence[str] | None) -> str:
    """A position check as sentences, one per field: "The pile is 12, 20. The hands are …"."""
    sentences = []
    for key, value in subset.items():
        if key == "pending":  # who may still decide (a list of players), or an action's next part
            sentences.append(_pending(value, names))
            continue
        if key == "to_play" and value is None:
            sentences.append("Nobody is to play.")
            continue
        label = FIELD_WORDS.get(key, key.replace("_", " "))
        plural = _plural(label)
        text = _value(key, value, names)
        if text == "none" and not plural:
            text = "empty"
        sentences.append(f"The {label} {'are' if plural else 'is'} {text}.")
    return " ".join(sentences)


def _pending(value: Any, names: Sequence[str] | None) -> str:
    if isinstance(value, list | tuple):
        if not value:
            return "Nobody is still to decide."
        order = ", in this order" if len(value) > 1 else ""
        return f"Still to decide: {_join([_name(p, names) for p in value])}{order}."
    if value is None:
        return "Nothing is pending."
    return f"Pending: {_value('pending', value, names)}."


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
        out.append(f"{_capital(_players(winners, names))} won." if winners else "Nobody has won.")
    if "scores" in expect:
        scores = expect["scores"]
        if scores is None:
            out.append("The game keeps no score.")
        elif names and len(scores) == len(names):
            out.append(
                "The scores are " + _join([f"{names[p]} {s}" for p, s in enumerate(scores)]) + "."
            )
        else:
            out.append("The scores are " + _join([str(s) for s in scores]) + ".")
    if "to_play" in expect:
        who = expect["to_play"]
        out.append(
            "Nobody is to play." if who is None else f"{_capital(_name(who, names))} is to play."
        )
    if "is_over" in expect:
        out.append("The game is over." if expect["is_over"] else "The game goes on.")
    if "position" in expect:
        out.append(_position(expect["position"], names))
    return out


def describe_outcome(step: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
    """What a step expects, without its move: "Refused, because …", then its checks."""
    expect: Mapping[str, Any] = step.get("expect") or {}
    parts = []
    if step.get("move") is not None and expect.get("legal", True) is False:
        reason = expect.get("reason")
        parts.append(f"Refused, because {reason}." if reason else "Refused.")
    parts.extend(describe_expectations(expect, names))
    if step.get("note"):
        parts.append(str(step["note"]).strip())
    return " ".join(parts)


def describe_step(
    step: Mapping[str, Any], names: Sequence[str] | None = None, mover: str | None = None
) -> str:
    """One casebook step as a sentence (or a few).

    Args:
        step: the step as written in the case file.
        names: the players' display names (``rules.player_names``).
        mover: who makes the step's move, when known (the player to move before it).
    """
    expect: Mapping[str, Any] = step.get("expect") or {}
    parts = []
    move = step.get("move")
    if move is not None:
        refused = expect.get("legal", True) is False
        if mover is None:
            head = f"Play “{move}”"
        else:
            head = f"{mover} {'tries' if refused else 'plays'} “{move}”"
        if refused:
            reason = expect.get("reason")
            parts.append(f"{head}: refused, because {reason}." if reason else f"{head}: refused.")
        else:
            parts.append(f"{head}.")
    parts.extend(describe_expectations(expect, names))
    if step.get("note"):
        parts.append(str(step["note"]).strip())
    return " ".join(parts) if parts else "Look at the position."


def describe_options(options: Mapping[str, Any]) -> str:
    """A case's variant switches in words: "approach = no_farther" (or "the default rules")."""
    if not options:
        return "the default rules"
    return ", ".join(f"{key} = {scalar_text(value)}" for key, value in options.items())
