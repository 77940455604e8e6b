"""A chain entered click by click in the session: kept on a click on another capturing piece,
its jumped pieces named, its steps labelled by leap (no widget library involved)."""

from __future__ import annotations

import ftwkit
from ftwkit.explore import Session
from ftwkit.explore.leaps import leaps, passed_over

# The Play Win note's case 2 under max_capture = per_piece: E5 and A1 can both capture.
PER_PIECE = {
    "game": "playwin",
    "options": {"max_capture": "per_piece"},
    "to_play": 0,
    "pieces": [["A1", "E5"], ["B1", "E3", "F5", "I9"]],
}


def _session() -> Session:
    return Session(ftwkit.rules("playwin", max_capture="per_piece").load(PER_PIECE))


def test_a_click_on_another_capturing_piece_keeps_the_chain_until_it_is_clicked_again() -> None:
    s = _session()
    s.click("E5")
    s.click("F4")
    kept = s.click("A1")
    assert kept.kind == "kept" and kept.clicks == ("E5", "F4") and not kept.error
    assert kept.message == (
        "A1 starts another move: the one entered so far (E5-F4) is kept. Click A1 again to "
        "drop it and start there, or go on from F4."
    )
    assert str(s.click("D3").move) == "E5xF5-F4xE3-D3"
    s.back()
    for cell in ("E5", "F4", "A1"):
        s.click(cell)
    again = s.click("A1")
    assert again.kind == "selected" and s.clicks == ("A1",) and s.message == ""
    for cell in ("E5", "F4", "A1"):  # anything else in between forgets the first A1
        s.click(cell)
    s.click(None)
    assert s.click("A1").kind == "kept"


def test_the_pieces_jumped_so_far_are_named_while_a_chain_is_entered() -> None:
    s = _session()
    places = ["A1", "E5", "F5", "F4", "E3", "D3", "E2", "B1", "C2"]
    s.click("E5")
    assert s.passed_over(places) == frozenset()
    s.click("F4")
    assert s.passed_over(places) == {"F5"}
    s.click("F4")  # a step back
    assert s.clicks == ("E5",) and s.passed_over(places) == frozenset()


def test_leaps_read_the_notation_between_targets() -> None:
    assert leaps("E5xE6-F7xG7-G6xG5-F4", ("E5", "F7", "G6", "F4")) == [
        "E5xE6-F7",
        "F7xG7-G6",
        "G6xG5-F4",
    ]
    assert leaps("B3-C3", ("B3",)) is None and leaps("pass", ("A1", "B2")) is None
    state = ftwkit.rules("playwin").load(PER_PIECE)
    moves = [m for m in state.legal_moves() if str(m).startswith("E5xF5-F4")]
    assert len(moves) == 2  # E3 then D3 or E2: both jumped F5 first
    assert passed_over(moves, ("E5", "F4"), ["F5", "A10", "A1"]) == {"F5"}
