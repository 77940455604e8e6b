"""One exploring session: the game tree, the clicks entered, the view and the sub-steps.

A :class:`Session` is the model every front end drives — the Jupyter explorer, a test, a static
page through Pyodide. It holds:

* the **tree** of every line played (:mod:`ftwkit.explore.tree`): play, go to, back/forward,
  switch line, promote, delete; records with variations in and out;
* the **clicks** entered towards the next move and their narrowing to moves (the game's click
  grammar, :mod:`ftwkit.clicks`): what to highlight, when to offer a chooser, when a move is
  decided, the turn of a picked-up piece and its preview; "why not?" for a click or a typed move;
* the **sub-steps** of the move shown (states, e.g. one per leap of a Play Win capture chain);
* the **view** — the designer's (everything), a player's, or the player to move's, with
  pass-the-device: when the "player to move" view would reveal another person's hand, the board
  is covered until that person says they are ready;
* the **hint** request for the computer (the agent itself runs elsewhere).

Every method takes and returns plain values (states, moves, targets, strings, small frozen
dataclasses). Refused commands raise :class:`~ftwkit.errors.IllegalMove` (or ``InvalidState``
for a malformed file) with the reason, and change nothing; a click that starts no move is not an
error of the call: :meth:`Session.click` answers with a :class:`Click` carrying the "why not?".

>>> import ftwkit
>>> s = Session.new("playwin")
>>> s.click("B1").kind, sorted(s.highlighted)
('selected', ['C1', 'C2', 'D1', 'D3', 'E1', 'E4', 'F5', 'G6'])
>>> s.click("C2").kind, s.line
('played', ('B1-C2',))
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import ftwkit
from ftwkit.clicks import MoveIndex, Narrowing, not_a_target, target
from ftwkit.errors import FtwError, IllegalMove, InvalidState, excerpt
from ftwkit.explore.leaps import leaps, passed_over
from ftwkit.explore.records import tree_from_record, tree_record
from ftwkit.explore.tree import GameTree, Node
from ftwkit.explore.values import (
    Click,
    ClickKind,
    HintRequest,
    Marks,
    NodeInfo,
    Step,
    View,
)
from ftwkit.explore.viewing import Viewing
from ftwkit.explore.why_not import why_not_message
from ftwkit.protocol import Move, State

__all__ = [
    "MAX_START_HIGHLIGHTS",
    "STRAY_CLICK",
    "Click",
    "HintRequest",
    "Marks",
    "NodeInfo",
    "Session",
    "Step",
    "View",
]

MAX_START_HIGHLIGHTS = 40
"""Before the first click, start targets are highlighted only if there are at most this many
(every empty point of a Go board is a start: marking them all is only noise)."""

STRAY_CLICK = (
    "That click continues no move: the move so far is kept. Click a highlighted place to go on, "
    "or its last place again to take that step back."
)
"""What a click beside the board says while a move is entered past its first click."""


LOGGER = logging.getLogger("ftwkit.explore")
"""Where a failing engine hook is noted with its traceback (the server's log, never the page)."""


class Session:
    """Explore one game: play by clicks or notation, branch, step inside moves, choose a view.

    Args:
        start: the state to start from; its history is kept (the tree starts at its root).

    Build one with :meth:`new` (a game id), :meth:`from_json` (a position or a whole record) or
    ``Session(state)``.
    """

    def __init__(self, start: State) -> None:
        if not isinstance(start, State):
            raise TypeError(f"a session starts from a State, not {type(start).__name__}")
        self._init_tree(GameTree(start))
        self._viewing = Viewing()
        self._viewing.update(self.state)

    def _init_tree(self, tree: GameTree) -> None:
        self._tree = tree
        self._clicks: tuple[Any, ...] = ()
        # the turn of a picked-up piece (None: its first) and the target its preview is at
        self._turn: int | None = None
        self._considered: Any = None
        # a place that starts another move, clicked once while a chain was entered: a second
        # click there drops the chain (None: no such click pending)
        self._restart: Any = None
        self._index: MoveIndex | None = None
        self._index_state: State | None = None
        self._narrowing: Narrowing | None = None
        self._substep: int | None = None
        self._steps: tuple[Step, ...] | None = None
        self._steps_node: Node | None = None
        self._hint: tuple[Node, tuple[tuple[Move, float], ...]] | None = None
        self.message = ""
        """The last message for the person (a "why not?", a stray click); ``""`` if none."""
        self.error = False
        """Whether :attr:`message` reports a refusal."""

    # ================================================================= construction
    @classmethod
    def new(
        cls, game: str, *, players: int | None = None, seed: int | None = 0, **options: Any
    ) -> Session:
        """A session on a new game of ``game`` (a registered id) under ``options``.

        Raises:
            ValueError: an unknown game, option or player count.
        """
        return cls(ftwkit.rules(game, **options).new(players=players, seed=seed))

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rules: ftwkit.Rules | None = None) -> Session:
        """A session on a JSON position or a whole record (``"start"`` and ``"moves"``), with its
        variations; the game is ``data["game"]`` unless ``rules`` are given.

        Raises:
            InvalidState: a malformed position or record, naming what is wrong.
        """
        return cls._from_tree(_read_tree(data, rules))

    @classmethod
    def _from_tree(cls, tree: GameTree) -> Session:
        session = cls(tree.root.state)
        session._init_tree(tree)
        session._viewing.update(session.state)
        return session

    def load(self, data: Mapping[str, Any]) -> str:
        """Replace the tree by a JSON position or record of this game (the view is kept).

        Returns:
            What was loaded, in words: ``"position"`` or ``"record of 3 moves and 1
            variation"``.

        Raises:
            InvalidState: malformed, or for another game; nothing changes.
        """
        is_record = isinstance(data, Mapping) and "start" in data and "moves" in data
        if is_record and data.get("game") != self.game:
            raise InvalidState(
                f"game: this record is for {excerpt(data.get('game'))}, not {self.game!r}"
            )
        tree = _read_tree(data, None if is_record else self.rules)
        what = "position"
        if is_record:
            lines = len(tree.leaves()) - 1
            also = f" and {lines} variation{'s' if lines != 1 else ''}" if lines else ""
            count = len(data["moves"])
            what = f"record of {count} move{'s' if count != 1 else ''}{also}"
        self._init_tree(tree)
        self._viewing.update(self.state)
        return what

    # ================================================================= the tree
    @property
    def tree(self) -> GameTree:
        """The tree of every line played (Python callers; others use node ids)."""
        return self._tree

    @property
    def state(self) -> State:
        """The state at the current node (after the move shown)."""
        return self._tree.state

    @property
    def rules(self) -> ftwkit.Rules:
        """The rules (game and options) of the session."""
        return self.state.rules

    @property
    def game(self) -> str:
        """The game id."""
        return self.state.rules.id

    @property
    def node(self) -> int:
        """The number of the current node."""
        return self._tree.current.id

    @property
    def index(self) -> int:
        """The ply of the current node within the line shown."""
        return self._tree.index

    @property
    def length(self) -> int:
        """How many moves the line shown has."""
        return len(self._tree.line) - 1

    @property
    def line(self) -> tuple[str, ...]:
        """The moves of the line shown, start to end, as the view may read them."""
        return tuple(self._label(n) for n in self._tree.line[1:])

    @property
    def lines(self) -> list[tuple[str, ...]]:
        """Every line in the tree as moves, main line first (as the view may read them)."""
        return [tuple(self._label(n) for n in leaf.path()[1:]) for leaf in self._tree.leaves()]

    def nodes(self) -> tuple[NodeInfo, ...]:
        """Every node in pre-order (a variation list), as the view may read the moves."""
        on_line = {id(n) for n in self._tree.line}
        current = self._tree.current
        return tuple(
            NodeInfo(
                node.id,
                node.parent.id if node.parent is not None else None,
                node.ply,
                depth,
                self._label(node),
                node.parent.state.to_play if node.parent is not None else None,
                node is current,
                id(node) in on_line,
            )
            for node, depth in self._tree.nodes()
        )

    def play(self, move: Move | str, *, by_computer: bool = False) -> Move:
        """Play a move (or its notation) at the current node: a new variation unless that move
        was played there before. Returns the move played.

        ``by_computer``: the computer's own move for a seat it plays (:meth:`set_computer_seats`),
        played whatever the view hides (the board is not the person's to move then).

        Raises:
            IllegalMove: refused (the rule's reason), the board is covered, or the view hides
                the moves of the player to move; nothing changes.
        """
        if not (by_computer and self.state.to_play in self._viewing.computer):
            self._viewing.check_may_move(self.state)
        state = self.state
        if isinstance(move, str):
            move = state.rules.parse_move(state, move)
        self._tree.play(move)
        self._moved()
        return move

    def back(self) -> bool:
        """Step one move back (False at the start)."""
        done = self._tree.back()
        self._moved()
        return done

    def forward(self) -> bool:
        """Step one move forward along the line shown (False at its end)."""
        done = self._tree.forward()
        self._moved()
        return done

    def goto(self, ply: int) -> None:
        """Show ply ``ply`` of the line (0 = the start; negative counts from the end; clamped)."""
        if ply < 0:
            ply += len(self._tree.line)
        self._tree.goto(ply)
        self._moved()

    def select(self, node: int) -> None:
        """Show node ``node`` (a number from :meth:`nodes`); its line continues along the line
        shown if it lies on it.

        Raises:
            IllegalMove: no such node.
        """
        self._tree.select(self._tree.node(node))
        self._moved()

    def switch_line(self, k: int) -> None:
        """Show line ``k`` of :attr:`lines` at its first move that differs from the line shown
        (like a chess GUI's variation list).

        Raises:
            IllegalMove: no line ``k``.
        """
        leaves = self._tree.leaves()
        if not isinstance(k, int) or not 0 <= k < len(leaves):
            raise IllegalMove(f"there is no line {k}: the tree has {len(leaves)}")
        leaf = leaves[k]
        shown = {id(n) for n in self._tree.line}
        node = leaf
        for candidate in leaf.path():
            node = candidate
            if id(candidate) not in shown:
                break
        self._tree.select(node, leaf)
        self._moved()

    def promote(self, node: int | None = None) -> None:
        """Make the line through ``node`` (default: the line shown) the main line."""
        self._tree.promote(self._tree.leaf if node is None else self._tree.node(node))
        self._moved()

    def delete(self, node: int | None = None) -> None:
        """Delete ``node`` (default: the current one) with every line below it; when the node
        shown goes, the position before it is shown.

        Raises:
            IllegalMove: no such node, or the start (which stays).
        """
        self._tree.delete(self._tree.current if node is None else self._tree.node(node))
        self._moved()

    def record(self) -> dict[str, Any]:
        """Every line as a game record (the main line's ``moves``, the others as variations).

        Raises:
            IllegalMove: a player's view of a hidden-information game is set (a record holds the
                seed and every hidden move, so only the designer's view gives it).
        """
        self.check_whole_state_view("a record")
        return tree_record(self._tree)

    def position(self) -> dict[str, Any]:
        """The current state as JSON, as the view may see it (a player's ``observation``)."""
        viewer = self.viewer
        return self.state.to_json() if viewer is None else self.state.observation(viewer)

    def _moved(self) -> None:
        """After any change of the node shown: no clicks, no sub-step, no message."""
        self._clicks = ()
        self._turn = self._considered = self._restart = None
        self._narrowing = None
        self._substep = None
        self.message, self.error = "", False
        self._viewing.update(self.state)

    # ================================================================= clicks
    @property
    def clicks(self) -> tuple[Any, ...]:
        """The targets selected so far towards the next move."""
        return self._clicks

    @property
    def narrowing(self) -> Narrowing:
        """What the clicks leave possible in the current state."""
        if self._narrowing is None or self._narrowing.clicks != self._clicks:
            self._narrowing = self._move_index().narrow(self._clicks)
        return self._narrowing

    @property
    def highlighted(self) -> frozenset[Any]:
        """The targets a further click may choose (none while the view hides the moves)."""
        if self.hides_moves():
            return frozenset()
        return self.narrowing.next_targets

    @property
    def choices(self) -> tuple[Move, ...]:
        """The complete moves to choose from (several share the clicked targets)."""
        n = self.narrowing
        return n.complete if n.needs_choice else ()

    @property
    def buttons(self) -> tuple[Move, ...]:
        """The legal moves without targets (end turn, pass, ask…), offered as buttons; none
        while the view hides the moves of the player to move."""
        if self.hides_moves():
            return ()
        return tuple(m for m in self.state.legal_moves() if not m.targets)

    def click(self, clicked: Any) -> Click:
        """Click a target (``None``: beside the board): narrow, play, take back or explain.

        A list (JSON's cells, ``[3, 4]``) is taken as the tuple. A move entered past its first
        click survives a stray click (it is kept, with the reason); a click on its last target
        takes that step back; a click on a picked-up piece that can be turned turns it.

        Raises:
            IllegalMove: the board is covered, or the view hides the moves of the player to move.
        """
        clicked = target(clicked)
        if self._substep is not None:
            self._substep = None
        if not_a_target((clicked,)) is not None:
            why = f"{excerpt(clicked)} is not a place or a card of {self.rules.title}"
            return self._answer("refused", self._clicks, message=why, error=True)
        clicks = self._clicks
        kept_on_stray = clicks if len(clicks) >= 2 else ()
        if clicked is None:
            if kept_on_stray:
                return self._answer("kept", kept_on_stray, message=STRAY_CLICK)
            return self._answer("cleared", ())
        self._viewing.check_may_move(self.state)
        if clicks == (clicked,) and len(self.turns()) > 1:
            self.rotate()
            return Click("turned", self._clicks, message=self.message)
        unordered = self.narrowing.unordered
        if clicks and clicked in clicks and (unordered or clicked == clicks[-1]):
            kept = list(clicks)
            kept.remove(clicked)
            return self._answer("unselected", tuple(kept) if unordered else clicks[:-1])
        state = self.state
        if state.is_over:
            return self._answer(
                "refused", (), message="The game is over: no more moves.", error=True
            )
        index = self._move_index()
        n = index.narrow((*clicks, clicked))
        restart, self._restart = self._restart, None
        if not n.possible and clicks:
            fresh = index.narrow((clicked,))
            if fresh.possible and kept_on_stray and restart != clicked:
                # another move starts there: a chain entered past its first click is dropped
                # only by a second click on that place, as the message says
                entered = "-".join(map(str, clicks))
                answer = self._answer(
                    "kept",
                    clicks,
                    message=f"{clicked} starts another move: the one entered so far ({entered}) "
                    f"is kept. Click {clicked} again to drop it and start there, or go on from "
                    f"{clicks[-1]}.",
                )
                self._restart = clicked
                return answer
            if fresh.possible:
                n = fresh
        if not n.possible:
            why = self.why_not((*clicks, clicked))
            kind: Literal["kept", "refused"] = "kept" if kept_on_stray else "refused"
            return self._answer(kind, kept_on_stray, message=why, error=True)
        decided = n.decided
        turn = self.turn
        if n.complete and turn is not None and n.clicks[:1] == clicks[:1]:
            turned = state.rules.clicks.turned(state, n.clicks, turn)
            if turned is not None and turned in n.complete:
                decided = turned
        if decided is not None:
            self._tree.play(decided)
            self._moved()
            return Click("played", (), decided)
        return self._answer("choose" if n.needs_choice else "selected", n.clicks)

    def _answer(
        self,
        kind: ClickKind,
        clicks: tuple[Any, ...],
        *,
        message: str = "",
        error: bool = False,
    ) -> Click:
        """Store the selection and the message a click leaves, and say what it did."""
        if clicks[:1] != self._clicks[:1]:
            self._turn, self._considered = None, None
        self._restart = None
        self._clicks = clicks
        self.message, self.error = message, error
        return Click(kind, clicks, None, message, error)

    def clear(self) -> None:
        """Drop the clicks entered so far."""
        self._answer("cleared", ())

    def choose(self, choice: int | Move | str) -> Move:
        """Play one of :attr:`choices` (by index, move or notation) or a button move.

        Raises:
            IllegalMove: not among the offered moves (or moving is refused now).
        """
        self._viewing.check_may_move(self.state)
        choices = self.choices
        move: Move | None = None
        if isinstance(choice, int) and not isinstance(choice, bool):
            if not 0 <= choice < len(choices):
                raise IllegalMove(f"there is no choice {choice}: {len(choices)} offered")
            move = choices[choice]
        else:
            for m in (*choices, *self.buttons):
                if m == choice or str(m) == choice:
                    move = m
        if move is None:
            raise IllegalMove(f"{choice} is not among the offered moves")
        self._tree.play(move)
        self._moved()
        return move

    def why_not(self, clicks: Sequence[Any]) -> str:
        """The "why not?" line for clicks that start or continue no legal move, in the rule's
        words (``State.explain_targets``), with where moves can start; ``""`` when some legal
        move starts with ``clicks``."""
        clicks = tuple(target(c) for c in clicks)
        if clicks and not_a_target(clicks) is None and self._move_index().narrow(clicks).possible:
            return ""
        state = self.state
        try:
            reason = state.explain_targets(clicks)
        except Exception as err:  # a broken hook must not hide the answer: the moves still do
            LOGGER.error("explain_targets failed (%s)", type(err).__name__, exc_info=err)
            reason = None
        if not clicks:
            return reason or ""
        return why_not_message(state.legal_moves(), clicks, reason, bool(self.buttons))

    def why_not_move(self, move: Move | str) -> str | None:
        """Why a move (or its notation) is refused here, or ``None`` when it is legal."""
        return self.state.explain(move)

    # ----------------------------------------------------------------- turning a piece
    @property
    def turns_pieces(self) -> bool:
        """Whether the game lets a picked-up piece be turned (offer a rotate control and a
        preview under the pointer)."""
        return self.rules.clicks.turns_pieces

    def turns(self) -> tuple[int, ...]:
        """The turns the picked-up piece may be put down in (``()``: none is picked up, or it
        cannot be turned)."""
        if not self._clicks or self._substep is not None or self.state.is_over:
            return ()
        state = self.state
        return state.rules.clicks.turns(state, self._clicks)

    @property
    def turn(self) -> int | None:
        """The turn the picked-up piece will be put down in, or ``None`` if none is picked up."""
        turns = self.turns()
        if not turns:
            return None
        return self._turn if self._turn in turns else turns[0]

    def rotate(self) -> int:
        """Turn the picked-up piece to its next turn; the next click on a place puts it down so
        turned. Returns the new turn.

        Raises:
            IllegalMove: no piece that can be turned is picked up.
        """
        self._viewing.check_may_move(self.state)
        turns = self.turns()
        if len(turns) < 2:
            raise IllegalMove("pick up a piece that can be turned first (nothing to rotate)")
        turn = self.turn
        self._turn = turns[(turns.index(turn) + 1) % len(turns)] if turn in turns else turns[0]
        s = "s" if self._turn != 1 else ""
        self.message = f"Turned to {self._turn} quarter turn{s} clockwise: click a place."
        self.error = False
        return self._turn

    def consider(self, considered: Any) -> bool:
        """Preview the picked-up piece at ``considered`` (the target under the pointer).

        Returns:
            Whether the preview moved (redraw then).
        """
        considered = target(considered)
        if not_a_target((considered,)) is not None:
            considered = None
        if considered == self._considered or not self.turns():
            return False
        self._considered = considered
        return True

    # ================================================================= sub-steps
    def steps(self) -> tuple[Step, ...]:
        """The positions inside the move shown — the position before it, then one per visible
        part (the last one the position after it) — or ``()`` for a move of one step."""
        node = self._tree.current
        if self._steps is None or self._steps_node is not node:
            self._steps, self._steps_node = _steps_of(node), node
        return self._steps

    @property
    def substep(self) -> int | None:
        """The step of :meth:`steps` shown, or ``None`` (the state after the move)."""
        return self._substep

    def step(self, k: int | None) -> None:
        """Show step ``k`` inside the move shown (``None``: the position after it).

        Raises:
            IllegalMove: there is no step ``k``.
        """
        steps = self.steps()
        if k is not None and not (isinstance(k, int) and 0 <= k < len(steps)):
            raise IllegalMove(f"the last move has {len(steps)} steps, not a step {k}")
        self._substep = k
        self._answer("cleared", ())

    @property
    def shown_state(self) -> State:
        """The state drawn: a step inside the move while stepping through it, else the state."""
        steps = self.steps()
        if self._substep is not None and self._substep < len(steps):
            return steps[self._substep].state
        return self.state

    # ================================================================= the view
    @property
    def view(self) -> View:
        """The view chosen: ``None`` (designer), a player, or ``"to_play"``."""
        return self._viewing.choice

    def set_view(self, view: View) -> None:
        """Show the game as the designer (``None``), as player ``view``, or as ``"to_play"``.

        Raises:
            ValueError: not a view of this game.
        """
        self._viewing.choose(view, self.state)

    @property
    def viewer(self) -> int | None:
        """The player whose view is shown now (``None``: the designer's, all visible)."""
        return self._viewing.viewer(self.state)

    def view_options(self) -> tuple[tuple[str, View], ...]:
        """The views to offer as ``(label, view)``: ``()`` for a game that hides nothing."""
        return self._viewing.options(self.state)

    def set_computer_seats(self, seats: Sequence[int]) -> None:
        """Tell the session which seats the computer plays (the "player to move" view then
        shows the person who moved last while the computer is to move)."""
        self._viewing.set_computer(seats, self.state)

    @property
    def pass_to(self) -> int | None:
        """The player the device must be passed to before the board shows their hand, if any.

        In the "player to move" view of a hidden-information game, the board is covered when
        the view would change to another person, until that person is :meth:`ready`.
        """
        return self._viewing.pass_to

    def ready(self) -> None:
        """The next player has the device: uncover the board in their view."""
        self._viewing.ready()

    def hides_moves(self) -> bool:
        """Whether the view hides the options of the player to move (another player's, in a
        hidden-information game: they would show that player's hidden cards)."""
        return self._viewing.hides_moves(self.state)

    def check_whole_state_view(self, what: str) -> None:
        """Refuse to give ``what`` (a record, a link) that holds the whole state in a player's
        view of a hidden-information game (raises ``IllegalMove`` naming ``what``)."""
        self._viewing.check_whole_state(self.state, what)

    def label(self, node: int | None = None) -> str:
        """The move that led to ``node`` (default: the current one) as the view may read it."""
        return self._label(self._tree.current if node is None else self._tree.node(node))

    def _label(self, node: Node) -> str:
        return self._viewing.label(node, self.state)

    # ================================================================= what to draw
    def marks(self) -> Marks:
        """The markers to draw over :attr:`shown_state`: highlighted and selected targets, the
        last move (unless the view masks it) and the preview of a picked-up piece."""
        if self._substep is not None:
            return Marks()
        highlight = self.highlighted
        if not self._clicks and len(highlight) > MAX_START_HIGHLIGHTS:
            highlight = frozenset()
        node = self._tree.current
        shows_last = node.parent is not None and self._label(node) == str(node.move)
        ghost = None
        turn = self.turn
        if turn is not None:
            state = self.state
            ghost = state.rules.clicks.ghost(state, self._clicks, turn, self._considered)
        return Marks(highlight, self._clicks, shows_last, ghost)

    def passed_over(self, places: Iterable[Any]) -> frozenset[Any]:
        """Which of ``places`` (the board's named targets) the move entered so far passes over
        between its clicks: the pieces a chain has jumped so far (read from the notation of every
        move the clicks may still become; see :mod:`ftwkit.explore.leaps`)."""
        if len(self._clicks) < 2 or self._substep is not None:
            return frozenset()
        return passed_over(self.narrowing.candidates, self._clicks, places)

    def flagged(self) -> frozenset[Any]:
        """Targets the engine flags in the shown state (the cells of its ``notes()``)."""
        return frozenset(cell for note in self.shown_state.notes() for cell in note.cells)

    def status(self) -> str:
        """The status line: whose turn, the winners, the scores, the move shown (or the step
        inside it, speaking of the position that step shows)."""
        stepping = self._substep is not None and self._substep < len(self.steps())
        state = self.shown_state if stepping else self.state
        names = state.rules.player_names(state.players)
        parts = [state.status()]
        if state.is_over:
            if state.winners:
                parts.append("winners: " + ", ".join(names[p] for p in state.winners))
            else:
                parts.append("no winner")
        if state.scores is not None:
            parts.append(
                "scores: " + ", ".join(f"{names[p]} {s}" for p, s in enumerate(state.scores))
            )
        if stepping:
            assert self._substep is not None
            label = self.steps()[self._substep].label
            parts.append(f"inside move {self.index} of {self.length}: {label}")
        else:
            parts.append(f"move {self.index} of {self.length}")
        return " · ".join(parts)

    # ================================================================= hints
    def hint_request(self) -> HintRequest:
        """What to ask an agent for a hint at the current node.

        Raises:
            IllegalMove: the game is over, or (in a player's view) it is another player's turn:
                their hint would tell what they hold.
        """
        state = self.state
        if state.is_over or state.to_play is None:
            raise IllegalMove("the game is over: there is no move to hint")
        viewer = self.viewer
        names = state.rules.player_names(state.players)
        if viewer is not None and viewer != state.to_play:
            raise IllegalMove(
                f"the hint is for {names[viewer]}'s own turn; it is {names[state.to_play]}'s turn"
            )
        return HintRequest(self.node, state, state.to_play)

    def show_hint(self, request: HintRequest, weights: Sequence[tuple[Move, float]]) -> bool:
        """Keep an agent's answer to ``request`` (moves with weights, best first); shown while
        its node is. Returns False (and keeps nothing) when that node is gone."""
        try:
            node = self._tree.node(request.node)
        except IllegalMove:
            return False
        self._hint = (node, tuple((m, float(w)) for m, w in weights))
        return True

    @property
    def hint(self) -> tuple[tuple[Move, float], ...]:
        """The hint for the node shown, best first (empty if none was asked here)."""
        if self._hint is None or self._hint[0] is not self._tree.current:
            return ()
        return self._hint[1]

    # ================================================================= helpers
    def _move_index(self) -> MoveIndex:
        """The legal moves of the current state, indexed by target (built once per state)."""
        if self._index is None or self._index_state is not self.state:
            self._index = MoveIndex(self.state.legal_moves())
            self._index_state = self.state
        return self._index


