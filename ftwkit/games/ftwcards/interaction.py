"""How FTW?! clicks build moves (its :class:`~ftwkit.clicks.Clicks` grammar), so that a click
sequence no legal move starts with is answered by the rule that refuses the move tried.

The move classes live with the rules (:mod:`.rules`), which hand them to the grammar.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, cast

from ftwkit.clicks import Clicks
from ftwkit.protocol import Move, State

if TYPE_CHECKING:
    from ftwkit.games.ftwcards.rules import AuxMove, FtwCardsState, HelpMove, PassMove, PlayMove

__all__ = ["CardClicks"]


def _cards(clicks: tuple[Any, ...]) -> tuple[int, ...] | None:
    """The clicked cards, or ``None`` when a click is not a card number."""
    if all(isinstance(c, int) and not isinstance(c, bool) for c in clicks):
        return tuple(clicks)
    return None


@dataclasses.dataclass(frozen=True)
class CardClicks(Clicks):
    """Three cards in the pass phase pass them; in play, one card plays it, two place the first
    in front and take the second, more play the first with the others as helpers."""

    pass_move: type[PassMove]
    play: type[PlayMove]
    aux: type[AuxMove]
    helped: type[HelpMove]

    def attempted(self, state: State, clicks: tuple[Any, ...]) -> Move | None:
        """The move the clicked cards read as in this phase (see the class), or ``None``."""
        cards = _cards(clicks)
        if not cards:
            return None
        if cast("FtwCardsState", state).phase == "pass":
            return self.pass_move(cards) if len(cards) == 3 else None
        if len(cards) == 1:
            return self.play(cards[0])
        if len(cards) == 2:
            return self.aux(cards[0], cards[1])
        return self.helped(cards[0], cards[1:])
