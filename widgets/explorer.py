"""The explorer: a board you click to play, with history, variations, variants and "why not?".

>>> import ftwkit
>>> from widgets import Explorer
>>> ex = Explorer(ftwkit.game_ids()[0])   # doctest: +SKIP
>>> ex.play(ex.state.legal_moves()[0]); ex.back(); ex.session.lines   # doctest: +SKIP

A thin view over one :class:`ftwkit.explore.Session` (``explorer.session``), which holds the game
tree, the clicks and their narrowing, "why not?", the steps inside a move, the view and
pass-the-device; read what it shows there (``explorer.session.line``, ``.lines``,
``.highlighted``…). After every change the explorer copies it into its traits — :attr:`state`,
:attr:`selection`, :attr:`view`, :attr:`substep`, :attr:`message`, :attr:`status` — and tells
its parts (built by :mod:`widgets.explorer_parts`) what to show. The computer's seats, Stop / Go
and the hint are ``explorer.computer`` (:class:`~widgets.computer.ComputerSeats`), which ends each
change with the explorer's update. The board is drawn once per change, after the text, and not
before the browser says the canvas is ready (Voilà loses, and is broken by, earlier commands).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets
import traitlets

from ftwkit import render
from ftwkit.errors import IllegalMove, InvalidState
from ftwkit.explore import Session, View, tree_record
from ftwkit.options import make_options
from ftwkit.protocol import Move, State
from widgets import links
from widgets.explorer_parts import build_parts
from widgets.inputs import parse_move, read_int, read_json, read_number, read_target, read_view
from widgets.log import LogPanel, guarded, one_line
from widgets.shelf import Shelf, summary

__all__ = ["Explorer"]


class Explorer(ipywidgets.VBox):
    """Explore one game: click the board to play, step through history, branch, ask "why not?".

    Args:
        game_or_state: a registered game id, a ``State`` to start from (its history is kept) or
            a :class:`~ftwkit.explore.Session` to show.
        players: the player count of a new game (defaults to the game's minimum).
        seed: the seed of a new game.
        view: whose view to draw: ``None`` (the designer's, all visible), a player's number or
            ``"to_play"`` (the player to move, passing the device in hidden-information games).
        renderer: a renderer to use instead of ``ftwkit.render.renderer(game_id)``.
        **options: the game's variant switches (only with a game id).
    """

    state = traitlets.Instance(
        State,  # type: ignore[type-abstract]  # any concrete State subclass
        read_only=True,
        help="The state shown (the session's current node); observe it to follow the game.",
    )
    selection = traitlets.Tuple(
        read_only=True, help="The targets clicked so far towards the next move."
    )
    view = traitlets.Int(
        None,
        allow_none=True,
        read_only=True,
        help="The player whose view is drawn now (None: the designer's, everything visible).",
    )
    substep = traitlets.Int(
        None,
        allow_none=True,
        read_only=True,
        help="The step inside the last move the board shows (None: the position after it).",
    )
    message = traitlets.Unicode(
        read_only=True,
        help='The message line: a refused move, a "why not?" answer, what a button did.',
    )
    error = traitlets.Bool(False, read_only=True, help="Whether the message reports a refusal.")
    status = traitlets.Unicode(
        read_only=True,
        help="The status line as plain text: whose turn, the result, what the computer does.",
    )

    def __init__(
        self,
        game_or_state: str | State | Session,
        *,
        players: int | None = None,
        seed: int | None = 0,
        view: View = None,
        renderer: Any = None,
        **options: Any,
    ) -> None:
        if options and not isinstance(game_or_state, str):
            raise ValueError("pass options with a game id, not with a state")
        if isinstance(game_or_state, Session):
            self.session = game_or_state
        elif isinstance(game_or_state, State):
            self.session = Session(game_or_state)
        else:
            self.session = Session.new(game_or_state, players=players, seed=seed, **options)
        start = self.session.state
        self.session.set_view(read_view(view, start.players))
        self.log_panel = LogPanel()
        self._seed = seed if isinstance(seed, int) else 0
        self.shelf = Shelf()
        """The games put aside (Earlier games), newest first."""
        self._offered: tuple[Any, ...] = ()
        self.set_trait("state", start)
        p = build_parts(
            self,
            start,
            renderer or render.renderer(start.rules.id),
            seed=lambda: self._seed,
            variants=self._on_variants,
            offer=self._offer,
            select_node=self._select_node,
            computer=self._on_computer,
        )
        self.board, self.lines, self.resume, self.setup = p.board, p.lines, p.resume, p.setup
        self.board_export, self.files, self.computer = p.board_export, p.files, p.computer
        self.history, self.settings = p.history, p.settings
        self.canvas, self.legend = p.board.canvas, p.board.legend
        super().__init__(
            p.children(self.log_panel),
            layout=ipywidgets.Layout(width="auto"),
            _dom_classes=("ftw-explorer",),
        )
        # the parts follow the traits (registered first: they hear before any other observer)
        self.observe(lambda _: self.lines.say(self.message, error=self.error), ["message", "error"])
        self.observe(self._show_state, names=["state", "view"])
        self.observe(self._show_selection, names=["state", "selection", "substep"])
        self._sync_setup()
        self._sync(structure=True)

    # ================================================================= the one update
    def _sync(
        self, *, structure: bool = False, message: str | None = None, error: bool = False
    ) -> None:
        """Copy what the session shows into the traits (the parts follow), then redraw.

        ``message`` replaces the session's own (a click's "why not?") on the message line.
        """
        s = self.session
        covered = s.pass_to
        s.set_computer_seats(self.computer.played)
        moved = self.state != s.state or self.view != s.viewer
        with self.hold_trait_notifications():
            self.set_trait("state", s.state)
            self.set_trait("view", s.viewer)
            self.set_trait("selection", s.clicks)
            self.set_trait("substep", s.substep)
            self.set_trait("message", one_line(s.message if message is None else message))
            self.set_trait("error", s.error if message is None else error)
            cannot = self.computer.sync(s)
            if cannot:
                self.set_trait("message", cannot)
                self.set_trait("error", True)
            status = (s.status(), self.computer.status(s.state))
            self.set_trait("status", " · ".join(part for part in status if part))
            self.lines.show(s.rules.title, summary(s), self.status, over=s.state.is_over)
            self.computer.refresh(s.state)
            if (structure or covered != s.pass_to) and not moved:
                self._show_state(None)  # the traits' observers show a new state or view
        self.redraw()

    def _show_state(self, _change: Any) -> None:
        """The state or the view changed: the lists, buttons, views, downloads, resume link."""
        s, state = self.session, self.session.state
        names = state.rules.player_names(state.players)
        self.history.show(s.tree, lambda node: s.label(node.id), names)
        pass_to = self._pass_to_name()
        clicks_too = not s.hides_moves() and any(m.targets for m in state.legal_moves())
        offered = (s.buttons, pass_to, clicks_too)
        if offered != self._offered:  # new buttons only when what they offer changes
            self._offered = offered
            self.board.show_buttons(
                offered[0], self.choose, pass_to=pass_to, ready=self.ready, clicks_too=clicks_too
            )
        self.setup.show_views(s.view_options(), s.view)
        self.files.refresh()
        self.board_export.forget()
        self.board_export.button.disabled = pass_to is not None
        link = html.escape(links.resume_link(s), quote=True)
        self.resume.value = f'<span class="ftw-resume" data-link="{link}"></span>'

    def _show_selection(self, _change: Any) -> None:
        s = self.session
        self.board.show_chooser(list(s.choices), bool(s.highlighted), self.choose)
        self.board.rotate_button.layout.visibility = "visible" if len(s.turns()) > 1 else "hidden"
        self.history.show_steps([step.label for step in s.steps()], s.substep)

    def _show_error(self, text: str) -> None:
        """Show a refused move or malformed input (called by the ``guarded`` decorator)."""
        with self.hold_trait_notifications():
            self.set_trait("message", one_line(text))
            self.set_trait("error", True)

    # ================================================================= drawing
    def picture_svg(self) -> str:
        """The board as shown (view, markers, a step inside a move) as SVG text."""
        s = self.session
        if s.pass_to is not None:
            raise IllegalMove(
                "a picture of the board is not offered while the board is covered: pass the "
                f"device to {self._pass_to_name()} first"
            )
        return render.svg(s.shown_state, view=s.viewer, **s.marks().options())

    def redraw(self) -> None:
        """Draw the board again as the session shows it (once the browser's canvas is ready)."""
        s = self.session
        self.legend.show(s.shown_state, s.viewer)
        if not self.board.client_ready:
            return
        if s.pass_to is not None:
            self.board.draw_cover(self._pass_to_name())
            return
        hint = self.computer.hint_for(s.tree.current) if s.substep is None else ()
        # what the move entered so far passes over (jumped pieces), from its second click on
        passed = (
            s.passed_over(self.board.renderer.targets(s.state, view=s.viewer))
            if len(s.clicks) > 1
            else frozenset()
        )
        self.board.draw(
            s.shown_state,
            s.viewer,
            s.marks().options(),
            hint=hint,
            thinking=self.computer.thinking,
            passed=passed,
        )

    def _pass_to_name(self) -> str | None:
        """The player the device must be passed to before the board shows their hand, if any."""
        p, state = self.session.pass_to, self.session.state
        return None if p is None else state.rules.player_names(state.players)[p]

    # ================================================================= playing
    def _may_move(self) -> Session:
        self.computer.check_idle(self.state)
        return self.session

    @guarded("play", failed=False)
    def play(self, move: Move | str) -> bool:
        """Play a move (or its notation) at the state shown; a refused move shows its reason."""
        if isinstance(move, str):
            move = parse_move(self.state, move)
        self._may_move().play(move)
        self.computer.paused = False
        self._sync(structure=True)
        return True

    @guarded("click")
    def select(self, target: Any) -> None:
        """Click a target (``None`` = beside the board): narrow, highlight, play, or explain."""
        target = None if target is None else read_target(target)
        done = (self._may_move() if target is not None else self.session).click(target)
        if done.kind == "played":
            self.computer.paused = False
        self._sync(structure=done.kind == "played")

    @guarded("click")
    def click(self, x: float, y: float) -> None:
        """Click the board at pixel ``(x, y)`` (on the pass-the-device cover: :meth:`ready`)."""
        x, y = read_number(x, "x"), read_number(y, "y")
        if self.session.pass_to is not None:
            return self.ready()
        s = self.session
        self.select(self.board.renderer.targets_at(s.state, x, y, view=s.viewer))
        return None

    @guarded("click")
    def rotate(self) -> None:
        """Turn the picked-up piece to its next turn before it goes down (also key R)."""
        self._may_move().rotate()
        self._sync()

    @guarded("click")
    def consider(self, target: Any) -> None:
        """Preview the picked-up piece at ``target`` (the place under the pointer), if it fits."""
        if self.session.consider(None if target is None else read_target(target)):
            self.redraw()

    @guarded("chooser")
    def choose(self, choice: int | Move | str) -> None:
        """Pick one of the chooser's moves (by index, move or notation) or a button move."""
        self._may_move().choose(choice)
        self.computer.paused = False
        self._sync(structure=True)

    def _navigate(self, go: Any, *args: Any) -> None:
        self.computer.paused = True
        go(*args)
        self._sync(structure=True)

    back = guarded("history")(lambda self: self._navigate(self.session.back))
    back.__doc__ = "Step one move back (the computer waits until Go or the next move)."
    forward = guarded("history")(lambda self: self._navigate(self.session.forward))
    forward.__doc__ = "Step one move forward along the line shown."
    promote = guarded("variations")(lambda self: self._navigate(self.session.promote))
    promote.__doc__ = "Make the line shown the main line."

    @guarded("history")
    def goto(self, index: int) -> None:
        """Show ply ``index`` of the line (0 = the start; negative counts from the end)."""
        size = len(self.session.tree.line)
        self._navigate(self.session.goto, read_int(index, "a ply", low=-size, high=size - 1))

    def first(self) -> None:
        """Show the start."""
        self.goto(0)

    def last(self) -> None:
        """Show the end of the line."""
        self.goto(-1)

    @guarded("variations")
    def switch_variation(self, k: int) -> None:
        """Show line ``k`` of ``session.lines`` where it parts from the line shown."""
        self._navigate(self.session.switch_line, read_int(k, "a line's number"))

    @guarded("variations")
    def _select_node(self, node: Any) -> None:
        self._navigate(self.session.select, node.id)

    @guarded("sub-steps")
    def step(self, k: int | None) -> None:
        """Show the position after step ``k`` inside the last move (``None`` = after the move)."""
        self.session.step(None if k is None else read_int(k, "a step's number"))
        self._sync()

    # ================================================================= view
    @guarded("view")
    def set_view(self, view: View) -> None:
        """Draw as the designer (``None``), as player ``view``, or as ``"to_play"``."""
        self.session.set_view(read_view(view, self.session.state.players))
        self._sync(structure=True)

    @guarded("ready")
    def ready(self) -> None:
        """The next player has the device: uncover the board in their view."""
        self.session.ready()
        self._sync(structure=True)

    # ================================================================= files, links, games
    @guarded("load", failed=False)
    def load_json(self, data: str | bytes | Mapping[str, Any]) -> bool:
        """Load a position or a whole record (JSON text or an object); errors keep the state."""
        data = read_json(data) if isinstance(data, (str, bytes)) else data
        tree = self.session.tree  # the game before, kept whole (the view stays the session's)
        before = Session.from_json(tree_record(tree)) if tree.root.children else None
        what = self.session.load(data)
        kept = self.shelf.put(before) if before is not None else ""
        self.setup.show_earlier(self.shelf.labels)
        self._sync_setup()
        self.computer.paused = True
        also = f"; the game before is kept under Earlier games ({kept})" if kept else ""
        self._sync(structure=True, message=f"Loaded a {what}{also}.")
        return True

    @guarded("downloads")
    def _offer(self) -> None:
        names = self.session.rules.player_names(self.session.state.players)
        self.files.show_session(self.session, names)

    @guarded("link", failed=False)
    def open_link(self, query: str) -> bool:
        """Open the ``position`` or ``record`` of a dashboard address's query string: True if
        loaded; False if it held none, or (the reason on the message line) a bad one."""
        found = links.read_link(query)
        if found is None:
            return False
        opened = self.load_json(found[1])
        said = (
            "Opened the {} given in the link. {}"
            if opened
            else "The {} in the link was not opened: {}"
        )
        self._sync(message=said.format(found[0], self.message), error=not opened)
        return opened

    @guarded("new game")
    def new_game(self, seed: int | None = None, players: int | None = None, **options: Any) -> None:
        """Start a new game (same variants unless given); the one before goes to Earlier games."""
        rules = self.session.rules
        seed = self._seed if seed is None else read_int(seed, "the seed")
        if players is not None:
            players = read_int(
                players, "the player count", low=rules.min_players, high=rules.max_players
            )
        try:
            if options:
                rules = type(rules)(make_options(rules.Options, options, base=rules.options))
        except (ValueError, TypeError) as err:
            raise InvalidState(one_line(str(err), 200)) from None
        self._seed = seed
        self._new(Session(rules.new(players=players, seed=seed)), f"New game (seed {seed}).")

    def _on_variants(self, players: int | None) -> tuple[bool, str]:
        """A switch changed: start a new game with the switches' values, or say why not."""
        return self._change_variants(players), self.message

    @guarded("variants", failed=False)
    def _change_variants(self, players: int | None) -> bool:
        try:
            rules = type(self.session.rules).with_options(**self.setup.option_values())
        except (ValueError, TypeError) as err:
            raise InvalidState(str(err)) from None
        session = Session(rules.new(players=players, seed=self._seed))
        self._new(session, f"New game: {summary(session)}.")
        return True

    @guarded("earlier games")
    def return_to_earlier(self, k: int = 0) -> None:
        """Go back to earlier game ``k`` (its variants, its tree); the current one is put aside."""
        session = self.shelf.take(k)
        self._show(session, paused=True)
        self._sync(structure=True, message=f"Back to the earlier game ({summary(session)}).")

    def _new(self, session: Session, said: str) -> None:
        kept = self._show(session)
        also = f" The game before is kept under Earlier games ({kept})." if kept else ""
        self._sync(structure=True, message=said + also)

    def _show(self, session: Session, *, paused: bool = False) -> str:
        """Show ``session`` (its seed and variants in the set-up tab, the view kept); the game
        before goes on the shelf if a move was played in it (returns its label, else '')."""
        session.set_view(self.session.view)
        kept = self.shelf.put(self.session)
        self.session = session
        self.setup.show_earlier(self.shelf.labels)
        self._sync_setup()
        self.computer.paused = paused
        return kept

    def _sync_setup(self) -> None:
        seed = getattr(self.session.state.root, "seed", None)
        self._seed = seed if isinstance(seed, int) else self._seed
        self.setup.sync(self.session.state, seed if isinstance(seed, int) else None)

    # ================================================================= the computer
    @guarded("computer")
    def _on_computer(self, text: str | None, error: bool) -> None:
        """The computer's part changed (``explorer.computer``): show ``text`` (``None``: keep
        the message line as it is)."""
        if text is None:
            text, error = self.message, self.error
        self._sync(message=text, error=error)
