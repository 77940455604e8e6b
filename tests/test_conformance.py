"""The conformance suite: the API.md protocol checked on seeded random games of every game."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conformance import GAME_CHECKS, cases, check_game

import ftwkit

CASES = [case for game in ftwkit.game_ids() for case in cases(game)]


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_random_game_keeps_every_protocol_promise(game: str, players: int, seed: int) -> None:
    plies = check_game(game, players, seed, max_plies=60)
    assert plies > 0


@pytest.mark.parametrize("check", GAME_CHECKS, ids=lambda check: check.__name__)
@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_game_keeps_its_per_game_promises(game: str, check: Callable[[str], None]) -> None:
    check(game)
