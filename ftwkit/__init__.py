"""ftwkit: rule engines, pictures and records for five small tabletop games.

>>> import ftwkit
>>> state = ftwkit.rules("playwin").new()
>>> state.to_play
0
"""

from __future__ import annotations

from ftwkit.errors import FtwError, IllegalMove, InvalidState
from ftwkit.protocol import Move, Rules, State
from ftwkit.records import record, replay
from ftwkit.registry import game_ids, rules

__all__ = [
    "FtwError",
    "IllegalMove",
    "InvalidState",
    "Move",
    "Rules",
    "State",
    "game_ids",
    "record",
    "replay",
    "rules",
]
__version__ = "0.1.0"
