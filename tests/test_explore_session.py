"""``ftwkit.explore.Session``: the tree, views and pass-the-device, turning pieces, hints."""

from __future__ import annotations

import random

import pytest

import ftwkit
from ftwkit.clicks import narrow
from ftwkit.errors import IllegalMove, InvalidState
from ftwkit.explore import Session
from ftwkit.games.pnrz.notation import Place
from ftwkit.protocol import Move


def _branched() -> Session:
    """Play Win: B1-C2 then E7… as the main line, B1-C1 as a variation at the start."""
    s = Session.new("playwin")
    s.play("B1-C2")
    s.play(s.state.legal_moves()[0])
    s.goto(0)
    s.play("B1-C1")
    return s


# ----------------------------------------------------------------------------- the tree


def test_the_tree_keeps_lines_and_walks_the_line_shown() -> None:
    s = _branched()
    main = s.lines[0]
    assert len(main) == 2 and main[0] == "B1-C2"
    assert s.lines[1] == ("B1-C1",) and s.line == ("B1-C1",)
    s.switch_line(0)
    assert s.index == 1 and s.line == main
    assert s.forward() and s.index == 2 and not s.forward()
    s.goto(-2)
    assert s.index == 1
    s.goto(99)
    assert s.index == 2
    with pytest.raises(IllegalMove, match="there is no line 5: the tree has 2"):
        s.switch_line(5)


def test_playing_a_move_already_played_reuses_its_node() -> None:
    s = _branched()
    s.goto(0)
    s.play("B1-C2")
    assert len(s.lines) == 2 and s.index == 1 and len(s.line) == 2


def test_select_promote_and_delete_by_node_id() -> None:
    s = _branched()
    nodes = {n.label: n for n in s.nodes()}
    side = nodes["B1-C1"]
    assert side.depth == 1 and side.parent == 0 and side.mover == 0 and side.current
    s.promote(side.id)
    assert s.lines[0] == ("B1-C1",)
    s.select(nodes["B1-C2"].id)
    assert s.line[0] == "B1-C2" and s.index == 1 and len(s.line) == 2
    s.delete()  # the node shown, with the move after it
    assert s.lines == [("B1-C1",)] and s.index == 0 and s.line == ("B1-C1",)
    with pytest.raises(IllegalMove, match="no node"):
        s.select(nodes["B1-C2"].id)
    with pytest.raises(IllegalMove, match="start of the game cannot be deleted"):
        s.delete(0)


def test_a_state_in_the_middle_of_a_game_keeps_its_history() -> None:
    state = ftwkit.rules("playwin").new()
    state = state.play("B1-C2")
    s = Session(state)
    assert s.index == 1 and s.line == ("B1-C2",) and s.back()


def test_an_illegal_typed_move_is_refused_with_the_rule_and_changes_nothing() -> None:
    s = Session.new("playwin")
    with pytest.raises(IllegalMove):
        s.play("B1-I9")
    assert s.line == () and s.why_not_move("B1-I9") == s.state.explain("B1-I9")
    assert s.why_not_move("B1-C2") is None


def test_loading_a_position_or_a_record_replaces_the_tree() -> None:
    s = _branched()
    record = s.record()
    other = Session.new("playwin")
    assert other.load(record) == "record of 2 moves and 1 variation"
    assert other.lines == s.lines
    assert other.load(s.state.to_json()) == "position"
    assert other.line == () and other.state == s.state
    with pytest.raises(InvalidState, match="this record is for 'pnrz'"):
        other.load({**record, "game": "pnrz"})
    with pytest.raises(InvalidState):
        Session.from_json({"game": "playwin", "pieces": "nonsense", "to_play": 0})
    assert Session.from_json(s.state.to_json()).state == s.state


# ----------------------------------------------------------------------------- clicks


def test_a_choice_is_offered_when_several_moves_share_the_clicks() -> None:
    s = Session.new("forthewin", seed=0)
    assert s.click((-1, -1)).kind == "choose"
    assert [str(m) for m in s.choices][:2] == ["add ninja -1,-1", "add pirate -1,-1"]
    assert str(s.choose(4)) == "add alien -1,-1" and s.line == ("add alien -1,-1",)
    with pytest.raises(IllegalMove, match="there is no choice 0: 0 offered"):
        s.choose(0)


