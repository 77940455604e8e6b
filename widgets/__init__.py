"""ipywidgets for exploring ftwkit games: explorers, scenario editor, casebook browser.

>>> import ftwkit
>>> from widgets import Explorer
>>> game = ftwkit.game_ids()[0]  # any registered game
>>> Explorer(game).state.rules.id == game
True

The three views are imported when first asked for, so that a dashboard kernel importing one
module of this package (an explorer page needs neither the casebook nor the editor) does not pay
for the others: every kernel a visitor waits for starts faster.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from widgets.casebook import Casebook
    from widgets.editor import ScenarioEditor
    from widgets.explorer import Explorer

__all__ = ["Casebook", "Explorer", "ScenarioEditor"]

_HOMES = {
    "Casebook": "widgets.casebook",
    "Explorer": "widgets.explorer",
    "ScenarioEditor": "widgets.editor",
}


def __getattr__(name: str) -> object:
    """Import a view on first use (module ``__getattr__``, PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'widgets' has no attribute {name!r}")
    return getattr(import_module(home), name)
