"""Double Blind: the board, the five shapes in every orientation, questions, wins and bad input."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conformance import check_game, check_state
from hypothesis import given
from hypothesis import strategies as st

import ftwkit
from ftwkit import IllegalMove, InvalidState
from ftwkit.games.doubleblind import (
    CONDITIONS,
    DoubleBlindOptions,
    DoubleBlindState,
    Figure,
    Place,
    Question,
    completed_conditions,
    oriented,
)
from ftwkit.games.doubleblind import rules as doubleblind_module
from ftwkit.options import describe_options

FILLER = ["A9", "C9", "E9", "G9", "J9", "A7", "J7"]
"""White stones far from the action that form no shape among themselves."""


def load(
    black: list[str],
    white: list[str],
    *,
    to_play: int = 0,
    secrets: tuple[int, int] = (1, 2),
    size: int = 9,
    **extra: Any,
) -> DoubleBlindState:
    """A position from cell names (size 9 unless told)."""
    options = extra.pop("options", {})
    data = {
        "game": "doubleblind",
        "size": size,
        "to_play": to_play,
        "secrets": list(secrets),
        "stones": [black, white],
        **extra,
    }
    state = ftwkit.rules("doubleblind", **options).load(data)
    assert isinstance(state, DoubleBlindState)
    return state


# ----------------------------------------------------------------------------- board
def test_cells_are_named_like_go_boards_without_the_letter_i() -> None:
    state = ftwkit.rules("doubleblind").new(seed=1)
    names = [str(m) for m in state.legal_moves()]
    assert len(names) == 361
    assert names[:3] == ["A1", "B1", "C1"]
    assert names[7:9] == ["H1", "J1"]
    assert names[-1] == "T19"
    assert not any(n.startswith("I") for n in names)


@pytest.mark.parametrize("size", [5, 9, 13, 19, 25])
def test_every_size_from_5_to_25_is_offered(size: int) -> None:
    state = ftwkit.rules("doubleblind", size=size).new(seed=1)
    assert len(state.legal_moves()) == size * size
    assert state.to_json()["size"] == size


@pytest.mark.parametrize("size", [4, 26, 0, -19])
def test_a_size_out_of_range_is_refused_naming_the_range(size: int) -> None:
    with pytest.raises(ValueError, match="from 5 to 25"):
        ftwkit.rules("doubleblind", size=size)


def test_the_two_secrets_differ_under_the_default_draw() -> None:
    rules = ftwkit.rules("doubleblind")
    secrets = [rules.new(seed=s).secrets for s in range(60)]  # type: ignore[attr-defined]
    assert all(a != b and 1 <= a <= 5 and 1 <= b <= 5 for a, b in secrets)
    assert {a for a, _ in secrets} == {1, 2, 3, 4, 5}


def test_independent_draw_lets_the_secrets_coincide() -> None:
    rules = ftwkit.rules("doubleblind", draw="independent")
    secrets = [rules.new(seed=s).secrets for s in range(60)]  # type: ignore[attr-defined]
    assert any(a == b for a, b in secrets)


def test_black_places_first_unless_told_otherwise() -> None:
    assert ftwkit.rules("doubleblind").new(seed=3).to_play == 0
    assert ftwkit.rules("doubleblind", first="white").new(seed=3).to_play == 1
    starters = {ftwkit.rules("doubleblind", first="random").new(seed=s).to_play for s in range(20)}
    assert starters == {0, 1}


# ----------------------------------------------------------------------------- shapes
# Every orientation of every drawing, written out by hand on a 9×9 board.
ORIENTATIONS: dict[int, list[list[str]]] = {
    1: [["C3", "D3", "E3", "F3"], ["C3", "C4", "C5", "C6"]],
    2: [["C3", "D4", "E5", "F6"], ["F3", "E4", "D5", "C6"]],
    3: [
        ["C3", "D3", "C4", "D4"],
        ["C3", "E3", "C5", "E5"],
        ["D3", "C4", "E4", "D5"],
        ["E3", "C5", "G5", "E7"],
    ],
    4: [["D4", "C3", "E3", "C5", "E5"]],
    5: [["D4", "D3", "E4", "D5", "C4"]],
}


def test_the_orientations_are_the_ones_of_rulings_4_3() -> None:
    def images(number: int) -> list[Any]:
        found = [e for f in CONDITIONS[number].figures for e in oriented(f)]
        return [e[0] for e in found] if number < 4 else found

    assert images(1) == [((0, 0), (1, 0), (2, 0), (3, 0)), ((0, 0), (0, 1), (0, 2), (0, 3))]
    assert sorted(images(2)) == sorted(
        [((0, 0), (1, 1), (2, 2), (3, 3)), ((0, 3), (1, 2), (2, 1), (3, 0))]
    )
    assert images(3) == [
        ((0, 0), (0, 1), (1, 0), (1, 1)),
        ((0, 0), (0, 2), (2, 0), (2, 2)),
        ((0, 1), (1, 0), (1, 2), (2, 1)),
        ((0, 2), (2, 0), (2, 4), (4, 2)),
    ]
    assert images(4) == [(((1, 1),), ((0, 0),), ((0, 2),), ((2, 0),), ((2, 2),))]
    assert images(5) == [(((1, 1),), ((0, 1),), ((1, 0),), ((1, 2),), ((2, 1),))]
    assert [c.name for c in CONDITIONS.values()] == ["LINE", "SLASH", "SQUARE", "X", "CROSS"]


def test_a_figure_is_matched_under_turns_and_mirrors_but_not_45_degrees() -> None:
    hook = Figure(((0, 0), (1, 0), (2, 0), (2, 1)))
    assert len(oriented(hook)) == 8
    assert all(len(entry) == 1 for entry in oriented(hook))  # no arms
    # The LINE and the SLASH are 45° apart: their orientation sets are disjoint.
    line = set(oriented(CONDITIONS[1].figures[0]))
    slash = set(oriented(CONDITIONS[2].figures[0]))
    assert not line & slash


SHAPE_CASES = [
    (number, cells, last)
    for number, drawings in ORIENTATIONS.items()
    for cells in drawings
    for last in range(len(cells))
]


@pytest.mark.parametrize(("number", "cells", "last"), SHAPE_CASES)
def test_each_shape_in_each_orientation_is_completed_by_any_of_its_stones(
    number: int, cells: list[str], last: int
) -> None:
    others = [c for i, c in enumerate(cells) if i != last]
    state = load(others, FILLER[: len(others)], secrets=(4, 5) if number < 4 else (1, 2))
    assert number not in state.completed[0]
    after = state.play(cells[last])
    assert number in after.completed[0]
    assert after.to_json()["completed"][0] == sorted(after.completed[0])


@pytest.mark.parametrize(("number", "cells"), [(n, c) for n, d in ORIENTATIONS.items() for c in d])
def test_each_shape_is_found_anywhere_on_a_19_board(number: int, cells: list[str]) -> None:
    shift = {c: f"{'ABCDEFGHJKLMNOPQRST'[ord(c[0]) - 65 + 10]}{int(c[1:]) + 11}" for c in cells}
    # White's filler stones (far from the shape) keep the counts those of placing in turn
    state = load([shift[c] for c in cells], FILLER[: len(cells) - 1], size=19, to_play=1)
    assert number in state.completed[0]


def test_three_in_a_line_and_a_gap_complete_nothing() -> None:
    state = load(["C3", "D3", "E3", "G3"], FILLER[:4])
    assert state.completed == (frozenset(), frozenset())


def test_a_line_of_five_still_counts() -> None:
    state = load(["A1", "B1", "C1", "D1"], FILLER[:4])
    assert state.play("E1").completed[0] == {1}
    assert load(["A1", "B1", "C1", "D1", "E1"], FILLER[:5]).completed[0] == {1}


def test_a_tilted_knight_square_is_no_square_unless_any_lattice_square() -> None:
    tilted = ["C3", "E4", "D6", "B5"]  # side vector (2, 1)
    assert load(tilted, FILLER[:4]).completed[0] == frozenset()
    wide = load(tilted, FILLER[:4], options={"square": "any_lattice_square"})
    assert wide.completed[0] == {3}
    big = ["B2", "E2", "B5", "E5"]  # axis square of side 3
    assert load(big, FILLER[:4]).completed[0] == frozenset()
    assert load(big, FILLER[:4], options={"square": "any_lattice_square"}).completed[0] == {3}


def test_x_with_one_opponent_arm_counts_and_with_two_does_not() -> None:
    one = load(["D4", "C3", "E3", "C5"], ["E5", "A9", "C9"], to_play=1)
    assert 4 in one.completed[0] and 4 not in one.completed[1]
    two = load(["D4", "C3", "E3"], ["C5", "E5", "A9"], to_play=1)
    assert 4 not in two.completed[0]


def test_the_centre_must_be_your_own_and_every_arm_occupied() -> None:
    opp_centre = load(["C3", "E3", "C5", "E5"], ["D4", "A9", "C9", "E9"])
    assert 4 not in opp_centre.completed[0] and 4 not in opp_centre.completed[1]
    empty_arm = load(["D4", "C3", "E3"], ["C5", "A9", "C9"])
    assert 4 not in empty_arm.completed[0]


def test_cross_with_one_opponent_arm_counts_and_with_two_does_not() -> None:
    assert 5 in load(["D4", "D3", "E4", "D5"], ["C4", "A9", "C9", "E9"]).completed[0]
    assert 5 not in load(["D4", "D3", "E4"], ["D5", "C4", "A9"], to_play=1).completed[0]


def test_all_own_cross_also_completes_the_diamond() -> None:
    state = load(["D4", "D3", "E4", "D5"], FILLER[:4])
    after = state.play("C4")
    assert after.completed[0] == {3, 5}


def test_arm_length_two_needs_both_cells_of_an_arm() -> None:
    opts = {"arm_length": 2}
    own_arms = ["E5", "D4", "C3", "F4", "G3", "D6", "C7", "F6"]
    full = load([*own_arms, "G7"], [*FILLER, "A5"], options=opts)
    assert 4 in full.completed[0]
    one_theirs = load(own_arms, ["G7", "F6"][:1] + FILLER[:7], options=opts)
    assert 4 not in one_theirs.completed[0]  # arm F6-G7 is mixed
    own_arms_without = [c for c in own_arms if c != "F6"]
    theirs = load(own_arms_without, ["F6", "G7", *FILLER[:5]], options=opts)
    assert 4 in theirs.completed[0]  # one arm wholly White's
    assert 4 not in load(own_arms_without, ["F6", *FILLER[:6]], options=opts).completed[0]
    short = load(["D4", "C3", "E3", "C5", "E5"], FILLER[:5], options=opts)
    assert 4 not in short.completed[0]


def test_the_opponents_stone_can_complete_your_cross() -> None:
    state = load(["D4", "D3", "E4", "D5"], ["A9", "C9", "E9"], to_play=1)
    after = state.play("C4")
    assert 5 in after.completed[0]
    assert 5 not in after.completed[1]


# ----------------------------------------------------------------------------- the question
def test_one_stone_completing_two_conditions_gives_one_question() -> None:
    state = load(["D4", "C3", "E3", "C5"], FILLER[:4], secrets=(1, 2))
    after = state.play("E5")
    assert after.completed[0] == {3, 4}
    assert after.pending == (0,)
    assert after.to_play == 0
    assert [str(m) for m in after.legal_moves()] == ["ask", "don't ask"]
    declined = after.play("don't ask")
    assert declined.pending == () and declined.to_play == 1
    assert declined.queries == ()


def test_a_question_not_asked_cannot_be_asked_later() -> None:
    state = load(["D4", "C3", "E3", "C5"], FILLER[:4]).play("E5").play("don't ask")
    with pytest.raises(IllegalMove, match="no question is pending"):
        state.play("ask")


def test_no_stone_may_be_placed_while_a_question_is_pending() -> None:
    state = load(["D4", "C3", "E3", "C5"], FILLER[:4]).play("E5")
    assert state.explain("J1") is not None
    with pytest.raises(IllegalMove, match="must first decide whether to ask"):
        state.play("J1")


def test_the_question_is_answered_no_truthfully() -> None:
    state = load(["D4", "C3", "E3", "C5"], FILLER[:4], secrets=(1, 2)).play("E5")
    asked = state.play("ask")
    assert asked.queries == ((0, False),)
    assert asked.to_json()["queries"] == [{"player": 0, "answer": False}]
    assert not asked.is_over and asked.to_play == 1


def test_yes_before_the_own_secret_wins_when_the_secret_is_completed() -> None:
    state = load(["D4", "C3", "E3", "C5", "A1", "B1", "C1"], FILLER[:7], secrets=(1, 3))
    asked = state.play("E5").play("ask")
    assert asked.queries == ((0, True),)
    assert not asked.is_over
    later = asked.play("J1").play("D1")
    assert later.is_over and later.winners == (0,)
    assert later.to_play is None and later.legal_moves() == []


def test_yes_with_the_own_secret_done_wins_at_once() -> None:
    state = load(["D4", "C3", "E3", "C5"], FILLER[:4], secrets=(4, 3))
    done = state.play("E5").play("ask")
    assert done.winners == (0,)
    assert done.status().startswith("Black won")


BLACK_CROSS_AND_SLASH = ["D4", "D3", "E4", "D5", "F6", "G7", "H8", "J9"]
"""Black: SLASH F6–J9 done; CROSS around D4 lacks its arm C4."""


def test_a_question_earned_on_the_opponents_turn_goes_to_its_owner() -> None:
    white = ["A9", "D9", "G9", "A6", "A3", "H1", "F1"]
    state = load(BLACK_CROSS_AND_SLASH, white, to_play=1)
    assert state.completed == (frozenset({2}), frozenset())
    after = state.play("C4")
    assert after.completed == (frozenset({2, 5}), frozenset())
    assert after.pending == (0,) and after.to_play == 0 and after.to_place == 0
    assert after.play("don't ask").to_play == 0


def test_the_mover_decides_first_when_both_earn_a_question() -> None:
    white = ["A1", "B1", "C1", "D1", "B3", "C3", "B4"]  # LINE done; C4 closes a small square
    state = load(BLACK_CROSS_AND_SLASH, white, to_play=1)
    assert state.completed == (frozenset({2}), frozenset({1}))
    after = state.play("C4")
    assert after.completed == (frozenset({2, 5}), frozenset({1, 3}))
    assert after.pending == (1, 0) and after.to_play == 1
    second = after.play("ask")
    assert second.pending == (0,) and second.to_play == 0
    assert second.play("ask").to_play == 0


def test_one_placement_winning_for_both_goes_to_the_mover_by_default() -> None:
    data: dict[str, Any] = {
        "secrets": (5, 1),
        "to_play": 1,
        "queries": [{"player": 0, "answer": True}, {"player": 1, "answer": True}],
    }
    black = ["A9", "B9", "C9", "D9", "A8", "B8", "E2", "D2", "F2", "E3"]
    white = ["H5", "H4", "H6", "G5", "J5", "F1", "G1", "H1", "A1"]
    state = load(black, white, **data)
    assert not state.is_over
    after = state.play("E1")
    assert 5 in after.completed[0] and 1 in after.completed[1]
    assert after.winners == (1,)
    draw = load(black, white, options={"simultaneous": "draw"}, **data).play("E1")
    assert draw.is_over and draw.winners == ()


def test_auto_ask_asks_every_earned_question() -> None:
    state = load(["D4", "C3", "E3", "C5"], FILLER[:4], options={"auto_ask": True})
    after = state.play("E5")
    assert after.queries == ((0, False),)
    assert after.pending == () and after.to_play == 1
    assert all(isinstance(m, Place) for m in after.legal_moves())


def test_a_full_board_with_no_winner_is_a_draw() -> None:
    size = 5
    cells = [f"{'ABCDE'[x]}{y + 1}" for y in range(size) for x in range(size)]
    black = [c for i, c in enumerate(cells[:-1]) if i % 2 == 0]
    white = [c for i, c in enumerate(cells[:-1]) if i % 2 == 1]
    state = load(black, white, size=5, to_play=0, to_place=0)
    state = state.play("E5")
    while not state.is_over:
        state = state.play("don't ask")
    assert state.winners == () and state.legal_moves() == []
    assert "draw" in state.status()


# ----------------------------------------------------------------------------- views and JSON
def test_observation_hides_the_opponents_secret_and_the_seed_until_the_end() -> None:
    state = ftwkit.rules("doubleblind").new(seed=5)
    s0, s1 = state.secrets  # type: ignore[attr-defined]
    view = state.observation(0)
    assert view["secrets"] == [s0, None] and view["seed"] is None
    assert state.observation(1)["secrets"] == [None, s1]
    full = state.to_json()
    assert {k for k in view} == set(full)
    assert {k: v for k, v in view.items() if k not in ("secrets", "seed")} == {
        k: v for k, v in full.items() if k not in ("secrets", "seed")
    }
    over = load(["D4", "C3", "E3", "C5"], FILLER[:4], secrets=(4, 3)).play("E5").play("ask")
    assert over.observation(1)["secrets"] == [4, 3]


def test_to_json_writes_completed_and_loading_checks_it() -> None:
    state = load(["D4", "C3", "E3", "C5", "E5"], FILLER[:5], to_play=1)
    data = state.to_json()
    assert data["completed"] == [[3, 4], []]
    assert ftwkit.rules("doubleblind").load(data) == state
    data["completed"] = [[3], []]
    with pytest.raises(InvalidState, match=r"completed\[0\].*recomputed"):
        ftwkit.rules("doubleblind").load(data)


def test_the_api_example_position_loads() -> None:
    example = {
        "game": "doubleblind",
        "size": 19,
        "to_play": 0,
        "secrets": [2, 5],
        "stones": [["D4", "E5"], ["K10"]],
        "queries": [{"player": 0, "answer": False}],
        "pending": [],
    }
    state = ftwkit.rules("doubleblind").load(example)
    assert state.to_json()["stones"] == [["D4", "E5"], ["K10"]]
    assert state.to_json()["queries"] == [{"player": 0, "answer": False}]


def test_a_pending_question_with_as_many_stones_defaults_to_place_to_the_first_player() -> None:
    # API.md: to_place is an added key, so a position without it must still load. With a
    # question pending and as many stones each, the first player (Black by default) places next.
    black = ["A1", "B1", "C1", "D1", "A2", "B2"]  # LINE and SQUARE: Black may ask
    white = ["J9", "H9", "G9", "J7", "G7", "J5"]
    state = load(black, white, to_play=0, pending=[0])
    assert state.pending == (0,) and state.to_place == 0
    assert state.play("don't ask").to_play == 0
    late = ftwkit.rules("doubleblind", size=9, first="white").load(
        {"size": 9, "to_play": 0, "secrets": [1, 2], "stones": [black, white], "pending": [0]}
    )
    assert isinstance(late, DoubleBlindState) and late.to_place == 1


def test_a_9_board_position_carries_its_size_into_the_rules() -> None:
    state = load(["A1"], [], to_play=1)
    data = state.to_json()
    assert data["options"] == {"size": 9} and data["size"] == 9
    record = ftwkit.record(state.play("B2"))
    assert ftwkit.replay(json.loads(json.dumps(record))) == state.play("B2")


def test_text_picture_has_coordinates_and_status() -> None:
    state = load(["D4"], ["E5"], to_play=0).play("C3")
    text = str(state)
    lines = text.splitlines()
    assert lines[0] == "    A B C D E F G H J"
    assert lines[1] == "  9 . . . . . . . . . 9"
    assert lines[7] == "  3 . . x . . . . . . 3"
    assert "Black (X): secret 1 LINE; completed none" in text
    assert state.status() == "White to place a stone · completed: Black 0, White 0"


def test_status_names_the_pending_question() -> None:
    state = load(["D4", "C3", "E3", "C5"], FILLER[:4]).play("E5")
    assert state.status() == (
        "Black decides whether to ask the question; then White places · completed: Black 2, White 0"
    )


# ----------------------------------------------------------------------------- notation
def test_notation_round_trips_and_targets() -> None:
    state = load(["D4", "C3", "E3", "C5"], FILLER[:4])
    rules = state.rules
    assert rules.parse_move(state, "d4") == Place(3, 3)
    assert Place(3, 3).targets == ("D4",) and str(Place(9, 9)) == "K10"
    for text in ("ask", "ASK"):
        assert rules.parse_move(state, text) == Question(True)
    for text in ("don't ask", "dont ask", "decline", "pass-question", "Don't  Ask"):
        assert rules.parse_move(state, text) == Question(False)
    assert Question(True).targets == () and str(Question(False)) == "don't ask"


def test_bad_move_text_is_refused() -> None:
    state = load([], [])
    with pytest.raises(IllegalMove, match="letter I"):
        state.rules.parse_move(state, "I5")
    with pytest.raises(IllegalMove, match="not a cell name"):
        state.rules.parse_move(state, "D4-E5")
    assert state.explain("Z99") == "Z99 is off the board: a 9×9 board has columns A–J and rows 1–9"
    taken = load(["D4"], [], to_play=1)
    with pytest.raises(IllegalMove, match="D4 is already taken by Black's stone"):
        taken.play("D4")


# ----------------------------------------------------------------------------- bad positions
@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"stones": [["Z99"], []]}, r"stones\[0\]\[0\]: Z99 is off the board"),
        ({"stones": [["I5"], []]}, r"stones\[0\]\[0\].*letter I"),
        ({"stones": [["D4"], ["D4"]]}, r"stones\[1\]\[0\]: D4 is taken twice"),
        ({"secrets": [3, 3]}, r"secrets: both players hold condition 3"),
        ({"secrets": [1, 6]}, r"secrets\[1\]: 6 is not a condition"),
        ({"secrets": [1, None]}, r"secrets\[1\]"),
        ({"size": 30}, r"size: must be an integer from 5 to 25"),
        ({"size": "9"}, r"size:"),
        ({"sky": "blue"}, r"sky: unknown key"),
        ({"queries": [{"player": 0, "answer": True, "x": 1}]}, r"queries\[0\]\.x: unknown key"),
        ({"queries": [{"player": 0, "answer": True}]}, r"queries\[0\]\.answer: 'yes' is untrue"),
        ({"pending": [0]}, r"pending\[0\]: Black has fewer than two"),
        ({"to_play": 2}, r"to_play: expected 0 or 1"),
        ({"winners": [0]}, r"winners: \[0\] does not follow"),
        ({"seed": "x"}, r"seed:"),
    ],
)
def test_bad_positions_name_the_field(change: dict[str, Any], field: str) -> None:
    data: dict[str, Any] = {"size": 9, "to_play": 0, "secrets": [1, 2], "stones": [["D4"], []]}
    data.update(change)
    with pytest.raises(InvalidState, match=field):
        ftwkit.rules("doubleblind").load(data)


def test_an_untrue_yes_is_refused() -> None:
    with pytest.raises(InvalidState, match=r"queries\[0\]\.answer: 'yes' is untrue"):
        load(
            ["D4", "C3", "E3", "C5", "E5"],
            FILLER[:5],
            to_play=1,
            queries=[{"player": 0, "answer": True}],
        )


def test_equal_secrets_load_under_the_independent_draw() -> None:
    state = load(["D4"], [], to_play=1, secrets=(3, 3), options={"draw": "independent"})
    assert state.secrets == (3, 3)


# ----------------------------------------------------------------------------- generic promises
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_conformance_on_the_default_board(seed: int) -> None:
    assert check_game("doubleblind", 2, seed, max_plies=40) == 40


@pytest.mark.parametrize(
    "options",
    [
        {"size": 5},
        {"size": 7, "auto_ask": True},
        {"size": 6, "arm_length": 2, "simultaneous": "draw"},
        {"size": 6, "square": "any_lattice_square", "draw": "independent", "first": "random"},
    ],
)
def test_conformance_of_whole_small_games(options: dict[str, Any]) -> None:
    rules = ftwkit.rules("doubleblind", **options)
    rng = random.Random(7)
    for seed in range(3):
        state = rules.new(seed=seed)
        foreign: list[Any] = []
        while True:
            check_state(state, rng, foreign[-10:])
            moves = state.legal_moves()
            if not moves:
                break
            foreign.extend(rng.sample(moves, min(2, len(moves))))
            state = state.play(rng.choice(moves))
        assert state.is_over
        assert ftwkit.replay(ftwkit.record(state)) == state


@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=81))
def test_completions_never_disappear_and_match_a_full_scan(picks: list[int]) -> None:
    state = ftwkit.rules("doubleblind", size=9).new(seed=picks[0])
    assert isinstance(state, DoubleBlindState)
    for pick in picks:
        moves = state.legal_moves()
        if not moves:
            break
        nxt = state.play(moves[pick % len(moves)])
        assert isinstance(nxt, DoubleBlindState)
        for p in (0, 1):
            assert state.completed[p] <= nxt.completed[p]
            assert nxt.completed[p] == completed_conditions(
                nxt.geo, nxt.stones[p], nxt.stones[1 - p]
            )
        probe = Place(pick % 11, (pick // 11) % 11)
        assert nxt.is_legal(probe) == (probe in nxt.legal_moves())
        assert nxt.is_legal(Question(True)) == (Question(True) in nxt.legal_moves())
        state = nxt


@pytest.mark.parametrize("arm_length", [1, 2])
def test_the_quick_filters_cover_every_placement_they_stand_for(arm_length: int) -> None:
    # the tables that let a placed stone skip the pattern scan: ``arm_near`` holds every cell of
    # each X/CROSS with that cell in an arm, and each condition's (union, fewest cells) its masks
    geo = doubleblind_module.geometry(9, arm_length)
    for cell in range(81):
        assert geo.arm_near[cell] & ~geo.near[cell] == 0
        for _, placements in geo.armed_arm_groups[cell]:
            for centre, union, _ in placements:
                assert (centre | union) & ~geo.arm_near[cell] == 0
        for _, masks, union, need in geo.simple_groups[cell]:
            assert union == sum(1 << i for i in range(81) if any(m >> i & 1 for m in masks))
            assert need == min(m.bit_count() for m in masks)


def test_option_descriptions_carry_the_rulings_labels() -> None:
    # Issue 19: DB12 and DB13 are Invented, DB9's order Inferred; the option texts say so.
    docs = {spec.name: spec.doc for spec in describe_options(DoubleBlindOptions)}
    assert "*Invented*" in docs["simultaneous"] and "DB12" in docs["simultaneous"]
    assert "*Inferred*" in docs["auto_ask"] and "placed it decides first" in docs["auto_ask"]
    module_doc = doubleblind_module.__doc__ or ""
    assert "(DB13, *Invented*" in module_doc and "(DB12, *Invented*" in module_doc


# ------------------------------------------------------------------ hostile input (issue 12)
def test_a_million_stones_or_questions_are_refused_by_count() -> None:
    base = {"size": 9, "to_play": 0, "secrets": [1, 2]}
    with pytest.raises(InvalidState, match=r"stones\[0\]: 5000 stones, more than the 81"):
        ftwkit.rules("doubleblind").load({**base, "stones": [["A1"] * 5000, []]})
    with pytest.raises(InvalidState, match=r"stones\[1\]: 80 stones, more than the 81"):
        ftwkit.rules("doubleblind").load({**base, "stones": [["A1", "B1"], ["C1"] * 80]})
    query = {"player": 0, "answer": False}
    with pytest.raises(InvalidState, match="queries: 2000 questions; each player asks at most"):
        ftwkit.rules("doubleblind").load({**base, "stones": [[], []], "queries": [query] * 2000})
    with pytest.raises(InvalidState, match=r"queries\[4\]: more than 4 questions by Black"):
        ftwkit.rules("doubleblind").load({**base, "stones": [[], []], "queries": [query] * 5})


def test_huge_numbers_are_refused_with_a_short_message() -> None:
    base = {"size": 9, "to_play": 0, "secrets": [1, 2], "stones": [[], []]}
    rules = ftwkit.rules("doubleblind")
    with pytest.raises(InvalidState, match="seed: expected an integer of at most 100 digits"):
        rules.load({**base, "seed": 10**5000})
    with pytest.raises(InvalidState, match=r"secrets\[0\]: <int of about 5001 digits>") as err:
        rules.load({**base, "secrets": [10**5000, 2]})
    assert len(str(err.value)) < 300
    state = rules.load(base)
    with pytest.raises(IllegalMove) as bad:
        state.play("D" + "9" * 5000)
    assert len(str(bad.value)) < 300


def test_a_finished_game_writes_to_play_null_and_loads_back() -> None:
    rng = random.Random(2)
    state = ftwkit.rules("doubleblind", size=7).new(seed=3)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    data = state.to_json()
    assert data["to_play"] is None and state.rules.load(data) == state


# ------------------------------------------------------------------ sampling for search (issue 15)
def test_a_sample_looks_the_same_to_the_player_loads_and_plays_on() -> None:
    rules = ftwkit.rules("doubleblind", size=7)
    assert rules.hidden_information
    rng = random.Random(4)
    state = rules.new(seed=8)
    while not state.is_over:
        assert isinstance(state, DoubleBlindState)
        for p in (0, 1):
            sample = rules.sample(state, p, random.Random(len(state.queries)))
            assert sample.observation(p) == state.observation(p)
            assert rules.load(sample.to_json()) == sample
        state = state.play(rng.choice(state.legal_moves()))
    for p in (0, 1):  # once over, nothing is hidden: the sample is the position itself
        assert rules.sample(state, p, random.Random(1)) == state
        assert rules.sample(state, p, random.Random(1)).observation(p) == state.observation(p)
    play_on = rules.sample(rules.new(seed=8), 0, random.Random(3))
    while not play_on.is_over:
        play_on = play_on.play(rng.choice(play_on.legal_moves()))


def test_a_sample_is_the_observation_loaded_with_the_drawn_secret() -> None:
    # The sample is built from the position with the opponent's secret swapped in: it must be
    # exactly what loading the observation with that secret gives, the move list included.
    for size, seed in ((7, 8), (9, 2), (19, 5)):
        rules = ftwkit.rules("doubleblind", size=size)
        rng = random.Random(seed)
        state = rules.new(seed=seed)
        while not state.is_over:
            assert isinstance(state, DoubleBlindState)
            for p in (0, 1):
                draw = random.Random(seed + len(state.queries))
                sample = rules.sample(state, p, draw)
                assert isinstance(sample, DoubleBlindState)
                loaded = rules.load({**state.observation(p), "secrets": list(sample.secrets)})
                assert isinstance(loaded, DoubleBlindState)
                assert sample == loaded and sample.seed is None
                assert sample.free_places == loaded.free_places
                assert sample.legal_moves() == loaded.legal_moves()
                assert sample.previous is None and sample.last_move is None
                assert sample.secrets[p] == state.secrets[p]
            state = state.play(rng.choice(state.legal_moves()))


def test_repeated_samples_of_a_position_stay_exact_for_each_player() -> None:
    # A search samples one position on every iteration; what is worked out once per position
    # and player must give every later draw the same answer, and never a later position's.
    rules = ftwkit.rules("doubleblind", size=9)
    rng = random.Random(6)
    state = rules.new(seed=6)
    while not state.is_over:
        for k in range(12):
            p = k % 2
            sample = rules.sample(state, p, random.Random(k))
            assert isinstance(sample, DoubleBlindState) and isinstance(state, DoubleBlindState)
            loaded = rules.load({**state.observation(p), "secrets": list(sample.secrets)})
            assert sample == loaded and sample.legal_moves() == loaded.legal_moves()
            assert sample.stones == state.stones
        state = state.play(rng.choice(state.legal_moves()))


def test_the_nth_stone_is_counted_from_the_lowest_bit() -> None:
    mask = 0b1011_0100
    assert [doubleblind_module._nth_bit(mask, n) for n in range(4)] == [2, 4, 5, 7]


def _sample(state: DoubleBlindState, player: int, seed: int) -> DoubleBlindState:
    """``player``'s determinization of ``state`` drawn with ``random.Random(seed)``."""
    sample = state.rules.sample(state, player, random.Random(seed))
    assert isinstance(sample, DoubleBlindState)
    return sample


