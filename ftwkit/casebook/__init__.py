"""The casebook: rule edge cases as data, one YAML file per case under ``casebook/<game_id>/``.

A case file holds::

    title: Captures are compulsory
    rule: "On your turn, you must capture if possible."   # the rule text or ruling illustrated
    explanation: Plain words for designers.
    options: {approach: no_farther}                         # optional variant switches
    position: {game: playwin, to_play: 0, pieces: [[...], [...]]}
    steps:
      - expect: {legal_moves: ["C3xD4-E4"]}                 # a check on the current state
      - move: "C3-C4"
        expect: {legal: false, reason: "captures are compulsory"}
      - move: "C3xD4-E4"
        expect: {winners: [0]}                              # checks after the move

Expectations: ``legal`` (false needs ``reason``, a substring of ``explain``), ``legal_moves`` (a
list of notations compared as a set, or a count), ``winners``, ``scores``, ``to_play``,
``is_over``, and ``position`` (a subset of ``to_json()``). A refused move leaves the state as
it was.
:func:`run_case` checks a case step by step and reports each verdict, so that tests, notebooks and
the Casebook widget share one runner.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from importlib import resources
from typing import Any

import yaml

from ftwkit.errors import IllegalMove, InvalidState
from ftwkit.protocol import State
from ftwkit.registry import rules as make_rules

__all__ = [
    "ENGINE_CHECK",
    "Case",
    "CaseResult",
    "StepResult",
    "load",
    "load_file",
    "parse_case",
    "run_case",
]

ENGINE_CHECK = "engine check"
"""The tag of a case that checks the engine's machinery rather than a rule of the game."""

_CASE_KEYS = {"title", "rule", "explanation", "options", "position", "steps", "tags"}
_STEP_KEYS = {"move", "expect", "note"}
_EXPECT_KEYS = {
    "legal",
    "reason",
    "legal_moves",
    "winners",
    "scores",
    "to_play",
    "is_over",
    "position",
}


@dataclasses.dataclass(frozen=True)
class Case:
    """One rule edge case."""

    id: str
    game: str
    title: str
    rule: str
    explanation: str
    position: Mapping[str, Any]
    steps: tuple[Mapping[str, Any], ...]
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    tags: tuple[str, ...] = ()

    @property
    def engine_check(self) -> bool:
        """Whether the case checks the engine's machinery (a safeguard, a shortcut, a step split)
        rather than a rule of the game; such cases carry the tag ``engine check``."""
        return ENGINE_CHECK in self.tags

    def start(self) -> State:
        """The case's starting state under its options."""
        return make_rules(self.game, **dict(self.options)).load(self.position)


@dataclasses.dataclass(frozen=True)
class StepResult:
    """The verdict of one step: what was done, whether every expectation held, and why not."""

    index: int
    move: str | None
    ok: bool
    message: str
    state: State
    """The state after the step (unchanged when the move was refused)."""


@dataclasses.dataclass(frozen=True)
class CaseResult:
    """All step verdicts of a case."""

    case: Case
    start: State
    steps: tuple[StepResult, ...]

    @property
    def ok(self) -> bool:
        """Whether every step met its expectations."""
        return all(s.ok for s in self.steps)

    def failures(self) -> list[str]:
        """Messages of the steps that failed."""
        return [f"step {s.index + 1}: {s.message}" for s in self.steps if not s.ok]


def parse_case(game: str, case_id: str, data: Any) -> Case:
    """Validate a case mapping (as read from YAML); raise ``InvalidState`` if malformed."""
    if not isinstance(data, Mapping):
        raise InvalidState(f"case {case_id}: must be a mapping")
    for key in data:
        if key not in _CASE_KEYS:
            raise InvalidState(f"case {case_id}: {key}: unknown key; expected {sorted(_CASE_KEYS)}")
    for key in ("title", "rule", "explanation", "position"):
        if key not in data:
            raise InvalidState(f"case {case_id}: {key}: missing")
    steps = data.get("steps") or []
    if not isinstance(steps, list):
        raise InvalidState(f"case {case_id}: steps: must be a list")
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping):
            raise InvalidState(f"case {case_id}: steps[{i}]: must be a mapping")
        for key in step:
            if key not in _STEP_KEYS:
                raise InvalidState(f"case {case_id}: steps[{i}].{key}: unknown key")
        for key in step.get("expect") or {}:
            if key not in _EXPECT_KEYS:
                raise InvalidState(f"case {case_id}: steps[{i}].expect.{key}: unknown key")
    return Case(
        id=case_id,
        game=game,
        title=str(data["title"]),
        rule=str(data["rule"]).strip(),
        explanation=str(data["explanation"]).strip(),
        position=data["position"],
        steps=tuple(steps),
        options=dict(data.get("options") or {}),
        tags=tuple(data.get("tags") or ()),
    )


