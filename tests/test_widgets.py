"""The Explorer widget driven without a browser: clicks, history, branching, files, the log."""

from __future__ import annotations

import base64
import json
import logging
import random
import re
from datetime import UTC, datetime
from typing import Any

import pytest
import traitlets

import ftwkit
from ftwkit.protocol import Move
from widgets import Explorer, files_panel, links

# ----------------------------------------------------------------------------- helpers


def connect(ex: Explorer) -> None:
    """Pretend a browser connected: the canvas reports that its client is ready."""
    ex.canvas._handle_frontend_event(ex.canvas, {"event": "client_ready"}, [])


def click_move(ex: Explorer, move: Move) -> None:
    """Make ``move`` the way a person would: click its targets, use the chooser or a button."""
    if not move.targets:
        ex.choose(move)
        return
    for target in move.targets:
        if move in list(ex.session.choices):
            break
        ex.select(target)
        if ex.session.turn is not None:  # a picked-up piece is turned before it goes down
            clicks = ex.state.rules.clicks
            for _ in range(len(clicks.turns(ex.state, ex.selection))):
                if clicks.turned(ex.state, move.targets, ex.session.turn) == move:
                    break
                ex.rotate()
    if move in list(ex.session.choices):
        ex.choose(move)


def playwin(pieces: list[list[str]], to_play: int = 0) -> Any:
    return ftwkit.rules("playwin").load({"to_play": to_play, "pieces": pieces})


# ----------------------------------------------------------------------------- Play Win explorer


def test_a_click_on_a_piece_highlights_where_it_can_go() -> None:
    ex = Explorer(playwin([["C3", "A1"], ["E7", "I9"]]))
    ex.select("A1")
    assert ex.selection == ("A1",)
    assert ex.session.highlighted == {"A2", "B2"}


def test_clicking_start_and_destination_plays_the_move() -> None:
    ex = Explorer(playwin([["C3", "A1"], ["E7", "I9"]]))
    ex.select("A1")
    ex.select("B2")
    assert ex.session.line == ("A1-B2",)
    assert ex.selection == ()
    assert ex.status.startswith("North to play")
    assert ex.message == ""


def test_clicking_empty_space_or_the_same_piece_clears_the_selection() -> None:
    ex = Explorer(playwin([["C3", "A1"], ["E7", "I9"]]))
    ex.select("A1")
    ex.select(None)
    assert ex.selection == ()
    ex.select("A1")
    ex.select("A1")
    assert ex.selection == () and ex.session.line == ()


def test_clicking_another_own_piece_switches_the_selection() -> None:
    ex = Explorer(playwin([["C3", "A1"], ["E7", "I9"]]))
    ex.select("A1")
    ex.select("C3")
    assert ex.selection == ("C3",)
    assert ex.session.highlighted == {"C4", "D4"}


def test_why_not_explains_a_too_long_approach() -> None:
    ex = Explorer(playwin([["C3", "A1"], ["E7", "I9"]]))
    ex.select("A1")
    ex.select("C1")
    assert ex.message == (
        "Why not A1 → C1? A1-C1 moves 2 cells but South has 2 pieces in play: at most 1"
    )
    assert ex.session.line == () and ex.selection == ()


def test_why_not_explains_that_captures_are_compulsory() -> None:
    ex = Explorer(playwin([["C3", "A1"], ["C4", "D4", "I9"]]))
    ex.select("A1")
    assert ex.message == (
        "Why not A1? a capture of 2 pieces is available (from C3); captures are compulsory and "
        "the most must be taken (PW9). Moves can start at: C3."
    )
    ex.select("C3")
    ex.select("B3")
    assert ex.message == (
        "Why not C3 → B3? the capture from C3 cannot land on B3 next; it may land on D5 (each "
        "leap jumps a North piece and bends 60°, PW6; the series must take the most, PW9)"
    )


