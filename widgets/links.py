"""Links to a position: a dashboard opened with ``?position=…`` or ``?record=…`` starts there.

The value of either parameter is the position's (or record's) JSON, encoded as
:mod:`ftwkit.links` says (the static site reads the same encoding); in one of two spellings:

* **URL-encoded JSON**, for a link written by hand: ``?position=%7B%22game%22%3A…%7D`` (after
  percent-decoding it starts with ``{``);
* **base64url** (RFC 4648 §5, ``-`` and ``_``, padding optional) of the JSON compressed with
  zlib — what the explorer's "link to this position" makes, about a third as long.

``position`` holds what :meth:`State.to_json` writes (the explorer's "Download position"),
``record`` what "Download record" writes (every variation included). Voilà gives a dashboard's
kernel its query string as ``os.environ["QUERY_STRING"]``; :func:`open_from_url` passes it to
the explorer. Whatever the link holds, the page shows a one-line reason when it cannot be read
(:class:`~ftwkit.errors.InvalidState`), never a traceback or a file path.

>>> value = encode_value({"game": "some-game"})
>>> read_query(f"position={value}")
('position', {'game': 'some-game'})
>>> read_query("record=%7B%22game%22%3A%22g%22%7D")
('record', {'game': 'g'})
>>> read_query("")
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from ftwkit.links import MAX_LINK_CHARS, PARAMETERS, encode_value, read_query

__all__ = [
    "MAX_LINK_CHARS",
    "PARAMETERS",
    "encode_value",
    "link",
    "open_from_url",
    "page_address",
    "read_query",
]


def page_address() -> str | None:
    """The dashboard's own address as Voilà tells its kernel, or ``None`` outside Voilà."""
    script = os.environ.get("SCRIPT_NAME")
    host = os.environ.get("SERVER_NAME")
    if not script or not host:
        return None
    port = os.environ.get("SERVER_PORT")
    netloc = f"[{host}]" if ":" in host else host
    return f"http://{netloc}{':' + port if port else ''}{script}"


def link(name: str, data: Mapping[str, Any]) -> str:
    """The link (absolute under Voilà, else just the query) that opens ``data``."""
    query = f"?{name}={encode_value(data)}"
    address = page_address()
    return f"{address}{query}" if address else query


def open_from_url(explorer: Any, query: str | None = None) -> bool:
    """Open the position or record of the dashboard's address in ``explorer``, if it has one.

    Args:
        explorer: an :class:`~widgets.Explorer`.
        query: the query string (default: Voilà's ``QUERY_STRING``).

    Returns:
        True if the link held a position or record and it was opened (a bad one leaves the
        explorer as it was, with the reason on its message line).
    """
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    opened: bool = explorer.open_link(text)
    return opened
