"""How the MCTS agent spends a small budget, and the per-game search policies it relies on.

The one-ply prior at the root, progressive widening, and the cheap policies For the Win! and PNRZ
give the search (drawn without building the whole move list). Playing strength per game is in
``tests/test_agents_strength.py``.
"""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

import ftwkit
from ftwkit import agents
from ftwkit.agents.mcts import MctsAgent
from ftwkit.games.forthewin import ForTheWinState
from ftwkit.games.forthewin.playout import progress
from ftwkit.games.forthewin.policy import linked_kinds, search_move
from ftwkit.protocol import State
from tests.test_forthewin import load as load_forthewin


def running(game: str, plies: int, seed: int = 3) -> State:
    """A position ``plies`` policy moves into a seeded game."""
    state = ftwkit.rules(game).new(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state = state.play_unchecked(state.random_move(rng, policy=True))
        assert not state.is_over
    return state


def one_ply_values(state: State) -> dict[str, float]:
    player = state.to_play
    assert player is not None
    return {str(m): state.play(m).evaluate(player) for m in state.legal_moves()}


def test_a_tiny_budget_plays_the_move_the_one_ply_evaluation_likes_best() -> None:
    state = running("playwin", 8)
    values = one_ply_values(state)
    assert len(set(values.values())) > 1  # the evaluation tells the moves apart here
    for seed in (1, 2, 3):
        move = agents.make("mcts", seed=seed, iterations=1).choose(state)
        assert values[str(move)] == max(values.values())


def test_progressive_widening_searches_only_the_best_prior_moves() -> None:
    state = running("playwin", 8)
    values = one_ply_values(state)
    iterations = 9
    agent = agents.make("mcts", seed=4, iterations=iterations)
    assert isinstance(agent, MctsAgent)
    searched = [str(m) for m, w in agent.analyse(state) if w > 0]
    width = 2 + int((iterations - 1) ** 0.5)  # the root's width at its last iteration
    assert 1 <= len(searched) <= width < len(values)
    ranked = sorted(values.values(), reverse=True)
    assert all(values[m] >= ranked[width - 1] for m in searched)


def test_without_widening_or_prior_every_root_move_is_tried() -> None:
    state = running("playwin", 8)
    moves = len(state.legal_moves())
    agent = agents.make("mcts", seed=4, iterations=moves, widening=1.0, prior_visits=0)
    assert all(w > 0 for _, w in agent.analyse(state))


def test_for_the_win_search_policy_takes_a_sampled_win_and_returns_legal_moves() -> None:
    state = load_forthewin("WN@0,0 WP@1,0 WM@2,0 WZ@3,0 wa@4,0 BM@0,1 BN@-1,1")
    for seed in range(5):
        assert state.play(search_move(state, random.Random(seed))).winners == (0,)
    later = running("forthewin", 12)
    assert isinstance(later, ForTheWinState)
    for seed in range(5):
        assert later.is_legal(search_move(later, random.Random(seed)))


def test_linked_kinds_is_the_first_part_of_progress() -> None:
    state = running("forthewin", 20)
    opts = state.rules.options
    board = state.board  # type: ignore[attr-defined]
    for player in (0, 1):
        assert linked_kinds(board, player, opts) == progress(board, player, opts)[0]
    board = load_forthewin("WN@0,0 WP@1,0 WM@2,0 wz@3,0 BM@0,1 bn@5,1 BP@4,1").board
    assert [linked_kinds(board, p, opts) for p in (0, 1)] == [3, 1]


def test_pnrz_policy_draws_the_same_moves_with_or_without_the_move_list() -> None:
    state = running("pnrz", 30, seed=5)
    assert not state.pending and not state.picking  # type: ignore[attr-defined]
    fresh = [ftwkit.rules("pnrz").load(state.to_json()) for _ in range(2)]
    fresh[1].legal_moves()  # builds the list: the policy then samples from it
    for seed in range(6):
        draws = [s.random_move(random.Random(seed), policy=True) for s in fresh]
        assert draws[0] == draws[1]
        assert fresh[0].is_legal(draws[0])


def test_equal_scores_go_to_the_child_first_among_the_legal_moves_whatever_the_order() -> None:
    # An information-set node may list its children in the order they were added; ties must
    # still be settled as the legal moves' order settles them.
    from ftwkit.agents.mcts import _Node, _select_by_availability

    legal = list(running("doubleblind", 6).legal_moves()[:5])
    nodes = []
    for total in (0.5, 0.75, 0.75, 0.25):
        node = _Node(0, None)
        node.visits, node.total, node.avail = 1, total, 3
        nodes.append(node)
    added = [legal[4], legal[3], legal[1], legal[0]]  # 0.75 twice: legal[3] and legal[1]
    assert _select_by_availability(added, nodes, 0.4, None) == legal[3]
    assert _select_by_availability(added, nodes, 0.4, legal) == legal[1]
    fresh = _Node(0, None)  # an unvisited child goes first, the earliest one when several are
    assert _select_by_availability([legal[2], *added], [fresh, *nodes], 0.4, legal) == legal[2]
    nodes[3].visits = 0
    assert _select_by_availability([legal[2], *added], [fresh, *nodes], 0.4, legal) == legal[0]


def test_what_an_information_set_search_remembers_never_changes_what_it_finds() -> None:
    # Positions met again (Double Blind re-draws one of a few secrets) are not replayed; the
    # search must find exactly what it finds when it replays everything.
    class Forgetful(MctsAgent):
        def _iterate_hidden(
            self, root: Any, world: State, rng: random.Random, remember: bool = True
        ) -> None:
            super()._iterate_hidden(root, world, rng, False)

    for game, plies in (("doubleblind", 10), ("doubleblind", 24), ("ftwcards", 5)):
        state = running(game, plies)
        kept = MctsAgent(seed=4, iterations=80).search(state)
        replayed = Forgetful(seed=4, iterations=80).search(state)
        assert kept.stats == replayed.stats and kept.iterations == replayed.iterations == 80


@pytest.mark.parametrize("game", ["playwin", "ftwcards", "forthewin", "doubleblind", "pnrz"])
def test_a_search_pauses_the_cycle_collector_and_leaves_it_as_it_found_it(game: str) -> None:
    # The collector walks every young position a search makes and finds no cycles there: it is
    # off while a search runs (asked from the stop callback), and afterwards as it was before.
    state = running(game, 4)
    during: list[bool] = []

    def stop() -> bool:
        during.append(gc.isenabled())
        return False

    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            during.clear()
            MctsAgent(seed=1, iterations=20).search(state, stop=stop)
            assert during and not any(during)
            assert gc.isenabled() is enabled
            # what a search leaves behind is freed by reference counting: no cycles to collect
            gc.collect()
            gc.disable()
            MctsAgent(seed=2, iterations=20).search(state)
            assert gc.collect() == 0
    finally:
        (gc.enable if was else gc.disable)()