def test_a_chooser_lists_complete_moves_that_share_the_clicked_targets() -> None:
    ex = Explorer(playwin([["C3", "A1"], ["C4", "D4", "I9"]]))
    for target in ("C3", "D5", "C3"):
        ex.select(target)
    assert [str(m) for m in list(ex.session.choices)] == ["C3xC4-D5xD4-C3", "C3xD4-D5xC4-C3"]
    assert ex.session.line == ()
    ex.choose(1)
    assert ex.session.line == ("C3xD4-D5xC4-C3",)
    assert list(ex.session.choices) == []


def test_a_capture_chain_can_be_stepped_leap_by_leap() -> None:
    ex = Explorer(playwin([["C3", "A1"], ["C4", "D4", "I9"]]))
    ex.play("C3xC4-D5xD4-E4")
    assert [step.label for step in ex.session.steps()] == [
        "before the move",
        "step 1 of 2: C3xC4-D5",
        "step 2 of 2: D5xD4-E4",
    ]
    ex.step(1)
    assert ex.session.shown_state.to_json()["pieces"] == [["A1", "D5"], ["D4", "I9"]]
    assert ex.status == "South to play · inside move 1 of 1: step 1 of 2: C3xC4-D5"
    ex.step(0)
    assert ex.session.shown_state.to_json()["pieces"] == [["A1", "C3"], ["C4", "D4", "I9"]]
    ex.step(None)
    assert ex.session.shown_state is ex.state
    assert ex.state.to_json()["pieces"] == [["A1", "E4"], ["I9"]]


def test_the_step_through_keeps_jumped_pieces_until_the_move_ends_under_end_of_move() -> None:
    # Issue 13: the widget's own step-through removed the first captured piece at leap 1
    # whatever the removal variant; the engine's substeps honour removal = end_of_move (PW7).
    rules = ftwkit.rules("playwin", removal="end_of_move")
    ex = Explorer(rules.load({"to_play": 0, "pieces": [["C3", "A1"], ["C4", "D4", "I9"]]}))
    ex.play("C3xC4-D5xD4-E4")
    ex.step(1)
    assert ex.session.shown_state.to_json()["pieces"] == [["A1", "D5"], ["C4", "D4", "I9"]]
    assert ex.session.shown_state.rules.options.removal == "end_of_move"
    ex.step(2)
    assert ex.session.shown_state.to_json()["pieces"] == [["A1", "E4"], ["I9"]]


def test_history_controls_walk_the_line() -> None:
    ex = Explorer("playwin")
    moves = []
    for _ in range(4):
        move = ex.state.legal_moves()[0]
        moves.append(str(move))
        click_move(ex, move)
    assert ex.session.line == tuple(moves) and ex.session.index == 4
    ex.back()
    ex.back()
    assert ex.session.index == 2 and ex.state.moves() == [
        ex.session.tree.line[1].move,
        ex.session.tree.line[2].move,
    ]
    ex.forward()
    assert ex.session.index == 3
    ex.goto(0)
    assert ex.session.index == 0 and ex.status.startswith("South to play · move 0 of 4")
    ex.last()
    assert ex.session.index == 4


def test_playing_a_different_move_earlier_keeps_a_variation() -> None:
    ex = Explorer("playwin")
    ex.play("B3-C3")
    ex.play("H6-G6")
    ex.goto(1)
    ex.play("H5-G5")
    assert ex.session.lines == [("B3-C3", "H6-G6"), ("B3-C3", "H5-G5")]
    assert ex.session.line == ("B3-C3", "H5-G5")
    ex.switch_variation(0)
    assert ex.session.line == ("B3-C3", "H6-G6") and ex.session.index == 2
    ex.back()
    ex.play("H5-G5")  # the same move again reuses the existing variation
    assert len(ex.session.lines) == 2 and ex.session.line == ("B3-C3", "H5-G5")
    ex.promote()
    assert ex.session.lines[0] == ("B3-C3", "H5-G5")
    ex.switch_variation(5)
    assert ex.message == "there is no line 5: the tree has 2"
    ex.choose(0)
    assert ex.message == "there is no choice 0: 0 offered"
    assert ex.log_panel.entries == []


