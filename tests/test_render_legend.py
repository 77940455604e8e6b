"""Legends and the marks they explain: drawn with the legend's own styles, a calm last move, the
For the Win! split Grid flagged from the engine's notes, Double Blind's completed patterns."""

from __future__ import annotations

import colorsys
import random
import re
from typing import Any

import pytest

import ftwkit
from ftwkit import render
from ftwkit.errors import InvalidState
from ftwkit.render.legend import SHAPES, Swatch, draw_swatch, swatch_svg
from ftwkit.render.recording import RecordingCanvas
from ftwkit.render.theme import DARK, LIGHT

GAMES = list(ftwkit.game_ids())

SPLIT_GRID = {
    "game": "forthewin",
    "version": 1,
    "players": 2,
    "to_play": 0,
    "first": 1,
    "actions_used": [3, 4],
    "turn_actions": 1,
    "round": 1,
    "tiles": [
        {"player": 1, "kind": "monkey", "at": [-3, -1], "up": True},
        {"player": 0, "kind": "pirate", "at": [-2, 0], "up": True},
        {"player": 1, "kind": "ninja", "at": [-1, -1], "up": True},
        {"player": 1, "kind": "monkey", "at": [-1, 1], "up": False},
        {"player": 0, "kind": "monkey", "at": [0, 0], "up": False},
        {"player": 0, "kind": "pirate", "at": [2, -1], "up": False},
        {"player": 1, "kind": "alien", "at": [3, 0], "up": True},
    ],
    "removed": [],
    "over": False,
    "winners": [],
    "seed": 0,
}
"""White has taken one action this turn and left the Pirate at (2,-1) and the Alien at (3,0) cut
off from the rest of the Grid."""


def after_one_move(game_id: str, seed: int = 5) -> Any:
    """A seeded state one move into the game (so it has a last move to mark)."""
    rules = ftwkit.rules(game_id)
    players = 3 if game_id == "ftwcards" else None
    state = rules.new(players=players, seed=seed)
    rng = random.Random(seed)
    moves = [m for m in state.legal_moves() if m.targets]
    return state.play(rng.choice(moves))


def strokes(canvas: RecordingCanvas) -> set[str]:
    """Every colour something was outlined or drawn with."""
    kinds = ("stroke_rect", "stroke_circle", "stroke_polygon", "stroke_line", "stroke_lines")
    return {d.style["stroke_style"] for d in canvas.drawn() if d.name in kinds}


def drawn(state: Any, **options: Any) -> RecordingCanvas:
    canvas = RecordingCanvas()
    render.renderer(state.rules.id).draw(canvas, state, **options)
    return canvas


# --------------------------------------------------------------------------- legends
@pytest.mark.parametrize("game_id", GAMES)
def test_every_board_explains_last_move_possible_and_selected(game_id: str) -> None:
    legend = render.renderer(game_id).legend()
    keys = [m.key for m in legend]
    assert {"last", "possible", "selected"} <= set(keys)
    assert len(keys) == len(set(keys))
    assert all(m.words and m.swatch.shape in SHAPES for m in legend)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_last_move_is_drawn_in_the_legends_colour_and_only_then(game_id: str) -> None:
    state = after_one_move(game_id)
    last = {m.key: m for m in render.renderer(game_id).legend()}["last"].swatch
    assert last.stroke is not None
    assert last.stroke in strokes(drawn(state, last_move=True))
    assert last.stroke not in strokes(drawn(state, last_move=False))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_dark_legend_uses_the_dark_theme(game_id: str) -> None:
    light = {m.key: m.swatch for m in render.renderer(game_id).legend(theme=LIGHT)}
    dark = {m.key: m.swatch for m in render.renderer(game_id).legend(theme="dark")}
    assert light["last"].stroke == LIGHT.last_move
    assert dark["last"].stroke == DARK.last_move


def test_the_last_move_colour_is_a_calm_blue_apart_from_warnings() -> None:
    for theme in (LIGHT, DARK):
        red, green, blue = (int(theme.last_move[i : i + 2], 16) / 255 for i in (1, 3, 5))
        hue = colorsys.rgb_to_hsv(red, green, blue)[0] * 360
        assert 190 <= hue <= 240, (theme.name, hue)
        assert theme.last_move not in (theme.flag, theme.selected, theme.highlight)


def test_a_swatch_shape_must_be_known() -> None:
    with pytest.raises(ValueError, match="swatch shape must be one of"):
        Swatch("star")


@pytest.mark.parametrize("shape", SHAPES)
def test_every_swatch_shape_draws_its_colours(shape: str) -> None:
    canvas = RecordingCanvas()
    swatch = Swatch(shape, stroke="#123456", fill="#abcdef", casing="#000000")
    draw_swatch(render.base.Pen(canvas, LIGHT), swatch, (0, 0, 20, 20))
    assert "#123456" in strokes(canvas)
    assert "<svg" in swatch_svg(swatch)


# --------------------------------------------------------------------------- For the Win!
def test_a_split_grid_flags_the_cut_off_tiles_the_engine_names() -> None:
    state = ftwkit.rules("forthewin").load(SPLIT_GRID)
    assert [note.cells for note in state.notes()] == [((2, -1), (3, 0))]
    flag = {m.key: m for m in render.renderer("forthewin").legend()}["flagged"].swatch
    canvas = drawn(state)
    outlined = [
        d.args
        for d in canvas.drawn("stroke_rect")
        if d.style["stroke_style"] == flag.stroke and d.args[2] == d.args[3]  # not the banner
    ]
    boxes = [render.renderer("forthewin").target_box(state, c) for c in ((2, -1), (3, 0))]
    assert len(outlined) == 2
    for (x, y, w, h), (bx, by, bw, bh) in zip(outlined, boxes, strict=True):
        assert bx < x < x + w < bx + bw and by < y < y + h < by + bh


