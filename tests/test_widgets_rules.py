"""The Rules panel and ruling links: every cited ruling links to an anchor the panel shows."""

from __future__ import annotations

import re

import pytest

import ftwkit
from ftwkit.options import describe_options
from widgets import Explorer
from widgets.rules_docs import link_rulings, option_words, rules_html, rules_panel, ruling_ids

GAMES = ftwkit.game_ids()


def test_a_ruling_id_becomes_a_link_to_its_anchor() -> None:
    linked = link_rulings("may not pass (FW6; see allow_pass)")
    assert linked.startswith('may not pass (<a class="ftw-ruling" href="#fw6"')
    assert linked.endswith(">FW6</a>; see allow_pass)")


def test_an_id_without_an_entry_stays_text() -> None:
    assert link_rulings("FW31, PN99 and XY3") == "FW31, PN99 and XY3"


def test_a_range_links_both_ends() -> None:
    assert re.findall(r'href="#(\w+)"', link_rulings("(FW1-FW3)")) == ["fw1", "fw3"]


@pytest.mark.parametrize("game", GAMES)
def test_the_panel_carries_an_anchor_for_every_ruling(game: str) -> None:
    page = rules_panel(game).value
    ids = ruling_ids(game)
    assert len(ids) >= 13
    for ruling in ids:
        assert f'<a id="{ruling.lower()}"></a>' in page


@pytest.mark.parametrize("game", GAMES)
def test_the_rendered_page_links_only_inside_itself(game: str) -> None:
    hrefs = re.findall(r'href="([^"]*)"', rules_html(game))
    assert hrefs and all(h.startswith("#") for h in hrefs), hrefs


def test_a_refused_move_links_the_ruling_it_cites() -> None:
    explorer = Explorer("forthewin")
    assert not explorer.play("add pirate 3,3")
    assert explorer.message.endswith("(FW13)")
    assert '<a class="ftw-ruling" href="#fw13"' in explorer.lines.message.value


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_words_on_its_rule_page(game: str) -> None:
    words = option_words(game)
    names = [spec.name for spec in describe_options(ftwkit.rules(game).Options)]
    assert sorted(words) == sorted(names)


def test_option_words_split_into_one_phrase_per_choice() -> None:
    grid = option_words("forthewin")["grid_check"]
    assert grid.ruling == "FW1"
    assert grid.phrase("per_action_all") == "after every single action"
    assert option_words("forthewin")["allow_pass"].phrase("false") == "no passing"
