"""Play Win (RULINGS §2): one rule per test, bad input, random-game properties, brute force."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ftwkit
from ftwkit import IllegalMove, InvalidState
from ftwkit.games.playwin import BOARD, Approach, Capture, PlayWinState
from ftwkit.geometry.hexgrid import (
    DIRECTIONS,
    VERTEX_DIRECTIONS,
    HexBoard,
    add,
    euclid_distance_sq,
    hex_distance,
    pixel_center,
    turn,
)

NAMES = [BOARD.name(c) for c in BOARD.cells]


def pos(south: list[str], north: list[str], to_play: int = 0, **options: Any) -> PlayWinState:
    """A position from cell lists, under the given options."""
    state = ftwkit.rules("playwin", **options).load(
        {"game": "playwin", "to_play": to_play, "pieces": [south, north]}
    )
    assert isinstance(state, PlayWinState)
    return state


def legal(state: ftwkit.State) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def from_cell(state: ftwkit.State, src: str) -> set[str]:
    """The legal moves (notation) of the piece on ``src``."""
    return {str(m) for m in state.legal_moves() if str(m).startswith(src)}


# ------------------------------------------------------------------------------- hex geometry
def test_hexgrid_names_follow_the_abalone_convention() -> None:
    board = HexBoard(4)
    assert len(board) == 61
    rows = {letter: [board.name(c) for c in board.row(letter)] for letter in board.row_names()}
    assert rows["A"] == ["A1", "A2", "A3", "A4", "A5"]
    assert rows["E"] == [f"E{n}" for n in range(1, 10)]
    assert rows["I"] == ["I5", "I6", "I7", "I8", "I9"]
    assert rows["F"][0] == "F2" and rows["H"][0] == "H4"
    for cell in board:
        assert board.axial(board.name(cell)) == cell
    assert board.axial("e5") == (0, 0)


def test_hexgrid_neighbours_match_the_ruling_offsets() -> None:
    # RULINGS 2.2: (R, N±1), (R+1, N), (R+1, N+1), (R−1, N), (R−1, N−1), in E, NE, NW, W, SW, SE
    board = HexBoard(4)
    assert [board.name(add(board.axial("C3"), d)) for d in DIRECTIONS] == [
        "C4", "D4", "D3", "C2", "B2", "B3",
    ]  # fmt: skip
    assert [board.name(c) for c in board.neighbours(board.axial("A1"))] == ["A2", "B2", "B1"]


def test_hexgrid_turns_and_distances() -> None:
    assert [turn(0, 1), turn(0, -1), turn(5, 1), turn(3, 6)] == [1, 5, 0, 3]
    assert all(add(DIRECTIONS[i], DIRECTIONS[turn(i, 1)]) == VERTEX_DIRECTIONS[i] for i in range(6))
    board = HexBoard(4)
    assert hex_distance(board.axial("A1"), board.axial("A5")) == 4
    assert hex_distance(board.axial("A1"), board.axial("E9")) == 8
    assert euclid_distance_sq((0, 0), (2, -1)) == 3 and euclid_distance_sq((0, 0), (2, 0)) == 4
    x, y = pixel_center((0, 1), 10.0)
    assert y == 15.0 and abs(x - 8.660254) < 1e-6
    with pytest.raises(ValueError, match="J10"):
        board.axial("J10")
    with pytest.raises(ValueError):
        board.name((5, 0))


def test_hexgrid_radius_is_a_parameter() -> None:
    small = HexBoard(2)
    assert len(small) == 19
    assert [small.name(c) for c in small.row("A")] == ["A1", "A2", "A3"]
    assert small.name((0, 0)) == "C3"


# ------------------------------------------------------------------------------------ set-up
def test_setup_puts_eleven_pieces_each_on_the_two_nearest_rows() -> None:
    state = ftwkit.rules("playwin").new()
    data = state.to_json()
    assert data["pieces"][0] == ["A1", "A2", "A3", "A4", "A5"] + [f"B{n}" for n in range(1, 7)]
    assert data["pieces"][1] == [f"H{n}" for n in range(4, 10)] + [f"I{n}" for n in range(5, 10)]
    assert state.to_play == 0
    assert ftwkit.rules("playwin").player_names(2) == ("South", "North")


def test_first_option_lets_north_start() -> None:
    assert ftwkit.rules("playwin", first="north").new().to_play == 1


# ---------------------------------------------------------------------------------- captures
def test_capture_is_compulsory() -> None:
    state = pos(["C3", "A1"], ["D4", "I9"])
    assert legal(state) == {"C3xD4-E4", "C3xD4-D5"}
    with pytest.raises(
        IllegalMove, match="a capture of 1 piece is available; captures are compulsory"
    ):
        state.play("A1-B1")


def test_a_single_leap_offers_two_landing_cells() -> None:
    state = pos(["C3", "A1"], ["D4", "I9"])
    moves = {m.targets for m in state.legal_moves()}
    assert moves == {("C3", "E4"), ("C3", "D5")}


def test_a_leap_must_bend_sixty_degrees() -> None:
    state = pos(["C3", "A1"], ["D4", "I9"])
    with pytest.raises(IllegalMove, match="C3xD4-E5 is a straight jump"):
        state.play("C3xD4-E5")


def test_a_leap_lands_only_on_the_two_bent_cells() -> None:
    state = pos(["C3", "A1"], ["D4", "I9"])
    assert state.explain("C3xD4-F5") == (
        "a short bent leap from C3 over D4 lands on E4 or D5, not F5"
    )


def test_only_opposing_pieces_can_be_jumped() -> None:
    state = pos(["C3", "D4", "A1"], ["C4", "I9"])
    assert state.explain("C3xD4-E4") == "D4 holds a South piece: only opposing pieces can be jumped"
    assert state.explain("C3xD3-D4") == "D3 is empty: a leap must jump a North piece"
    assert state.explain("C3xE5-F5") == "E5 is not next to C3: a leap jumps an adjacent cell"


def test_a_leap_must_land_on_an_empty_cell() -> None:
    state = pos(["C3", "E4", "A1"], ["D4", "I9"])
    assert legal(state) == {"C3xD4-D5", "E4xD4-D5"}
    assert state.explain("C3xD4-E4") == "E4 is occupied: a leap must land on an empty cell"


def test_the_same_landing_cell_can_be_reached_by_jumping_either_cell_between() -> None:
    # D5 is reached from C3 over C4 or over D4; the series then goes on over the other piece.
    state = pos(["C3", "A1"], ["C4", "D4", "I9"])
    assert legal(state) == {
        "C3xC4-D5xD4-C3",
        "C3xC4-D5xD4-E4",
        "C3xD4-D5xC4-B4",
        "C3xD4-D5xC4-C3",
    }
    first = {m for m in state.legal_moves() if isinstance(m, Capture) and m.path[1] == "D5"}
    assert {m.captured for m in first} == {("C4", "D4"), ("D4", "C4")}


def test_capture_must_take_the_maximum_across_pieces() -> None:
    # A1 can take 1 piece; E5 can take 2 (over F5 then E3 or F3): only E5 may capture.
    state = pos(["E5", "A1"], ["B1", "E3", "F5", "I9"])
    moves = legal(state)
    assert moves and all(m.startswith("E5") for m in moves)
    assert all(len(m.leaps) >= 2 for m in state.legal_moves() if isinstance(m, Capture))
    assert state.explain("A1xB1-C2") == (
        "A1xB1-C2 captures 1 piece but a capture of 2 pieces is available: the most must be taken"
    )


def test_capture_must_continue_while_a_leap_exists() -> None:
    state = pos(["C3", "A1"], ["D4", "E5", "I9"])
    assert state.explain("C3xD4-E4") == (
        "the capture must go on: the piece on E4 can still leap over E5"
    )


def test_per_piece_maximum_lets_any_capturing_piece_move() -> None:
    state = pos(["E5", "A1"], ["B1", "E3", "F5", "I9"], max_capture="per_piece")
    starts = {m.src for m in state.legal_moves() if isinstance(m, Capture)}
    assert starts == {"A1", "E5"}
    assert "A1xB1-C2" in legal(state)
    assert state.explain("E5xF5-G6") == (
        "E5xF5-G6 captures 1 piece but the piece on E5 can capture 2 pieces: the most must be taken"
    )
    assert (
        state.explain("E5xF5-F4")
        == "the capture must go on: the piece on F4 can still leap over E3"
    )


def test_no_maximum_allows_any_complete_series() -> None:
    state = pos(["C3", "E5", "A1"], ["D4", "F5", "E3", "B1", "I9"], max_capture="none")
    counts = {len(m.leaps) for m in state.legal_moves() if isinstance(m, Capture)}
    assert 1 in counts and max(counts) >= 2
    assert state.explain("C3xD4-E4").startswith("the capture must go on")  # type: ignore[union-attr]


def test_a_series_may_revisit_its_start_cell() -> None:
    state = pos(["E5", "A1"], ["C3", "D4", "D5", "D6", "E6"])
    assert legal(state) == {"E5xD4-D3xC3-C4xD5-E5xE6-F7", "E5xD5-C4xC3-D3xD4-E5xE6-F7"}


def test_a_series_may_land_twice_on_the_same_cell() -> None:
    state = pos(["E5", "A1"], ["E3", "F3", "F5", "I9"])
    assert legal(state) == {
        "E5xF5-F4xF3-E2xE3-F4",
        "E5xF5-F4xF3-E2xE3-D3",
        "E5xF5-F4xE3-E2xF3-G3",
        "E5xF5-F4xE3-E2xF3-F4",
    }


def test_a_six_leap_series_around_the_ring() -> None:
    state = pos(["E5", "A1"], ["C3", "C5", "E3", "E6", "G5", "G7", "I9"])
    assert legal(state) == {
        "E5xE6-F7xG7-G6xG5-F4xE3-D3xC3-C4xC5-D6",
        "E5xE6-F7xG7-G6xG5-F4xE3-D3xC3-C4xC5-B5",
        "E5xE6-D6xC5-C4xC3-D3xE3-F4xG5-G6xG7-H8",
        "E5xE6-D6xC5-C4xC3-D3xE3-F4xG5-G6xG7-F7",
    }
    after = state.play("E5xE6-F7xG7-G6xG5-F4xE3-D3xC3-C4xC5-D6")
    assert after.to_json()["pieces"] == [["A1", "D6"], ["I9"]]


def test_end_of_move_removal_never_changes_the_moves() -> None:
    # A leaper stays on one third of the cells (bent leaps are vertex steps), jumped cells are on
    # the other two thirds, so captured pieces left standing can never block a landing (PW7).
    for seed in range(40):
        south, north = random_position(random.Random(seed))
        a = pos(south, north)
        b = pos(south, north, removal="end_of_move")
        assert legal(a) == legal(b)


def test_capture_notation_and_move_fields() -> None:
    move = Capture("C3", (("D4", "E4"), ("E5", "F6")))
    assert str(move) == "C3xD4-E4xE5-F6"
    assert move.captured == ("D4", "E5")
    assert move.path == ("C3", "E4", "F6")
    assert move.targets == ("C3", "E4", "F6")
    state = pos(["C3", "A1"], ["D4", "E5", "I9"])
    assert state.rules.parse_move(state, "c3 x d4 - e4 x e5 - f6") == move
    assert Approach("C3", "E3").targets == ("C3", "E3") and str(Approach("C3", "E3")) == "C3-E3"


# ---------------------------------------------------------------------------------- approach
def test_approach_distance_is_limited_to_one_fewer_than_pieces_in_play() -> None:
    state = pos(["C3", "A1", "A2", "A3"], ["I5"])
    assert state.explain("C3-G3") == "C3-G3 moves 4 cells but South has 4 pieces in play: at most 3"
    assert state.explain("C3-F3") is None
    assert {m[3:] for m in from_cell(state, "C3")} == {
        "D3",
        "E3",
        "F3",
        "D4",
        "E5",
        "F6",
    }


def test_approach_must_end_strictly_closer() -> None:
    state = pos(["C3", "A1", "A2", "A3"], ["C7"])
    assert state.explain("C3-D3") == (
        "C3-D3 must end closer to at least one opposing piece than its original distance to all"
        " opposing pieces (closer than the nearest one was)"
    )
    assert from_cell(state, "C3") == {"C3-C4", "C3-C5", "C3-C6"}


def test_no_farther_variant_allows_staying_at_the_same_distance() -> None:
    state = pos(["C3", "A1", "A2", "A3"], ["C7"], approach="no_farther")
    # B3, D4, E5 and F6 are 4 from C7 like C3; D3 would be 5 away
    assert from_cell(state, "C3") == {
        "C3-C4", "C3-C5", "C3-C6", "C3-D4", "C3-E5", "C3-F6", "C3-B3",
    }  # fmt: skip
    assert state.explain("C3-D3") == "C3-D3 must end no farther from the nearest opposing piece"


def test_any_piece_closer_variant_compares_each_opposing_piece() -> None:
    # C3 is 2 from C1 and 4 from C7: C4 and C5 get closer to C7 but farther from C1.
    strict = pos(["C3", "A1", "A2", "A3"], ["C1", "C7"])
    loose = pos(["C3", "A1", "A2", "A3"], ["C1", "C7"], approach="any_piece_closer")
    assert from_cell(strict, "C3") == {"C3-C2", "C3-C6"}
    assert from_cell(loose, "C3") == {
        "C3-C2", "C3-C4", "C3-C5", "C3-C6",
    }  # fmt: skip
    assert loose.explain("C3-D3") == "C3-D3 must end closer to at least one opposing piece"


def test_euclid_distance_variant_measures_between_centres() -> None:
    # C3 is 2 steps from E5 in a straight line (4 units²); D3 and C4 are 2 steps off the line
    # (3 units²): closer between centres, not in steps.
    hexa = pos(["C3", "A1"], ["E5"])
    euclid = pos(["C3", "A1"], ["E5"], distance="euclid")
    assert from_cell(hexa, "C3") == {"C3-D4"}
    assert from_cell(euclid, "C3") == {"C3-D4", "C3-D3", "C3-C4"}


def test_twelve_lines_variant_adds_vertex_lines() -> None:
    six = pos(["C3", "A1", "A2"], ["I9"])
    twelve = pos(["C3", "A1", "A2"], ["I9"], lines=12)
    assert "C3-D5" not in legal(six)
    assert "C3-D5" in legal(twelve)
    assert six.explain("C3-D5") == "C3-D5 does not follow a straight line of cells"


def test_approach_line_must_be_empty() -> None:
    state = pos(["C3", "C5", "A1", "A2"], ["C7"])
    assert state.explain("C3-C6") == "the line from C3 to C6 is blocked at C5"
    assert state.explain("C3-C5") == "the line from C3 to C5 is blocked at C5"


def test_a_lone_piece_cannot_move_without_capturing() -> None:
    state = pos(["C3"], ["C7", "I9"])
    assert state.legal_moves() == []
    assert state.is_over and state.winners == (1,) and state.to_play is None
    assert state.explain("C3-C4") == (
        "C3-C4 is not possible: the game is over (a lone piece cannot move without capturing)"
    )


def test_a_lone_piece_may_still_capture() -> None:
    state = pos(["C3"], ["C4", "I9"])
    assert legal(state) == {"C3xC4-D5", "C3xC4-B4"}


def test_moving_someone_elses_piece_is_refused() -> None:
    state = pos(["C3", "A1"], ["C7"])
    assert state.explain("C7-C6") == "C7 holds a North piece; South is to play"
    assert state.explain("D3-D4") == "there is no South piece on D3"


# ----------------------------------------------------------------------------------- the end
def test_immobilisation_loses() -> None:
    # Both South pieces already touch North pieces (no cell is closer) and no leap lands free.
    state = pos(["A1", "A2"], ["B1", "B2", "B3", "A3", "C2", "C3", "B4"])
    assert state.legal_moves() == []
    assert state.is_over and state.winners == (1,)
    assert state.status() == "North won"


def test_capturing_the_last_piece_wins() -> None:
    state = pos(["C3", "A1"], ["D4"])
    after = state.play("C3xD4-E4")
    assert after.is_over and after.winners == (0,) and after.to_play is None
    assert after.legal_moves() == []


def test_plies_without_capture_safeguard_draws() -> None:
    rules = ftwkit.rules("playwin", max_plies_without_capture=2)
    state = rules.new()
    state = state.play(state.legal_moves()[0])
    assert not state.is_over and state.to_json()["quiet_plies"] == 1
    state = state.play(state.legal_moves()[0])
    assert state.is_over and state.winners == () and state.status() == "Game over: draw"
    assert ftwkit.rules("playwin").new().to_json()["quiet_plies"] == 0


def test_threefold_repetition_safeguard_draws() -> None:
    rules = ftwkit.rules("playwin", repetition_draw=True, max_plies_without_capture=100)
    same = {"to_play": 0, "pieces": [["C3", "A1"], ["C7"]]}
    state = rules.load({**same, "quiet_plies": 2, "earlier": [same, same]})
    assert state.is_over and state.winners == ()
    once = rules.load({**same, "quiet_plies": 1, "earlier": [same]})
    assert not once.is_over
    nxt = once.play("C3-C4")
    assert nxt.to_json()["earlier"] == [
        {"to_play": 0, "pieces": [["A1", "C3"], ["C7"]]},
        {"to_play": 0, "pieces": [["A1", "C3"], ["C7"]]},
    ]
    assert rules.load(nxt.to_json()) == nxt


def test_repetition_is_a_draw_only_while_the_plies_safeguard_is_on() -> None:
    # RULINGS PW12: repetition_draw alone does nothing: no draw, and no earlier list is kept.
    same = {"to_play": 0, "pieces": [["C3", "A1"], ["C7"]]}
    alone = ftwkit.rules("playwin", repetition_draw=True)
    state = alone.load({**same, "quiet_plies": 2, "earlier": [same, same]})
    assert not state.is_over and state.to_play == 0
    assert "earlier" not in state.play("C3-C4").to_json()
    both = ftwkit.rules("playwin", repetition_draw=True, max_plies_without_capture=10)
    assert both.load({**same, "quiet_plies": 2, "earlier": [same, same]}).is_over
    assert both.new().play("B1-C1").to_json()["earlier"] == [
        {"to_play": 0, "pieces": list(map(list, both.new().to_json()["pieces"]))}
    ]


def test_more_earlier_positions_than_quiet_plies_are_refused() -> None:
    same = {"to_play": 0, "pieces": [["C3", "A1"], ["C7"]]}
    rules = ftwkit.rules("playwin", repetition_draw=True, max_plies_without_capture=100)
    with pytest.raises(InvalidState, match="earlier: 2 earlier positions but quiet_plies is 1"):
        rules.load({**same, "quiet_plies": 1, "earlier": [same, same]})
    with pytest.raises(InvalidState, match=r"quiet_plies: .* up to 100"):
        rules.load({**same, "quiet_plies": 101})


def test_a_finished_game_writes_to_play_null_and_loads_back() -> None:
    # API.md / issue 12 item 7: to_play is null once over; "mover" keeps whose turn it would be.
    rules = ftwkit.rules("playwin")
    state = rules.load({"to_play": 0, "pieces": [["C3"], ["D4"]]})
    won = state.play(state.legal_moves()[0])
    data = won.to_json()
    assert won.is_over and data["to_play"] is None and data["mover"] == 1
    assert rules.load(data) == won and rules.load(data).winners == (0,)
    del data["mover"]  # one side has no pieces: the position shows whose turn it is
    assert rules.load(data) == won
    stuck = rules.load({"to_play": 0, "pieces": [["A1"], ["I9"]]})  # lone pieces: both stuck
    assert stuck.is_over and stuck.winners == (1,)
    data = stuck.to_json()
    assert data["to_play"] is None and rules.load(data) == stuck
    with pytest.raises(InvalidState, match="mover: missing"):
        rules.load({"to_play": None, "pieces": [["A1"], ["I9"]]})
    with pytest.raises(InvalidState, match="either player could still move"):
        rules.load({"to_play": None, "pieces": [["A1", "A2"], ["I9", "I8"]]})
    drawn = ftwkit.rules("playwin", max_plies_without_capture=1).new().play("B1-C1")
    assert drawn.is_over and drawn.to_json()["to_play"] is None
    assert drawn.rules.load(drawn.to_json()) == drawn


# ------------------------------------------------------------------------------- notation etc.
def test_notation_round_trips_and_is_case_insensitive() -> None:
    state = ftwkit.rules("playwin").new()
    for move in state.legal_moves():
        assert state.rules.parse_move(state, str(move).lower()) == move


@pytest.mark.parametrize(
    ("text", "match"),
    [("C3", "not Play Win notation"), ("C3-J10", "unknown cell J10"), ("C3xD4", "notation"),
     ("C3xD4-Z4", "unknown cell Z4"), ("C3--C4", "notation")],
)  # fmt: skip
def test_bad_notation_is_refused(text: str, match: str) -> None:
    state = ftwkit.rules("playwin").new()
    with pytest.raises(IllegalMove, match=match):
        state.rules.parse_move(state, text)


def test_text_diagram_shows_rows_numbers_and_turn() -> None:
    text = str(pos(["C3", "A1"], ["D4"]))
    lines = text.splitlines()
    assert lines[0] == "North" and lines[-1] == "South to play"
    assert "  C . . S . . . . 8" in lines
    assert " D . . . N . . . . 9" in lines
    assert "       1 2 3 4 5" in lines


def test_json_round_trip_keeps_options_and_counters() -> None:
    rules = ftwkit.rules("playwin", approach="no_farther", max_plies_without_capture=50)
    state = rules.new().play("B1-C2")
    data = json.loads(json.dumps(state.to_json()))
    assert data["options"] == {"approach": "no_farther", "max_plies_without_capture": 50}
    assert data["quiet_plies"] == 1
    assert ftwkit.rules("playwin").load(data) == state


# ---------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("data", "match"),
    [
        ({"to_play": 0, "pieces": [["J10"], ["E5"]]}, r"pieces\[0\]\[0\]: unknown cell 'J10'"),
        ({"to_play": 0, "pieces": [["E5"], ["E5"]]}, "two pieces on one cell, E5"),
        ({"to_play": 0, "pieces": [NAMES[:12], ["I9"]]}, r"pieces\[0\]: 12 pieces"),
        ({"to_play": 0, "pieces": [[5], ["E5"]]}, r"pieces\[0\]\[0\]: expected a cell name"),
        ({"to_play": 0, "pieces": "E5"}, "pieces: expected two lists"),
        ({"to_play": 0, "pieces": [["E5"]]}, "pieces: expected two lists"),
        ({"to_play": 0, "pieces": ["E5", ["E6"]]}, r"pieces\[0\]: expected a list"),
        ({"to_play": 2, "pieces": [["E5"], ["E6"]]}, "to_play"),
        ({"to_play": True, "pieces": [["E5"], ["E6"]]}, "to_play"),
        ({"pieces": [["E5"], ["E6"]]}, "to_play: missing"),
        ({"to_play": 0}, "pieces: missing"),
        ({"to_play": 0, "pieces": [[], []]}, "both sides are empty"),
        ({"to_play": 0, "pieces": [["E5"], ["E6"]], "quiet_plies": -1}, "quiet_plies"),
        ({"to_play": 0, "pieces": [["E5"], ["E6"]], "board": 1}, "board: unknown key"),
        (
            {"to_play": 0, "pieces": [["E5"], ["E6"]], "quiet_plies": 1, "earlier": [{"x": 1}]},
            r"earlier\[0\]",
        ),
        ({"game": "forthewin", "to_play": 0, "pieces": [["E5"], ["E6"]]}, "game"),
        ({"to_play": 0, "pieces": [["E5"], ["E6"]], "options": {"lines": 7}}, "options"),
    ],
)
def test_malformed_positions_name_the_field(data: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidState, match=match):
        ftwkit.rules("playwin").load(data)


def test_minimal_api_position_loads() -> None:
    state = ftwkit.rules("playwin").load(
        {"game": "playwin", "to_play": 0, "pieces": [["A1", "B2"], ["E5", "F6"]]}
    )
    assert state.to_play == 0 and not state.is_over


# ------------------------------------------------------------- naive reference and properties
def naive_captures(south: set[str], north: set[str], mover: int) -> set[str]:
    """Every legal capture by plain recursion over axial cells (global maximum, PW9)."""
    own, opp = (south, north) if mover == 0 else (north, south)
    cells = {BOARD.axial(n) for n in NAMES}
    series: list[tuple[str, list[tuple[str, str]]]] = []

    def walk(
        src: str,
        at: tuple[int, int],
        occupied: set[tuple[int, int]],
        foes: set[tuple[int, int]],
        path: list[tuple[str, str]],
    ) -> None:
        grew = False
        for d, step in enumerate(DIRECTIONS):
            over = add(at, step)
            if over not in foes:
                continue
            for side in (1, -1):
                land = add(over, DIRECTIONS[turn(d, side)])
                if land in cells and land not in occupied:
                    grew = True
                    walk(
                        src, land, (occupied - {at, over}) | {land}, foes - {over},
                        [*path, (BOARD.name(over), BOARD.name(land))],
                    )  # fmt: skip
        if not grew and path:
            series.append((src, path))

    own_cells = {BOARD.axial(n) for n in own}
    opp_cells = {BOARD.axial(n) for n in opp}
    for src in own:
        walk(src, BOARD.axial(src), own_cells | opp_cells, opp_cells, [])
    best = max((len(p) for _, p in series), default=0)
    return {src + "".join(f"x{j}-{k}" for j, k in p) for src, p in series if len(p) == best}


def naive_approaches(south: set[str], north: set[str], mover: int) -> set[str]:
    """Every approach move by walking lines and measuring distances directly (PW3 strict)."""
    own, opp = (south, north) if mover == 0 else (north, south)
    occupied = {BOARD.axial(n) for n in own | opp}
    foes = [BOARD.axial(n) for n in opp]
    out = set()
    for src in own:
        a = BOARD.axial(src)
        m0 = min(hex_distance(a, q) for q in foes)
        for step in DIRECTIONS:
            for k, c in enumerate(BOARD.ray(a, step), 1):
                if k > len(own) - 1 or c in occupied:
                    break
                if min(hex_distance(c, q) for q in foes) < m0:
                    out.add(f"{src}-{BOARD.name(c)}")
    return out


def random_position(rng: random.Random) -> tuple[list[str], list[str]]:
    """Random crowded positions around the centre, where long captures are common."""
    middle = [n for n in NAMES if hex_distance(BOARD.axial(n), (0, 0)) <= 3]
    cells = rng.sample(middle, rng.randint(4, 22))
    cut = rng.randint(1, min(11, len(cells) - 1))
    return cells[:cut], cells[cut : cut + 11]


def test_maximal_capture_generator_matches_brute_force() -> None:
    rng = random.Random(2024)
    checked_long = 0
    for _ in range(400):
        south, north = random_position(rng)
        mover = rng.randint(0, 1)
        state = pos(south, north, to_play=mover)
        expected = naive_captures(set(south), set(north), mover)
        if not expected:
            expected = naive_approaches(set(south), set(north), mover)
        assert legal(state) == expected, (south, north, mover)
        checked_long += any(s.count("x") >= 3 for s in expected)
    assert checked_long > 20


@given(st.integers(min_value=0, max_value=10**9))
def test_random_games_keep_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    state = ftwkit.rules("playwin").new()
    for _ in range(150):
        moves = state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        mover = state.to_play
        assert mover is not None
        before = [len(state.to_json()["pieces"][p]) for p in (0, 1)]
        south, north = (set(x) for x in state.to_json()["pieces"])
        nxt = state.play(move)
        after = [len(nxt.to_json()["pieces"][p]) for p in (0, 1)]
        assert after[0] <= before[0] and after[1] <= before[1]
        assert after[mover] == before[mover]
        if isinstance(move, Capture):
            assert before[1 - mover] - after[1 - mover] == len(move.leaps)
            assert len(move.leaps) == max(len(m.leaps) for m in moves)  # type: ignore[attr-defined]
            assert {str(m) for m in moves} == naive_captures(south, north, mover)
        else:
            assert isinstance(move, Approach)
            foes = [BOARD.axial(c) for c in (north if mover == 0 else south)]
            near = min(hex_distance(BOARD.axial(move.dst), q) for q in foes)
            assert near < min(hex_distance(BOARD.axial(move.src), q) for q in foes)
            assert hex_distance(BOARD.axial(move.src), BOARD.axial(move.dst)) <= before[mover] - 1
        state = nxt


@pytest.mark.parametrize(
    "options",
    [
        {"lines": 12},
        {"distance": "euclid"},
        {"approach": "no_farther", "repetition_draw": True, "max_plies_without_capture": 30},
        {"approach": "any_piece_closer"},
        {"removal": "end_of_move"},
        {"max_capture": "per_piece"},
        {"max_capture": "none", "first": "north"},
    ],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()),
)
def test_every_option_keeps_the_protocol_promises(options: dict[str, Any]) -> None:
    from conformance import check_state

    rules = ftwkit.rules("playwin", **options)
    rng = random.Random(3)
    state = rules.new()
    foreign: list[ftwkit.Move] = []
    while True:
        check_state(state, rng, foreign[-15:])
        moves = state.legal_moves()
        if not moves:
            break
        foreign.extend(rng.sample(moves, min(3, len(moves))))
        state = state.play(rng.choice(moves))
    assert ftwkit.replay(json.loads(json.dumps(ftwkit.record(state)))) == state
    assert state.is_over


def test_a_series_may_end_on_its_own_start_cell() -> None:
    # PW8: the start cell is empty once the piece leaves, so a series can finish there; the
    # piece must still be on it afterwards (a regression of the bitset update in _apply).
    state = pos(["E5", "A1"], ["D4", "D5", "I8", "I9"])
    assert legal(state) == {
        "E5xD4-C4xD5-E5",
        "E5xD4-C4xD5-D6",
        "E5xD5-C4xD4-D3",
        "E5xD5-C4xD4-E5",
    }
    after = state.play("E5xD4-C4xD5-E5")
    assert after.to_json()["pieces"] == [["A1", "E5"], ["I8", "I9"]]
    assert after.to_play == 1


def test_bitset_shifts_match_the_neighbour_table() -> None:
    # The engine moves whole sets of cells one hex step with shifts; on every set of cells the
    # result must be exactly the cells plus their board neighbours (nothing wraps round a row).
    from ftwkit.games.playwin import rules as playwin

    board = BOARD
    index = {board.name(c): i for c, i in playwin._AXIAL_INDEX.items()}
    rng = random.Random(5)
    for _ in range(300):
        cells = rng.sample(NAMES, rng.randint(0, 20))
        mask = sum(1 << index[c] for c in cells)
        expected = set(cells)
        for c in cells:
            expected |= {board.name(n) for n in board.neighbours(board.axial(c))}
        assert playwin._dilate(mask) == sum(1 << index[c] for c in expected)


def test_huge_numbers_in_positions_and_notation_are_refused_briefly() -> None:
    rules = ftwkit.rules("playwin")
    base = {"to_play": 0, "pieces": [["C3"], ["D4"]]}
    with pytest.raises(InvalidState, match=r"quiet_plies: .* got <int of about 5001 digits>"):
        rules.load({**base, "quiet_plies": 10**5000})
    with pytest.raises(InvalidState, match="quiet_plies"):
        rules.load({**base, "quiet_plies": 10**13})
    with pytest.raises(InvalidState, match=r"pieces(\[0\]: 1000000 pieces|: the position holds)"):
        rules.load({"to_play": 0, "pieces": [["C3"] * 10**6, ["D4"]]})
    state = rules.load(base)
    with pytest.raises(IllegalMove, match=r"not (a move in )?Play Win notation") as err:
        state.play("C" + "3" * 5000 + "-D4")
    assert len(str(err.value)) < 300


# ------------------------------------------------------------------ search hooks (issues 14, 15)
@pytest.mark.parametrize("policy", [False, True])
def test_random_and_policy_moves_are_legal_and_repeatable(policy: bool) -> None:
    rules = ftwkit.rules("playwin", max_plies_without_capture=60)
    lines = []
    for _ in range(2):
        rng = random.Random(8)
        state = rules.new()
        line = []
        while not state.is_over:
            move = state.random_move(rng, policy=policy)
            assert move in state.legal_moves()
            line.append(str(move))
            state = state.play_unchecked(move)
        lines.append(line)
    assert lines[0] == lines[1]


def test_the_heuristic_counts_material_and_mobility() -> None:
    rules = ftwkit.rules("playwin")
    up = rules.load({"to_play": 0, "pieces": [["C3", "A1", "A2"], ["G5", "I9"]]})
    down = rules.load({"to_play": 0, "pieces": [["C3"], ["G5", "I9", "I8"]]})
    assert up.evaluate(0) > 0.5 > up.evaluate(1) and down.evaluate(0) < 0.5
    assert rules.new().evaluate(0) == pytest.approx(0.5)


def test_the_policy_prefers_approaches_that_leave_nothing_to_capture() -> None:
    rules = ftwkit.rules("playwin")
    state = rules.new()
    for _ in range(6):
        state = state.play(state.legal_moves()[0])
    safe = 0
    for k in range(40):
        move = state._policy_move(random.Random(k))
        after = state.play(move)
        safe += not any(isinstance(m, Capture) for m in after.legal_moves())
    assert safe >= 30


# ------------------------------------------------------------------ explorer hooks (issue 13)
@pytest.mark.parametrize(
    ("removal", "first_step"),
    [
        ("immediate", [["A1", "E4"], ["E5", "I9"]]),
        ("end_of_move", [["A1", "E4"], ["D4", "E5", "I9"]]),
    ],
)
def test_substeps_show_one_position_per_leap_honouring_removal(
    removal: str, first_step: list[list[str]]
) -> None:
    rules = ftwkit.rules("playwin", removal=removal)
    state = rules.load({"to_play": 0, "pieces": [["C3", "A1"], ["D4", "E5", "I9"]]})
    steps = state.substeps(state.rules.parse_move(state, "C3xD4-E4xE5-F6"))
    assert [step.to_json()["pieces"] for step in steps] == [first_step, [["A1", "F6"], ["I9"]]]
    assert steps[0].to_play == 0 and rules.load(steps[0].to_json()) == steps[0]
    assert steps[-1] == state.play("C3xD4-E4xE5-F6")
    assert steps[-1].last_move == state.rules.parse_move(state, "C3xD4-E4xE5-F6")
    approach = rules.new()
    assert approach.substeps(approach.legal_moves()[0]) == [
        approach.play(approach.legal_moves()[0])
    ]
    with pytest.raises(IllegalMove):
        state.substeps(Approach("A1", "B1"))


def test_clicking_a_piece_that_may_not_move_names_the_maximum_capture_rule() -> None:
    rules = ftwkit.rules("playwin")
    state = rules.load({"to_play": 0, "pieces": [["C3", "A1"], ["D4", "E5", "I9"]]})
    assert state.explain_targets(("C3",)) is None and state.explain_targets(("C3", "E4")) is None
    assert state.explain_targets(("A1",)) == (
        "a capture of 2 pieces is available (from C3); captures are compulsory and the most "
        "must be taken (PW9)"
    )
    # a piece that can capture, but fewer than the most
    two = rules.load({"to_play": 0, "pieces": [["C3", "G3"], ["D4", "E5", "H4", "I9"]]})
    assert "the piece on G3 can capture only 1 piece, but a capture of 2 pieces" in (
        two.explain_targets(("G3",)) or ""
    )
    assert "it may land on D5, F6" in (state.explain_targets(("C3", "E4", "G7")) or "")
    assert state.explain_targets(("D4",)) == "D4 holds a North piece; South is to play"
    lone = rules.load({"to_play": 0, "pieces": [["C3", "A1"], ["I9", "I8"]]})
    assert lone.explain_targets(("A1", "A2")) == (
        "A1-A2 must end closer to at least one opposing piece than its original distance to all"
        " opposing pieces (closer than the nearest one was)"
    )


@pytest.mark.parametrize("limit", [-5, 0, 10**5000], ids=["negative", "zero", "huge"])
def test_the_plies_safeguard_option_is_range_checked(limit: int) -> None:
    # a negative or zero limit would start a game already drawn (issue 12)
    with pytest.raises(ValueError, match="max_plies_without_capture' must be an integer from 1 to"):
        ftwkit.rules("playwin", max_plies_without_capture=limit)
    data = {
        "to_play": 0,
        "pieces": [["C3"], ["D4"]],
        "options": {"max_plies_without_capture": limit},
    }
    with pytest.raises(InvalidState, match="options: option 'max_plies_without_capture'"):
        ftwkit.rules("playwin").load(data)


def test_line_tables_give_the_cells_before_the_first_blocker() -> None:
    """Every entry of the approach search's per-line tables (one per cell, line and pattern of
    occupied cells on the line) matches walking the line's two rays out to the first blocker,
    cut to ``limit`` steps by the table's mask."""
    from ftwkit.games.playwin import rules as engine

    rays = engine._rays(6)
    tables = engine._piece_lines()
    checked = 0
    for index in engine._CELL_AT:
        for limit in (1, 3, 10):
            bit, _, cut, m0, d0, m1, d1, m2, d2 = tables[limit][index + 1]
            assert bit == 1 << index
            for axis, (mask, reach) in enumerate(((m0, d0), (m1, d1), (m2, d2))):
                sides = [[bit for _, bit in rays[index][d]] for d in (axis, axis + 3)]
                assert mask == sum(sides[0]) + sum(sides[1])
                assert len(reach) == 1 << mask.bit_count()
                for pattern, cells in reach.items():
                    expected = 0
                    for side in sides:
                        for step, bit in enumerate(side, 1):
                            if pattern & bit:
                                break
                            if step <= limit:
                                expected |= bit
                    assert cells & cut == expected
                    checked += 1
    assert checked == 3 * 17376


def test_leap_tables_keep_the_neighbours_that_hold_opposing_pieces_in_order() -> None:
    from ftwkit.games.playwin import rules as engine

    for index, by_jump in enumerate(engine._LEAPS_BY_JUMP):
        table = engine._JUMPS[index]
        assert len(table) == 1 << len(by_jump)
        for mask, kept in table.items():
            assert kept == tuple(entry for entry in by_jump if entry[0] & mask)
