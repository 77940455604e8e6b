"""How clicks build moves: the one click grammar every game and every front end shares.

A move's ``targets`` are what a person clicks to make it, in order (or in any order when the
move class sets ``unordered_targets``). Entering a move by clicks is the same in every game:

* **narrowing** (:func:`narrow`, :class:`MoveIndex`) keeps the legal moves whose targets agree
  with the clicks so far, offers the targets that may come next, and decides the move once the
  clicks name exactly one complete move. Ordered targets agree when they start with the clicks;
  unordered ones when the clicks are a sub-*multiset* of them (clicking the same card twice
  chooses it twice, which no move of three different cards allows);
* **"why not?"** (:meth:`Clicks.explain`, the default of ``State.explain_targets``) answers a
  click sequence no legal move starts with in the rule's own words: the game names the move the
  clicks most plausibly tried (:meth:`Clicks.attempted`) and the engine's ``explain`` says why it
  is refused;
* **turning a piece** before it goes down (:meth:`Clicks.turns`, :meth:`Clicks.turned`) and its
  see-through preview (:meth:`Clicks.ghost`): a game whose moves differ only by how a piece is
  turned (a PNRZ tile in four rotations) says which turn a move uses (:meth:`Clicks.turn_of`) and
  what the renderer draws for it (:meth:`Clicks.preview`); everything else is written here.

Each game declares its grammar as ``Rules.clicks`` (a :class:`Clicks`, or a subclass that
overrides :meth:`~Clicks.attempted`, :meth:`~Clicks.turn_of`, :meth:`~Clicks.preview`), building
``Move`` values, never notation text. Standard library only; nothing here imports the protocol at
run time, so ``ftwkit.protocol`` can give every ``Rules`` the default grammar.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ftwkit.errors import excerpt

if TYPE_CHECKING:
    from ftwkit.protocol import Move, State

__all__ = [
    "Clicks",
    "MoveIndex",
    "Narrowing",
    "is_cell",
    "is_complete",
    "matches",
    "narrow",
    "target",
]


def target(value: Any) -> Any:
    """A clicked target as moves hold it: a list (JSON's cells, ``[3, 4]``) becomes a tuple."""
    return tuple(value) if isinstance(value, list) else value


def is_cell(value: Any) -> bool:
    """Whether a target is an ``(x, y)`` cell (a tuple, or a list read from JSON)."""
    return (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


# ----------------------------------------------------------------------------- narrowing


def matches(move: Move, clicks: Sequence[Hashable]) -> bool:
    """Whether ``move`` may still follow ``clicks`` (a prefix, or a sub-multiset if unordered).

    >>> from ftwkit.games.ftwcards.rules import PassMove
    >>> matches(PassMove((3, 5, 8)), (8, 3)), matches(PassMove((3, 5, 8)), (3, 3))
    (True, False)
    """
    targets = move.targets
    if len(clicks) > len(targets):
        return False
    if move.unordered_targets:
        return not (Counter(clicks) - Counter(targets))
    return tuple(targets[: len(clicks)]) == tuple(clicks)


def is_complete(move: Move, clicks: Sequence[Hashable]) -> bool:
    """Whether ``clicks`` name every target of ``move``."""
    return len(move.targets) == len(clicks) and matches(move, clicks)


@dataclasses.dataclass(frozen=True)
class Narrowing:
    """What a sequence of clicks leaves possible."""

    clicks: tuple[Any, ...]
    candidates: tuple[Move, ...]
    """Legal moves whose targets agree with the clicks."""
    complete: tuple[Move, ...]
    """Candidates the clicks name completely."""
    next_targets: frozenset[Any]
    """Targets a further click may choose."""

    @property
    def possible(self) -> bool:
        """Whether any legal move agrees with the clicks."""
        return bool(self.candidates)

    @property
    def decided(self) -> Move | None:
        """The move to play now: the only complete candidate when nothing longer continues."""
        if len(self.complete) == 1 and not self.next_targets:
            return self.complete[0]
        return None

    @property
    def needs_choice(self) -> bool:
        """Whether a chooser must list the complete moves (several, or longer ones continue)."""
        return bool(self.complete) and self.decided is None

    @property
    def unordered(self) -> bool:
        """Whether the clicks may come in any order (some candidate's targets are unordered)."""
        return any(m.unordered_targets for m in self.candidates)


class MoveIndex:
    """The legal moves of one state with their targets read once, for fast repeated narrowing.

    A click must be handled within a few milliseconds, and some games compute ``targets`` on
    every access; the index reads them once and files ordered moves under their first target.
    Moves without targets (end turn, pass, ask) are never matched: they are offered as buttons.
    """

    def __init__(self, moves: Sequence[Move]) -> None:
        self.entries: list[tuple[Move, tuple[Any, ...], bool]] = [
            (m, tuple(m.targets), m.unordered_targets) for m in moves
        ]
        self.entries = [e for e in self.entries if e[1]]
        self._by_first: dict[Any, list[tuple[Move, tuple[Any, ...], bool]]] = {}
        self._unordered: list[tuple[Move, tuple[Any, ...], bool]] = []
        for entry in self.entries:
            if entry[2]:
                self._unordered.append(entry)
            else:
                self._by_first.setdefault(entry[1][0], []).append(entry)

    def narrow(self, clicks: Sequence[Hashable]) -> Narrowing:
        """Narrow the moves by ``clicks`` (see :func:`narrow`)."""
        clicks = tuple(clicks)
        n = len(clicks)
        pool = (self._by_first.get(clicks[0], []) + self._unordered) if n else self.entries
        want = Counter(clicks)
        candidates: list[Move] = []
        complete: list[Move] = []
        nxt: set[Any] = set()
        for move, targets, unordered in pool:
            if len(targets) < n:
                continue
            if unordered:
                left = Counter(targets)
                left.subtract(want)
                if any(v < 0 for v in left.values()):
                    continue
            elif targets[:n] != clicks:
                continue
            candidates.append(move)
            if len(targets) == n:
                complete.append(move)
            elif unordered:
                nxt.update(t for t, k in left.items() if k > 0)
            else:
                nxt.add(targets[n])
        order = {id(m): i for i, (m, _, _) in enumerate(self.entries)}
        candidates.sort(key=lambda m: order[id(m)])
        complete.sort(key=lambda m: order[id(m)])
        return Narrowing(clicks, tuple(candidates), tuple(complete), frozenset(nxt))


def narrow(moves: Sequence[Move], clicks: Sequence[Hashable]) -> Narrowing:
    """Narrow ``moves`` (the legal moves) by ``clicks``; moves without targets never match.

    Ordered moves match when their targets start with the clicks; moves with
    ``unordered_targets`` when the clicks are a sub-multiset of their targets. Candidates and
    complete moves keep the order of ``moves``.

    >>> narrow([], ("E5",)).possible
    False
    """
    return MoveIndex(moves).narrow(clicks)


# ----------------------------------------------------------------------------- the grammar


class Clicks:
    """How clicks build a game's moves; the base class is the grammar of most games.

    A game overrides :meth:`attempted` so that "why not?" answers in the rule's words, and
    :meth:`turn_of` / :meth:`preview` when a picked-up piece may be turned before it goes down.
    Instances hold no state (one per ``Rules`` class).
    """

    turns_pieces: ClassVar[bool] = False
    """Whether a picked-up piece may be turned before it goes down (the game then defines
    :meth:`turn_of`); front ends offer a rotate control and a preview under the pointer."""

    # ----------------------------------------------------------------- the game's part
    def attempted(self, state: State, clicks: tuple[Any, ...]) -> Move | None:
        """The move a person most plausibly tried by clicking ``clicks`` in ``state`` (legal or
        not), or ``None`` when they read as no move (the default)."""
        return None

    def turn_of(self, move: Move) -> int | None:
        """How ``move`` turns the piece it puts down (``None``: its piece is not turned).

        Moves that share their targets and differ only by this turn are entered by turning the
        piece (:meth:`turns`) instead of choosing from a list. ``None`` by default.
        """
        return None

    def preview(self, move: Move) -> Any:
        """What the renderer draws as a see-through preview of ``move``'s piece (its ``ghost``
        option), or ``None`` for no preview (the default)."""
        return None

    # ----------------------------------------------------------------- written once
    def explain(self, state: State, clicks: Sequence[Any]) -> str | None:
        """``None`` when some legal move starts with ``clicks``, else why not.

        The reason ``explain`` gives for the move the clicks most plausibly tried
        (:meth:`attempted`), so the answer is in the rule's own words; failing that, which
        click starts or continues no legal move. This is ``State.explain_targets``' default.
        """
        clicks = tuple(target(c) for c in clicks)
        if state.is_over:
            return "the game is over"
        legal = state.legal_moves()
        if not clicks:
            return None if legal else "no legal move"
        if narrow(legal, clicks).possible:
            return None
        tried = self.attempted(state, clicks)
        reason = state.explain(tried) if tried is not None else None
        if reason:
            return reason
        if len(clicks) == 1:
            return f"no legal move starts at {excerpt(clicks[0])}"
        return f"no legal move continues with {excerpt(clicks[-1])} after {excerpt(clicks[:-1])}"

    def turns(self, state: State, clicks: Sequence[Any]) -> tuple[int, ...]:
        """The turns the piece picked up by ``clicks`` (its first click) may be put down in,
        smallest first, the order a "rotate" click steps through; ``()`` when it cannot be
        turned."""
        if not clicks or state.is_over:
            return ()
        found = {self.turn_of(m) for m in narrow(state.legal_moves(), tuple(clicks)[:1]).candidates}
        return tuple(sorted(t for t in found if t is not None))

    def turned(self, state: State, clicks: Sequence[Any], turn: int) -> Move | None:
        """The legal move ``clicks`` name completely with the piece in ``turn``, or ``None``."""
        for move in narrow(state.legal_moves(), tuple(clicks)).complete:
            if self.turn_of(move) == turn:
                return move
        return None

    def ghost(self, state: State, clicks: Sequence[Any], turn: int, at: Any = None) -> Any:
        """The preview of the picked-up piece in ``turn``: put down at the considered target
        ``at`` when it may go there so turned, else at the first (smallest) target where it may;
        ``None`` when it fits nowhere so turned or the game draws no preview."""
        clicks = tuple(clicks)[:1]
        n = len(clicks)
        fits = [
            m
            for m in narrow(state.legal_moves(), clicks).candidates
            if self.turn_of(m) == turn and len(m.targets) > n
        ]
        if not fits:
            return None
        at = target(at)
        chosen = next((m for m in fits if m.targets[n] == at), None)
        if chosen is None:
            chosen = min(fits, key=lambda m: _order_key(m.targets[n]))
        return self.preview(chosen)


def _order_key(value: Any) -> tuple[str, Any]:
    """A sort key for targets of mixed kinds (cells sort among cells, names among names)."""
    return (type(value).__name__, value)
