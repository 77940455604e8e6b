"""The entry points of API.md that do not depend on one game."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import pytest

import ftwkit


def test_game_ids_are_in_api_order() -> None:
    order = ("forthewin", "playwin", "ftwcards", "doubleblind", "pnrz")
    ids = ftwkit.game_ids()
    assert ids == tuple(g for g in order if g in ids)
    assert "playwin" in ids


def test_unknown_game_id_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"known games: .*playwin"):
        ftwkit.rules("chess")


def test_errors_are_value_errors() -> None:
    assert issubclass(ftwkit.IllegalMove, ftwkit.FtwError)
    assert issubclass(ftwkit.IllegalMove, ValueError)
    assert issubclass(ftwkit.InvalidState, ftwkit.FtwError)
    assert issubclass(ftwkit.InvalidState, ValueError)


def test_engines_load_no_ui_library() -> None:
    code = (
        "import sys, ftwkit, ftwkit.games, ftwkit.casebook\n"
        "for g in ftwkit.game_ids():\n"
        "    s = ftwkit.rules(g).new(seed=1)\n"
        "    s = s.play(s.legal_moves()[0]); str(s); s.to_json()\n"
        "ui = ('ipywidgets', 'ipycanvas', 'IPython', 'traitlets')\n"
        "bad = [m for m in ui if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_replay_rejects_malformed_records() -> None:
    with pytest.raises(ftwkit.InvalidState, match="moves"):
        ftwkit.replay({"game": "playwin", "start": ftwkit.rules("playwin").new().to_json()})
    with pytest.raises(ftwkit.InvalidState, match="banana"):
        ftwkit.replay({"game": "playwin", "start": {}, "moves": [], "banana": 1})
    with pytest.raises(ftwkit.InvalidState, match="game"):
        ftwkit.replay({"game": "chess", "start": {}, "moves": []})


def finished_state(game: str, seed: int) -> ftwkit.State:
    """A random game played to its end (For the Win! capped at one round to stay quick)."""
    rules = ftwkit.rules(game, max_rounds=1) if game == "forthewin" else ftwkit.rules(game)
    state = rules.new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.play_unchecked(state.random_move(rng))
    return state


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_a_finished_game_writes_to_play_null_and_loads_back(game: str) -> None:
    for seed in (1, 2):
        state = finished_state(game, seed)
        data = state.to_json()
        assert state.to_play is None and data["to_play"] is None
        again = state.rules.load(data)
        assert again == state and again.is_over and again.winners == state.winners
        assert again.to_json() == data


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_to_play_null_on_a_running_position_is_refused(game: str) -> None:
    data = ftwkit.rules(game).new(seed=1).to_json()
    data["to_play"] = None
    with pytest.raises(ftwkit.InvalidState, match="to_play"):
        ftwkit.rules(game).load(data)


def test_mover_is_only_allowed_beside_to_play_null() -> None:
    data = ftwkit.rules("playwin").new().to_json()
    data["mover"] = 0
    with pytest.raises(ftwkit.InvalidState, match="mover: only written with to_play null"):
        ftwkit.rules("playwin").load(data)
    over = finished_state("playwin", 1).to_json()
    assert over["to_play"] is None and over["mover"] in (0, 1)


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_rules_and_states_pickle_by_their_options(game: str) -> None:
    # parallel studies and users' own worker pools send rules and positions to other processes
    rules = ftwkit.rules(game)
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and again.options == rules.options and again is not rules
    rng = random.Random(3)
    state = rules.new(seed=3)
    for _ in range(12):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    copied = pickle.loads(pickle.dumps(state))
    assert copied == state and copied.to_json() == state.to_json()
    assert [str(m) for m in copied.legal_moves()] == [str(m) for m in state.legal_moves()]
