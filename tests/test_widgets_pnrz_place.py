"""Placing a PNRZ tile from the explorer: pick it up, turn it, see its ghost, put it down."""

from __future__ import annotations

from typing import Any

from ftwkit import render
from ftwkit.games.pnrz.notation import Place
from widgets import Explorer


def _explorer() -> tuple[Explorer, str]:
    ex = Explorer("pnrz", choose="random")  # characters dealt: tiles from the first move
    tile = ex.state.legal_moves()[0].targets[0]
    return ex, tile


def _places(ex: Explorer) -> list[Place]:
    return [m for m in ex.state.legal_moves() if isinstance(m, Place)]


def _spy_draws(ex: Explorer) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    original = ex.board.renderer.draw

    def spy(canvas: Any, state: Any, **kwargs: Any) -> None:
        seen.append(kwargs)
        original(canvas, state, **kwargs)

    class Spy:
        """The real renderer, with its ``draw`` calls recorded."""

        draw = staticmethod(spy)

        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

    real = ex.board.renderer
    ex.canvas._handle_frontend_event(ex.canvas, {"event": "client_ready"}, [])
    ex.board.renderer = Spy()
    return seen


def test_a_cell_click_places_the_tile_unturned_when_it_was_not_rotated() -> None:
    ex, tile = _explorer()
    ex.select(tile)
    assert ex.session.turn == 0
    ex.select((0, 0))
    assert ex.session.line == (f"{tile} at 0,0 r0",)


def test_rotating_with_the_button_then_clicking_a_cell_places_it_so_turned() -> None:
    ex, tile = _explorer()
    ex.select(tile)
    assert ex.board.rotate_button.layout.visibility == "visible"
    ex.board.rotate_button.click()
    ex.rotate()
    assert ex.session.turn == 2
    assert ex.message == "Turned to 2 quarter turns clockwise: click a place."
    ex.select((0, 0))
    assert ex.session.line == (f"{tile} at 0,0 r2",)
    assert ex.session.turn is None and ex.board.rotate_button.layout.visibility == "hidden"


def test_clicking_the_tile_in_hand_again_turns_it_and_wraps_after_a_full_turn() -> None:
    ex, tile = _explorer()
    ex.select(tile)
    for expected in (1, 2, 3, 0, 1):
        ex.select(tile)
        assert ex.selection == (tile,) and ex.session.turn == expected
    ex.select((0, 0))
    assert ex.session.line == (f"{tile} at 0,0 r1",)


def test_picking_up_another_tile_starts_it_unturned() -> None:
    ex, tile = _explorer()
    other = next(m.tile for m in _places(ex) if m.tile != tile)
    ex.select(tile)
    ex.rotate()
    ex.select(other)
    assert ex.selection == (other,) and ex.session.turn == 0


def test_rotate_with_nothing_picked_up_is_refused() -> None:
    ex, _ = _explorer()
    ex.rotate()
    assert ex.message == "pick up a piece that can be turned first (nothing to rotate)"
    assert ex.session.line == ()


def test_the_renderer_is_given_the_ghost_of_the_tile_in_its_turn() -> None:
    ex, tile = _explorer()
    seen = _spy_draws(ex)
    ex.select(tile)
    assert seen[-1]["ghost"] == (tile, (0, 0), 0)
    ex.rotate()
    assert seen[-1]["ghost"] == (tile, (0, 0), 1)
    ex.select((0, 0))
    assert "ghost" not in seen[-1]


def test_the_ghost_follows_the_considered_place_where_the_tile_fits() -> None:
    ex, tile = _explorer()
    ex.select(tile)
    ex.select((0, 0))  # the first tile is down; the next player picks up one of theirs
    nxt = _places(ex)[0]
    ex.select(nxt.tile)
    fits = sorted({m.at for m in _places(ex) if m.tile == nxt.tile})
    seen = _spy_draws(ex)
    ex.consider(fits[-1])
    assert seen[-1]["ghost"] == (nxt.tile, fits[-1], ex.session.turn)
    ex.consider((99, 99))  # fits nowhere: the ghost goes back to the first place it fits
    assert seen[-1]["ghost"][1] in fits


def test_the_svg_draws_the_ghost_see_through_and_the_first_target_is_a_whole_tile() -> None:
    ex, tile = _explorer()
    state = ex.state
    plain = render.svg(state, highlight={(0, 0)})
    ghosted = render.svg(state, highlight={(0, 0)}, ghost=(tile, (0, 0), 1))
    assert ghosted != plain and 'opacity="0.55"' in ghosted.replace("'", '"')
    drawer = render.renderer("pnrz")
    box = drawer.target_box(state, (0, 0))
    assert box is not None
    x, y, w, h = box
    assert w == h and w > 40  # two quadrants wide: the whole first tile
    assert drawer.targets_at(state, x + w * 0.75, y + h * 0.75) == (0, 0)


def test_a_ghost_of_an_unknown_tile_or_off_the_table_draws_nothing_extra() -> None:
    ex, _ = _explorer()
    plain = render.svg(ex.state)
    assert render.svg(ex.state, ghost=("no-such-tile", (0, 0), 0)) == plain
    assert render.svg(ex.state, ghost=("13", (999, 999), 0)) == plain
    assert render.svg(ex.state, ghost="nonsense") == plain


def test_the_engine_gives_the_turns_and_refuses_a_turn_that_is_not_legal() -> None:
    ex, tile = _explorer()
    state = ex.state
    clicks = state.rules.clicks
    assert clicks.turns(state, (tile,)) == (0, 1, 2, 3)
    assert clicks.turns(state, ((0, 0),)) == ()
    assert str(clicks.turned(state, (tile, (0, 0)), 3)) == f"{tile} at 0,0 r3"
    assert clicks.turned(state, (tile, (5, 5)), 3) is None
    assert not state.is_legal(state.rules.parse_move(state, f"{tile} at 5,5 r3"))


def test_the_pointer_moving_over_a_place_moves_the_ghost_there() -> None:
    ex, tile = _explorer()
    ex.select(tile)
    ex.select((0, 0))
    nxt = _places(ex)[0]
    ex.select(nxt.tile)
    fits = sorted({m.at for m in _places(ex) if m.tile == nxt.tile})
    seen = _spy_draws(ex)
    box = ex.board.renderer.target_box(ex.state, fits[-1])
    assert box is not None
    x, y, w, h = box
    event = {"event": "mouse_move", "x": x + w / 2, "y": y + h / 2}
    ex.canvas._handle_frontend_event(ex.canvas, event, [])
    assert seen[-1]["ghost"] == (nxt.tile, fits[-1], ex.session.turn)
    drawn = len(seen)
    ex.canvas._handle_frontend_event(ex.canvas, event, [])  # the same place: no redraw
    assert len(seen) == drawn


def test_a_game_without_turning_pieces_listens_to_no_pointer_moves() -> None:
    ex = Explorer("forthewin", seed=0)
    assert not ex.canvas._mouse_move_callbacks.callbacks
    pnrz, _ = _explorer()
    assert pnrz.canvas._mouse_move_callbacks.callbacks


def test_the_r_key_on_the_board_turns_the_picked_up_tile() -> None:
    ex, tile = _explorer()
    ex.select(tile)
    key = {"event": "key_down", "key": "r", "shift_key": False, "ctrl_key": False}
    ex.canvas._handle_frontend_event(ex.canvas, {**key, "meta_key": False}, [])
    assert ex.session.turn == 1
    ex.select((0, 0))
    assert ex.session.line == (f"{tile} at 0,0 r1",)
