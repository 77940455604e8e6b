"""Explorer behaviour that shows up in particular games, driven through the generic face."""

from __future__ import annotations

import ftwkit
from ftwkit import render
from tests.test_explore import FORTHEWIN_SPLIT
from widgets import Explorer, hooks


def test_forthewin_empty_cell_offers_a_chooser_of_kinds() -> None:
    ex = Explorer("forthewin", seed=0)
    ex.select((-1, -1))
    assert [str(m) for m in list(ex.session.choices)] == [
        "add ninja -1,-1",
        "add pirate -1,-1",
        "add monkey -1,-1",
        "add zombie -1,-1",
        "add alien -1,-1",
    ]
    ex.choose("add alien -1,-1")
    assert ex.session.line == ("add alien -1,-1",)


def test_forthewin_a_split_grid_is_shown_between_the_two_actions() -> None:
    ex = Explorer("forthewin", seed=0)
    for move in FORTHEWIN_SPLIT:
        ex.play(move)
    for target in ((2, -1), (1, 0), (-3, -1)):
        ex.select(target)
    assert ex.session.line[-1] == "pirate 2,-1 blast 1,0 to -3,-1"
    assert hooks.warnings(ex.state) == {(2, -1), (3, 0)}
    assert "split" in ex.status
    assert ex.state.notes()[0].text.startswith("The Grid is split: ")
    ex.select((5, 5))
    assert ex.message == (
        "Why not (5,5)? an added tile must touch the Grid, and (5,5) touches no tile (FW13). "
        "Moves can start at: (-2,0)."
    )


def test_forthewin_why_not_explains_a_refused_step() -> None:
    ex = Explorer("forthewin", seed=0)
    ex.select((1, 0))
    ex.select((3, 3))
    assert ex.message == (
        "Why not (1,0) → (3,3)? a Move goes one cell in any of 8 directions, and (3,3) is not "
        "next to (1,0) (FW15)"
    )


def test_ftwcards_passing_takes_three_cards_in_any_order_and_deselects() -> None:
    ex = Explorer("ftwcards", seed=1)
    hand = ex.state.to_json()["hands"][ex.state.to_play]
    ex.select(hand[5])
    ex.select(hand[0])
    ex.select(hand[5])  # a second click on a chosen card puts it back
    assert ex.selection == (hand[0],)
    ex.select(hand[2])
    ex.select(hand[1])
    assert ex.session.line == (f"pass {hand[0]} {hand[1]} {hand[2]}",)


def test_ftwcards_player_count_is_a_new_game_setting() -> None:
    ex = Explorer("ftwcards")
    assert ex.state.players == 2
    ex.new_game(seed=4, players=3)
    assert ex.state.players == 3 and ex.state == ftwkit.rules("ftwcards").new(3, seed=4)
    assert ex.setup.view.layout.display != "none"


def test_pnrz_tile_turned_twice_then_cell_places_it_in_that_rotation() -> None:
    ex = Explorer("pnrz", choose="random")  # characters dealt: tiles from the first move
    first = ex.state.legal_moves()[0]
    tile, cell = first.targets
    ex.select(tile)
    assert cell in ex.session.highlighted
    ex.select(tile)  # a click on the picked-up tile turns it
    ex.select(tile)
    ex.select(cell)
    assert ex.session.line == (f"{tile} at 0,0 r2",)


def test_doubleblind_view_as_a_player_is_passed_to_the_renderer() -> None:
    ex = Explorer("doubleblind", view=1)
    assert ex.view == 1
    seen = []
    original = ex.board.renderer.draw

    def spy(canvas, state, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(kwargs["view"])
        original(canvas, state, **kwargs)

    ex.canvas._handle_frontend_event(ex.canvas, {"event": "client_ready"}, [])
    ex.board.renderer = type(
        "Spy", (), {"draw": staticmethod(spy), "size": ex.board.renderer.size}
    )()
    ex.set_view(None)
    ex.set_view(0)
    assert seen == [None, 0]


def test_forthewin_why_not_reads_a_click_onto_an_occupied_side_cell_as_a_shove() -> None:
    ex = Explorer("forthewin", seed=0)
    for move in FORTHEWIN_SPLIT[:4]:
        ex.play(move)
    ex.select((1, 0))
    ex.select((0, 0))
    assert ex.message == (
        "Why not (1,0) → (0,0)? a Shove may not end in a manner that separates the Grid (FW1): "
        "the White Pirate at (2,-1) would touch no other tile"
    )


def test_forthewin_a_click_onto_an_occupied_corner_cell_stays_a_move() -> None:
    rules = ftwkit.rules("forthewin")
    data = rules.new(seed=0).to_json()  # White Monkey at (0,0), Black's at (1,0), Black to play
    data["tiles"] = [dict(t, at=[1, 1]) if t["at"] == [1, 0] else t for t in data["tiles"]]
    state = rules.load(data)
    ex = Explorer(state)
    ex.select((1, 1))
    ex.select((0, 0))
    assert ex.message == (
        "Why not (1,1) → (0,0)? the destination (0,0) is occupied by the White Monkey at (0,0)"
    )


def test_forthewin_two_blobs_are_not_flagged_under_no_isolated_tile() -> None:
    # Issue 13: the explorer flagged a tile as cut off (its own largest-group reading) in a
    # position the engine accepts under connectivity = no_isolated_tile; it now asks the engine.
    from tests.test_forthewin import load

    spec = "WM@0,0 BM@1,0 WP@3,0 BP@4,0"
    state = load(spec, {"connectivity": "no_isolated_tile"}, actions_used=[3, 2])
    ex = Explorer(state)
    drawn: list[frozenset[object]] = []
    original = ex.board.renderer.draw

    def spy(canvas, state, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(frozenset(kwargs["highlight"]))
        original(canvas, state, **kwargs)

    ex.canvas._handle_frontend_event(ex.canvas, {"event": "client_ready"}, [])
    ex.board.renderer = type(
        "Spy", (), {"draw": staticmethod(spy), "size": ex.board.renderer.size}
    )()
    ex.set_view(None)
    assert hooks.warnings(ex.state) == frozenset()
    assert not drawn[-1] & {(1, 0), (4, 0)}  # Black's tiles: no start for White, no warning
    ex.play("move 0,0 nw")  # both Monkeys are left touching nothing
    assert hooks.warnings(ex.state) == {(-1, -1), (1, 0)}
    # The renderer outlines the engine's notes as flagged; the explorer does not also mark them
    # as possible next clicks (Black's Monkey is no start for White).
    assert (1, 0) not in drawn[-1]
    flag = {m.key: m for m in render.renderer("forthewin").legend()}["flagged"].swatch
    assert flag.stroke is not None
    assert flag.stroke in render.svg(ex.state) and flag.stroke not in render.svg(state)
