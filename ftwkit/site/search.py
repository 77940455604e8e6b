"""The search worker's one entry point: a computer move or a hint, JSON in and JSON out.

It gets the position as the player to move may know it (in a game with hidden information, a
sample drawn from that player's observation by the explorer worker) and answers with the chosen
move and the weights of the best moves, in notation. A search runs within its time budget; the
page's Stop restarts this worker, which leaves the exploration session untouched.

>>> import json
>>> job = {"position": {"game": "playwin", "to_play": 0, "pieces": [["C3", "A1"], ["D4", "I8"]]},
...        "level": "easy", "seconds": 0, "seed": 1, "purpose": "move"}
>>> answer = json.loads(handle(json.dumps(job)))
>>> answer["move"], [move for move, share in answer["analysis"]]
('C3xD4-E4', ['C3xD4-E4', 'C3xD4-D5'])
"""

from __future__ import annotations

import json
from typing import Any

import ftwkit
from ftwkit import agents
from ftwkit.errors import FtwError, short_message

__all__ = ["handle"]

ANALYSIS_MOVES = 5
"""How many weighted moves an answer lists."""


def _agent(level: str, seconds: float, seed: int) -> agents.Agent:
    if level == "easy" or seconds <= 0:
        return agents.make("greedy", seed=seed)
    return agents.make("mcts", seed=seed, seconds=seconds)


def handle(request: str) -> str:
    """Search the job's position; ``{"move", "analysis"}`` or ``{"error"}`` (one line)."""
    try:
        job: dict[str, Any] = json.loads(request)
        position = job["position"]
        state = ftwkit.rules(str(position["game"])).load(position)
        agent = _agent(
            str(job.get("level", "normal")), float(job.get("seconds", 1.0)), int(job.get("seed", 0))
        )
        weights = agent.analyse(state)
        analysis = [[str(move), round(share, 4)] for move, share in weights[:ANALYSIS_MOVES]]
        return json.dumps({"move": analysis[0][0], "analysis": analysis})
    except (FtwError, ValueError, KeyError, TypeError) as err:
        return json.dumps({"error": short_message(err)})
