"""What a casebook explanation claims is checked against the case itself.

A rules editor found explanations that named the wrong piece, quoted numbers the case never uses
and counted turns the case does not show. These tests catch those kinds of error mechanically:

* every number an explanation quotes appears in the case's position, moves, options, rule or
  title, or is the result of a sum written out in the explanation, and every such sum is right;
* every "case N" it refers to exists;
* every piece or stone it places ("the Black Pirate at (1,0)", "South's C3", "White's E5") stands
  there at some point of the case, and every piece it names exists;
* a card play it quotes ("2 with 6+21") is a move of the case.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

import ftwkit
from ftwkit import casebook

CASES = [case for game in ftwkit.game_ids() for case in casebook.load(game)]
IDS = [f"{c.game}/{c.id}" for c in CASES]

_NUMBER = re.compile(r"(?<![\w.,])[−-]?\d+(?![\w,]\d)(?!\w)")
_SUM = re.compile(r"([\d\s+−\-×x()]*\d[\d\s+−\-×x()]*)=\s*([−-]?\d+)")
_CASE_REF = re.compile(r"\b[Cc]ases? (\d+)(?: and (\d+))?\b")

RULE_NUMBERS: dict[str, set[int]] = {
    "forthewin": {5, 2},  # five actions a round, at most two a turn, five characters
    "playwin": {1},  # an approach covers at most one cell fewer than the pieces in play
    "ftwcards": set(),
    "doubleblind": {1, 2, 3, 4, 5},  # the five numbered victory conditions
    "pnrz": {3, 5},  # a bonus item scores 3, a base 5
}
"""Numbers an explanation may quote because the rules fix them, not the case."""


def _value(text: str) -> int:
    return int(text.replace("−", "-"))


def _sums(text: str) -> Iterator[tuple[str, int]]:
    """Each written-out sum ``a + b − c = n`` of a text, as (left side, n)."""
    for left, right in _SUM.findall(text):
        depth = 0
        for i in range(len(left) - 1, -1, -1):  # cut at an opening bracket left unclosed
            depth += {")": 1, "(": -1}.get(left[i], 0)
            if depth < 0:
                left = left[i + 1 :]
                break
        left = left.strip()
        if re.search(r"[+−\-×]", left):
            yield left, _value(right)


def _numbers_of(data: Any) -> set[int]:
    return {abs(_value(n)) for n in _NUMBER.findall(json.dumps(data, ensure_ascii=False))}


_PW_CELL = re.compile(r"\b([A-I])([1-9])\b")


def _hex_distance(a: tuple[str, str], b: tuple[str, str]) -> int:
    dr, dn = ord(b[0]) - ord(a[0]), int(b[1]) - int(a[1])
    return (abs(dr) + abs(dn) + abs(dr - dn)) // 2


def _play_win_numbers(case: casebook.Case) -> set[int]:
    """Numbers a Play Win explanation may derive: piece counts (and n − 1), distances between the
    cells it names, and each piece's number of legal moves, in every state of the case."""
    found: set[int] = set()
    for state in _states(case):
        for side in state.to_json()["pieces"]:
            found |= {len(side), len(side) - 1}
        sources = [str(m).split("-")[0].split("x")[0] for m in state.legal_moves()]
        found |= {sources.count(src) for src in sources}
    cells = _PW_CELL.findall(case.explanation)
    found |= {_hex_distance(a, b) for a in cells for b in cells}
    return found


def _case_numbers(case: casebook.Case) -> set[int]:
    known = _numbers_of([case.position, list(case.steps), dict(case.options)])
    if case.game == "playwin":
        known |= _play_win_numbers(case)
    known |= _numbers_of(case.rule) | _numbers_of(case.title)
    for step in case.steps:
        listed = (step.get("expect") or {}).get("legal_moves")
        if isinstance(listed, list):
            known.add(len(listed))
    return known | RULE_NUMBERS.get(case.game, set())


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_written_sum_is_right(case: casebook.Case) -> None:
    for left, right in _sums(case.explanation):
        expression = left.replace("−", "-").replace("×", "*").replace("x", "*")
        assert eval(expression, {"__builtins__": {}}) == right, f"{left} = {right}"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_number_quoted_comes_from_the_case(case: casebook.Case) -> None:
    text = _CASE_REF.sub("", case.explanation)
    known = _case_numbers(case) | {abs(right) for _, right in _sums(text)}
    quoted = {abs(_value(n)) for n in _NUMBER.findall(text)}
    assert quoted <= known, f"numbers not in the case: {sorted(quoted - known)}"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_case_referred_to_exists(case: casebook.Case) -> None:
    numbers = {int(c.id.split("-")[0]) for c in CASES if c.game == case.game}
    for refs in _CASE_REF.findall(case.explanation):
        for ref in filter(None, refs):
            assert int(ref) in numbers, f"case {ref} does not exist"


def _states(case: casebook.Case) -> list[ftwkit.State]:
    result = casebook.run_case(case)
    return [result.start, *(step.state for step in result.steps)]


_FTW_AT = re.compile(
    r"\b(White|Black|Red|Blue)(?:'s)? (Alien|Monkey|Ninja|Pirate|Zombie)s? (?:at|on|to) "
    r"\((-?\d+),\s*(-?\d+)\)"
)
_FTW_NAMED = re.compile(r"\b(White|Black|Red|Blue)(?:'s)? (Alien|Monkey|Ninja|Pirate|Zombie)\b")
_SIDE_CELL = re.compile(
    r"\b(South|North|White|Black)(?:'s| piece on| pieces? on| stone on| holds?(?: the arm)?) "
    r"([A-J](?:[1-9]|1[0-9]))\b"
)
_ONLY_PIECE = re.compile(r"\bthe only (South|North) piece\b")


