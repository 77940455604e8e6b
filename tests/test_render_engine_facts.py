"""Pictures show the engine's facts: shapes, cells, supplies and tiles come from the engine, so an
option that changes them changes the picture too (no second copy in a renderer)."""

from __future__ import annotations

from typing import Any

import pytest

import ftwkit
from ftwkit import render
from ftwkit.games.doubleblind import CONDITIONS, cell_name
from ftwkit.games.forthewin.moves import KINDS
from ftwkit.games.playwin import BOARD
from ftwkit.games.pnrz.tiles import BASES, CHARACTERS, ENEMY
from ftwkit.render.glyphs import GLYPHS
from ftwkit.render.recording import RecordingCanvas
from ftwkit.render.theme import LIGHT


def drawn(state: Any, **options: Any) -> RecordingCanvas:
    canvas = RecordingCanvas()
    render.renderer(state.rules.id).draw(canvas, state, **options)
    return canvas


# --------------------------------------------------------------------------- Double Blind
def icon_arms(canvas: RecordingCanvas, label: str) -> list[set[tuple[int, int]]]:
    """Per icon captioned ``label``: its arm rings as offsets from its centre stone, in cells."""
    icons = []
    for caption in canvas.drawn("fill_text"):
        if caption.args[0] != label:
            continue
        x, y = caption.args[1], caption.args[2]

        def inside(cx: float, cy: float, x: float = x, y: float = y) -> bool:
            return abs(cx - x) < 19 and y - 48 < cy < y

        centres = [d.args for d in canvas.drawn("fill_circle") if inside(*d.args[:2])]
        rings = [d.args for d in canvas.drawn("stroke_circle") if inside(*d.args[:2])]
        assert len(centres) == 1, label
        ox, oy, _ = centres[0]
        step = min(max(abs(rx - ox), abs(ry - oy)) for rx, ry, _ in rings)
        icons.append({(round((rx - ox) / step), round((ry - oy) / step)) for rx, ry, _ in rings})
    return icons


@pytest.mark.parametrize("arm_length", [1, 2])
def test_doubleblind_icons_show_the_engines_x_and_cross_at_the_arm_length_in_force(
    arm_length: int,
) -> None:
    rules = ftwkit.rules("doubleblind", size=9, arm_length=arm_length)
    state = rules.load({"size": 9, "to_play": 0, "secrets": [1, 2], "stones": [["E5"], []]})
    canvas = drawn(state)
    for number in (4, 5):
        figure = CONDITIONS[number].figures[0]
        cx, cy = figure.own[0]
        engine = {(x - cx, y - cy) for arm in figure.arm_cells(arm_length) for x, y in arm}
        assert len(engine) == 4 * arm_length
        icons = icon_arms(canvas, f"{number} {CONDITIONS[number].name}")
        assert icons == [engine, engine]  # one icon per player's panel


@pytest.mark.parametrize("size", [5, 13, 25])
def test_doubleblind_board_has_exactly_the_engines_intersections(size: int) -> None:
    state = ftwkit.rules("doubleblind", size=size).new(seed=1)
    targets = render.renderer("doubleblind").targets(state)  # type: ignore[attr-defined]
    assert sorted(targets) == sorted(cell_name(x, y) for x in range(size) for y in range(size))
    assert state.legal_moves()[0].targets[0] in targets


# --------------------------------------------------------------------------- Play Win
def test_playwin_board_has_exactly_the_engines_cells_and_row_letters() -> None:
    state = ftwkit.rules("playwin").new()
    targets = render.renderer("playwin").targets(state)  # type: ignore[attr-defined]
    assert targets == [BOARD.name(cell) for cell in BOARD.cells]
    letters = [t for t in drawn(state).texts() if t in BOARD.row_names()]
    assert letters == list(BOARD.row_names())