def _steps_of(node: Node) -> tuple[Step, ...]:
    """The steps inside the move that led to ``node`` (``()`` for a move of one step)."""
    if node.parent is None or node.move is None:
        return ()
    before = node.parent.state
    inner = before.substeps(node.move)
    if len(inner) < 2:
        return ()
    n = len(inner)
    parts = leaps(str(node.move), node.move.targets)
    named = parts if parts is not None and len(parts) == n else None
    return (
        Step("before the move", before),
        *(
            Step(f"step {k} of {n}" + (f": {named[k - 1]}" if named else ""), s)
            for k, s in enumerate(inner, 1)
        ),
    )


def _read_tree(data: Mapping[str, Any], rules: ftwkit.Rules | None) -> GameTree:
    """A tree from a JSON position (under ``rules``, or its own game) or a whole record.

    Raises:
        InvalidState: malformed, naming what is wrong (nothing else escapes).
    """
    if not isinstance(data, Mapping):
        raise InvalidState("a position or record must be a JSON object")
    is_record = "start" in data and "moves" in data
    try:
        if is_record:
            return tree_from_record(data)
        if rules is None:
            game = data.get("game")
            if not isinstance(game, str) or game not in ftwkit.game_ids():
                raise InvalidState(f"game: expected one of {', '.join(ftwkit.game_ids())}")
            rules = ftwkit.rules(game)
        return GameTree(rules.load(data))
    except FtwError:
        raise
    except Exception as err:  # the engine's duty, but a front end must still say one line
        kind = "record" if is_record else "position"
        LOGGER.warning("loading a %s failed", kind, exc_info=err)
        raise InvalidState(
            f"the engine could not read this {kind} ({type(err).__name__})"
        ) from None
