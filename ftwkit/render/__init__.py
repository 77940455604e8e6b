"""Board pictures for every game: one renderer per game, named by the game's registration.

A renderer draws a state (or a JSON position, loaded by the game's engine) on anything that speaks
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

from ftwkit import registry
from ftwkit.protocol import State
from ftwkit.render.base import Pen, as_state
from ftwkit.render.hints import draw_hint, share_shades
from ftwkit.render.legend import Marker, Swatch, swatch_svg
from ftwkit.render.protocol import Box, CanvasLike, Renderer
from ftwkit.render.svg import SvgCanvas
from ftwkit.render.text import natural_key, sorted_targets, target_text, targets_text
from ftwkit.render.theme import DARK, LIGHT, Theme
from ftwkit.render.theme import resolve as resolve_theme

__all__ = [
    "DARK",
    "LIGHT",
    "Box",
    "CanvasLike",
    "Marker",
    "Pen",
    "Renderer",
    "SvgCanvas",
    "Swatch",
    "Theme",
    "draw_hint",
    "draw_on",
    "natural_key",
    "renderer",
    "resolve_theme",
    "share_shades",
    "sorted_targets",
    "svg",
    "swatch_svg",
    "target_text",
    "targets_text",
]


def renderer(game_id: str) -> Renderer:
    """The renderer of a game, as its registration names it (``ftwkit.registry.Game``).

    Raises:
        ValueError: an unknown game id (the known ids are listed).
    """
    named = registry.game(game_id).renderer
    return _imported(named) if isinstance(named, str) else named


@cache
def _imported(module: str) -> Renderer:
    """The ``RENDERER`` of a renderer module, imported on first use."""
    found: Renderer = importlib.import_module(module).RENDERER
    return found


def svg(
    state: State | Mapping[str, Any],
    *,
    view: int | None = None,
    highlight: Collection[Any] = (),
    selected: Sequence[Any] = (),
    last_move: bool = True,
    theme: Any = None,
    ghost: Any = None,
) -> str:
    """The picture of a state (or of a JSON position with its ``"game"`` key) as SVG text.

    Takes the same options as ``Renderer.draw``.

    Raises:
        InvalidState: a JSON position the game's engine does not accept.
    """
    if isinstance(state, Mapping):
        state = as_state(str(state["game"]), state)
    drawer = renderer(state.rules.id)
    width, height = drawer.size(state, view=view, theme=theme)
    canvas = SvgCanvas(width, height)
    drawer.draw(
        canvas,
        state,
        view=view,
        highlight=highlight,
        selected=selected,
        last_move=last_move,
        theme=theme,
        ghost=ghost,
    )
    return canvas.to_svg()


def draw_on(canvas: CanvasLike, state: State, **options: Any) -> None:
    """Draw ``state`` with its game's renderer (a convenience for notebooks)."""
    renderer(state.rules.id).draw(canvas, state, **options)
