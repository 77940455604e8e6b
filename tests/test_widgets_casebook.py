"""The Casebook widget without a browser: live verdicts, step pictures, opening an Explorer."""

from __future__ import annotations

import pytest

import ftwkit
from ftwkit.casebook import load, parse_case
from widgets import Casebook

CASE = {
    "title": "Captures are compulsory",
    "rule": "If a capture exists, the mover must capture.",
    "explanation": "South may not approach while C3 can leap.",
    "position": {
        "game": "playwin",
        "to_play": 0,
        "pieces": [["C3", "A1"], ["C4", "D4", "I8", "I9"]],
    },
    "steps": [
        {"move": "A1-B1", "expect": {"legal": False, "reason": "captures are compulsory"}},
        {"move": "C3xC4-D5xD4-E4", "expect": {"to_play": 1}},
    ],
}


def test_verdicts_are_checked_live() -> None:
    book = Casebook("playwin", [parse_case("playwin", "01-compulsory", CASE)])
    assert book.verdicts == [
        ("A1-B1", True, "as expected"),
        ("C3xC4-D5xD4-E4", True, "as expected"),
    ]
    assert "2 of 2 steps as expected" in book._summary.value
    assert "<svg" in book._picture.value


def test_a_wrong_expectation_shows_as_failed() -> None:
    wrong = {**CASE, "steps": [{"move": "C3xC4-D5xD4-E4", "expect": {"to_play": 0}}]}
    book = Casebook("playwin", [parse_case("playwin", "02-wrong", wrong)])
    assert book.verdicts == [("C3xC4-D5xD4-E4", False, "expected to_play 0, got 1")]
    assert "✗ 1. C3xC4-D5xD4-E4" in book._steps.options[1][0]


def test_steps_are_listed_as_sentences_naming_the_players() -> None:
    book = Casebook("playwin", [parse_case("playwin", "01-compulsory", CASE)])
    labels = [label for label, _ in book._steps.options]
    assert labels == [
        "start position",
        "✓ 1. A1-B1 — Refused, because captures are compulsory.",
        "✓ 2. C3xC4-D5xD4-E4 — North is to play.",
    ]


def test_clicking_a_step_shows_the_position_after_it() -> None:
    book = Casebook("playwin", [parse_case("playwin", "01-compulsory", CASE)])
    before = book._picture.value
    book._steps.value = 1
    assert book._picture.value != before


def test_a_case_opens_in_an_explorer_at_its_start() -> None:
    book = Casebook("playwin", [parse_case("playwin", "01-compulsory", CASE)])
    explorer = book.open_explorer()
    assert explorer is not None
    assert explorer.session.index == 0 and explorer.session.line == ("C3xC4-D5xD4-E4",)
    explorer.forward()
    assert explorer.state.to_json()["pieces"] == [["A1", "E4"], ["I8", "I9"]]


@pytest.mark.parametrize("game", [g for g in ftwkit.game_ids() if load(g)])
def test_every_shipped_case_shows_its_verdicts(game: str) -> None:
    book = Casebook(game)
    for case in book.cases:
        book.show(case.id)
        assert book.result is not None and book.result.case is case
        assert len(book.verdicts) == len(case.steps)
        for label, _ in book._steps.options:  # sentences, never a Python mapping or list
            assert not any(leak in label for leak in ("{", "[", "True", "False", "None")), label
    assert book.message == ""


def test_the_header_names_the_game_by_its_title() -> None:
    book = Casebook("playwin", [parse_case("playwin", "01-compulsory", CASE)])
    header = book.children[0].value
    assert "Casebook — Play Win" in header and "playwin" not in header
    assert "ftw-casebook" in book._dom_classes
    assert not book.log_panel.visible


def test_a_ruling_cited_by_a_case_links_to_its_entry_in_the_rules_panel() -> None:
    cited = {
        **CASE,
        "rule": "If a capture exists, the mover must capture (PW2).",
        "explanation": "See PW99.",
    }
    book = Casebook("playwin", [parse_case("playwin", "03-cited", cited)])
    text = book._text.value
    assert '<a class="ftw-ruling" href="#pw2"' in text
    assert "PW99" in text and 'href="#pw99"' not in text  # no entry: stays plain text


def test_the_casebook_lists_the_cases_a_switch_changes_and_opens_them() -> None:
    from ftwkit.casebook.impact import cases_changed_by

    book = Casebook("forthewin")
    impact = book.impact
    assert ("Allow pass", "allow_pass") in list(impact.switch.options)  # labels in words
    assert impact.value.value is not None  # a value is offered at once, not a blank menu
    name = next(
        n for _label, n in impact.switch.options if cases_changed_by("forthewin", n, _other(n))
    )
    impact.switch.value = name
    impact.value.value = _other(name)
    changes = impact.check()
    expected = cases_changed_by("forthewin", name, _other(name))
    assert [c.case.id for c in changes] == [c.case.id for c in expected] and changes
    assert f"changes the verdicts of {len(changes)} case" in impact.answer.value
    first = impact.cases.children[0]
    first.children[0].click()  # "Show"
    assert book.result is not None and book.result.case.id == changes[0].case.id


def _other(name: str) -> object:
    from ftwkit.options import describe_options

    spec = next(s for s in describe_options(ftwkit.rules("forthewin").Options) if s.name == name)
    return next(c for c in spec.choices or () if c != spec.default)
