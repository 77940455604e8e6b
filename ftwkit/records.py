"""Game records: a start position plus the moves in notation, replayable move by move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ftwkit.errors import FtwError, InvalidState, excerpt, short_message
from ftwkit.options import options_to_json
from ftwkit.protocol import FORMAT_VERSION, State, is_int

__all__ = ["record", "replay"]

_RECORD_KEYS = {"game", "version", "options", "players", "seed", "start", "moves"}


def record(state: State) -> dict[str, Any]:
    """The record of the line that led to ``state``: start position and moves in notation."""
    root = state.root
    return {
        "game": state.rules.id,
        "version": FORMAT_VERSION,
        "options": options_to_json(state.rules.options),
        "players": state.players,
        "seed": getattr(root, "seed", None),
        "start": root.to_json(),
        "moves": [str(m) for m in state.moves()],
    }


def replay(data: Mapping[str, Any]) -> State:
    """The final state of a game record.

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
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise InvalidState("moves: must be a list of move texts")
    for number, text in enumerate(moves, start=1):
        try:
            state = state.play(rules.parse_move(state, text))
        except FtwError as err:
            raise InvalidState(f"{_where(number, text)}: {short_message(err)}") from None
        except RecursionError:
            raise InvalidState(f"{_where(number, text)}: nested too deeply") from None
        except Exception as err:  # only InvalidState may escape a replay
            raise InvalidState(f"{_where(number, text)}: {short_message(err)}") from err
    return state


def _where(number: int, text: str) -> str:
    """Name move ``number`` of a record in a message, quoting a short excerpt of its text."""
    return f"moves[{number}] {excerpt(text, 40)}"