def test_a_sample_redraws_only_secrets_the_public_facts_allow() -> None:
    # Black has SLASH and CROSS (White's C4 is the CROSS's one opponent arm) and heard "yes":
    # White's secret is 2 or 5 for Black's samples (never 1, Black's own, DB2).
    white = ["A9", "D9", "G9", "A6", "A3", "H1", "F1", "C4"]
    yes = [{"player": 0, "answer": True}]
    state = load(BLACK_CROSS_AND_SLASH, white, queries=yes, secrets=(1, 5))
    assert state.completed == (frozenset({2, 5}), frozenset())
    drawn = {_sample(state, 0, k).secrets[1] for k in range(30)}
    assert drawn == {2, 5}
    # White's samples of Black's secret: not 2 or 5 (Black, with a "yes", would have won), not 5.
    seen_by_white = {_sample(state, 1, k).secrets for k in range(30)}
    assert {s[1] for s in seen_by_white} == {5} and {s[0] for s in seen_by_white} == {1, 3, 4}


def test_a_no_to_the_first_question_with_two_conditions_rules_them_out() -> None:
    white = ["A9", "D9", "G9", "A6", "A3", "H1", "F1", "C4"]
    no = [{"player": 0, "answer": False}]
    state = load(BLACK_CROSS_AND_SLASH, white, queries=no, secrets=(1, 3))
    drawn = {_sample(state, 0, k).secrets[1] for k in range(30)}
    assert drawn == {3, 4}


