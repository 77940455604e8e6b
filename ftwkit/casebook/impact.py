"""What a switch changes: the casebook cases whose verdicts differ under an option value.

A designer about to flip a rule wants to see the edge cases it touches. :func:`cases_changed_by`
runs every case of a game twice — under its own options and with one option set to a new value —
and lists the cases whose step verdicts (or refusal reasons) differ.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ftwkit.casebook import Case, load, run_case
from ftwkit.errors import FtwError

__all__ = ["CaseChange", "cases_changed_by"]


@dataclasses.dataclass(frozen=True)
class CaseChange:
    """One case whose verdicts change under a switch.

    Attributes:
        case: the case.
        before: per-step ``ok`` verdicts under the case's own options.
        after: per-step verdicts with the switch set (empty when the case no longer loads).
        summary: one sentence saying what changed.
    """

    case: Case
    before: tuple[bool, ...]
    after: tuple[bool, ...]
    summary: str


def cases_changed_by(game_id: str, option: str, value: Any) -> list[CaseChange]:
    """The cases of ``game_id`` whose verdicts change when ``option`` is set to ``value``.

    Cases that set the option themselves are run with the new value too, so a case written for
    the old reading shows up when the switch is turned back.

    Raises:
        ValueError: ``option`` or ``value`` is not a valid switch of the game.
    """
    from ftwkit.registry import rules as make_rules

    make_rules(game_id, **{option: value})  # validates name and value, naming the valid ones
    changes = []
    for case in load(game_id):
        if case.options.get(option, _MISSING) == value:
            continue
        before = run_case(case)
        switched = dataclasses.replace(case, options={**case.options, option: value})
        try:
            after = run_case(switched)
        except FtwError as err:
            changes.append(
                CaseChange(
                    case,
                    tuple(s.ok for s in before.steps),
                    (),
                    f"the position no longer loads: {err}",
                )
            )
            continue
        b = tuple(s.ok for s in before.steps)
        a = tuple(s.ok for s in after.steps)
        if b != a or [s.message for s in before.steps] != [s.message for s in after.steps]:
            first = next(
                (s for s, t in zip(after.steps, before.steps, strict=True) if s.ok != t.ok),
                None,
            )
            if first is None:
                summary = "every step keeps its verdict, but a reason changes"
            else:
                summary = (
                    f"step {first.index + 1} now fails: {first.message}"
                    if not first.ok
                    else (f"step {first.index + 1} now holds")
                )
            changes.append(CaseChange(case, b, a, summary))
    return changes


_MISSING = object()
