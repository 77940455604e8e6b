"""The games an explorer put aside ("Earlier games"): a new game, a variant change or a load keeps
the game before, newest first, so that the designer can go back to it.

Each is kept as its whole :class:`~ftwkit.explore.Session` (its tree, its variants) with a label
that tells the games apart: how many moves, the seed and the variant in words.
"""

from __future__ import annotations

from typing import Any

from ftwkit.errors import IllegalMove
from ftwkit.explore import Session
from widgets.inputs import read_int
from widgets.switches import variant_summary

__all__ = ["Shelf", "summary"]


def summary(session: Session) -> str:
    """The variant a session plays, in words ("standard rules …" or each switch that differs)."""
    options: Any = session.rules.options
    return variant_summary(session.game, options)


class Shelf:
    """The games put aside, newest first (at most ``limit``).

    >>> import ftwkit
    >>> shelf = Shelf()
    >>> shelf.put(Session.new(ftwkit.game_ids()[0]))   # no move played: not kept
    ''
    """

    def __init__(self, limit: int = 8) -> None:
        self._limit = limit
        self._games: list[tuple[str, Session]] = []

    @property
    def labels(self) -> list[str]:
        """The games kept, newest first, as the "Earlier games" menu lists them."""
        return [label for label, _ in self._games]

    def put(self, session: Session) -> str:
        """Keep ``session`` if a move was played in it; returns its label ('' if not kept)."""
        root = session.tree.root
        if not root.children:
            return ""
        state = root.main_leaf().state
        moves = len(state.moves()) - len(root.state.moves())
        seed = getattr(root.state.root, "seed", None)
        seeded = f", seed {seed}" if isinstance(seed, int) else ""
        label = f"{moves} move{'s' if moves != 1 else ''}{seeded}, {summary(session)}"
        self._games = [(label, session), *self._games][: self._limit]
        return label

    def take(self, k: Any) -> Session:
        """Take game ``k`` off the shelf.

        Raises:
            IllegalMove: no game ``k`` (or ``k`` is not a whole number).
        """
        k = read_int(k, "an earlier game's number")
        if not 0 <= k < len(self._games):
            raise IllegalMove(f"there is no earlier game {k}: {len(self._games)} are kept")
        return self._games.pop(k)[1]
