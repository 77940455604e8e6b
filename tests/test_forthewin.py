"""For the Win!: one rule per test, exact successor positions, bad input, random-game invariants."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ftwkit
from ftwkit import IllegalMove, InvalidState
from ftwkit.games.forthewin import ForTheWinState
from ftwkit.games.forthewin.actions import basic_reason
from ftwkit.games.forthewin.grid_rule import grid_reason, legal_actions
from ftwkit.games.forthewin.moves import Action
from ftwkit.geometry.graph import articulation_points
from ftwkit.geometry.grid import is_connected
from tests.conformance import random_line

KIND = {"N": "ninja", "P": "pirate", "M": "monkey", "Z": "zombie", "A": "alien"}
LETTER = {v: k for k, v in KIND.items()}


def tiles_json(spec: str) -> list[dict[str, Any]]:
    """``"WM@0,0 bp@1,0"``: colour W/B (lower case = face down), kind letter, cell."""
    out = []
    for token in spec.split():
        code, at = token.split("@")
        x, y = (int(v) for v in at.split(","))
        player = 0 if code[0] in "Ww" else 1
        out.append(
            {"player": player, "kind": KIND[code[1].upper()], "at": [x, y], "up": code[0].isupper()}
        )
    return out


def position(spec: str, **keys: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "forthewin",
        "to_play": 0,
        "first": 0,
        "actions_used": [0, 0],
        "turn_actions": 0,
        "tiles": tiles_json(spec),
    }
    data.update(keys)
    return data


def load(spec: str, options: dict[str, Any] | None = None, **keys: Any) -> ForTheWinState:
    state = ftwkit.rules("forthewin", **(options or {})).load(position(spec, **keys))
    assert isinstance(state, ForTheWinState)
    return state


def spec_of(state: ForTheWinState) -> str:
    """The tiles of a state in the compact notation, sorted by cell."""
    out = []
    for (x, y), tile in state.tiles:
        code = ("W" if tile.player == 0 else "B") + LETTER[tile.kind]
        out.append(f"{code if tile.up else code.lower()}@{x},{y}")
    return " ".join(out)


# ---------------------------------------------------------------------------- set-up
def test_setup_places_two_face_up_monkeys_touching_on_a_side() -> None:
    state = ftwkit.rules("forthewin").new(seed=5)
    assert isinstance(state, ForTheWinState)
    assert spec_of(state) == "WM@0,0 BM@1,0"
    assert state.actions_used == (0, 0) and state.turn_actions == 0
    assert state.to_play == state.first
    assert state.supply(0) == {"ninja": 2, "pirate": 2, "monkey": 1, "zombie": 2, "alien": 2}


def test_diagonal_start_option_places_monkeys_corner_to_corner() -> None:
    state = ftwkit.rules("forthewin", start="diagonal").new(seed=5)
    assert isinstance(state, ForTheWinState)
    assert spec_of(state) == "WM@0,0 BM@1,1"


def test_first_player_comes_from_the_seed() -> None:
    rules = ftwkit.rules("forthewin")
    firsts = {rules.new(seed=s).to_play for s in range(20)}
    assert firsts == {0, 1}
    assert rules.new(seed=3).to_play == rules.new(seed=3).to_play
    assert rules.new().to_play == 0  # no seed: White starts


def test_three_and_four_player_variant_starts_with_a_row_of_monkeys() -> None:
    state = ftwkit.rules("forthewin").new(players=4, seed=1)
    assert isinstance(state, ForTheWinState)
    assert [c for c, _ in state.tiles] == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert ftwkit.rules("forthewin").player_names(4) == ("White", "Black", "Red", "Blue")


# ---------------------------------------------------------------------------- actions
def test_move_goes_one_step_in_any_of_eight_directions() -> None:
    state = load("WM@0,0 BM@1,0")
    assert spec_of(state.play("move 0,0 se")) == "BM@1,0 WM@1,1"
    assert "face down" in (load("wm@0,0 BM@1,0").explain("move 0,0 n") or "")
    assert "only move their own" in (state.explain("move 1,0 e") or "")


def test_shove_moves_the_unbroken_run_and_stops_at_the_gap() -> None:
    state = load("WA@0,0 BM@1,0 WP@2,0 BN@4,0 WM@3,1")
    assert spec_of(state.play("shove 0,0 e")) == "WA@1,0 BM@2,0 WP@3,0 WM@3,1 BN@4,0"


def test_shove_single_mode_is_blocked_by_a_second_tile() -> None:
    spec = "WA@0,0 BM@1,0 BN@2,0 WP@2,1"
    assert spec_of(load(spec).play("shove 0,0 e")) == "WA@1,0 BM@2,0 WP@2,1 BN@3,0"
    single = load(spec, {"shove_mode": "single"})
    assert "cell beyond is occupied" in (single.explain("shove 0,0 e") or "")
    free = load("WA@0,0 BM@1,0 WP@2,1", {"shove_mode": "single"})
    assert spec_of(free.play("shove 0,0 e")) == "WA@1,0 BM@2,0 WP@2,1"


def test_shove_cannot_go_diagonally() -> None:
    state = load("WA@0,0 BM@1,1")
    assert "cannot be done diagonally" in (state.explain("shove 0,0 se") or "")


def test_shove_with_nothing_in_front_is_the_same_move_as_a_move() -> None:
    state = load("WM@0,0 BM@1,0")
    move = state.rules.parse_move(state, "shove 0,0 n")
    assert str(move) == "move 0,0 n"
    strict = load("WM@0,0 BM@1,0", {"shove_needs_target": True})
    assert "no tile in front" in (strict.explain("shove 0,0 n") or "")
    assert "move 0,0 n" in [str(m) for m in strict.legal_moves()]


def test_refresh_turns_an_own_face_down_tile_up() -> None:
    state = load("wm@0,0 bm@1,0")
    assert spec_of(state.play("refresh 0,0")) == "WM@0,0 bm@1,0"
    assert "only refresh their own" in (state.explain("refresh 1,0") or "")
    anyone = load("wm@0,0 bm@1,0", {"refresh_any": True})
    assert spec_of(anyone.play("refresh 1,0")) == "wm@0,0 BM@1,0"


def test_alien_pulls_any_tile_next_to_herself_then_turns_face_down() -> None:
    state = load("WM@-1,0 WA@0,0 BM@1,0 BN@2,0 BP@3,0")
    after = state.play("alien 0,0 pull 3,0 to 0,-1")
    assert spec_of(after) == "WM@-1,0 BP@0,-1 wa@0,0 BM@1,0 BN@2,0"
    assert "cannot pull herself" in (state.explain("alien 0,0 pull 0,0 to 0,1") or "")


def test_monkey_flips_every_neighbour_both_ways() -> None:
    state = load("WM@0,0 BN@1,0 wp@0,1 bz@-1,-1 BA@2,0")
    assert spec_of(state.play("monkey 0,0")) == "BZ@-1,-1 wm@0,0 WP@0,1 bn@1,0 BA@2,0"


def test_ability_needs_effect_forbids_deactivating_a_face_down_tile() -> None:
    spec = "WZ@0,0 WZ@-1,0 bp@1,0 BZ@0,1 BZ@1,1"
    assert load(spec).explain("zombie 0,0 deactivate 1,0") is None
    strict = load(spec, {"ability_needs_effect": True})
    assert "already face down" in (strict.explain("zombie 0,0 deactivate 1,0") or "")


def test_ninja_jumps_to_a_grid_space_and_turns_face_down() -> None:
    state = load("WM@0,0 BM@1,0 WN@0,1")
    assert spec_of(state.play("ninja 0,1 to 2,1")) == "WM@0,0 BM@1,0 wn@2,1"
    assert "not a space in the Grid" in (state.explain("ninja 0,1 to 5,5") or "")
    wide = load("WM@0,0 BM@1,0 WN@0,1", {"grid_space": "any_empty"})
    assert wide.explain("ninja 0,1 to 3,1") is None or "split" in (
        wide.explain("ninja 0,1 to 3,1") or ""
    )


def test_pirate_blasts_a_touching_tile_anywhere_in_the_grid() -> None:
    state = load("WM@0,0 BM@1,0 WP@0,1 BN@1,1")
    assert spec_of(state.play("pirate 0,1 blast 1,1 to 2,-1")) == "WM@0,0 wp@0,1 BM@1,0 BN@2,-1"
    assert "touch a tile other than the one being moved" in (
        state.explain("pirate 0,1 blast 1,0 to 2,-1") or ""
    )
    assert "no tile at (3,3)" in (state.explain("pirate 0,1 blast 3,3 to 2,-1") or "")


def test_zombie_infects_with_a_zombie_of_either_colour() -> None:
    state = load("WZ@0,0 BP@1,0 BM@-1,0")
    white = state.play("zombie 0,0 infect 1,0 white")
    black = state.play("zombie 0,0 infect 1,0 black")
    assert spec_of(white) == "BM@-1,0 wz@0,0 WZ@1,0"
    assert spec_of(black) == "BM@-1,0 wz@0,0 BZ@1,0"
    assert black.supply(1)["pirate"] == 2 and black.supply(1)["zombie"] == 1


def test_zombie_infects_a_zombie_by_default_with_a_zombie_already_off_the_grid() -> None:
    # FW22 as revised: "infect any adjacent tile (friend or foe)"; the replacement must already be
    # off the Grid before the infection (FW23), so the infected Zombie is not put straight back.
    state = load("WZ@0,0 bz@1,0 BM@-1,0 BZ@0,1")
    infects = sorted(str(m) for m in state.legal_moves() if "infect" in str(m))
    assert infects == [
        "zombie 0,0 infect -1,0 white",
        "zombie 0,0 infect 0,1 white",
        "zombie 0,0 infect 1,0 white",
    ]
    after = state.play("zombie 0,0 infect 1,0 white")
    assert spec_of(after) == "BM@-1,0 wz@0,0 BZ@0,1 WZ@1,0"
    assert after.supply(1)["zombie"] == 1 and after.supply(0)["zombie"] == 0
    assert "has no Zombie off the Grid" in (state.explain("zombie 0,0 infect 1,0 black") or "")


def test_zombie_infects_zombies_false_keeps_the_publishers_reading() -> None:
    old = load("WZ@0,0 BZ@1,0 BM@-1,0", {"zombie_infects_zombies": False})
    assert "zombie_infects_zombies = false" in (old.explain("zombie 0,0 infect 1,0 white") or "")
    infects = sorted(str(m) for m in old.legal_moves() if "infect" in str(m))
    assert infects == ["zombie 0,0 infect -1,0 black", "zombie 0,0 infect -1,0 white"]


def test_alien_cannot_pull_a_tile_onto_its_own_cell() -> None:
    state = load("WM@-1,0 WA@0,0 BM@1,0")
    assert "its own cell is not empty" in (state.explain("alien 0,0 pull 1,0 to 1,0") or "")


def test_zombie_colour_options_restrict_the_replacement() -> None:
    owner = load("WZ@0,0 BP@1,0 BM@-1,0", {"zombie_colour": "infected_owner"})
    assert "zombie 0,0 infect 1,0 white" not in [str(m) for m in owner.legal_moves()]
    assert "zombie 0,0 infect 1,0 black" in [str(m) for m in owner.legal_moves()]
    actor = load("WZ@0,0 BP@1,0 BM@-1,0", {"zombie_colour": "actor"})
    assert "zombie_colour = actor" in (actor.explain("zombie 0,0 infect 1,0 black") or "")


def test_infected_tile_can_leave_the_game_and_zombie_can_inherit_the_face() -> None:
    state = load(
        "WZ@0,0 bp@1,0 BM@-1,0", {"infected_fate": "removed_from_game", "zombie_face": "inherit"}
    )
    after = state.play("zombie 0,0 infect 1,0 white")
    assert spec_of(after) == "BM@-1,0 wz@0,0 wz@1,0"
    assert after.removed == ((1, "pirate"),)
    assert after.supply(1)["pirate"] == 1
    assert after.to_json()["removed"] == [{"player": 1, "kind": "pirate"}]


def test_zombie_deactivates_when_every_zombie_is_on_the_grid() -> None:
    state = load("WZ@0,0 WZ@-1,0 BP@1,0 BZ@0,1 BZ@1,1")
    assert spec_of(state.play("zombie 0,0 deactivate 1,0")) == (
        "WZ@-1,0 wz@0,0 BZ@0,1 bp@1,0 BZ@1,1"
    )
    assert "no Zombie tile is off the Grid" in (state.explain("zombie 0,0 infect 1,0 white") or "")
    assert "only when no Zombie" in (
        load("WZ@0,0 BP@1,0").explain("zombie 0,0 deactivate 1,0") or ""
    )


def test_add_needs_the_grid_and_no_own_colour_contact() -> None:
    state = load("WM@0,0 BM@1,0")
    assert spec_of(state.play("add pirate 2,1")) == "WM@0,0 BM@1,0 WP@2,1"
    assert "diagonals count" in (state.explain("add pirate 1,1") or "")
    assert "must touch the Grid" in (state.explain("add pirate 4,4") or "")
    assert "occupied" in (state.explain("add pirate 1,0") or "")
    anywhere = load("WM@0,0 BM@1,0", {"add_anywhere": True})
    assert anywhere.explain("add pirate 3,0") is None  # split, rejoinable by the second action


def test_no_tile_left_in_supply_cannot_be_added() -> None:
    state = load("WM@0,0 BM@1,0 WM@-1,0")
    assert "no Monkey left in supply" in (state.explain("add monkey 2,1") or "")


# ---------------------------------------------------------------------------- the Grid rule
SEED_SPLIT = "BP@2,-1 WA@0,0 WM@1,0 BM@0,1"


def test_splitting_first_action_is_legal_when_a_second_action_rejoins() -> None:
    state = load(SEED_SPLIT)
    mid = state.play("move 1,0 s")
    assert mid.to_play == 0 and mid.turn_actions == 1 and mid.grid_split
    assert "Grid split — must rejoin" in mid.status()
    rejoining = [str(m) for m in mid.legal_moves()]
    assert "move 0,0 e" in rejoining and "move 1,1 n" in rejoining and "end" not in rejoining
    assert all(not mid.play(m).grid_split for m in mid.legal_moves())
    assert "turn cannot end while the Grid is split" in (mid.explain("end") or "")
    done = mid.play("move 0,0 e")
    assert done.to_play == 1 and spec_of(done) == "BM@0,1 WA@1,0 WM@1,1 BP@2,-1"


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"connectivity": "no_isolated_tile"},
        {"grid_check": "per_turn_all", "tail_mode": "one_extended_turn"},
        {"win_needs_connected_grid": False, "allow_pass": True},
    ],
)
def test_after_a_splitting_action_the_mover_can_always_rejoin(options: dict[str, Any]) -> None:
    # The engine hands the turn on without asking whether the mover can act when an action
    # left the Grid split: the Grid rule allowed it only because a second action rejoins it.
    # Here that second action is looked for the long way, after every legal action that splits.
    rules = ftwkit.rules("forthewin", **options)
    splits = 0
    for seed in range(3):
        for state in random_line(rules, 2, seed, 24):
            assert isinstance(state, ForTheWinState)
            for move in state.legal_moves():
                after = state.play(move)
                if after.is_over or not after.grid_split:
                    continue
                splits += 1
                assert after.mover == state.mover and after.actions_used == tuple(
                    used + (p == state.mover) for p, used in enumerate(state.actions_used)
                )
                assert legal_actions(after.position, after.more_after_this, stop_at_first=True)
    assert splits > 0


def test_splitting_action_with_one_action_left_is_illegal() -> None:
    state = load(SEED_SPLIT, actions_used=[4, 3], first=1)
    assert state.explain("move 1,0 s") == (
        "the Grid would be split at the end of the turn: the Black Pirate at (2,-1) would touch "
        "no other tile; no second action could rejoin the Grid, and only one action is left "
        "(FW1-FW3)"
    )


def test_splitting_action_that_nothing_can_repair_is_illegal() -> None:
    state = load("WP@0,0 BN@1,0 BZ@2,0")
    assert state.explain("pirate 0,0 blast 1,0 to 3,1") == (
        "the Grid would be split and no second action could rejoin it: the White Pirate at (0,0) "
        "would touch no other tile (FW1-FW3)"
    )


def test_per_action_grid_check_forbids_any_split() -> None:
    state = load(SEED_SPLIT, {"grid_check": "per_action_all"})
    assert "every action must leave the Grid connected" in (state.explain("move 1,0 s") or "")


def test_shove_must_not_split_unless_checked_per_turn_only() -> None:
    spec = "WP@-1,0 WM@0,0 BM@1,0 BN@1,-1"
    assert "separates the Grid" in (load(spec).explain("shove 0,0 e") or "")
    relaxed = load(spec, {"grid_check": "per_turn_all"})
    assert relaxed.explain("shove 0,0 e") is None


def test_no_isolated_tile_connectivity_allows_two_blobs() -> None:
    spec = "WM@0,0 BM@1,0 WP@3,0 BP@4,0"
    with pytest.raises(InvalidState, match="connected group"):
        load(spec)
    state = load(spec, {"connectivity": "no_isolated_tile"}, actions_used=[4, 3])
    assert state.explain("add ninja 5,0") is None
    assert "the Black Monkey at (1,0) would touch no other tile" in (
        state.explain("move 0,0 w") or ""
    )


def test_end_turn_needs_an_action_first() -> None:
    state = load("WM@0,0 BM@1,0")
    assert "at least one action" in (state.explain("end") or "")
    after = state.play("move 0,0 n")
    assert after.play("end").to_play == 1


# ---------------------------------------------------------------------------- turns and rounds
def test_turn_ends_by_itself_after_two_actions() -> None:
    state = load("WM@0,0 BM@1,0").play("move 0,0 n").play("move 0,-1 s")
    assert state.to_play == 1 and state.turn_actions == 0 and state.actions_used == (2, 0)


def test_round_end_resets_counters_and_passes_the_marker() -> None:
    state = load("WM@0,0 BM@1,0", actions_used=[4, 5]).play("add pirate 2,1")
    assert (state.to_play, state.first, state.actions_used, state.round_number) == (1, 1, (0, 0), 2)


def test_allow_pass_forfeits_the_rest_of_the_round() -> None:
    state = load("WM@0,0 BM@1,0", {"allow_pass": True})
    assert "pass" in [str(m) for m in state.legal_moves()]
    after = state.play("pass")
    assert after.actions_used == (5, 0) and after.to_play == 1
    assert "may not pass" in (load("WM@0,0 BM@1,0").explain("pass") or "")


def test_one_extended_turn_tail_has_no_end_turn() -> None:
    state = load("WM@0,0 BM@1,0", {"tail_mode": "one_extended_turn"}, actions_used=[2, 5])
    after = state.play("move 0,0 n").play("move 0,-1 s")
    assert after.to_play == 0 and after.turn_actions == 2
    assert "end" not in [str(m) for m in after.legal_moves()]


def test_max_rounds_declares_a_draw() -> None:
    state = load("WM@0,0 BM@1,0", {"max_rounds": 1}, actions_used=[4, 5])
    after = state.play("add pirate 2,1")
    assert after.is_over and after.winners == ()


# ---------------------------------------------------------------------------- winning
WIN_SPLIT = "WN@0,0 WP@1,0 WM@2,0 WZ@3,0 WA@5,0 BP@4,1 BM@6,-1 WN@6,0"


def test_win_needs_a_connected_grid_and_is_rechecked_after_the_second_action() -> None:
    mid = load(WIN_SPLIT).play("move 5,0 w")
    assert not mid.is_over and mid.grid_split
    assert mid.play("move 6,0 w").winners == (0,)


def test_win_with_split_grid_counts_under_the_option() -> None:
    state = load(WIN_SPLIT, {"win_needs_connected_grid": False})
    assert state.play("move 5,0 w").winners == (0,)


def test_refresh_completes_a_win_immediately() -> None:
    state = load("WN@0,0 WP@1,0 WM@2,0 WZ@3,0 wa@4,0 BM@0,1")
    after = state.play("refresh 4,0")
    assert after.is_over and after.winners == (0,) and after.to_play is None
    assert after.legal_moves() == []
    assert "game is over" in (after.explain("end") or "")


def test_face_down_tiles_do_not_bridge_the_chain_unless_the_option_says_so() -> None:
    # The Monkey starts face down: a position already showing a win would load as over.
    gap = "WN@0,0 WP@1,0 wn@2,0 WZ@3,0 WA@4,0 wm@0,1 BM@5,1"
    assert load(gap).play("refresh 0,1").winners == ()
    bridged = load(gap, {"chain_bridges": "own_facedown"}).play("refresh 0,1")
    assert bridged.winners == (0,)


SIMULTANEOUS = "WN@0,0 WP@1,0 WM@2,0 WZ@3,0 wa@4,0 WM@5,1 BN@0,2 BP@1,2 BM@2,2 BZ@3,2 ba@4,2"


@pytest.mark.parametrize(
    ("mode", "winners"), [("active", (0,)), ("draw", ()), ("non_active", (1,))]
)
def test_simultaneous_win_modes(mode: str, winners: tuple[int, ...]) -> None:
    after = load(SIMULTANEOUS, {"simultaneous_win": mode}).play("monkey 5,1")
    assert after.is_over and after.winners == winners


# ---------------------------------------------------------------------------- notation and text
NOTATION = [
    ("add pirate 2,1", ((2, 1),)),
    ("move 0,0 ne", ((0, 0), (1, -1))),
    ("refresh 3,2", ((3, 2),)),
    ("shove 1,0 n", ((1, 0), (1, -1))),
    ("alien 1,1 pull 4,0 to 0,1", ((1, 1), (4, 0), (0, 1))),
    ("monkey 0,0", ((0, 0),)),
    ("ninja 2,2 to 5,1", ((2, 2), (5, 1))),
    ("pirate 1,0 blast 2,0 to 3,3", ((1, 0), (2, 0), (3, 3))),
    ("zombie 1,1 infect 2,1 white", ((1, 1), (2, 1))),
    ("zombie 1,1 deactivate 2,1", ((1, 1), (2, 1))),
    ("end", ()),
    ("pass", ()),
]


@pytest.mark.parametrize(("text", "targets"), NOTATION)
def test_notation_round_trips_and_names_the_clicked_cells(
    text: str, targets: tuple[Any, ...]
) -> None:
    state = load("WM@0,0 BM@1,0 BN@1,-1")
    move = state.rules.parse_move(state, text)
    assert str(move) == text
    assert move.targets == targets


@pytest.mark.parametrize("text", ["add dragon 1,1", "move 0,0 up", "zombie 1,1 infect 2,1 green"])
def test_bad_notation_is_an_illegal_move(text: str) -> None:
    state = load("WM@0,0 BM@1,0")
    with pytest.raises(IllegalMove):
        state.rules.parse_move(state, text)


def test_text_picture_shows_colour_kind_face_and_counters() -> None:
    text = str(load("WM@0,0 bp@1,0", actions_used=[1, 2]))
    assert "WM" in text and "bp" in text
    assert "White 1/5, Black 2/5" in text and "marker: White" in text


# ---------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("change", "field"),
    [
        (
            {
                "tiles": [
                    *tiles_json("WM@0,0 BM@1,0"),
                    {"player": 0, "kind": "dragon", "at": [2, 0]},
                ]
            },
            "kind",
        ),
        ({"tiles": tiles_json("WM@0,0 BM@1,0 WM@-1,0 WM@-2,0")}, "3 monkeys"),
        ({"tiles": tiles_json("WM@0,0 BM@0,0")}, "two tiles on the cell"),
        ({"actions_used": [6, 0]}, "actions_used"),
        ({"actions_used": [0, 0, 0]}, "actions_used"),
        ({"turn_actions": 1}, "turn_actions"),
        ({"turn_actions": 2, "actions_used": [3, 0]}, "turn_actions: a turn has at most 2"),
        ({"to_play": 2}, "to_play"),
        ({"colour_of_the_sky": "blue"}, "colour_of_the_sky"),
        ({"tiles": [{"player": 0, "kind": "monkey", "at": [0, 0], "face": "up"}]}, "face"),
        ({"tiles": []}, "tiles"),
        (
            {"removed": [{"player": 0, "kind": "monkey"}, {"player": 0, "kind": "monkey"}]},
            "3 monkeys",
        ),
        ({"players": 5}, "players"),
        ({"winners": [0]}, "winners"),
    ],
)
def test_malformed_positions_name_the_field(change: dict[str, Any], field: str) -> None:
    data = position("WM@0,0 BM@1,0")
    data.update(change)
    with pytest.raises(InvalidState, match=field):
        ftwkit.rules("forthewin").load(data)


def test_split_grid_at_the_start_of_a_turn_is_refused() -> None:
    with pytest.raises(InvalidState, match="connected group at the start of a turn"):
        load("WM@0,0 BM@3,0")


# ---------------------------------------------------------------------------- invariants
def _check_reasons_agree(state: ForTheWinState, rng: random.Random) -> None:
    """Every generated action passes the detailed checks that ``explain`` uses."""
    actions = [m for m in state.legal_moves() if isinstance(m, Action)]
    for move in rng.sample(actions, min(8, len(actions))):
        assert basic_reason(state.position, move) is None, move
        assert (
            grid_reason(state.position, move, state.more_after_this, state.turn_actions == 0)
            is None
        ), move


@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 2, 3]))
def test_random_games_keep_the_grid_whole_and_ten_tiles_each(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = ftwkit.rules("forthewin").new(players=players, seed=seed)
    assert isinstance(state, ForTheWinState)
    for _ in range(80):
        if state.turn_actions == 0 and not state.is_over:
            assert is_connected(state.board), str(state)
        for p in range(players):
            on_grid = sum(1 for _, t in state.tiles if t.player == p)
            assert on_grid + sum(state.supply(p).values()) == 10
        if rng.random() < 0.2:
            _check_reasons_agree(state, rng)
        moves = state.legal_moves()
        if not moves:
            assert state.is_over
            break
        state = state.play(rng.choice(moves))


def test_articulation_points_match_brute_force() -> None:
    rng = random.Random(4)
    for _ in range(50):
        cells = {(rng.randrange(6), rng.randrange(6)) for _ in range(14)}
        brute = {
            c
            for c in cells
            if len(cells) > 1 and is_connected(cells) and not is_connected(cells - {c})
        }
        if is_connected(cells):
            assert articulation_points(cells) == brute


def test_is_cut_agrees_with_the_articulation_points() -> None:
    """Position.is_cut (its own neighbourhood test and searches) answers as the Grid's whole
    articulation set, for every tile of random connected Grids."""
    from ftwkit.games.forthewin.actions import Position, Tile
    from ftwkit.games.forthewin.options import Options

    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        cells = {(0, 0)}
        while len(cells) < 14:  # a connected Grid grown tile by tile, with thin parts
            x, y = rng.choice(sorted(cells))
            cells.add((x + rng.randint(-1, 1), y + rng.randint(-1, 1)))
        board = {cell: Tile(0, "ninja", True) for cell in sorted(cells)}
        cuts = articulation_points(cells)
        # a fresh position per tile: each answer comes from the tile's own test, not the set
        fresh = {cell for cell in cells if Position(board, 0, 2, (), Options()).is_cut(cell)}
        assert fresh == cuts
        pos = Position(board, 0, 2, (), Options())
        assert {cell for cell in sorted(cells) if pos.is_cut(cell)} == cuts
        checked += len(cuts)
    assert checked > 40


@pytest.mark.parametrize("seed", range(3))
def test_the_frontier_handed_on_by_an_action_is_the_one_counted_afresh(seed: int) -> None:
    """The frontier a position after an action gets from the one before (updated around the
    emptied and filled cells) equals the frontier counted over its Grid, in the same order."""
    from ftwkit.games.forthewin.actions import Position

    rng = random.Random(seed)
    state = ftwkit.rules("forthewin").new(seed=seed)
    assert isinstance(state, ForTheWinState)
    carried = 0
    for _ in range(120):
        if state.is_over:
            break
        state.position.frontier  # noqa: B018 - asked for, so that the next position carries it
        state = state.play(rng.choice(state.legal_moves()))
        pos = state.position
        if "_frontier_from" in pos.facts:
            fresh = Position(pos.board, pos.player, pos.players, pos.removed, pos.options)
            assert list(pos.frontier.items()) == list(fresh.frontier.items())
            carried += 1
    assert carried > 20


def _brute_force_actions(state: ForTheWinState) -> set[str]:
    """The legal actions by brute force: apply every pair of actions and flood-fill the Grid."""
    from ftwkit.games.forthewin.actions import candidates
    from ftwkit.games.forthewin.grid_rule import must_stay_whole

    pos = state.position
    more = state.more_after_this
    legal = set()
    for action, _, _ in candidates(pos):
        after = pos.after(action)
        if is_connected(after.board):
            legal.add(str(action))
            continue
        if more == 0 or must_stay_whole(action, "per_turn"):
            continue
        if any(is_connected(after.after(second).board) for second, _, _ in candidates(after)):
            legal.add(str(action))
    return legal


@pytest.mark.parametrize("seed", range(10))
def test_fast_grid_look_ahead_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    state = ftwkit.rules("forthewin").new(seed=seed)
    assert isinstance(state, ForTheWinState)
    checked = 0
    for _ in range(60):
        if state.is_over:
            break
        if len(state.tiles) >= 8 and rng.random() < 0.25:
            fast = {str(m) for m in state.legal_moves() if isinstance(m, Action)}
            assert fast == _brute_force_actions(state), str(state)
            checked += 1
        state = state.play(rng.choice(state.legal_moves()))
    assert checked > 0


def _switch_off_black(monkeypatch: pytest.MonkeyPatch, stuck: Any) -> None:
    """Black has no action: the move list and the turn logic's quick "can act" test agree."""
    import ftwkit.games.forthewin.state as state_module

    real_can_act = ForTheWinState.can_act
    monkeypatch.setattr(state_module, "legal_actions", stuck)
    monkeypatch.setattr(
        ForTheWinState, "can_act", lambda self: self.mover != 1 and real_can_act(self)
    )


