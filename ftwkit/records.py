"""Game records: a start position plus the moves in notation, replayable move by move.

A record may also keep the variations explored beside its line (``"variations"``), as a chess
GUI keeps a PGN's side lines. Each variation replaces one move of the line it branches from::

    {"game": "playwin", "start": {...}, "moves": ["B3-C3", "H6-G6", "C3-D3"],
     "variations": [{"at": 1, "moves": ["H5-G5", "B2-C2"],
                     "variations": [{"at": 1, "moves": ["B4-C4"]}]}]}

``at`` is the index in the enclosing line's ``moves`` of the move the variation plays instead
(here: after ``B3-C3``, ``H5-G5`` instead of ``H6-G6``); a variation's own ``variations`` count
from its own ``moves``. :func:`replay` returns the end of the main line (so a reader that knows
nothing of variations still gets the game); :func:`replay_lines` returns the end of every line.

>>> import ftwkit
>>> state = ftwkit.rules("playwin").new()
>>> line = state.play("B3-C3").play("H6-G6")
>>> data = record(line, variations=[Variation(1, ("H5-G5",))])
>>> data["variations"]
[{'at': 1, 'moves': ['H5-G5']}]
>>> [str(end.last_move) for end in replay_lines(data)]
['H6-G6', 'H5-G5']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from ftwkit.errors import FtwError, InvalidState, excerpt, short_message
from ftwkit.options import options_to_json
from ftwkit.protocol import FORMAT_VERSION, State, is_int

__all__ = [
    "MAX_LINK_MOVES",
    "MAX_RECORD_MOVES",
    "MAX_VARIATION_DEPTH",
    "MAX_VARIATION_MOVES",
    "Variation",
    "check_size",
    "record",
    "replay",
    "replay_lines",
]

_RECORD_KEYS = {"game", "version", "options", "players", "seed", "start", "moves", "variations"}
_VARIATION_KEYS = {"at", "moves", "variations"}

MAX_RECORD_MOVES = 20_000
"""The most moves one record may hold in all its lines together (main line and variations).

