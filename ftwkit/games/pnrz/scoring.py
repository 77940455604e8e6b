"""Scoring: each character's best section of territory (RULINGS 5.2, PN2, PN4, PN5, PN13).

A section of character ``C`` is a maximal group of quadrants of ``C`` territory (``C``
characters, ``C``'s bonus item, ``C``'s base quadrants) joined through shared quadrant edges —
inside a tile, across tile borders and across half-offset contacts alike; diagonal contact never
joins. Value: 1 per character (its printed count with ``quadrant_count = printed``, PN3), 3 per
bonus item (4 with ``bonus_also_character``; counts never change it), 5 once if the section holds
the base. A character or bonus quadrant that shares an edge with ``C``'s arch-enemy
scores 0 but still joins the section (``negation = per_quadrant``, PN5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ftwkit.games.pnrz.tiles import BASES, BONUS, CHARACTERS, ENEMY, territory_of
from ftwkit.geometry.grid import ORTHOGONAL, Cell, components

if TYPE_CHECKING:
    from ftwkit.games.pnrz.rules import PnrzOptions

__all__ = ["Section", "best_sections", "section_value"]

Section = tuple[int, frozenset[Cell]]
"""A section's value and its quadrant cells."""


def _touches(cell: Cell, cells: Mapping[Cell, str], code: str) -> bool:
    x, y = cell
    return any(cells.get((x + dx, y + dy)) == code for dx, dy in ORTHOGONAL)


def section_value(
    character: str,
    section: frozenset[Cell],
    cells: Mapping[Cell, str],
    options: PnrzOptions,
    counts: Mapping[Cell, int] | None = None,
) -> int:
    """The points of one section of ``character`` under the scoring options.

    ``counts`` gives the printed character count of quadrant cells whose count is not 1 (PN3);
    it is scored only with ``quadrant_count = printed`` and only on character quadrants.
    """
    enemy = ENEMY[character]
    bonus = BONUS[character]
    base = BASES[character]
    per_quadrant = options.negation == "per_quadrant"
    bonus_points = 4 if options.bonus_also_character else 3
    printed = counts if counts and options.quadrant_count == "printed" else {}
    total = 0
    has_base = False
    base_negated = False
    for cell in section:
        code = cells[cell]
        if code == base:
            has_base = True
            if options.base_negatable and _touches(cell, cells, enemy):
                base_negated = True
            continue
        if per_quadrant and _touches(cell, cells, enemy):
            continue
        total += bonus_points if code == bonus else printed.get(cell, 1)
    if has_base and not base_negated:
        total += 5
    if not per_quadrant:
        enemies = {
            (x + dx, y + dy)
            for x, y in section
            for dx, dy in ORTHOGONAL
            if cells.get((x + dx, y + dy)) == enemy
        }
        total -= len(enemies)
    return total


def best_sections(
    cells: Mapping[Cell, str], options: PnrzOptions, counts: Mapping[Cell, int] | None = None
) -> dict[str, Section]:
    """Each character's best section: ``{character: (value, cells)}``; ``(0, ∅)`` if none.

    ``counts``: printed character counts of quadrant cells (PN3), see ``section_value``.

    Ties between sections of equal value go to the larger one, then to the one with the smallest
    cell, so the result is deterministic.
    """
    by_character: dict[str, list[Cell]] = {c: [] for c in CHARACTERS}
    for cell, code in cells.items():
        owner = territory_of(code)
        if owner is not None:
            by_character[owner].append(cell)
    out: dict[str, Section] = {}
    for character, territory in by_character.items():
        if options.negated_breaks_section:
            enemy = ENEMY[character]
            base = BASES[character]
            territory = [c for c in territory if cells[c] == base or not _touches(c, cells, enemy)]
        best: Section = (0, frozenset())
        best_key: tuple[int, int, tuple[int, int]] | None = None
        for group in components(territory, ORTHOGONAL):
            value = section_value(character, group, cells, options, counts)
            first = min(group)
            key = (value, len(group), (-first[0], -first[1]))
            if best_key is None or key > best_key:
                best_key = key
                best = (value, group)
        out[character] = best
    return out
