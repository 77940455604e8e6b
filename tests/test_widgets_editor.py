"""The ScenarioEditor without a browser: JSON validation, click tools, fields, export, hand-over."""

from __future__ import annotations

import json

import pytest
import yaml

import ftwkit
from ftwkit.casebook import parse_case, run_case
from widgets import ScenarioEditor


def test_the_editor_starts_from_the_set_up_position() -> None:
    editor = ScenarioEditor("playwin")
    assert editor.state == ftwkit.rules("playwin").new()
    assert editor.error == ""


def test_invalid_json_is_reported_with_the_field_and_blocks_exploring() -> None:
    editor = ScenarioEditor("playwin")
    editor.set_json(json.dumps({"game": "playwin", "to_play": 0, "pieces": [["Z1"], ["E5"]]}))
    assert editor.state is None
    assert "Z1" in editor.error
    assert editor._open.disabled
    assert editor.open_explorer() is None
    assert editor.message.startswith("the position is not valid: ")
    editor.set_json("{bad")
    assert editor.error.startswith("not JSON: ")


def test_click_tools_place_remove_and_change_owner() -> None:
    editor = ScenarioEditor({"game": "playwin", "to_play": 0, "pieces": [["A1"], ["I9"]]})
    editor.apply_tool("place North", "E5")
    editor.apply_tool("remove", "A1")
    editor.apply_tool("place South", "C3")
    editor.apply_tool("change owner", "I9")
    assert editor.state is not None
    assert editor.state.to_json()["pieces"] == [["C3", "I9"], ["E5"]]


def test_fields_set_whose_turn_it_is() -> None:
    pieces = [["A1", "A2"], ["I8", "I9"]]
    editor = ScenarioEditor({"game": "playwin", "to_play": 0, "pieces": pieces})
    widgets = {w.description: w for w in editor._fields.children}
    widgets["to_play"].value = 1
    assert editor.state is not None and editor.state.to_play == 1
    editor.set_field("to_play", 7)
    assert editor.state is None and editor.error.startswith("to_play")


def test_an_edited_position_opens_in_an_explorer() -> None:
    editor = ScenarioEditor({"game": "playwin", "to_play": 0, "pieces": [["C3", "A1"], ["E7"]]})
    explorer = editor.open_explorer()
    assert explorer is not None and explorer.state == editor.state
    explorer.play("A1-B2")
    assert explorer.session.line == ("A1-B2",)


def test_a_position_exports_as_a_casebook_case_that_round_trips() -> None:
    editor = ScenarioEditor("playwin", approach="no_farther")
    editor.apply_tool("remove", "A1")
    editor._title.value = "A lone gap"
    editor._rule.value = "PW3"
    editor._explanation.value = "South has a gap at A1."
    text = editor.case_yaml()
    data = yaml.safe_load(text)
    assert data["title"] == "A lone gap" and data["options"] == {"approach": "no_farther"}
    case = parse_case("playwin", "99-lone-gap", data)
    assert case.start() == editor.state
    assert run_case(case).ok
    editor._export.click()
    assert editor._yaml.value == text and "download=" in editor._yaml_link.value


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_every_game_round_trips_through_the_editor(game: str) -> None:
    state = ftwkit.rules(game).new(seed=2)
    editor = ScenarioEditor(state)
    assert editor.state == state
    editor.set_json(json.dumps(editor.position))
    assert editor.state == state and editor.error == ""
    explorer = editor.open_explorer()
    assert explorer is not None and explorer.state == state


def test_forthewin_tools_place_flip_change_owner_and_remove() -> None:
    editor = ScenarioEditor("forthewin")
    names = ftwkit.rules("forthewin").player_names(2)
    editor.apply_tool(f"{names[0]} ninja", (0, 1))
    editor.apply_tool("flip", (0, 1))
    editor.apply_tool("change owner", (1, 0))
    assert editor.state is not None, editor.error
    tiles = {tuple(t["at"]): (t["player"], t["kind"], t["up"]) for t in editor.position["tiles"]}
    assert tiles[(0, 1)] == (0, "ninja", False)
    assert tiles[(1, 0)][0] == 0
    editor.apply_tool("remove", (0, 1))
    assert (0, 1) not in {tuple(t["at"]) for t in editor.position["tiles"]}


def test_a_click_on_the_editor_board_uses_the_chosen_tool() -> None:
    editor = ScenarioEditor({"game": "playwin", "to_play": 0, "pieces": [["A1", "A2"], ["I8"]]})
    editor.canvas._handle_frontend_event(editor.canvas, {"event": "client_ready"}, [])
    editor._tool.value = "place North"
    x, y, w, h = editor._renderer.target_box(editor.state, "E5")
    editor.canvas._handle_frontend_event(
        editor.canvas, {"event": "mouse_down", "x": x + w / 2, "y": y + h / 2}, []
    )
    assert editor.state is not None and editor.state.to_json()["pieces"][1] == ["E5", "I8"]
    assert editor.log_panel.entries == []


def test_pnrz_tools_place_a_tile_from_a_hand_turn_it_and_take_it_off() -> None:
    editor = ScenarioEditor("pnrz", choose="random")  # characters dealt: the play phase
    hand = list(editor.position["hands"][0])
    tile = hand[0]
    editor.apply_tool("place tile", tile)  # a click on a tile in a hand picks it
    assert editor.choice == tile
    editor.apply_tool("place tile", (0, 0))
    assert editor.position["tiles"] == [{"id": tile, "at": [0, 0], "rot": 0}]
    assert tile not in editor.position["hands"][0] and editor.error == ""
    editor.apply_tool("turn ↻", (1, 1))  # any quadrant of the tile turns it
    assert editor.position["tiles"][0]["rot"] == 1
    editor.apply_tool("take off", (0, 1))
    assert editor.position["tiles"] == [] and editor.position["draw"][-1] == tile
    assert editor.state is not None and editor.log_panel.entries == []


def test_pnrz_a_base_taken_off_goes_back_to_its_owners_hand() -> None:
    editor = ScenarioEditor("pnrz", choose="random")
    base = next(t for t in editor.position["hands"][1] if t.startswith("base:"))
    editor.apply_tool("place tile", (0, 0), base)
    assert base not in editor.position["hands"][1]
    editor.apply_tool("take off", (0, 0))
    assert editor.position["hands"][1][-1] == base and editor.position["tiles"] == []


def test_pnrz_placing_a_tile_that_is_not_off_the_table_is_refused() -> None:
    editor = ScenarioEditor("pnrz")
    editor.apply_tool("place tile", (0, 0), "nope")
    assert editor.message == "place tile: 'nope' is not a tile off the table; pick another"


def test_card_games_say_that_they_are_set_up_in_the_json() -> None:
    editor = ScenarioEditor("ftwcards")
    assert editor.tools == []
    assert "Cards are set up in the JSON, not by clicking" in editor._hint.value
    assert "ftw-editor" in editor._dom_classes and not editor.log_panel.visible
