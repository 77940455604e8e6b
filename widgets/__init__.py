"""ipywidgets for exploring ftwkit games: explorers, scenario editor, casebook browser.

>>> import ftwkit
>>> from widgets import Explorer
>>> game = ftwkit.game_ids()[0]  # any registered game
>>> Explorer(game).state.rules.id == game
True
"""

from __future__ import annotations

from widgets.casebook import Casebook
from widgets.editor import ScenarioEditor
from widgets.explorer import Explorer

__all__ = ["Casebook", "Explorer", "ScenarioEditor"]
