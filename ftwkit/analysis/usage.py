"""What winners do: how often each kind of move is chosen, per variant and seat, from the records.

Each game's registration module (``ftwkit.games.<id>``) names its kinds of move in ``MOVE_KINDS``
and classifies a move with ``move_kind(before, move, after)`` — For the Win!'s actions and
abilities, Play Win's captures by length and approaches, FTW?!'s options A/B/C and help size,
Double Blind's completions and questions, PNRZ's placements, base moves and extra actions. The
records are replayed (no game is played again) and every move is counted for the seat that chose
it, split by whether that seat won the game.

A kind is *never used* when no seat chose it in a variant, *almost never used* when it makes less
than :data:`RARE` of the moves of every seat (and was used at all).
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

import ftwkit
from ftwkit import registry

if TYPE_CHECKING:
    from ftwkit.analysis.results import Results

__all__ = ["RARE", "classifier", "move_kinds_of", "rare_kinds", "usage"]

RARE = 0.01
"""Below this share of a seat's moves (in every seat), a kind counts as almost never used."""

Classifier = Callable[[Any, Any, Any], str]


def classifier(game: str) -> tuple[tuple[str, ...], Classifier]:
    """A game's kinds of move and its classifier, from its registration module.

    Raises:
        ValueError: the game registers no classifier (``MOVE_KINDS`` and ``move_kind``).
    """
    module = importlib.import_module(registry.package(game))
    kinds = getattr(module, "MOVE_KINDS", None)
    classify = getattr(module, "move_kind", None)
    if kinds is None or classify is None:
        raise ValueError(f"{game} registers no move kinds (MOVE_KINDS and move_kind)")
    return tuple(kinds), classify


def move_kinds_of(record: dict[str, Any], classify: Classifier) -> list[tuple[int, str]]:
    """``(seat, kind)`` of every move of a recorded game, in order (the record is replayed)."""
    final = ftwkit.replay(record)
    steps = []
    node = final
    while node.previous is not None:
        before = node.previous
        steps.append((before.to_play, classify(before, node.last_move, node)))
        node = before
    steps.reverse()
    return [(int(seat), kind) for seat, kind in steps if seat is not None]


def usage(results: Results) -> pd.DataFrame:
    """One row per variant, seat and kind of move: how often it was chosen and by whom.

    Columns: ``variant``, ``seat`` (the game's seat name), ``kind``, ``chosen`` (moves of that
    kind by the seat), ``share`` (of the seat's moves), ``winners_share`` and ``losers_share``
    (the kind's share of the seat's moves in the games it won, and in those it did not win),
    ``games`` (games of the variant), and ``note``: ``"never used"`` / ``"almost never used"``
    when the kind is so in every seat of the variant, else ``""``.
    """
    kinds, classify = classifier(results.game)
    names = ftwkit.rules(results.game).player_names(results.players)
    rows: list[dict[str, Any]] = []
    for variant in results.variants:
        g = results.games[results.games["variant"] == variant]
        won: dict[int, Counter[str]] = {p: Counter() for p in range(results.players)}
        lost: dict[int, Counter[str]] = {p: Counter() for p in range(results.players)}
        for record, winners in zip(g["record"], g["winners"], strict=True):
            for seat, kind in move_kinds_of(record, classify):
                (won if seat in tuple(winners) else lost)[seat][kind] += 1
        extra = sorted({k for c in (*won.values(), *lost.values()) for k in c} - set(kinds))
        block = []
        for seat in range(results.players):
            total_w = sum(won[seat].values())
            total_l = sum(lost[seat].values())
            total = total_w + total_l
            for kind in (*kinds, *extra):
                k_w, k_l = won[seat][kind], lost[seat][kind]
                block.append(
                    {
                        "variant": variant,
                        "seat": names[seat],
                        "kind": kind,
                        "chosen": k_w + k_l,
                        "share": (k_w + k_l) / total if total else float("nan"),
                        "winners_share": k_w / total_w if total_w else float("nan"),
                        "losers_share": k_l / total_l if total_l else float("nan"),
                        "games": len(g),
                    }
                )
        _note(block, kinds=(*kinds, *extra))
        rows += block
    columns = [
        "variant",
        "seat",
        "kind",
        "chosen",
        "share",
        "winners_share",
        "losers_share",
        "games",
        "note",
    ]
    return pd.DataFrame(rows, columns=columns)


def _note(block: list[dict[str, Any]], kinds: Sequence[str]) -> None:
    for kind in kinds:
        mine = [r for r in block if r["kind"] == kind]
        if all(r["chosen"] == 0 for r in mine):
            note = "never used"
        elif all(r["share"] < RARE for r in mine if r["share"] == r["share"]):
            note = "almost never used"
        else:
            note = ""
        for r in mine:
            r["note"] = note


def rare_kinds(table: pd.DataFrame, variant: str) -> tuple[list[str], list[str]]:
    """The kinds never used and almost never used in ``variant`` (from :func:`usage`)."""
    sub = table[table["variant"] == variant].drop_duplicates("kind")
    never = list(sub[sub["note"] == "never used"]["kind"])
    rare = list(sub[sub["note"] == "almost never used"]["kind"])
    return never, rare
