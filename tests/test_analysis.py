"""Balance studies: seeding, seats, streaming, metrics recomputed by hand, holes, files, CLI."""

from __future__ import annotations

import itertools
import math
import threading
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from scipy import stats

import ftwkit
from ftwkit import agents, casebook
from ftwkit.agents.base import Agent
from ftwkit.analysis import Results, SerialExecutor, load, simulate
from ftwkit.analysis.__main__ import main
from ftwkit.analysis.runner import derive_seed
from ftwkit.protocol import Move, State

SERIAL = SerialExecutor()


def study(game: str = "playwin", **kw: Any) -> Results:
    kw.setdefault("agents", ("random", "random"))  # cheap: these tests check the machinery
    kw.setdefault("executor", SERIAL)
    kw.setdefault("progress", False)
    kw.setdefault("games", 6)
    return simulate(game, **kw)


@pytest.mark.parametrize("game", ["playwin", "ftwcards", "doubleblind", "pnrz"])
def test_every_record_replays_to_its_winners_and_plies(game: str) -> None:
    res = study(game, games=4)
    assert list(res.games["index"]) == [0, 1, 2, 3]
    for row in res.games.to_dict("records"):
        final = ftwkit.replay(row["record"])
        assert tuple(final.winners) == row["winners"]
        assert len(final.moves()) == row["plies"] == len(row["legal"])
        assert final.is_over and not row["capped"] and row["hole"] is None
        assert row["scores"] == (None if final.scores is None else tuple(final.scores))


def test_a_game_is_seeded_from_seed_variant_and_number_only() -> None:
    one = study(variants={"a": {}, "b": {"approach": "no_farther"}}, games=4, batch_size=1)
    other = study(variants={"b": {"approach": "no_farther"}}, games=3, batch_size=3)
    b_one = one.games[one.games["variant"] == "b"].head(3).reset_index(drop=True)
    pd.testing.assert_frame_equal(b_one, other.games)
    assert one.games["seed"].iloc[0] == derive_seed(0, "a", 0)
    assert study(seed=1).games["seed"].iloc[0] != one.games["seed"].iloc[0]


def test_serial_and_parallel_runs_give_the_same_table() -> None:
    serial = study(variants={"default": {}, "nf": {"approach": "no_farther"}}, games=5)
    parallel = study(
        variants={"default": {}, "nf": {"approach": "no_farther"}},
        games=5,
        executor=None,
        batch_size=2,
    )
    pd.testing.assert_frame_equal(serial.games, parallel.games)


def test_seats_rotate_so_every_agent_plays_every_seat() -> None:
    res = study(agents=("random", ("random", {})), games=4)
    assert list(res.games["seat_agents"]) == [(0, 1), (1, 0), (0, 1), (1, 0)]
    one = study("pnrz", agents=("random",), players=3, games=3)
    assert list(one.games["seat_agents"]) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]


def test_bad_studies_are_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="unknown agent"):
        study(agents=("random", "nobody"))
    with pytest.raises(ValueError, match="one agent spec per seat"):
        study(agents=("random", "random"), players=3)
    with pytest.raises(ValueError, match="unknown option"):
        study(variants={"x": {"no_such_option": True}})
    with pytest.raises(ValueError, match="is for 2–2 players"):
        study(agents=("random",) * 3)


