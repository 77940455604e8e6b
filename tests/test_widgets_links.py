"""Links to a position: ``?position=`` / ``?record=`` open a dashboard there; bad ones say why."""

from __future__ import annotations

import base64
import json
import urllib.parse
import zlib

import pytest

from ftwkit.errors import IllegalMove
from widgets import Explorer, links
from widgets.links import MAX_LINK_CHARS, encode_value, link, open_from_url, read_query


def _played() -> Explorer:
    ex = Explorer("playwin")
    ex.play("B3-C3")
    ex.play("H6-G6")
    ex.back()
    ex.play("H5-G5")
    return ex


def test_the_position_link_opens_the_state_shown() -> None:
    ex = _played()
    query = links.position_link(ex.session)
    assert query.startswith("?position=")
    other = Explorer("playwin")
    assert other.open_link(query[1:])
    assert other.state == ex.state
    assert other.message == "Opened the position given in the link. Loaded a position."


def test_the_record_link_opens_every_line() -> None:
    ex = _played()
    other = Explorer("playwin")
    assert other.open_link(links.record_link(ex.session)[1:])
    assert other.session.lines == [("B3-C3", "H6-G6"), ("B3-C3", "H5-G5")]


def test_a_hand_written_link_of_url_encoded_json_opens_too() -> None:
    ex = _played()
    query = "position=" + urllib.parse.quote(json.dumps(ex.state.to_json()))
    other = Explorer("playwin")
    assert open_from_url(other, query)
    assert other.state == ex.state


def test_voila_passes_the_query_string_through_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ex = _played()
    monkeypatch.setenv("QUERY_STRING", links.position_link(ex.session)[1:])
    other = Explorer("playwin")
    assert open_from_url(other)
    assert other.state == ex.state


def _under_voila(
    monkeypatch: pytest.MonkeyPatch,
    page: str = "playwin.ipynb",
    host: str = "127.0.0.1",
    port: str = "8866",
    url: str = "",
) -> None:
    """The environment Voilà gives a kernel started for ``page`` at ``host:port`` (``url``: the
    address the visitor asked for, as Voilà passes it)."""
    monkeypatch.setenv("SCRIPT_NAME", f"/voila/render/{page}")
    monkeypatch.setenv("SERVER_NAME", host)
    monkeypatch.setenv("SERVER_PORT", port)
    monkeypatch.setenv("VOILA_REQUEST_URL", url)


def test_under_voila_the_link_is_the_dashboards_whole_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _under_voila(monkeypatch)
    value = encode_value({"game": "playwin"})
    expected = f"http://127.0.0.1:8866/voila/render/playwin.ipynb?position={value}"
    assert link("position", {"game": "playwin"}) == expected


def test_behind_a_tls_proxy_the_link_keeps_the_visitors_https(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = "https://games.example.org/voila/render/playwin.ipynb"
    _under_voila(monkeypatch, host="games.example.org", port="", url=page)
    made = link("position", {"game": "playwin"})
    assert made.startswith("https://games.example.org/voila/render/playwin.ipynb?position=")
    monkeypatch.setenv("VOILA_REQUEST_URL", "javascript:alert(1)")
    assert link("position", {"game": "playwin"}).startswith("http://games.example.org/")


def test_no_link_leaves_the_explorer_as_it_is() -> None:
    ex = _played()
    assert not ex.open_link("")
    assert not ex.open_link("seed=3&x=%7B")
    assert ex.session.line == ("B3-C3", "H5-G5") and ex.message == ""


def _packed(text: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text)).decode().rstrip("=")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("position=abc", "position in the link: not compressed JSON (the link is cut?)"),
        ("position=a%20b!", "position in the link: neither JSON nor base64url"),
        ("position=%7Bx", "position in the link: not JSON: Expecting property name"),
        ("record=%5B1%5D", "record in the link: must be a JSON object"),
        ("position=1&record=2", "the link may give one position or one record, not several"),
        ("position=1&position=2", "the link may give one position or one record, not several"),
        ("position=" + "A" * MAX_LINK_CHARS, "the link is 60,009 characters long; at most 60,000"),
        ("position=" + _packed(b" " * 3_000_000), "position in the link: unpacks to more than"),
        (
            "position=" + _packed(b"[" * 100 + b"]" * 100),
            "position in the link: the JSON is nested",
        ),
        (
            "position=%7B%22game%22%3A%22pnrz%22%7D",
            "The position in the link was not opened: game: this position is for 'pnrz'",
        ),
        (
            "record=" + _packed(b'{"game": "playwin", "start": {}, "moves": []}'),
            "The record in the link was not opened: start: ",
        ),
        ("position=" + _packed(b'{"game": "playwin", "board": "/etc/passwd"}'), "The position"),
        ("record=%7B%22game%22%3A%22playwin%22%7D", 'record in the link: a record needs "start"'),
    ],
)
def test_a_bad_link_shows_one_line_and_keeps_the_game(query: str, message: str) -> None:
    ex = _played()
    assert not ex.open_link(query)
    assert ex.message.startswith(message), ex.message
    assert "\n" not in ex.message and "Traceback" not in ex.message
    assert "/work" not in ex.message and ".py" not in ex.message
    assert ex.session.line == ("B3-C3", "H5-G5")