def test_a_split_grid_says_the_turn_cannot_end() -> None:
    state = ftwkit.rules("forthewin").load(SPLIT_GRID)
    texts = drawn(state).texts()
    assert "White to play — another action is needed: the turn cannot end now" in texts
    assert "turn: 1 of 2 taken · cannot end yet" in texts
    assert any("the turn cannot end while it is split (FW1-FW3)." in t for t in texts)


def test_a_whole_grid_after_one_action_offers_to_end_the_turn() -> None:
    state = ftwkit.rules("forthewin").new(seed=0)
    state = state.play(next(m for m in state.legal_moves() if m.targets))
    assert state.explain("end") is None
    flag = {m.key: m for m in render.renderer("forthewin").legend()}["flagged"].swatch
    canvas = drawn(state)
    assert "Black to play — second action or end the turn" in canvas.texts()
    assert flag.stroke not in strokes(canvas)


def test_a_json_position_is_drawn_as_the_engine_loads_it_with_the_engines_flags() -> None:
    from_json = RecordingCanvas()
    render.renderer("forthewin").draw(from_json, SPLIT_GRID)
    texts = from_json.texts()
    assert "White to play — another action is needed: the turn cannot end now" in texts
    state = ftwkit.rules("forthewin").load(SPLIT_GRID)
    assert from_json.calls == drawn(state).calls
    assert render.svg(SPLIT_GRID) == render.svg(state)


def test_a_json_position_the_engine_refuses_is_not_drawn() -> None:
    one_cell_twice = {**SPLIT_GRID, "tiles": [*SPLIT_GRID["tiles"], SPLIT_GRID["tiles"][1]]}
    with pytest.raises(InvalidState) as refused:
        ftwkit.rules("forthewin").load(one_cell_twice)
    with pytest.raises(InvalidState, match=re.escape(str(refused.value))):
        render.svg(one_cell_twice)


# --------------------------------------------------------------------------- Double Blind
def line_for_black(secrets: list[int]) -> Any:
    """A 9×9 board where Black has completed LINE along row 1."""
    start = ftwkit.rules("doubleblind", size=9).new(seed=1).to_json()
    start.pop("completed")
    start.update(stones=[["A1", "B1", "C1", "D1"], ["A9", "B8", "J9"]], secrets=secrets)
    return ftwkit.rules("doubleblind").load(start)


def test_the_engine_names_the_cells_of_each_completed_pattern() -> None:
    state = line_for_black([4, 3])
    assert state.completed_patterns(0) == {1: ("A1", "B1", "C1", "D1")}
    assert state.completed_patterns(1) == {}


def test_the_engine_names_an_arm_filled_by_the_opponent() -> None:
    start = ftwkit.rules("doubleblind", size=9).new(seed=1).to_json()
    start.pop("completed")
    start.update(stones=[["E5", "E6", "D5", "F5"], ["E4", "A9", "C9"]], secrets=[5, 3])
    state = ftwkit.rules("doubleblind").load(start)
    assert state.completed_patterns(0) == {5: ("E4", "D5", "E5", "F5", "E6")}


def _ring_colours(state: Any, view: int | None) -> dict[str, str]:
    """The colour of the widest ring around each stone of row 1 A–D."""
    drawer = render.renderer("doubleblind")
    centres = {}
    for cell in ("A1", "B1", "C1", "D1"):
        x, y, w, h = drawer.target_box(state, cell, view=view)
        centres[(round(x + w / 2, 3), round(y + h / 2, 3))] = cell
    rings: dict[str, tuple[float, str]] = {}
    for d in drawn(state, view=view).drawn("stroke_circle"):
        x, y, r = d.args
        cell = centres.get((round(x, 3), round(y, 3)))
        if cell is not None and r >= rings.get(cell, (0.0, ""))[0]:
            rings[cell] = (r, d.style["stroke_style"])
    return {cell: colour for cell, (_, colour) in rings.items()}


def test_a_completed_pattern_is_ringed_for_everyone() -> None:
    state = line_for_black([4, 3])
    for view in (None, 0, 1):
        assert _ring_colours(state, view) == dict.fromkeys(("A1", "B1", "C1", "D1"), LIGHT.pattern)


def test_a_completed_secret_is_ringed_as_secret_only_where_the_secret_is_seen() -> None:
    state = line_for_black([1, 3])
    secret = dict.fromkeys(("A1", "B1", "C1", "D1"), LIGHT.secret)
    assert _ring_colours(state, None) == secret
    assert _ring_colours(state, 0) == secret
    assert _ring_colours(state, 1) == dict.fromkeys(secret, LIGHT.pattern)


# --------------------------------------------------------------------------- the widget
def test_the_legend_widget_lists_every_mark_and_the_hint() -> None:
    from widgets.legend import Legend

    state = after_one_move("playwin")
    legend = Legend(render.renderer("playwin"))
    legend.show(state)
    for marker in render.renderer("playwin").legend(state):
        assert marker.words in legend.value
    assert "hint (after Hint is pressed)" in legend.value


def test_the_explorer_shows_the_legend_under_its_board() -> None:
    from widgets import Explorer

    explorer = Explorer("doubleblind", size=9)
    board = explorer.canvas
    column = next(c for c in _walk(explorer) if board in getattr(c, "children", ()))
    assert list(column.children).index(explorer.legend) == 1
    assert "stone of a completed pattern (public)" in explorer.legend.value


def _walk(widget: Any) -> list[Any]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _walk(child)
    return out