def test_the_move_list_and_variation_list_jump_when_clicked() -> None:
    ex = Explorer("playwin")
    ex.play("B3-C3")
    ex.play("H6-G6")
    ex.history.moves.value = 1
    assert ex.session.index == 1
    ex.play("H5-G5")
    labels = [label for label, _ in ex.history.tree_select.options]
    assert len(labels) == 3
    ex.history.tree_select.value = 1  # the node "2. H6-G6" of the main line
    assert ex.session.line == ("B3-C3", "H6-G6") and ex.session.index == 2


def test_an_illegal_typed_move_is_shown_and_changes_nothing() -> None:
    ex = Explorer("playwin")
    assert ex.play("A1-B1") is False
    assert ex.message == "the line from A1 to B1 is blocked at B1"
    assert ex.session.line == ()
    assert ex.play("nonsense") is False
    assert ex.message.startswith("'nonsense' is not Play Win notation")
    assert ex.log_panel.entries == []


def test_the_status_names_the_winners_when_the_game_is_over() -> None:
    ex = Explorer(playwin([["C3", "A1"], ["C4", "D4"]]))
    ex.play("C3xC4-D5xD4-E4")
    assert ex.state.is_over
    assert "winners: South" in ex.status
    ex.select("A1")
    assert ex.message == "The game is over: no more moves."


def test_drawing_waits_for_the_browser_and_batches_one_draw_per_change() -> None:
    ex = Explorer("playwin")
    ex.play("B3-C3")
    assert ex.board.draws == 0
    connect(ex)
    assert ex.board.draws == 1
    ex.select("C3")
    assert ex.board.draws == 2


def test_each_redraw_is_one_canvas_message(monkeypatch: pytest.MonkeyPatch) -> None:
    import ipycanvas.canvas

    ex = Explorer("playwin")
    connect(ex)
    sent: list[object] = []
    monkeypatch.setattr(ipycanvas.canvas._CANVAS_MANAGER, "send", lambda *a, **k: sent.append(a))
    ex.select("B3")
    ex.select("C3")
    assert len(sent) == 2 and ex.session.line == ("B3-C3",)


def test_a_move_updates_each_list_once_and_no_download(monkeypatch: pytest.MonkeyPatch) -> None:
    # A list's options and its selection reach the page in one message, so the page lays the
    # history column out once per move; the closed files tab gets nothing.
    import ipywidgets

    ex = Explorer("playwin")
    connect(ex)
    ex.play("B3-C3")
    updates: list[ipywidgets.Widget] = []
    send = ipywidgets.Widget._send

    def spy(widget: ipywidgets.Widget, msg: dict[str, Any], buffers: Any = None) -> None:
        if msg.get("method") == "update":
            updates.append(widget)
        send(widget, msg, buffers)

    monkeypatch.setattr(ipywidgets.Widget, "_send", spy)
    ex.play("H6-G6")
    history = ex.history
    assert [w for w in updates if w is history.moves] == [history.moves]
    assert [w for w in updates if w is history.tree_select] == [history.tree_select]
    # the status line, the two lists, the slider's end and value and the page's resume link
    # (one small element, for reloading at this position): nothing else changed
    assert [w for w in updates if w is ex.resume] == [ex.resume]
    assert len(updates) == 6


def test_the_move_buttons_are_made_anew_only_when_the_moves_offered_change() -> None:
    ex = Explorer("forthewin", seed=1)
    ex.play(ex.state.legal_moves()[0])
    buttons = ex.board.buttons.children
    # a lone button says the board may be clicked too (another action, here)
    assert buttons[0].value == "Click on the board to play, or&nbsp;"
    assert [b.description for b in buttons[1:]] == ["end"]
    ex.set_view(None)  # the same moves offered: the same buttons
    assert ex.board.buttons.children == buttons
    ex.choose("end")
    assert ex.board.buttons.children != buttons