def test_states_that_look_the_same_to_the_player_give_the_same_sample() -> None:
    a = load(["C3", "D3"], ["C4"], to_play=1, secrets=(1, 2))
    b = load(["C3", "D3"], ["C4"], to_play=1, secrets=(1, 4))
    assert a != b and a.observation(0) == b.observation(0)
    for seed in range(5):
        assert a.rules.sample(a, 0, random.Random(seed)) == b.rules.sample(
            b, 0, random.Random(seed)
        )


# ------------------------------------------------------------------ search hooks (issues 14, 15)
@pytest.mark.parametrize("policy", [False, True])
def test_random_and_policy_moves_are_legal_and_repeatable(policy: bool) -> None:
    rules = ftwkit.rules("doubleblind", size=9)
    lines = []
    for _ in range(2):
        rng = random.Random(5)
        state = rules.new(seed=2)
        line = []
        while not state.is_over:
            assert isinstance(state, DoubleBlindState)
            move = state.random_move(rng, policy=policy)
            assert move in state.legal_moves()
            if policy and state.pending:
                assert move == Question(True)  # the policy always asks
            line.append(str(move))
            state = state.play_unchecked(move)
        lines.append(line)
    assert lines[0] == lines[1]


def test_scoring_every_placement_from_one_position_matches_scoring_each_alone() -> None:
    # The evaluation of a position one own stone after another is worked out from the one
    # before (once that one is known): it must equal the evaluation of the same position
    # loaded on its own, for both players, every placement, at every stage of a game.
    for size, seed in ((9, 3), (19, 1)):
        rules = ftwkit.rules("doubleblind", size=size)
        rng = random.Random(seed)
        state = rules.new(seed=seed)
        while not state.is_over:
            if state.to_play is not None and len(state.moves()) % 5 == 0:
                for move in state.legal_moves():
                    child = state.play_unchecked(move)
                    alone = rules.load(child.to_json())
                    for p in (state.to_play, 1 - state.to_play):
                        assert child.evaluate(p) == alone.evaluate(p), (move, p)
            state = state.play_unchecked(state.random_move(rng, policy=True))


