"""A move entered click by click survives a stray click (the designer's-experience issue)."""

from __future__ import annotations

import ftwkit
from ftwkit.explore import STRAY_CLICK
from widgets import Explorer

# South's C3 can capture C4 then D4 (or D4 then C4): two leaps, several landings.
CHAIN = {"to_play": 0, "pieces": [["C3", "A1"], ["C4", "D4", "I9"]]}


def _chain_started() -> Explorer:
    ex = Explorer(ftwkit.rules("playwin").load(CHAIN))
    ex.select("C3")
    ex.select("D5")  # the first leap (over C4 or over D4: both land on D5)
    assert ex.selection == ("C3", "D5")
    return ex


def test_a_click_on_a_cell_that_continues_nothing_keeps_the_chain_and_says_why() -> None:
    ex = _chain_started()
    ex.select("H8")
    assert ex.selection == ("C3", "D5")
    assert ex.session.highlighted == {"B4", "C3", "E4"}
    assert ex.message.startswith("Why not C3 → D5 → H8? the capture from C3 cannot land on H8")
    ex.select("E4")
    assert ex.session.line == ("C3xC4-D5xD4-E4",)


def test_a_click_beside_the_board_keeps_the_chain() -> None:
    ex = _chain_started()
    ex.select(None)
    assert ex.selection == ("C3", "D5") and ex.message == STRAY_CLICK
    ex.select("B4")
    assert ex.session.line == ("C3xD4-D5xC4-B4",)


def test_a_click_on_the_last_place_takes_one_step_back() -> None:
    ex = _chain_started()
    ex.select("D5")
    assert ex.selection == ("C3",)
    ex.select("C3")
    assert ex.selection == ()


def test_a_stray_click_after_only_picking_a_piece_still_puts_it_down() -> None:
    ex = Explorer(ftwkit.rules("playwin").load(CHAIN))
    ex.select("C3")
    ex.select(None)
    assert ex.selection == () and ex.message == ""
    ex.select("C3")
    ex.select("H8")
    assert ex.selection == () and ex.message.startswith("Why not C3 → H8?")


def test_the_status_line_speaks_of_the_step_the_board_shows() -> None:
    from ftwkit.render.recording import RecordingCanvas

    ex = Explorer(ftwkit.rules("playwin").load(CHAIN))
    ex.play("C3xC4-D5xD4-E4")
    assert ex.status == "South won · winners: South · move 1 of 1"
    ex.step(1)
    canvas = RecordingCanvas(*ex.board.renderer.size(ex.session.shown_state))
    ex.board.renderer.draw(canvas, ex.session.shown_state)
    drawn = [str(call[1]) for call in canvas.calls if call[0] == "fill_text"]
    assert "South to play" in drawn and "South won" not in drawn
    assert ex.status == "South to play · inside move 1 of 1: step 1 of 2: C3xC4-D5"
    ex.step(None)
    assert ex.status == "South won · winners: South · move 1 of 1"


def _per_piece_case_2() -> Explorer:
    from widgets import dashboard

    case = dashboard.case("playwin", "02-maximum-across-pieces")
    return Explorer(ftwkit.rules("playwin", max_capture="per_piece").load(case.position))


def test_a_click_on_another_capturing_piece_keeps_the_chain_until_it_is_clicked_again() -> None:
    ex = _per_piece_case_2()  # the Play Win note's case 2 under max_capture = per_piece
    ex.select("E5")
    ex.select("F4")
    ex.select("A1")  # A1 can capture too: one click does not drop E5-F4
    assert ex.selection == ("E5", "F4")
    assert ex.message == (
        "A1 starts another move: the one entered so far (E5-F4) is kept. Click A1 again to "
        "drop it and start there, or go on from F4."
    )
    ex.select("D3")  # going on from F4 finishes the chain
    assert ex.session.line == ("E5xF5-F4xE3-D3",)
    ex.back()
    for cell in ("E5", "F4", "A1", "A1"):  # a second click on A1 starts from there
        ex.select(cell)
    assert ex.selection == ("A1",) and ex.message == ""


def test_the_pieces_jumped_so_far_are_marked_while_a_chain_is_entered() -> None:
    ex = _per_piece_case_2()
    crossed: list[set[object]] = []  # what each picture of the board crosses out
    ex.board.client_ready = True
    ex.board.draw = lambda *_a, passed=(), **_k: crossed.append(set(passed))  # type: ignore[method-assign]
    ex.select("E5")
    ex.select("F4")
    ex.select("F4")  # a step back: nothing jumped yet
    assert crossed == [set(), {"F5"}, set()]


def test_the_steps_inside_a_chain_name_each_leap() -> None:
    ex = _per_piece_case_2()
    ex.play("E5xF5-F4xE3-D3")
    assert [step.label for step in ex.session.steps()] == [
        "before the move",
        "step 1 of 2: E5xF5-F4",
        "step 2 of 2: F4xE3-D3",
    ]
    six = Explorer("playwin")
    from widgets import dashboard

    six.load_json(dashboard.case("playwin", "03-six-leap-chain").position)
    six.play("E5xE6-F7xG7-G6xG5-F4xE3-D3xC3-C4xC5-D6")
    assert [step.label for step in six.session.steps()][3] == "step 3 of 6: G6xG5-F4"
