"""The game protocol of API.md: ``Rules``, ``State`` and ``Move`` base classes.

The base classes own everything that is the same for every game — history (``previous``,
``last_move``, ``moves()``), legality checks before a move is applied, ``explain``, the JSON
envelope (``game``, ``version``, ``options``), equality and hashing — so that a game module writes
only its rules:

* a ``Move`` subclass (frozen dataclass) per kind of move, with ``targets`` and ``__str__``;
* a ``State`` subclass declared with :func:`state_dataclass`, whose fields are the position, plus
  the hooks ``_generate_moves``, ``_apply``, ``_why_illegal``, ``_position_json`` and the
  properties ``players``, ``to_play``, ``is_over``, ``winners`` (and ``scores`` if scored);
* a ``Rules`` subclass with ``id``, ``title``, player counts, an ``Options`` dataclass and the
  hooks ``_new``, ``_load_position`` and ``_parse_move``.

States are immutable values: ``play`` returns a new state and never changes the old one, so
branching is simply playing a different move from an earlier state.
"""

from __future__ import annotations

import dataclasses
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import repeat
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    NamedTuple,
    Self,
    TypeVar,
    dataclass_transform,
)

from ftwkit.clicks import Clicks
from ftwkit.errors import (
    MESSAGE_LIMIT,
    FtwError,
    IllegalMove,
    InvalidState,
    excerpt,
    short_message,
    shorten,
    too_long,
)
from ftwkit.options import check_ranges, make_options, options_to_json

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = [
    "FORMAT_VERSION",
    "MAX_NOTATION_LENGTH",
    "Move",
    "Note",
    "Rules",
    "State",
    "state_dataclass",
]

FORMAT_VERSION = 1
"""The version written into every JSON position and record."""

_MOVER_KEY = "mover"
"""Where ``to_json`` keeps a finished game's own ``to_play`` seat (``"to_play"`` is then null)."""

MAX_NOTATION_LENGTH = 1000
"""Move texts longer than this are refused before a game parses them (no move is that long), so
that parsing time stays bounded whatever the input."""

MAX_POSITION_VALUES = 20_000
"""A JSON position holding more values than this (list items, keys and leaves counted together) is
refused before a game's loader sees it. The largest positions of any game have well under 1,000
(PNRZ with 4 players, FTW?! with 6), so this bounds the loaders' work without refusing any
reachable position."""

MAX_POSITION_DEPTH = 32
"""Positions nested deeper than this are refused (the games' formats are at most 4 deep)."""

MAX_TEXT_LENGTH = 200_000
"""Longest string a position may hold (an inline PNRZ tile set is a few kilobytes)."""

S = TypeVar("S", bound="State")
T = TypeVar("T")


class Move(ABC):
    """A move: frozen, hashable, equal by value; ``str(move)`` is the game's notation.

    Subclasses are ``@dataclass(frozen=True)`` classes with domain field names (``src``, ``dst``,
    ``card``…). ``targets`` lists what a person clicks to make the move, in order.
    """

    unordered_targets: ClassVar[bool] = False
    """True when the clicks may come in any order (e.g. choosing 3 cards to pass)."""

    @property
    @abstractmethod
    def targets(self) -> tuple[Any, ...]:
        """What a person would click to make this move, in order (cells, tiles or cards)."""

    @abstractmethod
    def __str__(self) -> str:
        """The move in the game's notation (round-trips through ``Rules.parse_move``)."""

    # ----------------------------------------------------------------- sanctioned fast path
    @classmethod
    def _build(cls, **fields: Any) -> Self:
        """A move of this (frozen dataclass) class from field values known to be well formed,
        without running ``__init__``/``__post_init__``: for engines that list many moves.

        The one sanctioned way to make a move around its constructor; the values must be what
        the constructor would have stored (already normalised).
        """
        move = object.__new__(cls)
        if "__slots__" in cls.__dict__:  # slotted fields are set through their descriptors
            for name, value in fields.items():
                object.__setattr__(move, name, value)
        else:
            move.__dict__.update(fields)
        return move

    def _normalise(self, **fields: Any) -> None:
        """Replace field values of this frozen move while it is being built (from its
        ``__post_init__``), e.g. to keep a set of cards sorted; never after."""
        for name, value in fields.items():
            object.__setattr__(self, name, value)


