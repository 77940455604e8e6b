"""One registry maps game ids to the modules that implement them (no ``if game == …`` chains).

Each game module exposes a ``RULES`` class (a ``ftwkit.protocol.Rules`` subclass). Modules are
imported lazily so that ``import ftwkit`` stays cheap.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from typing import Any

from ftwkit.errors import excerpt, short_message
from ftwkit.protocol import Rules

__all__ = ["game_ids", "rules", "rules_class"]

GAME_MODULES: dict[str, str] = {
    "forthewin": "ftwkit.games.forthewin",
    "playwin": "ftwkit.games.playwin",
    "ftwcards": "ftwkit.games.ftwcards",
    "doubleblind": "ftwkit.games.doubleblind",
    "pnrz": "ftwkit.games.pnrz",
}
"""Every game of the product, in the order of API.md."""


@cache
def _implemented(game_id: str) -> bool:
    return importlib.util.find_spec(GAME_MODULES[game_id]) is not None


def game_ids() -> tuple[str, ...]:
    """The ids of the games implemented so far, in API.md order.

    >>> "playwin" in game_ids()
    True
    """
    return tuple(g for g in GAME_MODULES if _implemented(g))


def rules_class(game_id: str) -> type[Rules]:
    """The ``Rules`` subclass of a game id (``ValueError`` listing the ids if unknown)."""
    if not isinstance(game_id, str) or game_id not in GAME_MODULES or not _implemented(game_id):
        raise ValueError(f"unknown game {excerpt(game_id)}; known games: {', '.join(game_ids())}")
    module = importlib.import_module(GAME_MODULES[game_id])
    cls: type[Rules] = module.RULES
    return cls


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
