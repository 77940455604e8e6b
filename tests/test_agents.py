"""The agents of ``ftwkit.agents``: contract, determinism, fairness and playing strength.

Budgets are small and seeds fixed so the file stays fast; heavier strength checks are ``slow``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import ftwkit
from ftwkit import agents
from ftwkit.agents.base import decision_seed, ply_seed
from ftwkit.agents.levels import DEFAULT_ITERATIONS
from ftwkit.errors import IllegalMove
from ftwkit.protocol import Rules, State

GAMES = ftwkit.game_ids()

# Small budgets: enough to exercise every path, cheap enough for every game.
SMALL: dict[str, dict[str, Any]] = {
    "random": {},
    "greedy": {"samples": 2},
    "mcts": {"iterations": 12, "max_rollout_plies": 2},
}


def midgame(game: str, plies: int = 6, seed: int = 3, **options: Any) -> State:
    """A running position ``plies`` random moves into a seeded game."""
    state = ftwkit.rules(game, **options).new(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    assert not state.is_over
    return state


def engine_samples(game: str) -> None:
    """Check that ``game`` hides information and samples it with the engine's own sampler."""
    cls = type(ftwkit.rules(game))
    assert cls.hidden_information, game
    assert cls.sample is not Rules.sample, f"{game} has no sampler of its own"


# ---------------------------------------------------------------- contract
def test_names_include_the_three_agents() -> None:
    assert {"random", "greedy", "mcts"} <= set(agents.names())


def test_make_refuses_an_unknown_agent_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown agent 'alphazero'.*random.*greedy.*mcts"):
        agents.make("alphazero")


def test_make_refuses_an_unknown_parameter_naming_the_valid_ones() -> None:
    with pytest.raises(ValueError, match=r"mcts: unknown parameter 'depth'.*iterations.*seconds"):
        agents.make("mcts", depth=3)
    with pytest.raises(ValueError, match=r"greedy: unknown parameter 'iterations'.*samples"):
        agents.make("greedy", iterations=3)


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("mcts", {"iterations": 0}, "iterations must be a positive int"),
        ("mcts", {"seconds": -1.0}, "seconds must be a positive number"),
        ("mcts", {"rollout": "smart"}, "rollout must be 'policy' or 'random'"),
        ("mcts", {"exploration": -0.5}, "exploration must be a non-negative number"),
        ("mcts", {"max_rollout_plies": -1}, "max_rollout_plies must be a non-negative int"),
        ("mcts", {"prior_visits": 1.5}, "prior_visits must be a non-negative int"),
        ("mcts", {"prior_samples": 0}, "prior_samples must be a positive int"),
        ("mcts", {"widening": 0.0}, r"widening must be a number in \(0, 1\]"),
        ("mcts", {"widening": 1.5}, r"widening must be a number in \(0, 1\]"),
        ("greedy", {"samples": 0}, "samples must be a positive int"),
        ("random", {"seed": "x"}, "seed must be an int or None"),
    ],
)
def test_make_refuses_bad_parameter_values(name: str, params: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        agents.make(name, **params)


def test_mcts_without_a_budget_uses_the_reproducible_iteration_default() -> None:
    agent = agents.make("mcts", seed=1)
    assert agent.params()["iterations"] == DEFAULT_ITERATIONS
    assert agent.params()["seconds"] is None
    assert repr(agent).startswith("ftwkit.agents.make('mcts', seed=1, iterations=")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["random", "greedy", "mcts"])
def test_choose_is_legal_and_analyse_weighs_every_legal_move_best_first(
    game: str, name: str
) -> None:
    state = midgame(game)
    agent = agents.make(name, seed=5, **SMALL[name])
    weights = agent.analyse(state)
    assert sorted(map(str, (m for m, _ in weights))) == sorted(map(str, state.legal_moves()))
    assert sum(w for _, w in weights) == pytest.approx(1.0)
    shares = [w for _, w in weights]
    assert shares == sorted(shares, reverse=True)
    assert all(w >= 0 for w in shares)
    move = agent.choose(state)
    assert state.is_legal(move)
    if name != "random":  # the random agent draws; the others play their best weight
        assert move == weights[0][0]


@pytest.mark.parametrize("name", ["random", "greedy", "mcts"])
def test_agents_refuse_a_finished_game(name: str) -> None:
    state = ftwkit.play(
        ftwkit.rules("playwin").new(), [agents.make("random", seed=s) for s in (1, 2)]
    )
    assert state.is_over
    agent = agents.make(name, **SMALL[name])
    with pytest.raises(IllegalMove, match="the game is over"):
        agent.choose(state)
    if name != "random":
        with pytest.raises(IllegalMove, match="the game is over"):
            agent.analyse(state)


