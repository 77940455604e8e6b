"""For the Win! explorer questions answered by the engine: what the board should flag now
(:func:`notes`) and why a click sequence starts no legal move (:func:`explain_targets`).

Both judge the Grid exactly as the move generator does, under the chosen ``connectivity`` (FW2):
with ``no_isolated_tile`` two separate blobs are a whole Grid, so nothing is flagged for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ftwkit.clicks import narrow
from ftwkit.games.forthewin.actions import PLAYER_NAMES, basic_reason, candidates
from ftwkit.games.forthewin.grid_rule import grid_reason, split_description
from ftwkit.games.forthewin.moves import (
    DIRECTIONS,
    KINDS,
    Action,
    Add,
    AlienPull,
    NinjaJump,
    PirateBlast,
    Refresh,
    Shove,
    Step,
    ZombieDeactivate,
    ZombieInfect,
    cell_text,
    direction_name,
)
from ftwkit.geometry.grid import KING, Cell, components
from ftwkit.protocol import Note

if TYPE_CHECKING:
    from ftwkit.games.forthewin.state import ForTheWinState

__all__ = ["explain_targets", "notes"]


def notes(state: ForTheWinState) -> list[Note]:
    """The tiles cut off from the Grid now (only possible in the middle of a turn), in words."""
    if state.is_over:
        return []
    pos = state.position
    if pos.connected:
        return []
    board = pos.board
    if pos.options.connectivity == "no_isolated_tile":
        cut = sorted(
            (c for c in board if not any((c[0] + dx, c[1] + dy) in board for dx, dy in KING)),
            key=lambda c: (c[1], c[0]),
        )
    else:
        cut = sorted(
            (c for piece in components(board)[1:] for c in piece), key=lambda c: (c[1], c[0])
        )
    text = (
        f"The Grid is split: {split_description(pos)}. {PLAYER_NAMES[state.mover]} must rejoin "
        "it with the next action; the turn cannot end while it is split (FW1-FW3)."
    )
    return [Note(text, tuple(cut))]


def explain_targets(state: ForTheWinState, targets: Sequence[Any]) -> str | None:
    """``None`` when some legal move starts with ``targets`` (cells, as ``Move.targets``), else
    the rule that refuses the closest move, in the words ``explain`` uses."""
    clicked = tuple(tuple(t) if isinstance(t, list) else t for t in targets)
    if state.is_over:
        return "the game is over"
    n = len(clicked)
    legal = state.legal_moves()
    if not clicked:
        return None if legal else "no legal move"
    if narrow(legal, clicked).possible:
        return None
    if not all(_is_cell(t) for t in clicked):
        return f"{clicked[-1]!r} is not a cell of the Grid; click cells (x, y)"
    pos = state.position
    more = state.more_after_this
    first = state.turn_actions == 0
    # the action rules allow a move that starts so, but the Grid rule refuses it (FW1-FW3)
    for action, _, _ in candidates(pos):
        if action.targets[:n] == clicked:
            reason = grid_reason(pos, action, more, first)
            if reason is not None:
                return reason
    for move in _closest_moves(state, clicked):
        reason = basic_reason(pos, move)
        if reason is not None:
            return reason
    if n == 2 and max(abs(clicked[1][0] - clicked[0][0]), abs(clicked[1][1] - clicked[0][1])) > 1:
        return (
            f"a Move goes one cell in any of 8 directions, and ({cell_text(clicked[1])}) is not "
            f"next to ({cell_text(clicked[0])}) (FW15)"
        )
    cells = " then ".join(f"({cell_text(c)})" for c in clicked)
    return f"no legal move of {PLAYER_NAMES[state.mover]} starts with {cells}"


def _is_cell(value: Any) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _closest_moves(state: ForTheWinState, clicked: tuple[Cell, ...]) -> list[Action]:
    """The moves a person most likely meant by these clicks, most specific first, so that the
    first refused one gives the rule in its own words."""
    pos = state.position
    board = pos.board
    first = clicked[0]
    tile = board.get(first)
    me = state.mover
    if len(clicked) == 1:
        if tile is None:
            kinds = [k for k in KINDS if pos.supply(me, k) > 0] or list(KINDS)
            return [Add(kinds[0], first)]
        if not tile.up and tile.player == me:
            return [Refresh(first)]
        nearby = [(first[0] + dx, first[1] + dy) for dx, dy in KING]
        steps: list[Action] = [Step(first, c) for c in nearby if c not in board]
        return steps[:1] or [Refresh(first)]
    second = clicked[1]
    out: list[Action] = []
    kind = tile.kind if tile is not None else None
    if len(clicked) >= 3:
        third = clicked[2]
        if kind != "pirate":
            out.append(AlienPull(first, second, third))
        if kind != "alien":
            out.append(PirateBlast(first, second, third))
        return out
    if kind == "alien":
        out.append(AlienPull(first, second, _free_next_to(board, first)))
    elif kind == "pirate":
        out.append(PirateBlast(first, second, second))
    elif kind == "ninja":
        out.append(NinjaJump(first, second))
    elif kind == "zombie":
        colour = me if pos.supply(me, "zombie") > 0 else (me + 1) % state.n_players
        out += [ZombieInfect(first, second, colour), ZombieDeactivate(first, second)]
    step = (second[0] - first[0], second[1] - first[1])
    if max(abs(step[0]), abs(step[1])) == 1:
        if second in board and direction_name(step) in ("n", "e", "s", "w"):
            out.append(Shove(first, direction_name(step)))
        out.append(Step(first, second))
    elif not out:
        out.append(Step(first, second))
    return out


def _free_next_to(board: dict[Cell, Any], cell: Cell) -> Cell:
    for dx, dy in DIRECTIONS.values():
        spot = (cell[0] + dx, cell[1] + dy)
        if spot not in board:
            return spot
    return cell
