"""The For the Win! ``Rules``: set-up, loading JSON positions (with validation) and notation."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any

from ftwkit.errors import InvalidState
from ftwkit.games.forthewin.actions import COPIES, PLAYER_NAMES, Position, Tile, winning_players
from ftwkit.games.forthewin.grid_rule import split_description
from ftwkit.games.forthewin.moves import KINDS
from ftwkit.games.forthewin.notation import parse
from ftwkit.games.forthewin.options import Options as ForTheWinOptions
from ftwkit.games.forthewin.state import ACTIONS_PER_ROUND, ForTheWinState
from ftwkit.games.forthewin.turns import reachable_turns
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
    "acted_last",
}

COORD_LIMIT = 10**9
"""Engine bound on ``|x|`` and ``|y|``: the Grid drifts at most a cell or two per action, so a game
would need over a billion actions to get that far; larger coordinates are refused as
unreachable in practice (and would only make pictures and messages unwieldy)."""

LINK_REACH = 11
"""Under ``connectivity = one_group`` every tile lies within this many cells (Chebyshev) of some
other tile, even in a split Grid: a split comes from the current turn's actions (at most 5 in an
extended tail turn), and each action puts its tile at most 2 cells from another tile."""


class ForTheWinRules(Rules):
    """For the Win! (Michael E. Eskue, TMG 2012): see the package docstring."""

    id = "forthewin"
    title = "For the Win!"
    min_players = 2
    max_players = 4
    Options = ForTheWinOptions
    PLAYER_NAMES = PLAYER_NAMES
    options: ForTheWinOptions

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
        over = data.get("over", False)
        if not isinstance(over, bool):
            raise InvalidState(f"over: expected true or false, got {over!r}")
        if over:
            # API.md: a finished game has no player to play; the one who acted last is kept
            # apart (it decides FW10), and older positions named them in to_play.
            raw = data.get("acted_last", data.get("to_play"))
            if raw is not None and not (is_int(raw) and 0 <= raw < n):
                raise InvalidState(f"acted_last: expected a player 0..{n - 1}, got {raw!r}")
            if "to_play" in data and not (
                data["to_play"] is None or data["to_play"] == data.get("acted_last", raw)
            ):
                raise InvalidState("to_play: a finished game has no player to play (null)")
            mover = -1 if raw is None else raw
        else:
            if "acted_last" in data:
                raise InvalidState("acted_last: only a finished game (over = true) has it")
            mover = require(
                data, "to_play", lambda v: is_int(v) and 0 <= v < n, f"a player 0..{n - 1}"
            )
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
        if mover >= 0 and turn > used[mover]:
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
        if self.options.connectivity == "one_group":
            _check_reach(tiles)
        winners = data.get("winners", [])
        if not isinstance(winners, list) or not all(is_int(w) and 0 <= w < n for w in winners):
            raise InvalidState(f"winners: expected a list of players, got {winners!r}")
        if winners and not over:
            raise InvalidState("winners: a game with winners must have over = true")
        state = ForTheWinState(
            self,
            tiles=tuple(sorted(tiles.items())),
            n_players=n,
            mover=max(mover, 0),
            first=first,
            actions_used=tuple(used),
            turn_actions=turn,
            round_number=round_number,
            result=tuple(sorted(set(winners))) if over else None,
            removed=tuple(sorted(removed)),
            seed=seed,
        )
        if over:
            return _check_finished(state, None if mover < 0 else mover)
        _check_playable(state)
        _check_turn_order(state)
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
        if not all(-COORD_LIMIT <= v <= COORD_LIMIT for v in at):
            raise InvalidState(
                f"{where}.at: coordinates are limited to ±{COORD_LIMIT:,} (engine bound: no game "
                f"can drift that far in practice), got [{_short(at[0])}, {_short(at[1])}]"
            )
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
    if not state.can_act():
        raise InvalidState(
            "tiles: the Grid is split and no action can rejoin it this turn (FW3: such a split "
            "is never allowed)"
        )


def _check_turn_order(state: ForTheWinState) -> None:
    """Refuse action counters that no order of turns leaves (FW4-FW7), whoever opened the round:
    e.g. a player to play with 4 actions used while the other has used none (a turn is 1 or 2
    actions, and turns alternate), or a counter two turns ahead of the others'.

    ``first`` is not held against the counters: hand-made positions often leave it at its
    default, and it only decides who opens the next round (FW7).
    """
    extended = state.rules.options.tail_mode == "one_extended_turn"
    n = state.n_players
    found = (state.actions_used, state.mover, state.turn_actions)
    if not any(found in reachable_turns(n, first, extended) for first in range(n)):
        raise InvalidState(
            f"actions_used: {list(state.actions_used)} with {PLAYER_NAMES[state.mover]} to play "
            f"after {state.turn_actions} action(s) this turn: no order of turns leaves these "
            "counters (turns go round the table, 1 or 2 actions each, FW4-FW7)"
        )


def _short(value: int) -> str:
    """A coordinate for a message: itself, or its size when it is absurdly long."""
    return str(value) if abs(value) < 10**30 else f"a {value.bit_length()}-bit number"


def _check_reach(tiles: dict[Cell, Tile]) -> None:
    """Refuse a Grid with a tile farther than :data:`LINK_REACH` from every other group of tiles.

    Whatever the turn has done, a ``one_group`` Grid is at most a few cells apart (FW1-FW3), so a
    far-away tile (``[1000000, 0]``) is a position no game can reach. Cells are bucketed so that
    this costs time linear in the number of tiles, whatever the coordinates.
    """
    if len(tiles) <= 1:
        return
    reach = LINK_REACH
    buckets: dict[Cell, list[Cell]] = {}
    for x, y in tiles:
        buckets.setdefault((x // reach, y // reach), []).append((x, y))
    start = next(iter(tiles))
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        bx, by = x // reach, y // reach
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for other in buckets.get((bx + dx, by + dy), ()):
                    if other not in seen and max(abs(other[0] - x), abs(other[1] - y)) <= reach:
                        seen.add(other)
                        todo.append(other)
    if len(seen) < len(tiles):
        far = min((c for c in tiles if c not in seen), key=lambda c: (c[1], c[0]))
        tile = tiles[far]
        raise InvalidState(
            f"tiles: the {PLAYER_NAMES[tile.player]} {tile.kind} at [{far[0]}, {far[1]}] is more "
            f"than {reach} cells from every tile of the rest of the Grid; no turn can split the "
            "Grid that far (FW1-FW3), so the position is not one a game can reach"
        )


def _check_finished(state: ForTheWinState, acted_last: int | None) -> ForTheWinState:
    """A finished position must be a possible one (RULINGS FW8-FW11): a Grid the rules allow at
    the moment the game ended, and winners that the engine's own win check gives.

    Args:
        state: the loaded finished state (``mover`` provisional when ``acted_last`` is unknown).
        acted_last: who acted last, if the position says; otherwise any player that makes the
            winners consistent is taken (the smallest).

    Returns:
        ``state`` with ``mover`` set to the player who acted last.
    """
    opts = state.rules.options
    pos: Position = state.position
    completed = winning_players(state.board, state.n_players, opts)
    winners = state.winners
    # the game ends on a whole Grid: a completion counts only then (FW9) unless
    # win_needs_connected_grid = false, and other draws come at the end of a turn (FW1, FW8)
    split_end = bool(completed) and not opts.win_needs_connected_grid
    if not pos.connected and not split_end:
        raise InvalidState(
            "tiles: a finished game's Grid must be connected: the game ends on a connected "
            f"Grid (FW9) or at the end of a turn (FW1): {split_description(pos)}"
        )
    names = ", ".join(PLAYER_NAMES[p] for p in sorted(completed)) or "nobody"
    if len(winners) > 1:
        raise InvalidState(
            f"winners: {list(winners)}: a For the Win! game has one winner (or none on a draw)"
        )
    candidates = [acted_last] if acted_last is not None else list(range(state.n_players))
    if winners:
        if winners[0] not in completed:
            raise InvalidState(
                f"winners: {PLAYER_NAMES[winners[0]]} has no chain of five face-up kinds on this "
                f"Grid (completed: {names}; FW12)"
            )
        fits = [p for p in candidates if state._replace(mover=p)._resolve(completed) == winners]
        if not fits:
            raise InvalidState(
                f"winners: with {names} completed and {PLAYER_NAMES[candidates[0]]} acting last, "
                f"simultaneous_win = {opts.simultaneous_win} gives "
                f"{PLAYER_NAMES[state._replace(mover=candidates[0])._resolve(completed)[0]]} "
                "(FW10, FW11)"
            )
        return state._replace(mover=fits[0])
    # a draw
    if completed:
        if opts.simultaneous_win != "draw" or len(completed) < 2:
            raise InvalidState(
                f"winners: empty (a draw), but {names} completed the win condition and "
                f"simultaneous_win = {opts.simultaneous_win} gives a winner (FW10, FW11)"
            )
    elif not _drawn_without_win(state):
        raise InvalidState(
            "winners: empty (a draw), but nobody completed the win condition; a draw without a "
            "win comes only from max_rounds (every action of the last round used, FW8) or from "
            "no player being able to act (FW6)"
        )
    return state._replace(mover=candidates[0])


def _drawn_without_win(state: ForTheWinState) -> bool:
    """Whether the engine could have drawn this game without a win (FW8 safeguard, FW6)."""
    max_rounds = state.rules.options.max_rounds
    if (
        max_rounds is not None
        and state.round_number >= max_rounds
        and all(used >= ACTIONS_PER_ROUND for used in state.actions_used)
    ):
        return True
    fresh = [0] * state.n_players
    for p in range(state.n_players):
        trial = dataclasses.replace(
            state, mover=p, actions_used=tuple(fresh), turn_actions=0, result=None
        )
        if trial.can_act():
            return False
    return True