@dataclasses.dataclass(frozen=True)
class Note:
    """Something the board should flag now: words for the status line and the cells concerned.

    Attributes:
        text: one sentence in the rule's words, naming the ruling (e.g. "… (FW1)").
        cells: the board cells (or cards) the note is about, in the game's target form.
    """

    text: str
    cells: tuple[Any, ...] = ()


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def state_dataclass(cls: type[S]) -> type[S]:
    """Declare a game's ``State`` subclass: a frozen dataclass that keeps the base's equality.

    Fields are the position (hashable values: ints, strings, tuples, frozensets). Equality and
    hashing use those fields and the rules, never the history.
    """
    return dataclasses.dataclass(frozen=True, eq=False)(cls)


_LEGAL_SET = "_legal_set_cache"
"""Where ``State._legal_set`` keeps the legal moves as a set (a base-class cache)."""

_MOVE_TYPES: set[type] = set()
"""Classes already seen to be ``Move`` subclasses: ``play`` tests a move's exact type against
this set before the (slower) abstract-base-class ``isinstance`` — the same answer, paid once
per class instead of once per move."""


@dataclasses.dataclass(frozen=True, eq=False)
class State(ABC):
    """An immutable game position with its history; see API.md for the contract.

    Attributes:
        rules: the ``Rules`` (game and options) this state is played under.
        previous: the state before ``last_move``, or ``None`` at the start.
        last_move: the move that led here, or ``None`` at the start.
    """

    rules: Rules
    previous: State | None = dataclasses.field(
        default=None, kw_only=True, compare=False, repr=False
    )
    last_move: Move | None = dataclasses.field(
        default=None, kw_only=True, compare=False, repr=False
    )
    _legal_cache: tuple[Move, ...] | None = dataclasses.field(
        default=None, init=False, compare=False, repr=False
    )

    _CACHES: ClassVar[frozenset[str]] = frozenset()
    """The values derived from the position that a game keeps on its states (the names of its
    ``functools.cached_property`` values and other memos). Only these may be carried into a
    derived state (``_derive``) or remembered later (``_remember``): they are never part of the
    value (equality, hashing, JSON), only a shortcut to it."""

    # ----------------------------------------------------------------- sanctioned fast path
    def _derive(self, carry: Mapping[str, Any] | None = None, /, **changes: Any) -> Self:
        """This state with some fields changed, built without ``__init__``/``__post_init__``.

        The one sanctioned way for an engine to make a state from another quickly: ``changes``
        are new values of the position's fields (already checked and normalised, as ``_apply``
        computes them), every other field is shared with this state. History is unset (``play``
        links it) and no cache is inherited, except the declared ones (``_CACHES``) given in
        ``carry``, which must hold for the new position.

        Raises:
            TypeError: a name in ``changes`` is not a field, or one in ``carry`` is not declared.
        """
        cls = type(self)
        names, known, resets, size, droppable = _LAYOUTS.get(cls) or _layout(cls)
        if not changes.keys() <= known:
            raise TypeError(f"{cls.__name__}._derive: not fields: {sorted(changes.keys() - known)}")
        src = self.__dict__
        # the whole dict copied at once (a C-level clone of its table), history reset, caches
        # dropped, then given to the new state as its dict: far cheaper than writing the fields
        # one by one, and the same fields and values
        values = src.copy()
        values.update(resets)
        if len(values) != size:
            for name in droppable:
                if name in values:
                    del values[name]
            if len(values) != size:  # something undeclared is left: copy only the fields
                values = {name: src[name] for name in names}
                values.update(resets)
        values.update(changes)
        if carry:
            if not carry.keys() <= cls._CACHES:
                raise TypeError(
                    f"{cls.__name__}._derive: undeclared caches: "
                    f"{sorted(carry.keys() - cls._CACHES)}"
                )
            values.update(carry)
        nxt = object.__new__(cls)
        object.__setattr__(nxt, "__dict__", values)
        return nxt

    def _remember(self, name: str, value: T) -> T:
        """Keep ``value`` as this state's declared cache ``name`` (see ``_CACHES``); returns it.

        Raises:
            TypeError: ``name`` is not declared in ``_CACHES``.
        """
        if name not in self._CACHES:
            raise TypeError(f"{type(self).__name__}: {name!r} is not a declared cache")
        self.__dict__[name] = value
        return value

    def _recall(self, name: str) -> Any:
        """The declared cache ``name`` of this state if it is known already, else ``None``
        (without computing it, even when it is a ``cached_property``)."""
        return self.__dict__.get(name)

    # ----------------------------------------------------------------- game hooks
    @property
    @abstractmethod
    def players(self) -> int:
        """The number of players in this game."""

    @property
    @abstractmethod
    def to_play(self) -> int | None:
        """The player who must act now, or ``None`` once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The winning players; empty while running or on a draw."""

    @property
    def scores(self) -> tuple[int, ...] | None:
        """The current tally for scored games; ``None`` for unscored ones."""
        return None

    @abstractmethod
    def _generate_moves(self) -> list[Move]:
        """Every legal move, deterministic order, no duplicates; ``[]`` once over.

        Either a new list that nothing else holds (``legal_moves`` hands it to its caller, who
        may change it) or a tuple the engine may keep and share (``legal_moves`` copies it).
        """

    @abstractmethod
    def _apply(self, move: Move) -> Self:
        """The position after a move already known to be legal (history is linked by the base)."""

    @abstractmethod
    def _why_illegal(self, move: Move) -> str:
        """Why a move that is not among the legal moves is refused, naming the rule."""

    @abstractmethod
    def _position_json(self) -> dict[str, Any]:
        """The game-specific keys of ``to_json()`` (without ``game``/``version``/``options``)."""

    def observation(self, player: int) -> dict[str, Any]:
        """JSON of what ``player`` may see; perfect-information games show everything."""
        self._check_player(player)
        return self.to_json()

    def status(self) -> str:
        """A one-line description of the situation for status bars (whose turn, phase)."""
        if self.is_over:
            names = self.rules.player_names(self.players)
            if self.winners:
                return " and ".join(names[p] for p in self.winners) + " won"
            return "Game over: draw"
        assert self.to_play is not None
        return f"{self.rules.player_names(self.players)[self.to_play]} to play"

    # ----------------------------------------------------------------- explorer hooks
    def substeps(self, move: Move) -> list[State]:
        """The positions along ``move`` with visible parts, ending with the position after it.

        The explorer steps through them so that a long move (Play Win's chain of leaps) is shown
        by the engine's own rules. The default is one step: the position after the move. The
        positions before the last are states of the same game (the mover still to play); only
        the last one carries the move in its history.

        Raises:
            IllegalMove: ``move`` is not legal here.
        """
        return [self.play(move)]

    def notes(self) -> list[Note]:
        """What the board should flag now (cells and words); nothing by default."""
        return []

    def explain_targets(self, targets: Sequence[Any]) -> str | None:
        """``None`` when some legal move starts with ``targets`` (see ``Move.targets``), else why.

        The default is the game's click grammar (``rules.clicks.explain``): the reason
        ``explain`` gives for the move the clicks most plausibly tried, so a game that declares
        how its clicks read answers in the rule's own words. Games may override this method.
        """
        return self.rules.clicks.explain(self, targets)

    # ----------------------------------------------------------------- search hooks
    def random_move(self, rng: random.Random, *, policy: bool = False) -> Move:
        """A legal move drawn uniformly, or by the game's playout policy when ``policy`` is set.

        For search and self-play, never for user input. Games may override ``_random_move`` to
        draw without building the whole move list, and ``_policy_move`` to give rollouts a cheap
        heuristic; both must return legal moves and consume ``rng`` deterministically.

        Raises:
            IllegalMove: the game is over (there is no move to draw).
        """
        if self.is_over:
            raise IllegalMove("the game is over: there is no move to play")
        return self._policy_move(rng) if policy else self._random_move(rng)

    def _random_move(self, rng: random.Random) -> Move:
        """A uniform legal move; the default draws from ``legal_moves()``."""
        return rng.choice(self.legal_moves())

    def _policy_move(self, rng: random.Random) -> Move:
        """The playout policy's move; the default is uniform."""
        return self._random_move(rng)

    def play_unchecked(self: S, move: Move) -> S:
        """The state after ``move`` without the legality check, for moves the engine produced.

        Search and self-play call this with moves from ``legal_moves()``/``random_move()`` of this
        very state; user input always goes through ``play``. History is linked as by ``play``.
        """
        nxt = self._apply(move)
        values = nxt.__dict__  # linked in place, as by ``play``
        values["previous"] = self
        values["last_move"] = move
        return nxt

    def evaluate(self, player: int) -> float:
        """A heuristic value of this position for ``player`` in ``[0, 1]`` (1 = won).

        Finished games score 1 for a winner (shared wins split), 0 for a loser and the even share
        on a draw. Running games return an even share by default; games override
        ``_heuristic`` with their own evaluation, used by the greedy agent and MCTS cut-offs.
        """
        self._check_player(player)
        if self.is_over:
            if not self.winners:
                return 1.0 / self.players
            return 1.0 / len(self.winners) if player in self.winners else 0.0
        value = self._heuristic(player)
        return min(1.0, max(0.0, value))

    def _heuristic(self, player: int) -> float:
        """The game's evaluation of a running position for ``player`` in ``[0, 1]``."""
        return 1.0 / self.players

    # ----------------------------------------------------------------- protocol
    def legal_moves(self) -> list[Move]:
        """Every legal move in a deterministic order (a fresh list each call)."""
        cache = self._legal_cache
        if cache is not None:
            return list(cache)
        if self.is_over:
            moves: list[Move] = []
            cache = ()
        else:
            moves = self._generate_moves()
            cache = tuple(moves)
            if type(moves) is not list:  # a tuple the engine keeps: the caller gets a copy
                moves = list(cache)
        # the engine's new list goes to the caller as it is (its own copy is the tuple)
        self.__dict__["_legal_cache"] = cache
        return moves

    def _legal_set(self) -> frozenset[Move]:
        cached = self.__dict__.get(_LEGAL_SET)
        if cached is None:
            if self._legal_cache is None:
                self.legal_moves()
            assert self._legal_cache is not None
            cached = frozenset(self._legal_cache)
            self.__dict__[_LEGAL_SET] = cached
        return cached

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is among the legal moves (games answer through ``_is_legal``)."""
        return self._is_legal(move)

    def _listed(self, move: Move) -> bool:
        """Whether ``move`` is one of the very move objects ``legal_moves()`` of this state
        handed out (then it is legal, and nothing needs checking again).

        An identity scan in C, without hashing or a game's own check, that a search or a person
        choosing from the list pays instead of a second check of the move; ``False`` (at no
        cost) when the list was never built.
        """
        cache = self._legal_cache
        return cache is not None and any(map(operator.is_, cache, repeat(move)))

    def _is_legal(self, move: Move) -> bool:
        """The legality test behind ``is_legal``, ``explain`` and ``play``: a move that
        ``legal_moves()`` handed out (``_listed``), else membership of the legal moves.

        Games may answer faster here (never differently), e.g. by checking a placement directly
        with a bit test instead of listing every move.
        """
        return self._listed(move) or move in self._legal_set()

    def explain(self, move: Move | str) -> str | None:
        """``None`` when ``move`` is legal, else the reason ``play`` would give."""
        if isinstance(move, str):
            try:
                move = self.rules.parse_move(self, move)
            except IllegalMove as err:
                return str(err)
        elif not isinstance(move, Move):
            return f"{excerpt(move)} is not a move: expected a Move or its notation"
        if self._is_legal(move):
            return None
        return self._refusal_of(move)

    def _refusal_of(self, move: Move) -> str:
        """Why ``move`` (a move that is not legal here) is refused, naming the rule."""
        if self.is_over:
            return self._why_over(move)
        return shorten(self._why_illegal(move), MESSAGE_LIMIT)

    def _why_over(self, move: Move) -> str:
        """Why ``move`` is refused once the game is over; games may add the rule that ended it."""
        return shorten(f"{move} is not possible: the game is over", MESSAGE_LIMIT)

    def play(self: S, move: Move | str) -> S:
        """The state after ``move`` (a ``Move`` or its notation); this state is untouched.

        Raises:
            IllegalMove: the move is refused; the message names the rule.
        """
        if isinstance(move, str) or type(move) not in _MOVE_TYPES or not self._is_legal(move):
            # notation, not a move, or refused: parsed, checked and explained by ``_checked``
            # (an ordinary move of a known class costs one legality check, the game's own)
            move = self._checked(move)
        nxt = self._apply(move)
        values = nxt.__dict__  # linked in place: the new state is not handed out yet
        values["previous"] = self
        values["last_move"] = move
        return nxt

    def _checked(self, move: Move | str) -> Move:
        """``move`` (or the move its notation names) once it is known to be legal here.

        Raises:
            IllegalMove: the move is refused; the message names the rule.
        """
        if isinstance(move, str):
            move = self.rules.parse_move(self, move)
        elif type(move) not in _MOVE_TYPES:
            if not isinstance(move, Move):
                raise IllegalMove(f"{excerpt(move)} is not a move: expected a Move or its notation")
            _MOVE_TYPES.add(type(move))
        if not self._is_legal(move):
            raise IllegalMove(self._refusal_of(move))
        return move

    def moves(self) -> list[Move]:
        """The moves played from the start position to this state."""
        out: list[Move] = []
        state: State | None = self
        while state is not None and state.last_move is not None:
            out.append(state.last_move)
            state = state.previous
        out.reverse()
        return out

    def history(self) -> list[State]:
        """The states from the start position to this one, inclusive."""
        out: list[State] = []
        state: State | None = self
        while state is not None:
            out.append(state)
            state = state.previous
        out.reverse()
        return out

    @property
    def root(self) -> State:
        """The start state of this line of play."""
        state: State = self
        while state.previous is not None:
            state = state.previous
        return state

    def to_json(self) -> dict[str, Any]:
        """The full, omniscient state as JSON; ``rules.load(state.to_json()) == state``.

        Once the game is over ``"to_play"`` is ``null``, as ``State.to_play`` is (API.md). A game
        that still keeps a seat there (Play Win: the side that could not move; For the Win!: the
        player who acted last) has it written under ``"mover"``, which ``Rules.load`` hands back
        to the game's loader as ``to_play``, so the round trip stays exact.
        """
        data: dict[str, Any] = {"game": self.rules.id, "version": FORMAT_VERSION}
        opts = options_to_json(self.rules.options)
        if opts:
            data["options"] = opts
        data.update(self._position_json())
        if data.get("to_play") is not None and self.is_over:
            data[_MOVER_KEY] = data["to_play"]
            data["to_play"] = None
        return data

    # ----------------------------------------------------------------- values
    def _key(self) -> tuple[Any, ...]:
        return tuple(
            getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.compare and f.name != "rules"
        )

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(self) is not type(other):
            return NotImplemented
        assert isinstance(other, State)
        return self.rules == other.rules and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key()))

    def _check_player(self, player: int) -> None:
        if (
            not isinstance(player, int)
            or isinstance(player, bool)
            or not (0 <= player < self.players)
        ):
            raise ValueError(
                f"player must be an int from 0 to {self.players - 1}, not {excerpt(player)}"
            )

    def _repr_svg_(self) -> str | None:  # pragma: no cover - exercised by notebooks
        """Show the position as a picture in notebooks (renderer imported lazily)."""
        from ftwkit import render

        return render.svg(self)

    def save_svg(self, path: str) -> None:
        """Write the position as an SVG picture to ``path``."""
        from ftwkit import render

        with open(path, "w", encoding="utf-8") as fh:
            fh.write(render.svg(self))


class Rules(ABC):
    """A game's rules under one set of options: an immutable factory of states.

    Subclasses set the class attributes and implement ``_new``, ``_load_position`` and
    ``_parse_move``. Instances compare equal when game and options are equal.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[DataclassInstance]]
    """The frozen dataclass of variant switches; its defaults are the RECOMMENDED rulings."""
    PLAYER_NAMES: ClassVar[tuple[str, ...]] = (
        "Player 1",
        "Player 2",
        "Player 3",
        "Player 4",
        "Player 5",
        "Player 6",
    )

    __slots__ = ("options",)
    options: DataclassInstance
    """The game's ``Options`` dataclass instance (the variant switches in force)."""

    def __init__(self, options: DataclassInstance | None = None) -> None:
        options = options if options is not None else self.Options()
        check_ranges(options)
        object.__setattr__(self, "options", options)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle by options (the slots are immutable and ``__setattr__`` refuses), so rules and
        the states that hold them travel to worker processes and back; what a game keeps
        (``_keep``) is derived again from the options."""
        return (type(self), (self.options,))

    def _keep(self, name: str, value: Any) -> None:
        """Set a value derived once from the options (e.g. a parsed tile set), from a game's
        ``__init__`` only: the sanctioned way around the immutability of rules objects."""
        object.__setattr__(self, name, value)

    @classmethod
    def with_options(cls, **options: Any) -> Rules:
        """Rules with the given variant switches (unknown or badly typed ones → ``ValueError``)."""
        return cls(make_options(cls.Options, options))

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.options == other.options

    def __hash__(self) -> int:
        return hash((self.id, self.options))

    def __repr__(self) -> str:
        opts = options_to_json(self.options)
        args = "".join(f", {k}={v!r}" for k, v in opts.items())
        return f"ftwkit.rules({self.id!r}{args})"

    def player_names(self, n: int) -> tuple[str, ...]:
        """Display names of the players in an ``n``-player game."""
        return tuple(self.PLAYER_NAMES[:n])

    clicks: ClassVar[Clicks] = Clicks()
    """How clicks build this game's moves (narrowing, "why not?", turning a piece); games with
    their own reading of clicks set a subclass (see :mod:`ftwkit.clicks`)."""

    hidden_information: ClassVar[bool] = False
    """True for games where players see different things (``observation`` masks hidden parts)."""

    def sample(self, state: State, player: int, rng: random.Random) -> State:
        """A full state consistent with what ``player`` sees of ``state``, hidden parts re-drawn.

        Information-set search calls this to decide from ``state.observation(player)`` alone:
        the result must depend only on that observation and ``rng`` (other hands, unseen cards,
        the draw stack, secrets and the seeds of future shuffles are all re-drawn). Perfect
        information games have nothing hidden and return ``state`` itself.
        """
        state._check_player(player)
        if self.hidden_information:
            raise NotImplementedError(f"{self.title} must implement Rules.sample")
        return state

    # ----------------------------------------------------------------- hooks
    @abstractmethod
    def _new(self, players: int, seed: int | None) -> State:
        """The set-up position for ``players`` players; all chance comes from ``seed``."""

    @abstractmethod
    def _load_position(self, data: Mapping[str, Any]) -> State:
        """A state from the game keys of a JSON position (envelope keys already removed).

        Must raise ``InvalidState`` naming the field for anything malformed, unknown keys included.
        """

    @abstractmethod
    def _parse_move(self, state: State, text: str) -> Move:
        """Parse notation into a move (legal or not); raise ``IllegalMove`` for garbage."""

    # ----------------------------------------------------------------- protocol
    def new(self, players: int | None = None, seed: int | None = None) -> State:
        """The set-up position; the same seed and moves always give the same states."""
        n = self.min_players if players is None else players
        if (
            not isinstance(n, int)
            or isinstance(n, bool)
            or not (self.min_players <= n <= self.max_players)
        ):
            raise ValueError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, "
                f"not {excerpt(n)}"
            )
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed must be an int or None, not {excerpt(seed)}")
        return self._new(n, seed)

    def load(self, data: Mapping[str, Any]) -> State:
        """A state from its JSON form; malformed input raises ``InvalidState`` naming the field.

        Options in ``data["options"]`` are applied on top of this rules object's options, so a
        position without ``"options"`` loads under the rules it is given:
        ``ftwkit.rules(game).load(data)`` uses the defaults (as API.md says), while
        ``ftwkit.rules(game, variant=...).load(data)`` keeps that variant. A position that records
        its own options (``to_json()`` writes those that differ from the defaults) brings them.

        Only ``InvalidState`` escapes, whatever ``data`` holds: anything else a game's loader
        raises on hostile input (a value nested thousands deep, a number too long to convert, a
        wrong type) becomes ``InvalidState``, and messages quote at most a short excerpt.
        """
        if not isinstance(data, Mapping):
            raise InvalidState(f"a position must be a JSON object, not {type(data).__name__}")
        _check_size(data)
        game = data.get("game", self.id)
        if not isinstance(game, str) or game != self.id:
            raise InvalidState(f"game: this position is for {excerpt(game)}, not {self.id!r}")
        version = data.get("version", FORMAT_VERSION)
        if not _is_version(version):
            raise InvalidState(
                f"version: only version {FORMAT_VERSION} is known, not {excerpt(version)}"
            )
        rules: Rules = self
        if "options" in data:
            opts = data["options"]
            if not isinstance(opts, Mapping):
                raise InvalidState("options: must be a JSON object of option names to values")
            try:
                rules = type(self)(make_options(self.Options, opts, base=self.options))
            except Exception as err:  # any failure is a bad options object
                raise InvalidState(f"options: {short_message(err)}") from None
        body = {k: v for k, v in data.items() if k not in ("game", "version", "options")}
        finished = "to_play" in body and body["to_play"] is None
        if _MOVER_KEY in body:
            if not finished:
                raise InvalidState(
                    f"{_MOVER_KEY}: only written with to_play null, once the game is over"
                )
            body["to_play"] = body.pop(_MOVER_KEY)
        return rules._checked_load(body, finished)

    def _checked_load(self, body: dict[str, Any], finished: bool) -> State:
        """``_load_position`` with every failure turned into a short ``InvalidState``.

        ``finished`` (``to_play`` was null) requires a position where the game is over.
        """
        try:
            state = self._load_position(body)
            if finished and not state.is_over:
                raise InvalidState("to_play: null means the game is over, but this one is not")
            return state
        except InvalidState as err:
            if not too_long(err):
                raise
            raise InvalidState(short_message(err)) from None
        except RecursionError:
            raise InvalidState(f"malformed {self.id} position: nested too deeply") from None
        except Exception as err:  # only InvalidState may escape a load
            raise InvalidState(f"malformed {self.id} position: {short_message(err)}") from err

    def parse_move(self, state: State, text: str) -> Move:
        """The move written as ``text`` in this game's notation (the inverse of ``str(move)``).

        Raises:
            IllegalMove: ``text`` is not notation for any move of this game. Nothing else escapes:
                whatever a game's parser raises on hostile text (a 5,000-digit number, say) is
                turned into ``IllegalMove``, and the message quotes at most a short excerpt.
        """
        if not isinstance(text, str):
            raise IllegalMove(f"{excerpt(text)} is not a move: move notation must be a string")
        text = text.strip()
        if not text:
            raise IllegalMove(f"'' is not a move in {self.title} notation")
        if len(text) > MAX_NOTATION_LENGTH:
            raise IllegalMove(
                f"{excerpt(text, 40)} is not a move in {self.title} notation "
                f"(longer than {MAX_NOTATION_LENGTH} characters)"
            )
        try:
            return self._parse_move(state, text)
        except FtwError as err:
            if isinstance(err, IllegalMove) and not too_long(err):
                raise
            raise IllegalMove(short_message(err)) from None
        except Exception as err:  # only IllegalMove may escape a parse
            raise IllegalMove(f"{excerpt(text)} is not a move in {self.title} notation") from err


def _check_size(data: Mapping[str, Any]) -> None:
    """Refuse a position too big or too deep for any game, in time bounded by the limits.

    Walks each top-level field level by level (no recursion, no per-value bookkeeping), so the
    check costs a small fraction of a load.

    Raises:
        InvalidState: more than ``MAX_POSITION_VALUES`` values, nesting deeper than
            ``MAX_POSITION_DEPTH`` or a string longer than ``MAX_TEXT_LENGTH``, naming the
            top-level field where the limit was reached.
    """
    count = len(data)
    for key, top in data.items():
        level: list[Any] = [top]
        depth = 1
        while level:
            count += len(level)
            if count > MAX_POSITION_VALUES:
                raise InvalidState(
                    f"{_key_name(key)}: the position holds more than {MAX_POSITION_VALUES} "
                    "values; no position of any game is that large"
                )
            if depth > MAX_POSITION_DEPTH:
                raise InvalidState(
                    f"{_key_name(key)}: nested deeper than {MAX_POSITION_DEPTH} levels"
                )
            below: list[Any] = []
            for value in level:
                kind = type(value)
                if kind is str:
                    if len(value) > MAX_TEXT_LENGTH:
                        raise InvalidState(
                            f"{_key_name(key)}: a text longer than {MAX_TEXT_LENGTH} characters"
                        )
                elif kind is list or kind is tuple:
                    below.extend(value)
                elif isinstance(value, Mapping):
                    below.extend(value.keys())
                    below.extend(value.values())
                elif isinstance(value, str) and len(value) > MAX_TEXT_LENGTH:
                    raise InvalidState(
                        f"{_key_name(key)}: a text longer than {MAX_TEXT_LENGTH} characters"
                    )
                elif isinstance(value, (list, tuple)):
                    below.extend(value)
            level = below
            depth += 1


def _is_version(value: Any) -> bool:
    """Whether ``value`` is the known format version (an int, not ``True`` or ``1.0``)."""
    return type(value) is int and value == FORMAT_VERSION


def _key_name(key: Any) -> str:
    """A JSON key as it should appear in a message: itself when short, else an excerpt."""
    return shorten(key, 40) if isinstance(key, str) else excerpt(key, 40)


def check_keys(
    data: Mapping[str, Any], allowed: set[str] | frozenset[str], where: str = ""
) -> None:
    """Refuse keys that a JSON object may not have, naming the first unknown one."""
    for key in data:
        if key not in allowed:
            prefix = f"{where}." if where else ""
            raise InvalidState(
                f"{prefix}{_key_name(key)}: unknown key; expected one of "
                f"{', '.join(sorted(allowed))}"
            )


def require(data: Mapping[str, Any], key: str, check: Callable[[Any], bool], what: str) -> Any:
    """Fetch ``data[key]`` and validate it, raising ``InvalidState`` that names ``key``."""
    if key not in data:
        raise InvalidState(f"{key}: missing (expected {what})")
    value = data[key]
    if not check(value):
        raise InvalidState(f"{key}: expected {what}, got {excerpt(value)}")
    return value


def is_int(value: Any) -> bool:
    """True for ints that are not bools (JSON booleans must not pass as 0/1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def iter_states(state: State) -> Iterator[State]:
    """Yield the states of a line from the start to ``state``."""
    yield from state.history()


class _Layout(NamedTuple):
    """How ``_derive`` builds a state of one class (worked out once per class).

    Attributes:
        names: the position's fields (the ``__init__`` fields but the history).
        known: the same as a set.
        resets: what the other fields start with (no history; the defaults of caches declared
            as ``init=False`` fields).
        size: how many entries a state's ``__dict__`` holds without caches (names and resets).
        droppable: the caches a state may hold beside them (the game's declared ``_CACHES`` and
            the base class's own), dropped from a derived state.
    """

    names: tuple[str, ...]
    known: frozenset[str]
    resets: dict[str, Any]
    size: int
    droppable: tuple[str, ...]


_LAYOUTS: dict[type, _Layout] = {}


def _layout(cls: type[State]) -> _Layout:
    """The ``_Layout`` of ``cls``, worked out on first use and kept."""
    fields = dataclasses.fields(cls)
    names = tuple(f.name for f in fields if f.init and f.name not in ("previous", "last_move"))
    resets: dict[str, Any] = {"previous": None, "last_move": None}
    resets.update(
        (f.name, f.default) for f in fields if not f.init and f.default is not dataclasses.MISSING
    )
    droppable = tuple(sorted(cls._CACHES | {_LEGAL_SET}))
    found = _Layout(names, frozenset(names), resets, len(names) + len(resets), droppable)
    _LAYOUTS[cls] = found
    return found
