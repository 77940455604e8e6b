"""Every casebook case of every game, run step by step with its expectations checked."""

from __future__ import annotations

import pytest

import ftwkit
from ftwkit import casebook

CASES = [case for game in ftwkit.game_ids() for case in casebook.load(game)]


@pytest.mark.parametrize("case", CASES, ids=[f"{c.game}/{c.id}" for c in CASES])
def test_case(case: casebook.Case) -> None:
    result = casebook.run_case(case)
    assert result.ok, "\n".join(result.failures())


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_every_case_documents_its_rule(game: str) -> None:
    for case in casebook.load(game):
        assert case.title and case.rule and case.explanation, case.id
        assert case.steps, f"{case.id} has no steps to check"


def test_failed_expectation_is_reported_not_raised() -> None:
    good = casebook.load("playwin")[0]
    bad = casebook.Case(
        id="bad",
        game=good.game,
        title="t",
        rule="r",
        explanation="e",
        position=good.position,
        steps=({"expect": {"legal_moves": 12345}},),
    )
    result = casebook.run_case(bad)
    assert not result.ok and "12345" in result.failures()[0]