def test_a_single_legal_move_is_played_without_search() -> None:
    state = midgame("playwin")
    while len(state.legal_moves()) != 1:  # find a forced move in a seeded game
        state = state.play(random.Random(len(state.moves())).choice(state.legal_moves()))
        if state.is_over:
            pytest.skip("no forced move in this line")
    only = state.legal_moves()[0]
    assert agents.make("mcts", seed=1, iterations=5).analyse(state) == [(only, 1.0)]
    assert agents.make("greedy", seed=1).analyse(state) == [(only, 1.0)]


def test_play_runs_a_game_to_its_end() -> None:
    start = ftwkit.rules("playwin").new()
    final = ftwkit.play(start, [agents.make("greedy", seed=1), agents.make("random", seed=2)])
    assert final.is_over
    assert final.root is start
    assert ftwkit.replay(ftwkit.record(final)) == final


def test_play_stops_at_max_plies() -> None:
    start = ftwkit.rules("forthewin").new(seed=1)
    capped = ftwkit.play(start, [agents.make("random", seed=s) for s in (1, 2)], max_plies=7)
    assert len(capped.moves()) == 7
    assert not capped.is_over


def test_play_needs_one_agent_per_player() -> None:
    with pytest.raises(ValueError, match=r"need one agent per player \(2\), got 1"):
        ftwkit.play(ftwkit.rules("playwin").new(), [agents.make("random")])


@pytest.mark.parametrize(("game", "players"), [("ftwcards", 3), ("pnrz", 3), ("forthewin", 3)])
def test_mcts_plays_games_of_three(game: str, players: int) -> None:
    state = ftwkit.rules(game).new(players=players, seed=2)
    seats = [agents.make("mcts", seed=p, **SMALL["mcts"]) for p in range(players)]
    state = ftwkit.play(state, seats, max_plies=players + 1)
    assert len(state.moves()) == players + 1 or state.is_over


# ---------------------------------------------------------------- levels
def test_levels_map_names_to_agent_specs() -> None:
    copy = agents.levels()
    copy["easy"][1]["samples"] = 99  # a copy: the presets cannot be changed by accident
    table = agents.levels()
    assert list(table) == ["easy", "normal", "strong"]
    assert table["easy"] == ("greedy", {})
    assert table["normal"] == ("mcts", {"iterations": DEFAULT_ITERATIONS})
    assert table["strong"] == ("mcts", {"seconds": 5.0})  # people wait a known time
    assert agents.study_levels()["strong"] == ("mcts", {"iterations": 5 * DEFAULT_ITERATIONS})
    for name, params in table.values():
        agents.make(name, **params)


def test_study_levels_are_iteration_budgets() -> None:
    for name, params in agents.study_levels().values():
        assert "seconds" not in params
        agents.make(name, **params)


def test_make_level() -> None:
    agent = agents.make_level("strong", seed=4)
    assert agent.params()["iterations"] == 5 * DEFAULT_ITERATIONS and agent.seed == 4
    assert agent.params()["seconds"] is None  # reproducible: no time budget
    with pytest.raises(ValueError, match="unknown level 'expert'; known levels: easy, normal"):
        agents.make_level("expert")


# ---------------------------------------------------------------- determinism
@pytest.mark.parametrize("game", ["playwin", "ftwcards", "pnrz"])
@pytest.mark.parametrize("name", ["random", "greedy", "mcts"])
def test_choose_is_deterministic_for_a_seed(game: str, name: str) -> None:
    state = midgame(game)
    first = agents.make(name, seed=11, **SMALL[name])
    again = agents.make(name, seed=11, **SMALL[name])
    move = first.choose(state)
    assert first.choose(state) == move  # asking twice changes nothing
    assert again.choose(state) == move
    assert first.analyse(state) == again.analyse(state)
    # A copy of the position decides alike when its public ply count is the same (loaded: 0).
    loaded = ftwkit.rules(game).load(state.to_json())
    assert first.choose(loaded) == again.choose(ftwkit.rules(game).load(state.to_json()))


def test_decisions_of_a_game_replay_exactly() -> None:
    def game() -> list[str]:
        seats = [agents.make("mcts", seed=7, **SMALL["mcts"]), agents.make("greedy", seed=8)]
        final = ftwkit.play(ftwkit.rules("playwin").new(), seats, max_plies=30)
        return [str(m) for m in final.moves()]

    assert game() == game()


