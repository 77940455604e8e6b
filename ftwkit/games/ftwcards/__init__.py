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
