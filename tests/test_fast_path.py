"""The protocol's sanctioned fast path: the only way engines go around their own values.

Engines derive states with ``State._derive`` (and keep declared caches with ``_remember``), build
moves in bulk with ``Move._build``, and answer legality through the ``_is_legal`` hook. Nothing in
``ftwkit/games`` writes an object's ``__dict__``, calls ``object.__setattr__`` or
``object.__new__``, nor overrides the public ``is_legal``/``play``/``legal_moves``.
"""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from itertools import pairwise
from pathlib import Path

import pytest

import ftwkit
from ftwkit.errors import IllegalMove
from ftwkit.protocol import State
from tests.conformance import random_line

GAMES_DIR = Path(ftwkit.__file__).parent / "games"
_BYPASSES = re.compile(r"__dict__|object\.__setattr__|object\.__new__|__setattr__\s*=|setattr\(")


def _game_sources() -> list[Path]:
    files = sorted(GAMES_DIR.rglob("*.py"))
    assert len(files) > 20  # the five games' modules were found
    return files


def test_no_game_writes_around_its_values() -> None:
    found = [
        f"{path.relative_to(GAMES_DIR)}:{number}: {line.strip()}"
        for path in _game_sources()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _BYPASSES.search(line)
    ]
    assert found == []


def test_the_check_finds_a_bypass() -> None:
    assert _BYPASSES.search('        nxt.__dict__["cells"] = cells')
    assert _BYPASSES.search("    move = object.__new__(Capture)")
    assert _BYPASSES.search('    object.__setattr__(self, "_gen", moves)')
    assert not _BYPASSES.search('    nxt._remember("cells", cells)')


def test_games_override_only_the_protocol_hooks() -> None:
    public = {"is_legal", "play", "legal_moves", "explain", "play_unchecked", "_derive"}
    overridden = []
    for path in _game_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name in public:
                        overridden.append(f"{path.name}:{node.name}.{item.name}")
    assert overridden == []


def _midgame(game: str, plies: int = 8) -> State:
    rng = random.Random(3)
    state = ftwkit.rules(game).new(seed=3)
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_derive_changes_fields_and_drops_history_and_caches(game: str) -> None:
    state = _midgame(game)
    state.legal_moves()
    copy = state._derive()
    assert copy == state and copy is not state
    assert copy.previous is None and copy.last_move is None
    assert copy._legal_cache is None
    assert copy.legal_moves() == state.legal_moves()
    assert copy.to_json() == state.to_json()


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_derive_leaves_every_cache_behind(game: str) -> None:
    """The copy holds the position's fields and empty history, nothing that was kept beside
    them: no declared cache, no base-class cache and nothing undeclared."""
    state = _midgame(game)
    state.legal_moves()
    state._legal_set()
    state.__dict__["_stray"] = "kept beside the fields"
    copy = state._derive()
    fields = {f.name for f in dataclasses.fields(state)}
    assert set(copy.__dict__) == fields
    assert copy.previous is None and copy.last_move is None and copy._legal_cache is None
    assert all(copy._recall(name) is None for name in type(state)._CACHES)
    assert copy == state and copy.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_legal_moves_gives_each_caller_a_list_of_its_own(game: str) -> None:
    """The first call hands out the engine's new list, later calls copies: changing any of them
    changes neither the state's answer nor a copy's."""
    state = _midgame(game)._derive()
    first = state.legal_moves()
    expected = list(first)
    assert expected
    first.clear()
    second = state.legal_moves()
    assert second == expected and second is not first
    second.append(second[0])
    assert state.legal_moves() == expected
    assert state._derive().legal_moves() == expected
    assert state.play(expected[-1]).last_move is expected[-1]


def test_derive_refuses_unknown_fields_and_undeclared_caches() -> None:
    state = ftwkit.rules("playwin").new()
    with pytest.raises(TypeError, match="not fields"):
        state._derive(colour=1)
    with pytest.raises(TypeError, match="undeclared caches"):
        state._derive({"board": {}})
    with pytest.raises(TypeError, match="not a declared cache"):
        state._remember("board", {})


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_a_listed_move_and_an_equal_copy_are_both_legal(game: str) -> None:
    state = _midgame(game)
    for move in state.legal_moves()[:20]:
        twin = state.rules.parse_move(state, str(move))  # equal, not the same object
        assert twin == move and state.is_legal(twin) and state.is_legal(move)
        assert state.play(twin) == state.play(move) == state.play_unchecked(move)


@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_a_move_listed_by_another_state_is_still_checked(game: str) -> None:
    """Recognising this state's own move objects never lets another state's moves through."""
    rules = ftwkit.rules(game)
    for seed in range(6):
        for state, nxt in pairwise(random_line(rules, rules.min_players, seed, 30)):
            if nxt.is_over:
                break
            before = state.legal_moves()  # the very list the move was drawn from
            nxt.legal_moves()  # the list is cached: identity answers come first
            for move in before:
                legal = move in nxt.legal_moves()
                assert nxt.is_legal(move) is legal
                if not legal:
                    assert nxt.explain(move)
                    with pytest.raises(IllegalMove):
                        nxt.play(move)
            state = nxt
