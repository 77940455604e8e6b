"""ipywidgets for exploring ftwkit games: explorers, scenario editor, casebook browser.

>>> from widgets import Explorer
>>> Explorer("playwin").state.to_play
0
"""

from __future__ import annotations

from widgets.casebook import Casebook
from widgets.editor import ScenarioEditor
from widgets.explorer import Explorer

__all__ = ["Casebook", "Explorer", "ScenarioEditor"]
