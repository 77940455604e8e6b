"""Double Blind: the rules (:mod:`.rules`, which documents the game), how clicks read as moves
(:mod:`.interaction`) and its registration ``GAME``.

>>> import ftwkit
>>> ftwkit.rules("doubleblind").title
'Double Blind'
"""

from __future__ import annotations

from ftwkit.editing import cells_tools
from ftwkit.games.doubleblind.rules import (
    COLUMNS,
    CONDITIONS,
    RULES,
    Condition,
    DoubleBlindOptions,
    DoubleBlindRules,
    DoubleBlindState,
    Figure,
    Place,
    Question,
    cell_name,
    completed_conditions,
    oriented,
)
from ftwkit.registry import Catalogue, Game, NoteBook

__all__ = [
    "COLUMNS",
    "CONDITIONS",
    "GAME",
    "RULES",
    "Condition",
    "DoubleBlindOptions",
    "DoubleBlindRules",
    "DoubleBlindState",
    "Figure",
    "Place",
    "Question",
    "cell_name",
    "completed_conditions",
    "oriented",
]

GAME = Game(
    rules=DoubleBlindRules,
    renderer="ftwkit.render.doubleblind",
    catalogue=Catalogue(
        ruling_prefix="DB",
        designer="Bruce Glassco",
        players="2 players",
        tagline=(
            "Place stones as in Go or Pente to complete patterns. Each player holds a hidden "
            "condition: complete your own, and get a truthful \u201cyes\u201d about your "
            "opponent's."
        ),
        notes=(
            NoteBook(
                "doubleblind-completion-and-question.ipynb",
                "Completion on the opponent's turn, and the question",
                (
                    "a pattern completed on the opponent's turn, when a question may be asked, and "
                    "who wins when one stone satisfies both players."
                ),
            ),
        ),
    ),
    edit_tools=lambda names: cells_tools("stones", names),
)
"""Double Blind's registration: set up by placing, removing and swapping stones."""
