"""Small per-game hooks the generic widgets look up by game id (a registry, no ``if game ==``).

Every hook is optional: a game without one still gets the whole explorer, only less help.

* :data:`ATTEMPTED_MOVE` — ``(state, clicks) -> Move | None``: the move a person most plausibly
  tried when the clicks match no legal move, so "why not?" can show ``state.explain(move)``.
* :data:`SUBSTEPS` — ``(state_before, move) -> [(label, state), …]``: positions inside one move
  (e.g. after each leap of a Play Win capture chain), drawn by the game's renderer.
* :data:`WARNINGS` — ``state -> targets``: targets to highlight as a warning (e.g. the tiles cut off
  from the largest group while a For the Win! Grid is split between two actions).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ftwkit.errors import FtwError
from ftwkit.games.playwin import BOARD
from ftwkit.geometry.grid import components
from ftwkit.geometry.hexgrid import DIRECTIONS, add, hex_distance
from ftwkit.protocol import Move, State

__all__ = ["ATTEMPTED_MOVE", "SUBSTEPS", "WARNINGS", "attempted_move", "substeps", "warnings"]

AttemptHook = Callable[[State, Sequence[Hashable]], Move | None]
SubstepHook = Callable[[State, Move], list[tuple[str, State]]]
WarningHook = Callable[[State], frozenset[Any]]


def _parse(state: State, text: str) -> Move | None:
    try:
        return state.rules.parse_move(state, text)
    except FtwError:
        return None


# ------------------------------------------------------------------------------ Play Win
def _bent_jumps(src: str, dst: str) -> list[str]:
    """The cells a short bent leap from ``src`` to ``dst`` may jump (empty if it is not one).

    A bent leap lands two hex steps away, off the six straight lines; either of the two cells
    next to both ends may be the one jumped (only those on the board are returned).
    """
    if not (BOARD.is_name(src) and BOARD.is_name(dst)):
        return []
    a, b = BOARD.axial(src), BOARD.axial(dst)
    if hex_distance(a, b) != 2 or any(add(a, d, 2) == b for d in DIRECTIONS):
        return []
    between = set(BOARD.neighbours(a)) & set(BOARD.neighbours(b))
    return sorted(BOARD.name(c) for c in between)


def _playwin_attempt(state: State, clicks: Sequence[Hashable]) -> Move | None:
    """Cells clicked: a capture when every step is a bent leap, else the approach ``src-dst``.

    A capture's jumped cells are not clicked, so each leap jumps whichever cell between holds an
    opposing piece (the first one between when neither does, so ``explain`` says it is empty).
    """
    if len(clicks) < 2 or not all(isinstance(c, str) for c in clicks):
        return None
    cells = [str(c) for c in clicks]
    mover = state.to_play
    opposing: set[str] = set()
    if mover is not None:
        pieces = state.to_json().get("pieces") or []
        opposing = {c for p, cs in enumerate(pieces) if p != mover for c in cs}
    leaps = []
    for here, there in itertools.pairwise(cells):
        jumps = _bent_jumps(here, there)
        if not jumps:
            break
        jumped = next((j for j in jumps if j in opposing), jumps[0])
        leaps.append(f"x{jumped}-{there}")
    else:
        return _parse(state, cells[0] + "".join(leaps))
    return _parse(state, f"{cells[0]}-{cells[1]}") if len(cells) == 2 else None


def _playwin_substeps(state: State, move: Move) -> list[tuple[str, State]]:
    """The position after each leap of a capture chain (one entry per leap)."""
    leaps: tuple[tuple[str, str], ...] = getattr(move, "leaps", ())
    src = getattr(move, "src", None)
    if len(leaps) < 2 or src is None or state.to_play is None:
        return []
    data = state.to_json()
    data.pop("earlier", None)
    mover = state.to_play
    pieces = [list(p) for p in data["pieces"]]
    at = src
    out = []
    for k, (jumped, landing) in enumerate(leaps, start=1):
        pieces[mover] = [landing if c == at else c for c in pieces[mover]]
        pieces[1 - mover] = [c for c in pieces[1 - mover] if c != jumped]
        at = landing
        data["pieces"] = [list(p) for p in pieces]
        out.append((f"leap {k} of {len(leaps)}: x{jumped}-{landing}", state.rules.load(data)))
    return out


# ------------------------------------------------------------------------------ FTW?!
def _ftwcards_attempt(state: State, clicks: Sequence[Hashable]) -> Move | None:
    """Cards clicked: passing them, playing one, or placing one in front and taking another."""
    cards = " ".join(str(c) for c in clicks)
    if state.to_json().get("phase") == "pass":
        return _parse(state, f"pass {cards}") if len(clicks) == 3 else None
    if len(clicks) == 1:
        return _parse(state, f"play {clicks[0]}")
    if len(clicks) == 2:
        return _parse(state, f"aux {clicks[0]} take {clicks[1]}")
    return _parse(state, f"play {clicks[0]} with {'+'.join(str(c) for c in clicks[1:])}")


# ------------------------------------------------------------------------------ Double Blind
def _doubleblind_attempt(state: State, clicks: Sequence[Hashable]) -> Move | None:
    """An intersection clicked: placing a stone there."""
    return _parse(state, str(clicks[-1])) if clicks else None


# ------------------------------------------------------------------------------ For the Win!
_COMPASS = {
    (0, -1): "n",
    (1, -1): "ne",
    (1, 0): "e",
    (1, 1): "se",
    (0, 1): "s",
    (-1, 1): "sw",
    (-1, 0): "w",
    (-1, -1): "nw",
}


def _xy(cell: Any) -> str:
    return f"{cell[0]},{cell[1]}"


def _is_cell(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)


def _forthewin_attempt(state: State, clicks: Sequence[Hashable]) -> Move | None:
    """What two clicks from a tile most likely meant.

    Onto an occupied cell beside it (n, e, s or w) from an own tile: a Shove (a Move could not
    go there anyway, so the Shove's reason is the one worth reading); onto any other neighbouring
    cell: a one-step Move; onto a far cell: a Ninja jump.
    """
    if len(clicks) != 2 or not all(_is_cell(c) for c in clicks):
        return None
    src, dst = clicks
    assert isinstance(src, tuple) and isinstance(dst, tuple)
    step = (dst[0] - src[0], dst[1] - src[1])
    if step in _COMPASS:
        owner = {tuple(t["at"]): t.get("player") for t in _tiles_on_grid(state)}
        shove = 0 in step and dst in owner and owner.get(src) == state.to_play
        verb = "shove" if shove else "move"
        return _parse(state, f"{verb} {_xy(src)} {_COMPASS[step]}")
    return _parse(state, f"ninja {_xy(src)} to {_xy(dst)}")


def _tiles_on_grid(state: State) -> list[dict[str, Any]]:
    """The JSON objects of the tiles on the Grid."""
    tiles = state.to_json().get("tiles") or []
    return [t for t in tiles if t.get("at") is not None]


def _forthewin_split(state: State) -> frozenset[Any]:
    """Cells of the tiles outside the largest 8-connected group (empty when the Grid is whole)."""
    cells = [tuple(t["at"]) for t in _tiles_on_grid(state)]
    groups = components(cells)
    if len(groups) < 2:
        return frozenset()
    return frozenset(c for g in groups[1:] for c in g)


# ------------------------------------------------------------------------------ PNRZ
def _pnrz_attempt(state: State, clicks: Sequence[Hashable]) -> Move | None:
    """A tile in hand then a cell: placing it there unturned; two cells: moving a base."""
    if len(clicks) == 2 and isinstance(clicks[0], str) and _is_cell(clicks[1]):
        return _parse(state, f"{clicks[0]} at {_xy(clicks[1])} r0")
    if len(clicks) == 2 and all(_is_cell(c) for c in clicks):
        return _parse(state, f"base {_xy(clicks[0])} to {_xy(clicks[1])}")
    return None


ATTEMPTED_MOVE: dict[str, AttemptHook] = {
    "playwin": _playwin_attempt,
    "ftwcards": _ftwcards_attempt,
    "doubleblind": _doubleblind_attempt,
    "forthewin": _forthewin_attempt,
    "pnrz": _pnrz_attempt,
}
"""Game id → builder of the move a person tried from their clicks."""

SUBSTEPS: dict[str, SubstepHook] = {
    "playwin": _playwin_substeps,
}
"""Game id → positions inside one move, for stepping through it on the board."""

WARNINGS: dict[str, WarningHook] = {
    "forthewin": _forthewin_split,
}
"""Game id → targets to highlight as a warning in the current state."""


def attempted_move(state: State, clicks: Sequence[Hashable]) -> Move | None:
    """The move the clicks most plausibly tried, or ``None`` if the game has no idea."""
    hook = ATTEMPTED_MOVE.get(state.rules.id)
    return hook(state, clicks) if hook is not None else None


def substeps(state: State, move: Move) -> list[tuple[str, State]]:
    """The positions inside ``move`` played from ``state`` (empty for one-step moves)."""
    hook = SUBSTEPS.get(state.rules.id)
    return hook(state, move) if hook is not None else []


def warnings(state: State) -> frozenset[Any]:
    """Targets to highlight as a warning in ``state`` (empty for most games)."""
    hook = WARNINGS.get(state.rules.id)
    return hook(state) if hook is not None else frozenset()
