"""Board pictures for every game: one renderer per game, found through one registry.

A renderer draws a state (or a JSON position) on anything that speaks
:class:`~ftwkit.render.protocol.CanvasLike` — an ipycanvas ``Canvas``, :class:`SvgCanvas` or the
:class:`~ftwkit.render.recording.RecordingCanvas` of the tests — and owns the geometry both ways
(``targets_at`` for clicks, ``target_box`` for highlights). This package imports no UI library.

>>> import ftwkit
>>> picture = svg(ftwkit.rules("playwin").new())
>>> picture.startswith("<svg")
True
"""

from __future__ import annotations

import importlib
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from typing import Any

from ftwkit.protocol import State
from ftwkit.render.protocol import Box, CanvasLike, Renderer
from ftwkit.render.svg import SvgCanvas
from ftwkit.render.theme import DARK, LIGHT, Theme

__all__ = [
    "DARK",
    "LIGHT",
    "RENDERERS",
    "Box",
    "CanvasLike",
    "Renderer",
    "SvgCanvas",
    "Theme",
    "draw_on",
    "renderer",
    "svg",
]

RENDERERS: dict[str, str] = {
    "forthewin": "ftwkit.render.forthewin",
    "playwin": "ftwkit.render.playwin",
    "ftwcards": "ftwkit.render.ftwcards",
    "doubleblind": "ftwkit.render.doubleblind",
    "pnrz": "ftwkit.render.pnrz",
}
"""Game id → module exposing ``RENDERER`` (imported on first use)."""


@cache
def renderer(game_id: str) -> Renderer:
    """The renderer of a game.

    Raises:
        ValueError: no renderer for ``game_id`` (the known ids are listed).
    """
    if game_id not in RENDERERS:
        raise ValueError(f"no renderer for {game_id!r}; known games: {', '.join(RENDERERS)}")
    found: Renderer = importlib.import_module(RENDERERS[game_id]).RENDERER
    return found


def _game_of(state: State | Mapping[str, Any]) -> str:
    if isinstance(state, Mapping):
        return str(state["game"])
    return state.rules.id


def svg(
    state: State | Mapping[str, Any],
    *,
    view: int | None = None,
    highlight: Collection[Any] = (),
    selected: Sequence[Any] = (),
    last_move: bool = True,
    theme: Any = None,
) -> str:
    """The picture of a state (or of a JSON position with its ``"game"`` key) as SVG text.

    Takes the same options as ``Renderer.draw``.
    """
    drawer = renderer(_game_of(state))
    width, height = drawer.size(state, view=view, theme=theme)  # type: ignore[arg-type]
    canvas = SvgCanvas(width, height)
    drawer.draw(
        canvas,
        state,  # type: ignore[arg-type]
        view=view,
        highlight=highlight,
        selected=selected,
        last_move=last_move,
        theme=theme,
    )
    return canvas.to_svg()


def draw_on(canvas: CanvasLike, state: State, **options: Any) -> None:
    """Draw ``state`` with its game's renderer (a convenience for notebooks)."""
    renderer(state.rules.id).draw(canvas, state, **options)
