"""PNRZ's position evaluation for search agents: the tally lead plus what the table promises.

The tally alone (what each player would score if the game ended now) misses two things a player
weighs: a section with open edges can still grow, and a character or bonus quadrant with an open
edge can still be spoiled by its arch-enemy on the next turn. ``heuristic(state, player)`` scores
each player as

    tally + GROWTH · open cells next to their best sections (at most ``OPEN_CAP`` per character)
          − EXPOSURE · points of their best sections' quadrants next to an open cell

with both promises weighted by how much of the game is left (nothing is promised in the final
lap), and maps the lead over the best rival through a logistic curve whose scale shrinks as the
stack runs out: a 5-point lead early in the game is worth less than the same lead at the end.
The value is in ``[0, 1]``, 0.5 for an even game. It reads only the table, the stack's size and
the players' characters (all public), so it is fair in the hidden-information game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ftwkit.games.pnrz.tiles import BONUS, ENEMY
from ftwkit.geometry.grid import ORTHOGONAL

if TYPE_CHECKING:
    from ftwkit.games.pnrz.state import PnrzState

__all__ = ["EXPOSURE", "GROWTH", "OPEN_CAP", "heuristic", "player_values"]

GROWTH = 0.25
"""Points credited per open cell next to a best section (room to grow)."""
EXPOSURE = 0.3
"""Share of a quadrant's points at risk when it has an open edge (an arch-enemy may land there)."""
OPEN_CAP = 8
"""Open cells counted per character at most: beyond a few, more room adds nothing."""
LATE_SCALE = 3.0
"""Logistic scale (points) when the stack is empty: a lead of 3 points is then worth ≈ 0.73."""
EARLY_SCALE = 0.15
"""Extra scale per tile left in the stack: early leads are less certain."""


def _promise(
    table: Mapping[tuple[int, int], str], character: str, cells: frozenset[tuple[int, int]]
) -> float:
    """Room to grow minus what an arch-enemy could spoil, for one best section."""
    bonus = BONUS[character]
    open_cells: set[tuple[int, int]] = set()
    at_risk = 0.0
    for x, y in cells:
        code = table[(x, y)]
        exposed = False
        for dx, dy in ORTHOGONAL:
            near = (x + dx, y + dy)
            if near not in table:
                open_cells.add(near)
                exposed = True
        if exposed and code != f"base:{character}" and code != ENEMY[character]:
            at_risk += 3.0 if code == bonus else 1.0
    return GROWTH * min(len(open_cells), OPEN_CAP) - EXPOSURE * at_risk


def player_values(state: PnrzState) -> tuple[float, ...]:
    """Every player's tally plus the table's promise (weighted by the game left)."""
    scores = state.scores
    if state.final_left is not None:
        return tuple(float(s) for s in scores)
    sections = state.sections()
    table = state.cells
    left = min(1.0, len(state.draw) / (4.0 * state.n_players))
    out = []
    for player, chars in enumerate(state.characters):
        promise = sum(_promise(table, c, sections[c][1]) for c in chars if sections[c][1])
        out.append(scores[player] + left * promise)
    return tuple(out)


def heuristic(state: PnrzState, player: int) -> float:
    """The player's chance-like value in ``[0, 1]``: logistic in the lead over the best rival."""
    values = player_values(state)
    rival = max(v for p, v in enumerate(values) if p != player)
    scale = LATE_SCALE + EARLY_SCALE * len(state.draw)
    return 1.0 / (1.0 + math.exp(-(values[player] - rival) / scale))
