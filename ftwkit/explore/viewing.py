"""Who is looking: the view chosen, pass-the-device, and the moves as that view may read them.

In a game with hidden information (``Rules.hidden_information``) the board can be shown as the
designer (everything), as one player, or as the player to move. In that last view, when the board
would change to another person's hand, it is covered until that person has the device
(:meth:`Viewing.ready`), and meanwhile a move shows only the words both of them may read.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence

from ftwkit.errors import IllegalMove
from ftwkit.explore.tree import Node
from ftwkit.explore.values import View
from ftwkit.explore.visibility import merge_labels, move_label
from ftwkit.protocol import State

__all__ = ["Viewing"]


class Viewing:
    """The view of one session; every method is given the state shown."""

    def __init__(self) -> None:
        self.choice: View = None
        """``None`` (designer), a player, or ``"to_play"``."""
        # the player whose hand the "player to move" view last revealed, and the player the
        # device must be passed to before theirs is shown (None: no pass pending)
        self._shown: int | None = None
        self.pass_to: int | None = None
        """The player the device must be passed to before the board shows their hand."""
        self.computer: frozenset[int] = frozenset()
        """The seats the computer plays."""
        self._labels: weakref.WeakKeyDictionary[Node, dict[int | None, str]] = (
            weakref.WeakKeyDictionary()
        )

    def choose(self, view: View, state: State) -> None:
        """Show ``state`` as the designer (``None``), player ``view`` or ``"to_play"``.

        Raises:
            ValueError: not a view of this game.
        """
        if view is not None and view != "to_play":
            if not isinstance(view, int) or isinstance(view, bool):
                raise ValueError(f"a view is None, a player or 'to_play', not {view!r}")
            if not 0 <= view < state.players:
                raise ValueError(f"there is no player {view}: {state.players} play")
        self.choice = view
        self.update(state)

    def viewer(self, state: State) -> int | None:
        """The player whose view of ``state`` is shown (``None``: the designer's)."""
        if self.choice is None:
            return None
        if self.choice == "to_play":
            if self.pass_to is not None:
                return self._shown  # the board is covered: nothing of the next hand yet
            return self._person_to_view(state)
        return self.choice if self.choice < state.players else None

    @staticmethod
    def options(state: State) -> tuple[tuple[str, View], ...]:
        """The views to offer as ``(label, view)``: ``()`` for a game that hides nothing."""
        if not state.rules.hidden_information:
            return ()
        names = state.rules.player_names(state.players)
        return (
            ("designer (sees all)", None),
            ("player to move", "to_play"),
            *((name, p) for p, name in enumerate(names)),
        )

    def set_computer(self, seats: Sequence[int], state: State) -> None:
        """The seats the computer plays (the "player to move" view skips them)."""
        self.computer = frozenset(seats)
        self.update(state)

    def _person_to_view(self, state: State) -> int | None:
        """The "player to move" view: the player to move, unless the computer plays that seat.

        Then it is the person who moved last (or the first person seat): a person playing
        against the computer must not see the computer's cards while it is its turn.
        """
        mover = state.to_play
        if mover is None or mover not in self.computer:
            return mover
        people = [p for p in range(state.players) if p not in self.computer]
        if not people:
            return mover
        earlier: State | None = state.previous
        while earlier is not None:
            if earlier.to_play in people:
                return earlier.to_play
            earlier = earlier.previous
        return people[0]

    def ready(self) -> None:
        """The next player has the device: uncover the board in their view."""
        if self.pass_to is not None:
            self._shown, self.pass_to = self.pass_to, None

    def update(self, state: State) -> None:
        """Cover the board when the "player to move" view would reveal another person's hand."""
        if self.choice != "to_play" or not state.rules.hidden_information:
            self._shown = self.pass_to = None
            return
        wanted = self._person_to_view(state)
        if wanted is None or self._shown is None or wanted == self._shown:
            self.pass_to = None
            self._shown = wanted
        else:
            self.pass_to = wanted

    def hides_moves(self, state: State) -> bool:
        """Whether the view hides the options of the player to move.

        In a hidden-information game seen as one player, the options of another player (their
        legal moves, buttons, highlights, the reasons a move of theirs is refused) would show
        their hidden cards, so only the viewer's own moves can be made.
        """
        viewer = self.viewer(state)
        return (
            viewer is not None
            and state.to_play is not None
            and state.to_play != viewer
            and state.rules.hidden_information
        )

    def check_may_move(self, state: State) -> None:
        """Refuse a move on the covered board, or one whose options the view hides."""
        names = state.rules.player_names(state.players)
        if self.pass_to is not None:
            raise IllegalMove(
                f"pass the device to {names[self.pass_to]}: the board stays covered until "
                "they click it"
            )
        if self.hides_moves(state):
            mover, viewer = names[state.to_play or 0], names[self.viewer(state) or 0]
            raise IllegalMove(
                f"it is {mover}'s turn and their cards are hidden in {viewer}'s view; "
                f"view the game as {mover} (or as the player to move) to play for them"
            )

    def check_whole_state(self, state: State, what: str) -> None:
        """Refuse ``what`` (a record, a link: it holds the whole state) in a player's view of a
        hidden-information game."""
        viewer = self.viewer(state)
        if viewer is not None and state.rules.hidden_information:
            name = state.rules.player_names(state.players)[viewer]
            raise IllegalMove(
                f"{what} holds every hidden card and move, so it is not offered in {name}'s "
                "view; switch the view to the designer for it"
            )

    def label(self, node: Node, state: State) -> str:
        """The move that led to ``node`` as the view of ``state`` may read it.

        While the board is covered for passing the device, both players may be looking: a
        word of the move shows only if both of them may read it.
        """
        viewer = self.viewer(state)
        label = self._label_for(node, viewer)
        if self.pass_to is None or viewer != self._shown:
            return label
        other = self._label_for(node, self.pass_to)
        return label if other == label else merge_labels(label, other)

    def _label_for(self, node: Node, viewer: int | None) -> str:
        """The label of ``node`` for one viewer (cached: it never changes)."""
        if node.parent is None or node.move is None:
            return ""
        cached = self._labels.setdefault(node, {})
        if viewer not in cached:
            cached[viewer] = move_label(node.parent.state, node.move, viewer)
        return cached[viewer]
