"""The explorer: a board you click to play, with history, variations, variants and "why not?".

>>> import ftwkit
>>> from widgets import Explorer
>>> ex = Explorer(ftwkit.game_ids()[0])   # doctest: +SKIP
>>> ex.play(ex.state.legal_moves()[0]); ex.back(); ex.variations   # doctest: +SKIP

A thin view over one :class:`ftwkit.explore.Session` (``explorer.session``), which holds the game
tree, the clicks and their narrowing, "why not?", the steps inside a move, the view and
pass-the-device. After every change the explorer copies what the session shows into its traits
— :attr:`state`, :attr:`selection`, :attr:`view`, :attr:`substep`, :attr:`message` — and its
parts observe them: the status and message lines, the move list and the variations
(:class:`~widgets.history.HistoryPanel`), the move buttons and chooser of
:class:`~widgets.board_view.BoardView`, the seats and hint of
:class:`~widgets.computer.ComputerSeats`, the set-up tab (:class:`~widgets.setup_panel.SetupPanel`)
and the downloads (:class:`~widgets.files_panel.FilesPanel`). The board is drawn once per change,
after the text. Nothing is drawn before the browser says the canvas is ready, because Voilà loses
(and is broken by) earlier draw commands.
"""

from __future__ import annotations

import html
import json
import operator
from collections.abc import Mapping
from typing import Any

import ipywidgets
import traitlets

from ftwkit import render
from ftwkit.errors import FtwError, IllegalMove, InvalidState
from ftwkit.explore import Session, View, tree_record
from ftwkit.options import make_options
from ftwkit.protocol import Move, State
from widgets import links
from widgets.board_view import BoardView
from widgets.computer import PERSON, ComputerSeats
from widgets.export import BoardExport
from widgets.files_panel import FilesPanel
from widgets.history import HistoryPanel
from widgets.inputs import read_int, read_json, read_move, read_number, read_target
from widgets.log import LogPanel, guarded, one_line
from widgets.setup_panel import SetupPanel
from widgets.shelf import Shelf, summary
from widgets.status_lines import StatusLines

__all__ = ["Explorer"]


def _delegate(path: str, doc: str) -> Any:
    """A read-only property that reads ``path`` (``"session.line"``) from the explorer."""
    return property(operator.attrgetter(path), doc=doc)


