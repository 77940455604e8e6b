"""PNRZ sections carried from move to move equal the sections computed from the table.

A state made by a move rebuilds only the sections the move touched
(:func:`ftwkit.games.pnrz.scoring.update_sections`); every scoring switch that changes what a
section is or is worth (negation, negated quadrants breaking sections, negatable bases, bonus
items as characters, printed counts, half-offset or aligned grids) must give exactly the
sections, values and best sections of the full computation, after every kind of move.
"""

from __future__ import annotations

import itertools
import json
import random
from importlib import resources
from typing import Any

import pytest

import ftwkit
from ftwkit.games.pnrz import PnrzState, scoring
from ftwkit.games.pnrz import state as pnrz_state
from ftwkit.games.pnrz.notation import MoveBase, Orient, Place, Replace, Rotate, Swap
from ftwkit.games.pnrz.scoring import all_sections, best_sections, update_sections


def counted_tile_set() -> dict[str, Any]:
    """The shipped set with printed counts on some quadrants (seeded), for ``printed``."""
    text = resources.files("ftwkit.games.pnrz").joinpath("tiles.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    rng = random.Random(7)
    for tile in data["tiles"]:
        if rng.random() < 0.5:
            tile["counts"] = [rng.choice((1, 1, 2, 3)) for _ in range(4)]
    return data


SWITCHES: list[dict[str, Any]] = [
    {
        "negation": negation,
        "negated_breaks_section": breaks,
        "base_negatable": negatable,
        "bonus_also_character": bonus,
        "grid": grid,
    }
    for negation, breaks, negatable, bonus, grid in itertools.product(
        ("per_quadrant", "per_enemy_minus_one"),
        (False, True),
        (False, True),
        (False, True),
        ("offset", "aligned"),
    )
]


def full(state: PnrzState) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every section (as sets) and the best sections, computed from the table alone."""
    printed = state.counts if state.opts.quadrant_count == "printed" else None
    every = {c: set(e) for c, e in all_sections(state.cells, state.opts, printed).items()}
    return every, best_sections(state.cells, state.opts, state.counts)


def check(state: PnrzState) -> None:
    every, best = full(state)
    assert {c: set(e) for c, e in state._every_section().items()} == every
    assert state.sections() == best
    assert state.scores == tuple(sum(best[c][0] for c in chars) for chars in state.characters)


def play_and_compare(options: dict[str, Any], seed: int) -> set[type]:
    """A seeded random game; sections are asked at random plies and of a few children at some
    (as a search scores the moves of one state), and compared with the full computation.
    Returns the kinds of move played."""
    rules = ftwkit.rules("pnrz", **options)
    rng = random.Random(seed)
    state: Any = rules.new(players=2 + seed % 3, seed=seed)
    kinds: set[type] = set()
    while not state.is_over:
        moves = state.legal_moves()
        if rng.random() < 0.2:
            for move in rng.sample(moves, min(3, len(moves))):
                check(state.play_unchecked(move))
        move = rng.choice(moves)
        kinds.add(type(move))
        state = state.play(move)
        if rng.random() < 0.5:
            check(state)
    check(state)
    return kinds


@pytest.mark.parametrize("counts", ["one", "printed"])
@pytest.mark.parametrize("options", SWITCHES, ids=lambda o: "-".join(map(str, o.values())))
def test_carried_sections_equal_the_full_computation(options: dict[str, Any], counts: str) -> None:
    extra: dict[str, Any] = {"quadrant_count": counts}
    if counts == "printed":
        extra["tile_set"] = counted_tile_set()
    for seed in range(2):
        play_and_compare(options | extra, seed)


def test_every_kind_of_table_change_is_compared() -> None:
    kinds: set[type] = set()
    for seed in range(6):
        kinds |= play_and_compare({"negated_breaks_section": True}, seed)
    assert {Place, MoveBase, Rotate, Swap, Replace, Orient} <= kinds


def test_a_long_line_without_known_sections_computes_them_from_the_table() -> None:
    rules = ftwkit.rules("pnrz", negation="per_enemy_minus_one")
    rng = random.Random(3)
    state: Any = rules.new(players=3, seed=3)
    state.sections()
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    check(state)  # dozens of moves from the start: more than the carried chain reaches


@pytest.mark.slow
@pytest.mark.parametrize("options", SWITCHES, ids=lambda o: "-".join(map(str, o.values())))
def test_carried_sections_equal_the_full_computation_many_games(options: dict[str, Any]) -> None:
    for seed in range(2, 12):
        play_and_compare(
            options | {"quadrant_count": "printed", "tile_set": counted_tile_set()}, seed
        )


@pytest.mark.parametrize("options", [{}, {"negated_breaks_section": True}])
def test_a_tile_whose_two_corners_reach_one_section_joins_it_once(
    options: dict[str, Any],
) -> None:
    # a pirate section wraps round the spot at 0,0 from its west side to its south side; the
    # new tile's NW and SE pirates (diagonal to each other) each touch it: one section of 13
    pirates = {"quads": ["pirate"] * 4, "icon": None}
    tiles = [
        {"quads": ["pirate", "pirate", "pirate", "robot"], "icon": None, "at": [-2, 0], "rot": 0},
        dict(pirates, at=[-2, 2], rot=0),
        dict(pirates, at=[0, 2], rot=0),
    ]
    corners = {"quads": ["pirate", "ninja", "pirate", "ninja"], "icon": None}
    data = {
        "game": "pnrz",
        "players": 2,
        "to_play": 0,
        "characters": [["pirate", "robot"], ["ninja", "zombie"]],
        "tiles": tiles,
        "hands": [[corners], []],
        "draw": [],
    }
    state: Any = ftwkit.rules("pnrz", **options).load(data)
    assert state.sections()["pirate"][0] == 11
    after = state.play(Place("~pirate/ninja/pirate/ninja", (0, 0), 0))
    check(after)
    assert after.sections()["pirate"] == (13, after.sections()["pirate"][1])
    assert len(after.sections()["pirate"][1]) == 13


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"bonus_also_character": True, "grid": "aligned"},
        {"quadrant_count": "printed"},
        {"negation": "per_enemy_minus_one"},
    ],
    ids=["default", "bonus-aligned", "printed", "per-enemy"],
)
def test_every_carried_update_equals_the_full_computation(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # every call of update_sections a game makes (children scored as a search scores them),
    # compared with the sections computed from the table; the shortcuts for the default
    # scoring (placements joining sections, re-floods valued as they go) must all be taken, and
    # placements join sections both through the index a searched state makes and without it
    if options.get("quadrant_count") == "printed":
        options = options | {"tile_set": counted_tile_set()}
    taken: dict[str, int] = {"update": 0, "indexed": 0, "_merged": 0, "_flooded": 0}

    def counted(name: str) -> Any:
        inner = getattr(scoring, name)

        def call(*args: Any) -> Any:
            taken[name] += 1
            return inner(*args)

        return call

    for name in ("_merged", "_flooded"):
        monkeypatch.setattr(scoring, name, counted(name))

    def checked(
        before: Any, old: Any, cells: Any, changed: Any, opts: Any, counts: Any, index: Any
    ) -> Any:
        taken["update"] += 1
        if index is not None:
            assert index == scoring.section_index(before)
            taken["indexed"] += 1
        got = update_sections(before, old, cells, changed, opts, counts, index)
        assert {c: set(e) for c, e in got.items()} == {
            c: set(e) for c, e in all_sections(cells, opts, counts).items()
        }
        return got

    monkeypatch.setattr(pnrz_state, "update_sections", checked)
    for seed in range(3):
        rules = ftwkit.rules("pnrz", **options)
        rng = random.Random(seed)
        state: Any = rules.new(players=2 + seed, seed=seed)
        while not state.is_over:
            moves = state.legal_moves()
            if rng.random() < 0.5:  # as a searched state's samples carry it
                state._section_lookup()
            for move in rng.sample(moves, min(20, len(moves))):
                state.play_unchecked(move).sections()
            state = state.play(rng.choice(moves))
            if rng.random() < 0.5:  # else the next children carry from two moves back
                state.sections()
    assert taken["update"] > 1000
    assert 300 < taken["indexed"] < taken["update"] - 300
    additive = options.get("negation") != "per_enemy_minus_one"
    for name in ("_merged", "_flooded"):
        assert (taken[name] > 100) == additive, (name, taken)
