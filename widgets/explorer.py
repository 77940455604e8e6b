"""The explorer: a board you click to play, with history, variations, variants and "why not?".

>>> import ftwkit
>>> from widgets import Explorer
>>> ex = Explorer(ftwkit.game_ids()[0])   # doctest: +SKIP
>>> ex.play(str(ex.state.legal_moves()[0])); ex.back(); ex.variations   # doctest: +SKIP

The explorer owns one :class:`~ftwkit.explore.tree.GameTree` and composes small widgets that hold no
game of their own:

- :class:`~widgets.board_view.BoardView` (``explorer.board``): the canvas, legend, move chooser,
  move buttons and typed moves; draws the board, the hint and the pass-the-device cover;
- :class:`~widgets.history.HistoryPanel` (``explorer.history``): navigation, slider, steps inside
  a move, the move list and the variation tree, under the seat panel;
- :class:`~widgets.computer.ComputerSeats` (``explorer.computer``): who plays each seat, when a
  computer seat moves (its search runs in the background), Stop / Go and the hint, shown in its
  :class:`~widgets.computer.SeatPanel` (``explorer.seat_panel``);
- :class:`~widgets.setup_panel.SetupPanel` (``explorer.setup``): seed, players, new game, the
  "view as" menu, the variant switches and the earlier games;
- :class:`~widgets.files_panel.FilesPanel` (``explorer.files``): load, paste, downloads, links
  and the board export. Its downloads and links are built only while its tab of
  ``explorer.settings`` is open, not after every move.

Their controls call the explorer's programmatic face, so a click and a call take one path. Every
change (a click, a move, a jump in the history, a new game, a loaded file) goes through
:meth:`Explorer._commit`, which stores the new selection, refreshes the status and the parts, and
only then redraws the board in one ``hold_canvas`` batch, so the text is current when the picture
arrives; observers of :attr:`Explorer.state` hear of the new state after that. Nothing is drawn
before the browser says the canvas is ready (``canvas.on_client_ready``), because Voilà loses (and
is broken by) earlier draw commands.
"""

from __future__ import annotations

import html
import json
import weakref
from collections.abc import Hashable, Mapping
from typing import Any

import ipywidgets
import traitlets

import ftwkit
from ftwkit import render
from ftwkit.clicks import MoveIndex, Narrowing, narrow
from ftwkit.errors import FtwError, IllegalMove, InvalidState
from ftwkit.explore.records import tree_from_record, tree_record
from ftwkit.explore.tree import GameTree, Node
from ftwkit.explore.visibility import HIDDEN, move_label
from ftwkit.explore.why_not import why_not_message
from ftwkit.options import make_options
from ftwkit.protocol import Move, State
from widgets import hooks, links
from widgets.board_view import BoardView
from widgets.colours import ERROR, INFO, MUTED, OK, TEXT
from widgets.computer import PERSON, ComputerSeats
from widgets.export import BoardExport
from widgets.files_panel import FilesPanel
from widgets.history import HistoryPanel
from widgets.inputs import excerpt, read_int, read_json, read_move, read_number, read_target
from widgets.log import LOGGER, LogPanel, guarded, one_line
from widgets.rules_docs import link_rulings
from widgets.setup_panel import SetupPanel
from widgets.switches import variant_summary

__all__ = ["Explorer"]

_DESIGNER = -1
_TO_PLAY = -2
_MAX_START_HIGHLIGHTS = 40
"""Before the first click, start targets are highlighted only if there are at most this many."""
STRAY_CLICK = (
    "That click continues no move: the move so far is kept. Click a highlighted place to go on, "
    "or its last place again to take that step back."
)
"""What a click beside the board says while a move is entered past its first click."""
_MAX_EARLIER = 8
"""How many games put aside the explorer keeps."""


def _turns_pieces(state: State) -> bool:
    """Whether the game lets a picked-up piece be turned (its click grammar says so)."""
    return state.rules.clicks.turns_pieces


def _options(rules: ftwkit.Rules) -> Any:
    """The rules' options dataclass."""
    return rules.options