Replaying costs up to a few milliseconds a move (For the Win!'s are the dearest), so a hostile
file of a hundred thousand one-move variations cost a kernel a minute before this bound; a record
over it is refused by :func:`check_size` before any move is played, in milliseconds."""

MAX_VARIATION_MOVES = MAX_RECORD_MOVES
"""The former name of :data:`MAX_RECORD_MOVES` (kept for callers that import it)."""

MAX_LINK_MOVES = 2_000
"""The most moves a record given in a link (``?record=…``) may hold: opening a link must stay
cheap for the server whoever sends it (see :func:`check_size`)."""

MAX_VARIATION_DEPTH = 64
"""The deepest nesting of variations in a record (a variation of a variation of …)."""


@dataclasses.dataclass(frozen=True)
class Variation:
    """A side line: the moves played instead of move ``at`` of the line it branches from."""

    at: int
    """The index, in the enclosing line's moves, of the move this line replaces."""
    moves: tuple[str, ...]
    """The moves of the side line, in notation (at least one)."""
    variations: tuple[Variation, ...] = ()
    """Side lines of this one, their ``at`` counting in :attr:`moves`."""

    def to_json(self) -> dict[str, Any]:
        """The variation as it appears in a record."""
        data: dict[str, Any] = {"at": self.at, "moves": list(self.moves)}
        if self.variations:
            data["variations"] = [v.to_json() for v in self.variations]
        return data


def record(state: State, *, variations: Sequence[Variation] = ()) -> dict[str, Any]:
    """The record of the line that led to ``state``: start position and moves in notation.

    Args:
        state: the end of the (main) line.
        variations: side lines branching from it, kept under ``"variations"`` (only if any).
    """
    root = state.root
    data = {
        "game": state.rules.id,
        "version": FORMAT_VERSION,
        "options": options_to_json(state.rules.options),
        "players": state.players,
        "seed": getattr(root, "seed", None),
        "start": root.to_json(),
        "moves": [str(m) for m in state.moves()],
    }
    if variations:
        data["variations"] = [v.to_json() for v in variations]
    return data


def replay(data: Mapping[str, Any]) -> State:
    """The final state of a game record (of its main line; see :func:`replay_lines`).

    Only ``InvalidState`` escapes, whatever ``data`` holds; messages quote at most a short excerpt
    of the bad value.

    Raises:
        InvalidState: a malformed record, naming the field (an unknown ``version`` included), or
            an illegal move, naming its number.
    """
    from ftwkit.registry import rules as make_rules

    if not isinstance(data, Mapping):
        raise InvalidState("a record must be a JSON object")
    for key in data:
        if key not in _RECORD_KEYS:
            raise InvalidState(
                f"{excerpt(key, 40)}: unknown key in a record; expected {sorted(_RECORD_KEYS)}"
            )
    for key in ("game", "start", "moves"):
        if key not in data:
            raise InvalidState(f"{key}: missing from the record")
    version = data.get("version", FORMAT_VERSION)
    if type(version) is not int or version != FORMAT_VERSION:
        raise InvalidState(
            f"version: only record version {FORMAT_VERSION} is known, not {excerpt(version)}"
        )
    options = data.get("options") or {}
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise InvalidState("options: must be a JSON object of option names to values")
    try:
        rules = make_rules(data["game"], **options)
    except Exception as err:  # any failure here is a bad game id or option
        raise InvalidState(f"game/options: {short_message(err)}") from None
    start = data["start"]
    if not isinstance(start, Mapping):
        raise InvalidState("start: must be a JSON position object")
    try:
        state = rules.load(start)
    except InvalidState as err:
        raise InvalidState(f"start: {err}") from None
    if "players" in data and (not is_int(data["players"]) or data["players"] != state.players):
        raise InvalidState(
            f"players: record says {excerpt(data['players'])}, start has {state.players}"
        )
    if "seed" in data:
        _check_seed(data["seed"], state)
    if "variations" in data and not isinstance(data["variations"], list):
        raise InvalidState("variations: must be a list of variations")
    return _play_line(state, data["moves"], "")


def _check_seed(seed: Any, start: State) -> None:
    """Refuse a record's ``seed`` that is no seed, or not the one its start position was set up
    with (``record`` writes the start's own; games without chance have none: ``null``)."""
    if seed is not None and not is_int(seed):
        raise InvalidState(f"seed: must be an integer or null, not {excerpt(seed)}")
    own = getattr(start, "seed", None)
    if seed != own:
        raise InvalidState(f"seed: record says {excerpt(seed)}, its start has {excerpt(own)}")


def _play_line(state: State, moves: Any, where: str) -> State:
    """Play the move texts of one line from ``state``; ``where`` names the line in messages."""
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise InvalidState(f"{where}moves: must be a list of move texts")
    for number, text in enumerate(moves, start=1):
        try:
            state = state.play(state.rules.parse_move(state, text))
        except FtwError as err:
            raise InvalidState(f"{_where(where, number, text)}: {short_message(err)}") from None
        except RecursionError:
            raise InvalidState(f"{_where(where, number, text)}: nested too deeply") from None
        except Exception as err:  # only InvalidState may escape a replay
            raise InvalidState(f"{_where(where, number, text)}: {short_message(err)}") from err
    return state


def check_size(data: Any, max_moves: int = MAX_RECORD_MOVES, what: str = "the record") -> int:
    """Count the moves a record holds in all its lines, refusing it past ``max_moves``.

    Reads only the record's shape (no move is parsed or played), stops as soon as the bound is
    passed, and never recurses, so even a multi-megabyte hostile record is refused in
    milliseconds. Call it on what a link or an upload carries before replaying it (a link:
    ``max_moves=MAX_LINK_MOVES``); :func:`replay_lines` calls it itself.

    Returns:
        The number of moves (0 for something that is not a record: :func:`replay` names what is
        wrong with it).

    Raises:
        InvalidState: more than ``max_moves`` moves, or variations nested deeper than
            :data:`MAX_VARIATION_DEPTH`.
    """
    if not isinstance(data, Mapping):
        return 0
    total = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        line, depth = stack.pop()
        if not isinstance(line, Mapping):
            continue
        moves = line.get("moves")
        total += len(moves) if isinstance(moves, list) else 0
        if total > max_moves:
            raise InvalidState(
                f"moves: {what} holds more than {max_moves:,} moves in all its lines "
                "(main line and variations)"
            )
        variations = line.get("variations")
        if isinstance(variations, list) and variations:
            if depth >= MAX_VARIATION_DEPTH:
                raise InvalidState(
                    f"variations: nested deeper than {MAX_VARIATION_DEPTH} variations"
                )
            if len(variations) > max_moves - total:  # each variation plays at least one move
                raise InvalidState(
                    f"variations: {what} holds more than {max_moves:,} moves in all its lines "
                    f"({len(variations):,} variations in one line)"
                )
            stack.extend((v, depth + 1) for v in variations)
    return total


def replay_lines(data: Mapping[str, Any], *, max_moves: int = MAX_RECORD_MOVES) -> list[State]:
    """The end of every line of a record: the main line first, each line before its variations.

    Variations branching from one line come in the order written.

    Each state carries its whole history (``state.history()``), so the lines share their common
    moves and a tree of variations can be rebuilt from them.

    Raises:
        InvalidState: as :func:`replay`, or a malformed variation, named by its path
            (``variations[2].variations[1].at``); more than ``max_moves`` moves in all lines
            (:data:`MAX_RECORD_MOVES`; a link's: :data:`MAX_LINK_MOVES`), or variations nested
            deeper than :data:`MAX_VARIATION_DEPTH` — these two refused before any move is
            played (:func:`check_size`).
    """
    check_size(data, max_moves)
    end = replay(data)
    ends = [end]
    main = end.history()
    budget = max_moves
    # (line's states, its variations, path for messages), walked without recursion
    stack: list[tuple[list[State], Any, str]] = [(main, data.get("variations") or [], "")]
    while stack:
        line, variations, path = stack.pop()
        found: list[tuple[list[State], Any, str]] = []
        if variations and path.count("variations[") >= MAX_VARIATION_DEPTH:
            raise InvalidState(
                f"{path}variations: nested deeper than {MAX_VARIATION_DEPTH} variations"
            )
        for k, variation in enumerate(variations, start=1):
            where = f"{path}variations[{k}]."
            at, moves = _read_variation(variation, where, len(line) - 1)
            budget -= len(moves)
            if budget < 0:
                raise InvalidState(
                    f"{where}moves: the variations hold more than {max_moves:,} moves"
                )
            side = _play_line(line[at], moves, where)
            ends.append(side)
            # the side line's own states start where it branches: its variations count from there
            states = side.history()[-len(moves) - 1 :]
            found.append((states, variation.get("variations") or [], where))
        stack.extend(reversed(found))
    return ends


def _read_variation(variation: Any, where: str, length: int) -> tuple[int, list[str]]:
    """Check one variation's shape; return its ``at`` and its moves."""
    if not isinstance(variation, Mapping):
        raise InvalidState(f"{where[:-1]}: a variation must be a JSON object")
    for key in variation:
        if key not in _VARIATION_KEYS:
            raise InvalidState(
                f"{where}{excerpt(key, 40)}: unknown key; expected {sorted(_VARIATION_KEYS)}"
            )
    at = variation.get("at")
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < length:
        raise InvalidState(
            f"{where}at: must be the index of a move of its line (0 to {length - 1}), "
            f"not {excerpt(at)}"
        )
    moves = variation.get("moves")
    if not isinstance(moves, list) or not moves or not all(isinstance(m, str) for m in moves):
        raise InvalidState(f"{where}moves: must be a non-empty list of move texts")
    inner = variation.get("variations", [])
    if not isinstance(inner, list):
        raise InvalidState(f"{where}variations: must be a list of variations")
    return at, moves


def _where(line: str, number: int, text: str) -> str:
    """Name move ``number`` of a line in a message, quoting a short excerpt of its text."""
    return f"{line}moves[{number}] {excerpt(text, 40)}"
