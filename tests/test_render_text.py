"""Targets in words: one cell format (the engines' ``(x,y)``), lists in natural order (29.8)."""

from __future__ import annotations

import ftwkit
from ftwkit import render


def test_a_coordinate_cell_reads_as_the_engines_write_it() -> None:
    state = ftwkit.rules("forthewin").new(seed=0)
    reason = state.explain_targets([(5, 5)])
    assert reason is not None and "(5,5)" in reason  # the engine's own words
    assert render.target_text((5, 5)) == "(5,5)" and render.target_text([-1, 0]) == "(-1,0)"
    assert render.target_text("A1") == "A1" and render.target_text(True) == "True"


def test_cell_lists_sort_naturally() -> None:
    cells = ["A10", "A2", "A1", "B1", "A11", "T19", "C3"]
    assert render.targets_text(cells) == "A1, A2, A10, A11, B1, C3, T19"
    assert render.targets_text([(10, 0), (2, 0), (-3, 1), (2, 0)]) == "(-3,1), (2,0), (10,0)"
    assert render.targets_text(["A3", "A1", "A2"], most=2) == "A1, A2 …"
    # every Double Blind point a game may start on, in reading order of its names
    state = ftwkit.rules("doubleblind").new()
    starts = render.sorted_targets(m.targets[0] for m in state.legal_moves() if m.targets)
    assert starts[:3] == ["A1", "A2", "A3"] and starts.index("A10") == 9
