"""Where the widgets find a game's renderer (kept under this name for the browser harness).

Every game now has a board renderer in :mod:`ftwkit.render`, so the text-diagram stand-in that
used to live here is gone: a game without a renderer is an error worth seeing at once, not a page
that silently shows text.
"""

from __future__ import annotations

from ftwkit import render
from ftwkit.render.protocol import Renderer

__all__ = ["find_renderer"]


def find_renderer(game_id: str) -> tuple[Renderer, str | None]:
    """The game's board renderer, and a note on any problem finding it (``None``: none).

    The pair form is kept for callers written when a text fallback existed; the note is always
    ``None`` now.

    Raises:
        ValueError: ``ftwkit.render`` has no renderer for ``game_id`` (the message lists the games
            it knows).
    """
    return render.renderer(game_id), None