def test_unordered_cards_are_chosen_in_any_order_and_unchosen_by_a_second_click() -> None:
    s = Session.new("ftwcards", players=3, seed=1)
    hand = s.state.to_json()["hands"][0]
    s.click(hand[2])
    s.click(hand[0])
    assert s.click(hand[2]).kind == "unselected" and s.clicks == (hand[0],)
    s.click(hand[1])
    played = s.click(hand[2])
    assert played.kind == "played" and str(played.move) == f"pass {hand[0]} {hand[1]} {hand[2]}"


def test_a_card_clicked_twice_does_not_count_twice() -> None:
    s = Session.new("ftwcards", players=3, seed=1)
    card = s.state.to_json()["hands"][0][0]
    assert s.why_not([card]) == ""
    assert s.why_not([card, card]).startswith(f"Why not {card} → {card}?")


def test_a_game_over_refuses_clicks() -> None:
    s = Session(ftwkit.rules("playwin").load({"to_play": 0, "pieces": [["C3"], ["C4"]]}))
    s.play(s.state.legal_moves()[0])
    assert s.state.is_over
    click = s.click("D5")
    assert click.kind == "refused" and click.message == "The game is over: no more moves."


def test_a_pnrz_tile_is_turned_previewed_and_put_down() -> None:
    s = Session(ftwkit.rules("pnrz").new(seed=0))
    while not any(isinstance(m, Place) for m in s.state.legal_moves()):
        s.play(s.state.legal_moves()[0])
    tile = next(m for m in s.state.legal_moves() if isinstance(m, Place)).tile
    assert s.turns_pieces and s.turn is None
    s.click(tile)
    turns = s.turns()
    assert len(turns) > 1 and s.turn == turns[0]
    anchors = sorted(m.at for m in s.state.legal_moves() if isinstance(m, Place) and m.rot == 0)
    assert s.marks().ghost == (tile, anchors[0], turns[0])
    assert s.consider(list(anchors[-1])) and not s.consider(anchors[-1])
    assert s.marks().ghost == (tile, anchors[-1], turns[0])
    assert s.click(tile).kind == "turned" and s.turn == turns[1]
    assert s.message.startswith(f"Turned to {turns[1]} quarter turn")
    at = next(m.at for m in s.state.legal_moves() if isinstance(m, Place) and m.rot == turns[1])
    played = s.click(at)
    assert played.move == Place(tile, at, turns[1])
    assert s.turn is None and s.marks().ghost is None
    with pytest.raises(IllegalMove, match="nothing to rotate"):
        s.rotate()


def test_games_without_turning_pieces_say_so() -> None:
    assert not Session.new("playwin").turns_pieces


def test_start_targets_are_not_highlighted_when_there_are_too_many() -> None:
    s = Session.new("doubleblind", seed=0)
    assert len(s.highlighted) > 40 and s.marks().highlight == frozenset()


# ----------------------------------------------------------------------------- views


def test_views_are_offered_only_where_something_is_hidden() -> None:
    assert Session.new("playwin").view_options() == ()
    options = Session.new("ftwcards", players=3, seed=1).view_options()
    assert options[:2] == (("designer (sees all)", None), ("player to move", "to_play"))
    assert options[2:] == (("Player 1", 0), ("Player 2", 1), ("Player 3", 2))
    with pytest.raises(ValueError, match="there is no player 3"):
        Session.new("ftwcards", players=3, seed=1).set_view(3)


def test_a_fixed_view_hides_and_refuses_another_players_moves() -> None:
    s = Session.new("ftwcards", players=3, seed=1)
    s.set_view(1)
    hand = s.state.to_json()["hands"][0]
    assert s.hides_moves() and s.highlighted == frozenset() and s.buttons == ()
    with pytest.raises(IllegalMove, match=r"Player 1's turn .* Player 2's view"):
        s.click(hand[0])
    with pytest.raises(IllegalMove, match="Player 1's turn"):
        s.play(f"pass {hand[0]} {hand[1]} {hand[2]}")
    assert s.position() == s.state.observation(1)
    with pytest.raises(IllegalMove, match="switch the view to the designer"):
        s.record()
    with pytest.raises(IllegalMove, match="the hint is for Player 2's own turn"):
        s.hint_request()


