"""For the Win! scenario edit tools: place a tile of either colour, flip it, change its owner, or
send it back to its supply (see :mod:`ftwkit.editing`)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ftwkit.editing import EditTool, Position
from ftwkit.games.forthewin.moves import KINDS

__all__ = ["edit_tools"]


def _tile_at(data: Position, cell: Any) -> dict[str, Any] | None:
    tiles: list[dict[str, Any]] = data.get("tiles", [])
    for tile in tiles:
        if tile.get("at") is not None and tuple(tile["at"]) == tuple(cell):
            return tile
    return None


def edit_tools(names: tuple[str, ...]) -> list[EditTool]:
    """One tool per colour and kind of tile, then flip, change owner and remove."""

    def place(player: int, kind: str) -> Callable[[Position, Any], Position]:
        def apply(data: Position, target: Any) -> Position:
            out = copy.deepcopy(data)
            out["tiles"] = [t for t in out.get("tiles", []) if tuple(t["at"]) != tuple(target)]
            out["tiles"].append({"player": player, "kind": kind, "at": list(target), "up": True})
            return out

        return apply

    def edit(change: Callable[[dict[str, Any], int], None]) -> Callable[[Position, Any], Position]:
        def apply(data: Position, target: Any) -> Position:
            out = copy.deepcopy(data)
            tile = _tile_at(out, target)
            if tile is not None:
                change(tile, int(out.get("players", 2)))
            return out

        return apply

    def flip(tile: dict[str, Any], _players: int) -> None:
        tile["up"] = not tile.get("up", True)

    def owner(tile: dict[str, Any], players: int) -> None:
        tile["player"] = (tile["player"] + 1) % players

    def remove(data: Position, target: Any) -> Position:
        out = copy.deepcopy(data)
        out["tiles"] = [t for t in out.get("tiles", []) if tuple(t["at"]) != tuple(target)]
        return out

    tools = [EditTool(f"{names[p]} {kind}", place(p, kind)) for p in (0, 1) for kind in KINDS]
    return [
        *tools,
        EditTool("flip", edit(flip)),
        EditTool("change owner", edit(owner)),
        EditTool("remove", remove),
    ]
