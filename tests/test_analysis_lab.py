"""The balance-lab dashboard: variants from the options, a study that fills the page, Explorer."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import ftwkit
from ftwkit.analysis import SerialExecutor
from widgets.balance_lab import BalanceLab, variant_choices


def test_variants_are_the_non_default_values_of_each_option_with_their_whole_doc() -> None:
    choices = {name: (o, lbl, d) for name, o, lbl, d in variant_choices("playwin")}
    options, label, doc = choices["approach=no_farther"]
    assert options == {"approach": "no_farther"}
    assert label == "Approach: no_farther"
    assert choices["approach=any_piece_closer"][1] == "Approach: any_piece_closer"
    assert "``" not in doc and "strict" in doc and not doc.endswith("…")
    assert "approach=strict" not in choices  # the default is the baseline, not a variant


def test_the_default_agents_are_the_games_study_level_searcher() -> None:
    lab = BalanceLab("playwin", executor=SerialExecutor())
    assert lab.agents.value == "mcts:iterations=200,mcts:iterations=200"
    lab.set_game("pnrz")
    assert lab.agents.value == "mcts:iterations=100,mcts:iterations=100"


def test_a_study_fills_the_page_in_words_with_seat_names() -> None:
    lab = BalanceLab("playwin", executor=SerialExecutor())
    lab.agents.value = "random,random"
    lab.tick("approach=no_farther")
    lab.games.value = 4
    lab.run(wait=True)
    res = lab.results
    assert res is not None and len(res.games) == 8 and not res.interrupted
    assert list(res.variants) == ["default", "approach=no_farther"]
    table = lab.table.value
    assert "random play in every seat" in table and "South wins" in table
    assert "win_seat0" not in table and "value_" not in table and "NaN" not in table
    assert "Only 4 games per variant" in lab.warning.value
    assert "South&#x27;s win rate" in lab.comparison.value
    assert "Approach: no_farther" in lab.comparison.value
    assert len(lab.plots.children) == 3
    assert len(lab.game_list.options) == 8 and lab.progress.value == 8
    seats = ftwkit.rules("playwin").player_names(2)
    for label, (variant, index) in lab.game_list.options:
        winners = res.games[(res.games["variant"] == variant) & (res.games["index"] == index)]
        won = winners.iloc[0]["winners"]
        assert f"{seats[won[0]]} won" in label and "[" not in label
    assert "8 of 8 games (done)" in lab.status.value
    usage = res.usage()
    approach = usage[(usage["variant"] == "default") & (usage["kind"] == "approach")]
    assert "approach" in lab.usage.value
    assert f"{100 * approach.iloc[0]['share']:.0f} %" in lab.usage.value
    explorer = lab.open_game("approach=no_farther", 2)
    assert explorer.state == res.state("approach=no_farther", 2)


def test_the_skill_check_replays_at_a_quarter_budget_and_says_if_it_agrees(tmp_path: Path) -> None:
    lab = BalanceLab("playwin", executor=SerialExecutor())
    lab.agents.value = "mcts:iterations=8,mcts:iterations=8"
    lab.games.value = 4
    lab.skill.value = True
    lab.usage_box.value = False
    lab.run(wait=True)
    assert lab.weaker is not None
    assert lab.weaker.agents == (("mcts", (("iterations", 2),)),) * 2
    assert list(lab.weaker.games["index"]) == [0, 1, 2, 3]
    assert len(lab.skill_sentences) == 1
    assert "the conclusion agrees across skill" in lab.skill_sentences[0] or (
        "does not agree" in lab.skill_sentences[0]
    )
    path = lab.report(tmp_path)
    assert path.name == "report.html" and "Download the report" in lab.report_link.value


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
