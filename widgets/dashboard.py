"""What the ftwkit notebooks import to build their pages, in one place.

>>> from widgets.dashboard import DASHBOARDS
>>> DASHBOARDS[0].notebook
'index.ipynb'

The notebooks import, build and display; the helpers live in modules by purpose and are
gathered here so a notebook needs one import line:

- :mod:`widgets.catalogue` — the dashboards served and the first position of each explorer;
- :mod:`widgets.page_style` — the stylesheet;
- :mod:`widgets.index_page` — the index's gallery and notes, every page's navigation line;
- :mod:`widgets.game_page` — a game's page by its title;
- :mod:`widgets.option_table` — a game's switches as a table;
- :mod:`widgets.case_cards` — casebook cases on a designer's note.
"""

from __future__ import annotations

from ftwkit.options import value_text
from widgets.case_cards import (
    case,
    case_card,
    case_explorer,
    cases_about,
    position_json,
    readings_table,
)
from widgets.catalogue import DASHBOARDS, LAB, SEED, Dashboard, dashboards, start
from widgets.game_page import GamePage
from widgets.index_page import designer_notes, gallery, nav, picture
from widgets.option_table import options_table
from widgets.page_style import PAGE_STYLE, STYLE, page_style, under_voila

__all__ = [
    "DASHBOARDS",
    "LAB",
    "PAGE_STYLE",
    "SEED",
    "STYLE",
    "Dashboard",
    "GamePage",
    "case",
    "case_card",
    "case_explorer",
    "cases_about",
    "dashboards",
    "designer_notes",
    "gallery",
    "nav",
    "options_table",
    "page_style",
    "picture",
    "position_json",
    "readings_table",
    "start",
    "under_voila",
    "value_text",
]


if __name__ == "__main__":  # pragma: no cover - an older checkout's git config
    # ``make install`` used to register ``python -m widgets.dashboard --clean-notebook`` as git's
    # clean filter; failing here makes git keep the notebook as it is (and say so) instead of
    # taking an empty output for the cleaned notebook.
    raise SystemExit(
        "the notebooks' clean filter is now tools/clean_notebook.py: run `make install` again"
    )
