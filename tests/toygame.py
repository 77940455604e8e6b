"""Tic-tac-toe: a sixth game defined outside ``ftwkit``, to prove that one registration is enough.

``GAME`` holds everything: rules, a renderer, edit tools and catalogue facts. ``register()``
makes the game appear in the registry, the renderers, the explorer, the editor, the index and the
conformance suite; ``unregister()`` takes it away again (see ``tests/test_toygame.py``).

Cells are ``a1`` … ``c3`` (column letter, row number from the bottom); a move is the cell marked,
its one click target that cell. Rulings: TT1 a mark goes on an empty cell; TT2 three in a row
(row, column or diagonal) wins; TT3 a full board without a line is a draw.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ftwkit import registry
from ftwkit.clicks import Clicks
from ftwkit.editing import cells_tools
from ftwkit.errors import IllegalMove, InvalidState
from ftwkit.protocol import Move, Rules, State, check_keys, is_int, require, state_dataclass
from ftwkit.registry import Catalogue, Game
from ftwkit.render.base import BaseRenderer, Context, Layout, Pen, piece_colours
from ftwkit.render.theme import Theme

__all__ = ["GAME", "ID", "Mark", "TicTacToeRules", "TicTacToeState", "register", "unregister"]

ID = "tictactoe"
CELLS = tuple(f"{col}{row}" for row in (1, 2, 3) for col in "abc")
"""The nine cells, row by row from the bottom."""
LINES = (
    *((CELLS[3 * r], CELLS[3 * r + 1], CELLS[3 * r + 2]) for r in range(3)),
    *((CELLS[c], CELLS[c + 3], CELLS[c + 6]) for c in range(3)),
    ("a1", "b2", "c3"),
    ("c1", "b2", "a3"),
)
"""Every row, column and diagonal (TT2)."""


@dataclasses.dataclass(frozen=True)
class Mark(Move):
    """Put the mover's mark on ``cell``."""

    cell: str

    @property
    def targets(self) -> tuple[Any, ...]:
        return (self.cell,)

    def __str__(self) -> str:
        return self.cell


@dataclasses.dataclass(frozen=True)
class Options:
    """The only variant switch."""

    misere: bool = False
    """TT2: three in a row wins (``true``: three in a row loses, the misère variant)."""


@state_dataclass
class TicTacToeState(State):
    """The cells each player has marked and who marks next."""

    marks: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    mover: int = 0

    @property
    def players(self) -> int:
        return 2

    @property
    def _line_of(self) -> int | None:
        """The player who has three in a row, if any."""
        for p in (0, 1):
            if any(all(c in self.marks[p] for c in line) for line in LINES):
                return p
        return None

    @property
    def is_over(self) -> bool:
        return self._line_of is not None or len(self.marks[0] | self.marks[1]) == len(CELLS)

    @property
    def to_play(self) -> int | None:
        return None if self.is_over else self.mover

    @property
    def winners(self) -> tuple[int, ...]:
        line = self._line_of
        if line is None:
            return ()
        misere = bool(self.rules.options.misere)
        return (1 - line,) if misere else (line,)

    def _generate_moves(self) -> list[Move]:
        taken = self.marks[0] | self.marks[1]
        return [Mark(c) for c in CELLS if c not in taken]

    def _apply(self, move: Move) -> State:
        assert isinstance(move, Mark)
        marks = list(self.marks)
        marks[self.mover] = marks[self.mover] | {move.cell}
        return TicTacToeState(self.rules, (marks[0], marks[1]), 1 - self.mover)

    def _why_illegal(self, move: Move) -> str:
        if not isinstance(move, Mark) or move.cell not in CELLS:
            return f"{move} is not a cell: cells are a1 to c3"
        owner = 0 if move.cell in self.marks[0] else 1
        name = self.rules.player_names(2)[owner]
        return f"{move.cell} already holds {name}'s mark: a mark goes on an empty cell (TT1)"

    def _position_json(self) -> dict[str, Any]:
        return {"marks": [sorted(m) for m in self.marks], "to_play": self.mover}


class MarkClicks(Clicks):
    """A click on a cell tries to mark it (so a taken cell is answered with TT1)."""

    def attempted(self, state: State, clicks: tuple[Any, ...]) -> Move | None:
        return Mark(str(clicks[-1])) if clicks else None


class TicTacToeRules(Rules):
    """Tic-tac-toe under its one variant switch."""

    id = ID
    title = "Tic-tac-toe"
    min_players = 2
    max_players = 2
    Options = Options
    PLAYER_NAMES = ("Crosses", "Noughts")
    clicks = MarkClicks()

    def _new(self, players: int, seed: int | None) -> State:
        return TicTacToeState(self)

    def _load_position(self, data: Mapping[str, Any]) -> State:
        check_keys(data, {"marks", "to_play"})
        marks = require(data, "marks", _is_marks, "two lists of cells a1 to c3")
        mover = require(data, "to_play", lambda v: is_int(v) and v in (0, 1), "0 or 1")
        both = (frozenset(marks[0]), frozenset(marks[1]))
        if both[0] & both[1]:
            raise InvalidState(f"marks: {sorted(both[0] & both[1])[0]} is marked by both players")
        return TicTacToeState(self, both, mover)

    def _parse_move(self, state: State, text: str) -> Move:
        cell = text.strip().lower()
        if cell not in CELLS:
            raise IllegalMove(f"{text!r} is not a move in Tic-tac-toe notation: a cell a1 to c3")
        return Mark(cell)


def _is_marks(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(m, list) and all(c in CELLS for c in m) for m in value)
    )


class TicTacToeRenderer(BaseRenderer[TicTacToeState]):
    """Three rows of three squares, each a click target, with the players' marks as stones."""

    game = ID
    SIDE = 60

    def layout(self, state: TicTacToeState, theme: Theme, view: int | None) -> Layout:
        lay = Layout(3 * self.SIDE + 20, 3 * self.SIDE + 20)
        for i, cell in enumerate(CELLS):
            col, row = i % 3, i // 3
            lay.add(cell, (10 + col * self.SIDE, 10 + (2 - row) * self.SIDE, self.SIDE, self.SIDE))
        return lay

    def paint(self, pen: Pen, state: TicTacToeState, layout: Layout, ctx: Context) -> None:
        colours = piece_colours(ctx.names, ctx.theme)
        owner = {c: p for p, cells in enumerate(state.marks) for c in cells}
        for hit in layout.hits:
            x, y, w, h = hit.box
            fill = ctx.theme.highlight_fill if ctx.is_highlighted(hit.target) else ctx.theme.cell
            pen.rect(hit.box, fill=fill, stroke=ctx.theme.board_line)
            if hit.target in owner:
                face, edge, _ = colours[owner[hit.target]]
                pen.circle(x + w / 2, y + h / 2, w / 3, fill=face, stroke=edge, width=2)


GAME = Game(
    rules=TicTacToeRules,
    renderer=TicTacToeRenderer(),
    catalogue=Catalogue(
        designer="traditional",
        players="2 players",
        tagline="Three in a row on a 3×3 grid wins. The test suite's sixth game.",
        dashboards=False,
    ),
    edit_tools=lambda names: cells_tools("marks", names),
)
"""Tic-tac-toe's one registration."""


def register() -> None:
    """Make tic-tac-toe a game of the product (the one call a new game needs)."""
    registry.register(GAME)


def unregister() -> None:
    """Take tic-tac-toe out again, so that other tests see the five games."""
    registry.unregister(ID)
