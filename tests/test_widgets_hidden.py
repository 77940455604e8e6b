"""With a player's view set, the page shows only what that player may see (issue 12 item 11)."""

from __future__ import annotations

import pytest

import ftwkit
from ftwkit.errors import IllegalMove
from ftwkit.explore.visibility import masked_notation
from widgets import Explorer


def passes(state: ftwkit.State, n: int) -> tuple[ftwkit.State, list[str]]:
    played = []
    for _ in range(n):
        move = state.legal_moves()[0]
        played.append(str(move))
        state = state.play(move)
    return state, played


def test_a_pass_of_another_player_is_masked_and_ones_own_is_not() -> None:
    state = ftwkit.rules("ftwcards").new(players=3, seed=1)
    move = state.legal_moves()[7]
    assert masked_notation(state, move, viewer=None) is None
    assert masked_notation(state, move, viewer=0) is None  # the mover sees their own pass
    assert masked_notation(state, move, viewer=1) == "pass ? ? ?"
    assert masked_notation(state, move, viewer=2) == "pass ? ? ?"


def test_a_public_move_of_another_player_is_shown_in_full() -> None:
    state, _ = passes(ftwkit.rules("ftwcards").new(players=3, seed=1), 3)
    move = state.legal_moves()[0]
    assert str(move).startswith("play ")
    assert all(masked_notation(state, move, viewer=v) is None for v in range(3))


def test_perfect_information_games_hide_nothing() -> None:
    state = ftwkit.rules("playwin").new()
    move = state.legal_moves()[0]
    assert masked_notation(state, move, viewer=1) is None


def test_view_as_the_player_to_move_masks_the_others_passes_everywhere() -> None:
    ex = Explorer("ftwcards", players=3, seed=1)
    _, played = passes(ex.state, 2)
    for text in played:
        ex.play(text)
    ex.set_view("to_play")  # Player 3 is to pass now
    assert ex.view == 2
    assert ex.session.line == ("pass ? ? ?", "pass ? ? ?")
    assert ex.session.lines == [("pass ? ? ?", "pass ? ? ?")]
    labels = [label for label, _ in ex.history.moves.options]
    assert labels == ["start", "1. pass ? ? ? (Player 1)", "2. pass ? ? ? (Player 2)"]
    variations = " ".join(label for label, _ in ex.history.tree_select.options)
    for text in played:
        assert text.split(" ", 1)[1] not in variations
    # the downloads: the position is Player 3's observation; the record is not offered
    data = ex.session.position()
    assert data == ex.state.observation(2)
    assert data["hands"][0] == [None] * len(data["hands"][0])
    ex.settings.selected_index = 1  # open "Load / save / export"
    downloads = ex.files.downloads.value
    assert "Download Player 3&#x27;s view" in downloads
    assert "record" in downloads and "Download record" not in downloads
    with pytest.raises(IllegalMove, match="designer"):
        ex.session.record()
    # Player 1, looking back at move 1, reads their own pass in full
    ex.set_view(0)
    assert ex.session.line[0] == played[0] and ex.session.line[1] == "pass ? ? ?"
    ex.set_view(None)
    assert ex.session.line == tuple(played)
    assert ex.session.position() == ex.state.to_json()


def test_a_fixed_view_does_not_offer_or_explain_another_players_moves() -> None:
    ex = Explorer("ftwcards", players=3, seed=1, view=1)
    mover_hand = ex.state.to_json()["hands"][0]
    assert ex.session.highlighted == frozenset() and list(ex.session.buttons) == []
    assert not ex.play(f"pass {mover_hand[0]} {mover_hand[1]} {mover_hand[2]}")
    assert "Player 1's turn" in ex.message and "Player 2's view" in ex.message
    refusal = ex.message
    ex.select(mover_hand[0])
    assert ex.selection == () and ex.message == refusal
    # a wrong card typed for the hidden player gets the same answer, not the engine's reason
    ex.play("pass 1 2 3")
    assert ex.message == refusal
    assert ex.session.line == ()


def test_the_last_move_is_not_marked_on_the_board_when_it_is_masked() -> None:
    ex = Explorer("ftwcards", players=3, seed=1, view=1)
    ex.set_view(None)
    ex.play(str(ex.state.legal_moves()[0]))
    ex.set_view(1)
    seen = []
    original = ex.board.renderer.draw

    def spy(canvas, state, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(kwargs["last_move"])
        original(canvas, state, **kwargs)

    ex.board.renderer = type(
        "Spy", (), {"draw": staticmethod(spy), "size": ex.board.renderer.size}
    )()
    ex.canvas._handle_frontend_event(ex.canvas, {"event": "client_ready"}, [])
    ex.set_view(0)
    assert seen == [False, True]
