"""The For the Win! position: tiles on the Grid, the round's action counters, the marker, the turn.

Supplies are not stored: each player owns two tiles of each kind, so whatever is not on the Grid
(and not removed from the game under ``infected_fate = removed_from_game``) is in the supply.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from ftwkit.games.forthewin import explain, playout
from ftwkit.games.forthewin.actions import (
    PLAYER_NAMES,
    Board,
    Position,
    Tile,
    basic_reason,
    winning_players,
)
from ftwkit.games.forthewin.grid_rule import (
    grid_reason,
    legal_actions,
    position_after,
    split_description,
)
from ftwkit.games.forthewin.moves import KINDS, Action, EndTurn, Pass
from ftwkit.games.forthewin.policy import compared, search_move
from ftwkit.geometry.grid import Cell
from ftwkit.protocol import Move, Note, State, state_dataclass

if TYPE_CHECKING:
    from ftwkit.games.forthewin.rules import ForTheWinRules

__all__ = ["ACTIONS_PER_ROUND", "ACTIONS_PER_TURN", "ForTheWinState", "compressed_axis"]

ACTIONS_PER_ROUND = 5
"""Each player's action counter runs from 0 to 5 every round."""
ACTIONS_PER_TURN = 2
"""A turn is 1 or 2 actions (more only in an extended tail turn, ``tail_mode``, FW5)."""

_COLOUR_LETTERS = ("W", "B", "R", "U")
_GAP = 3
"""Runs of more than this many empty rows or columns are shown as one ``··`` break."""
_LETTERS = {"ninja": "N", "pirate": "P", "monkey": "M", "zombie": "Z", "alien": "A"}


