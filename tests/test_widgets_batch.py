"""Every redraw names its canvas to the browser (the blank board after a reload, issue 20 #1)."""

from __future__ import annotations

import json
from typing import Any

import ipycanvas.canvas
import pytest

from widgets import Explorer


def switches(messages: list[list[Any]], canvas: Any) -> int:
    """How many "switch to ``canvas``" commands the captured batches hold."""
    code = ipycanvas.canvas.COMMANDS["switchCanvas"]
    target = f"IPY_MODEL_{canvas.model_id}"
    return sum(
        1
        for batch in messages
        for command in (batch if batch and isinstance(batch[0], list) else [batch])
        if command[0] == code and command[1] == [target]
    )


def test_a_second_redraw_of_the_same_canvas_switches_to_it_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ex = Explorer("playwin")
    manager = ex.canvas._canvas_manager
    sent: list[list[Any]] = []

    def capture(content: Any, buffers: Any = None) -> None:
        sent.append(json.loads(bytes(buffers[0])))

    monkeypatch.setattr(manager, "send", capture)
    ex.canvas._handle_frontend_event(ex.canvas, {"event": "client_ready"}, [])
    # a page reload: the browser's manager forgets its current canvas, the kernel's does not
    ex.canvas._handle_frontend_event(ex.canvas, {"event": "client_ready"}, [])
    ex.play("B3-C3")
    assert len(sent) == 3
    for batch in sent:
        assert switches([batch], ex.canvas) == 1
