"""How far can seeing everything take an agent against greedy play in a hidden-hand game?

A measurement, not a player: the agent under test draws its determinizations as the true
position itself (every hand and the stack in its real order), so its search knows what no
player can. It plays ``--games`` seeded games against the ``greedy`` agent, which sees only
its own hand, with the seeds and seats of ``benchmarks/agents_bench.py`` (game ``i`` seeded by
``i``, the agent under test in seat ``i % 2``, the agents seeded by ``2i`` and ``2i + 1``).

If even this agent wins little more than half of its games, the games are decided by the
tiles more than by the play beyond one ply of the evaluation, and no fair agent at the same
budget can do much better; that is how this tool was used for PNRZ's study level (the numbers
in :data:`ftwkit.agents.levels.STUDY_ITERATIONS`)::

    python tools/hidden_ceiling.py pnrz --agent greedy --games 100
    python tools/hidden_ceiling.py pnrz --agent mcts --iterations 100 --games 100
    python tools/hidden_ceiling.py pnrz --agent mcts --iterations 500 --games 40

Each game prints one line as it ends; the last line gives wins, draws, losses and the 95 %
Wilson interval of the win share.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ftwkit
from ftwkit import agents
from ftwkit.analysis.metrics import wilson
from ftwkit.protocol import Rules, State


class _Sighted:
    """An agent whose determinizations are the true position while it chooses."""

    def __init__(self, inner: agents.Agent, seeing: list[bool]) -> None:
        self.inner = inner
        self.seeing = seeing

    def choose(self, state: State) -> Any:
        self.seeing[0] = True
        try:
            return self.inner.choose(state)
        finally:
            self.seeing[0] = False


def _let_see(rules: Rules) -> list[bool]:
    """Make ``rules.sample`` return the position itself while the returned flag is set."""
    seeing = [False]
    drawn = type(rules).sample

    def sample(self: Rules, state: State, player: int, rng: random.Random) -> State:
        return state if seeing[0] else drawn(self, state, player, rng)

    type(rules).sample = sample  # type: ignore[method-assign]
    return seeing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--agent", default="mcts", help="the agent that sees everything")
    parser.add_argument("--iterations", type=int, default=None, help="its search budget")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="the first game's index")
    parser.add_argument("--max-plies", type=int, default=1000)
    args = parser.parse_args()
    rules = ftwkit.rules(args.game)
    if not rules.hidden_information:
        parser.error(f"{args.game} hides nothing: there is nothing more to see")
    seeing = _let_see(rules)
    params = {} if args.iterations is None else {"iterations": args.iterations}
    won = drawn = lost = 0
    for index in range(args.start, args.start + args.games):
        seat = index % 2
        mine = _Sighted(agents.make(args.agent, seed=2 * index, **params), seeing)
        theirs = agents.make("greedy", seed=2 * index + 1)
        seats: list[_Sighted | agents.Agent] = [mine, theirs] if seat == 0 else [theirs, mine]
        state = rules.new(seed=index)
        plies = 0
        while not state.is_over and plies < args.max_plies:
            player = state.to_play
            assert player is not None
            state = state.play_unchecked(seats[player].choose(state))
            plies += 1
        if state.is_over and state.winners == (seat,):
            won, result = won + 1, "W"
        elif state.is_over and state.winners == (1 - seat,):
            lost, result = lost + 1, "L"
        else:
            drawn, result = drawn + 1, "D"
        print(f"game {index}: seat {seat} {result} ({won} W, {drawn} D, {lost} L)", flush=True)
    played = won + drawn + lost
    low, high = wilson(won, played)
    print(
        f"{args.agent} {params or ''} seeing everything against greedy play: {won} W, {drawn} D, "
        f"{lost} L of {played}; win share {won / played:.2f}, 95 % interval [{low:.2f}, {high:.2f}]"
    )


if __name__ == "__main__":
    main()
