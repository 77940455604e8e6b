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
        "Play “A1-B1”: refused, because no."
    )
    assert describe_step({"move": "end", "expect": {"winners": [1], "is_over": True}}) == (
        "Play “end”. Player 2 won. The game is over."
    )
    assert describe_step({"expect": {"to_play": 0, "winners": [0, 1]}}, ("White", "Black")) == (
        "White and Black won. White is to play."
    )
    assert describe_step({"expect": {"legal_moves": 1}}) == "There is 1 legal move."
    assert describe_step({"expect": {"to_play": None}}) == "Nobody is to play."
    assert describe_step({}) == "Look at the position."


def test_a_step_names_who_moves_and_quotes_the_notation() -> None:
    refused = {"move": "play 2 with 6", "expect": {"legal": False, "reason": "8 is not above 18"}}
    assert describe_step(refused, mover="Player 1") == (
        "Player 1 tries “play 2 with 6”: refused, because 8 is not above 18."
    )
    assert describe_step({"move": "don't ask"}, mover="Black") == "Black plays “don't ask”."


def test_position_checks_read_one_field_per_sentence_and_one_player_at_a_time() -> None:
    names = ("Player 1", "Player 2", "Player 3")
    step = {"expect": {"position": {"pile": [], "hands": [[7, 34], [5, 10], [1, 3]]}}}
    assert describe_step(step, names) == (
        "The pile is empty. The hands are Player 1: 7, 34; Player 2: 5, 10; Player 3: 1, 3."
    )
    scores = {"expect": {"scores": [27, 5, 26], "position": {"actions_used": [1, 0, 2]}}}
    assert describe_step(scores, names) == (
        "The scores are Player 1 27, Player 2 5 and Player 3 26. "
        "The actions used this round are Player 1: 1; Player 2: 0; Player 3: 2."
    )


def test_tiles_questions_and_pending_decisions_read_as_phrases() -> None:
    names = ("White", "Black")
    tiles = [
        {"player": 1, "kind": "monkey", "at": [0, 1], "up": True},
        {"id": "05", "at": [2, 0], "rot": 1},
        {"rot": 2},
    ]
    assert describe_step({"expect": {"position": {"tiles": tiles}}}, names) == (
        "The tiles on the table are Black monkey at 0,1, face up; tile 05 at 2,0, turned r1; "
        "the third one, turned r2."
    )
    asked = {"queries": [{"player": 0, "answer": False}], "pending": [1, 0]}
    assert describe_step({"expect": {"position": asked}}, names) == (
        "The questions asked are White's, answered no. "
        "Still to decide: Black and White, in this order."
    )
    swap = {"pending": {"orient": [[0, 0], [2, 0]]}, "options": {"approach": "no_farther"}}
    assert describe_step({"expect": {"position": swap}}, names) == (
        "Pending: turning the tiles at 0,0 and 2,0. The options are approach = no_farther."
    )


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_no_step_of_any_case_reads_as_a_python_repr(game: str) -> None:
    for case in casebook.load(game):
        result = casebook.run_case(case)
        names = result.start.rules.player_names(result.start.players)
        for step in case.steps:
            for text in (describe_step(step), describe_step(step, names, names[0])):
                for leak in ("{", "[", "'", "True", "False", "None"):
                    assert leak not in text.replace("don't", "do not").replace("'s", ""), text


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