class Explorer(ipywidgets.VBox):
    """Explore one game: click the board to play, step through history, branch, ask "why not?".

    Args:
        game_or_state: a registered game id (see ``ftwkit.game_ids()``) or a ``State`` to start
            from (its history is kept).
        players: the player count of a new game (defaults to the game's minimum).
        seed: the seed of a new game.
        view: whose view to draw for hidden-information games (``None`` = the designer's, all
            visible; a player's number; ``"to_play"`` = the player to move, passing the device).
        renderer: a renderer to use instead of ``ftwkit.render.renderer(game_id)``.
        **options: the game's variant switches (only with a game id).

    :attr:`state` is an observable trait: ``explorer.observe(handler, "state")`` calls
    ``handler`` with the new state after every change (a move clicked or played, a step in the
    history, a new game, a load), once the page shows it.

    The programmatic face mirrors the clicks: :attr:`state`, :meth:`play`, :meth:`select`,
    :meth:`choose`, :meth:`back`, :meth:`forward`, :meth:`goto`, :attr:`variations`,
    :meth:`switch_variation`, :meth:`new_game`, :meth:`load_json`.
    """

    # States compare by value, so a change that ends on an equal state (a new game from the
    # start position) notifies no one; every game's State subclass is accepted.
    state = traitlets.Instance(
        State,  # type: ignore[type-abstract]  # any concrete State subclass
        read_only=True,
        help="The state shown (the current node of the tree); observe it to follow the game.",
    )

    def __init__(
        self,
        game_or_state: str | State,
        *,
        players: int | None = None,
        seed: int | None = 0,
        view: int | str | None = None,
        renderer: Any = None,
        **options: Any,
    ) -> None:
        if isinstance(game_or_state, State):
            if options:
                raise ValueError("pass options with a game id, not with a state")
            start = game_or_state
        else:
            start = ftwkit.rules(game_or_state, **options).new(players=players, seed=seed)
        self.log_panel = LogPanel()
        self._game = start.rules.id
        if renderer is None:
            renderer = render.renderer(self._game)
        self._tree = GameTree(start)
        self.set_trait("state", start)
        self._clicks: tuple[Any, ...] = ()
        # a place that starts another move, clicked once while a chain was entered: a second
        # click there drops the chain (None: no such click pending)
        self._restart: Any = None
        # the turn of a picked-up piece (``rules.clicks.turns``; None: its first) and the target
        # its see-through preview is shown at (None: wherever the game shows it first)
        self._turn: int | None = None
        self._considered: Any = None
        self._narrowing: Narrowing = narrow([], ())
        self._index = MoveIndex([])
        self._index_state: State | None = None
        self._substep: int | None = None
        self._steps: list[tuple[str, State]] = []
        self._view_choice = (
            _DESIGNER
            if view is None
            else _TO_PLAY
            if view == "to_play"
            else read_int(view, "view", low=0, high=start.players - 1)
        )
        # hot seat: the player whose hand the "player to move" view last revealed, and the
        # player the device must be passed to before theirs is shown (None: no pass pending)
        self._shown_viewer: int | None = None
        self._pass_to: int | None = None
        self._seed = seed if isinstance(seed, int) else 0
        self._labels: weakref.WeakKeyDictionary[Node, dict[int | None, str]] = (
            weakref.WeakKeyDictionary()
        )
        self._draws = 0
        self._chooser_shown: tuple[tuple[Move, ...], bool] | None = None
        self._buttons_shown: tuple[tuple[Move, ...], str | None, bool] | None = None
        self._build_widgets(start, renderer)
        super().__init__(self._layout_children(), layout=ipywidgets.Layout(width="auto"))
        self.add_class("ftw-explorer")
        self._sync_setup(start)
        self._commit(structure=True)

    # ================================================================= building
    def _build_widgets(self, start: State, renderer: Any) -> None:
        self.board = BoardView(
            renderer,
            # (the player-to-move view needs the seats, made below; the first draw resizes)
            renderer.size(
                start,
                view=start.to_play if self._view_choice == _TO_PLAY else self._view_player(start),
            ),
            click=self._on_canvas_mouse_down,
            ready=self._on_canvas_client_ready,
            play_text=self.play,
            # only games whose pieces turn before they go down preview them under the pointer
            hover=self._on_canvas_mouse_move if _turns_pieces(start) else None,
            key=self._on_canvas_key if _turns_pieces(start) else None,
            rotate=self.rotate if _turns_pieces(start) else None,
            passes_over=type(start).substeps is not State.substeps,
        )
        self.rotate_button = self.board.rotate_button
        self.canvas = self.board.canvas
        self.legend = self.board.legend
        width = self.canvas.width

        self._title = ipywidgets.HTML()
        self._variant = ipywidgets.HTML(layout=ipywidgets.Layout(min_height="20px"))
        self._variant.add_class("ftw-variant")
        self._status = ipywidgets.HTML()
        # the link to the state shown, kept in the page so that a page whose kernel died can
        # offer to reload at the same position (hidden: ``<span class="ftw-resume" data-link>``)
        self.resume = ipywidgets.HTML(layout=ipywidgets.Layout(display="none"))
        self.resume.add_class("ftw-resume-box")
        self._message = ipywidgets.HTML()
        self._message.layout.max_width = f"{max(width, 600)}px"
        # A message appearing must not push the board down between two clicks.
        self._message.layout.min_height = "24px"
        for widget, name in (
            (self._title, "ftw-title"),
            (self._status, "ftw-status"),
            (self._message, "ftw-message"),
        ):
            widget.add_class(name)
        # game set-up; games put aside by a new game, a variant change or a load, newest first
        self._earlier: list[tuple[str, GameTree]] = []
        self.setup = SetupPanel(
            start,
            self._seed,
            new_game=self._on_new_game,
            change_variants=self._on_variants,
            choose_view=self._on_view_choice,
            return_to_earlier=self.return_to_earlier,
        )

        self.board_export = BoardExport(
            self.canvas,
            self.picture_svg,
            lambda: f"{self._game}-move-{self._tree.index}",
            self._redraw,
        )
        self.files = FilesPanel(
            self.load_json, self._on_uploaded, self.board_export, self._offer_downloads
        )

        # players: a person or the computer per seat, Stop / Go, Hint
        self.computer = ComputerSeats(
            start.players,
            seed=lambda: self._seed,
            play=self._on_computer_move,
            update=self._on_computer_message,
            choose_seat=self.set_seat,
            log=self.log_panel,
        )
        self.seat_panel = self.computer.panel
        self.seat_panel.stop_button.on_click(self._on_stop_click)
        self.seat_panel.go_button.on_click(self._on_go_click)
        self.seat_panel.hint_button.on_click(self._on_hint_click)
        self.history = HistoryPanel(
            goto=self.goto,
            back=self.back,
            forward=self.forward,
            select_node=self._select_node,
            promote=self.promote,
            step=self.step,
            header=[self.seat_panel],
        )

    def _layout_children(self) -> list[ipywidgets.Widget]:
        # The history column wraps under the board when both do not fit side by side.
        self.settings = ipywidgets.Accordion(
            children=[self.setup, self.files],
            titles=("Game, variants and view", "Load / save / export"),
            selected_index=None,
        )
        # the downloads are built while their tab is open (its click opens it), not every move
        traitlets.dlink(
            (self.settings, "selected_index"), (self.files, "shown"), lambda index: index == 1
        )
        return [
            ipywidgets.HBox([self._title, self._status]),
            self._variant,
            self._message,
            ipywidgets.HBox(
                [self.board, self.history], layout=ipywidgets.Layout(flex_flow="row wrap")
            ),
            self.settings,
            self.log_panel,
            self.resume,
        ]

    # ================================================================= programmatic face
    @property
    def shown_state(self) -> State:
        """The state drawn on the board (a step inside the last move while stepping through it)."""
        return self._draw_state()

    @property
    def renderer(self) -> Any:
        """The game's renderer (drawing and hit-testing)."""
        return self.board.renderer

    @property
    def view(self) -> int | None:
        """The player whose view is drawn, or ``None`` for the designer's view of everything."""
        return self._view_player()

    @property
    def option_widgets(self) -> dict[str, ipywidgets.ValueWidget]:
        """The variant controls by option name (changing one starts a new game)."""
        return self.setup.option_widgets

    @property
    def tree(self) -> GameTree:
        """The tree of every line played."""
        return self._tree

    @property
    def selection(self) -> tuple[Any, ...]:
        """The targets clicked so far towards the next move."""
        return self._clicks

    @property
    def highlighted(self) -> frozenset[Any]:
        """The targets a further click may choose."""
        if self._hides_moves():
            return frozenset()
        return self._narrowing.next_targets

    @property
    def choices(self) -> list[Move]:
        """The complete moves the chooser offers (several share the clicked targets)."""
        return list(self._narrowing.complete) if self._narrowing.needs_choice else []

    @property
    def button_moves(self) -> list[Move]:
        """The legal moves without targets, offered as buttons (end turn, pass, ask…).

        None while the view hides the options of the player to move (see :meth:`_hides_moves`).
        """
        if self._hides_moves():
            return []
        return [m for m in self.state.legal_moves() if not m.targets]

    @property
    def status(self) -> str:
        """The status line as plain text."""
        return self._status_text()

    @property
    def message(self) -> str:
        """The last message shown (a refused move, a "why not?" answer); empty if none."""
        return self._message_text

    @property
    def variations(self) -> list[tuple[str, ...]]:
        """Every line in the tree as move notations, main line first (masked as in the view)."""
        viewer = self._view_player()
        return [
            tuple(self._move_label(n, viewer) for n in leaf.path()[1:])
            for leaf in self._tree.leaves()
        ]

    @property
    def line(self) -> tuple[str, ...]:
        """The moves of the line shown, from the start to its end (masked as in the view)."""
        viewer = self._view_player()
        return tuple(self._move_label(n, viewer) for n in self._tree.line[1:])

    @property
    def index(self) -> int:
        """The ply of the state shown within the line."""
        return self._tree.index

    @property
    def substeps(self) -> list[str]:
        """Labels of the steps inside the last move (empty when it has none)."""
        return [label for label, _ in self._steps]

    @property
    def draws(self) -> int:
        """How many times the board was drawn (for tests and benchmarks)."""
        return self._draws

    @guarded("play", failed=False)
    def play(self, move: Move | str) -> bool:
        """Play a move (or its notation) at the state shown; a refused move shows its reason.

        Returns:
            True if the move was played (False, with the message shown, if it was refused).
        """
        state = self.state
        self._check_may_move()
        if isinstance(move, str):
            move = self._parse_move(state, move)
        self._tree.play(move)
        self.computer.paused = False
        self._commit(structure=True)
        return True

    def _parse_move(self, state: State, text: str) -> Move:
        """The move typed, or ``IllegalMove`` in one line whatever the text holds."""
        text = read_move(text)
        try:
            return state.rules.parse_move(state, text)
        except FtwError:
            raise
        except Exception as err:  # e.g. a number of 5,000 digits, refused by int()
            LOGGER.warning("parse_move failed on %r", excerpt(text, 200), exc_info=err)
            raise IllegalMove(f"cannot read {excerpt(text)!r} as a move") from None

    @guarded("click")
    def select(self, target: Hashable | None) -> None:
        """Click a target (``None`` = empty space): narrow, highlight, play, or explain.

        A list (as JSON gives cells like ``[3, 4]``) is taken as the tuple ``(3, 4)``.
        """
        self._click(None if target is None else read_target(target))

    @guarded("click")
    def click(self, x: float, y: float) -> None:
        """Click the board at pixel ``(x, y)`` (on the pass-the-device cover: :meth:`ready`)."""
        x, y = read_number(x, "x"), read_number(y, "y")
        if self._pass_to is not None:
            self.ready()
            return
        if self._substep is not None:
            self._commit(structure=False)
        target = self.renderer.targets_at(self._draw_state(), x, y, view=self._view_player())
        self._click(target)

    @guarded("click")
    def rotate(self) -> None:
        """Turn the picked-up piece to its next turn (``rules.clicks.turns``) before it goes down.

        The next click on a place puts it down so turned, when that turn is legal there.
        """
        self._check_may_move()
        turns = self._piece_turns()
        if len(turns) < 2:
            raise IllegalMove("pick up a piece that can be turned first (nothing to rotate)")
        turn = self._current_turn()
        self._turn = turns[(turns.index(turn) + 1) % len(turns)] if turn in turns else turns[0]
        self._commit(structure=False, clicks=self._clicks, message=self._turn_message())

    @guarded("click")
    def consider(self, target: Hashable | None) -> None:
        """Preview the picked-up piece at ``target`` (the place under the pointer), if it fits."""
        target = None if target is None else read_target(target)
        if target != self._considered and self._piece_turns():
            self._considered = target
            self._redraw()

    @property
    def passed_over(self) -> frozenset[Any]:
        """The places the move entered so far passes over, marked on the board (the pieces a
        Play Win chain has jumped so far)."""
        return self._passed_over()

    @property
    def turn(self) -> int | None:
        """The turn the picked-up piece will be put down in, or ``None`` if none is picked up."""
        return self._current_turn()

    def _piece_turns(self) -> tuple[int, ...]:
        if not self._clicks or self._substep is not None or self.state.is_over:
            return ()
        return self.state.rules.clicks.turns(self.state, self._clicks)

    def _current_turn(self) -> int | None:
        turns = self._piece_turns()
        if not turns:
            return None
        return self._turn if self._turn in turns else turns[0]

    def _turn_message(self) -> str:
        turn = self._current_turn()
        return f"Turned to {turn} quarter turn{'s' if turn != 1 else ''} clockwise: click a place."

    @guarded("chooser")
    def choose(self, choice: int | Move | str) -> None:
        """Pick one of the chooser's moves (by index, move or notation) or a button move."""
        self._check_may_move()
        offered = self.choices + self.button_moves
        move: Move | None = None
        if isinstance(choice, int) and not isinstance(choice, bool):
            if not 0 <= choice < len(self.choices):
                raise IllegalMove(f"there is no choice {choice}: {len(self.choices)} offered")
            move = self.choices[choice]
        else:
            for m in offered:
                if m == choice or str(m) == choice:
                    move = m
        if move is None:
            raise IllegalMove(f"{choice} is not among the offered moves")
        self._tree.play(move)
        self.computer.paused = False
        self._commit(structure=True)

    @guarded("history")
    def back(self) -> None:
        """Step one move back (the computer waits until Go or the next move)."""
        self.computer.paused = True
        self._tree.back()
        self._commit(structure=True)

    @guarded("history")
    def forward(self) -> None:
        """Step one move forward along the line shown."""
        self.computer.paused = True
        self._tree.forward()
        self._commit(structure=True)

    @guarded("history")
    def goto(self, index: int) -> None:
        """Show ply ``index`` of the line (0 = the start; negative counts from the end)."""
        size = len(self._tree.line)
        index = read_int(index, "a ply", low=-size, high=size - 1)
        if index < 0:
            index += size
        self.computer.paused = True
        self._tree.goto(index)
        self._commit(structure=True)

    def first(self) -> None:
        """Show the start."""
        self.goto(0)

    def last(self) -> None:
        """Show the end of the line."""
        self.goto(-1)

    @guarded("variations")
    def switch_variation(self, k: int) -> None:
        """Show line ``k`` of :attr:`variations` at its first move that differs from the line shown.

        Switching keeps the view where the lines part, like a chess GUI's variation list.
        """
        leaves = self._tree.leaves()
        k = read_int(k, "a line's number")
        if not 0 <= k < len(leaves):
            raise IllegalMove(f"there is no line {k}: the tree has {len(leaves)}")
        leaf = leaves[k]
        current_line = set(map(id, self._tree.line))
        node = leaf
        for candidate in leaf.path():
            node = candidate
            if id(candidate) not in current_line:
                break
        self.computer.paused = True
        self._tree.select(node, leaf)
        self._commit(structure=True)

    @guarded("variations")
    def promote(self) -> None:
        """Make the line shown the main line."""
        self._tree.promote(self._tree.line[-1])
        self._commit(structure=True)

    @guarded("sub-steps")
    def step(self, k: int | None) -> None:
        """Show the position after step ``k`` inside the last move (``None`` = after the move)."""
        k = None if k is None else read_int(k, "a step's number")
        if k is not None and not (0 <= k < len(self._steps)):
            raise IllegalMove(f"the last move has {len(self._steps)} steps, not a step {k + 1}")
        self._commit(structure=False, clicks=(), substep=k)

    @guarded("new game")
    def new_game(self, seed: int | None = None, players: int | None = None, **options: Any) -> None:
        """Start a new game (same variants unless given), forgetting the tree."""
        rules = self.state.rules
        seed = self._seed if seed is None else read_int(seed, "the seed")
        if players is not None:
            low, high = rules.min_players, rules.max_players
            players = read_int(players, "the player count", low=low, high=high)
        if options:
            try:
                rules = type(rules)(make_options(rules.Options, options, base=_options(rules)))
            except (ValueError, TypeError) as err:
                raise InvalidState(one_line(str(err), 200)) from None
        self._start(rules, seed=seed, players=players)

    @guarded("load", failed=False)
    def load_json(self, data: str | bytes | Mapping[str, Any]) -> bool:
        """Load a position or a whole record (JSON text or an object); errors keep the state.

        Returns:
            True if loaded (False, with the reason shown, if not).
        """
        if isinstance(data, (str, bytes)):
            data = read_json(data)
        if not isinstance(data, Mapping):
            raise InvalidState("a position or record must be a JSON object")
        is_record = "start" in data and "moves" in data
        if is_record and data.get("game") != self._game:
            game = excerpt(repr(data.get("game")))
            raise InvalidState(f"game: this record is for {game}, not {self._game!r}")
        try:
            tree = tree_from_record(data) if is_record else GameTree(self.state.rules.load(data))
        except FtwError:
            raise
        except Exception as err:  # the engine's duty, but the page must still say one line
            kind = "record" if is_record else "position"
            LOGGER.warning("loading a %s failed", kind, exc_info=err)
            raise InvalidState(
                f"the engine could not read this {kind} ({type(err).__name__})"
            ) from None
        what = "position"
        if is_record:
            lines = len(tree.leaves()) - 1
            also = f" and {lines} variation{'s' if lines != 1 else ''}" if lines else ""
            count = len(data["moves"])
            what = f"record of {count} move{'s' if count != 1 else ''}{also}"
        kept = self._replace_tree(tree)
        if kept:
            what += f"; the game before is kept under Earlier games ({kept})"
        self.computer.paused = True
        self._sync_setup(tree.state)
        self._commit(structure=True, message=f"Loaded a {what}.")
        return True

    def position_json(self) -> str:
        """The state shown as JSON text (what "Download position" saves).

        In a player's view this is that player's observation: a download must not carry what
        the page hides.
        """
        viewer = self._view_player()
        data = self.state.to_json() if viewer is None else self.state.observation(viewer)
        return json.dumps(data, indent=1)

    def record_json(self) -> str:
        """Every line explored as a game record (what "Download record" saves).

        The main line is the record's ``moves``; every other line is kept as a variation (see
        :mod:`ftwkit.records`), so loading the file gives back the whole tree.

        Raises:
            IllegalMove: a player's view is set in a hidden-information game (a record holds the
                seed and every hidden move, so only the designer's view offers it).
        """
        viewer = self._view_player()
        if viewer is not None and self.state.rules.hidden_information:
            name = self.state.rules.player_names(self.state.players)[viewer]
            raise IllegalMove(
                f"a record holds every hidden card and move, so it is not offered in {name}'s "
                "view; switch the view to the designer to download it"
            )
        return json.dumps(tree_record(self._tree), indent=1)

    def link_to_position(self) -> str:
        """A link that opens this dashboard at the state shown (see :mod:`widgets.links`).

        Only of a whole state: in a player's view of a hidden-information game it would carry
        the hidden cards, so it is refused there as the record is.
        """
        self._check_whole_state_view("a link to the position")
        return links.link("position", self.state.to_json(), self._game)

    def link_to_record(self) -> str:
        """A link that opens this dashboard with every line explored (the record's tree)."""
        self._check_whole_state_view("a link to the record")
        return links.link("record", tree_record(self._tree), self._game)

    def _check_not_covered(self, what: str) -> None:
        if self._pass_to is not None:
            raise IllegalMove(
                f"{what} is not offered while the board is covered: pass the device to "
                f"{self.pass_to} first"
            )

    def _check_whole_state_view(self, what: str) -> None:
        viewer = self._view_player()
        if viewer is not None and self.state.rules.hidden_information:
            name = self.state.rules.player_names(self.state.players)[viewer]
            raise IllegalMove(
                f"{what} holds every hidden card and move, so it is not offered in {name}'s "
                "view; switch the view to the designer for it"
            )

    @guarded("link", failed=False)
    def open_link(self, query: str) -> bool:
        """Open the ``position`` or ``record`` a dashboard address's query string carries.

        Returns:
            True if the query held one and it was loaded; False if it held none, or (with the
            reason on the message line) if it could not be read.
        """
        if not isinstance(query, str):
            raise InvalidState("a link's query must be text (what follows the ? of an address)")
        found = links.read_query(query)
        if found is None:
            return False
        name, data = found
        if name == "record" and not ("start" in data and "moves" in data):
            raise InvalidState('record in the link: a record needs "start" and "moves"')
        if not self.load_json(data):
            self._set_message(f"The {name} in the link was not opened: {self.message}", True)
            return False
        self._set_message(f"Opened the {name} given in the link. {self.message}", False)
        return True

    @property
    def pass_to(self) -> str | None:
        """The player the device must be passed to before the board shows their hand, if any.

        In the "player to move" view of a hidden-information game, the board is covered when
        the view would change to another person, until that person clicks it (:meth:`ready`).
        """
        if self._pass_to is None:
            return None
        return self.state.rules.player_names(self.state.players)[self._pass_to]

    @guarded("ready")
    def ready(self) -> None:
        """The next player has the device: uncover the board in their view."""
        if self._pass_to is None:
            return
        self._shown_viewer, self._pass_to = self._pass_to, None
        self._commit(structure=True)

    def _update_pass(self) -> None:
        """Cover the board when the "player to move" view would reveal another person's hand."""
        if self._view_choice != _TO_PLAY or not self.state.rules.hidden_information:
            self._shown_viewer = self._pass_to = None
            return
        wanted = self._person_to_view(self.state)
        if wanted is None or self._shown_viewer is None or wanted == self._shown_viewer:
            self._pass_to = None
            self._shown_viewer = wanted
        else:
            self._pass_to = wanted

    @guarded("view")
    def set_view(self, view: int | str | None) -> None:
        """Draw as the designer (``None``), as player ``view``, or as ``"to_play"``."""
        if view is None or view == "to_play":
            self._view_choice = _DESIGNER if view is None else _TO_PLAY
        else:
            players = self.state.players
            self._view_choice = read_int(
                view, "a view (a player's number)", low=0, high=players - 1
            )
        self._commit(structure=True)

    # ================================================================= computer seats
    # The decisions are :class:`~widgets.computer.ComputerSeats`' (``explorer.computer``); these
    # are the programmatic face, and each change goes through the one update.
    @property
    def seats(self) -> tuple[str, ...]:
        """Who plays each seat: ``"person"``, a level (``"easy"``…) or an agent name."""
        return self.computer.seats

    @property
    def seat_choices(self) -> list[str]:
        """The keys the seat menus offer (``"person"`` first)."""
        return self.computer.choices

    @property
    def thinking(self) -> bool:
        """Whether the computer is searching for a move now."""
        return self.computer.thinking

    @property
    def hint_moves(self) -> list[tuple[str, float]]:
        """The hint for the state shown: ``(move, share)``, best first (empty if none)."""
        return [(str(move), share) for move, share in self.computer.hint_for(self._tree.current)]

    @guarded("players")
    def set_seat(self, player: int, key: str) -> None:
        """Let a person (``"person"``) or the computer (a level or agent name) play ``player``."""
        self.computer.set_seat(player, key)
        self._commit(structure=False, message=None)

    @guarded("stop")
    def stop(self) -> None:
        """Stop the computer: a search under way is ignored; nothing moves until :meth:`go`."""
        was = self.computer.stop()
        text = "Stopped: the computer waits until you press Go." if was else ""
        self._commit(structure=False, message=text)

    @guarded("go")
    def go(self) -> None:
        """Let the computer move for its seats again (after Stop, Back or a jump)."""
        self.computer.paused = False
        self._commit(structure=False)

    @guarded("hint")
    def hint(self) -> None:
        """Ask the hint level's agent for its weights here; shown on the board and as text.

        Only for the viewer's own turn: in a player's view the hint of another seat would tell
        what that player holds.
        """
        key = self.computer.hint(self.state, self._tree.current, self._view_player())
        self._set_message(f"Thinking about a hint ({key})…", False)

    def wait_for_computer(self, timeout: float = 60.0) -> bool:
        """Outside a kernel: apply the computer's moves and hints until it has nothing to do.

        Inside a kernel results arrive on their own. Returns False if ``timeout`` passed first.
        """
        return self.computer.wait(timeout)

    @guarded("computer")
    def _on_computer_move(self, move: Move) -> None:
        """Play the computer's move (legal at the state shown) and say so."""
        state = self.state
        mover = state.rules.player_names(state.players)[state.to_play or 0]
        self._tree.play(move)
        label = self._move_label(self._tree.current, self._view_player())
        self._commit(structure=True, message=f"{mover} (computer) played {label}.")

    @guarded("computer")
    def _on_computer_message(self, text: str, error: bool) -> None:
        self._commit(structure=False, message=text, error=error)

    # ================================================================= the one update
    def _commit(
        self,
        *,
        structure: bool,
        clicks: tuple[Any, ...] = (),
        substep: int | None = None,
        message: str | None = "",
        error: bool = False,
    ) -> None:
        """Store the selection, refresh status and (if ``structure``) the lists, then redraw.

        Observers of :attr:`state` hear of a new state after the redraw, so a handler sees the
        page as it now is.

        The canvas is redrawn last (one ``hold_canvas`` batch, one message), after every text
        widget has been updated, so the page never shows a new picture beside an old status.

        Args:
            structure: the state, the tree or the view changed (refresh lists, buttons, and the
                downloads if their tab is open).
            clicks: the targets selected towards the next move.
            substep: the step inside the last move to show, or ``None``.
            message: the message line (``None`` leaves it as it is).
            error: show the message as an error.
        """
        # The new state is published (``observe(handler, "state")``) only once every part shows
        # it: notifications are held until the redraw is done.
        with self.hold_trait_notifications():
            self.set_trait("state", self._tree.state)
            if tuple(clicks)[:1] != self._clicks[:1] or structure:
                self._turn, self._considered, self._restart = None, None, None
            self._clicks = tuple(clicks)
            self._substep = substep
            covered = self._pass_to
            self._update_pass()
            structure = structure or self._pass_to != covered
            self._narrowing = self._move_index().narrow(self._clicks)
            if message is not None:
                self._set_message(message, error)
            if structure:
                self._steps = self._compute_steps()
            cannot = self.computer.sync(self.state, self._tree.current)
            if cannot:
                self._set_message(cannot, True)
            self._refresh_status()
            self._refresh_chooser()
            self._refresh_rotate()
            if structure:
                self._refresh_buttons()
                self._refresh_history()
                self._refresh_view_options()
                self.files.refresh()
                self._refresh_resume()
                self.board_export.forget()
                self.board_export.button.disabled = self._pass_to is not None
            self.computer.refresh(self.state)
            self._refresh_steps()
            # The picture comes last, so the text beside it is already current when it arrives.
            self._redraw()

    # ================================================================= clicks
    def _click(self, target: Hashable | None) -> None:
        state = self.state
        clicks = self._clicks
        unordered = any(m.unordered_targets for m in self._narrowing.candidates)
        # A chain entered past its first click survives a stray click (one that continues no
        # move): it is kept, with the reason; a click on its last place takes that step back.
        kept_on_stray = clicks if len(clicks) >= 2 else ()
        if target is None:
            message = STRAY_CLICK if kept_on_stray else ""
            self._commit(structure=False, clicks=kept_on_stray, message=message)
            return
        self._check_may_move()
        if clicks == (target,) and len(self._piece_turns()) > 1:
            # a click on the picked-up piece turns it (a piece with one turn is put back)
            self.rotate()
            return
        if clicks and target in clicks and (unordered or target == clicks[-1]):
            kept = list(clicks)
            kept.remove(target)
            self._commit(structure=False, clicks=tuple(kept) if unordered else clicks[:-1])
            return
        if state.is_over:
            self._commit(structure=False, message="The game is over: no more moves.", error=True)
            return
        index = self._move_index()
        n = index.narrow((*clicks, target))
        restart, self._restart = self._restart, None
        if not n.possible and clicks:
            fresh = index.narrow((target,))
            if fresh.possible and kept_on_stray and restart != target:
                # another move starts there: a chain entered past its first click is not
                # dropped by one click, only by a second one on the same place
                self._restart = target
                self._commit(structure=False, clicks=clicks, message=self._restart_message(target))
                return
            if fresh.possible:
                n = fresh
        if not n.possible:
            why = self._why_not((*clicks, target))
            self._commit(structure=False, clicks=kept_on_stray, message=why, error=True)
            return
        decided = n.decided
        turn = self._current_turn()
        if n.complete and turn is not None and n.clicks[:1] == clicks[:1]:
            turned = state.rules.clicks.turned(state, n.clicks, turn)
            if turned is not None and turned in n.complete:
                decided = turned
        if decided is not None:
            self._tree.play(decided)
            self.computer.paused = False
            self._commit(structure=True)
            return
        self._commit(structure=False, clicks=n.clicks)

    def _restart_message(self, target: Any) -> str:
        entered = "-".join(map(str, self._clicks))
        return (
            f"{target} starts another move: the one entered so far ({entered}) is kept. Click "
            f"{target} again to drop it and start there, or go on from {self._clicks[-1]}."
        )

    def _passed_over(self) -> frozenset[Any]:
        """The places the move entered so far passes over (the pieces a chain has jumped)."""
        if len(self._clicks) < 2 or self._substep is not None:
            return frozenset()
        places = self.renderer.targets(self.state, view=self._view_player())
        return hooks.passed_over(self._narrowing.candidates, self._clicks, places)

    def _hides_moves(self) -> bool:
        """Whether the view hides the options of the player to move.

        In a hidden-information game seen as one player, the options of another player (their
        legal moves, buttons, highlights, the reasons a move of theirs is refused) would show
        their hidden cards, so only the viewer's own moves can be made from the page.
        """
        state = self.state
        viewer = self._view_player()
        return (
            viewer is not None
            and state.to_play is not None
            and state.to_play != viewer
            and state.rules.hidden_information
        )

    def _check_may_move(self) -> None:
        """Refuse a move while the computer thinks, or one whose options the view hides."""
        if self._pass_to is not None:
            name = self.state.rules.player_names(self.state.players)[self._pass_to]
            raise IllegalMove(
                f"pass the device to {name}: the board stays covered until they click it"
            )
        self.computer.check_idle(self.state)
        if self._hides_moves():
            state = self.state
            names = state.rules.player_names(state.players)
            mover, viewer = names[state.to_play or 0], names[self._view_player() or 0]
            raise IllegalMove(
                f"it is {mover}'s turn and their cards are hidden in {viewer}'s view; "
                f"view the game as {mover} (or as the player to move) to play for them"
            )

    def _move_label(self, node: Node, viewer: int | None) -> str:
        """The notation of the move that led to ``node`` as ``viewer`` may read it (cached).

        While the board is covered for passing the device, both players may be looking: a
        word of the move shows only if both of them may read it.
        """
        label = self._label_for(node, viewer)
        if self._pass_to is None or viewer != self._shown_viewer:
            return label
        other = self._label_for(node, self._pass_to)
        if other == label:
            return label
        mine, theirs = label.split(), other.split()
        if len(mine) != len(theirs):
            return "a hidden move"
        return " ".join(a if a == b else HIDDEN for a, b in zip(mine, theirs, strict=True))

    def _label_for(self, node: Node, viewer: int | None) -> str:
        if node.parent is None or node.move is None:
            return ""
        cached = self._labels.setdefault(node, {})
        if viewer not in cached:
            cached[viewer] = move_label(node.parent.state, node.move, viewer)
        return cached[viewer]

    def _move_index(self) -> MoveIndex:
        """The legal moves of the state shown, indexed by target (built once per state)."""
        if self._index_state is not self.state:
            self._index = MoveIndex(self.state.legal_moves())
            self._index_state = self.state
        return self._index

    def _why_not(self, clicks: tuple[Any, ...]) -> str:
        """Why the clicks match no legal move, as the engine says it (``explain_targets``)."""
        state = self.state
        try:
            reason = hooks.why_not(state, clicks)
        except Exception as err:  # a broken hook must not hide the answer
            self.log_panel.exception(err, "explain_targets")
            reason = None
        return why_not_message(state.legal_moves(), clicks, reason, bool(self.button_moves))

    # ================================================================= drawing
    def _view_player(self, state: State | None = None) -> int | None:
        state = self.state if state is None else state
        if self._view_choice == _DESIGNER:
            return None
        if self._view_choice == _TO_PLAY:
            if self._pass_to is not None:
                return self._shown_viewer  # the board is covered: nothing of the next hand yet
            return self._person_to_view(state)
        return self._view_choice if 0 <= self._view_choice < state.players else None

    def _person_to_view(self, state: State) -> int | None:
        """The "player to move" view: the player to move, unless the computer plays that seat.

        Then it is the person who moved last (or the first person seat): a person playing
        against the computer must not see the computer's cards while it is its turn.
        """
        mover = state.to_play
        seats = self.computer.seats
        if mover is None or mover >= len(seats) or seats[mover] == PERSON:
            return mover
        people = [p for p, key in enumerate(seats) if key == PERSON]
        if not people:
            return mover
        earlier: State | None = state.previous
        while earlier is not None:
            if earlier.to_play in people:
                return earlier.to_play
            earlier = earlier.previous
        return people[0]

    def _draw_state(self) -> State:
        if self._substep is not None and self._substep < len(self._steps):
            return self._steps[self._substep][1]
        return self.state

    def _picture_marks(self, state: State, view: int | None) -> dict[str, Any]:
        """The markers the board shows now: highlighted and selected targets, the last move."""
        if self._substep is None:
            highlight = set(self.highlighted)
            if not self._clicks and len(highlight) > _MAX_START_HIGHLIGHTS:
                # Every empty point of a Go board is a start: marking them all is only noise.
                highlight = set()
            # Cells the engine flags (``state.notes()``) are drawn by the renderer as flagged,
            # not marked as a possible next click.
            selected: tuple[Any, ...] = self._clicks
        else:
            highlight, selected = set(), ()
        node = self._tree.current
        shows_last = (
            self._substep is None
            and node.parent is not None
            and self._move_label(node, view) == str(node.move)
        )
        marks: dict[str, Any] = {
            "highlight": highlight,
            "selected": selected,
            "last_move": shows_last,
        }
        turn = self._current_turn()
        if turn is not None and state is self.state:
            ghost = state.rules.clicks.ghost(state, self._clicks, turn, self._considered)
            if ghost is not None:
                marks["ghost"] = ghost
        return marks

    def picture_svg(self) -> str:
        """The board as shown (view, markers, a step inside a move) as SVG text.

        Raises:
            IllegalMove: the board is covered for passing the device (whose hand would it be?).
        """
        self._check_not_covered("a picture of the board")
        state = self._draw_state()
        view = self._view_player()
        return render.svg(state, view=view, **self._picture_marks(state, view))

    def _redraw(self) -> None:
        self.legend.show(self._draw_state(), self._view_player())
        if not self.board.client_ready:
            return
        if self._pass_to is not None:
            self.board.draw_cover(self.pass_to)
            self._draws += 1
            return
        state = self._draw_state()
        view = self._view_player()
        self.board.draw(
            state,
            view,
            self._picture_marks(state, view),
            hint=self.computer.hint_for(self._tree.current) if self._substep is None else (),
            thinking=self.computer.thinking,
            passed=self._passed_over(),
        )
        self._draws += 1

    # ================================================================= refreshing parts
    def _status_text(self) -> str:
        # While stepping inside a move the board shows a step of it: the line speaks of that
        # position (whose move it is, the scores then), as the picture does.
        stepping = self._substep is not None and self._substep < len(self._steps)
        state = self._draw_state() if stepping else self.state
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
            label = self._steps[self._substep][0]
            parts.append(f"inside move {self._tree.index} of {len(self._tree.line) - 1}: {label}")
        else:
            parts.append(f"move {self._tree.index} of {len(self._tree.line) - 1}")
        computer = self.computer.status(self.state)
        if computer:
            parts.append(computer)
        return " · ".join(parts)

    def _refresh_status(self) -> None:
        self._title.value = f"<b style='font-size:15px'>{html.escape(self.state.rules.title)}</b>"
        summary = variant_summary(self._game, _options(self.state.rules))
        self._variant.value = (
            f"<span style='color:{MUTED};font-size:13px'>Playing: {html.escape(summary)}</span>"
        )
        colour = OK if self.state.is_over else TEXT
        text = html.escape(self._status_text())
        self._status.value = f"<span style='margin-left:1em;color:{colour}'>{text}</span>"

    def _set_message(self, text: str, error: bool) -> None:
        text = one_line(text)
        self._message_text = text
        if not text:
            self._message.value = ""
            return
        colour = ERROR if error else INFO
        shown = link_rulings(html.escape(text))
        self._message.value = f"<div style='color:{colour}'>{shown}</div>"

    def _show_error(self, text: str) -> None:
        """Show a refused move or malformed input (called by the ``guarded`` decorator)."""
        self._set_message(text, True)

    def _refresh_chooser(self) -> None:
        # the chooser's and the move buttons' widgets are made anew only when what they offer
        # changes (new widgets are a message each and a layout of the column on the page)
        offered = (tuple(self.choices), bool(self._narrowing.next_targets))
        if offered != self._chooser_shown:
            self._chooser_shown = offered
            self.board.show_chooser(offered[0], offered[1], self.choose)

    def _refresh_rotate(self) -> None:
        turnable = len(self._piece_turns()) > 1
        self.rotate_button.layout.visibility = "visible" if turnable else "hidden"

    def _refresh_buttons(self) -> None:
        clicks_too = bool(self.highlighted) or bool(
            not self._hides_moves() and any(m.targets for m in self.state.legal_moves())
        )
        offered = (tuple(self.button_moves), self.pass_to, clicks_too)
        if offered != self._buttons_shown:
            self._buttons_shown = offered
            self.board.show_buttons(
                offered[0], self.choose, pass_to=offered[1], ready=self.ready, clicks_too=clicks_too
            )

    def _refresh_history(self) -> None:
        viewer = self._view_player()
        self.history.show(
            self._tree,
            lambda node: self._move_label(node, viewer),
            self.state.rules.player_names(self.state.players),
        )

    @property
    def resume_link(self) -> str:
        """The link the page keeps to reload at the state shown ('' in a view that hides cards).

        Relative to the page (:func:`widgets.links.page_link`): ``?position=…`` on the game's
        explorer page, ``<game>.ipynb?position=…`` on a casebook or a note.
        """
        viewer = self._view_player()
        if self._pass_to is not None or (
            viewer is not None and self.state.rules.hidden_information
        ):
            return ""
        return links.page_link("position", self.state.to_json(), self._game)

    def _refresh_resume(self) -> None:
        link = html.escape(self.resume_link, quote=True)
        self.resume.value = f'<span class="ftw-resume" data-link="{link}"></span>'

    def _refresh_view_options(self) -> None:
        state = self.state
        if not state.rules.hidden_information:
            self.setup.show_views(None, _DESIGNER)
            return
        names = state.rules.player_names(state.players)
        options = [("designer (sees all)", _DESIGNER), ("player to move", _TO_PLAY)]
        options += [(name, p) for p, name in enumerate(names)]
        chosen = self._view_choice if self._view_choice < state.players else _DESIGNER
        self.setup.show_views(options, chosen)

    @guarded("downloads")
    def _offer_downloads(self) -> None:
        """Show in the files tab what may be downloaded and linked now (it asks while open)."""
        viewer = self._view_player()
        if self._pass_to is not None:
            self.files.show_covered(self.pass_to)
        elif viewer is None or not self.state.rules.hidden_information:
            self.files.show_whole(self._game, self.state.to_json(), tree_record(self._tree))
        else:
            name = self.state.rules.player_names(self.state.players)[viewer]
            self.files.show_view(self._game, viewer, name, self.position_json())

    def _compute_steps(self) -> list[tuple[str, State]]:
        node = self._tree.current
        if node.parent is None or node.move is None:
            return []
        try:
            inner = hooks.substeps(node.parent.state, node.move)
        except Exception as err:
            self.log_panel.exception(err, "substeps")
            return []
        if not inner:
            return []
        return [("before the move", node.parent.state), *inner]

    def _refresh_steps(self) -> None:
        self.history.show_steps([label for label, _ in self._steps], self._substep)

    def _sync_setup(self, state: State) -> None:
        """Show the variants and player count of a state that came from outside (a file)."""
        seed = getattr(state.root, "seed", None)
        if isinstance(seed, int):
            self._seed = seed
        self.setup.sync(state, seed if isinstance(seed, int) else None)

    def _start(
        self, rules: ftwkit.Rules, *, seed: int, players: int | None, message: str = ""
    ) -> None:
        state = rules.new(players=players, seed=seed)
        self._seed = seed
        kept = self._replace_tree(GameTree(state))
        self.computer.paused = False
        self._sync_setup(state)
        text = message or f"New game (seed {seed})."
        if kept:
            text += f" The game before is kept under Earlier games ({kept})."
        self._commit(structure=True, message=text)

    def _replace_tree(self, tree: GameTree) -> str:
        """Show ``tree``, putting the current one aside if any move was played in it.

        Returns:
            The label the game put aside got under "Earlier games" ('' if none was kept).
        """
        old, self._tree = self._tree, tree
        if not old.root.children:
            return ""
        label = self._tree_label(old)
        self._earlier.insert(0, (label, old))
        del self._earlier[_MAX_EARLIER:]
        self._refresh_earlier()
        return label

    def _tree_label(self, tree: GameTree) -> str:
        state = tree.root.main_leaf().state
        moves = len(state.moves()) - len(tree.root.state.moves())
        seed = getattr(tree.root.state.root, "seed", None)
        summary = variant_summary(self._game, _options(state.rules))
        seeded = f", seed {seed}" if isinstance(seed, int) else ""
        return f"{moves} move{'s' if moves != 1 else ''}{seeded}, {summary}"

    def _refresh_earlier(self) -> None:
        self.setup.show_earlier([label for label, _ in self._earlier])

    @property
    def earlier_games(self) -> list[str]:
        """The games put aside (by a new game, a variant change or a load), newest first."""
        return [label for label, _ in self._earlier]

    @guarded("earlier games")
    def return_to_earlier(self, k: int = 0) -> None:
        """Go back to earlier game ``k`` (its variants, its tree); the current one is put aside."""
        k = read_int(k, "an earlier game's number")
        if not 0 <= k < len(self._earlier):
            raise IllegalMove(f"there is no earlier game {k}: {len(self._earlier)} are kept")
        _label, tree = self._earlier.pop(k)
        self._refresh_earlier()
        self._replace_tree(tree)
        self.computer.paused = True
        self._sync_setup(tree.state)
        summary = variant_summary(self._game, _options(tree.state.rules))
        self._commit(structure=True, message=f"Back to the earlier game ({summary}).")

    # ================================================================= handlers
    @guarded("canvas")
    def _on_canvas_client_ready(self) -> None:
        self._redraw()

    @guarded("canvas")
    def _on_canvas_mouse_down(self, x: float, y: float) -> None:
        self.click(x, y)

    def _on_canvas_key(self, name: str) -> None:
        """R turns the picked-up piece (as the Rotate button does)."""
        if name in ("r", "R") and self._clicks:
            self.rotate()

    def _on_canvas_mouse_move(self, x: float, y: float) -> None:
        if not self._clicks or self._pass_to is not None or self._substep is not None:
            return
        target = self.renderer.targets_at(self.state, x, y, view=self._view_player())
        if target != self._considered:
            self.consider(target)

    @guarded("variations")
    def _select_node(self, node: Node) -> None:
        """Show a node of the tree (a click in the variation list)."""
        self.computer.paused = True
        self._tree.select(node)
        self._commit(structure=True)

    @guarded("new game")
    def _on_new_game(self, seed: int, players: int | None) -> None:
        self._start(self.state.rules, seed=seed, players=players)

    @guarded("view")
    def _on_view_choice(self, choice: int) -> None:
        self._view_choice = choice
        self._commit(structure=True)

    def _on_variants(self, players: int | None) -> tuple[bool, str]:
        """A switch changed: start a new game with the switches' values, or say why not."""
        started = self._change_variants(players)
        return started, self.message

    @guarded("variants", failed=False)
    def _change_variants(self, players: int | None) -> bool:
        rules = self.state.rules
        try:
            values = self.setup.option_values()
            new_rules = type(rules).with_options(**values)
        except (ValueError, TypeError) as err:
            raise InvalidState(str(err)) from None
        summary = variant_summary(self._game, _options(new_rules))
        self._start(new_rules, seed=self._seed, players=players, message=f"New game: {summary}.")
        return True

    def _on_uploaded(self, name: str) -> None:
        self.log_panel.info(f"upload of {name}: {self.message}")

    def _on_stop_click(self, _button: Any) -> None:
        self.stop()

    def _on_go_click(self, _button: Any) -> None:
        self.go()

    def _on_hint_click(self, _button: Any) -> None:
        self.hint()
