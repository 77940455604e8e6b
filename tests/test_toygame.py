"""A sixth game registered with one call appears in the registry, the renderers, the explorer,
the editor, the index and the conformance suite, with no other edit (issue 13)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import toygame
from conformance import check_everything

import ftwkit
from ftwkit import registry, render

FIVE = ("forthewin", "playwin", "ftwcards", "doubleblind", "pnrz")


@pytest.fixture(scope="module", autouse=True)
def sixth_game() -> Iterator[None]:
    assert ftwkit.game_ids() == FIVE
    toygame.register()  # the one call
    yield
    toygame.unregister()
    assert ftwkit.game_ids() == FIVE


def test_the_registry_knows_the_game_and_its_renderer() -> None:
    assert ftwkit.game_ids() == (*FIVE, "tictactoe")
    assert registry.game("tictactoe") is toygame.GAME
    assert ftwkit.rules("tictactoe").title == "Tic-tac-toe"
    assert render.renderer("tictactoe") is toygame.GAME.renderer
    assert render.svg(ftwkit.rules("tictactoe").new()).startswith("<svg")
    with pytest.raises(ValueError, match="already registered"):
        registry.register(toygame.GAME)
    with pytest.raises(ValueError, match="was not added with register"):
        registry.unregister("playwin")  # the built-in games stay


def test_the_explorer_plays_it_by_clicks() -> None:
    from widgets import Explorer

    ex = Explorer("tictactoe")

    def click(cell: str) -> None:
        box = ex.board.renderer.target_box(ex.state, cell)
        ex.click(box[0] + box[2] / 2, box[1] + box[3] / 2)

    for cell in ("a1", "a2", "b2"):
        click(cell)
    assert ex.session.line == ("a1", "a2", "b2")
    click("b2")
    assert ex.message == (
        "Why not b2? b2 already holds Crosses's mark: a mark goes on an empty cell (TT1). "
        "Moves can start at: a3, b1, b3, c1, c2, c3."
    )
    for cell in ("a3", "c3"):
        click(cell)
    assert ex.state.is_over and ex.state.winners == (0,)
    assert ex.status.startswith("Crosses won")


def test_the_editor_offers_its_tools() -> None:
    from widgets import ScenarioEditor

    editor = ScenarioEditor("tictactoe")
    assert editor.tools == ["place Crosses", "place Noughts", "remove", "change owner"]
    editor.apply_tool("place Noughts", "b2")
    editor.apply_tool("place Crosses", "a1")
    assert editor.position["marks"] == [["a1"], ["b2"]]
    assert editor.state is not None and editor.state.legal_moves()[0] == toygame.Mark("b1")


def test_the_index_shows_its_card() -> None:
    from widgets import dashboard

    page = dashboard.gallery().data
    assert page.count('class="ftw-card"') == 6
    assert 'data-game="tictactoe"' in page and "The test suite&#x27;s sixth game." in page
    assert [d.game for d in dashboard.dashboards()].count("tictactoe") == 0  # no notebooks


def test_the_conformance_suite_passes() -> None:
    check_everything("tictactoe")