def test_the_heuristic_rewards_the_halves_of_the_win_and_ignores_the_hidden_secret() -> None:
    white = ["A9", "D9", "G9", "A6", "A3", "H1", "F1", "C4"]
    yes = [{"player": 0, "answer": True}]
    # Black's secret SLASH is done and Black heard "yes" later would win: here only the SLASH
    done = load(BLACK_CROSS_AND_SLASH, white, secrets=(2, 5))
    heard = load(BLACK_CROSS_AND_SLASH, white, secrets=(1, 5), queries=yes)
    nothing = load(["A1"], ["J9"], secrets=(1, 5))
    assert done.evaluate(0) > nothing.evaluate(0) and heard.evaluate(0) > nothing.evaluate(0)
    assert all(0 <= s.evaluate(p) <= 1 for s in (done, heard, nothing) for p in (0, 1))
    other_secret = load(BLACK_CROSS_AND_SLASH, white, secrets=(2, 4))
    assert done.evaluate(0) == other_secret.evaluate(0)  # White's secret is not Black's to see


def _progress_by_scan(geo: Any, number: int, own: int, opp: int) -> float:
    """The secret-progress measure by its definition, over every placement on the board."""
    best = 0.0
    placements: list[tuple[int, tuple[int, ...]]] = [
        (mask, ()) for n, mask in geo.all_simple if n == number
    ]
    placements += [(centre, arms) for n, centre, arms in geo.all_armed if n == number]
    for cells, arms in placements:
        if opp & cells:
            continue
        whole = cells
        for arm in arms:
            if not opp & arm:
                whole |= arm
        best = max(best, (own & whole).bit_count() / whole.bit_count())
    return best


