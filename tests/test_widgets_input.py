"""Bad input from the page gets a one-line reason; details go to the server log (issue 12 #12)."""

from __future__ import annotations

import json
import logging
import os
from typing import Any

import pytest

import ftwkit
from widgets import Explorer, ScenarioEditor
from widgets.inputs import MAX_DEPTH

SERVER_PATH = os.path.dirname(ftwkit.__file__)


def page_text(ex: Explorer) -> str:
    """Everything the explorer shows in text: message, status, log panel."""
    return "\n".join([ex.message, ex.status, ex.log_panel.text, ex.lines.message.value])


def assert_one_line_reason(ex: Explorer, *words: str) -> None:
    text = page_text(ex)
    assert ex.message and "\n" not in ex.message and len(ex.message) <= 300
    assert "Traceback" not in text and SERVER_PATH not in text and "Unexpected" not in text
    for word in words:
        assert word in ex.message


def test_a_non_integer_typed_in_an_integer_option_is_refused_in_one_line() -> None:
    ex = Explorer("forthewin")
    before = ex.state
    ex.setup.option_widgets["max_rounds"].value = "abc"
    assert_one_line_reason(ex, "Maximum rounds", "not a whole number")
    assert ex.state is before and ex.log_panel.entries == []


def test_a_utf16_upload_is_read_like_utf8() -> None:
    ex = Explorer("playwin")
    text = json.dumps(ftwkit.rules("playwin").new().play("B3-C3").to_json())
    for encoding in ("utf-16", "utf-16-le", "utf-8-sig", "utf-32"):
        ex.new_game()
        assert ex.load_json(text.encode(encoding)), (encoding, ex.message)
        assert ex.state.to_play == 1


def test_bytes_that_are_no_text_are_refused_in_one_line() -> None:
    ex = Explorer("playwin")
    assert not ex.load_json(b"\xff\xfe\x00\xd8\x00")
    assert_one_line_reason(ex)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, ("nested",)),
        ('{"a":' * (MAX_DEPTH + 5) + "1" + "}" * (MAX_DEPTH + 5), ("nested",)),
        ('{"to_play": ' + "9" * 5000 + "}", ("number",)),
        ("{" + " " * 3_000_000 + "}", ("characters",)),
        ("{not json", ("not JSON",)),
        ("[1, 2]", ("JSON object",)),
    ],
    ids=["deep-list", "deep-object", "long-number", "huge", "not-json", "not-object"],
)
def test_hostile_json_gets_a_one_line_reason(data: str, words: tuple[str, ...]) -> None:
    ex = Explorer("playwin")
    before = ex.state
    assert not ex.load_json(data)
    assert_one_line_reason(ex, *words)
    assert ex.state is before


def test_a_huge_number_typed_as_a_move_is_refused_in_one_line() -> None:
    ex = Explorer("ftwcards")
    assert not ex.play("play " + "9" * 5000)
    assert_one_line_reason(ex)


def test_an_engine_crash_on_load_shows_a_line_and_logs_the_traceback(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    ex = Explorer("playwin")

    def crash(*_args: Any) -> None:
        raise RecursionError(f"deep inside {SERVER_PATH}/games/playwin.py")

    monkeypatch.setattr(type(ex.state.rules), "load", crash)
    with caplog.at_level(logging.WARNING, logger="ftwkit.explore"):
        assert not ex.load_json('{"to_play": 0}')
    assert_one_line_reason(ex, "could not read this position")
    assert any(r.exc_info and SERVER_PATH in str(r.exc_info[1]) for r in caplog.records)


def test_an_unexpected_error_goes_to_the_server_log_with_its_traceback(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    ex = Explorer("playwin")
    ex.canvas._handle_frontend_event(ex.canvas, {"event": "client_ready"}, [])

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise OSError(f"{SERVER_PATH}/secret.json: no such file")

    monkeypatch.setattr(ex.board.renderer, "draw", broken)
    with caplog.at_level(logging.ERROR, logger="widgets"):
        ex.select("B3")
    assert SERVER_PATH not in page_text(ex) and "Traceback" not in page_text(ex)
    assert "OSError" in ex.message
    (record,) = [r for r in caplog.records if r.name == "widgets"]
    assert record.exc_info is not None and SERVER_PATH in str(record.exc_info[1])


def test_the_editor_refuses_deep_json_in_one_line() -> None:
    editor = ScenarioEditor("playwin")
    editor.set_json("[" * 50_000 + "]" * 50_000)
    assert "nested" in editor._verdict.value and "Traceback" not in editor._verdict.value


@pytest.mark.parametrize(
    ("call", "args", "reason"),
    [
        ("goto", ("x",), "a ply must be a whole number, not 'x'"),
        ("goto", (10**30,), "a ply must be from -2 to 1, not 10000"),
        ("goto", (None,), "a ply must be a whole number, not None"),
        ("step", (1.5,), "a step's number must be a whole number, not 1.5"),
        ("set_view", ("foo",), "a view (a player's number) must be a whole number, not 'foo'"),
        ("set_view", ([1],), "a view (a player's number) must be a whole number, not a list"),
        ("set_view", (2,), "a view (a player's number) must be from 0 to 1, not 2"),
        ("set_view", (True,), "a view (a player's number) must be a whole number, not a bool"),
        ("switch_variation", (None,), "a line's number must be a whole number, not None"),
        ("select", ({"a": 1},), "a click names a place, like a cell (3, 4) or a card, not a dict"),
        ("select", ("x" * 2_000_000,), "a click names a place, like a cell or a card, not 2,000,"),
        ("select", (list(range(10**5)),), "a click names a place, like a cell or a card, not 390"),
        ("consider", ({1, 2},), "a click names a place, like a cell (3, 4) or a card, not a set"),
        ("new_game", ("x",), "the seed must be a whole number, not 'x'"),
        ("new_game", (1, 7), "the player count must be from 2 to 2, not 7"),
        ("return_to_earlier", ("x",), "an earlier game's number must be a whole number, not 'x'"),
        ("open_link", (5,), "a link's query must be text"),
        ("click", ("a", 3), "x must be a number, not 'a'"),
        ("click", (3, float("nan")), "y must be a number, not nan"),
    ],
)
def test_an_abusive_call_names_its_reason_in_one_short_line(
    call: str, args: tuple[Any, ...], reason: str
) -> None:
    ex = Explorer("playwin")
    ex.play("B3-C3")
    getattr(ex, call)(*args)
    assert_one_line_reason(ex)
    assert ex.message.startswith(reason), ex.message
    assert len(ex.lines.message.value) < 400  # nothing of a megabyte is sent back to the page
    assert ex.session.line == ("B3-C3",) and ex.log_panel.entries == []


def test_a_long_why_not_answer_is_cut_to_one_line() -> None:
    ex = Explorer("playwin")
    ex.select("Z" * 90)  # a long target that names no place, quoted in the answer
    assert_one_line_reason(ex, "Why not")
    assert len(ex.message) <= 300
