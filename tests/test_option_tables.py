"""Option wording lives once: each game's ``Options.IN_WORDS``; the rule pages' tables follow."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import ftwkit
from ftwkit.options import describe_options, option_rows

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import option_tables


def test_every_rule_page_carries_the_generated_options_table() -> None:
    assert option_tables.stale_pages(write=False) == [], "run: python tools/option_tables.py"


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_every_switch_of_every_game_is_worded(game: str) -> None:
    specs = describe_options(ftwkit.rules(game).Options)
    assert specs and all(s.wording is not None and s.words for s in specs)
    rows = option_rows(ftwkit.rules(game).Options)
    assert [row.split(" | ")[0] for row in rows] == [f"| `{s.name}`" for s in specs]


def test_the_table_is_made_from_the_words_and_only_the_table_is_rewritten() -> None:
    page = (option_tables.RULES / "forthewin.md").read_text(encoding="utf-8")
    rows = option_rows(ftwkit.rules("forthewin").Options)
    assert "| `allow_pass` | [FW6](#fw6) | **`false`**, `true` | no passing; or a player" in page
    assert any(r.startswith("| `start` | set-up | **`orthogonal`**, `diagonal` |") for r in rows)
    changed = option_tables.with_table(page, ["| `x` | set-up | `1` | one |"])
    assert "| `x` | set-up | `1` | one |\n" in changed and "| `allow_pass` |" not in changed
    before, after = page.split(option_tables.HEADER)
    assert changed.startswith(before) and changed.endswith(after[after.index("\n\n") :])


def test_a_switch_reads_each_choice_by_its_phrase() -> None:
    spec = {s.name: s for s in describe_options(ftwkit.rules("playwin").Options)}["approach"]
    assert spec.ruling == "PW3"
    assert spec.phrases() == {
        "strict": "must get strictly closer to the nearest enemy",
        "no_farther": "may also stay as close (the author's variant)",
        "any_piece_closer": "closer to any one enemy piece",
    }
    size = {s.name: s for s in describe_options(ftwkit.rules("doubleblind").Options)}["size"]
    assert size.phrases() == {} and size.wording is not None and "5 to 25" in size.wording.values
