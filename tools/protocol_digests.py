"""Digests of seeded random games played through the public protocol, for before/after checks.

For every game: ``rules.new(seed=s)`` then, each ply, ``legal_moves()`` (its notation list),
``to_json()`` and the winners are hashed, and the move is drawn from the list with a seeded
``random.Random``; every 7th move is played from its notation (``play(str)``), so the parser and
the full legality check are covered too. Prints one line per game: ``game plies sha256``. An
engine change that keeps behaviour prints the same lines.

``--variants`` also plays each game under every non-default value of each of its closed options
(a ``Literal`` or ``bool`` switch), one switch at a time, and prints a line per variant
(``game {switch: value} plies sha256``): most rules an option switches are played only there.

    python tools/protocol_digests.py [--games-per 40] [--max-plies 200] [--variants] [game ...]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's ftwkit

import ftwkit
from ftwkit.options import describe_options


def variants(game: str) -> list[dict[str, Any]]:
    """The default options (``{}``), then each closed option's other values, one at a time."""
    found: list[dict[str, Any]] = [{}]
    for spec in describe_options(type(ftwkit.rules(game).options)):
        found += [{spec.name: value} for value in spec.ordered_choices()[1:]]
    return found


def digest(
    game: str, count: int, max_plies: int, switches: dict[str, Any] | None = None
) -> tuple[int, str]:
    """(plies played, sha256 of everything seen) over ``count`` seeded games of ``game`` under
    ``switches`` (the defaults when ``None``)."""
    rules = ftwkit.rules(game, **(switches or {}))
    h = hashlib.sha256()
    plies = 0
    for seed in range(count):
        rng = random.Random(seed)
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        state = rules.new(players=players, seed=seed)
        for ply in range(max_plies):
            h.update(json.dumps(state.to_json(), sort_keys=True).encode())
            if state.is_over:
                break
            moves = state.legal_moves()
            h.update("|".join(map(str, moves)).encode())
            move = rng.choice(moves)
            # every 7th move is given as notation: it goes through the parser and the full check
            state = state.play(str(move)) if ply % 7 == 3 else state.play(move)
            plies += 1
        h.update(repr(state.winners).encode())
        h.update(repr(state.scores).encode())
    return plies, h.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(ftwkit.game_ids()))
    parser.add_argument("--games-per", type=int, default=40)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument(
        "--variants", action="store_true", help="also one line per non-default option value"
    )
    args = parser.parse_args()
    for game in args.games:
        plies, hexdigest = digest(game, args.games_per, args.max_plies)
        print(game, plies, hexdigest, flush=True)
        if args.variants:
            for switches in variants(game)[1:]:
                plies, hexdigest = digest(game, args.games_per, args.max_plies, switches)
                print(game, switches, plies, hexdigest, flush=True)


if __name__ == "__main__":
    main()