@state_dataclass
class ForTheWinState(State):
    """A For the Win! position (see API.md for the JSON form).

    Attributes:
        tiles: ``(cell, tile)`` pairs on the Grid, sorted by cell.
        n_players: how many players (2; 3–4 in the unofficial FW30 variant).
        mover: the player whose turn it is (the last to act once the game is over).
        first: who holds the first-player marker this round.
        actions_used: each player's action counter this round (0–5).
        turn_actions: actions the mover has taken in the current turn.
        round_number: the round, counting from 1.
        result: ``None`` while running, else the winners (empty for a draw).
        removed: ``(player, kind)`` of tiles out of the game (``infected_fate``).
        seed: the seed the game was set up with (only the first player was random).
    """

    rules: ForTheWinRules
    tiles: tuple[tuple[Cell, Tile], ...]
    n_players: int
    mover: int
    first: int
    actions_used: tuple[int, ...]
    turn_actions: int = 0
    round_number: int = 1
    result: tuple[int, ...] | None = None
    removed: tuple[tuple[int, str], ...] = ()
    seed: int | None = None

    _CACHES: ClassVar[frozenset[str]] = frozenset({"board", "position", "_search", "_values"})
    """``board`` and ``position`` (derived views of the tiles); ``_search``, what the search
    policy worked out about this state whatever its random draws (``policy.search_move``), and
    ``_values``, every player's progress on its board (``playout.state_values``; handed on by
    :meth:`_apply` when the search policy counted it to compare the move played)."""

    # ------------------------------------------------------------------ protocol
    @property
    def players(self) -> int:
        return self.n_players

    @property
    def to_play(self) -> int | None:
        return None if self.result is not None else self.mover

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def winners(self) -> tuple[int, ...]:
        return self.result or ()

    # ------------------------------------------------------------------ derived
    @cached_property
    def board(self) -> Board:
        """Cell → tile (a fresh dict built once; treat it as read-only)."""
        return dict(self.tiles)

    @cached_property
    def position(self) -> Position:
        """The board as the mover sees it, for the action rules."""
        return Position(self.board, self.mover, self.n_players, self.removed, self.rules.options)

    def supply(self, player: int) -> dict[str, int]:
        """How many tiles of each kind ``player`` has off the Grid."""
        return {kind: Position.supply(self.position, player, kind) for kind in KINDS}

    @property
    def actions_left(self) -> int:
        """Actions the mover has left this round."""
        return ACTIONS_PER_ROUND - self.actions_used[self.mover]

    @property
    def extended_turn(self) -> bool:
        """Whether the mover's remaining actions form one turn (``tail_mode``, FW5)."""
        if self.rules.options.tail_mode != "one_extended_turn":
            return False
        return all(
            used >= ACTIONS_PER_ROUND for p, used in enumerate(self.actions_used) if p != self.mover
        )

    @property
    def more_after_this(self) -> int:
        """How many further actions the turn allows after the next one."""
        if self.extended_turn:
            return self.actions_left - 1
        return 1 if self.turn_actions == 0 and self.actions_left >= ACTIONS_PER_TURN else 0

    @property
    def grid_split(self) -> bool:
        """Whether the Grid is split now (only possible in the middle of a turn)."""
        return not self.position.connected

    # ------------------------------------------------------------------ moves
    def _generate_moves(self) -> list[Move]:
        moves = self.turn_moves()
        moves.extend(legal_actions(self.position, self.more_after_this))
        return moves

    def turn_moves(self) -> list[Move]:
        """The legal moves that are not actions: ``end`` (after an action, on a whole Grid, not
        in an extended tail turn) and ``pass`` (``allow_pass``, at the start of a turn)."""
        moves: list[Move] = []
        opts = self.rules.options
        may_end = not self.extended_turn or opts.allow_pass
        if self.turn_actions >= 1 and not self.grid_split and may_end:
            moves.append(EndTurn())
        if opts.allow_pass and self.turn_actions == 0:
            moves.append(Pass())
        return moves

    # ------------------------------------------------------------------ explorer hooks
    def notes(self) -> list[Note]:
        """The tiles cut off from the Grid mid-turn, under the chosen ``connectivity`` (FW2)."""
        return explain.notes(self)

    def explain_targets(self, targets: Sequence[Any]) -> str | None:
        """Why clicking ``targets`` starts no legal move, in the rule's words (FW13, FW1…)."""
        return explain.explain_targets(self, targets)

    # ------------------------------------------------------------------ search hooks
    def _random_move(self, rng: random.Random) -> Move:
        return playout.random_move(self, rng)

    def _policy_move(self, rng: random.Random) -> Move:
        return search_move(self, rng)

    def _heuristic(self, player: int) -> float:
        return playout.heuristic(self, player)

    def can_act(self) -> bool:
        """Whether the player to play has any legal move (FW6), without listing them all.

        Turn logic asks this of every state it hands on; the move list itself is built only when
        someone asks for it. Cheap cases first: ``end`` or ``pass`` is available, or, on a whole
        Grid, an own face-down tile can be refreshed or an own Monkey used (neither moves a tile,
        so neither can split the Grid).
        """
        cached = self._legal_cache
        if cached is not None:
            return bool(cached)
        if self.result is not None:
            return False
        opts = self.rules.options
        pos = self.position
        if opts.allow_pass and self.turn_actions == 0:
            return True
        if pos.connected:
            if self.turn_actions >= 1 and (not self.extended_turn or opts.allow_pass):
                return True
            for _, tile in self.tiles:
                if tile.player == self.mover and (
                    (not tile.up) or (tile.kind == "monkey" and not opts.ability_needs_effect)
                ):
                    return True
        return bool(legal_actions(pos, self.more_after_this, stop_at_first=True))

    def _why_illegal(self, move: Move) -> str:
        opts = self.rules.options
        name = PLAYER_NAMES[self.mover]
        if isinstance(move, EndTurn):
            if self.turn_actions == 0:
                return f"{name} must take at least one action before ending the turn (FW6)"
            if self.grid_split:
                return (
                    "the turn cannot end while the Grid is split: "
                    f"{split_description(self.position)}"
                )
            return "all remaining actions this round form one turn (tail_mode = one_extended_turn)"
        if isinstance(move, Pass):
            if not opts.allow_pass:
                return "a player may not pass or leave actions unused (FW6; see allow_pass)"
            return "a player may pass only at the start of a turn"
        if not isinstance(move, Action):
            return f"{move} is not a For the Win! move"
        reason = basic_reason(self.position, move)
        if reason is None:
            reason = grid_reason(
                self.position, move, self.more_after_this, first_of_turn=self.turn_actions == 0
            )
        return reason or f"{move} is not legal here"

    def _apply(self, move: Move) -> ForTheWinState:
        if not isinstance(move, Action):
            # no tile changes: the players' progress is this state's
            return self._carry_values(self._play(move, None), self._recall("_values"))
        known = compared(self, move)  # the board after it, if the search policy compared it
        if known is None:
            return self._play(move, None)
        return self._carry_values(self._play(move, known[:2]), known.values)

    @staticmethod
    def _carry_values(
        nxt: ForTheWinState, values: list[tuple[float, int]] | None
    ) -> ForTheWinState:
        """``nxt`` told every player's progress on its board (the declared cache ``_values``)
        when it is known."""
        if values is not None and nxt._recall("_values") is None:
            nxt._remember("_values", values)
        return nxt

    def _play(
        self, move: Move, applied: tuple[Board, tuple[tuple[int, str], ...]] | None
    ) -> ForTheWinState:
        """The state after ``move`` (``applied``: the board after it and the tiles out of the
        game, when known)."""
        used = list(self.actions_used)
        p = self.mover
        if isinstance(move, Pass) or (isinstance(move, EndTurn) and self.extended_turn):
            used[p] = ACTIONS_PER_ROUND
            return self._advance(self.tiles, self.removed, used, self.position)
        if isinstance(move, EndTurn):
            return self._advance(self.tiles, self.removed, used, self.position)
        assert isinstance(move, Action)
        after = position_after(self.position, move, applied)
        board, removed = after.board, after.removed
        tiles = tuple(sorted(board.items()))
        used[p] += 1
        opts = self.rules.options
        whole = after.connected
        if whole or not opts.win_needs_connected_grid:
            winners = winning_players(board, self.n_players, opts)
            if winners:
                return self._replace(
                    tiles=tiles,
                    removed=removed,
                    actions_used=tuple(used),
                    turn_actions=self.turn_actions + 1,
                    result=self._resolve(winners),
                )
        turn_over = used[p] >= ACTIONS_PER_ROUND or (
            self.turn_actions + 1 >= ACTIONS_PER_TURN and not self.extended_turn
        )
        if turn_over:
            return self._advance(tiles, removed, used, after)
        nxt = self._successor(
            after,
            tiles=tiles,
            removed=removed,
            actions_used=tuple(used),
            turn_actions=self.turn_actions + 1,
        )
        # The Grid rule lets an action leave the Grid split only when a second action can rejoin
        # it (FW1-FW3, the look-ahead of grid_rule): then the mover can act, unasked.
        if not whole or nxt.can_act():
            return nxt
        used[p] = ACTIONS_PER_ROUND  # FW6: nothing left to do, the rest is forfeited
        return self._advance(tiles, removed, used, after)

    def settle_loaded(self) -> ForTheWinState:
        """A loaded running position as play would leave it: over if a win shows, else forfeited
        if the player to play has no legal action.

        The game ends the moment a colour completes its chain on a connected Grid (FW9), so a
        position showing a completed chain is over: its winner is resolved as after an action,
        with the player to play as the active player (FW10, FW11). A player with no legal action
        forfeits the round's remaining actions (FW6), exactly as when play reaches that point.
        """
        opts = self.rules.options
        if self.position.connected or not opts.win_needs_connected_grid:
            winners = winning_players(self.board, self.n_players, opts)
            if winners:
                return self._replace(result=self._resolve(winners))
        if self.can_act():
            return self
        used = list(self.actions_used)
        used[self.mover] = ACTIONS_PER_ROUND
        return self._advance(self.tiles, self.removed, used, self.position)

    def _resolve(self, winners: set[int]) -> tuple[int, ...]:
        """Who wins when ``winners`` completed the condition after the mover's action (FW10)."""
        if len(winners) == 1:
            return (next(iter(winners)),)
        mode = self.rules.options.simultaneous_win
        order = [(self.mover + i) % self.n_players for i in range(self.n_players)]
        if mode == "draw":
            return ()
        if mode == "non_active":
            order = order[1:]
        return (next(q for q in order if q in winners),)

    def _advance(
        self,
        tiles: tuple[tuple[Cell, Tile], ...],
        removed: tuple[tuple[int, str], ...],
        used: list[int],
        grid: Position,
    ) -> ForTheWinState:
        """End the mover's turn: the next player with actions left, or a new round (FW5–FW7).

        A player who has no legal action when their turn begins forfeits the round's remaining
        actions (FW6). If nobody can act for two whole rounds the game is drawn (engine-only).
        ``grid`` is a position on ``tiles`` whose known shape the next positions reuse.
        """
        n = self.n_players
        mover, first, round_number = self.mover, self.first, self.round_number
        max_rounds = self.rules.options.max_rounds
        for _ in range(3 * n + 2):
            nxt = next(
                ((mover + i) % n for i in range(1, n + 1) if used[(mover + i) % n] < 5), None
            )
            if nxt is None:
                if max_rounds is not None and round_number >= max_rounds:
                    return self._replace(
                        tiles=tiles, removed=removed, actions_used=tuple(used), result=()
                    )
                round_number += 1
                first = (first + 1) % n
                used = [0] * n
                nxt = first
            state = self._successor(
                grid,
                tiles=tiles,
                removed=removed,
                mover=nxt,
                first=first,
                actions_used=tuple(used),
                turn_actions=0,
                round_number=round_number,
            )
            if state.can_act():
                return state
            used[nxt] = ACTIONS_PER_ROUND
            mover = nxt
        return self._replace(tiles=tiles, removed=removed, actions_used=tuple(used), result=())

    def _replace(self, **changes: Any) -> ForTheWinState:
        return self._derive(**changes)

    def _successor(self, grid: Position, **changes: Any) -> ForTheWinState:
        """:meth:`_replace` for a position on the tiles of ``grid``, which hands on what it knows
        of the Grid's shape (whether it is whole, its pieces...) instead of having it found
        again."""
        nxt = self._derive(**changes)
        nxt._remember("position", grid.seen_by(nxt.board, nxt.mover))
        return nxt

    # ------------------------------------------------------------------ JSON and text
    def _position_json(self) -> dict[str, Any]:
        over = self.result is not None
        data: dict[str, Any] = {
            "players": self.n_players,
            "to_play": None if over else self.mover,
            "first": self.first,
            "actions_used": list(self.actions_used),
            "turn_actions": self.turn_actions,
            "round": self.round_number,
            "tiles": [
                {"player": t.player, "kind": t.kind, "at": [c[0], c[1]], "up": t.up}
                for c, t in self.tiles
            ],
            "removed": [{"player": p, "kind": k} for p, k in self.removed],
            "over": over,
            "winners": list(self.winners),
            "seed": self.seed,
        }
        if over:
            data["acted_last"] = self.mover  # decides FW10 for the loaded position's checks
        return data

    def status(self) -> str:
        """Whose turn, actions left this turn and this round, marker holder, split warning."""
        if self.is_over:
            return super().status()
        name = PLAYER_NAMES[self.mover]
        if self.extended_turn:
            in_turn = self.actions_left
        elif self.turn_actions == 0:
            in_turn = min(ACTIONS_PER_TURN, self.actions_left)
        else:
            in_turn = 1
        text = (
            f"{name} to play: {in_turn} action{'s' if in_turn != 1 else ''} left this turn, "
            f"{self.actions_left} this round · round {self.round_number}, "
            f"{PLAYER_NAMES[self.first]} holds the first-player marker"
        )
        if self.grid_split:
            text += " · Grid split — must rejoin"
        return text

    def __str__(self) -> str:
        board = self.board
        columns = compressed_axis(c[0] for c in board)
        rows = compressed_axis(c[1] for c in board)
        w = max(4, 1 + max(len(str(v)) for v in columns if v is not None))
        h = max(5, 1 + max(len(str(v)) for v in rows if v is not None))
        lines = [" " * h + "".join(f"{'··' if x is None else x:>{w}}" for x in columns)]
        for y in rows:
            if y is None:
                lines.append(f"{'··':>{h}}" + f"{'··':>{w}}" * len(columns))
                continue
            row = []
            for x in columns:
                tile = None if x is None else board.get((x, y))
                if tile is None:
                    row.append(f"{'··' if x is None else '.':>{w}}")
                    continue
                code = _COLOUR_LETTERS[tile.player] + _LETTERS[tile.kind]
                row.append(f"{code if tile.up else code.lower():>{w}}")
            lines.append(f"{y:>{h}}" + "".join(row))
        lines.append(
            "(upper case = face up, lower case = face down; W White, B Black, R Red, U Blue"
            + ("; ·· = empty rows or columns left out" if None in columns + rows else "")
            + ")"
        )
        counters = ", ".join(
            f"{PLAYER_NAMES[p]} {self.actions_used[p]}/5" for p in range(self.n_players)
        )
        lines.append(
            f"Round {self.round_number} · actions used: {counters} · marker: "
            f"{PLAYER_NAMES[self.first]}"
        )
        for p in range(self.n_players):
            left = " ".join(f"{_LETTERS[k]}{n}" for k, n in self.supply(p).items() if n)
            lines.append(f"{PLAYER_NAMES[p]} supply: {left or '(empty)'}")
        lines.append(self.status())
        return "\n".join(lines)


def compressed_axis(values: Iterable[int], margin: int = 1) -> list[int | None]:
    """The rows (or columns) a picture shows: every value within ``margin`` of a tile, in order,
    with runs of more than a few empty ones between them replaced by one ``None`` (a break).

    Tiles far apart (two blobs under ``connectivity = no_isolated_tile``) then print in size
    proportional to the number of tiles, not to the distance between them.
    """
    wanted = sorted({v + d for v in values for d in range(-margin, margin + 1)}) or [
        d for d in range(-margin, margin + 1)
    ]
    out: list[int | None] = []
    for v in wanted:
        if out:
            last = out[-1]
            assert last is not None
            if v - last > _GAP + 1:
                out.append(None)
            else:
                out.extend(range(last + 1, v))
        out.append(v)
    return out