def test_a_pixel_click_on_the_canvas_reaches_the_move() -> None:
    ex = Explorer("playwin")
    connect(ex)
    renderer = ex.board.renderer
    for cell in ("B3", "C3"):
        x, y, w, h = renderer.target_box(ex.state, cell)
        ex.canvas._handle_frontend_event(
            ex.canvas, {"event": "mouse_down", "x": x + w / 2, "y": y + h / 2}, []
        )
    assert ex.session.line == ("B3-C3",)
    ex.canvas._handle_frontend_event(ex.canvas, {"event": "mouse_down", "x": 1, "y": 1}, [])
    assert ex.selection == () and ex.log_panel.entries == []


# ----------------------------------------------------------------------------- variants, files


def test_changing_a_variant_starts_a_new_game_under_it() -> None:
    ex = Explorer("playwin")
    ex.play("B3-C3")
    ex.setup.option_widgets["first"].value = "north"
    assert ex.state.rules.options.first == "north"
    assert ex.session.line == () and ex.status.startswith("North to play")


def test_explorer_options_are_the_games_variant_switches() -> None:
    ex = Explorer("playwin", approach="no_farther")
    assert ex.state.rules.options.approach == "no_farther"
    assert ex.setup.option_widgets["approach"].value == "no_farther"


def test_saved_positions_and_records_load_back() -> None:
    ex = Explorer("playwin")
    ex.play("B3-C3")
    ex.play("H6-G6")
    position, record = json.dumps(ex.session.position()), json.dumps(ex.session.record())
    other = Explorer("playwin")
    assert other.load_json(position)
    assert other.state == ex.state and other.session.line == ()
    assert other.load_json(record)
    assert other.session.line == ("B3-C3", "H6-G6") and other.state == ex.state
    ex.settings.selected_index = 1  # open "Load / save / export"
    assert "Download record" in ex.files.downloads.value


def _offered_position(ex: Explorer) -> Any:
    """The position the "Download position" link of the files tab holds (None: no link)."""
    found = re.search(
        r"download='[^']*-position\.json' href='data:application/json;base64,([^']*)'",
        ex.files.downloads.value,
    )
    return json.loads(base64.b64decode(found.group(1))) if found else None


def test_downloads_and_links_are_built_only_while_their_tab_is_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[str] = []
    real_json_link, real_encode = files_panel._json_link, links.encode_value

    def json_link(data: Any, filename: str, caption: str) -> str:
        built.append(filename)
        return real_json_link(data, filename, caption)

    def encode_value(data: Any) -> str:
        built.append("record link" if "moves" in data else "position link")
        return real_encode(data)

    monkeypatch.setattr(files_panel, "_json_link", json_link)
    monkeypatch.setattr(links, "encode_value", encode_value)
    ex = Explorer("playwin")
    ex.play("B3-C3")
    ex.play("H6-G6")
    # moves with the tab closed: only the page's small resume link of each position shown
    assert built == ["position link"] * 3 and ex.files.downloads.value == ""
    built.clear()
    ex.settings.selected_index = 1  # the visitor opens "Load / save / export"
    assert built == [
        "playwin-position.json",
        "playwin-record.json",
        "position link",
        "record link",
    ]
    assert _offered_position(ex) == ex.state.to_json()
    assert ex.files.position_link.value == links.position_link(ex.session)
    ex.play("B2-C2")  # while it is open, every change is offered at once
    assert _offered_position(ex) == ex.state.to_json()
    ex.settings.selected_index = 0  # another tab: nothing is built, nothing stale is kept
    built.clear()
    ex.back()
    assert (
        built == ["position link"]
        and _offered_position(ex) is None
        and ex.files.position_link.value == ""
    )
    ex.settings.selected_index = 1
    assert _offered_position(ex) == ex.state.to_json() and len(ex.state.moves()) == 2