def test_a_pass_of_another_player_is_masked_in_their_view() -> None:
    s = Session.new("ftwcards", players=3, seed=1)
    move = s.play(s.state.legal_moves()[7])
    s.set_view(1)
    assert s.line == ("pass ? ? ?",) and not s.marks().last_move
    s.set_view(0)
    assert s.line == (str(move),) and s.marks().last_move


def test_pass_the_device_covers_the_board_until_the_next_player_is_ready() -> None:
    s = Session.new("ftwcards", seed=2024)
    s.set_view("to_play")
    assert s.viewer == 0 and s.pass_to is None
    move = s.play(s.state.legal_moves()[0])
    assert s.pass_to == 1 and s.viewer == 0
    assert s.line == ("pass ? ? ?",)  # what both players may read while covered
    with pytest.raises(IllegalMove, match="pass the device to Player 2"):
        s.click(s.state.to_json()["hands"][1][0])
    s.ready()
    assert s.pass_to is None and s.viewer == 1 and s.line == ("pass ? ? ?",)
    s.back()
    assert s.pass_to == 0
    s.ready()
    assert s.line == (str(move),)


def test_no_cover_when_the_computer_plays_the_other_seat() -> None:
    s = Session.new("ftwcards", seed=2024)
    s.set_view("to_play")
    s.set_computer_seats([1])
    s.play(s.state.legal_moves()[0])
    assert s.pass_to is None and s.viewer == 0


def test_no_cover_in_a_game_without_hidden_information() -> None:
    s = Session.new("playwin")
    s.set_view("to_play")
    s.play(s.state.legal_moves()[0])
    assert s.pass_to is None and s.viewer == 1


# ----------------------------------------------------------------------------- hints


def test_a_hint_is_asked_for_the_node_shown_and_shown_only_there() -> None:
    s = Session.new("playwin")
    request = s.hint_request()
    assert request.node == s.node and request.player == 0 and request.state is s.state
    best = s.state.legal_moves()[0]
    assert s.show_hint(request, [(best, 0.75)])
    assert s.hint == ((best, 0.75),)
    s.play(best)
    assert s.hint == ()
    s.back()
    assert s.hint == ((best, 0.75),)
    s.delete(1)
    assert not s.show_hint(type(request)(1, request.state, 0), [])


# ----------------------------------------------------------------------------- every game


def click_move(s: Session, move: Move) -> Move:
    """Make ``move`` as a person would: click its targets (turning a picked-up piece until it
    goes down so turned), then choose it if a chooser lists it, or press its button."""
    if not move.targets:
        return s.choose(move)
    grammar = s.rules.clicks
    for t in move.targets:
        if move in s.choices:
            break
        answer = s.click(t)
        assert answer.kind in ("selected", "choose", "played"), answer
        if answer.kind == "played":
            assert answer.move is not None
            return answer.move
        for _ in range(len(s.turns())):
            if grammar.turned(s.state, move.targets, s.turn or 0) == move:
                break
            s.rotate()
    return s.choose(move)


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_every_game_plays_by_clicks_and_every_target_sequence_of_a_legal_move_starts_one(
    game: str,
) -> None:
    s = Session.new(game, seed=3)
    rng = random.Random(game)
    played = []
    for _ in range(12):
        state = s.state
        if state.is_over:
            break
        legal = state.legal_moves()
        for move in legal:
            assert state.explain_targets(move.targets) is None, move
            if move.targets:
                assert move in narrow(legal, move.targets).complete
        move = rng.choice(legal)
        assert click_move(s, move) == move
        played.append(str(move))
    assert s.line == tuple(played) and s.clicks == ()
    again = Session.from_json(s.record())
    assert again.line == s.line and again.state == s.state
