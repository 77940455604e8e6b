"""Playing strength per game, with fixed seeds: MCTS beats random play in every game, and greedy
play in every game but PNRZ (where the two are even since both use the prospect evaluation).

Seeded as ``benchmarks/agents_bench.py`` seeds its round robin (game ``i``: position seed ``i``,
the tested agent seed ``2i`` in seat ``i % 2``, its opponent seed ``2i + 1``), so a test's games are
the benchmark's first games. The fast tests use small budgets; the default level's checks against
greedy play are ``slow``. The measured rates over 50 games a pairing, with intervals, are the
benchmark's.
"""

from __future__ import annotations

from typing import Any

import pytest

import ftwkit
from ftwkit import agents

Spec = tuple[str, dict[str, Any]]
RANDOM: Spec = ("random", {})
GREEDY: Spec = agents.levels()["easy"]
DEFAULT: Spec = agents.levels()["normal"]


def results(
    game: str, a: Spec, b: Spec, games: int, max_plies: int = 400, **options: Any
) -> list[str]:
    """``"W"``, ``"D"`` or ``"L"`` for ``a`` in games ``0 … games - 1`` against ``b``."""
    rules = ftwkit.rules(game, **options)
    out = []
    for i in range(games):
        seat = i % 2
        mine = agents.make(a[0], seed=2 * i, **a[1])
        theirs = agents.make(b[0], seed=2 * i + 1, **b[1])
        seats = [mine, theirs] if seat == 0 else [theirs, mine]
        final = ftwkit.play(rules.new(seed=i), seats, max_plies=max_plies)
        if final.is_over and final.winners == (seat,):
            out.append("W")
        elif final.is_over and final.winners == (1 - seat,):
            out.append("L")
        else:
            out.append("D")
    return out


@pytest.mark.parametrize(
    ("game", "budget", "options"),
    [("playwin", 20, {}), ("ftwcards", 20, {}), ("doubleblind", 20, {"size": 9})],
)
def test_a_small_search_beats_random_play(game: str, budget: int, options: dict[str, Any]) -> None:
    assert results(game, ("mcts", {"iterations": budget}), RANDOM, 4, **options) == ["W"] * 4


@pytest.mark.slow
@pytest.mark.parametrize(("game", "budget"), [("pnrz", 20), ("forthewin", 20)])
def test_a_small_search_beats_random_play_in_the_slower_games(game: str, budget: int) -> None:
    assert results(game, ("mcts", {"iterations": budget}), RANDOM, 4) == ["W"] * 4


PNRZ_EVEN = pytest.mark.skip(
    reason="PNRZ: the default level is even with greedy play (48 wins, 3 draws of the first 100 "
    "games since both use the prospect evaluation); a few lucky seeds must not claim more"
)


@pytest.mark.slow
@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=PNRZ_EVEN) if g == "pnrz" else g for g in ftwkit.game_ids()]
)
def test_the_default_level_beats_greedy_play_in_most_games(game: str) -> None:
    played = results(game, DEFAULT, GREEDY, 6)
    assert played.count("W") >= 4, played


@pytest.mark.slow
def test_for_the_win_games_between_default_searches_end_with_a_winner() -> None:
    played = results("forthewin", DEFAULT, DEFAULT, 6)
    assert played.count("D") <= 1, played
