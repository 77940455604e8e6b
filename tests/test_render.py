"""Board renderers: what is drawn, geometry both ways, the SVG backend, no UI import."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import ftwkit
from ftwkit import render
from ftwkit.render.base import Hit
from ftwkit.render.forthewin import RENDERER as FTW_RENDERER
from ftwkit.render.recording import RecordingCanvas

GAMES = list(ftwkit.game_ids())
PLIES = {"playwin": 14, "forthewin": 24, "ftwcards": 12, "doubleblind": 60, "pnrz": 16}


def mid_game(game_id: str, seed: int = 3, plies: int | None = None) -> Any:
    rules = ftwkit.rules(game_id)
    players = 3 if game_id == "ftwcards" else None
    state = rules.new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(PLIES[game_id] if plies is None else plies):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
    return state


def drawn(state: Any, **options: Any) -> RecordingCanvas:
    canvas = RecordingCanvas()
    render.renderer(state.rules.id).draw(canvas, state, **options)
    return canvas


def centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2


# --------------------------------------------------------------------------- registry, layering
def test_every_game_has_a_renderer_named_by_its_registration() -> None:
    assert GAMES == ["forthewin", "playwin", "ftwcards", "doubleblind", "pnrz"]
    for game_id in GAMES:
        drawer = render.renderer(game_id)
        assert drawer.game == game_id
        assert isinstance(drawer, render.Renderer)


def test_unknown_game_has_no_renderer() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'; known games: forthewin"):
        render.renderer("chess")


def test_render_package_loads_no_ui_library() -> None:
    code = (
        "import sys, ftwkit\n"
        "from ftwkit import render\n"
        "for g in ftwkit.game_ids():\n"
        "    try:\n"
        "        s = ftwkit.rules(g).new(seed=1)\n"
        "    except Exception:\n"
        "        continue\n"
        "    render.svg(s)\n"
        "ui = ('ipywidgets', 'ipycanvas', 'IPython', 'traitlets')\n"
        "bad = [m for m in ui if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


class WriteOnlyCanvas(RecordingCanvas):
    """A canvas that fails on any read of a style attribute: drawing must only write."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the renderer read canvas.{name}")


@pytest.mark.parametrize("game_id", GAMES)
def test_draw_only_writes_to_the_canvas(game_id: str) -> None:
    state = mid_game(game_id)
    canvas = WriteOnlyCanvas()
    render.renderer(game_id).draw(canvas, state)
    assert canvas.calls[0] == ("clear",)
    assert len(canvas.calls) > 50


@pytest.mark.parametrize("game_id", GAMES)
def test_dark_theme_paints_a_dark_background(game_id: str) -> None:
    canvas = drawn(mid_game(game_id), theme=render.DARK)
    background = canvas.drawn("fill_rect")[0]
    assert background.args[:2] == (0, 0)
    assert background.style["fill_style"] == render.DARK.background


# --------------------------------------------------------------------------- geometry both ways
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("plies", [0, 5, None])
def test_targets_at_inverts_target_box_for_every_drawn_target(game_id: str, plies: Any) -> None:
    state = mid_game(game_id, plies=plies)
    drawer = render.renderer(game_id)
    targets = drawer.targets(state)  # type: ignore[attr-defined]
    assert targets
    for target in targets:
        box = drawer.target_box(state, target)
        assert box is not None, target
        assert drawer.targets_at(state, *centre(box)) == target


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_target_is_on_the_picture_and_clickable(game_id: str) -> None:
    for plies in (0, 3, None):
        state = mid_game(game_id, plies=plies)
        drawer = render.renderer(game_id)
        view = state.to_play if game_id in ("ftwcards", "pnrz") else None
        wanted = {t for m in state.legal_moves() for t in m.targets}
        for target in wanted:
            box = drawer.target_box(state, target, view=view)
            assert box is not None, (plies, target)
            assert drawer.targets_at(state, *centre(box), view=view) == target, (plies, target)


@pytest.mark.parametrize("game_id", GAMES)
def test_nothing_is_hit_outside_the_picture(game_id: str) -> None:
    state = mid_game(game_id)
    drawer = render.renderer(game_id)
    width, height = drawer.size(state)
    assert width > 200 and height > 200
    assert drawer.targets_at(state, -5, -5) is None
    assert drawer.targets_at(state, width + 5, height + 5) is None


