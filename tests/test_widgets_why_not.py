"""Every game's "why not" for clicks answers in the engine's words (``State.explain_targets``),
one test per game through the explorer's face (``select`` and ``message``)."""

from __future__ import annotations

import ftwkit
from widgets import Explorer


def test_forthewin_an_add_next_to_an_own_tile_names_fw13() -> None:
    state = ftwkit.rules("forthewin").new(seed=0)  # Monkeys at (0,0) White, (1,0) Black
    ex = Explorer(state)
    ex.select((2, 1))
    assert ex.message.startswith(
        "Why not (2,1)? an added tile may not touch a tile of its own colour (diagonals count): "
        "(2,1) touches the Black Monkey at (1,0) (FW13)."
    )


def test_playwin_a_piece_that_may_not_move_names_the_maximum_capture_rule() -> None:
    state = ftwkit.rules("playwin").load(
        {"to_play": 0, "pieces": [["C3", "A1", "G5"], ["D4", "H5", "H6", "I9"]]}
    )
    ex = Explorer(state)
    ex.select("A1")
    assert ex.message == (
        "Why not A1? a capture of 2 pieces is available (from G5); captures are compulsory and "
        "the most must be taken (PW9). Moves can start at: G5."
    )


def test_ftwcards_a_card_not_in_hand_is_refused_by_the_play_rule() -> None:
    ex = Explorer("ftwcards", players=3, seed=1)
    for _ in range(3):  # everybody passes their first three cards
        ex.play(ex.state.legal_moves()[0])
    ex.play("play 12")
    ex.play("play 13")
    ex.select(14)
    assert ex.message.startswith("Why not 14? play 14: Player 3 does not hold card 14.")


def test_doubleblind_a_taken_intersection_is_refused_by_the_placement_rule() -> None:
    ex = Explorer("doubleblind", seed=1)
    ex.play("E5")
    ex.select("E5")
    assert ex.message.startswith(
        "Why not E5? E5 is already taken by Black's stone; stones go on empty intersections."
    )


def test_pnrz_a_tile_placed_apart_is_refused_by_the_edge_rule() -> None:
    ex = Explorer("pnrz", seed=1)
    for character in ("ninja", "pirate", "zombie", "robot"):
        ex.play(f"choose {character}")
    ex.play("03 at 0,0 r0")
    ex.select("10")
    ex.select((6, 6))
    assert ex.message == (
        "Why not 10 → (6,6)? a tile at 6,6 would not touch the table; a tile must share at "
        "least one full edge with a placed tile"
    )
    ex.select("10")
    ex.select((0, 0))
    assert (
        ex.message == "Why not 10 → (0,0)? a tile at 0,0 would overlap a tile already on the table"
    )
