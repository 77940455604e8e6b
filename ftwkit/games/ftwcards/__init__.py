"""FTW?!: the rules (:mod:`.rules`, which documents the game), how clicks read as moves
(:mod:`.interaction`) and its registration ``GAME``.

>>> import ftwkit
>>> ftwkit.rules("ftwcards").title
'FTW?!'
"""

from __future__ import annotations

from ftwkit.games.ftwcards.rules import (
    PASS_COUNT,
    RULES,
    AuxMove,
    FtwCardsOptions,
    FtwCardsRules,
    FtwCardsState,
    HelpMove,
    PassMove,
    PlayMove,
    RoundResult,
    deck_size,
    hand_size,
    round_points,
)
from ftwkit.registry import Catalogue, Game, NoteBook

__all__ = [
    "GAME",
    "PASS_COUNT",
    "RULES",
    "AuxMove",
    "FtwCardsOptions",
    "FtwCardsRules",
    "FtwCardsState",
    "HelpMove",
    "PassMove",
    "PlayMove",
    "RoundResult",
    "deck_size",
    "hand_size",
    "round_points",
]

GAME = Game(
    rules=FtwCardsRules,
    renderer="ftwkit.render.ftwcards",
    catalogue=Catalogue(
        ruling_prefix="FT",
        designer="Friedemann Friese",
        edition="2F-Spiele 2023",
        summary=(
            "Numbered cards; each round everyone first passes 3 cards to the right, then\n"
            "plays one card a turn.\n"
            "\n"
            "* **Higher:** put a card higher than the top of the face-up pile on it (or\n"
            "  start a new pile).\n"
            "* **Lower, in front of you:** lay a lower card face up in front of you as an\n"
            "  auxiliary card, then take one card of the pile into your hand and turn the\n"
            "  rest away.\n"
            "* **With help:** play a lower card on the pile if it plus some of your\n"
            "  auxiliary cards beats the top card; those auxiliary cards are used up.\n"
            "* The round ends **at once** when a player is left with **one card** after\n"
            "  their turn: everyone scores their highest card minus all their other cards\n"
            "  (at least 0). Play as many rounds as there are players; the highest total\n"
            "  wins.\n"
            "\n"
            "**In the explorer:** click cards in your hand to choose them; a move that\n"
            "needs no card (such as passing) is a button. *View as* switches between the\n"
            "players' hidden hands."
        ),
        players="2–6 players",
        tagline=(
            "Shed your cards onto the pile or in front of you; when someone is down to one card, "
            "your highest card scores and every other card in your hand costs you."
        ),
        notes=(
            NoteBook(
                "ftwcards-passing-and-help.ipynb",
                "Passing, and playing lower with help",
                (
                    "who receives passed cards in each direction, and what playing lower with help "
                    "(option C) does to a round."
                ),
            ),
        ),
    ),
    edit_hint=(
        "Cards are set up in the JSON, not by clicking (a card moves between lists, not across a "
        "board): move a card number between <code>hands</code>, <code>pile</code>, "
        "<code>aux</code>, <code>out</code> and <code>aside</code>. The position is checked as "
        "you type; the line under the text says what is wrong."
    ),
)
"""FTW?!'s registration: no click tools (cards move between lists), a hint for the JSON."""

MOVE_KINDS = (
    "pass three cards",
    "A: play a higher card",
    "B: lay a lower card, take a pile card",
    "C: play a lower card with 1 helper",
    "C: play a lower card with 2 helpers",
    "C: play a lower card with 3 or more helpers",
)
"""The kinds of move a balance study counts (``Results.usage``): options A/B/C, help size."""


def move_kind(before: FtwCardsState, move: object, after: FtwCardsState) -> str:
    """The kind of ``move`` (one of :data:`MOVE_KINDS`)."""
    if isinstance(move, PassMove):
        return MOVE_KINDS[0]
    if isinstance(move, PlayMove):
        return MOVE_KINDS[1]
    if isinstance(move, AuxMove):
        return MOVE_KINDS[2]
    if isinstance(move, HelpMove):
        return MOVE_KINDS[2 + min(len(move.helpers), 3)]
    raise ValueError(f"not an FTW?! move: {move!r}")


__all__ += ["MOVE_KINDS", "move_kind"]