@pytest.mark.parametrize(
    ("size", "arm_length", "square"),
    [
        (5, 1, "drawn"),
        (9, 1, "drawn"),
        (19, 1, "drawn"),
        (9, 2, "drawn"),
        (7, 1, "any_lattice_square"),
    ],
)
def test_secret_progress_matches_a_scan_of_every_placement(
    size: int, arm_length: int, square: str
) -> None:
    # The measure tests each shape's placements on whole boards (or, for long arms and the
    # many lattice squares, the placements through an own stone); it must agree with a scan of
    # all of them, on sparse and crowded boards, with opposing stones on arms and centres.
    geo = doubleblind_module.geometry(size, arm_length, square)
    rng = random.Random(size)
    for _ in range(150):
        density = rng.random() * 0.5
        own = opp = 0
        for i in range(size * size):
            r = rng.random()
            if r < density:
                own |= 1 << i
            elif r < 2 * density:
                opp |= 1 << i
        for number in CONDITIONS:
            assert doubleblind_module._secret_progress(geo, number, own, opp) == _progress_by_scan(
                geo, number, own, opp
            )
    # both ways of measuring are covered: shapes on whole boards, else placement by placement
    shapes = [doubleblind_module._condition_shapes(geo, number) for number in CONDITIONS]
    assert [s is None for s in shapes] == [
        (arm_length == 2 and number in (4, 5)) or (square != "drawn" and number == 3)
        for number in CONDITIONS
    ]
