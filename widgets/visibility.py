"""What a player may see of a move: the engine's observations decide, not a table of games.

A viewer learns a move of another player exactly as far as it changes what the viewer observes.
So a move is shown to player ``v`` as written when no other legal move from the same position
leads to the same ``observation(v)``; otherwise ``v`` cannot tell those moves apart, and the move
is shown with the parts that differ between them replaced by ``?`` (FTW?!'s ``pass 1 4 8`` of
another player reads ``pass ? ? ?``). Perfect-information games never hide anything, and a
player always sees their own moves.

>>> from ftwkit import registry
>>> cards = next(g for g in registry.games() if g.title == "FTW?!")
>>> state = cards.rules().new(players=3, seed=1)
>>> move = state.legal_moves()[0]
>>> masked_notation(state, move, viewer=1)
'pass ? ? ?'
>>> masked_notation(state, move, viewer=0) is None
True
"""

from __future__ import annotations

from ftwkit.protocol import Move, State

__all__ = ["HIDDEN", "has_hidden_information", "masked_notation", "move_label"]

HIDDEN = "?"
"""What replaces a part of a move the viewer cannot know."""


def has_hidden_information(state: State) -> bool:
    """Whether the game hides anything from its players (it overrides ``observation``)."""
    return type(state).observation is not State.observation


def masked_notation(before: State, move: Move, viewer: int | None) -> str | None:
    """The notation of ``move`` as ``viewer`` may read it, or ``None`` when all of it is seen.

    Args:
        before: the position the move was played from (``move`` is legal there).
        move: the move played.
        viewer: the player looking, or ``None`` for the designer (who sees everything).
    """
    if viewer is None or not has_hidden_information(before):
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
    words = str(move).split()
    others = [str(other).split() for other in alike]
    if any(len(w) != len(words) for w in others):
        return "a hidden move"
    return " ".join(
        word if all(o[i] == word for o in others) else HIDDEN for i, word in enumerate(words)
    )


def move_label(before: State, move: Move, viewer: int | None) -> str:
    """The move's notation, masked where ``viewer`` cannot tell it from other moves."""
    masked = masked_notation(before, move, viewer)
    return str(move) if masked is None else masked
