"""Findings a designer can trust: skill trace, move usage, sequential stopping and reports, each
checked against the rows of real (small) studies."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pandas as pd
import pytest
from scipy import stats

import ftwkit
from ftwkit.agents.levels import STUDY_ITERATIONS
from ftwkit.analysis import SerialExecutor, load, simulate, skill_trace, write_report
from ftwkit.analysis.metrics import wilson
from ftwkit.analysis.readable import agents_sentence
from ftwkit.analysis.report import findings
from ftwkit.analysis.sequential import spending
from ftwkit.analysis.usage import classifier

SERIAL = SerialExecutor()


def test_the_default_agents_are_each_games_study_level_searcher() -> None:
    res = simulate("playwin", games=2, executor=SERIAL, progress=False)
    assert res.agents == (("mcts", (("iterations", 200),)),) * 2
    assert agents_sentence(res.agents, 2).startswith("MCTS (200 iterations) in every seat")
    random_play = simulate(
        "playwin", agents=("random", "random"), games=2, executor=SERIAL, progress=False
    )
    assert agents_sentence(random_play.agents, 2).startswith("random play in every seat")
    pnrz = ftwkit.agents.study_agents("pnrz", 3)
    assert pnrz == [("mcts", {"iterations": 100})] * 3


def test_skill_trace_rates_equal_the_studies_rows() -> None:
    trace = skill_trace("playwin", levels=(2, 4), games=4, executor=SERIAL)
    assert list(trace.index) == [2, 4]
    assert math.isnan(trace.loc[2, "stronger_wins"])
    duel = simulate(
        "playwin",
        variants={"trace": {}},
        agents=[("mcts", {"iterations": 4}), ("mcts", {"iterations": 2})],
        games=4,
        executor=SERIAL,
        progress=False,
    )
    k = sum(
        seats.index(0) in w
        for w, seats in zip(duel.games["winners"], duel.games["seat_agents"], strict=True)
    )
    assert trace.loc[4, "stronger_wins"] == k / 4
    assert (trace.loc[4, "stronger_wins_lo"], trace.loc[4, "stronger_wins_hi"]) == wilson(k, 4)
    self_play = simulate(
        "playwin",
        variants={"trace": {}},
        agents=[("mcts", {"iterations": 4})] * 2,
        games=4,
        executor=SERIAL,
        progress=False,
    )
    south = sum(0 in w for w in self_play.games["winners"]) / 4
    assert trace.loc[4, "win_South"] == south
    assert trace.loc[4, "win_North"] == sum(1 in w for w in self_play.games["winners"]) / 4


@pytest.mark.parametrize("game", ["playwin", "ftwcards", "doubleblind", "pnrz"])
def test_usage_counts_every_move_of_every_seat_once(game: str) -> None:
    res = simulate(game, agents=("random", "random"), games=2, executor=SERIAL, progress=False)
    table = res.usage()
    kinds, _ = classifier(game)
    names = ftwkit.rules(game).player_names(2)
    for seat, name in enumerate(names):
        mine = table[table["seat"] == name]
        assert set(kinds) <= set(mine["kind"])
        moves = 0
        for record in res.games["record"]:
            final = ftwkit.replay(record)
            node = final
            while node.previous is not None:
                moves += node.previous.to_play == seat
                node = node.previous
        assert mine["chosen"].sum() == moves
        assert mine["share"].sum() == pytest.approx(1.0)
        won = mine["winners_share"].dropna()
        assert won.empty or won.sum() == pytest.approx(1.0)
    never = table[table["note"] == "never used"]
    assert (never["chosen"] == 0).all()


def test_play_win_usage_splits_captures_by_length() -> None:
    res = simulate("playwin", agents=("greedy", "random"), games=2, executor=SERIAL, progress=False)
    table = res.usage()
    captured = 0
    for record in res.games["record"]:
        captured += sum(str(m).count("x") for m in ftwkit.replay(record).moves())
    by_kind = table.groupby("kind")["chosen"].sum()
    counted = sum(
        by_kind.get(f"capture of {n} piece{'s' if n > 1 else ''}", 0) * n for n in range(1, 5)
    )
    assert counted <= captured and by_kind["approach"] > 0
    if by_kind["capture of 5 or more pieces"] == 0:
        assert counted == captured


def test_alpha_spending_spends_the_level_exactly_once_over_the_looks() -> None:
    looks = [spending(t) for t in (0.2, 0.4, 0.6, 0.8, 1.0)]
    assert looks == sorted(looks) and looks[-1] == pytest.approx(0.05)
    assert looks[0] < 1e-4  # O'Brien–Fleming: almost nothing spent at the first look


def test_until_decided_stops_when_decided_or_says_the_budget_ran_out() -> None:
    res = simulate(
        "playwin",
        agents=("random", "random"),
        games=10,
        until="decided",
        executor=SERIAL,
        progress=False,
    )
    decisions = res.decisions
    assert decisions is not None and res.verdict is not None
    assert decisions["level"].sum() <= 0.05 + 1e-12
    for _, look in decisions.iterrows():  # each look's p-value recomputed from the rows
        rows = res.games[res.games["index"] < look["games"]]
        k = sum(0 in w for w in rows["winners"])
        assert look["p_value"] == pytest.approx(stats.binomtest(k, len(rows), 0.5).pvalue)
        assert look["decided"] == (look["p_value"] < look["level"])
    if decisions["decided"].any():
        assert "every comparison was decided" in res.verdict
        assert len(res.games) == decisions["games"].iloc[-1]
    else:
        assert "the budget ran out" in res.verdict and len(res.games) == 10
    # with several variants, each is compared with the first
    edge = simulate(
        "playwin",
        variants={"a": {}, "b": {}},
        agents=("random", "random"),
        games=10,
        until="decided",
        executor=SERIAL,
        progress=False,
    )
    assert edge.decisions is not None and set(edge.decisions["comparison"]) == {
        "South's win rate under b against a"
    }


def test_the_report_quotes_only_numbers_from_the_saved_results(tmp_path: Path) -> None:
    res = simulate(
        "playwin",
        variants={"default": {}, "nomax": {"max_capture": "none"}},
        agents=("random", "random"),
        games=6,
        executor=SERIAL,
        progress=False,
    )
    trace = skill_trace("playwin", levels=(2, 4), games=2, executor=SERIAL)
    html_path, md_path = write_report(res, tmp_path, trace=trace, command="python -m x")
    page = html_path.read_text(encoding="utf-8")
    text = md_path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "data:image/png;base64," in page
    assert "<a " not in page and "src='http" not in page and "<script" not in page
    for heading in ("Findings", "The metrics", "Skill trace", "What winners do", "Reproduce"):
        assert heading in page and heading in text
    saved = load(tmp_path / "results.jsonl")
    pd.testing.assert_frame_equal(saved.games, res.games)
    facts = json.loads((tmp_path / "findings.json").read_text(encoding="utf-8"))
    assert facts == json.loads(json.dumps(findings(saved)))
    for fact in facts:
        assert fact["sentence"] in text
        if fact["kind"] == "seat":
            rows = saved.games[saved.games["variant"] == fact["variant"]]
            k = sum(fact["seat"] in w for w in rows["winners"])
            lo, hi = wilson(k, len(rows))
            assert f"won {k} of {len(rows)} games" in fact["sentence"]
            assert f"{100 * k / len(rows):.1f} %" in fact["sentence"]
            assert f"{100 * lo:.1f} %–{100 * hi:.1f} %" in fact["sentence"]
            p = stats.binomtest(k, len(rows), 0.5).pvalue
            assert re.search(rf"p (=|<) {p:.3f}|p < 0\.001", fact["sentence"])
    assert "Only 6 games per variant" in text


FINDINGS = Path(__file__).resolve().parent.parent / "notebooks" / "findings"


def test_the_labs_findings_page_reads_its_numbers_from_the_saved_results() -> None:
    pytest.importorskip("ipywidgets")
    import html

    from widgets.balance_lab import findings_html

    folders = sorted(p for p in FINDINGS.iterdir() if (p / "findings.json").exists())
    assert [p.name for p in folders if p.name == "playwin"] == ["playwin"]
    page = findings_html(FINDINGS)
    for folder in folders:
        saved = load(folder / "results.jsonl")
        assert saved.agents == tuple(
            (
                "mcts",
                (("iterations", STUDY_ITERATIONS[saved.game]),),
            )
            for _ in range(saved.players)
        )  # skilled play: the game's study-level searcher in every seat
        facts = json.loads((folder / "findings.json").read_text(encoding="utf-8"))
        assert facts == json.loads(json.dumps(findings(saved)))
        for fact in facts:
            assert html.escape(fact["sentence"]) in page
