"""The balance-lab dashboard: variants from the options, a study that fills the page, Explorer."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from ftwkit.analysis import SerialExecutor
from widgets.balance_lab import BalanceLab, variant_choices


def test_variants_are_the_non_default_values_of_each_option_with_their_doc() -> None:
    choices = {name: (options, label) for name, options, label in variant_choices("playwin")}
    assert choices["approach=no_farther"][0] == {"approach": "no_farther"}
    assert choices["approach=no_farther"][1].startswith("approach = 'no_farther' — ")
    assert "approach=strict" not in choices  # the default is the baseline, not a variant


def test_a_study_fills_the_table_comparison_plots_and_game_list() -> None:
    lab = BalanceLab("playwin", executor=SerialExecutor())
    lab.tick("approach=no_farther")
    lab.games.value = 4
    lab.run(wait=True)
    res = lab.results
    assert res is not None and len(res.games) == 8 and not res.interrupted
    assert list(res.variants) == ["default", "approach=no_farther"]
    assert "first_win" in lab.table.value
    assert "switching from default to approach=no_farther moves" in lab.comparison.value
    assert len(lab.plots.children) == 3
    assert len(lab.game_list.options) == 8 and lab.progress.value == 8
    assert "8 of 8 games (done)" in lab.status.value
    explorer = lab.open_game("approach=no_farther", 2)
    assert explorer.state == res.state("approach=no_farther", 2)
    assert explorer.state.moves() == res.state("approach=no_farther", 2).moves()


def test_switching_game_rebuilds_variants_and_seats() -> None:
    lab = BalanceLab("playwin", executor=SerialExecutor())
    lab.set_game("pnrz")
    assert "quadrant_count=printed" in lab.variant_names
    assert (lab.players.min, lab.players.max) == (2, 4)
    with pytest.raises(ValueError, match="unknown variant"):
        lab.tick("approach=no_farther")


def test_a_bad_agent_is_reported_in_the_lab() -> None:
    lab = BalanceLab("playwin", executor=SerialExecutor())
    lab.agents.value = "random,nobody"
    lab.games.value = 2
    lab.run(wait=True)
    assert "unknown agent &#x27;nobody&#x27;" in lab.status.value
    assert not lab.run_button.disabled
