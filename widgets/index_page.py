"""The index page's parts and every game page's navigation line.

:func:`gallery` shows one card per registered game (its picture, designer, tagline and links to
its dashboards), :func:`designer_notes` lists the notes and the lab, :func:`nav` links a game's
dashboards to each other and back to the index.
"""

from __future__ import annotations

import html

from IPython.display import HTML

from ftwkit import registry, render
from ftwkit.errors import FtwError
from ftwkit.protocol import State
from widgets.catalogue import dashboards, short_name, start

__all__ = ["designer_notes", "gallery", "nav", "picture"]


def picture(state: State) -> str:
    """The SVG picture of a state, or a short note when it cannot be drawn.

    Every registered game has a renderer; a position the engine refuses to draw is noted in the
    card instead of breaking the whole index.
    """
    try:
        return render.svg(state)
    except FtwError as err:
        return f'<span class="ftw-missing">no picture ({html.escape(str(err))})</span>'


def nav(current: str | None = None) -> HTML:
    """A navigation line for a game's dashboards: back to the gallery, then each of them.

    Empty for the index (``current`` is ``None``), which is the gallery itself.
    """
    if current is None:
        return HTML("")
    links = ['<a href="index.ipynb">← All games</a>']
    links += [
        f'<a href="{d.notebook}">{html.escape(short_name(d).capitalize())}</a>'
        for d in dashboards()
        if d.game == current
    ]
    return HTML(f'<div class="ftw-nav">{"".join(links)}</div>')


def gallery() -> HTML:
    """The index gallery: one card per registered game, with its picture and dashboard links."""
    cards = []
    shown = dashboards()
    for game in registry.games():
        facts = game.catalogue
        links = [
            f'<a href="{d.notebook}" class="{"" if d.kind == "explorer" else "ftw-secondary"}">'
            f"{'Play &amp; explore' if d.kind == 'explorer' else html.escape(short_name(d))}</a>"
            for d in shown
            if d.game == game.id
        ]
        cards.append(
            f'<div class="ftw-card" data-game="{html.escape(game.id)}">'
            f"<h3>{html.escape(game.title)}</h3>"
            f'<div class="ftw-meta">{html.escape(facts.designer)} · '
            f"{html.escape(facts.players)}</div>"
            f'<div class="ftw-picture">{picture(start(game.id))}</div>'
            f"<p>{html.escape(facts.tagline)}</p>"
            f'<div class="ftw-links">{"".join(links)}</div>'
            "</div>"
        )
    return HTML(f'<div class="ftw-gallery">{"".join(cards)}</div>')


def designer_notes() -> HTML:
    """The index's list of designer notes (each game's edge-case notes, then the lab), linked."""
    items = [
        f'<li><a href="{html.escape(d.notebook)}">{html.escape(d.title)}</a>'
        f"{': ' + html.escape(d.summary) if d.summary else ''}</li>"
        for d in dashboards()
        if d.kind in ("edge-case", "lab")
    ]
    return HTML(f'<ul class="ftw-notes">{"".join(items)}</ul>')