def test_bad_json_upload_shows_the_error_and_keeps_the_state() -> None:
    ex = Explorer("playwin")
    ex.play("B3-C3")
    before = ex.state
    upload = {
        "name": "x.json",
        "type": "application/json",
        "size": 4,
        "content": memoryview(b"{bad"),
        "last_modified": datetime.now(UTC),
    }
    ex.files.upload.value = (upload,)
    assert ex.message.startswith("not JSON: ")
    assert ex.state is before and ex.session.line == ("B3-C3",)
    wrong = json.dumps({"game": "playwin", "to_play": 0, "pieces": [["Z9"], []]}).encode()
    ex.files.upload.value = ({**upload, "content": memoryview(wrong)},)
    assert "Z9" in ex.message
    assert ex.state is before
    assert not ex.load_json({"game": "doubleblind"})
    assert ex.message.startswith("game: ")


# ----------------------------------------------------------------------------- the log


def test_a_failing_hook_lands_in_the_log_not_in_silence(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(state: Any, clicks: Any) -> None:
        raise RuntimeError("hook exploded")

    ex = Explorer(playwin([["C3", "A1"], ["E7", "I9"]]))
    monkeypatch.setattr(type(ex.state), "explain_targets", broken)
    ex.select("A1")
    with caplog.at_level(logging.ERROR, logger="ftwkit.explore"):
        ex.select("C1")
    assert ex.message.startswith("No legal move goes A1 → C1.")
    assert "explain_targets failed (RuntimeError)" in caplog.text  # the server's log
    assert "hook exploded" not in ex.message and ex.log_panel.entries == []


def test_an_unexpected_error_in_a_handler_is_logged_and_announced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ex = Explorer("playwin")
    connect(ex)

    def broken(*args: Any, **kwargs: Any) -> None:
        raise ZeroDivisionError("drawing failed")

    monkeypatch.setattr(ex.board.renderer, "draw", broken)
    ex.select("B3")
    assert ex.message == (
        "Unexpected error in click (ZeroDivisionError); the details are in the server log."
    )
    assert "ZeroDivisionError" in ex.log_panel.text and "drawing failed" not in ex.log_panel.text


# ----------------------------------------------------------------------------- every game


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_every_game_plays_by_clicks_and_walks_back(game: str) -> None:
    ex = Explorer(game, seed=3)
    connect(ex)
    rng = random.Random(5)
    played: list[str] = []
    for _ in range(25):
        moves = ex.state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        click_move(ex, move)
        played.append(str(move))
        assert ex.session.line == tuple(played), ex.message
    assert ex.log_panel.entries == [] or all(level == "info" for level, _ in ex.log_panel.entries)
    assert ex.status.startswith(ex.state.status())
    ex.goto(len(played) // 2)
    assert ex.state.moves() == [
        ex.session.tree.line[i].move for i in range(1, len(played) // 2 + 1)
    ]
    ex.forward()
    assert ex.session.index == len(played) // 2 + 1
    assert Explorer(game).load_json(json.dumps(ex.session.record()))


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_hidden_information_games_offer_a_view_as_selector(game: str) -> None:
    ex = Explorer(game)
    hidden = type(ex.state).observation is not ftwkit.State.observation
    assert (ex.setup.view.layout.display != "none") == hidden
    if hidden:
        connect(ex)
        ex.set_view(0)
        assert ex.view == 0
        ex.set_view("to_play")
        assert ex.view == ex.state.to_play


# ----------------------------------------------------------------------------- polish


def test_the_log_panel_stays_hidden_until_something_is_logged() -> None:
    ex = Explorer("playwin")
    assert not ex.log_panel.visible and ex.log_panel.layout.display == "none"
    ex.log_panel.info("upload of a.json: Loaded a position.")
    assert ex.log_panel.visible and ex.log_panel.header == "Log — 1 entry"
    ex.log_panel._on_clear_click(None)
    assert not ex.log_panel.visible and ex.log_panel.entries == []


def test_an_unexpected_error_makes_the_log_appear_with_a_red_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ex = Explorer("playwin")
    connect(ex)
    monkeypatch.setattr(ex.board.renderer, "draw", lambda *a, **k: 1 / 0)
    ex.select("B3")
    assert ex.log_panel.visible
    assert ex.log_panel.header == "Log — 1 entry, 1 error"
    assert "#b00020" in ex.log_panel._title.value and "1 error" in ex.log_panel._title.value


def test_widgets_carry_stable_dom_classes() -> None:
    ex = Explorer("playwin")
    assert "ftw-explorer" in ex._dom_classes
    assert "ftw-board" in ex.canvas._dom_classes
    assert "ftw-log" in ex.log_panel._dom_classes
    parts = {
        "ftw-status": ex.lines.status,
        "ftw-message": ex.lines.message,
        "ftw-moves": ex.history.moves,
        "ftw-variations": ex.history.tree_select,
        "ftw-chooser": ex.board.chooser,
    }
    assert [name for name, widget in parts.items() if name not in widget._dom_classes] == []


def test_status_and_move_list_are_current_when_the_board_is_redrawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ex = Explorer("playwin")
    connect(ex)
    seen: list[tuple[str, int]] = []
    draw = ex.board.renderer.draw

    def spy(*args: Any, **kwargs: Any) -> None:
        seen.append((ex.lines.status.value, len(ex.history.moves.options)))
        draw(*args, **kwargs)

    monkeypatch.setattr(ex.board.renderer, "draw", spy)
    ex.play("B3-C3")
    assert len(seen) == 1
    assert "move 1 of 1" in seen[0][0] and seen[0][1] == 2


def test_why_not_explains_a_bent_leap_click_as_a_capture() -> None:
    ex = Explorer(playwin([["C3", "A1"], ["D4", "I9"]]))
    ex.select("C3")
    ex.select("B4")
    assert ex.message == (
        "Why not C3 → B4? the capture from C3 cannot land on B4 next; it may land on D5, E4 "
        "(each leap jumps a North piece and bends 60°, PW6; the series must take the most, PW9)"
    )


def test_a_capture_smaller_than_the_largest_is_refused_by_the_maximum_capture_rule() -> None:
    ex = Explorer(playwin([["C3", "A1", "G5"], ["D4", "H5", "H6", "I9"]]))
    ex.select("C3")
    assert ex.message == (
        "Why not C3? the piece on C3 can capture only 1 piece, but a capture of 2 pieces is "
        "available (from G5): the most must be taken (PW9). Moves can start at: G5."
    )


def test_a_straight_two_cell_click_from_a_capturing_piece_names_the_landings() -> None:
    ex = Explorer(playwin([["C3", "A1"], ["D4", "I9"]]))
    ex.select("C3")
    ex.select("E3")
    assert ex.message == (
        "Why not C3 → E3? the capture from C3 cannot land on E3 next; it may land on D5, E4 "
        "(each leap jumps a North piece and bends 60°, PW6; the series must take the most, PW9)"
    )


def test_state_is_an_observable_trait_that_fires_once_the_page_shows_the_new_state() -> None:
    ex = Explorer("playwin")
    start = ex.state
    seen: list[tuple[Any, str, int]] = []

    def record(change: Any) -> None:
        seen.append((change["new"], ex.status, len(ex.history.moves.options)))

    ex.observe(record, "state")
    ex.select("B3")  # half a move: the state shown is unchanged
    assert seen == []
    ex.select("C3")  # the click that completes B3-C3
    after = ex.state
    assert [str(m) for m in after.moves()] == ["B3-C3"]
    # the handler sees the page already showing the move: status line and move list
    assert seen == [(after, "North to play · move 1 of 1", 2)] and seen[0][0] is after
    ex.back()
    ex.forward()
    ex.goto(0)
    assert [change for change, _, _ in seen[1:]] == [start, after, start]
    assert "move 0 of 1" in seen[-1][1]
    ex.goto(0)  # no change, no notice
    assert len(seen) == 4
    ex.play("B3-C3")
    record_text = json.dumps(ex.session.record())
    ex.new_game(seed=5)
    assert seen[-1][0] == start and len(seen) == 6
    assert ex.load_json(record_text)
    assert len(seen) == 7 and [str(m) for m in seen[-1][0].moves()] == ["B3-C3"]
    with pytest.raises(traitlets.TraitError):
        ex.state = start  # read-only: the explorer's own history decides what is shown