# --------------------------------------------------------------------------- For the Win!
def test_forthewin_supply_is_the_engines_with_tiles_removed_from_the_game() -> None:
    rules = ftwkit.rules("forthewin", infected_fate="removed_from_game")
    start = rules.load(
        {
            "players": 2,
            "to_play": 0,
            "first": 0,
            "actions_used": [0, 0],
            "turn_actions": 0,
            "tiles": [
                {"player": 0, "kind": "zombie", "at": [0, 0], "up": True},
                {"player": 1, "kind": "pirate", "at": [1, 0], "up": False},
                {"player": 1, "kind": "monkey", "at": [-1, 0], "up": True},
            ],
        }
    )
    state = start.play("zombie 0,0 infect 1,0 white")  # Black's Pirate leaves the game
    assert state.supply(1)["pirate"] == 1
    counts = [t for t in drawn(state).texts() if t.startswith("×")]
    assert counts == [f"×{n}" for p in (0, 1) for n in state.supply(p).values()]


def test_every_for_the_win_kind_has_a_glyph_and_a_colour() -> None:
    assert set(GLYPHS) == set(KINDS)
    assert all(LIGHT.kind(kind) != LIGHT.kind("no such kind") for kind in KINDS)


# --------------------------------------------------------------------------- PNRZ
def enemies_only_set() -> dict[str, Any]:
    """A tile set whose tile 01 shows the four arch-enemies (the shipped 01 shows pirates)."""
    tiles = [{"id": f"{i:02d}", "quads": ["pirate"] * 4, "icon": None} for i in range(1, 13)]
    tiles[0]["quads"] = [ENEMY[c] for c in CHARACTERS]
    bases = [{"id": BASES[c], "quads": [BASES[c]] * 4, "icon": None} for c in CHARACTERS]
    return {"tiles": tiles, "bases": bases}


def test_pnrz_draws_the_tiles_of_the_tile_set_in_force() -> None:
    rules = ftwkit.rules("pnrz", tile_set=enemies_only_set())
    state = rules.load(
        {
            "players": 2,
            "to_play": 0,
            "characters": [["pirate", "ninja"], ["robot", "zombie"]],
            "tiles": [{"id": "01", "at": [0, 0], "rot": 0}],
            "hands": [["05"], ["06"]],
            "draw": ["12"],
        }
    )
    canvas = drawn(state, last_move=False)
    enemy = [d for d in canvas.drawn("fill_rect") if d.style["fill_style"] == LIGHT.enemy]
    assert len(enemy) == 4
    bursts = [
        d.style["fill_style"]
        for d in canvas.drawn("fill_polygon")
        if len(d.args[0]) == 14  # a 7-pointed burst: the arch-enemy's mark
    ]
    assert bursts == [LIGHT.kind(c) for c in CHARACTERS]  # NW, NE, SE, SW: each victim's colour


def test_every_pnrz_character_has_a_colour() -> None:
    colours = {LIGHT.kind(c) for c in CHARACTERS}
    assert len(colours) == len(CHARACTERS) and LIGHT.kind("no such kind") not in colours


# --------------------------------------------------------------------------- FTW?!
@pytest.mark.parametrize("players", [2, 6])
def test_ftwcards_header_counts_the_engines_rounds(players: int) -> None:
    state = ftwkit.rules("ftwcards").new(players=players, seed=1)
    header = drawn(state).texts()[0]
    assert header.startswith(f"Round 1 of {state.rounds} ·")  # type: ignore[attr-defined]


def test_ftwcards_a_hidden_pass_choice_is_drawn_as_backs_the_engine_counts() -> None:
    state = ftwkit.rules("ftwcards").new(players=3, seed=2)
    chooser = state.to_play
    state = state.play(state.legal_moves()[0])  # the first player sets 3 cards apart
    assert chooser is not None and state.passing[chooser] is not None  # type: ignore[attr-defined]
    viewer = (chooser + 1) % 3
    seen = state.passing_seen_by(chooser, viewer)  # type: ignore[attr-defined]
    assert seen == (None,) * 3
    assert state.observation(viewer)["passing"][chooser] is None
    backs = [
        d
        for d in drawn(state, view=viewer).drawn("fill_polygon")
        if d.style["fill_style"] == LIGHT.card_back
    ]
    others = sum(len(state.hands[p]) for p in range(3) if p != viewer)  # type: ignore[attr-defined]
    assert len(backs) == others + len(seen) + 1  # + the "out" stack