def load_file(game: str, path: str) -> Case:
    """Load one case file."""
    import os

    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    return parse_case(game, os.path.splitext(os.path.basename(path))[0], data)


def load(game_id: str) -> list[Case]:
    """Every case of a game, sorted by file name."""
    folder = resources.files(__name__).joinpath(game_id)
    if not folder.is_dir():
        return []
    cases = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith((".yaml", ".yml")):
            data = yaml.safe_load(entry.read_text(encoding="utf-8"))
            cases.append(parse_case(game_id, entry.name.rsplit(".", 1)[0], data))
    return cases


def _subset_mismatch(expected: Any, actual: Any, path: str) -> str | None:
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return f"{path}: expected an object, got {actual!r}"
        for key, value in expected.items():
            if key not in actual:
                return f"{path}.{key}: missing"
            found = _subset_mismatch(value, actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list | tuple):
        if len(expected) != len(actual):
            return f"{path}: expected {expected!r}, got {list(actual)!r}"
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            found = _subset_mismatch(e, a, f"{path}[{i}]")
            if found:
                return found
        return None
    if expected != actual:
        return f"{path}: expected {expected!r}, got {actual!r}"
    return None


def _check_state(state: State, expect: Mapping[str, Any]) -> list[str]:
    problems = []
    if "legal_moves" in expect:
        want = expect["legal_moves"]
        got = [str(m) for m in state.legal_moves()]
        if isinstance(want, int):
            if len(got) != want:
                problems.append(f"expected {want} legal moves, found {len(got)}: {got[:12]}")
        elif set(want) != set(got):
            missing = sorted(set(want) - set(got))
            extra = sorted(set(got) - set(want))
            problems.append(f"legal moves differ: missing {missing}, unexpected {extra}")
    if "winners" in expect and list(state.winners) != list(expect["winners"]):
        problems.append(f"expected winners {expect['winners']}, got {list(state.winners)}")
    if "scores" in expect:
        scores = None if state.scores is None else list(state.scores)
        if scores != expect["scores"]:
            problems.append(f"expected scores {expect['scores']}, got {scores}")
    if "to_play" in expect and state.to_play != expect["to_play"]:
        problems.append(f"expected to_play {expect['to_play']}, got {state.to_play}")
    if "is_over" in expect and state.is_over != expect["is_over"]:
        problems.append(f"expected is_over {expect['is_over']}, got {state.is_over}")
    if "position" in expect:
        found = _subset_mismatch(expect["position"], state.to_json(), "position")
        if found:
            problems.append(found)
    return problems


def run_case(case: Case) -> CaseResult:
    """Play a case's steps and check every expectation; never raises for a failed expectation."""
    start = case.start()
    state = start
    results: list[StepResult] = []
    for i, step in enumerate(case.steps):
        expect: Mapping[str, Any] = step.get("expect") or {}
        text = step.get("move")
        problems: list[str] = []
        if text is not None:
            text = str(text)
            try:
                move = state.rules.parse_move(state, text)
                reason = state.explain(move)
            except IllegalMove as err:
                move, reason = None, str(err)
            wants_legal = expect.get("legal", True)
            if reason is None:
                if not wants_legal:
                    problems.append(f"{text} was expected to be illegal but is legal")
                else:
                    assert move is not None
                    state = state.play(move)
            else:
                if wants_legal:
                    problems.append(f"{text} was refused: {reason}")
                else:
                    want_reason = expect.get("reason")
                    if want_reason and str(want_reason).lower() not in reason.lower():
                        problems.append(f"reason {reason!r} does not mention {want_reason!r}")
                    if move is not None:
                        try:
                            state.play(move)
                            problems.append(f"play({text}) did not raise IllegalMove")
                        except IllegalMove:
                            pass
        if not problems:
            problems = _check_state(state, expect)
        ok = not problems
        message = "; ".join(problems) if problems else "as expected"
        results.append(StepResult(i, text, ok, message, state))
    return CaseResult(case, start, tuple(results))
