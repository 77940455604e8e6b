"""PNRZ scenario edit tools: place a tile from a hand or the stack, turn a placed tile, or take
it off the table (see :mod:`ftwkit.editing`).

A placed play tile taken off goes back on top of the stack (the end of ``draw``), a base back to
the hand of the player whose character it shows, so every tile stays accounted for.
"""

from __future__ import annotations

import copy
from typing import Any

from ftwkit.clicks import is_cell
from ftwkit.editing import EditTool, Position

__all__ = ["edit_tools"]


def _off_table(data: Position) -> list[str]:
    """The tiles that may be placed: in the hands, on the stack (top first) and set aside."""
    hands = [t for hand in data.get("hands", []) for t in hand]
    return [*hands, *reversed(data.get("draw", [])), *data.get("aside", [])]


def _take(out: Position, tile_id: str) -> None:
    """Remove ``tile_id`` from wherever it is off the table."""
    for hand in out.get("hands", []):
        if tile_id in hand:
            hand.remove(tile_id)
    for key in ("draw", "aside"):
        if tile_id in out.get(key, []):
            out[key].remove(tile_id)


def _put_back(out: Position, tile: dict[str, Any]) -> None:
    tile_id = str(tile["id"])
    if tile_id.startswith("base:"):
        character = tile_id.split(":", 1)[1]
        for p, chars in enumerate(out.get("characters", [])):
            if character in chars:
                out["hands"][p].append(tile_id)
                return
    out.setdefault("draw", []).append(tile_id)


def _covering(data: Position, cell: Any) -> dict[str, Any] | None:
    """The placed tile whose four quadrants include ``cell``."""
    tiles: list[dict[str, Any]] = data.get("tiles", [])
    for tile in tiles:
        x, y = tile["at"]
        if cell[0] in (x, x + 1) and cell[1] in (y, y + 1):
            return tile
    return None


def _place(data: Position, target: Any, tile_id: str) -> Position:
    if not is_cell(target):
        return data
    out = copy.deepcopy(data)
    old = _covering(out, target)
    if old is not None:  # placing onto a tile replaces it
        out["tiles"].remove(old)
        _put_back(out, old)
    _take(out, tile_id)
    out.setdefault("tiles", []).append({"id": tile_id, "at": list(target), "rot": 0})
    return out


def _rotate(data: Position, target: Any) -> Position:
    out = copy.deepcopy(data)
    tile = _covering(out, target) if is_cell(target) else None
    if tile is not None:
        tile["rot"] = (tile.get("rot", 0) + 1) % 4
    return out


def _remove(data: Position, target: Any) -> Position:
    out = copy.deepcopy(data)
    tile = _covering(out, target) if is_cell(target) else None
    if tile is not None:
        out["tiles"].remove(tile)
        _put_back(out, tile)
    return out


def edit_tools(_names: tuple[str, ...]) -> list[EditTool]:
    """Place a tile (picked from those off the table), turn a placed tile, take one off."""
    return [
        EditTool("place tile", _place, choices=_off_table),
        EditTool("turn ↻", _rotate),
        EditTool("take off", _remove),
    ]
