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

import json
from typing import Any

from ftwkit.errors import IllegalMove, InvalidState

__all__ = ["MAX_DEPTH", "MAX_JSON_BYTES", "MAX_MOVE_CHARS", "excerpt", "read_json", "read_move"]

MAX_JSON_BYTES = 2_000_000
"""The largest position or record accepted from the page (the largest real record is ~100 kB)."""

MAX_DEPTH = 32
"""The deepest nesting accepted (positions and records nest four or five levels)."""

MAX_MOVE_CHARS = 200
"""The longest move notation accepted from the text box."""


def excerpt(text: str, limit: int = 40) -> str:
    """The start of ``text`` on one line, for quoting bad input in a message."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def read_json(data: str | bytes) -> Any:
    """Parse JSON text or bytes (UTF-8, UTF-16 or UTF-32, as ``json`` detects them).

    Raises:
        InvalidState: too large, not text, not JSON, nested too deeply or holding a number too
            long to read, with a one-line reason.
    """
    if len(data) > MAX_JSON_BYTES:
        raise InvalidState(
            f"the data is {len(data):,} characters long; at most {MAX_JSON_BYTES:,} are read"
        )
    try:
        value = json.loads(data)
    except UnicodeError:
        raise InvalidState("the file is not text in UTF-8, UTF-16 or UTF-32") from None
    except json.JSONDecodeError as err:
        raise InvalidState(f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})") from None
    except RecursionError:
        raise InvalidState(_too_deep()) from None
    except ValueError:
        # Python refuses to read integers of more than 4,300 digits.
        raise InvalidState("the JSON holds a number too long to read") from None
    _check_depth(value)
    return value


def _too_deep() -> str:
    return f"the JSON is nested more than {MAX_DEPTH} levels deep (a position needs a few)"


def _check_depth(value: Any) -> None:
    """Refuse values nested deeper than :data:`MAX_DEPTH` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= MAX_DEPTH:
            raise InvalidState(_too_deep())
        stack.extend((child, depth + 1) for child in children)


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
