"""The For the Win! ``Rules``: set-up, loading JSON positions (with validation) and notation."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any

from ftwkit.errors import InvalidState
from ftwkit.games.forthewin.actions import COPIES, PLAYER_NAMES, Position, Tile
from ftwkit.games.forthewin.moves import KINDS
from ftwkit.games.forthewin.notation import parse
from ftwkit.games.forthewin.options import Options
from ftwkit.games.forthewin.state import ACTIONS_PER_ROUND, ForTheWinState
from ftwkit.geometry.grid import Cell
from ftwkit.protocol import Move, Rules, State, check_keys, is_int, require

__all__ = ["ForTheWinRules"]

_KEYS = {
    "players",
    "to_play",
    "first",
    "actions_used",
    "turn_actions",
    "round",
    "tiles",
    "removed",
    "over",
    "winners",
    "seed",
}


class ForTheWinRules(Rules):
    """For the Win! (Michael E. Eskue, TMG 2012): see the package docstring."""

    id = "forthewin"
    title = "For the Win!"
    min_players = 2
    max_players = 4
    Options = Options
    PLAYER_NAMES = PLAYER_NAMES

    def _new(self, players: int, seed: int | None) -> State:
        # RULINGS 1.2 Setup: one Monkey of each colour, touching on a side (or at a corner).
        step = (1, 0) if self.options.start == "orthogonal" else (1, 1)
        tiles = tuple(((step[0] * p, step[1] * p), Tile(p, "monkey", True)) for p in range(players))
        first = 0 if seed is None else random.Random(f"forthewin/{seed}").randrange(players)
        return ForTheWinState(
            self,
            tiles=tiles,
            n_players=players,
            mover=first,
            first=first,
            actions_used=(0,) * players,
            seed=seed,
        )

    def _parse_move(self, state: State, text: str) -> Move:
        assert isinstance(state, ForTheWinState)
        return parse(text, state.board, fold_shoves=not self.options.shove_needs_target)

    def _load_position(self, data: Mapping[str, Any]) -> State:
        check_keys(data, _KEYS)
        n = data.get("players", 2)
        if not is_int(n) or not (self.min_players <= n <= self.max_players):
            raise InvalidState(f"players: expected 2 to 4, got {n!r}")
        mover = require(data, "to_play", lambda v: is_int(v) and 0 <= v < n, f"a player 0..{n - 1}")
        first = require(data, "first", lambda v: is_int(v) and 0 <= v < n, f"a player 0..{n - 1}")
        used = require(
            data,
            "actions_used",
            lambda v: (
                isinstance(v, list)
                and len(v) == n
                and all(is_int(x) and 0 <= x <= ACTIONS_PER_ROUND for x in v)
            ),
            f"a list of {n} counters from 0 to 5",
        )
        turn = data.get("turn_actions", 0)
        if not is_int(turn) or not (0 <= turn <= ACTIONS_PER_ROUND - 1):
            raise InvalidState(
                f"turn_actions: expected 0 or 1 (up to 4 in an extended turn), got {turn!r}"
            )
        if turn > 1 and self.options.tail_mode != "one_extended_turn":
            raise InvalidState(
                f"turn_actions: a turn has at most 2 actions, so at most 1 is taken before the "
                f"next (FW4; more only under tail_mode = one_extended_turn), got {turn}"
            )
        if turn > used[mover]:
            raise InvalidState(
                f"turn_actions: {turn} actions this turn but the action counter of player "
                f"{mover} shows only {used[mover]}"
            )
        round_number = data.get("round", 1)
        if not is_int(round_number) or round_number < 1:
            raise InvalidState(f"round: expected a positive integer, got {round_number!r}")
        seed = data.get("seed")
        if seed is not None and not is_int(seed):
            raise InvalidState(f"seed: expected an integer or null, got {seed!r}")
        tiles = _load_tiles(data.get("tiles"), n)
        removed = _load_removed(data.get("removed", []), n)
        _check_counts(tiles, removed)
        over = data.get("over", False)
        if not isinstance(over, bool):
            raise InvalidState(f"over: expected true or false, got {over!r}")
        winners = data.get("winners", [])
        if not isinstance(winners, list) or not all(is_int(w) and 0 <= w < n for w in winners):
            raise InvalidState(f"winners: expected a list of players, got {winners!r}")
        if winners and not over:
            raise InvalidState("winners: a game with winners must have over = true")
        state = ForTheWinState(
            self,
            tiles=tuple(sorted(tiles.items())),
            n_players=n,
            mover=mover,
            first=first,
            actions_used=tuple(used),
            turn_actions=turn,
            round_number=round_number,
            result=tuple(sorted(set(winners))) if over else None,
            removed=tuple(sorted(removed)),
            seed=seed,
        )
        if over:
            return state
        _check_playable(state)
        return state.settle_loaded()


def _load_tiles(raw: Any, n: int) -> dict[Cell, Tile]:
    if not isinstance(raw, list) or not raw:
        raise InvalidState("tiles: expected a non-empty list of tiles on the Grid")
    tiles: dict[Cell, Tile] = {}
    for i, item in enumerate(raw):
        where = f"tiles[{i}]"
        if not isinstance(item, Mapping):
            raise InvalidState(f"{where}: expected an object with player, kind, at, up")
        check_keys(item, {"player", "kind", "at", "up"}, where)
        player: Any = item.get("player")
        if not is_int(player) or not (0 <= player < n):
            raise InvalidState(f"{where}.player: expected a player 0..{n - 1}, got {player!r}")
        kind = item.get("kind")
        if kind not in KINDS:
            raise InvalidState(f"{where}.kind: unknown kind {kind!r}; kinds: {', '.join(KINDS)}")
        at = item.get("at")
        if not (isinstance(at, list) and len(at) == 2 and all(is_int(v) for v in at)):
            raise InvalidState(f"{where}.at: expected [x, y] integers, got {at!r}")
        up = item.get("up", True)
        if not isinstance(up, bool):
            raise InvalidState(f"{where}.up: expected true or false, got {up!r}")
        cell = (at[0], at[1])
        if cell in tiles:
            raise InvalidState(f"{where}.at: two tiles on the cell ({at[0]},{at[1]})")
        tiles[cell] = Tile(player, kind, up)
    return tiles


def _load_removed(raw: Any, n: int) -> list[tuple[int, str]]:
    if not isinstance(raw, list):
        raise InvalidState("removed: expected a list of {player, kind} objects")
    out = []
    for i, item in enumerate(raw):
        where = f"removed[{i}]"
        if not isinstance(item, Mapping):
            raise InvalidState(f"{where}: expected an object with player and kind")
        check_keys(item, {"player", "kind"}, where)
        player: Any = item.get("player")
        kind: Any = item.get("kind")
        if not is_int(player) or not (0 <= player < n):
            raise InvalidState(f"{where}.player: expected a player 0..{n - 1}, got {player!r}")
        if kind not in KINDS:
            raise InvalidState(f"{where}.kind: unknown kind {kind!r}")
        out.append((player, kind))
    return out


def _check_counts(tiles: dict[Cell, Tile], removed: list[tuple[int, str]]) -> None:
    counts: dict[tuple[int, str], int] = {}
    for tile in tiles.values():
        counts[(tile.player, tile.kind)] = counts.get((tile.player, tile.kind), 0) + 1
    for key in removed:
        counts[key] = counts.get(key, 0) + 1
    for (player, kind), count in sorted(counts.items()):
        if count > COPIES:
            raise InvalidState(
                f"tiles: {PLAYER_NAMES[player]} has {count} {kind}s; "
                f"each player owns only {COPIES} of each kind"
            )


def _check_playable(state: ForTheWinState) -> None:
    if state.actions_used[state.mover] >= ACTIONS_PER_ROUND:
        raise InvalidState(
            f"actions_used: player {state.mover} is to play but has used all 5 actions this round"
        )
    pos: Position = state.position
    if pos.connected:
        return  # a win shows now, or a player with no legal action forfeits (FW6, FW9-FW11)
    if state.turn_actions == 0:
        raise InvalidState("tiles: the Grid must be one connected group at the start of a turn")
    # a throwaway copy, so that the loaded state's own move cache stays cold (benchmarks time it)
    if not dataclasses.replace(state).legal_moves():
        raise InvalidState(
            "tiles: the Grid is split and no action can rejoin it this turn (FW3: such a split "
            "is never allowed)"
        )