def test_player_without_any_legal_action_forfeits_the_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No natural position was found where a player cannot act at all (FW6 calls it rare), so
    # Black's actions are switched off to check the turn logic that handles it.
    real = legal_actions  # what the engine's turn logic calls (imported from grid_rule)

    def black_is_stuck(pos: Any, more: int, stop_at_first: bool = False) -> list[Action]:
        return [] if pos.player == 1 else real(pos, more, stop_at_first)

    state = load("WM@0,0 BM@1,0").play("move 0,0 n")
    _switch_off_black(monkeypatch, black_is_stuck)
    after = state.play("end")
    assert (after.to_play, after.actions_used, after.turn_actions) == (0, (1, 5), 0)


def test_loaded_player_without_any_legal_action_forfeits_instead_of_being_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # FW6: a player with no legal action forfeits the round's remaining actions; a loaded
    # position is settled the same way play would settle it (no natural position is known).
    real = legal_actions  # what the engine's turn logic calls (imported from grid_rule)

    def black_is_stuck(pos: Any, more: int, stop_at_first: bool = False) -> list[Action]:
        return [] if pos.player == 1 else real(pos, more, stop_at_first)

    _switch_off_black(monkeypatch, black_is_stuck)
    state = load("WM@0,0 BM@1,0", to_play=1, actions_used=[2, 1])
    assert (state.to_play, state.actions_used, state.turn_actions) == (0, (2, 5), 0)
    assert not state.is_over