def _hand_metrics(res: Results) -> dict[str, dict[str, float]]:
    """Every metric of ``metrics()`` recomputed from the rows with plain Python."""
    out = {}
    for variant in res.variants:
        rows = [r for r in res.games.to_dict("records") if r["variant"] == variant]
        n = len(rows)
        m: dict[str, float] = {"games": n}
        m["completion"] = sum(1 for r in rows if r["winners"]) / n
        m["draws"] = sum(1 for r in rows if not r["winners"] and r["hole"] is None) / n
        m["timeouts"] = sum(1 for r in rows if r["capped"]) / n
        rates = []
        for p in range(res.players):
            k = sum(1 for r in rows if p in r["winners"])
            ci = stats.binomtest(k, n).proportion_ci(method="wilson")
            m[f"win_seat{p}"], m[f"win_seat{p}_lo"], m[f"win_seat{p}_hi"] = k / n, ci.low, ci.high
            rates.append(k / n)
        for j in range(len(res.agents)):
            k = sum(1 for r in rows if r["seat_agents"].index(j) in r["winners"])
            m[f"win_agent{j}"] = k / n
        m["balance"] = 1 - max(abs(a - b) for a in rates for b in rates)
        k = sum(1 for r in rows if r["first"] in r["winners"])
        m["first_win"] = k / n
        m["advantage_p1"] = (k + 0.5 * sum(1 for r in rows if not r["winners"])) / n
        plies = [r["plies"] for r in rows]
        mean = sum(plies) / n
        m["plies_mean"] = mean
        m["plies_sd"] = math.sqrt(sum((x - mean) ** 2 for x in plies) / (n - 1))
        m["turns_mean"] = sum(r["turns"] for r in rows) / n
        m["branching_factor"] = sum(sum(r["legal"]) / len(r["legal"]) for r in rows) / n
        m["decision_moves"] = (
            sum(sum(1 for c in r["legal"] if c > 1) / len(r["legal"]) for r in rows) / n
        )
        m["lead_change"] = sum(r["lead_changes"] / r["plies"] for r in rows) / n
        m["drama"] = sum(r["drama"] for r in rows) / n
        m["decisiveness"] = sum(r["decisiveness"] for r in rows) / n
        if rows[0]["scores"] is not None:
            m["margin_mean"] = (
                sum(sorted(r["scores"])[-1] - sorted(r["scores"])[-2] for r in rows) / n
            )
        m["holes"] = sum(1 for r in rows if r["hole"] is not None)
        out[variant] = m
    return out


@pytest.mark.parametrize("game", ["playwin", "pnrz"])
def test_metrics_equal_a_recomputation_from_the_rows(game: str) -> None:
    variants = {"default": {}, "other": {"grid": "aligned"} if game == "pnrz" else {}}
    res = study(game, variants=variants, games=8)
    table = res.metrics()
    for variant, expected in _hand_metrics(res).items():
        for key, value in expected.items():
            assert table.loc[variant, key] == pytest.approx(value, rel=1e-12), (variant, key)
    if game == "playwin":  # no score: no margin, but drama from the evaluation
        assert math.isnan(table.loc["default", "margin_mean"])
        assert not math.isnan(table.loc["default", "drama"])


def _replayed_dynamics(record: dict[str, Any]) -> tuple[int, float, float]:
    """Lead changes, drama and decisiveness recomputed from a record by hand: every player's
    ``evaluate`` at every position, the eventual winners (everyone on a draw)."""
    final = ftwkit.replay(record)
    states = [final]
    while states[-1].previous is not None:
        states.append(states[-1].previous)
    states.reverse()
    evals = [[s.evaluate(p) for p in range(final.players)] for s in states]
    top = list(final.winners) or list(range(final.players))
    leaders = [{p for p, v in enumerate(e) if v == max(e)} for e in evals]
    changes = sum(1 for a, b in itertools.pairwise(leaders) if a != b)
    before = evals[:-1]
    drama = sum(sum(max(e) - e[w] for w in top) / len(top) for e in before) / len(before)
    losers = [p for p in range(final.players) if p not in top]
    threshold = max((e[p] for e in before for p in losers), default=-1.0)
    decided = next(
        (i for i, e in enumerate(before) if any(e[w] > threshold for w in top)), len(before)
    )
    return changes, drama, decided / len(before)


@pytest.mark.parametrize("game", ["playwin", "forthewin", "doubleblind"])
def test_lead_change_drama_and_decisiveness_come_from_every_games_evaluation(game: str) -> None:
    # Games without a score (Play Win, For the Win!, Double Blind) get them too, from evaluate.
    res = study(game, games=2, max_plies=120)
    for row in res.games.to_dict("records"):
        changes, drama, decisive = _replayed_dynamics(row["record"])
        assert row["lead_changes"] == changes
        assert row["drama"] == pytest.approx(drama, abs=1e-12)
        assert row["decisiveness"] == pytest.approx(decisive, abs=1e-12)
    table = res.metrics()
    assert not math.isnan(table.loc["default", "drama"])
    assert not any(c.startswith("value_") for c in table.columns)