def test_hex_hit_area_excludes_the_corners_of_its_box() -> None:
    hit = Hit("E5", (0, 0, 52, 60), "hex")
    assert hit.contains(26, 30)
    assert hit.contains(26, 1)
    assert not hit.contains(1, 1)
    assert not hit.contains(51, 59)


# --------------------------------------------------------------------------- Play Win
def test_playwin_draws_one_disc_per_piece_with_its_cell_name() -> None:
    rules = ftwkit.rules("playwin")
    state = rules.load({"to_play": 0, "pieces": [["C3", "A1"], ["D4", "E5", "I9"]]})
    canvas = drawn(state)
    theme = render.LIGHT
    # Status bar: one disc per player; board: one disc per piece.
    assert len(canvas.circles(theme.light_piece)) == 2 + 1
    assert len(canvas.circles(theme.dark_piece)) == 3 + 1
    texts = canvas.texts()
    for cell in ("C3", "A1", "D4", "E5", "I9", "F6"):
        assert texts.count(cell) == 1
    assert len([d for d in canvas.drawn("fill_polygon") if len(d.args[0]) == 6]) >= 61


def test_playwin_marks_the_last_capture_path_and_each_jumped_piece() -> None:
    rules = ftwkit.rules("playwin")
    start = rules.load({"to_play": 0, "pieces": [["C3", "A1"], ["D4", "E5", "I9"]]})
    state = start.play("C3xD4-E4xE5-F6")
    canvas = drawn(state)
    red = render.LIGHT.last_move
    paths = [d for d in canvas.drawn("stroke_lines") if d.style["stroke_style"] == red]
    assert len(paths) == 1 and len(paths[0].args[0]) == 3
    ghosts = [d for d in canvas.drawn("stroke_circle") if d.style["stroke_style"] == red]
    assert len(ghosts) == 2
    crosses = [d for d in canvas.drawn("stroke_line") if d.style["stroke_style"] == red]
    assert len(crosses) == 8  # four arms per jumped piece, clear of the cell's name
    for ghost in ghosts:
        cx, cy, radius = ghost.args[:3]
        arms = [d.args[:4] for d in crosses if abs(d.args[0] - cx) < radius]
        assert len(arms) == 4
        assert all(min(abs(x0 - cx), abs(y0 - cy)) > radius / 5 for x0, y0, _, _ in arms)
    assert not [
        d
        for d in drawn(state, last_move=False).drawn("stroke_circle")
        if d.style["stroke_style"] == red
    ]


def test_playwin_highlight_and_selection_are_drawn_on_their_cells() -> None:
    state = ftwkit.rules("playwin").new()
    drawer = render.renderer("playwin")
    canvas = drawn(state, highlight={"C3", "C4"}, selected=("B2",))
    green = [
        d
        for d in canvas.drawn("stroke_polygon")
        if d.style["stroke_style"] == render.LIGHT.highlight
    ]
    orange = [
        d
        for d in canvas.drawn("stroke_polygon")
        if d.style["stroke_style"] == render.LIGHT.selected
    ]
    assert len(green) == 2 and len(orange) == 1
    bx, _by, bw, _bh = drawer.target_box(state, "B2")  # type: ignore[misc]
    xs = [p[0] for p in orange[0].args[0]]
    assert bx < min(xs) < max(xs) < bx + bw


# --------------------------------------------------------------------------- For the Win!
FTW_POSITION = {
    "game": "forthewin",
    "to_play": 0,
    "first": 0,
    "actions_used": [1, 0],
    "turn_actions": 1,
    "tiles": [
        {"player": 0, "kind": "monkey", "at": [0, 0], "up": True},
        {"player": 1, "kind": "monkey", "at": [1, 0], "up": True},
        {"player": 0, "kind": "ninja", "at": [0, 1], "up": False},
        {"player": 1, "kind": "alien", "at": [2, 0], "up": True},
    ],
}


