"""Rule holes found by play, written as casebook drafts a designer can turn into documented cases.

A hole is a game that hit the ply cap (``"cap"``), reached a running position where the player
to move had no legal move (``"stuck"``), or made the engine raise (``"error"``). Each becomes a
case mapping in the casebook format (see :mod:`ftwkit.casebook`): the position where it happened,
the options of the variant, and a step that shows the problem — ``is_over: false`` for a cap,
``legal_moves: 0`` for a stuck position, the failing move for an engine error. The drafts load
with :func:`ftwkit.casebook.load_file` and open in the Casebook widget.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

import ftwkit

__all__ = ["draft_case", "write_drafts"]

_WHAT = {
    "cap": "the game was still running (ply cap {plies})",
    "stuck": "the player to move has no legal move, but the game is not over",
    "error": "the engine raised an exception",
}


def draft_case(row: Mapping[str, Any]) -> dict[str, Any]:
    """A casebook case (as a mapping ready for YAML) for one results row with a ``hole``.

    Raises:
        ValueError: the row has no hole.
    """
    kind = row.get("hole")
    if kind not in _WHAT:
        raise ValueError(f"game {row.get('index')} of {row.get('variant')!r} has no rule hole")
    record = row["record"]
    state = ftwkit.replay(record)
    what = _WHAT[kind].format(plies=row["plies"])
    agents = ", ".join(row["agents"])
    steps: list[dict[str, Any]]
    if kind == "cap":
        steps = [
            {
                "expect": {"is_over": False},
                "note": f"{row['plies']} plies were played and the game had not ended",
            }
        ]
        rule = "A game must end. (Which rule should end this one, and when?)"
    elif kind == "stuck":
        steps = [{"expect": {"is_over": False, "legal_moves": 0}, "note": str(row["error"])}]
        rule = "The player to move must have a legal move, or the game must be over."
    else:
        step: dict[str, Any] = {"note": str(row["error"])}
        if row.get("error_move"):
            step["move"] = row["error_move"]
        steps = [step]
        rule = "Every move the engine offers can be played. (Which rule does this move break?)"
    explanation = (
        f"Found by self-play: variant {row['variant']!r}, game {row['index']} (seed {row['seed']}),"
        f" agents by seat: {agents}. After {row['plies']} plies: {what}. Draft: replace the rule "
        "text with the ruling, and the steps with what the rule should do."
    )
    return {
        "title": f"Draft: {what} ({row['variant']}, game {row['index']})",
        "rule": rule,
        "explanation": explanation,
        "options": dict(record.get("options") or {}),
        "position": state.to_json(),
        "steps": steps,
        "tags": ["draft", "found-by-play", str(kind)],
    }


def write_drafts(rows: Any, folder: str | Path) -> list[Path]:
    """Write one YAML casebook draft per row with a hole into ``folder``; return the paths.

    ``rows`` is an iterable of row mappings (e.g. ``results.holes().to_dict("records")``).
    File names say where each hole came from: ``draft-<variant>-<index>-<kind>.yaml``.
    """
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for row in rows:
        case = draft_case(row)
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in str(row["variant"]))
        path = out / f"draft-{safe}-{row['index']:05d}-{row['hole']}.yaml"
        path.write_text(
            yaml.safe_dump(
                case, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None
            ),
            encoding="utf-8",
        )
        paths.append(path)
    return paths
