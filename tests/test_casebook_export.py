"""Casebook export (HTML/Markdown), steps as sentences, and what a switch changes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ftwkit
from ftwkit import casebook
from ftwkit.casebook.__main__ import main
from ftwkit.casebook.export import export, to_html
from ftwkit.casebook.impact import cases_changed_by
from ftwkit.casebook.sentences import describe_step


def test_steps_read_as_sentences() -> None:
    assert describe_step({"move": "A1-B1", "expect": {"legal": False, "reason": "no"}}) == (
        "Play A1-B1: refused, because no."
    )
    assert describe_step({"move": "end", "expect": {"winners": [1], "is_over": True}}) == (
        "Play end. Player 2 won. The game is over."
    )
    assert describe_step({"expect": {"to_play": 0, "winners": [0, 1]}}, ("White", "Black")) == (
        "White and Black won. White is to play."
    )
    assert describe_step({"expect": {"legal_moves": 1}}) == "There is 1 legal move."
    assert describe_step({"expect": {"to_play": None}}) == "Nobody is to play."
    assert describe_step({}) == "Look at the position."


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_no_step_of_any_case_reads_as_a_python_repr(game: str) -> None:
    for case in casebook.load(game):
        for step in case.steps:
            text = describe_step(step)
            assert "{'" not in text and "['" not in text and "True" not in text, text


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_html_export_has_every_case_with_inline_pictures(game: str) -> None:
    cases = casebook.load(game)
    page = to_html(game)
    assert page.startswith("<!DOCTYPE html>")
    for case in cases:
        assert f'id="{case.id}"' in page
    assert page.count("<svg") >= len(cases)
    assert "<img" not in page  # nothing to go missing
    assert "✘" not in page  # every shipped case holds


def test_export_writes_html_and_markdown_whose_pictures_exist(tmp_path: Path) -> None:
    page, md = export("playwin", tmp_path)
    assert page.exists() and md.exists()
    text = md.read_text(encoding="utf-8")
    pictures = re.findall(r"\]\(([^)]+\.svg)\)", text)
    assert len(pictures) >= len(casebook.load("playwin"))
    for name in pictures:
        assert (tmp_path / name).read_text(encoding="utf-8").startswith("<svg")


def test_export_refuses_an_unknown_game(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        export("chess", tmp_path)


def test_cli_export_and_changes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "ftwcards", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "ftwcards-casebook.html").exists()
    assert main(["changes", "playwin", "approach=no_farther"]) == 0
    out = capsys.readouterr().out
    assert "09-approach-strictly-closer" in out
    assert main(["changes", "playwin", "no_such_switch=1"]) == 2


def test_a_switch_lists_the_cases_whose_verdicts_change() -> None:
    changed = {c.case.id: c for c in cases_changed_by("playwin", "approach", "no_farther")}
    assert "09-approach-strictly-closer" in changed
    assert changed["09-approach-strictly-closer"].summary.startswith("step 1 now fails")
    # a case that already runs under the value is not listed
    assert "10-no-farther-variant" not in changed


def test_a_switch_that_is_not_an_option_is_refused() -> None:
    with pytest.raises(ValueError, match="valid options"):
        cases_changed_by("playwin", "colour", "red")