def test_the_links_of_a_hidden_game_are_only_in_the_designers_view() -> None:
    ex = Explorer("ftwcards", players=3)
    ex.settings.selected_index = 1  # open "Load / save / export"
    assert links.position_link(ex.session).startswith("?position=")
    assert ex.files.position_link.value == links.position_link(ex.session)
    ex.set_view(0)
    assert ex.files.links_box.layout.display == "none"
    with pytest.raises(IllegalMove, match=r"not offered in Player 1's view"):
        links.position_link(ex.session)


def test_read_query_names_the_parameter() -> None:
    assert read_query("a=1&record=%7B%7D") == ("record", {})


@pytest.mark.parametrize("page", ["playwin-casebook.ipynb", "playwin-bent-leap-chains.ipynb"])
def test_a_link_made_on_a_casebook_or_a_note_opens_on_the_games_explorer_page(
    monkeypatch: pytest.MonkeyPatch, page: str
) -> None:
    _under_voila(monkeypatch, page)
    ex = _played()
    value = encode_value(ex.state.to_json())
    assert links.position_link(ex.session) == (
        f"http://127.0.0.1:8866/voila/render/playwin.ipynb?position={value}"
    )
    assert links.resume_link(ex.session) == f"playwin.ipynb?position={value}"


def test_the_page_keeps_the_link_to_the_position_shown_after_every_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _under_voila(monkeypatch, "playwin.ipynb")
    ex = Explorer("playwin")
    ex.play("B3-C3")
    value = encode_value(ex.state.to_json())
    assert links.resume_link(ex.session) == f"?position={value}"
    assert ex.resume.value == f'<span class="ftw-resume" data-link="?position={value}"></span>'
    assert ex.resume.layout.display == "none"
    other = Explorer("playwin")
    assert other.open_link(links.resume_link(ex.session)[1:]) and other.state == ex.state
    ex.back()
    assert links.resume_link(ex.session) == f"?position={encode_value(ex.state.to_json())}"


def test_the_kept_link_holds_no_hidden_cards_in_a_players_view() -> None:
    ex = Explorer("ftwcards", players=3)
    assert links.resume_link(ex.session).startswith("?position=")
    ex.set_view(0)
    assert links.resume_link(ex.session) == ""
    assert 'data-link=""' in ex.resume.value


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("position=eNoBAD", "The link cannot be read (position in the link: not JSON"),
        (
            "position=" + encode_value({"game": "playwin"}),
            "This page does not open links: the position in its address opens on the game's "
            "explorer page, playwin.ipynb.",
        ),
    ],
)
def test_a_casebook_given_a_link_says_where_it_opens(
    monkeypatch: pytest.MonkeyPatch, query: str, said: str
) -> None:
    from widgets import Casebook

    monkeypatch.setenv("QUERY_STRING", query)
    book = Casebook("playwin")
    assert book.message.startswith(said), book.message
    assert (f"href='playwin.ipynb?{query}'" in book.message_html) == said.startswith("This page")


def test_a_designers_note_given_a_link_says_where_it_opens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from widgets import game_page

    shown: list[str] = []
    monkeypatch.setattr(
        game_page, "display", lambda *items: shown.extend(getattr(i, "data", "") for i in items)
    )
    query = "position=" + encode_value({"game": "playwin"})
    monkeypatch.setenv("QUERY_STRING", query)
    _under_voila(monkeypatch, "playwin-bent-leap-chains.ipynb")
    game_page.GamePage("Play Win").top()
    said = " ".join(str(item) for item in shown)
    assert "This page does not open links: the position in its address opens" in said
    assert f"href='playwin.ipynb?{query}'" in said
    shown.clear()
    _under_voila(monkeypatch, "playwin.ipynb")  # the explorer page opens the link itself
    game_page.GamePage("Play Win").top()
    assert "does not open links" not in " ".join(str(item) for item in shown)


@pytest.mark.parametrize(
    ("query", "said", "there"),
    [
        ("position=eNoBAD", "The link cannot be read (position in the link: not JSON", None),
        (
            "record=" + encode_value({"game": "forthewin", "moves": []}),
            "This page does not open links: the record in its address opens on the game's "
            "explorer page, forthewin.ipynb.",
            "forthewin.ipynb",
        ),
        (
            "position=" + encode_value({"game": "chess"}),
            "This page does not open links, and the position in its address names no game.",
            None,
        ),
    ],
)
def test_the_balance_lab_given_a_link_says_where_it_opens(
    monkeypatch: pytest.MonkeyPatch, query: str, said: str, there: str | None
) -> None:
    from widgets.balance_lab import BalanceLab

    monkeypatch.setenv("QUERY_STRING", query)
    status = BalanceLab("Play Win").status.value
    assert said.replace("'", "&#x27;") in status, status
    assert ("Open it there" in status) == (there is not None)
    if there is not None:
        assert f"href='{there}?{query}'" in status