def test_seeds_of_one_decision_differ_by_agent_seed_and_ply() -> None:
    state = midgame("playwin")
    assert decision_seed(1, state) != decision_seed(2, state)
    assert ply_seed(1, state) != ply_seed(2, state)
    assert ply_seed(1, state) != ply_seed(1, state.play(state.legal_moves()[0]))


def test_mcts_seconds_budget_stops_and_reports_its_iterations() -> None:
    from ftwkit.agents.mcts import MctsAgent

    agent = agents.make("mcts", seed=1, seconds=0.05, max_rollout_plies=2)
    assert isinstance(agent, MctsAgent)
    result = agent.search(midgame("playwin"))
    assert result.iterations >= 1
    capped = agents.make("mcts", seed=1, seconds=30.0, iterations=7)
    assert isinstance(capped, MctsAgent)
    assert capped.search(midgame("playwin")).iterations == 7  # whichever budget ends first


def test_mcts_search_can_be_stopped_from_outside() -> None:
    from ftwkit.agents.mcts import MctsAgent

    agent = agents.make("mcts", seed=1, iterations=1000, max_rollout_plies=2)
    assert isinstance(agent, MctsAgent)
    state = midgame("playwin")
    scoring = len(state.legal_moves()) // 16  # asked every 16 root moves while they are scored
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= scoring + 3

    result = agent.search(state, stop=stop)
    assert result.iterations == 3  # then after every iteration
    assert sum(w for _, w in result.weights()) == pytest.approx(1.0)


def test_a_stop_request_also_ends_the_scoring_of_the_root_moves() -> None:
    from ftwkit.agents.mcts import MctsAgent

    agent = agents.make("mcts", seed=1, iterations=1000)
    assert isinstance(agent, MctsAgent)
    state = midgame("pnrz", plies=12)
    assert len(state.legal_moves()) > 16
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return True

    result = agent.search(state, stop=stop)
    assert result.iterations == 1 and len(asked) == 2  # once in the scoring, once after
    assert sum(w for _, w in result.weights()) == pytest.approx(1.0)
    assert {str(m) for m, _ in result.weights()} == {str(m) for m in state.legal_moves()}


# ---------------------------------------------------------------- winning moves
def position_with_a_winning_move(game: str, **options: Any) -> tuple[State, set[Any]]:
    """A seeded random line until the player to move has a move that wins at once (not all do)."""
    rules = ftwkit.rules(game, **options)
    for seed in range(200):
        state = rules.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            player = state.to_play
            wins = {m for m in state.legal_moves() if state.play(m).winners == (player,)}
            if wins and len(wins) < len(state.legal_moves()):
                return state, wins
            state = state.play(rng.choice(state.legal_moves()))
    raise AssertionError("no position with a winning move found")


@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_a_winning_move_is_taken_at_once(name: str) -> None:
    state, wins = position_with_a_winning_move("playwin")
    agent = agents.make(name, seed=3, **({"iterations": 1} if name == "mcts" else {}))
    assert agent.choose(state) in wins
    weights = dict(agent.analyse(state))
    assert weights[agent.choose(state)] == 1.0


# ---------------------------------------------------------------- fairness
def ftwcards_pair() -> tuple[State, State]:
    """Two 2-player FTW?! starts that look the same to the player to move: the opponent's hand
    and the unseen aside cards are swapped around, and the seed of future shuffles differs."""
    rules = ftwkit.rules("ftwcards")
    data = rules.new(players=2, seed=21).to_json()
    me = data["to_play"]
    other = 1 - me
    swapped = dict(data)
    hands = [list(h) for h in data["hands"]]
    aside = list(data["aside"])
    hands[other][:4], aside[:4] = aside[:4], hands[other][:4]
    hands[other].sort()
    swapped.update(hands=hands, aside=sorted(aside), seed=999)
    return rules.load(data), rules.load(swapped)


def doubleblind_pair() -> tuple[State, State]:
    """Two Double Blind positions a few stones in that differ only in the opponent's secret."""
    rules = ftwkit.rules("doubleblind", size=9)
    state = rules.new(seed=4)
    for cell in ("E5", "D4", "C7"):
        state = state.play(cell)
    data = state.to_json()
    me = data["to_play"]
    other = 1 - me
    changed = dict(data)
    secrets = list(data["secrets"])
    secrets[other] = next(s for s in range(1, 6) if s not in data["secrets"])
    changed.update(secrets=secrets, seed=12345)
    return rules.load(data), rules.load(changed)