def test_forthewin_draws_every_tile_with_its_kind_and_face() -> None:
    canvas = RecordingCanvas()
    FTW_RENDERER.draw(canvas, FTW_POSITION)
    texts = canvas.texts()
    assert texts.count("monkey") == 2
    assert texts.count("alien") == 1
    assert texts.count("ninja") == 1  # face down, still named
    down = [
        d
        for d in canvas.drawn("fill_polygon")
        if d.style["fill_style"] == render.LIGHT.face_down_light
    ]
    assert len(down) == 2  # the tile body and its name plate
    hatch = [d for d in canvas.drawn("stroke_lines")]
    assert len(hatch) == 1
    # Supply: 2 of each kind minus tiles on the grid.
    assert texts.count("×1") == 4  # White's monkey and ninja, Black's monkey and alien
    assert texts.count("×2") == 3 + 3


def test_forthewin_grid_reaches_one_cell_around_the_tiles() -> None:
    drawer = render.renderer("forthewin")
    cells = {t for t in drawer.targets(FTW_POSITION)}  # type: ignore[attr-defined]
    assert cells == {(x, y) for x in range(-1, 4) for y in range(-1, 3)}


def test_forthewin_labels_each_column_x_and_each_row_y_outside_the_grid() -> None:
    canvas = RecordingCanvas()
    FTW_RENDERER.draw(canvas, FTW_POSITION)
    texts = [(d.args[0], d.args[1], d.args[2]) for d in canvas.drawn("fill_text")]
    left, top, size, _ = FTW_RENDERER.target_box(FTW_POSITION, (-1, -1))  # type: ignore[misc]
    columns = [(t, x) for t, x, y in texts if top - size / 2 < y < top and t != "x →"]
    rows = [(t, y) for t, x, y in texts if x < left and y > top and t != "y ↓"]
    assert columns == [(str(x), left + (x + 1.5) * size) for x in range(-1, 4)]
    assert rows == [(str(y), top + (y + 1.5) * size) for y in range(-1, 3)]
    corner = next((x, y) for t, x, y in texts if t == "x →")
    assert FTW_RENDERER.targets_at(FTW_POSITION, *corner) is None


def test_forthewin_state_and_json_draw_the_same_picture() -> None:
    state = ftwkit.rules("forthewin").load(FTW_POSITION)
    assert render.svg(state) == render.svg(state.to_json())


# --------------------------------------------------------------------------- FTW?!
def test_ftwcards_player_view_shows_backs_for_other_hands_only() -> None:
    state = mid_game("ftwcards", plies=0)
    data = state.to_json()
    canvas = drawn(state, view=0)
    backs = [
        d for d in canvas.drawn("fill_polygon") if d.style["fill_style"] == render.LIGHT.card_back
    ]
    assert len(backs) == len(data["hands"][1]) + len(data["hands"][2]) + 1  # + the "out" stack
    texts = canvas.texts()
    for card in data["hands"][0]:
        assert str(card) in texts
    for card in data["hands"][1]:
        assert str(card) not in texts or card in data["hands"][0]
    drawer = render.renderer("ftwcards")
    assert set(drawer.targets(state, view=0)) == set(data["hands"][0])  # type: ignore[attr-defined]
    everyone = {c for h in data["hands"] for c in h}
    assert set(drawer.targets(state)) == everyone  # type: ignore[attr-defined]


def test_ftwcards_pile_and_aux_cards_are_targets() -> None:
    rules = ftwkit.rules("ftwcards")
    state = rules.load(
        {
            "players": 3,
            "round": 1,
            "start": 0,
            "to_play": 1,
            "phase": "play",
            "hands": [[3, 17, 30], [5, 9, 22, 34], [1, 2]],
            "pile": [12, 20],
            "aux": [[6], [], []],
            "out": [],
            "aside": [],
            "scores": [0, 0, 0],
        }
    )
    drawer = render.renderer("ftwcards")
    assert drawer.targets(state)[:2] == [12, 20]  # type: ignore[attr-defined]
    box = drawer.target_box(state, 6)
    assert box is not None and drawer.targets_at(state, *centre(box)) == 6