def _read_view(view: Any, players: int) -> View:
    """A view choice, or ``IllegalMove`` in one line for anything but a view of this game."""
    if view is None or view == "to_play":
        return view  # type: ignore[no-any-return]
    return read_int(view, "a view (a player's number)", low=0, high=players - 1)


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
        self.session.set_view(_read_view(view, start.players))
        self.log_panel = LogPanel()
        self._game, self._seed, self._draws = (
            start.rules.id,
            seed if isinstance(seed, int) else 0,
            0,
        )
        self._shelf = Shelf()
        self._offered: tuple[Any, ...] = ()
        self.set_trait("state", start)
        self._build(start, renderer or render.renderer(self._game))
        self.add_class("ftw-explorer")
        self._sync_setup()
        self._sync(structure=True)

    # ================================================================= building
    def _build(self, start: State, renderer: Any) -> None:
        turns = self.session.turns_pieces
        self.board = BoardView(
            renderer,
            renderer.size(start, view=self.session.viewer),
            click=self.click,
            ready=self._redraw,
            play_text=self.play,
            hover=self._on_hover if turns else None,
            key=self._on_key if turns else None,
            rotate=self.rotate if turns else None,
            passes_over=type(start).substeps is not State.substeps,
        )
        self.canvas, self.legend = self.board.canvas, self.board.legend
        self.rotate_button = self.board.rotate_button
        self.lines = StatusLines(self.canvas.width)
        # the link to the state shown, kept in the page so that a page whose kernel died can
        # offer to reload at the same position (hidden: ``<span class="ftw-resume" data-link>``)
        self.resume = ipywidgets.HTML(layout=ipywidgets.Layout(display="none"))
        self.resume.add_class("ftw-resume-box")
        self.setup = SetupPanel(
            start,
            self._seed,
            new_game=self.new_game,
            change_variants=self._on_variants,
            choose_view=self.set_view,
            return_to_earlier=self.return_to_earlier,
        )
        self.board_export = BoardExport(
            self.canvas, self.picture_svg, lambda: f"{self._game}-move-{self.index}", self._redraw
        )
        self.files = FilesPanel(
            self.load_json,
            lambda name: self.log_panel.info(f"upload of {name}: {self.message}"),
            self.board_export,
            self._offer,
        )
        self.computer = ComputerSeats(
            start.players,
            seed=lambda: self._seed,
            play=self._on_computer_move,
            update=self._on_computer_message,
            choose_seat=self.set_seat,
            log=self.log_panel,
        )
        self.seat_panel = self.computer.panel
        self.seat_panel.stop_button.on_click(lambda _b: self.stop())
        self.seat_panel.go_button.on_click(lambda _b: self.go())
        self.seat_panel.hint_button.on_click(lambda _b: self.hint())
        self.history = HistoryPanel(
            goto=self.goto,
            back=self.back,
            forward=self.forward,
            select_node=self._select_node,
            promote=self.promote,
            step=self.step,
            header=[self.seat_panel],
        )
        self.settings = ipywidgets.Accordion(
            children=[self.setup, self.files],
            titles=("Game, variants and view", "Load / save / export"),
            selected_index=None,
        )
        # the downloads are built while their tab is open (its click opens it), not every move
        traitlets.dlink((self.settings, "selected_index"), (self.files, "shown"), lambda i: i == 1)
        super().__init__(
            [
                self.lines.header,
                self.lines.variant,
                self.lines.message,
                ipywidgets.HBox(
                    [self.board, self.history], layout=ipywidgets.Layout(flex_flow="row wrap")
                ),
                self.settings,
                self.log_panel,
                self.resume,
            ],
            layout=ipywidgets.Layout(width="auto"),
        )
        # the parts follow the traits (registered first: they hear before any other observer)
        self.observe(lambda _: self.lines.say(self.message, error=self.error), ["message", "error"])
        self.observe(self._show_state, names=["state", "view"])
        self.observe(self._show_selection, names=["state", "selection", "substep"])

    # ================================================================= the one update
    def _sync(
        self, *, structure: bool = False, message: str | None = None, error: bool = False
    ) -> None:
        """Copy what the session shows into the traits (the parts follow), then redraw.

        ``message`` replaces the session's own (a click's "why not?") on the message line.
        """
        s = self.session
        covered = s.pass_to
        s.set_computer_seats([p for p, k in enumerate(self.computer.seats) if k != PERSON])
        moved = self.state != s.state or self.view != s.viewer
        with self.hold_trait_notifications():
            self.set_trait("state", s.state)
            self.set_trait("view", s.viewer)
            self.set_trait("selection", s.clicks)
            self.set_trait("substep", s.substep)
            self.set_trait("message", one_line(s.message if message is None else message))
            self.set_trait("error", s.error if message is None else error)
            cannot = self.computer.sync(s.state, s.tree.current)
            if cannot:
                self.set_trait("message", cannot)
                self.set_trait("error", True)
            self.lines.show(s.rules.title, summary(s), self.status, over=s.state.is_over)
            self.computer.refresh(s.state)
            if (structure or covered != s.pass_to) and not moved:
                self._show_state(None)  # the traits' observers show a new state or view
        self._redraw()

    def _show_state(self, _change: Any) -> None:
        """The state or the view changed: the lists, buttons, views, downloads, resume link."""
        s, state = self.session, self.session.state
        names = state.rules.player_names(state.players)
        self.history.show(s.tree, lambda node: s.label(node.id), names)
        pass_to = self.pass_to
        clicks_too = not s.hides_moves() and any(m.targets for m in state.legal_moves())
        offered = (tuple(self.button_moves), pass_to, clicks_too)
        if offered != self._offered:  # new buttons only when what they offer changes
            self._offered = offered
            self.board.show_buttons(
                offered[0], self.choose, pass_to=pass_to, ready=self.ready, clicks_too=clicks_too
            )
        self.setup.show_views(s.view_options(), s.view)
        self.files.refresh()
        self.board_export.forget()
        self.board_export.button.disabled = pass_to is not None
        link = html.escape(self.resume_link, quote=True)
        self.resume.value = f'<span class="ftw-resume" data-link="{link}"></span>'

    def _show_selection(self, _change: Any) -> None:
        s = self.session
        self.board.show_chooser(self.choices, bool(self.highlighted), self.choose)
        self.rotate_button.layout.visibility = "visible" if len(s.turns()) > 1 else "hidden"
        self.history.show_steps([step.label for step in s.steps()], s.substep)

    def _say(self, text: str, error: bool = False) -> None:
        with self.hold_trait_notifications():
            self.set_trait("message", one_line(text))
            self.set_trait("error", error)

    def _show_error(self, text: str) -> None:
        """Show a refused move or malformed input (called by the ``guarded`` decorator)."""
        self._say(text, True)

    # ================================================================= drawing
    renderer = _delegate("board.renderer", "The game's renderer (drawing and hit-testing).")

    shown_state = _delegate(
        "session.shown_state",
        "The state the board draws (a step inside the last move while stepping).",
    )

    @property
    def passed_over(self) -> frozenset[Any]:
        """What the move entered so far passes over, crossed on the board (jumped pieces)."""
        s = self.session
        if len(s.clicks) < 2:  # nothing passed over before a move's second click
            return frozenset()
        return s.passed_over(self.renderer.targets(s.state, view=s.viewer))

    def picture_svg(self) -> str:
        """The board as shown (view, markers, a step inside a move) as SVG text."""
        self._check_uncovered("a picture of the board")
        s = self.session
        return render.svg(s.shown_state, view=s.viewer, **s.marks().options())

    def _redraw(self) -> None:
        s = self.session
        self.legend.show(s.shown_state, s.viewer)
        if not self.board.client_ready:
            return
        self._draws += 1
        if s.pass_to is not None:
            self.board.draw_cover(self.pass_to)
            return
        hint = self.computer.hint_for(s.tree.current) if s.substep is None else ()
        self.board.draw(
            s.shown_state,
            s.viewer,
            s.marks().options(),
            hint=hint,
            thinking=self.computer.thinking,
            passed=self.passed_over,
        )

    draws = _delegate("_draws", "How many times the board was drawn (for tests and benchmarks).")

    # ================================================================= what is shown
    status = property(
        lambda self: " · ".join(
            p for p in (self.session.status(), self.computer.status(self.state)) if p
        ),
        doc="The status line as plain text.",
    )
    tree = _delegate("session.tree", "The tree of every line played.")
    highlighted = _delegate("session.highlighted", "The targets a further click may choose.")
    choices = property(
        lambda self: list(self.session.choices),
        doc="The complete moves the chooser offers (they share the clicks).",
    )
    button_moves = property(
        lambda self: list(self.session.buttons),
        doc="The legal moves without targets, offered as buttons.",
    )
    variations = _delegate(
        "session.lines", "Every line in the tree as move notations, main line first."
    )
    line = _delegate("session.line", "The moves of the line shown.")
    index = _delegate("session.index", "The ply shown within the line.")
    substeps = property(
        lambda self: [step.label for step in self.session.steps()],
        doc="Labels of the steps inside the last move (empty if none).",
    )
    turn = _delegate(
        "session.turn", "The turn the picked-up piece goes down in (None: none picked up)."
    )
    option_widgets = _delegate("setup.option_widgets", "The variant controls by option name.")
    earlier_games = _delegate("_shelf.labels", "The games put aside, newest first.")
    seats = _delegate("computer.seats", "Who plays each seat.")
    seat_choices = _delegate("computer.choices", "The seat menus' keys.")
    thinking = _delegate("computer.thinking", "Whether the computer searches.")

    @property
    def pass_to(self) -> str | None:
        """The player the device must be passed to before the board shows their hand, if any."""
        p = self.session.pass_to
        return None if p is None else self.state.rules.player_names(self.state.players)[p]

    @property
    def hint_moves(self) -> list[tuple[str, float]]:
        """The hint for the state shown: ``(move, share)``, best first (empty if none)."""
        return [(str(m), w) for m, w in self.computer.hint_for(self.session.tree.current)]

    # ================================================================= playing
    def _may_move(self) -> Session:
        self.computer.check_idle(self.state)
        return self.session

    @guarded("play", failed=False)
    def play(self, move: Move | str) -> bool:
        """Play a move (or its notation) at the state shown; a refused move shows its reason."""
        if isinstance(move, str):
            move = self._parse(read_move(move))
        self._may_move().play(move)
        self.computer.paused = False
        self._sync(structure=True)
        return True

    def _parse(self, text: str) -> Move:
        try:
            return self.state.rules.parse_move(self.state, text)
        except FtwError:
            raise
        except Exception:  # e.g. a number of 5,000 digits, refused by int()
            raise IllegalMove(f"cannot read {text[:40]!r} as a move") from None

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
        self.select(self.renderer.targets_at(s.state, x, y, view=s.viewer))
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
            self._redraw()

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
        """Show line ``k`` of :attr:`variations` where it parts from the line shown."""
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
        self.session.set_view(_read_view(view, self.session.state.players))
        self._sync(structure=True)

    @guarded("ready")
    def ready(self) -> None:
        """The next player has the device: uncover the board in their view."""
        self.session.ready()
        self._sync(structure=True)

    def _check_uncovered(self, what: str) -> None:
        if self.session.pass_to is not None:
            raise IllegalMove(
                f"{what} is not offered while the board is covered: pass the "
                f"device to {self.pass_to} first"
            )

    # ================================================================= files, links, games
    def position_json(self) -> str:
        """The state shown as JSON text (in a player's view, that player's observation)."""
        return json.dumps(self.session.position(), indent=1)

    def record_json(self) -> str:
        """Every line explored as a record (main line's moves, other lines as variations)."""
        return json.dumps(self.session.record(), indent=1)

    def link_to_position(self) -> str:
        """A link that opens the game's explorer page at the state shown (:mod:`widgets.links`)."""
        return links.position_link(self.session)

    def link_to_record(self) -> str:
        """A link that opens the game's explorer page with every line explored."""
        return links.record_link(self.session)

    resume_link = property(
        lambda self: links.resume_link(self.session),
        doc="The link the page keeps to reload at the state shown.",
    )

    @guarded("load", failed=False)
    def load_json(self, data: str | bytes | Mapping[str, Any]) -> bool:
        """Load a position or a whole record (JSON text or an object); errors keep the state."""
        data = read_json(data) if isinstance(data, (str, bytes)) else data
        tree = self.session.tree  # the game before, kept whole (the view stays the session's)
        before = Session.from_json(tree_record(tree)) if tree.root.children else None
        what = self.session.load(data)
        kept = self._shelf.put(before) if before is not None else ""
        self.setup.show_earlier(self._shelf.labels)
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
        session = self._shelf.take(k)
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
        kept = self._shelf.put(self.session)
        self.session = session
        self.setup.show_earlier(self._shelf.labels)
        self._sync_setup()
        self.computer.paused = paused
        return kept

    def _sync_setup(self) -> None:
        seed = getattr(self.session.state.root, "seed", None)
        self._seed = seed if isinstance(seed, int) else self._seed
        self.setup.sync(self.session.state, seed if isinstance(seed, int) else None)

    # ================================================================= the computer
    @guarded("players")
    def set_seat(self, player: int, key: str) -> None:
        """Let a person (``"person"``) or the computer (a level or agent name) play ``player``."""
        self.computer.set_seat(player, key)
        self._sync(message=self.message, error=self.error)

    @guarded("stop")
    def stop(self) -> None:
        """Stop the computer: a search under way is ignored; nothing moves until :meth:`go`."""
        was = self.computer.stop()
        self._sync(message="Stopped: the computer waits until you press Go." if was else "")

    @guarded("go")
    def go(self) -> None:
        """Let the computer move for its seats again (after Stop, Back or a jump)."""
        self.computer.paused = False
        self._sync()

    @guarded("hint")
    def hint(self) -> None:
        """Ask the hint level's agent for its weights here (only for the viewer's own turn)."""
        request = self.session.hint_request()
        key = self.computer.hint(request.state, self.session.tree.current)
        self._say(f"Thinking about a hint ({key})…")

    def wait_for_computer(self, timeout: float = 60.0) -> bool:
        """Outside a kernel: apply the computer's moves and hints until it has nothing to do."""
        return self.computer.wait(timeout)

    @guarded("computer")
    def _on_computer_move(self, move: Move) -> None:
        mover = self.state.rules.player_names(self.state.players)[self.state.to_play or 0]
        self.session.play(move, by_computer=True)
        self._sync(structure=True, message=f"{mover} (computer) played {self.session.label()}.")

    @guarded("computer")
    def _on_computer_message(self, text: str, error: bool) -> None:
        self._sync(message=text, error=error)

    # ================================================================= pointer and keys
    def _on_hover(self, x: float, y: float) -> None:
        s = self.session
        if s.clicks and s.pass_to is None and s.substep is None:
            self.consider(self.renderer.targets_at(s.state, x, y, view=s.viewer))

    def _on_key(self, name: str) -> None:
        if name in ("r", "R") and self.session.clicks:
            self.rotate()