def test_loaded_split_grid_that_nothing_can_rejoin_is_refused() -> None:
    # FW3: a first action may split the Grid only if a second action can rejoin it.
    with pytest.raises(InvalidState, match="no action can rejoin it"):
        load("WM@0,0 BM@3,0", turn_actions=1, actions_used=[1, 0])


def test_loaded_position_showing_a_completed_chain_is_over() -> None:
    # FW9-FW11: the game ends the moment a chain is complete on a connected Grid.
    chain = "WN@0,0 WP@1,0 WM@2,0 WZ@3,0 WA@4,0 BM@5,0"
    assert load(chain).winners == (0,)
    assert load(chain, to_play=1).winners == (0,)  # completed for the opponent of the mover
    assert load(chain, to_play=1).to_play is None
    # both chains complete: the player to play is the active player (FW10)
    assert load(SIMULTANEOUS.replace("wa", "WA").replace("ba", "BA"), to_play=1).winners == (1,)


def test_loaded_split_grid_showing_a_chain_is_still_running() -> None:
    # FW9: a win counts only on a connected Grid; Black's Alien at (7,0) must rejoin it first.
    split = "WN@0,0 WP@1,0 WM@2,0 WZ@3,0 WA@4,0 BM@5,0 BA@7,0"
    state = load(split, to_play=1, turn_actions=1, actions_used=[0, 1])
    assert not state.is_over
    assert state.play("move 7,0 w").winners == (0,)
