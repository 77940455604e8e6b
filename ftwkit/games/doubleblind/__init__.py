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
        edition="winner of a 2005 design contest",
        summary=(
            "Stones are placed on the intersections of a Go board. Each player secretly\n"
            "holds one of five patterns (line, slash, square, X, cross) as their condition.\n"
            "\n"
            "* Players alternate placing one stone. Completing any of the five patterns is\n"
            "  announced.\n"
            "* After completing a second different pattern — and after each new one — you\n"
            '  may ask your opponent *"have I fulfilled your condition yet?"*, and the\n'
            "  answer must be true.\n"
            "* You win once your opponent has answered **yes** and you have completed\n"
            "  **your own** condition.\n"
            "\n"
            "**In the explorer:** click an intersection to place a stone; *ask* / *don't\n"
            "ask* are buttons. *View as* hides the opponent's secret, as at the table."
        ),
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

MOVE_KINDS = (
    "stone completing a condition",
    "other stone",
    "ask",
    "don't ask",
)
"""The kinds of move a balance study counts (``Results.usage``): completions, questions."""


def move_kind(before: DoubleBlindState, move: object, after: DoubleBlindState) -> str:
    """The kind of ``move`` (one of :data:`MOVE_KINDS`); a stone *completes* when some
    player's completed conditions grow with it."""
    if isinstance(move, Question):
        return "ask" if move.ask else "don't ask"
    if isinstance(move, Place):
        grew = any(len(a) > len(b) for a, b in zip(after.completed, before.completed, strict=True))
        return MOVE_KINDS[0] if grew else MOVE_KINDS[1]
    raise ValueError(f"not a Double Blind move: {move!r}")


__all__ += ["MOVE_KINDS", "move_kind"]