def pnrz_pair() -> tuple[State, State]:
    """Two PNRZ positions that differ in the opponent's hand, the draw stack order and the seed."""
    rules = ftwkit.rules("pnrz")
    state = rules.new(players=2, seed=8)
    while state.to_json().get("phase", "play") != "play":  # past the character picks
        state = state.play(state.legal_moves()[0])
    data = state.to_json()
    other = 1 - data["to_play"]
    changed = dict(data)
    hands = [list(h) for h in data["hands"]]
    draw = list(data["draw"])
    swap = next(i for i, t in enumerate(hands[other]) if not t.startswith("base:"))
    hands[other][swap], draw[0] = draw[0], hands[other][swap]
    changed.update(hands=hands, draw=draw[::-1], seed=4321)
    return rules.load(data), rules.load(changed)


@pytest.mark.parametrize("pair", [ftwcards_pair, doubleblind_pair, pnrz_pair])
@pytest.mark.parametrize("name", ["random", "greedy", "mcts"])
def test_hidden_information_agents_decide_from_the_observation_only(
    pair: Callable[[], tuple[State, State]], name: str
) -> None:
    one, two = pair()
    engine_samples(one.rules.id)
    player = one.to_play
    assert player is not None and two.to_play == player
    assert one.to_json() != two.to_json()
    assert one.observation(player) == two.observation(player)
    params = {"iterations": 40, "max_rollout_plies": 6} if name == "mcts" else SMALL[name]
    for seed in (1, 2, 3):
        agent = agents.make(name, seed=seed, **params)
        assert agent.choose(one) == agent.choose(two)
        if name != "random":
            assert agent.analyse(one) == agent.analyse(two)


def test_information_set_search_asks_the_sampler_for_every_iteration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    one, _ = doubleblind_pair()
    engine_samples("doubleblind")
    cls = type(one.rules)
    real = cls.sample
    calls: list[int] = []

    def spy(self: Rules, state: State, player: int, rng: random.Random) -> State:
        calls.append(player)
        return real(self, state, player, rng)

    monkeypatch.setattr(cls, "sample", spy)
    agents.make("mcts", seed=1, iterations=25, max_rollout_plies=3, prior_samples=2).choose(one)
    assert calls == [one.to_play] * (2 + 25)  # the root's one-ply prior, then every iteration
    calls.clear()
    agents.make("greedy", seed=1, samples=3).choose(one)
    assert calls == [one.to_play] * 3


# ---------------------------------------------------------------- strength
def score(
    game: str,
    a: tuple[str, dict[str, Any]],
    b: tuple[str, dict[str, Any]],
    n: int,
    max_plies: int = 400,
    **options: Any,
) -> float:
    """Agent ``a``'s mean result against ``b`` over ``n`` seeded games, seats alternated
    (a win 1, a draw or a capped game 1/2, a loss 0)."""
    rules = ftwkit.rules(game, **options)
    total = 0.0
    for i in range(n):
        seats = [agents.make(a[0], seed=100 + i, **a[1]), agents.make(b[0], seed=200 + i, **b[1])]
        me = i % 2
        if me:
            seats.reverse()
        final = ftwkit.play(rules.new(seed=i), seats, max_plies=max_plies)
        total += final.evaluate(me) if final.is_over else 0.5
    return total / n


def test_mcts_beats_random_at_play_win() -> None:
    mcts = ("mcts", {"iterations": 40, "max_rollout_plies": 40})
    assert score("playwin", mcts, ("random", {}), 6) >= 5 / 6


def test_mcts_beats_random_at_double_blind() -> None:
    engine_samples("doubleblind")
    mcts = ("mcts", {"iterations": 30, "max_rollout_plies": 20})
    assert score("doubleblind", mcts, ("random", {}), 6, size=9) >= 5 / 6


@pytest.mark.slow
@pytest.mark.parametrize("game", ["playwin", "ftwcards"])
def test_mcts_beats_random_in_most_games(game: str) -> None:
    assert score(game, ("mcts", {"iterations": 150}), ("random", {}), 10) >= 0.8


@pytest.mark.slow
@pytest.mark.parametrize("game", ["playwin", "ftwcards"])
def test_mcts_beats_greedy_in_most_games(game: str) -> None:
    assert score(game, ("mcts", {"iterations": 150}), ("greedy", {}), 8) >= 0.75


@pytest.mark.slow
def test_greedy_beats_random_at_double_blind() -> None:
    assert score("doubleblind", ("greedy", {}), ("random", {}), 6, size=9) >= 4 / 6