def test_draws_and_timeouts_rank_every_player_first_as_ludii_does() -> None:
    from ftwkit.analysis.runner import _dynamics, ranked_first

    assert ranked_first((1,), 2, None) == (1,)
    assert ranked_first((), 3, None) == (0, 1, 2)  # a draw
    assert ranked_first((), 2, "cap") == (0, 1)  # a timeout
    assert ranked_first((), 2, "error") == ()  # no result: left out
    # player 0 is judged behind, then ahead, then wins
    changes, drama, decisive = _dynamics([(0.3, 0.7), (0.6, 0.4), (1.0, 0.0)], (0,))
    assert changes == 1
    assert drama == pytest.approx((0.4 + 0.0) / 2)
    # the loser's best value, 0.7, is passed only at the final position: decisiveness 1
    assert decisive == 1.0
    # a draw: both ranked first, so the gap to the leader is averaged over both, decided at once
    changes, drama, decisive = _dynamics([(0.3, 0.7), (0.5, 0.5)], (0, 1))
    assert (changes, decisive) == (1, 0.0)
    assert drama == pytest.approx((0.4 + 0.0) / 2)


def test_compare_gives_fisher_and_mann_whitney_p_values_and_a_sentence() -> None:
    res = study(variants={"a": {}, "b": {"approach": "no_farther"}}, games=10)
    cmp = res.compare("a", "b")
    g = res.games
    ka = sum(1 for w, f in zip(g["winners"][:10], g["first"][:10], strict=True) if f in w)
    kb = sum(1 for w, f in zip(g["winners"][10:], g["first"][10:], strict=True) if f in w)
    p = stats.fisher_exact([[ka, 10 - ka], [kb, 10 - kb]]).pvalue
    assert cmp.loc["first_win", "p_value"] == pytest.approx(p)
    assert cmp.loc["first_win", "difference"] == pytest.approx((kb - ka) / 10)
    u = stats.mannwhitneyu(g["plies"][:10], g["plies"][10:], alternative="two-sided").pvalue
    assert cmp.loc["plies", "p_value"] == pytest.approx(u)
    sentence = cmp.loc["first_win", "sentence"]
    if ka != kb:
        assert sentence.startswith(
            f"Switching from a (default rules) to b (Approach: no_farther) moves first-player "
            f"win rate from {100 * ka / 10:.1f} % to "
        )
    else:
        assert sentence.startswith(f"First-player win rate is {100 * ka / 10:.1f} % under both")
    assert "South's win rate" in cmp.loc["win_seat0", "sentence"]
    assert "p = " in sentence or "p < 0.001" in sentence
    with pytest.raises(ValueError, match="no variant 'zzz'"):
        res.compare("a", "zzz")


def test_capped_games_become_casebook_drafts(tmp_path: Path) -> None:
    res = study("forthewin", games=2, max_plies=6)
    assert list(res.games["capped"]) == [True, True]
    assert list(res.holes()["hole"]) == ["cap", "cap"]
    assert res.metrics().loc["default", "timeouts"] == 1.0
    paths = res.write_drafts(tmp_path)
    assert [p.name for p in paths] == [
        "draft-default-00000-cap.yaml",
        "draft-default-00001-cap.yaml",
    ]
    case = casebook.load_file("forthewin", str(paths[0]))
    assert "draft" in case.tags and "ply cap 6" in case.title
    assert casebook.run_case(case).ok
    assert case.start() == res.state("default", 0)


class _Broken(Agent):
    """Plays randomly, then raises on the fourth decision (an agent or engine bug)."""

    name = "broken"

    def choose(self, state: State) -> Move:
        if len(state.moves()) >= 3:
            raise RuntimeError("boom")
        return state.random_move(self.rng_for(state))

    def analyse(self, state: State) -> list[tuple[Move, float]]:
        return []