def _ftw_tiles(state: ftwkit.State) -> list[tuple[str, str, tuple[int, int]]]:
    names = state.rules.player_names(state.players)
    return [
        (names[t["player"]], t["kind"].capitalize(), (t["at"][0], t["at"][1]))
        for t in state.to_json()["tiles"]
    ]


FTW = [c for c in CASES if c.game == "forthewin"]


@pytest.mark.parametrize("case", FTW, ids=[c.id for c in FTW])
def test_for_the_win_tiles_stand_where_the_explanation_says(case: casebook.Case) -> None:
    tiles = [t for state in _states(case) for t in _ftw_tiles(state)]
    for colour, kind, x, y in _FTW_AT.findall(case.explanation):
        assert (colour, kind, (int(x), int(y))) in tiles, f"no {colour} {kind} at ({x},{y})"
    for colour, kind in _FTW_NAMED.findall(case.explanation):
        assert any(t[:2] == (colour, kind) for t in tiles), f"no {colour} {kind} in the case"


def _cells(state: ftwkit.State) -> dict[str, set[str]]:
    data = state.to_json()
    sides = state.rules.player_names(state.players)
    groups = data["pieces"] if state.rules.id == "playwin" else data["stones"]
    return {side: set(cells) for side, cells in zip(sides, groups, strict=True)}


BOARD = [c for c in CASES if c.game in ("playwin", "doubleblind")]


@pytest.mark.parametrize("case", BOARD, ids=[f"{c.game}/{c.id}" for c in BOARD])
def test_pieces_and_stones_stand_where_the_explanation_says(case: casebook.Case) -> None:
    states = _states(case)
    held = [_cells(state) for state in states]
    for side, cell in _SIDE_CELL.findall(case.explanation):
        assert any(cell in cells[side] for cells in held), f"{side} has nothing on {cell}"
    for side in _ONLY_PIECE.findall(case.explanation):
        assert len(held[0][side]) == 1, f"{side} has {len(held[0][side])} pieces, not one"


CARDS = [c for c in CASES if c.game == "ftwcards"]
_CARD_PLAY = re.compile(r"\b(\d+) with (\d+(?:\+\d+)*)\b")


@pytest.mark.parametrize("case", CARDS, ids=[c.id for c in CARDS])
def test_card_plays_quoted_are_moves_of_the_case(case: casebook.Case) -> None:
    moves: set[str] = set()
    for step in case.steps:
        if step.get("move"):
            moves.add(str(step["move"]))
        listed = (step.get("expect") or {}).get("legal_moves")
        if isinstance(listed, list):
            moves |= {str(m) for m in listed}
    for card, helpers in _CARD_PLAY.findall(case.explanation):
        assert f"play {card} with {helpers}" in moves, f"{card} with {helpers} is not a move here"


def test_engine_checks_are_labelled_in_the_case_and_the_export() -> None:
    from ftwkit.casebook.export import to_html

    labelled = {f"{c.game}/{c.id}" for c in CASES if c.engine_check}
    assert {
        "playwin/18-repetition-draw-needs-the-plies-safeguard",
        "playwin/19-repetition-alone-draws-nothing",
        "ftwcards/12-minimal-only-shortcut",
        "pnrz/08-swap-action",
    } <= labelled
    for case in CASES:
        if case.engine_check:
            assert "engine check" in case.explanation.lower(), case.id
    page = to_html("playwin")
    assert page.count('class="engine"') == sum(
        1 for c in CASES if c.game == "playwin" and c.engine_check
    )


def _case(game: str, case_id: str) -> casebook.Case:
    return next(c for c in CASES if c.game == game and c.id == case_id)


def _note(name: str) -> str:
    from pathlib import Path

    path = Path(__file__).parent.parent / "notebooks" / f"{name}.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells)


def test_fixed_claims_stay_fixed() -> None:
    """The claims a rules editor found wrong, each pinned to what the case really shows."""
    infected = _case("forthewin", "06-zombie-infects-with-own-zombie").explanation
    assert "Black Monkey at (-1,0)" in infected and "Pirate at (1,0) is\nnot" not in infected
    assert "three turns in a row" in _case("forthewin", "16-consecutive-turns").explanation
    for case_id in ("01-split-then-rejoin", "03-shove-stops-at-gap"):
        assert "reconstruction" in _case("forthewin", case_id).explanation
    nearest = _case("playwin", "09-approach-strictly-closer").explanation
    assert "only North piece" not in nearest and "I9" in nearest
    helped = _case("ftwcards", "11-help-must-exceed").explanation
    assert "19 alone" not in helped and "6+11+21" in helped


def test_double_blind_note_quotes_the_rules_word_for_word() -> None:
    note = _note("doubleblind-completion-and-question")
    assert "though unlikely" not in note
    assert "Have I fulfilled your condition?" not in note
    assert "“Have I fulfilled your victory condition yet?”" in note
    assert "When a player completes his or her second different victory condition" in note


def test_pnrz_note_says_half_offsets_are_hand_made() -> None:
    note = _note("pnrz-arch-enemies-and-final-lap")
    assert "never arise in play" in note and "hand-made" in note
