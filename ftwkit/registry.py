"""One registration per game: everything the product needs to know about a game, in one place.

A game is a :class:`Game`: its ``Rules`` class, its renderer, its scenario edit tools and its
catalogue facts (who designed it, for how many players, a tagline, its edge-case notes). The rules
answer every rule question a front end asks (``substeps``, ``notes``, ``explain_targets``) and
declare how clicks build their moves (``Rules.clicks``), so the registration holds no click
logic. Registry, renderers, explorer, editor, index and conformance suite all read this registry,
so one registration makes a game appear everywhere.

The games shipped with ftwkit are the packages ``ftwkit.games.<id>`` named in
:data:`ftwkit.games.BUILTIN`, each declaring its ``GAME``; they are imported on first use, so that
``import ftwkit`` stays cheap. Another game joins with one call to :func:`register` (and leaves
with :func:`unregister`).

>>> import ftwkit
>>> ftwkit.rules("playwin").title
'Play Win'
>>> game("playwin").catalogue.designer
'Élanor Grace Rodeffer'
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from ftwkit.errors import excerpt, short_message
from ftwkit.games import BUILTIN
from ftwkit.protocol import Rules

if TYPE_CHECKING:
    from ftwkit.editing import EditTool
    from ftwkit.render.protocol import Renderer

__all__ = [
    "Catalogue",
    "Game",
    "NoteBook",
    "find",
    "game",
    "game_ids",
    "games",
    "package",
    "register",
    "rules",
    "rules_class",
    "unregister",
]


@dataclasses.dataclass(frozen=True)
class NoteBook:
    """A designer's note on an edge case: a notebook of ``notebooks/`` served as a dashboard.

    Attributes:
        notebook: the file name in ``notebooks/`` (``"playwin-bent-leap-chains.ipynb"``).
        title: what it is about; the index shows it after the game's title.
        summary: the question it answers, in a sentence (the index lists it beside the link).
    """

    notebook: str
    title: str
    summary: str = ""


@dataclasses.dataclass(frozen=True)
class Catalogue:
    """How the index presents a game (its title is the rules' ``title``).

    Attributes:
        designer: who designed the game.
        players: the player counts in words (``"2–6 players"``).
        tagline: two sentences saying what the game is about.
        notes: the game's edge-case notebooks, in the order the index lists them.
        dashboards: whether ``notebooks/`` holds the game's explorer and casebook dashboards
            (``<id>.ipynb``, ``<id>-casebook.ipynb``); a game registered from elsewhere has none.
        ruling_prefix: the letters of the game's ruling ids (``"FW"`` for FW1, FW2, …), which
            ``docs/rules/<id>.md`` anchors and messages cite; ``""`` when it has none.
        edition: the edition line after the designer on the explorer page (``"2F-Spiele
            2023"``); ``""`` for none.
        summary: the game in brief for the explorer page (Markdown): what a turn is, how to win,
            and how the explorer's clicks enter a move.
    """

    designer: str
    players: str
    tagline: str
    notes: tuple[NoteBook, ...] = ()
    dashboards: bool = True
    ruling_prefix: str = ""
    edition: str = ""
    summary: str = ""


@dataclasses.dataclass(frozen=True)
class Game:
    """Everything the product knows about one game.

    Attributes:
        rules: the game's ``Rules`` subclass (its ``id`` is the game id).
        renderer: the renderer itself, or the name of a module exposing ``RENDERER`` (imported on
            first use, so that the engines load without the drawing code).
        catalogue: the facts the index shows.
        edit_tools: given the players' names, the scenario editor's click tools (plain functions
            on the JSON position, see :mod:`ftwkit.editing`); ``None`` when the position is set
            up in the JSON only.
        edit_hint: how to set the position up in the JSON, shown above it by the editor (HTML).
    """

    rules: type[Rules]
    renderer: str | Renderer
    catalogue: Catalogue
    edit_tools: Callable[[tuple[str, ...]], list[EditTool]] | None = None
    edit_hint: str = ""

    @property
    def id(self) -> str:
        """The game id (the rules' ``id``)."""
        return self.rules.id

    @property
    def title(self) -> str:
        """The game's title (the rules' ``title``)."""
        return self.rules.title


_REGISTERED: dict[str, Game] = {}
"""Games registered with :func:`register`, in the order they joined."""


def register(entry: Game) -> None:
    """Make ``entry`` a game of the product, after the built-in ones.

    Raises:
        ValueError: a game with the same id is already known.
    """
    if entry.id in BUILTIN or entry.id in _REGISTERED:
        raise ValueError(f"a game with id {entry.id!r} is already registered")
    _REGISTERED[entry.id] = entry


def unregister(game_id: str) -> None:
    """Forget a game added with :func:`register` (the built-in games stay).

    Raises:
        ValueError: ``game_id`` was not added with :func:`register`.
    """
    if game_id not in _REGISTERED:
        raise ValueError(f"{excerpt(game_id)} was not added with register()")
    del _REGISTERED[game_id]


def game_ids() -> tuple[str, ...]:
    """The ids of every game: the built-in ones in API.md order, then the registered ones.

    >>> game_ids()[:2]
    ('forthewin', 'playwin')
    """
    return (*BUILTIN, *_REGISTERED)


def find(name: str) -> Game:
    """A game by its id or by its title (``"For the Win!"``), for pages that name their game as
    people do.

    >>> find("Play Win").id
    'playwin'

    Raises:
        ValueError: no game has that id or title (the titles are listed).
    """
    if isinstance(name, str) and name in game_ids():
        return game(name)
    for entry in games():
        if entry.title == name:
            return entry
    titles = ", ".join(repr(g.title) for g in games())
    raise ValueError(f"unknown game {excerpt(name)}; known games: {titles}")


def game(game_id: str) -> Game:
    """The registration of a game.

    Raises:
        ValueError: an unknown game id, or one that is not a string (the ids are listed).
    """
    if isinstance(game_id, str) and game_id in _REGISTERED:
        return _REGISTERED[game_id]
    if not isinstance(game_id, str) or game_id not in BUILTIN:
        raise ValueError(f"unknown game {excerpt(game_id)}; known games: {', '.join(game_ids())}")
    return _builtin(game_id)


@cache
def _builtin(game_id: str) -> Game:
    found = importlib.import_module(package(game_id)).GAME
    if not isinstance(found, Game) or found.id != game_id:
        raise TypeError(f"{package(game_id)}.GAME must be the Game of {game_id!r}")
    return found


def games() -> tuple[Game, ...]:
    """Every game's registration, in the order of :func:`game_ids` (imports every game)."""
    return tuple(game(g) for g in game_ids())


def package(game_id: str) -> str:
    """The module that holds a game: ``ftwkit.games.<id>``, or the rules' module of a game
    registered from elsewhere (forkserver workers preload it; the docs tests read its sources).
    """
    if game_id in BUILTIN:
        return f"{BUILTIN_PACKAGE}.{game_id}"
    return game(game_id).rules.__module__


BUILTIN_PACKAGE = "ftwkit.games"
"""Where the built-in games live."""


def rules_class(game_id: str) -> type[Rules]:
    """The ``Rules`` subclass of a game id (``ValueError`` listing the ids if unknown)."""
    return game(game_id).rules


def rules(game_id: str, **options: Any) -> Rules:
    """The rules of a game under the given variant switches.

    >>> import ftwkit
    >>> ftwkit.rules("playwin").title
    'Play Win'

    Raises:
        ValueError: an unknown game id, or one that is not a string (the ids are listed), or an
            unknown, badly typed or out-of-range option (the valid options are named).
    """
    cls = rules_class(game_id)
    try:
        return cls.with_options(**options)
    except ValueError:
        raise
    except RecursionError:
        raise ValueError(f"{cls.title} options: a value is nested too deeply") from None
    except Exception as err:  # a hostile value must not surface as a TypeError or worse
        raise ValueError(f"{cls.title} options: {short_message(err)}") from err
