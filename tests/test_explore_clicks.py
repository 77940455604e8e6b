"""The click grammar (``ftwkit.clicks``): narrowing, "why not?" and each game's reading of clicks
as ``Move`` values."""

from __future__ import annotations

import dataclasses

import pytest

import ftwkit
from ftwkit.clicks import Clicks, is_complete, matches, narrow
from ftwkit.explore.tree import GameTree
from ftwkit.games.doubleblind.rules import Place as Stone
from ftwkit.games.ftwcards.rules import AuxMove, HelpMove, PassMove, PlayMove
from ftwkit.games.pnrz.notation import MoveBase, Place
from ftwkit.protocol import Move

# ----------------------------------------------------------------------------- narrowing


@dataclasses.dataclass(frozen=True)
class Step(Move):
    path: tuple[str, ...]

    @property
    def targets(self) -> tuple[str, ...]:
        return self.path

    def __str__(self) -> str:
        return "-".join(self.path)


@dataclasses.dataclass(frozen=True)
class Pick(Move):
    cards: tuple[int, ...]
    unordered_targets = True

    @property
    def targets(self) -> tuple[int, ...]:
        return self.cards

    def __str__(self) -> str:
        return "pick " + " ".join(map(str, self.cards))


def test_narrowing_keeps_prefix_matches_and_offers_next_targets() -> None:
    moves = [Step(("a", "b")), Step(("a", "c")), Step(("d", "e"))]
    n = narrow(moves, ("a",))
    assert n.candidates == (moves[0], moves[1])
    assert n.next_targets == {"b", "c"}
    assert n.decided is None and not n.needs_choice


def test_narrowing_decides_a_unique_complete_move() -> None:
    moves = [Step(("a", "b")), Step(("a", "c"))]
    assert narrow(moves, ("a", "c")).decided == moves[1]


def test_narrowing_asks_when_a_complete_move_has_longer_continuations() -> None:
    moves = [Step(("a", "b")), Step(("a", "b", "c"))]
    n = narrow(moves, ("a", "b"))
    assert n.decided is None and n.needs_choice
    assert n.complete == (moves[0],) and n.next_targets == {"c"}


def test_narrowing_of_unordered_targets_accepts_any_order() -> None:
    moves = [Pick((1, 2, 3)), Pick((1, 2, 4))]
    n = narrow(moves, (3, 1))
    assert n.candidates == (moves[0],)
    assert n.next_targets == {2}
    assert narrow(moves, (2, 3, 1)).decided == moves[0]


def test_narrowing_counts_a_target_clicked_twice_twice() -> None:
    moves = [Pick((1, 2, 3))]
    assert narrow(moves, (1, 1)).possible is False
    assert not matches(moves[0], (1, 1)) and matches(moves[0], (3, 1))
    assert is_complete(moves[0], (3, 2, 1)) and not is_complete(moves[0], (3, 2, 2))


def test_moves_without_targets_are_never_narrowed_to() -> None:
    assert narrow([Step(())], ()).candidates == ()


def test_the_default_explain_targets_counts_a_card_clicked_twice_twice() -> None:
    state = ftwkit.rules("ftwcards").new(players=3, seed=1)
    card = state.to_json()["hands"][0][0]
    assert state.explain_targets([card]) is None
    assert state.explain_targets([card, card]) == (
        f"no legal move continues with {card} after ({card},)"
    )


def test_the_default_grammar_reads_no_move_and_turns_nothing() -> None:
    state = ftwkit.rules("playwin").new()
    grammar = Clicks()
    assert grammar.attempted(state, ("B1",)) is None
    assert grammar.turns(state, ("B1",)) == () and grammar.ghost(state, ("B1",), 0) is None
    assert not grammar.turns_pieces


@pytest.mark.parametrize(
    ("clicks", "move"),
    [
        ((3, 17, 30), PassMove((3, 17, 30))),
        ((3, 17), None),
    ],
)
def test_ftwcards_clicks_in_the_pass_phase(clicks: tuple[int, ...], move: Move | None) -> None:
    state = ftwkit.rules("ftwcards").new(players=3, seed=1)
    assert state.rules.clicks.attempted(state, clicks) == move


def test_ftwcards_clicks_in_the_play_phase() -> None:
    state = ftwkit.rules("ftwcards").new(players=3, seed=1)
    while state.to_json()["phase"] == "pass":
        state = state.play(state.legal_moves()[0])
    read = state.rules.clicks.attempted
    assert read(state, (23,)) == PlayMove(23)
    assert read(state, (6, 25)) == AuxMove(6, 25)
    assert read(state, (2, 11, 6)) == HelpMove(2, (6, 11))
    assert read(state, ("x",)) is None and read(state, ()) is None


def test_doubleblind_clicks_place_a_stone() -> None:
    state = ftwkit.rules("doubleblind").new(seed=0)
    read = state.rules.clicks.attempted
    assert read(state, ("D4",)) == Stone(3, 3)
    assert read(state, ("I4",)) is None and read(state, ((3, 3),)) is None


def test_pnrz_clicks_place_a_tile_unturned_or_move_a_base() -> None:
    state = ftwkit.rules("pnrz").new(seed=0)
    read = state.rules.clicks.attempted
    assert read(state, ("05", [2, 0])) == Place("05", (2, 0), 0)
    assert read(state, ((0, 0), (4, 0))) == MoveBase((0, 0), (4, 0))
    assert read(state, ((0, 0),)) is None


def test_tree_keeps_the_old_line_as_a_variation() -> None:
    tree = GameTree(ftwkit.rules("playwin").new())
    first = tree.state.legal_moves()[0]
    other = tree.state.legal_moves()[1]
    tree.play(first)
    tree.back()
    tree.play(other)
    assert [leaf.move for leaf in tree.leaves()] == [first, other]
    assert tree.index == 1 and tree.line[1].move == other
