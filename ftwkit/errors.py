"""The three exceptions every ftwkit game raises, and the helper that quotes bad input in them.

Both concrete errors are also ``ValueError``s, so callers that only know the standard library can
still catch them, while callers that care can tell an illegal move from a malformed position.

Messages quote the offending value through :func:`excerpt`, never through ``repr`` or
``json.dumps`` of the whole value: input may be nested thousands deep (``repr`` would raise
``RecursionError``), hold a 5,000-digit number (``repr`` raises ``ValueError`` past Python's digit
limit) or be megabytes long (the message would be too).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

__all__ = [
    "FtwError",
    "IllegalMove",
    "InvalidState",
    "excerpt",
    "short_message",
    "shorten",
    "too_long",
]


class FtwError(Exception):
    """Base of every ftwkit error."""


class IllegalMove(FtwError, ValueError):
    """A move (or move text) that the rules refuse; the message names the rule that forbids it."""


class InvalidState(FtwError, ValueError):
    """A malformed or impossible position or record; the message names the offending field."""


_MAX_DEPTH = 4
"""Containers nested deeper than this are shown as ``[…]`` / ``{…}``."""
_MAX_ITEMS = 6
"""At most this many items of a list or object are shown before ``…``."""
_BIG_INT_BITS = 200
"""Ints longer than this (about 60 digits) are described by their size, not written out."""


class _Full(Exception):
    """Raised inside :func:`excerpt` once enough text has been written."""


def excerpt(value: Any, limit: int = 80) -> str:
    """A short repr-like quote of ``value`` for an error message: at most ``limit`` characters.

    Safe for any input: deep nesting is cut at a few levels, long containers and strings after a
    few items or characters, huge ints are described by their number of digits, and objects of
    other types by their type name. The work done is bounded by ``limit``, not by the value.

    >>> excerpt([1, "a", {"b": None}])
    "[1, 'a', {'b': None}]"
    >>> excerpt(10**5000)
    '<int of about 5001 digits>'
    >>> excerpt("x" * 1000, limit=12)
    "'xxxxxxxxxx…"
    """
    parts: list[str] = []
    size = 0

    def emit(text: str) -> None:
        nonlocal size
        parts.append(text)
        size += len(text)
        if size > limit:
            raise _Full

    def walk(item: Any, depth: int) -> None:
        if item is None or isinstance(item, (bool, float)):
            emit(repr(item))
        elif isinstance(item, int):
            if item.bit_length() > _BIG_INT_BITS:
                digits = int(item.bit_length() * math.log10(2)) + 1
                emit(f"<{'-' if item < 0 else ''}int of about {digits} digits>")
            else:
                emit(repr(int(item)))
        elif isinstance(item, str):
            emit(repr(item[: limit + 1]))
        elif isinstance(item, (list, tuple, Mapping)):
            is_map = isinstance(item, Mapping)
            left, right = ("{", "}") if is_map else ("[", "]") if isinstance(item, list) else "()"
            if depth >= _MAX_DEPTH:
                emit(f"{left}…{right}" if len(item) else f"{left}{right}")
                return
            emit(left)
            for i, key in enumerate(item):
                if i:
                    emit(", ")
                if i >= _MAX_ITEMS:
                    emit("…")
                    break
                walk(key, depth + 1)
                if is_map:
                    emit(": ")
                    walk(item[key], depth + 1)
            emit(",)" if isinstance(item, tuple) and len(item) == 1 else right)
        else:
            emit(f"<{type(item).__name__}>")

    try:
        walk(value, 0)
    except _Full:
        pass
    except Exception:  # a hostile Mapping whose iteration fails: quote what was written
        parts.append("…")
    text = "".join(parts)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shorten(text: str, limit: int = 300) -> str:
    """``text`` cut to at most ``limit`` characters (an ellipsis marks the cut).

    >>> shorten("abcdef", limit=4)
    'abc…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


MESSAGE_LIMIT = 300
"""Error messages longer than this are cut (a game quoting a megabyte of input, say)."""


def short_message(err: BaseException, limit: int = MESSAGE_LIMIT) -> str:
    """The message of ``err`` cut to ``limit`` characters, or its type name when it has none.

    >>> short_message(ValueError("x" * 500), limit=5)
    'xxxx…'
    """
    try:
        text = str(err)
    except Exception:  # a message that cannot even be formatted
        text = ""
    return shorten(text, limit) or type(err).__name__


def too_long(err: BaseException, limit: int = MESSAGE_LIMIT) -> bool:
    """Whether the message of ``err`` is longer than ``limit`` (or cannot be formatted)."""
    try:
        return len(str(err)) > limit
    except Exception:  # a message that cannot even be formatted
        return True
