"""One layout per shown state: drawing, hit-testing and hint boxes share a typed frame (25.3)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import ftwkit
from ftwkit import render
from ftwkit.render.base import BaseRenderer, Layout
from ftwkit.render.recording import RecordingCanvas

GAMES = list(ftwkit.game_ids())


def running(game: str, plies: int = 8, seed: int = 5) -> Any:
    state = ftwkit.rules(game).new(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_a_redraw_with_hints_and_clicks_builds_one_layout(game: str) -> None:
    renderer = render.renderer(game)
    assert isinstance(renderer, BaseRenderer)
    state = running(game)
    before = renderer.layouts_built
    width, height = renderer.size(state, view=0)
    renderer.draw(RecordingCanvas(width, height), state, view=0, highlight=["x"])
    boxes = [renderer.target_box(state, t, view=0) for t in renderer.targets(state, view=0)]
    assert boxes and all(box is not None for box in boxes)
    box = boxes[0]
    assert box is not None
    hit = renderer.targets_at(state, box[0] + box[2] / 2, box[1] + box[3] / 2, view=0)
    assert hit is not None
    assert renderer.layouts_built == before + 1
    # another view or another state is another picture; the same one again costs nothing
    renderer.size(state, view=None)
    renderer.size(state.play(state.legal_moves()[0]), view=0)
    renderer.size(state, view=0)
    assert renderer.layouts_built == before + 3


def test_a_json_position_is_laid_out_on_every_call() -> None:
    # a mapping may change between calls, so only immutable states are remembered
    renderer = render.renderer("playwin")
    data = ftwkit.rules("playwin").new().to_json()
    before = renderer.layouts_built
    renderer.size(data)
    renderer.size(data)
    assert renderer.layouts_built == before + 2


def test_a_kept_layout_stays_with_its_state_when_ids_are_reused() -> None:
    renderer = render.renderer("playwin")
    first = ftwkit.rules("playwin").new()
    second = first.play(first.legal_moves()[0])
    assert renderer.layout_of(second) is renderer.layout_of(second)
    assert renderer.layout_of(first) is not renderer.layout_of(second)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_lays_out_a_typed_frozen_frame(game: str) -> None:
    renderer = render.renderer(game)
    assert isinstance(renderer, BaseRenderer)
    layout = renderer.layout_of(running(game))
    assert isinstance(layout, Layout) and not hasattr(layout, "extra")
    frame = layout.frame
    assert dataclasses.is_dataclass(frame) and type(frame).__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert type(frame).__module__ == type(renderer).__module__  # the game's own frame
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.__setattr__(dataclasses.fields(frame)[0].name, None)


def test_forgotten_layouts_are_built_again() -> None:
    renderer = render.renderer("playwin")
    assert isinstance(renderer, BaseRenderer)
    state = running("playwin")
    renderer.size(state)
    before = renderer.layouts_built
    renderer.forget_layouts()
    renderer.size(state)
    renderer.size(state)
    assert renderer.layouts_built == before + 1
