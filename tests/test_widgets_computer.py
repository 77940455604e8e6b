"""Computer seats in the explorer: moves off the widget callback, Stop, Back, Hint (issue 15 #3)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

import ftwkit
from ftwkit import agents
from ftwkit.agents.base import Agent
from ftwkit.protocol import Move, State
from widgets import Explorer
from widgets.computer import PERSON, menu, table

OPTIONS: dict[str, dict[str, Any]] = {"forthewin": {"max_rounds": 4}}
"""Uniformly random For the Win! games practically never end; a round cap makes them."""

GATE = threading.Event()


class GatedAgent(Agent):
    """Plays the first legal move once the test opens :data:`GATE` (a search that takes time)."""

    name = "gated"

    def analyse(self, state: State) -> list[tuple[Move, float]]:
        GATE.wait(30)
        moves = state.legal_moves()
        return [(m, 1.0 / len(moves)) for m in moves]


@pytest.fixture(autouse=True)
def gated_agent() -> Iterator[None]:
    agents.register("gated", GatedAgent)
    GATE.clear()
    yield
    GATE.set()
    agents._AGENTS.pop("gated", None)


def connect(ex: Explorer) -> None:
    ex.canvas._handle_frontend_event(ex.canvas, {"event": "client_ready"}, [])


def test_the_menu_offers_a_person_the_agents_levels_then_other_agents() -> None:
    keys = [key for _, key in menu()]
    assert keys[:4] == [PERSON, "easy", "normal", "strong"]
    assert table() == agents.levels()
    assert "random" in keys and "gated" in keys  # agents no level names are offered by name
    for name, _params in table().values():
        assert name in agents.names()


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_computer_seats_play_a_whole_game_to_its_end(game: str) -> None:
    ex = Explorer(game, seed=3, **OPTIONS.get(game, {}))
    connect(ex)
    for player in range(ex.state.players):
        ex.computer.set_seat(player, "random")
    assert ex.computer.wait(120)
    assert ex.state.is_over, ex.status
    assert not ex.computer.thinking and ex.log_panel.entries == []
    assert len(ex.session.line) == len(ex.state.moves()) > 0
    # every move went through the engine: the record replays to the same end
    assert ftwkit.replay(ftwkit.record(ex.state)) == ex.state


def test_a_person_plays_against_the_computer_which_answers_each_move() -> None:
    ex = Explorer("playwin", seed=1)
    ex.computer.set_seat(1, "random")
    for _ in range(3):
        assert ex.state.to_play == 0
        ex.play(ex.state.legal_moves()[0])
        assert ex.computer.wait(30)
        assert "(computer) played" in ex.message
    assert len(ex.session.line) == 6 and ex.state.to_play == 0


def test_stop_ignores_the_search_and_the_computer_waits_for_go() -> None:
    ex = Explorer("playwin", seed=1)
    connect(ex)
    ex.computer.set_seat(0, "gated")
    assert ex.computer.thinking and "thinking" in ex.status
    assert not ex.play(ex.state.legal_moves()[0])  # the person may not move meanwhile
    assert "thinking" in ex.message and "Stop" in ex.message
    ex.computer.stop()
    assert not ex.computer.thinking and "Stopped" in ex.message and "press Go" in ex.status
    GATE.set()
    assert ex.computer.wait(30)
    assert ex.session.line == ()  # the stopped search's answer was dropped
    ex.computer.go()
    assert ex.computer.wait(30)
    assert len(ex.session.line) == 1 and "(computer) played" in ex.message


def test_back_takes_the_computers_move_back_and_it_does_not_replay_at_once() -> None:
    ex = Explorer("playwin", seed=1)
    ex.computer.set_seat(1, "random")
    ex.play(ex.state.legal_moves()[0])
    assert ex.computer.wait(30) and len(ex.session.line) == 2
    ex.back()
    assert ex.session.index == 1 and ex.state.to_play == 1
    assert not ex.computer.thinking and "press Go" in ex.status
    assert ex.computer.wait(5) and ex.session.index == 1
    ex.back()
    ex.play(ex.state.legal_moves()[1])  # a different first move: a variation, and the reply
    assert ex.computer.wait(30)
    assert len(ex.session.lines) == 2 and ex.session.index == 2


def test_back_while_the_computer_thinks_drops_its_answer() -> None:
    ex = Explorer("playwin", seed=1)
    ex.computer.set_seat(1, "gated")
    ex.play(ex.state.legal_moves()[0])
    assert ex.computer.thinking
    ex.back()
    assert not ex.computer.thinking and ex.session.index == 0
    GATE.set()
    assert ex.computer.wait(30)
    assert ex.session.index == 0 and ex.session.tree.current.children[0].children == []


def test_the_hint_shows_the_agents_best_moves_for_the_viewers_turn() -> None:
    ex = Explorer("playwin", seed=1)
    connect(ex)
    ex.computer.panel.hint_level.value = "random"
    ex.computer.hint()
    assert ex.computer.wait(30)
    moves = ex.computer.hint_shown
    assert len(moves) == 3 and all(share > 0 for _, share in moves)
    assert ex.message.startswith("Hint (random): ")
    legal = {str(m) for m in ex.state.legal_moves()}
    assert {m for m, _ in moves} <= legal
    assert ex.log_panel.entries == []
    ex.play(ex.state.legal_moves()[0])
    assert ex.computer.hint_shown == []  # a hint belongs to its position


def test_a_hint_that_arrives_after_the_position_moved_on_is_dropped() -> None:
    ex = Explorer("playwin", seed=1)
    ex.computer.panel.hint_level.value = "gated"
    ex.computer.hint()
    assert ex.message == "Thinking about a hint (gated)…"
    ex.play(ex.state.legal_moves()[0])
    GATE.set()
    assert ex.computer.wait(30)
    assert ex.computer.hint_shown == [] and not ex.message.startswith("Hint")
    ex.back()  # nor is it shown at the position it was asked in, once left
    assert ex.computer.hint_shown == []


def test_no_hint_for_another_players_turn_in_a_players_view() -> None:
    ex = Explorer("ftwcards", players=3, seed=1, view=1)
    ex.computer.panel.hint_level.value = "random"
    ex.computer.hint()
    assert "own turn" in ex.message
    assert ex.computer.wait(5) and ex.computer.hint_shown == []


def test_the_computers_hidden_moves_are_masked_in_the_viewers_page() -> None:
    ex = Explorer("ftwcards", players=3, seed=1, view=0)
    ex.computer.set_seat(1, "random")
    ex.computer.set_seat(2, "random")
    ex.play(ex.state.legal_moves()[0])
    assert ex.computer.wait(30)
    assert ex.session.line[1:3] == ("pass ? ? ?", "pass ? ? ?")
    assert ex.session.line[0] == str(ex.session.tree.line[1].move)
    for label, _ in ex.history.moves.options:
        assert "(Player 2)" not in label or "pass ? ? ?" in label or "play" in label


def test_the_player_to_move_view_stays_with_the_person_while_the_computer_is_to_move() -> None:
    ex = Explorer("ftwcards", players=2, seed=1)
    ex.set_view("to_play")
    ex.computer.set_seat(1, "gated")
    assert ex.view == 0
    ex.play(ex.state.legal_moves()[0])
    assert ex.computer.thinking and ex.state.to_play == 1 and ex.view == 0
    ex.computer.stop()
    ex.computer.set_seat(1, PERSON)
    assert ex.view == 0 and ex.session.pass_to == 1  # hot seat: the board is covered first
    ex.ready()
    assert ex.view == 1  # then the person to move sees their own cards


def test_a_search_shortens_the_thread_switch_interval_until_the_last_one_ends() -> None:
    # A search holds the GIL; the kernel's answer to a click (Stop, Back) needs it back after
    # every message it sends, so while any search runs the interpreter hands it over sooner.
    import sys
    import time

    from widgets.background import SEARCH_SWITCH_INTERVAL, SearchSlices

    deadline = time.monotonic() + 60
    while SearchSlices._running and time.monotonic() < deadline:
        time.sleep(0.05)  # a search stopped by an earlier test runs on until it returns
    before = sys.getswitchinterval()
    assert before > SEARCH_SWITCH_INTERVAL
    first, second = Explorer("playwin", seed=1), Explorer("ftwcards", seed=1)
    first.computer.set_seat(0, "gated")
    second.computer.set_seat(0, "gated")
    assert first.computer.thinking and second.computer.thinking
    assert sys.getswitchinterval() == SEARCH_SWITCH_INTERVAL
    first.computer.stop()  # a stopped search still runs until it returns: the interval stays short
    assert sys.getswitchinterval() == SEARCH_SWITCH_INTERVAL
    GATE.set()
    assert first.computer.wait(30) and second.computer.wait(30)
    assert sys.getswitchinterval() == before
    assert len(second.session.line) == 1 and first.session.line == ()


def test_a_search_that_fails_restores_the_switch_interval() -> None:
    import sys

    from widgets.background import Background

    def fail() -> None:
        raise RuntimeError("search failed")

    before = sys.getswitchinterval()
    results: list[Any] = []
    background = Background()
    background.run(fail, results.append)
    assert background.drain(10)
    assert isinstance(results[0], RuntimeError)
    assert sys.getswitchinterval() == before


def test_a_hint_whose_moves_tie_says_so_and_shades_them_alike() -> None:
    from ftwkit.render.hints import share_shades

    ex = Explorer("playwin")
    connect(ex)
    ex.computer.panel.hint_level.value = "easy"  # the default level: greedy, many moves tie
    ex.computer.hint()
    assert ex.computer.wait(30)
    shares = [share for _, share in ex.computer.hint_shown]
    assert len(shares) == 3 and len(set(shares)) == 1
    assert ex.message.endswith("— 46 of the 54 moves tie for best at this level"), ex.message
    assert share_shades(shares) == [0, 0, 0]
    assert share_shades([0.5, 0.2, 0.2]) == [0, 1, 1]
    assert share_shades([0.6, 0.3, 0.1]) == [0, 1, 2]