# --------------------------------------------------------------------------- Double Blind
def test_doubleblind_view_hides_the_opponent_secret_and_shows_ones_own() -> None:
    state = ftwkit.rules("doubleblind").load(
        {
            "size": 9,
            "to_play": 0,
            "secrets": [2, 5],
            "stones": [["D4", "E5"], ["C3"]],
            "queries": [],
            "pending": [],
        }
    )
    mine = drawn(state, view=0).texts()
    assert "2 SLASH" in mine and "hidden" in mine and "5 CROSS" in [t for t in mine if "5" in t]
    everything = drawn(state).texts()
    assert "hidden" not in everything
    stones = [d for d in drawn(state).drawn("fill_circle") if d.args[2] > 10]
    black = [d for d in stones if d.style["fill_style"] == render.LIGHT.dark_piece]
    white = [d for d in stones if d.style["fill_style"] == render.LIGHT.light_piece]
    assert len(black) == 2 and len(white) == 1


# --------------------------------------------------------------------------- PNRZ
def test_pnrz_hides_other_hands_and_outlines_best_sections() -> None:
    state = mid_game("pnrz", plies=10)
    data = state.to_json()
    drawer = render.renderer("pnrz")
    hand0 = {str(t) for t in data["hands"][0] if isinstance(t, str)}
    targets = set(drawer.targets(state, view=0))  # type: ignore[attr-defined]
    assert hand0 <= targets
    assert not ({str(t) for t in data["hands"][1] if isinstance(t, str)} - hand0) & targets
    canvas = drawn(state, view=0)
    gold = [d for d in canvas.drawn("stroke_line") if d.style["stroke_style"] == render.LIGHT.gold]
    outlined = sum(len(cells) for _, cells in state.sections().values())
    assert outlined > 0 and len(gold) >= 4


def test_pnrz_empty_table_cell_is_a_candidate_anchor() -> None:
    state = mid_game("pnrz", plies=4)
    drawer = render.renderer("pnrz")
    free = sorted(state.candidates)
    assert free
    box = drawer.target_box(state, free[0])
    assert box is not None
    assert drawer.targets_at(state, *centre(box)) == free[0]
    # the first tile's target is the whole tile it will cover, every quadrant of it
    x, y, w, h = box
    assert w == h == 2 * drawer.target_box(state, (free[0][0] - 1, free[0][1]))[2]  # type: ignore[index]
    assert drawer.targets_at(state, x + w * 0.9, y + h * 0.9) == free[0]


def test_pnrz_empty_table_says_where_the_first_tile_goes() -> None:
    state: Any = ftwkit.rules("pnrz", choose="random").new(seed=1)
    assert state.candidates == {(0, 0)}
    drawer = render.renderer("pnrz")
    hint = [d for d in drawn(state).drawn("fill_text") if d.args[0] == "the first tile goes here"]
    assert len(hint) == 1
    x, y, w, h = drawer.target_box(state, (0, 0))  # type: ignore[misc]
    assert hint[0].args[1] == x + w / 2 and hint[0].args[2] > y + h  # under the tile's outline
    assert "the first tile goes here" not in drawn(mid_game("pnrz", plies=8)).texts()


# --------------------------------------------------------------------------- SVG backend
@pytest.mark.parametrize("game_id", GAMES)
def test_svg_is_well_formed_and_stable(game_id: str) -> None:
    state = mid_game(game_id)
    first = render.svg(state)
    root = ET.fromstring(first)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    width, height = render.renderer(game_id).size(state)
    assert root.get("width") == str(width) and root.get("height") == str(height)
    assert len(root) > 50
    assert render.svg(state) == first
    again = ftwkit.replay(ftwkit.record(state))
    assert render.svg(again) == first


@pytest.mark.parametrize("game_id", ["ftwcards", "doubleblind", "pnrz"])
def test_svg_of_a_player_view_differs_from_the_designer_view(game_id: str) -> None:
    state = mid_game(game_id)
    assert render.svg(state, view=0) != render.svg(state)


def test_state_repr_svg_uses_the_renderer() -> None:
    state = ftwkit.rules("playwin").new()
    text = state._repr_svg_()
    assert text is not None and text == render.svg(state)


def test_svg_canvas_escapes_text() -> None:
    canvas = render.SvgCanvas(10, 10)
    canvas.font = "bold 12px DejaVu Sans, sans-serif"
    canvas.fill_text("a<b & c", 1, 2)
    root = ET.fromstring(canvas.to_svg())
    text = root[0]
    assert text.text == "a<b & c"
    assert text.get("font-weight") == "bold" and text.get("font-size") == "12"


