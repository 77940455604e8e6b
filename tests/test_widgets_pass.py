"""Hot seat with hidden hands: between two people the board is covered until the next one clicks."""

from __future__ import annotations

import pytest

import ftwkit
from ftwkit.errors import IllegalMove
from widgets import Explorer
from widgets.computer import PERSON


def _to_play_view(game: str) -> Explorer:
    ex = Explorer(game)
    ex.set_view("to_play")
    return ex


def _first_move(ex: Explorer) -> None:
    assert ex.play(ex.state.legal_moves()[0]), ex.message


@pytest.mark.parametrize("game", ["ftwcards", "doubleblind", "pnrz"])
def test_the_board_is_covered_until_the_next_player_is_ready(game: str) -> None:
    ex = _to_play_view(game)
    first = ex.state.to_play
    assert ex.view == first and ex.session.pass_to is None
    while ex.state.to_play == first:  # pnrz's set-up may give a player two picks in a row
        _first_move(ex)
    nxt = ex.state.to_play
    assert nxt is not None and ex.session.pass_to == nxt
    # still the previous player's view: nothing of the next hand is shown or offered
    assert ex.view == first
    assert ex.session.highlighted == frozenset() and list(ex.session.buttons) == []
    assert "pass" not in ex.status.split(" · ")[-1]  # the status keeps its length: no jump
    ex.ready()
    assert ex.session.pass_to is None and ex.view == nxt
    assert ex.session.highlighted or list(ex.session.buttons)


def test_a_move_on_the_covered_board_is_refused() -> None:
    ex = _to_play_view("ftwcards")
    _first_move(ex)
    assert not ex.play(ex.state.legal_moves()[0])
    assert ex.message == (
        "pass the device to Player 2: the board stays covered until they click it"
    )
    assert ex.session.index == 1


def test_a_click_on_the_cover_uncovers_it() -> None:
    ex = _to_play_view("ftwcards")
    _first_move(ex)
    ex.click(3, 3)
    assert ex.session.pass_to is None and ex.view == 1 and ex.message == ""


def test_no_cover_in_a_game_without_hidden_information() -> None:
    ex = _to_play_view("playwin")
    ex.play(ex.state.legal_moves()[0])
    assert ex.session.pass_to is None and ex.view == 1


def test_no_cover_in_a_fixed_view_or_the_designers() -> None:
    for view in (None, 0):
        ex = Explorer("ftwcards", view=view)
        _first_move(ex)
        assert ex.session.pass_to is None


def test_no_cover_when_the_computer_plays_the_other_seat() -> None:
    ex = _to_play_view("ftwcards")
    ex.computer.set_seat(1, ex.computer.choices[1])
    ex.computer.stop()
    _first_move(ex)
    assert ex.computer.seats[0] == PERSON and ex.session.pass_to is None and ex.view == 0


def test_the_cover_shows_after_the_loaded_position_changes_hands() -> None:
    ex = _to_play_view("ftwcards")
    state = ftwkit.rules("ftwcards").new(seed=2024)
    state = state.play(state.legal_moves()[0])
    assert ex.load_json(state.to_json())
    assert ex.session.pass_to == 1 and ex.view == 0


def test_the_move_list_shows_only_what_both_players_may_read_while_covered() -> None:
    ex = _to_play_view("ftwcards")
    ex.settings.selected_index = 1  # open "Load / save / export"
    move = ex.state.legal_moves()[0]
    _first_move(ex)
    assert ex.session.line == ("pass ? ? ?",)
    assert "nothing to download while the board is covered" in ex.files.downloads.value
    assert "Download" not in ex.files.downloads.value
    ex.ready()
    assert ex.session.line == ("pass ? ? ?",)  # Player 2's view of Player 1's pass
    ex.back()  # back to Player 1's turn: covered again, then Player 1 sees their own pass
    assert ex.session.pass_to == 0
    ex.ready()
    ex.forward()
    assert ex.session.pass_to == 1 and ex.session.line == ("pass ? ? ?",)
    ex.set_view(0)
    assert ex.session.line == (str(move),)


def test_no_picture_of_the_covered_board() -> None:
    ex = _to_play_view("ftwcards")
    _first_move(ex)
    assert ex.board_export.button.disabled
    with pytest.raises(IllegalMove, match="while the board is covered: pass the device to Pl"):
        ex.picture_svg()
    ex.ready()
    assert not ex.board_export.button.disabled and ex.picture_svg().startswith("<svg")


def test_the_player_to_move_view_can_be_asked_for_when_the_explorer_is_made() -> None:
    made = Explorer("ftwcards", players=3, view="to_play")
    later = Explorer("ftwcards", players=3)
    later.set_view("to_play")
    assert made.view == later.view == 0
    assert made.setup.view.value == later.setup.view.value
