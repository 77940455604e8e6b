"""Links to a position: a dashboard opened with ``?position=…`` or ``?record=…`` starts there.

The value of either parameter is the position's (or record's) JSON, spelled as :mod:`ftwkit.links`
says (the static site reads the same encoding). ``position`` holds what :meth:`State.to_json`
writes (the explorer's "Download position"), ``record`` what "Download record" writes (every
variation included). Voilà gives a dashboard's kernel its query string as
``os.environ["QUERY_STRING"]``; :func:`open_from_url` passes it to the explorer.

Only a game's explorer dashboard (``<game>.ipynb``) opens links, so every link made anywhere (a
casebook, a designer's note, the balance lab) points there (:func:`link`, :func:`page_link`);
a page that does not open links says so when it is given one (:func:`link_elsewhere`). Whatever
the link holds, the page shows a one-line reason when it cannot be read
(:class:`~ftwkit.errors.InvalidState`), never a traceback or a file path.
"""

from __future__ import annotations

import html
import os
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

import ftwkit
from ftwkit.errors import InvalidState
from ftwkit.explore import Session
from ftwkit.links import MAX_LINK_CHARS, PARAMETERS, encode_value, read_query

__all__ = [
    "MAX_LINK_CHARS",
    "PARAMETERS",
    "encode_value",
    "explorer_page",
    "link",
    "link_elsewhere",
    "link_notice",
    "open_from_url",
    "page_address",
    "page_link",
    "position_link",
    "read_link",
    "read_query",
    "record_link",
    "resume_link",
    "this_page",
]


def page_address() -> str | None:
    """The dashboard's own address as Voilà tells its kernel, or ``None`` outside Voilà.

    The scheme is the one the visitor used (``https`` behind a TLS proxy that says so in
    ``X-Forwarded-Proto``), read from the request URL Voilà passes; ``http`` when it is not given.
    """
    script = os.environ.get("SCRIPT_NAME")
    host = os.environ.get("SERVER_NAME")
    if not script or not host:
        return None
    port = os.environ.get("SERVER_PORT")
    scheme = urlsplit(os.environ.get("VOILA_REQUEST_URL", "")).scheme
    scheme = scheme if scheme in ("http", "https") else "http"
    netloc = f"[{host}]" if ":" in host else host
    return f"{scheme}://{netloc}{':' + port if port else ''}{script}"


def explorer_page(game: str) -> str:
    """The notebook of ``game``'s explorer dashboard: the one page that opens its links."""
    return f"{game}.ipynb"


def this_page() -> str | None:
    """The notebook this kernel serves (the last part of Voilà's ``SCRIPT_NAME``), if any."""
    script = os.environ.get("SCRIPT_NAME")
    return script.rsplit("/", 1)[-1] if script else None


def page_link(name: str, data: Mapping[str, Any], game: str) -> str:
    """The link to ``data`` relative to the page shown: ``?name=…`` on the game's explorer page
    (or outside Voilà), ``<game>.ipynb?name=…`` on any other page, so it opens where it is read.

    Cheap enough to build after every move (the page keeps it to reload at the same position).
    """
    query = f"?{name}={encode_value(data)}"
    page = this_page()
    return query if page in (None, explorer_page(game)) else explorer_page(game) + query


def link(name: str, data: Mapping[str, Any], game: str | None = None) -> str:
    """The link that opens ``data``: absolute under Voilà, else just the query.

    With ``game`` it goes to that game's explorer dashboard (:func:`explorer_page`), whichever
    page made it; without, to the page shown.
    """
    query = f"?{name}={encode_value(data)}"
    address = page_address()
    if not address:
        return query
    if game is not None:
        address = address.rsplit("/", 1)[0] + "/" + explorer_page(game)
    return f"{address}{query}"


def link_elsewhere(game: str | None, query: str | None = None) -> str | None:
    """What a page that opens no links says when its address carries one (``None``: none).

    The casebooks, the designer's notes and the lab show their own positions; a link given to
    one of them names the page that opens it, or why it cannot be read. ``game`` is the page's
    game; a page of no one game (the lab) passes ``None`` and the link's own ``game`` is named.
    """
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    try:
        found = read_query(text)
    except InvalidState as err:
        return f"The link cannot be read ({err}); this page shows its own positions."
    if found is None:
        return None
    target = game if game is not None else _link_game(found[1])
    if target is None:
        return f"This page does not open links, and the {found[0]} in its address names no game."
    return (
        f"This page does not open links: the {found[0]} in its address opens on the game's "
        f"explorer page, {explorer_page(target)}."
    )


def _link_game(data: Mapping[str, Any]) -> str | None:
    """The registered game a link's position or record names, if any."""
    game = data.get("game")
    return game if isinstance(game, str) and game in ftwkit.game_ids() else None


def link_notice(game: str | None, query: str | None = None) -> str | None:
    """:func:`link_elsewhere` as HTML, with an "Open it there" link when the link can be read."""
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    note = link_elsewhere(game, text)
    if note is None:
        return None
    there = ""
    if note.startswith("This page does not open links:"):
        found = read_query(text)
        target = game if game is not None else _link_game(found[1]) if found else None
        if target is not None:
            href = html.escape(f"{explorer_page(target)}?{text.lstrip('?')}", quote=True)
            there = f" <a href='{href}'>Open it there</a>."
    return f"<div class='ftw-link-notice'>{html.escape(note)}{there}</div>"


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


def read_link(query: Any) -> tuple[str, Any] | None:
    """:func:`read_query`, also refusing a query that is no text and a record without moves."""
    if not isinstance(query, str):
        raise InvalidState("a link's query must be text (what follows the ? of an address)")
    found = read_query(query)
    if found is not None and found[0] == "record" and not {"start", "moves"} <= set(found[1]):
        raise InvalidState('record in the link: a record needs "start" and "moves"')
    return found


def position_link(session: Session) -> str:
    """The link to the state a session shows (refused in a view that hides cards)."""
    session.check_whole_state_view("a link to the position")
    return link("position", session.state.to_json(), session.game)


def record_link(session: Session) -> str:
    """The link to every line of a session (refused in a view that hides cards)."""
    return link("record", session.record(), session.game)


def resume_link(session: Session) -> str:
    """The link a page keeps to reload at the state shown, relative to it (:func:`page_link`);
    '' while the board is covered or the view hides cards (the page must not hold them)."""
    if session.pass_to is not None or (
        session.viewer is not None and session.rules.hidden_information
    ):
        return ""
    return page_link("position", session.state.to_json(), session.game)