# --------------------------------------------------------------------------- ipycanvas batch
def _ipycanvas_batch(game_id: str, state: Any, canvas: Any) -> list[tuple[list[Any], list[bytes]]]:
    """The messages one redraw inside ``hold_canvas`` sends: (commands, other buffers) each."""
    ipycanvas = pytest.importorskip("ipycanvas")
    from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

    drawer = render.renderer(game_id)
    messages: list[tuple[list[Any], list[bytes]]] = []
    original = _CANVAS_MANAGER.send

    def capture(content: Any, buffers: Any = None) -> None:
        commands = json.loads(bytes(buffers[0]))
        # Which canvas the batch is for depends on what the manager drew last, not on us.
        commands = [c for c in commands if c[0] != COMMANDS["switchCanvas"]]
        messages.append((commands, [bytes(b) for b in buffers[1:]]))

    _CANVAS_MANAGER.send = capture
    try:
        with ipycanvas.hold_canvas():
            drawer.draw(canvas, state, highlight={"E5"})
    finally:
        _CANVAS_MANAGER.send = original
    return messages


@pytest.mark.parametrize("game_id", GAMES)
def test_one_redraw_is_one_message_and_the_fast_style_path_sends_the_same(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ipycanvas = pytest.importorskip("ipycanvas")
    canvas = ipycanvas.Canvas(width=10, height=10)
    state = mid_game(game_id)
    fast = _ipycanvas_batch(game_id, state, canvas)
    assert len(fast) == 1
    from ftwkit.render import base

    monkeypatch.setattr(base, "_direct_setter", lambda canvas: None)
    slow = _ipycanvas_batch(game_id, state, canvas)
    assert len(slow) == 1
    assert fast == slow
    assert len(fast[0][0]) > 100


@pytest.mark.parametrize("game_id", GAMES)
def test_theme_scale_scales_the_picture_and_its_hit_areas(game_id: str) -> None:
    import dataclasses

    state = mid_game(game_id)
    drawer = render.renderer(game_id)
    big = dataclasses.replace(render.LIGHT, scale=2.0)
    w1, h1 = drawer.size(state)
    w2, h2 = drawer.size(state, theme=big)
    assert 1.9 * w1 <= w2 <= 2.1 * w1 and 1.9 * h1 <= h2 <= 2.1 * h1
    target = drawer.targets(state)[0]  # type: ignore[attr-defined]
    box = drawer.target_box(state, target, theme=big)
    assert box is not None
    assert drawer.targets_at(state, *centre(box), theme=big) == target


def test_status_line_names_the_winner_once_over() -> None:
    state = ftwkit.rules("playwin").load({"to_play": 0, "pieces": [["C3"], ["D4"]]})
    state = state.play(state.legal_moves()[0])
    assert state.is_over and state.winners == (0,)
    assert "South won" in drawn(state).texts()


def test_forthewin_extra_colours_get_their_own_tiles() -> None:
    position = {
        **FTW_POSITION,
        "players": 4,
        "actions_used": [1, 0, 0, 0],
        "tiles": [
            *FTW_POSITION["tiles"],  # type: ignore[misc]
            {"player": 2, "kind": "pirate", "at": [3, 0], "up": True},
            {"player": 3, "kind": "zombie", "at": [4, 0], "up": False},
        ],
    }
    canvas = RecordingCanvas()
    names = ftwkit.rules("forthewin").player_names(4)
    assert names[2:] == ("Red", "Blue")
    FTW_RENDERER.draw(canvas, ftwkit.rules("forthewin").load(position))
    colours = dict((n, (face, down)) for n, face, down in render.LIGHT.tile_colours)
    fills = [d.style["fill_style"] for d in canvas.drawn("fill_polygon")]
    assert colours["red"][0] in fills and colours["blue"][1] in fills


def test_ftwcards_card_numbers_stay_dark_on_light_cards_in_the_dark_theme() -> None:
    state = mid_game("ftwcards", plies=0)
    canvas = drawn(state, theme=render.DARK)
    cards = {str(c) for hand in state.to_json()["hands"] for c in hand}
    inks = {d.style["fill_style"] for d in canvas.drawn("fill_text") if d.args[0] in cards}
    assert inks == {render.DARK.card_ink}
