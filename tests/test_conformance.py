"""The conformance suite: the API.md protocol checked on seeded random games of every game."""

from __future__ import annotations

import dataclasses

import pytest
from conformance import check_game

import ftwkit
from ftwkit.options import describe_options

CASES = [
    (game, players, seed)
    for game in ftwkit.game_ids()
    for players in range(ftwkit.rules(game).min_players, ftwkit.rules(game).max_players + 1)
    for seed in (1, 2)
]


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_random_game_keeps_every_protocol_promise(game: str, players: int, seed: int) -> None:
    plies = check_game(game, players, seed, max_plies=60)
    assert plies > 0


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_rules_object_describes_itself(game: str) -> None:
    rules = ftwkit.rules(game)
    assert rules.id == game
    assert rules.title
    assert 1 <= rules.min_players <= rules.max_players
    names = rules.player_names(rules.min_players)
    assert len(names) == rules.min_players and all(names)
    assert dataclasses.is_dataclass(rules.options)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.options.__setattr__("x", 1)
    for spec in describe_options(type(rules.options)):
        assert spec.doc, f"option {spec.name} of {game} has no docstring naming its ruling"


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_unknown_option_is_refused_naming_the_valid_ones(game: str) -> None:
    with pytest.raises(ValueError, match="valid options"):
        ftwkit.rules(game, no_such_option=True)


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_wrong_game_id_in_a_position_is_refused(game: str) -> None:
    other = "playwin" if game != "playwin" else "forthewin"
    data = ftwkit.rules(game).new().to_json()
    data["game"] = other
    with pytest.raises(ftwkit.InvalidState, match="game"):
        ftwkit.rules(game).load(data)


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_unknown_key_in_a_position_is_refused(game: str) -> None:
    data = ftwkit.rules(game).new().to_json()
    data["colour_of_the_sky"] = "blue"
    with pytest.raises(ftwkit.InvalidState, match="colour_of_the_sky"):
        ftwkit.rules(game).load(data)


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_garbage_notation_is_an_illegal_move(game: str) -> None:
    state = ftwkit.rules(game).new()
    for text in ("", "   ", "zz$%!", "Q99-Q100"):
        with pytest.raises(ftwkit.IllegalMove):
            state.rules.parse_move(state, text)


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_same_seed_same_moves_same_states(game: str) -> None:
    rules = ftwkit.rules(game)
    a = rules.new(seed=11)
    b = rules.new(seed=11)
    for _ in range(10):
        if a.is_over:
            break
        move = a.legal_moves()[len(a.legal_moves()) // 2]
        a, b = a.play(move), b.play(move)
        assert a == b and a.to_json() == b.to_json()
