"""Play Win: the rules (:mod:`.rules`, which documents the game) and its registration ``GAME``.

>>> import ftwkit
>>> ftwkit.rules("playwin").new().to_play
0
"""

from __future__ import annotations

from ftwkit.editing import cells_tools
from ftwkit.games.playwin.rules import (
    BOARD,
    RULES,
    Approach,
    Capture,
    Options,
    PlayWinRules,
    PlayWinState,
)
from ftwkit.registry import Catalogue, Game, NoteBook

__all__ = [
    "BOARD",
    "GAME",
    "RULES",
    "Approach",
    "Capture",
    "Options",
    "PlayWinRules",
    "PlayWinState",
]

GAME = Game(
    rules=PlayWinRules,
    renderer="ftwkit.render.playwin",
    catalogue=Catalogue(
        ruling_prefix="PW",
        designer="Élanor Grace Rodeffer",
        edition="v0.4 2012",
        summary=(
            "Eleven pieces each on a hexagonal board of 61 cells. South moves first.\n"
            "\n"
            "* **Capture if you can**, and capture the **most** pieces possible, by a\n"
            "  series of *short bent leaps*: over an adjacent opposing piece to the empty\n"
            "  cell beyond it, turned 60° left or right. Captured pieces go at once; a\n"
            "  series may revisit cells.\n"
            "* Otherwise **approach**: move a piece along an empty straight line, at most\n"
            "  one cell fewer than the pieces you have, so that it ends closer to the\n"
            "  nearest opposing piece.\n"
            "* A player who cannot move loses — so capturing every opposing piece wins.\n"
            "\n"
            "**In the explorer:** click a piece, then each landing cell in turn (for an\n"
            "approach, just the destination). Highlights show the next possible clicks; a\n"
            "click that leads nowhere is explained."
        ),
        players="2 players",
        tagline=(
            "A predatory game on a 61-cell hex board: approach, then capture the most you can by "
            "chains of short bent leaps. Capture or immobilize every opposing piece to win."
        ),
        notes=(
            NoteBook(
                "playwin-bent-leap-chains.ipynb",
                "Bent-leap capture chains",
                "how a series of short bent leaps is built, and which series the maximum-capture "
                "rule leaves you.",
            ),
        ),
    ),
    edit_tools=lambda names: cells_tools("pieces", names),
)
"""Play Win's registration: set up by placing, removing and swapping pieces."""

MOVE_KINDS = (
    "approach",
    "capture of 1 piece",
    "capture of 2 pieces",
    "capture of 3 pieces",
    "capture of 4 pieces",
    "capture of 5 or more pieces",
)
"""The kinds of move a balance study counts (``Results.usage``), in the order it lists them."""


def move_kind(before: PlayWinState, move: Approach | Capture, after: PlayWinState) -> str:
    """The kind of ``move`` (one of :data:`MOVE_KINDS`): an approach, or a capture by the
    number of pieces it takes."""
    if isinstance(move, Capture):
        count = len(move.leaps)
        return MOVE_KINDS[min(count, 5)]
    return "approach"


__all__ += ["MOVE_KINDS", "move_kind"]
