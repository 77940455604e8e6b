"""ftwkit: rule engines, pictures and records for five small tabletop games.

>>> import ftwkit
>>> state = ftwkit.rules("playwin").new()
>>> state.to_play
0
"""

from __future__ import annotations

from typing import Any

from ftwkit.errors import FtwError, IllegalMove, InvalidState
from ftwkit.protocol import Move, Rules, State
from ftwkit.records import record, replay
from ftwkit.registry import game_ids, rules


def play(state: State, agents: Any, *, max_plies: int | None = None) -> State:
    """Play on from ``state`` with ``agents[p]`` choosing for player ``p`` (see ``ftwkit.agents``).

    Returns the final state, or the capped one after ``max_plies`` moves.
    """
    from ftwkit.agents import play as _play

    return _play(state, agents, max_plies=max_plies)


__all__ = [
    "FtwError",
    "IllegalMove",
    "InvalidState",
    "Move",
    "Rules",
    "State",
    "game_ids",
    "play",
    "record",
    "replay",
    "rules",
]
__version__ = "0.1.0"
