"""A plain-Python draughts engine: the yardstick the game benchmarks are divided by.

English draughts (checkers) on the 32 dark squares of an 8×8 board: men step diagonally forward,
kings both ways; a capture jumps an adjacent enemy piece onto the empty square beyond, captures
are compulsory and a capturing piece must go on jumping while it can (any capture sequence may be
chosen, not necessarily the longest); a man reaching the far row is crowned and the move ends
there. A player with no legal move loses.

It is written the way a straightforward Python engine would be — an immutable state with
``legal_moves()`` and ``play()``, a tuple board, lists of moves — neither tuned nor pessimised, so
that "plies per second relative to this, measured in the same run" says how fast a game engine is
for the work a ply does, whatever machine or load the benchmark ran on.

    python benchmarks/draughts_ref.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from dataclasses import dataclass

EMPTY, MAN, KING = 0, 1, 2
SIZE = 8

Square = tuple[int, int]
Move = tuple[Square, ...]
"""The squares a piece visits: start, then each landing square (two or more for a capture)."""


def _start_board() -> tuple[tuple[int, int], ...]:
    """Rows 0–2 hold player 0's men, rows 5–7 player 1's, on the dark squares."""
    board = []
    for row in range(SIZE):
        for col in range(SIZE):
            dark = (row + col) % 2 == 1
            if dark and row < 3:
                board.append((0, MAN))
            elif dark and row > 4:
                board.append((1, MAN))
            else:
                board.append((-1, EMPTY))
    return tuple(board)


@dataclass(frozen=True)
class Draughts:
    """A draughts position: 64 ``(owner, piece)`` squares (owner -1 when empty) and the mover."""

    board: tuple[tuple[int, int], ...]
    to_play: int = 0

    @classmethod
    def new(cls) -> Draughts:
        return cls(_start_board())

    def at(self, square: Square) -> tuple[int, int]:
        return self.board[square[0] * SIZE + square[1]]

    def _directions(self, piece: int, owner: int) -> list[tuple[int, int]]:
        if piece == KING:
            return [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        forward = 1 if owner == 0 else -1
        return [(forward, 1), (forward, -1)]

    def _jumps(
        self,
        square: Square,
        piece: int,
        owner: int,
        board: list[tuple[int, int]],
    ) -> list[Move]:
        """Every capture sequence from ``square`` on ``board`` (already jumped pieces removed)."""
        sequences: list[Move] = []
        for dr, dc in self._directions(piece, owner):
            over = (square[0] + dr, square[1] + dc)
            land = (square[0] + 2 * dr, square[1] + 2 * dc)
            if not (0 <= land[0] < SIZE and 0 <= land[1] < SIZE):
                continue
            victim = board[over[0] * SIZE + over[1]]
            if victim[0] != 1 - owner or board[land[0] * SIZE + land[1]][1] != EMPTY:
                continue
            after = list(board)
            after[square[0] * SIZE + square[1]] = (-1, EMPTY)
            after[over[0] * SIZE + over[1]] = (-1, EMPTY)
            after[land[0] * SIZE + land[1]] = (owner, piece)
            crowned = piece == MAN and land[0] == (SIZE - 1 if owner == 0 else 0)
            more = [] if crowned else self._jumps(land, piece, owner, after)
            if more:
                sequences.extend((square, *rest) for rest in more)
            else:
                sequences.append((square, land))
        return sequences

    def legal_moves(self) -> list[Move]:
        """Captures when any exists (compulsory), else simple steps."""
        captures: list[Move] = []
        steps: list[Move] = []
        board = list(self.board)
        for row in range(SIZE):
            for col in range(SIZE):
                owner, piece = self.board[row * SIZE + col]
                if owner != self.to_play:
                    continue
                captures.extend(self._jumps((row, col), piece, owner, board))
                if captures:
                    continue
                for dr, dc in self._directions(piece, owner):
                    r, c = row + dr, col + dc
                    if 0 <= r < SIZE and 0 <= c < SIZE and self.board[r * SIZE + c][1] == EMPTY:
                        steps.append(((row, col), (r, c)))
        return captures or steps

    def play(self, move: Move) -> Draughts:
        """The position after ``move`` (one of ``legal_moves()``); this one is untouched."""
        board = list(self.board)
        owner, piece = board[move[0][0] * SIZE + move[0][1]]
        board[move[0][0] * SIZE + move[0][1]] = (-1, EMPTY)
        for src, dst in itertools.pairwise(move):
            if abs(dst[0] - src[0]) == 2:
                mid = ((src[0] + dst[0]) // 2, (src[1] + dst[1]) // 2)
                board[mid[0] * SIZE + mid[1]] = (-1, EMPTY)
        end = move[-1]
        if piece == MAN and end[0] == (SIZE - 1 if owner == 0 else 0):
            piece = KING
        board[end[0] * SIZE + end[1]] = (owner, piece)
        return Draughts(tuple(board), 1 - self.to_play)


def playouts(seconds: float, max_plies: int = 200) -> tuple[int, int, float]:
    """Random games for ``seconds`` of CPU time; returns (games, plies, CPU seconds)."""
    rng = random.Random(1)
    games = plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = Draughts.new()
        for _ in range(max_plies):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.play(rng.choice(moves))
            plies += 1
        games += 1
    return games, plies, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    games, plies, elapsed = playouts(args.seconds)
    print(f"draughts reference: {plies / elapsed:.0f} plies/s ({games} games, {plies} plies)")


if __name__ == "__main__":
    main()