def test_an_exception_is_a_hole_with_the_position_before_it(tmp_path: Path) -> None:
    agents.register("broken", _Broken)
    try:
        res = study(agents=("broken", "broken"), games=1)
    finally:
        agents._AGENTS.pop("broken")
    row = res.games.iloc[0]
    assert row["hole"] == "error" and row["plies"] == 3 and not row["capped"]
    assert row["error"].startswith("RuntimeError: boom")
    case = casebook.load_file("playwin", str(res.write_drafts(tmp_path)[0]))
    assert case.steps[0]["note"].startswith("RuntimeError: boom")


def test_a_running_position_without_moves_is_a_stuck_hole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cls = type(ftwkit.rules("playwin").new())
    original = cls.legal_moves
    monkeypatch.setattr(
        cls, "legal_moves", lambda self: [] if len(self.moves()) >= 2 else original(self)
    )
    res = study(games=1)
    row = res.games.iloc[0]
    assert (row["hole"], row["plies"], row["winners"]) == ("stuck", 2, ())
    case = casebook.load_file("playwin", str(res.write_drafts(tmp_path)[0]))
    assert case.steps[0]["expect"] == {"is_over": False, "legal_moves": 0}
    assert case.start() == res.state("default", 0)  # (the patched rule looks at the history)


@pytest.mark.parametrize("suffix", [".parquet", ".jsonl"])
def test_saved_results_load_back_identical(tmp_path: Path, suffix: str) -> None:
    res = study("pnrz", variants={"default": {}, "capped": {}}, games=3, max_plies=40)
    path = res.save(tmp_path / f"r{suffix}")
    back = load(path)
    pd.testing.assert_frame_equal(back.games, res.games)
    assert (back.game, back.variants, back.agents, back.max_plies) == (
        res.game,
        res.variants,
        res.agents,
        res.max_plies,
    )
    pd.testing.assert_frame_equal(back.metrics(), res.metrics())
    with pytest.raises(ValueError, match=r"\.parquet or \.jsonl"):
        res.save(tmp_path / "r.csv")


def test_plots_are_png_figures() -> None:
    from ftwkit.analysis.plots import figure_png

    figs = study("ftwcards", variants={"a": {}, "b": {"pass_dir": "left"}}, games=4).plot()
    assert sorted(figs) == ["first_player", "lengths", "margins", "win_rates"]
    assert all(figure_png(f).startswith(b"\x89PNG") for f in figs.values())
    assert "margins" not in study(games=2).plot()


def test_interrupt_keeps_the_finished_games() -> None:
    seen: list[int] = []

    def interrupt(partial: Results) -> None:
        seen.append(len(partial.games))
        if len(seen) == 2:
            raise KeyboardInterrupt

    res = study(games=6, batch_size=2, on_result=interrupt)
    assert seen == [2, 4] and res.interrupted
    assert list(res.games["index"]) == [0, 1, 2, 3]
    stop = threading.Event()
    stop.set()
    stopped = study(games=4, stop=stop)
    assert stopped.interrupted and stopped.games.empty


def test_command_line_prints_metrics_and_saves(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "r.jsonl"
    code = main(
        [
            "playwin",
            "--variant",
            "default",
            "--variant",
            "nf:approach=no_farther",
            "--agents",
            "random,random",
            "--games",
            "4",
            "--serial",
            "--no-progress",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert "First player wins" in text and "South wins" in text
    assert "win_seat0" not in text and "nf (Approach: no_farther)" in text
    assert len(load(out).games) == 8
    assert main(["playwin", "--agents", "nobody", "--serial", "--no-progress"]) == 2


@pytest.mark.slow  # a fresh interpreter importing pandas, SciPy and matplotlib
def test_a_study_needs_neither_jupyter_nor_dask() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from ftwkit.analysis import simulate, SerialExecutor; "
        "simulate('playwin', games=2, executor=SerialExecutor(), progress=False).plot(); "
        "print(sorted(m for m in ('ipywidgets', 'ipycanvas', 'distributed', 'dask') "
        "if m in sys.modules))"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
