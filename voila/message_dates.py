"""Kernel message dates read with the standard library instead of ``dateutil``.

Every message a kernel sends carries its date, and its parent's, as ISO 8601 text; jupyter_client
turns each into a ``datetime`` when it decodes a message (``jsonutil.parse_date``), with
``dateutil``'s ISO parser. The server decodes each of a dashboard's few hundred widget messages
twice (its activity watcher and the page's executor): that parser was about a tenth of the
server's CPU for a page. :func:`install` makes jupyter_client use
:meth:`datetime.datetime.fromisoformat` (which reads every form jupyter_client's own pattern
admits since Python 3.11) and keeps ``dateutil`` for anything it refuses. The values are the same
instants (UTC given as ``timezone.utc`` instead of ``dateutil``'s ``tzutc()``; both print as
``+00:00``).

>>> parse_iso("2026-11-27T05:21:50.123456Z") == _DATEUTIL_PARSE("2026-11-27T05:21:50.123456Z")
True
"""

from __future__ import annotations

import datetime
from typing import Any

from jupyter_client import jsonutil

_DATEUTIL_PARSE: Any = jsonutil._dateutil_parse
"""jupyter_client's own parser (``dateutil.parser.isoparse``), for what the standard one refuses."""


def parse_iso(text: str) -> datetime.datetime:
    """``text`` (ISO 8601, as jupyter_client's pattern admits it) as a datetime."""
    try:
        return datetime.datetime.fromisoformat(text)
    except ValueError:
        parsed: datetime.datetime = _DATEUTIL_PARSE(text)
        return parsed


def install() -> None:
    """Make jupyter_client read message dates with :func:`parse_iso` in this process."""
    jsonutil._dateutil_parse = parse_iso
