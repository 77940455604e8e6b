"""For the Win! explorer hooks: ``notes()`` flags what the engine judges cut off (issue 13),
``explain_targets()`` says why a click sequence starts no legal move, in the rule's words."""

from __future__ import annotations

from ftwkit.protocol import Note
from tests.test_forthewin import SEED_SPLIT, load


def test_notes_flag_the_tiles_cut_off_mid_turn() -> None:
    state = load(SEED_SPLIT)
    assert state.notes() == []
    mid = state.play("move 1,0 s")
    (note,) = mid.notes()
    assert isinstance(note, Note) and note.cells == ((2, -1),)
    assert "the Black Pirate at (2,-1) would touch no other tile" in note.text
    assert "(FW1-FW3)" in note.text
    assert mid.play("move 0,0 e").notes() == []


def test_notes_follow_no_isolated_tile_connectivity() -> None:
    # Two blobs are a whole Grid under no_isolated_tile: the engine accepts this position at the
    # start of a turn, so nothing may be flagged (the explorer used to flag it).
    spec = "WM@0,0 BM@1,0 WP@3,0 BP@4,0"
    state = load(spec, {"connectivity": "no_isolated_tile"}, actions_used=[3, 2])
    assert state.notes() == []
    mid = state.play("move 0,0 nw")  # both Monkeys are left touching nothing
    (note,) = mid.notes()
    assert note.cells == ((-1, -1), (1, 0))
    assert "the Black Monkey at (1,0) would touch no other tile" in note.text
    assert "the White Monkey at (-1,-1) would touch no other tile" in note.text


def test_explain_targets_is_none_for_the_start_of_a_legal_move() -> None:
    state = load("WM@0,0 BM@1,0 WA@-1,0")
    assert state.explain_targets([(0, 0)]) is None
    assert state.explain_targets([(-1, 0), (1, 0)]) is None
    assert state.explain_targets([]) is None


def test_explain_targets_names_the_rule() -> None:
    state = load("WM@0,0 BM@1,0 WA@-1,0")
    assert state.explain_targets([(0, 1)]) == (
        "an added tile may not touch a tile of its own colour (diagonals count): (0,1) touches "
        "the White Monkey at (0,0) (FW13)"
    )
    assert "must touch the Grid" in (state.explain_targets([(5, 5)]) or "")
    assert "only move their own tiles" in (state.explain_targets([(1, 0)]) or "")
    assert "cannot pull herself (FW18)" in (state.explain_targets([(-1, 0), (-1, 0)]) or "")
    assert "(FW15)" in (state.explain_targets([(0, 0), (4, 4)]) or "")


def test_explain_targets_gives_the_grid_rule_for_a_tile_whose_moves_all_split() -> None:
    state = load(SEED_SPLIT, actions_used=[4, 3], first=1)
    reason = state.explain_targets([(1, 0), (1, 1)])
    assert reason is not None and reason.startswith("the Grid would be split at the end of the")
    mid = load(SEED_SPLIT).play("move 1,0 s")
    assert "the Grid would be split" in (mid.explain_targets([(-1, 2)]) or "")


def test_explain_targets_after_the_game_is_over() -> None:
    done = load("WN@0,0 WP@1,0 WM@2,0 WZ@3,0 wa@4,0 BM@0,1").play("refresh 4,0")
    assert done.explain_targets([(0, 0)]) == "the game is over"


def test_the_move_list_groups_the_actions_of_a_turn() -> None:
    from widgets import Explorer
    from widgets.history import CONTINUED

    ex = Explorer("forthewin", seed=1)
    names = ex.state.rules.player_names(ex.state.players)
    mover = names[ex.state.to_play or 0]
    first = ex.state.legal_moves()[0]
    ex.play(first)
    ex.choose("end")
    rows = [label for label, _ in ex.history.moves.options]
    assert rows == ["start", f"1. {first} ({mover})", f"2. {CONTINUED} end"]
    ex.play(ex.state.legal_moves()[0])
    next_mover = names[ex.state.previous.to_play or 0] if ex.state.previous else ""
    assert next_mover != mover
    assert ex.history.moves.options[-1][0].endswith(f"({next_mover})")  # the next turn
