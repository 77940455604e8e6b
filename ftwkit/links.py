"""Positions and records in links: one encoding for the dashboards and the static site.

A link opens a position with ``position=…`` or a record with ``record=…`` (in a dashboard's query
string, or in the static site's address after ``#``). The value is the JSON in one of two spellings:

* **URL-encoded JSON**, for a link written by hand: ``position=%7B%22game%22%3A…%7D`` (after
  percent-decoding it starts with ``{``);
* **base64url** (RFC 4648 §5, ``-`` and ``_``, padding optional) of the JSON compressed with
  zlib — what the explorers' "link to this position" makes, about a third as long.

Whatever a link holds, reading it ends in a value or in one line
(:class:`~ftwkit.errors.InvalidState`), never a traceback: the JSON is bounded in size and depth.
Standard library only, so that the static site runs it in the browser.

>>> value = encode_value({"game": "some-game"})
>>> read_query(f"position={value}")
('position', {'game': 'some-game'})
>>> read_query("record=%7B%22game%22%3A%22g%22%7D")
('record', {'game': 'g'})
>>> read_query("")
"""

from __future__ import annotations

import base64
import binascii
import json
import urllib.parse
import zlib
from collections.abc import Mapping
from typing import Any

from ftwkit.errors import InvalidState
from ftwkit.records import MAX_LINK_MOVES, check_size

__all__ = [
    "MAX_DEPTH",
    "MAX_JSON_BYTES",
    "MAX_LINK_CHARS",
    "PARAMETERS",
    "decode_value",
    "encode_value",
    "read_json",
    "read_query",
]

MAX_JSON_BYTES = 2_000_000
"""The largest position or record accepted from the page (the largest real record is ~100 kB)."""

MAX_DEPTH = 32
"""The deepest nesting accepted (positions and records nest four or five levels)."""


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


MAX_LINK_CHARS = 60_000
"""The longest query string read (a browser sends at most a few tens of kB in an address)."""

PARAMETERS = ("position", "record")
"""The query parameters that open a dashboard at a position or a record."""


def encode_value(data: Mapping[str, Any]) -> str:
    """The compact spelling of a position or record for a link: base64url of zlib'd JSON."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return base64.urlsafe_b64encode(zlib.compress(text, 9)).decode("ascii").rstrip("=")


def decode_value(name: str, value: str) -> Any:
    """The JSON a link's ``name=value`` holds (URL-encoded JSON or base64url of zlib'd JSON)."""
    if value.lstrip()[:1] in ("{", "["):
        return _read(name, value)
    try:
        packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise InvalidState(
            f"{name} in the link: neither JSON nor base64url (letters, digits, - and _)"
        ) from None
    inflater = zlib.decompressobj()
    try:
        text = inflater.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise InvalidState(f"{name} in the link: not compressed JSON (the link is cut?)") from None
    if len(text) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise InvalidState(f"{name} in the link: unpacks to more than {MAX_JSON_BYTES:,} bytes")
    return _read(name, text)


def _read(name: str, text: str | bytes) -> Any:
    """:func:`read_json`, its reason prefixed with the parameter's name."""
    try:
        return read_json(text)
    except InvalidState as err:
        raise InvalidState(f"{name} in the link: {err}") from None


def read_query(query: str) -> tuple[str, Any] | None:
    """The ``position`` or ``record`` a query string carries, or ``None`` if it has neither.

    Raises:
        InvalidState: the query is too long, gives both or one twice, or its value is not JSON
            in one of the two spellings (one line, naming the parameter).
    """
    if len(query) > MAX_LINK_CHARS:
        raise InvalidState(
            f"the link is {len(query):,} characters long; at most {MAX_LINK_CHARS:,} are read"
        )
    try:
        fields = urllib.parse.parse_qs(query, keep_blank_values=True, max_num_fields=50)
    except ValueError:
        raise InvalidState("the link has too many parameters") from None
    given = [name for name in PARAMETERS if name in fields]
    if not given:
        return None
    if len(given) > 1 or len(fields[given[0]]) > 1:
        raise InvalidState("the link may give one position or one record, not several")
    name = given[0]
    data = decode_value(name, fields[name][0])
    if not isinstance(data, Mapping):
        raise InvalidState(f"{name} in the link: must be a JSON object")
    if name == "record":  # bounded before any move is read, so a link stays cheap to open
        check_size(data, MAX_LINK_MOVES, "the link")
    return name, data
