"""Reading what a visitor types, pastes or uploads: bounded, and refused in one line when bad.

Whatever arrives from the page (a file in any encoding, JSON nested thousands deep, a number with
thousands of digits, a move of a megabyte) must end as a value or as an ``InvalidState`` /
``IllegalMove`` whose message fits on one line — never as a traceback or an "unexpected error".

>>> read_json('{"to_play": 0}')
{'to_play': 0}
>>> read_json("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
ftwkit.errors.InvalidState: the JSON is nested more than 32 levels deep (a position needs a few)
"""

from __future__ import annotations

from typing import Any

from ftwkit.errors import FtwError, IllegalMove
from ftwkit.explore import View
from ftwkit.links import MAX_DEPTH, MAX_JSON_BYTES, read_json
from ftwkit.protocol import Move, State

__all__ = [
    "MAX_DEPTH",
    "MAX_JSON_BYTES",
    "MAX_MOVE_CHARS",
    "MAX_TARGET_CHARS",
    "excerpt",
    "parse_move",
    "read_int",
    "read_json",
    "read_move",
    "read_number",
    "read_target",
    "read_view",
]

MAX_MOVE_CHARS = 200
"""The longest move notation accepted from the text box."""

MAX_TARGET_CHARS = 100
"""The longest target (a cell, a card's name) a click may name, as its ``repr``."""


def excerpt(text: str, limit: int = 40) -> str:
    """The start of ``text`` on one line, for quoting bad input in a message."""
    flat = " ".join(text[: limit * 4].split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _shown(value: Any) -> str:
    """A bad argument as a message quotes it: its type's name for anything but a short value."""
    if value is None:
        return "None"
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        text = repr(value) if isinstance(value, str) else str(value)[:50]
        return excerpt(text)
    return f"a {type(value).__name__}"


def read_int(value: Any, what: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a whole number within ``[low, high]``; refused in one line otherwise.

    Raises:
        IllegalMove: not an ``int`` (``bool`` included: ``True`` is no seat number), or out of
            range, naming ``what``.
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalMove(f"{what} must be a whole number, not {_shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise IllegalMove(f"{what} must be {span}, not {_shown(value)}")
    return value


def read_number(value: Any, what: str) -> float:
    """``value`` as a finite number (a pixel coordinate); refused in one line otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise IllegalMove(f"{what} must be a number, not {_shown(value)}")
    if abs(value) > 1e9:
        raise IllegalMove(f"{what} must be a number on the board, not {_shown(value)}")
    return float(value)


def read_target(value: Any) -> Any:
    """A click's target as the engines name them: a lists (as JSON gives cells) become tuples.

    Raises:
        IllegalMove: not hashable or longer than :data:`MAX_TARGET_CHARS` as text (a click
            names a cell or a card, never a megabyte).
    """
    if isinstance(value, list):
        value = tuple(tuple(v) if isinstance(v, list) else v for v in value[:MAX_TARGET_CHARS])
    try:
        hash(value)
    except TypeError:
        raise IllegalMove(
            f"a click names a place, like a cell (3, 4) or a card, not {_shown(value)}"
        ) from None
    text = repr(value)
    if len(text) > MAX_TARGET_CHARS:
        raise IllegalMove(
            f"a click names a place, like a cell or a card, not {len(text):,} characters "
            f"({excerpt(text, 30)})"
        )
    return value


def read_move(text: str) -> str:
    """The notation typed, stripped; refuses text too long to be a move.

    Raises:
        IllegalMove: longer than :data:`MAX_MOVE_CHARS`.
    """
    text = text.strip()
    if len(text) > MAX_MOVE_CHARS:
        raise IllegalMove(
            f"{excerpt(text)!r} is not a move: a move is at most {MAX_MOVE_CHARS} characters"
        )
    return text


def parse_move(state: State, text: str) -> Move:
    """The move at ``state`` that ``text`` (typed notation) names; refused in one line otherwise.

    Raises:
        IllegalMove: too long, or not a move of the game (the engine's reason, or "cannot read").
    """
    text = read_move(text)
    try:
        return state.rules.parse_move(state, text)
    except FtwError:
        raise
    except Exception:  # e.g. a number of 5,000 digits, refused by int()
        raise IllegalMove(f"cannot read {text[:40]!r} as a move") from None


def read_view(view: Any, players: int) -> View:
    """A view of a game of ``players``: ``None`` (the designer's), ``"to_play"`` or a player's
    number; refused in one line otherwise.

    Raises:
        IllegalMove: anything else.
    """
    if view is None or view == "to_play":
        return view  # type: ignore[no-any-return]
    return read_int(view, "a view (a player's number)", low=0, high=players - 1)
