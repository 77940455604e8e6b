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

from ftwkit.errors import IllegalMove
from ftwkit.links import MAX_DEPTH, MAX_JSON_BYTES, read_json

__all__ = ["MAX_DEPTH", "MAX_JSON_BYTES", "MAX_MOVE_CHARS", "excerpt", "read_json", "read_move"]

MAX_MOVE_CHARS = 200
"""The longest move notation accepted from the text box."""


def excerpt(text: str, limit: int = 40) -> str:
    """The start of ``text`` on one line, for quoting bad input in a message."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


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
