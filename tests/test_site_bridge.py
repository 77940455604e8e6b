"""The static site's Python side, run here in CPython: what its workers import and answer.

The worker runs in Pyodide with ftwkit's own files and nothing else, so importing ftwkit, every
engine, renderer and agent and the site's bridge must not pull in pandas, SciPy, Matplotlib,
PyYAML or a Jupyter package (checked in a fresh interpreter). The bridge answers the page in
JSON: a refused click names the rule and changes nothing, a legal one plays, and in a game with
hidden information the view sent to the page is the same for any two states the viewer cannot
tell apart — it carries the viewer's observation, never the state.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ftwkit
from ftwkit import agents, links, registry, render
from ftwkit.site import LEFT_OUT, bridge, search

ROOT = Path(__file__).resolve().parent.parent

HEAVY = ("pandas", "scipy", "matplotlib", "yaml", "numpy", "ipywidgets", "ipycanvas", "mistune")
"""Packages the page does not have (Pyodide's core holds the standard library only)."""

RUNTIME = """
import sys, json
import ftwkit, ftwkit.render, ftwkit.agents, ftwkit.links, ftwkit.records
from ftwkit.site import bridge, search
for entry in ftwkit.registry.games():
    state = entry.rules().new(seed=1)
    ftwkit.render.svg(state)
    for name in ftwkit.agents.names():
        ftwkit.agents.make(name, seed=1)
    json.loads(bridge.handle(json.dumps({"op": "open", "game": entry.id, "seed": 1})))
print(json.dumps(sorted(sys.modules)))
"""


def test_runtime_imports_only_the_standard_library_and_ftwkit() -> None:
    out = subprocess.run(
        [sys.executable, "-c", RUNTIME],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    modules = json.loads(out.stdout.strip().splitlines()[-1])
    heavy = sorted({m.split(".")[0] for m in modules} & set(HEAVY))
    assert heavy == [], f"the page's modules import {heavy}"
    # the parts the site leaves out of its zip are never imported
    left_out = [m for m in modules if m.startswith(LEFT_OUT)]
    assert left_out == []


def ask(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps(request)))
    return answer


def click_at(state: Any, target: Any, view: int | None = None) -> dict[str, Any]:
    x, y, w, h = render.renderer(state.rules.id).target_box(state, target, view=view)
    return ask({"op": "click", "x": x + w / 2, "y": y + h / 2})


def test_a_refused_click_names_the_rule_and_a_legal_move_plays() -> None:
    state = ftwkit.rules("playwin").load(
        {"game": "playwin", "to_play": 0, "pieces": [["C3", "A1"], ["D4", "I8", "I9"]]}
    )
    opened = ask(
        {"op": "open", "game": "playwin", "link": "position=" + links.encode_value(state.to_json())}
    )["view"]
    assert opened["message"] == "Opened the position of the link."
    refused = click_at(state, "A1")
    assert refused["view"]["refused"] is True
    assert refused["view"]["message"] == (
        "Why not A1? a capture of 1 piece is available (from C3); captures are compulsory "
        "and the most must be taken (PW9). Moves can start at: C3."
    )
    assert refused["view"]["node"] == 0 and refused["view"]["clicks"] == []
    click_at(state, "C3")
    view = click_at(state, "E4")["view"]
    assert view["message"] == "" and view["node"] == 1
    assert [n["label"] for n in view["history"]] == ["start", "C3xD4-E4"]
    found = links.read_query("record=" + view["link"]["record"])
    assert found is not None
    assert ftwkit.replay(found[1]) == state.play("C3xD4-E4")
    back = ask({"op": "back"})["view"]
    assert back["node"] == 0 and back["can_forward"]
    branch = ask({"op": "play", "text": "C3xD4-D5"})["view"]
    assert [n["parent"] for n in branch["history"]] == [None, 0, 0]


def test_a_bad_link_opens_the_set_up_with_its_reason() -> None:
    view = ask({"op": "open", "game": "playwin", "link": "position=%7B%22game%22%3A1"})["view"]
    assert view["message"].startswith(
        "The link could not be opened: position in the link: not JSON"
    )
    assert view["node"] == 0


@pytest.mark.parametrize("game", [g.id for g in registry.games() if g.rules.hidden_information])
def test_a_players_view_holds_only_what_that_player_sees(game: str) -> None:
    state = ftwkit.rules(game).new(seed=4)
    viewer = state.to_play
    assert viewer is not None
    other = state.rules.sample(state, viewer, random.Random(9))
    assert other.to_json() != state.to_json()  # the hidden parts differ ...
    views = []
    for shown in (state, other):
        ask({"op": "open", "game": game, "link": "position=" + links.encode_value(shown.to_json())})
        views.append(ask({"op": "view", "viewer": viewer})["view"])
    assert views[0]["link"] is None
    assert views[0] == views[1]  # ... and the page gets the same view of both


def test_the_search_worker_answers_a_legal_move_and_weights() -> None:
    state = ftwkit.rules("forthewin").new(seed=2)
    # a search within its time budget: a legal move, the best of the weights it lists
    job = {"position": state.to_json(), "level": "normal", "seconds": 0.2, "seed": 1}
    answer = json.loads(search.handle(json.dumps(job)))
    assert state.is_legal(state.rules.parse_move(state, answer["move"]))
    shares = [share for _, share in answer["analysis"]]
    assert answer["move"] == answer["analysis"][0][0] and shares == sorted(shares, reverse=True)
    # the easy level is the greedy agent's own answer
    easy = json.loads(search.handle(json.dumps({**job, "level": "easy"})))
    greedy = agents.make("greedy", seed=1).analyse(state)[: search.ANALYSIS_MOVES]
    assert easy["analysis"] == [[str(m), round(w, 4)] for m, w in greedy]
    refused = json.loads(search.handle(json.dumps({"position": {"game": "chess"}})))
    assert refused == {
        "error": f"unknown game 'chess'; known games: {', '.join(ftwkit.game_ids())}"
    }


def test_a_capture_chain_is_clicked_leap_by_leap_and_stepped_through() -> None:
    position = {
        "game": "playwin",
        "to_play": 0,
        "pieces": [["E5", "A1"], ["C3", "C5", "E3", "E6", "G5", "G7", "E9", "I9"]],
    }
    state = ftwkit.rules("playwin").load(position)
    ask({"op": "open", "game": "playwin", "link": "position=" + links.encode_value(position)})
    move = state.rules.parse_move(state, "E5xE6-F7xG7-G6xG5-F4xE3-D3xC3-C4xC5-D6")
    for target in move.targets:
        view = click_at(state, target)["view"]
    assert view["node"] == 1 and view["history"][1]["label"] == str(move)
    steps = view["steps"]
    leaps = ["E5xE6-F7", "F7xG7-G6", "G6xG5-F4", "F4xE3-D3", "D3xC3-C4", "C4xC5-D6"]
    assert steps == [
        "before the move",
        *(f"step {k} of 6: {leap}" for k, leap in enumerate(leaps, 1)),
    ]
    first = ask({"op": "substep", "index": 0})["view"]
    assert first["status"] == "South to play · inside move 1 of 1: before the move"
    assert first["svg"] == render.svg(state, last_move=False)
    after = ask({"op": "substep", "index": len(steps) - 1})["view"]
    assert after["substep"] is None


def test_a_hint_after_a_refused_click_is_not_shown_as_a_refusal() -> None:
    state = ftwkit.rules("playwin").new(seed=1)
    ask(
        {"op": "open", "game": "playwin", "link": "position=" + links.encode_value(state.to_json())}
    )
    assert click_at(state, "I5")["view"]["refused"] is True
    job = ask({"op": "search", "purpose": "hint", "level": "easy"})["job"]
    found = json.loads(search.handle(json.dumps(job)))
    shown = ask({"op": "searched", "node": job["node"], "purpose": "hint", **found})["view"]
    assert shown["message"].startswith("Hint: ") and shown["refused"] is False
    assert '<g class="ftw-hint">' in shown["svg"] and len(shown["hint"]) == 5


def test_the_computer_moves_while_the_persons_view_hides_its_cards() -> None:
    """FTW?! with Player 2 the computer's: the computer's moves are played though Player 1's
    view (the one shown) hides Player 2's options, where a person's click is refused."""
    state = ftwkit.rules("ftwcards").new(seed=1)
    ask(
        {
            "op": "open",
            "game": "ftwcards",
            "link": "position=" + links.encode_value(state.to_json()),
        }
    )
    ask({"op": "seats", "computer": [1]})
    for node in range(4):
        view = ask({"op": "search", "purpose": "move", "level": "easy"})
        job = view["job"]
        found = json.loads(search.handle(json.dumps(job)))
        shown = ask({"op": "searched", "node": job["node"], "purpose": "move", **found})["view"]
        assert shown["node"] == node + 1 and shown["viewer"] == 0 and not shown["covered"]
        assert shown["message"].startswith("The computer (Player ")
        assert shown["link"] is None  # Player 1's view: no link to the whole game
