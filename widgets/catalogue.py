"""The dashboards the project serves, read from the games' registrations.

>>> from widgets.catalogue import DASHBOARDS
>>> DASHBOARDS[0].notebook
'index.ipynb'

The browser tests read :data:`DASHBOARDS` and :func:`start` so they click on the very position
a notebook shows.
"""

from __future__ import annotations

from dataclasses import dataclass

import ftwkit
from ftwkit import registry
from ftwkit.protocol import State

__all__ = ["DASHBOARDS", "LAB", "SEED", "Dashboard", "dashboards", "short_name", "start"]

SEED = 2024
"""The seed of every explorer's first game (the browser tests replay it to know where to click)."""


@dataclass(frozen=True)
class Dashboard:
    """One notebook served as a dashboard."""

    notebook: str
    title: str
    game: str | None
    kind: str
    """``"index"``, ``"explorer"``, ``"casebook"``, ``"edge-case"`` or ``"lab"``."""
    summary: str = ""
    """What a designer note or the lab answers, in a sentence (listed by the index)."""


LAB = Dashboard(
    "balance-lab.ipynb",
    "Balance lab — self-play studies",
    None,
    "lab",
    "who wins each game, how long it lasts, and what flipping a rule switch changes, with "
    "confidence intervals and p-values.",
)
"""The notebook about every game at once (a game's own notebooks come with its registration)."""


def dashboards() -> tuple[Dashboard, ...]:
    """Every notebook served as a dashboard, index first, from the games' registrations.

    Each game with dashboards (``Catalogue.dashboards``) brings its explorer ``<id>.ipynb`` and
    casebook ``<id>-casebook.ipynb``; its edge-case notes are ``Catalogue.notes`` in its package
    (``ftwkit/games/<id>/__init__.py``): a new note is one more ``NoteBook`` there.
    """
    entries = [g for g in registry.games() if g.catalogue.dashboards]
    out = [
        Dashboard("index.ipynb", f"ftwkit — {_count(len(entries))} games to explore", None, "index")
    ]
    out += [Dashboard(f"{g.id}.ipynb", f"{g.title} — explorer", g.id, "explorer") for g in entries]
    out += [
        Dashboard(f"{g.id}-casebook.ipynb", f"{g.title} — casebook", g.id, "casebook")
        for g in entries
    ]
    out += [
        Dashboard(note.notebook, f"{g.title} — {note.title}", g.id, "edge-case", note.summary)
        for g in entries
        for note in g.catalogue.notes
    ]
    out.append(LAB)
    return tuple(out)


def _count(n: int) -> str:
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[n] if n < len(words) else str(n)


DASHBOARDS: tuple[Dashboard, ...] = dashboards()
"""Every notebook of ``notebooks/``, index first (the built-in games' dashboards)."""


def short_name(dashboard: Dashboard) -> str:
    """How a link to the dashboard reads next to its game: "Casebook", "Explorer" or the note."""
    return {"casebook": "Casebook", "explorer": "Explorer"}.get(
        dashboard.kind, dashboard.title.split(" — ")[-1]
    )


def start(game: str) -> State:
    """The first game an explorer dashboard shows: default options, fewest players, :data:`SEED`."""
    return ftwkit.rules(game).new(seed=SEED)
