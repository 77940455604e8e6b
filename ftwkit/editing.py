"""Scenario edit tools as plain data: what a click with each tool does to a JSON position.

A game declares its tools in its registration (``Game.edit_tools``); the scenario editor widget
turns them into buttons and applies them to the position being edited, which ``rules.load`` then
checks. Tools only move things around in the JSON: whether the result is a legal position is the
engine's answer, not theirs.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

__all__ = ["EditTool", "Position", "cells_tools"]

Position = dict[str, Any]
"""A JSON position as ``State.to_json`` writes it."""


@dataclasses.dataclass(frozen=True)
class EditTool:
    """A click tool: ``apply(position, target)`` returns the edited copy of the JSON position.

    A tool that needs a pick besides the click (which tile to place) sets ``choices``; it is then
    called as ``apply(position, target, choice)`` with one of ``choices(position)``.
    """

    name: str
    apply: Callable[..., Position]
    choices: Callable[[Position], list[str]] | None = None


def cells_tools(key: str, names: tuple[str, ...]) -> list[EditTool]:
    """Tools for games whose position lists each player's cells under ``key`` (Play Win, Go):
    place a piece of either player, remove one, or hand it to the other player."""

    def place(player: int) -> Callable[[Position, Any], Position]:
        def apply(data: Position, target: Any) -> Position:
            out = copy.deepcopy(data)
            lists = out.setdefault(key, [[] for _ in names])
            for cells in lists:
                if target in cells:
                    cells.remove(target)
            lists[player].append(target)
            return out

        return apply

    def remove(data: Position, target: Any) -> Position:
        out = copy.deepcopy(data)
        out[key] = [[c for c in cells if c != target] for cells in out.get(key, [])]
        return out

    def change_owner(data: Position, target: Any) -> Position:
        out = copy.deepcopy(data)
        lists = out.get(key, [])
        for p, cells in enumerate(lists):
            if target in cells:
                cells.remove(target)
                lists[(p + 1) % len(lists)].append(target)
                break
        return out

    tools = [EditTool(f"place {name}", place(p)) for p, name in enumerate(names)]
    return [*tools, EditTool("remove", remove), EditTool("change owner", change_owner)]
