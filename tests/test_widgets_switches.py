"""Readable switches: plain labels, choices in words, the explanation beside; no game lost."""

from __future__ import annotations

import pytest

import ftwkit
from ftwkit.options import describe_options
from widgets import Explorer
from widgets.rules_docs import option_words
from widgets.switches import switches

GAMES = ftwkit.game_ids()


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_a_label_a_worded_control_and_its_explanation(game: str) -> None:
    rules = ftwkit.rules(game)
    rows = switches(game, rules.Options, rules.options)
    assert [s.spec.name for s in rows] == [s.name for s in describe_options(rules.Options)]
    for switch in rows:
        assert "_" not in switch.spec.label and switch.spec.label[0].isupper()
        assert option_words(game)[switch.spec.name].words[:30] in switch.explanation.value.replace(
            "&#x27;", "'"
        ).replace("&quot;", '"')
        if switch.spec.choices is not None:
            labels = [label for label, _ in switch.widget.options]
            assert sum(label.endswith("(recommended)") for label in labels) == 1


def test_choices_read_as_the_rule_page_words_them() -> None:
    rules = ftwkit.rules("forthewin")
    grid = {s.spec.name: s for s in switches("forthewin", rules.Options, rules.options)}
    assert grid["grid_check"].spec.label == "Grid check"
    assert list(grid["grid_check"].widget.options) == [
        ("at the end of each turn and after every Shove (recommended)", "per_turn"),
        ("only at the end of each turn", "per_turn_all"),
        ("after every single action", "per_action_all"),
    ]
    assert list(grid["allow_pass"].widget.options)[1] == (
        "a player may give up the rest of the round's actions (house rule)",
        True,
    )
    assert 'href="#fw1"' in grid["grid_check"].explanation.value


def test_the_board_says_which_variant_is_playing() -> None:
    ex = Explorer("forthewin")
    assert "Playing: standard rules" in ex.lines.variant.value
    ex.setup.option_widgets["grid_check"].value = "per_action_all"
    assert "Playing: variant — Grid check: after every single action" in ex.lines.variant.value
    assert ex.state.rules.options.grid_check == "per_action_all"


def test_changing_a_variant_keeps_the_game_before_reachable() -> None:
    ex = Explorer("playwin")
    ex.play("B3-C3")
    ex.play("H6-G6")
    ex.setup.option_widgets["approach"].value = "no_farther"
    assert ex.session.line == () and ex.state.rules.options.approach == "no_farther"
    assert ex.message == (
        "New game: variant — Approach: may also stay as close (the author's variant). "
        "The game before is kept under Earlier games (2 moves, standard rules "
        "(the recommended readings))."
    )
    assert ex.shelf.labels == ["2 moves, standard rules (the recommended readings)"]
    ex.return_to_earlier(0)
    assert ex.session.line == ("B3-C3", "H6-G6")
    assert ex.state.rules.options.approach == "strict"
    assert ex.setup.option_widgets["approach"].value == "strict"
    assert ex.shelf.labels == []  # the variant game had no move: nothing to keep


def test_a_game_without_moves_is_not_kept() -> None:
    ex = Explorer("playwin")
    ex.setup.option_widgets["approach"].value = "no_farther"
    ex.new_game(seed=3)
    assert ex.shelf.labels == []


def test_a_bad_earlier_game_number_is_refused() -> None:
    ex = Explorer("playwin")
    ex.return_to_earlier(2)
    assert ex.message == "there is no earlier game 2: 0 are kept"


def test_the_variant_line_names_each_switch_that_differs_in_words() -> None:
    from widgets.switches import variant_summary

    standard = ftwkit.rules("forthewin").options
    assert variant_summary("forthewin", standard) == "standard rules (the recommended readings)"
    changed = ftwkit.rules("forthewin", allow_pass=True).options
    assert variant_summary("forthewin", changed) == (
        "variant — Allow pass: a player may give up the rest of the round's actions (house rule)"
    )


def test_a_refused_switch_value_is_said_under_it_and_goes_back_to_the_one_playing() -> None:
    ex = Explorer("playwin")
    ex.play("B3-C3")
    box = ex.setup.option_widgets["max_plies_without_capture"]
    note = ex.setup.notes["max_plies_without_capture"]
    box.value = "abc"
    assert box.value == ""  # the value playing (off)
    assert "is not a whole number (leave it blank for off)" in note.value and box.value == ""
    assert ex.session.line == ("B3-C3",)  # no new game
    box.value = "40"
    assert ex.state.rules.options.max_plies_without_capture == 40
    assert "New game: variant" in note.value and "40" in note.value
    ex.setup.option_widgets["lines"].value = 12
    assert note.value == ""  # only the switch changed last speaks
    assert "New game" in ex.setup.notes["lines"].value
