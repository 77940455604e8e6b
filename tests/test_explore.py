"""``ftwkit.explore.Session`` driven by clicks alone, with no widget library loaded."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import ftwkit
from ftwkit.explore import STRAY_CLICK, Session

HERE = pathlib.Path(__file__).resolve().parent

CHAIN = {"to_play": 0, "pieces": [["C3", "A1"], ["C4", "D4", "I9"]]}
"""South's C3 can capture C4 then D4 (landing D5 then E4) or D4 then C4 (D5 then B4)."""

FORTHEWIN_SPLIT = [
    "add monkey -1,1",
    "monkey -1,1",
    "add pirate 2,-1",
    "add pirate -2,0",
    "add ninja -1,-1",
    "add alien 3,0",
]


def test_the_scenarios_below_run_without_any_widget_library() -> None:
    """The two whole-turn scenarios of this module, run in a fresh interpreter."""
    code = (
        "import sys, pathlib\n"
        f"sys.path[:0] = [{str(HERE)!r}, {str(HERE.parent)!r}]\n"
        "import test_explore as t\n"
        "t.test_a_bent_leap_chain_by_clicks_with_why_not_steps_a_branch_and_a_record()\n"
        "t.test_a_forthewin_split_and_rejoin_turn_by_clicks()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'ipycanvas', 'traitlets', 'widgets', 'IPython', 'pytest')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_a_bent_leap_chain_by_clicks_with_why_not_steps_a_branch_and_a_record() -> None:
    s = Session(ftwkit.rules("playwin").load(CHAIN))
    assert s.click("C3").kind == "selected" and s.highlighted == {"D5"}
    assert s.click("D5").kind == "selected"
    assert s.highlighted == {"B4", "C3", "E4"}
    # a stray click keeps the chain entered so far and says why, in the rule's words
    stray = s.click("H8")
    assert stray.kind == "kept" and stray.clicks == ("C3", "D5") and stray.error
    assert stray.message.startswith(
        "Why not C3 → D5 → H8? the capture from C3 cannot land on H8 next; it may land on B4, "
        "C3, E4"
    )
    assert s.message == stray.message
    assert s.click(None).message == STRAY_CLICK and s.clicks == ("C3", "D5")
    played = s.click("E4")
    assert played.kind == "played" and str(played.move) == "C3xC4-D5xD4-E4"
    assert s.line == ("C3xC4-D5xD4-E4",) and s.clicks == ()
    assert s.status() == "South won · winners: South · move 1 of 1"
    # the steps inside the move are states: before it, after each leap (removal immediate)
    steps = s.steps()
    assert [step.label for step in steps] == [
        "before the move",
        "step 1 of 2: C3xC4-D5",  # each step names its leap
        "step 2 of 2: D5xD4-E4",
    ]
    assert [step.state.to_json()["pieces"] for step in steps] == [
        [["A1", "C3"], ["C4", "D4", "I9"]],
        [["A1", "D5"], ["D4", "I9"]],
        [["A1", "E4"], ["I9"]],
    ]
    s.step(1)
    assert s.shown_state is steps[1].state and s.substep == 1
    assert s.status() == "South to play · inside move 1 of 1: step 1 of 2: C3xC4-D5"
    assert s.marks().highlight == frozenset() and not s.marks().last_move
    s.step(None)
    assert s.shown_state is s.state and s.marks().last_move
    # a branch: back to the start, the other chain by clicks
    assert s.back() and s.index == 0
    for cell in ("C3", "D5"):
        s.click(cell)
    assert s.click("D5").clicks == ("C3",)  # a click on the last place takes that step back
    s.click("D5")
    assert s.click("B4").kind == "played"
    assert s.lines == [("C3xC4-D5xD4-E4",), ("C3xD4-D5xC4-B4",)]
    assert [(n.label, n.depth, n.current) for n in s.nodes()] == [
        ("", 0, False),
        ("C3xC4-D5xD4-E4", 0, False),
        ("C3xD4-D5xC4-B4", 1, True),
    ]
    # the record keeps the variation, and loads back with it
    record = s.record()
    assert record["moves"] == ["C3xC4-D5xD4-E4"]
    assert record["variations"] == [{"at": 0, "moves": ["C3xD4-D5xC4-B4"]}]
    again = Session.from_json(json.loads(json.dumps(record)))
    assert again.lines == s.lines and again.line == ("C3xC4-D5xD4-E4",)
    again.switch_line(1)
    assert again.line == ("C3xD4-D5xC4-B4",) and again.index == 1
    again.promote()
    assert again.lines == [("C3xD4-D5xC4-B4",), ("C3xC4-D5xD4-E4",)]


def test_a_forthewin_split_and_rejoin_turn_by_clicks() -> None:
    s = Session.new("forthewin", seed=0)
    for move in FORTHEWIN_SPLIT:
        s.play(move)
    for cell in ((2, -1), (1, 0)):
        assert s.click(cell).kind == "selected"
    split = s.click([-3, -1])  # a JSON cell is read as the tuple
    assert str(split.move) == "pirate 2,-1 blast 1,0 to -3,-1"
    assert s.flagged() == {(2, -1), (3, 0)}
    assert "Grid split — must rejoin" in s.status()
    stray = s.click((5, 5))
    assert stray.kind == "refused" and stray.message == (
        "Why not (5,5)? an added tile must touch the Grid, and (5,5) touches no tile (FW13). "
        "Moves can start at: (-2,0)."
    )
    assert s.click((-2, 0)).kind == "selected"
    assert s.highlighted == {(-3, -1), (-1, -1), (-1, 1)}
    s.click((-1, -1))
    rejoin = s.click((1, 0))
    assert str(rejoin.move) == "pirate -2,0 blast -1,-1 to 1,0"
    assert s.flagged() == frozenset() and "split" not in s.status()
    assert s.line[-2:] == ("pirate 2,-1 blast 1,0 to -3,-1", "pirate -2,0 blast -1,-1 to 1,0")
