"""Rules pages list, ruling by ruling, the casebook cases that illustrate it, kept current."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ftwkit
from ftwkit import casebook
from ftwkit.casebook.__main__ import main
from ftwkit.casebook.rulings import BEGIN, END, cited, illustrations, section, update_page

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"


def test_cited_ids_expand_ranges_and_keep_to_the_prefix() -> None:
    assert cited("RULINGS FW22–FW25 and FW9; PW3 is another game's", "FW") == {9, 22, 23, 24, 25}
    assert cited("FW1, FW3)", "FW") == {1, 3}
    assert cited("no ruling here", "FW") == set()


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_rules_page_lists_the_cases_of_each_ruling_and_is_current(game: str) -> None:
    page = (RULES / f"{game}.md").read_text(encoding="utf-8")
    assert page.count(BEGIN) == 1 and page.count(END) == 1
    assert section(game) in page, (
        f"docs/rules/{game}.md is out of date: run python -m ftwkit.casebook rulings {game} --write"
    )


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_every_listed_ruling_has_its_anchor_and_every_case_its_file(game: str) -> None:
    page = (RULES / f"{game}.md").read_text(encoding="utf-8")
    listed = page.split(BEGIN, 1)[1]
    for anchor in re.findall(r"\]\(#([a-z]+\d+)\)", listed):
        assert f'<a id="{anchor}"></a>' in page, anchor
    for target in re.findall(r"\]\((\.\./\.\./[^)]+)\)", listed):
        assert (RULES / target).resolve().is_file(), target
    assert len(re.findall(r"^  - \[", listed, re.M)) >= len(casebook.load(game))


def test_the_consequences_asked_for_are_listed_under_their_rulings() -> None:
    ids = {game: {n: [c.id for c in cs] for n, cs in illustrations(game).items()} for game in (
        "forthewin", "pnrz", "doubleblind", "playwin")}  # fmt: skip
    assert "23-opponent-chain-completed-then-broken" in ids["forthewin"][9]
    assert "25-own-win-lost-to-the-rejoin" in ids["forthewin"][9]
    assert "27-infected-zombie-reused" in ids["forthewin"][24]
    assert "16-chest-beside-a-kraken" in ids["pnrz"][5]
    assert "19-own-cross-also-completes-the-diamond" in ids["doubleblind"][3]
    assert "20-a-branch-that-stops-early" in ids["playwin"][9]


def test_update_page_appends_then_replaces_the_section(tmp_path: Path) -> None:
    page = tmp_path / "playwin.md"
    page.write_text("# Play Win\n\nText.\n", encoding="utf-8")
    assert update_page("playwin", page)
    assert not update_page("playwin", page)
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Play Win\n\nText.\n\n" + BEGIN) and text.count(BEGIN) == 1
    page.write_text(text.replace("Text.", "Changed text."), encoding="utf-8")
    assert not update_page("playwin", page)  # the section is current; the rest is left alone
    assert "Changed text." in page.read_text(encoding="utf-8")


def test_command_line_prints_and_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulings", "doubleblind"]) == 0
    assert "[DB3](#db3)" in capsys.readouterr().out
    page = tmp_path / "page.md"
    page.write_text("# Page\n", encoding="utf-8")
    assert main(["rulings", "doubleblind", "--write", str(page)]) == 0
    assert section("doubleblind") in page.read_text(encoding="utf-8")
    assert main(["rulings", "doubleblind", "--write", str(tmp_path / "missing.md")]) == 2
