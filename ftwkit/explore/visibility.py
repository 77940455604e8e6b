"""What a player may see of a move: the engine's observations decide, not a table of games.

A viewer learns a move of another player exactly as far as it changes what the viewer observes.
So a move is shown to player ``v`` as written when no other legal move from the same position
leads to the same ``observation(v)``; otherwise ``v`` cannot tell those moves apart, and the move
is shown with the parts that differ between them replaced by ``?`` (FTW?!'s ``pass 1 4 8`` of
another player reads ``pass ? ? ?``). Games without hidden information
(``Rules.hidden_information`` false) never hide anything, and a player always sees their own
moves.

>>> import ftwkit
>>> state = ftwkit.rules("ftwcards").new(players=3, seed=1)
>>> move = state.legal_moves()[0]
>>> masked_notation(state, move, viewer=1)
'pass ? ? ?'
>>> masked_notation(state, move, viewer=0) is None
True
"""

from __future__ import annotations

from ftwkit.protocol import Move, State

__all__ = ["HIDDEN", "masked_notation", "merge_labels", "move_label"]

HIDDEN = "?"
"""What replaces a part of a move the viewer cannot know."""


def masked_notation(before: State, move: Move, viewer: int | None) -> str | None:
    """The notation of ``move`` as ``viewer`` may read it, or ``None`` when all of it is seen.

    Args:
        before: the position the move was played from (``move`` is legal there).
        move: the move played.
        viewer: the player looking, or ``None`` for the designer (who sees everything).
    """
    if viewer is None or not before.rules.hidden_information:
        return None
    mover = before.to_play
    if mover is None or mover == viewer or not 0 <= viewer < before.players:
        return None
    seen = before.play_unchecked(move).observation(viewer)
    alike = [
        other
        for other in before.legal_moves()
        if other != move and before.play_unchecked(other).observation(viewer) == seen
    ]
    if not alike:
        return None
    return merge_labels(str(move), *(str(other) for other in alike))


def merge_labels(label: str, *others: str) -> str:
    """``label`` with each word that some of ``others`` write differently replaced by ``?``
    ("a hidden move" when they do not even have as many words)."""
    words = label.split()
    split = [other.split() for other in others]
    if any(len(w) != len(words) for w in split):
        return "a hidden move"
    return " ".join(
        word if all(o[i] == word for o in split) else HIDDEN for i, word in enumerate(words)
    )


def move_label(before: State, move: Move, viewer: int | None) -> str:
    """The move's notation, masked where ``viewer`` cannot tell it from other moves."""
    masked = masked_notation(before, move, viewer)
    return str(move) if masked is None else masked
