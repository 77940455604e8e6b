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

import operator
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from ftwkit.games.pnrz.shared_moves import ROW_LIMIT
from ftwkit.games.pnrz.tiles import BASES, BONUS, CHARACTERS, ENEMY, VICTIM, territory_of
from ftwkit.geometry.grid import ORTHOGONAL, Cell, components
from ftwkit.tables import SelfFillingTable

if TYPE_CHECKING:
    from ftwkit.games.pnrz.rules import PnrzOptions

__all__ = [
    "AllSections",
    "Section",
    "all_sections",
    "best_sections",
    "pick_best",
    "section_index",
    "section_value",
    "update_sections",
]

Section = tuple[int, frozenset[Cell]]
"""A section's value and its quadrant cells."""
Entry = tuple[tuple[int, int, Cell], frozenset[Cell]]
"""A section with its ordering key ``(value, size, (-x, -y) of its smallest cell)``."""
AllSections = dict[str, tuple[Entry, ...]]
"""Every section of each character (in no particular order), each with its key."""


def _touches(cell: Cell, cells: Mapping[Cell, str], code: str) -> bool:
    """Whether ``cell`` shares an edge with a quadrant showing ``code`` (spelled out: hot)."""
    n, e, s, w = _NEIGHBOURS[cell]
    get = cells.get
    return get(n) == code or get(e) == code or get(s) == code or get(w) == code


def _point_rule(
    character: str, options: PnrzOptions, counts: Mapping[Cell, int] | None
) -> tuple[str, int, Mapping[Cell, int]]:
    """What one scoring quadrant of ``character`` is worth: its bonus item's code and points
    (3, or 4 with ``bonus_also_character``, PN4), and the printed counts of its character
    quadrants (read only with ``quadrant_count = printed``, PN3; 1 where a cell has none)."""
    bonus_points = 4 if options.bonus_also_character else 3
    printed = counts if counts and options.quadrant_count == "printed" else {}
    return BONUS[character], bonus_points, printed


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
    base = BASES[character]
    per_quadrant = options.negation == "per_quadrant"
    base_negatable = options.base_negatable
    bonus, bonus_points, printed = _point_rule(character, options, counts)
    get = cells.get
    around = _NEIGHBOURS
    total = 0
    has_base = False
    base_negated = False
    for cell in section:
        code = cells[cell]
        n, e, s, w = around[cell]
        touched = (  # _touches spelled out: this loop is the hottest part of scoring
            get(n) == enemy or get(e) == enemy or get(s) == enemy or get(w) == enemy
        )
        if code == base:
            has_base = True
            if base_negatable and touched:
                base_negated = True
            continue
        if per_quadrant and touched:
            continue
        total += bonus_points if code == bonus else printed.get(cell, 1) if printed else 1
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


def _entry(
    character: str,
    group: frozenset[Cell],
    cells: Mapping[Cell, str],
    options: PnrzOptions,
    counts: Mapping[Cell, int] | None,
) -> Entry:
    """A section with the key that orders sections: value, size, then the smallest cell first."""
    value = section_value(character, group, cells, options, counts)
    first = min(group)
    return ((value, len(group), (-first[0], -first[1])), group)


def _in_territory(
    character: str, cells: Mapping[Cell, str], options: PnrzOptions
) -> Callable[[Cell], bool]:
    """Whether a cell is part of ``character``'s sections: its territory, without the negated
    quadrants when ``negated_breaks_section`` (a base always stays)."""
    codes = _TERRITORY_CODES[character]
    if not options.negated_breaks_section:
        return lambda cell: cells.get(cell) in codes
    enemy = ENEMY[character]
    base = BASES[character]

    def joins(cell: Cell) -> bool:
        code = cells.get(cell)
        return code in codes and (code == base or not _touches(cell, cells, enemy))

    return joins


def all_sections(
    cells: Mapping[Cell, str], options: PnrzOptions, counts: Mapping[Cell, int] | None = None
) -> AllSections:
    """Every section of every character, each with its ordering key (see :func:`pick_best`).

    ``counts``: printed character counts of quadrant cells (PN3), see ``section_value``.
    """
    by_character: dict[str, list[Cell]] = {c: [] for c in CHARACTERS}
    for cell, code in cells.items():
        owner = territory_of(code)
        if owner is not None:
            by_character[owner].append(cell)
    out: AllSections = {}
    for character, territory in by_character.items():
        if options.negated_breaks_section:
            joins = _in_territory(character, cells, options)
            territory = [c for c in territory if joins(c)]
        out[character] = tuple(
            _entry(character, group, cells, options, counts)
            for group in components(territory, ORTHOGONAL)
        )
    return out


def update_sections(
    before: AllSections,
    old_cells: Mapping[Cell, str],
    cells: Mapping[Cell, str],
    changed: Iterable[Cell],
    options: PnrzOptions,
    counts: Mapping[Cell, int] | None = None,
    index: Mapping[str, Mapping[Cell, int]] | None = None,
) -> AllSections:
    """``all_sections(cells, ...)`` from the sections ``before`` of a table that differed from
    ``cells`` (it was ``old_cells``) only in the quadrant cells ``changed``; ``index`` is
    :func:`section_index` of ``before`` when it is known (placements join sections through it).

    A character's sections are kept, cells and value, unless one of their cells is a changed
    cell or beside one whose old or new content is that character's territory or arch-enemy:
    nothing else enters a section's cells or value (its quadrants, their printed counts and
    their edge neighbours). The cells of the other sections, and the character's territory in
    and beside the changed cells, are flooded again; a kept section the flood reaches (a
    quadrant freed of its arch-enemy may join two) is taken into the new one.
    """
    hits: dict[str, set[Cell]] = {}
    added = True  # only new quadrants (a placement): sections merge, none splits
    concerns = _CONCERNS.get
    old_get = old_cells.get
    new_get = cells.get
    for cell in changed:
        old = old_get(cell)
        if old is not None:
            added = False
            concerned = concerns(old)
            if concerned is not None:
                if concerned in hits:
                    hits[concerned].add(cell)
                else:
                    hits[concerned] = {cell}
        new = new_get(cell)
        if new is not None:
            concerned = concerns(new)
            if concerned is not None:
                if concerned in hits:
                    hits[concerned].add(cell)
                else:
                    hits[concerned] = {cell}
    additive = (  # a section's value is the sum of its quadrants' points (and its base's 5)
        options.negation == "per_quadrant" and not options.base_negatable
    )
    merge_only = added and additive and not options.negated_breaks_section
    out: AllSections = {}
    for character, entries in before.items():
        hit = hits.get(character)
        if not hit:
            out[character] = entries
            continue
        if merge_only and BASES[character] not in map(cells.__getitem__, hit):
            where = None if index is None else index[character]
            out[character] = _merged(
                character, entries, hit, old_cells, cells, options, counts, where
            )
            continue
        around = _NEIGHBOURS
        touch = set(hit)
        for cell in hit:
            touch.update(around[cell])
        kept: list[Entry] = []
        seeds: set[Cell] = set()
        for entry in entries:
            if entry[1].isdisjoint(touch):
                kept.append(entry)
            else:
                seeds |= entry[1]
        fresh: list[Entry] = []
        # Only when negated quadrants break sections can the flood reach a kept section (a
        # quadrant freed of its arch-enemy joins again). Otherwise a territory quadrant beside
        # the flood either changed (it is in ``touch``) or was in the same old section as its
        # neighbour, which the flood took whole: nothing beside the flood needs a test.
        absorbs = options.negated_breaks_section
        joins = _in_territory(character, cells, options)
        if absorbs:  # a new arch-enemy may cut an old quadrant out
            seeds = set(filter(joins, seeds | touch))
        else:  # an old section's quadrant is still territory unless it changed
            seeds -= hit
            codes = _TERRITORY_CODES[character]
            get = cells.get
            seeds.update([cell for cell in touch if get(cell) in codes])
            if additive:
                out[character] = (*kept, *_flooded(character, seeds, cells, options, counts))
                continue
        while seeds:
            start = seeds.pop()
            group = {start}
            stack = [start]
            while stack:
                for nb in around[stack.pop()]:
                    if nb in seeds:
                        seeds.remove(nb)
                        group.add(nb)
                        stack.append(nb)
                    elif absorbs and nb not in group and joins(nb):
                        # a kept section's quadrant: that section joins this one
                        i = next(i for i, e in enumerate(kept) if nb in e[1])
                        absorbed = kept.pop(i)[1]
                        group |= absorbed
                        stack.extend(absorbed)
            fresh.append(_entry(character, frozenset(group), cells, options, counts))
        out[character] = (*kept, *fresh)
    return out


def _flooded(
    character: str,
    seeds: set[Cell],
    cells: Mapping[Cell, str],
    options: PnrzOptions,
    counts: Mapping[Cell, int] | None,
) -> list[Entry]:
    """The sections made of the quadrants ``seeds`` (emptied), each valued as it is flooded,
    when each quadrant scores alone (``per_quadrant`` negation, bases not negatable): the same
    entries as :func:`_entry` of each group, in one pass over its quadrants instead of two."""
    enemy = ENEMY[character]
    base = BASES[character]
    bonus, bonus_points, printed = _point_rule(character, options, counts)
    get = cells.get
    around = _NEIGHBOURS
    out: list[Entry] = []
    while seeds:
        group = [seeds.pop()]
        value = 0
        has_base = False
        for cell in group:  # the list grows as the flood reaches further
            n, e, s, w = around[cell]
            code = cells[cell]
            if code == base:
                has_base = True
            elif not (get(n) == enemy or get(e) == enemy or get(s) == enemy or get(w) == enemy):
                value += bonus_points if code == bonus else printed.get(cell, 1) if printed else 1
            if n in seeds:
                seeds.remove(n)
                group.append(n)
            if e in seeds:
                seeds.remove(e)
                group.append(e)
            if s in seeds:
                seeds.remove(s)
                group.append(s)
            if w in seeds:
                seeds.remove(w)
                group.append(w)
        if has_base:
            value += 5
        low = min(group)
        out.append(((value, len(group), (-low[0], -low[1])), frozenset(group)))
    return out


def _merged(
    character: str,
    entries: tuple[Entry, ...],
    hit: set[Cell],
    old_cells: Mapping[Cell, str],
    cells: Mapping[Cell, str],
    options: PnrzOptions,
    counts: Mapping[Cell, int] | None,
    where: Mapping[Cell, int] | None = None,
) -> tuple[Entry, ...]:
    """``update_sections`` for one character when the change only added quadrants (``hit``,
    none of them its base) and each quadrant scores alone (``per_quadrant`` negation; negated
    quadrants still join; bases not negatable).

    Then no section splits: the new territory joins the sections beside it into one, and a new
    arch-enemy quadrant only zeroes the old quadrants beside it. Values are carried: the joined
    sections' values, plus the new quadrants', minus the newly negated ones'. The sections
    beside a quadrant are found through ``where`` (:func:`section_index` of these entries, made
    once for the many changes a search scores from one table) by looking up its neighbours,
    not by testing every section.
    """
    enemy = ENEMY[character]
    codes = _TERRITORY_CODES[character]
    scored = _SCORED_CODES[character]  # a base's 5 points are not negatable here
    around = _NEIGHBOURS
    get = cells.get
    land: list[Cell] = []
    negated: list[Cell] = []  # old quadrants that touch their arch-enemy only now
    for cell in hit:
        code = cells[cell]
        if code in codes:
            land.append(cell)
        elif code == enemy:
            old_get = old_cells.get
            for nb in around[cell]:
                if nb not in hit and get(nb) in scored and nb not in negated:
                    n, e, s, w = around[nb]  # _touches(nb, old_cells, enemy) spelled out
                    if not (
                        old_get(n) == enemy
                        or old_get(e) == enemy
                        or old_get(s) == enemy
                        or old_get(w) == enemy
                    ):
                        negated.append(nb)
    if not land and not negated:  # only arch-enemies came, beside no scoring quadrant
        return entries
    if where is None:
        where = {cell: i for i, entry in enumerate(entries) for cell in entry[1]}
    bonus, bonus_points, printed = _point_rule(character, options, counts)
    lost: dict[int, int] = {}  # points each old section loses to new arch-enemies
    for cell in negated:  # (a scoring quadrant is always in a section here)
        i = where[cell]
        lost[i] = lost.get(i, 0) + (bonus_points if cells[cell] == bonus else printed.get(cell, 1))
    # the new territory's groups: quadrants joined directly or through an old section
    groups: list[tuple[list[Cell], set[int]]] = []
    if land:
        todo = set(land)
        for start in land:
            if start not in todo:
                continue
            todo.remove(start)
            members = [start]
            joined: set[int] = set()
            for cell in members:  # the list grows as the group does
                for nb in around[cell]:
                    if nb in todo:
                        todo.remove(nb)
                        members.append(nb)
                    else:
                        i = where.get(nb, -1)
                        if i >= 0:
                            joined.add(i)
            if joined:  # an earlier group beside one of these sections is one with this
                for other in [g for g in groups if not joined.isdisjoint(g[1])]:
                    groups.remove(other)
                    members += other[0]
                    joined |= other[1]
            groups.append((members, joined))
    out = list(entries)
    for i, points in lost.items():
        key, group = out[i]
        out[i] = ((key[0] - points, key[1], key[2]), group)
    gone: list[int] = []
    new: list[Entry] = []
    for members, joined in groups:
        value = 0
        first = (-members[0][0], -members[0][1])
        for c in members:
            n, e, s, w = around[c]  # _touches(c, cells, enemy) spelled out
            if not (get(n) == enemy or get(e) == enemy or get(s) == enemy or get(w) == enemy):
                value += bonus_points if cells[c] == bonus else printed.get(c, 1)
            low = (-c[0], -c[1])
            if low > first:
                first = low
        if joined:
            group = frozenset(members).union(*(out[i][1] for i in joined))
            for i in joined:
                key = out[i][0]
                value += key[0]
                if key[2] > first:
                    first = key[2]
            gone += joined
        else:
            group = frozenset(members)
        new.append(((value, len(group), first), group))
    for i in sorted(gone, reverse=True):
        del out[i]
    out += new
    return tuple(out)


def section_index(sections: AllSections) -> dict[str, dict[Cell, int]]:
    """Per character, the place in its entries of the section holding each of its quadrants:
    what :func:`update_sections` looks sections up by when it joins new territory to them."""
    return {
        character: {cell: i for i, entry in enumerate(entries) for cell in entry[1]}
        for character, entries in sections.items()
    }


def pick_best(
    sections: AllSections,
    before: AllSections | None = None,
    best_before: Mapping[str, Section] | None = None,
) -> dict[str, Section]:
    """Each character's best section from ``all_sections``: ``{character: (value, cells)}``.

    The best has the highest value, then the most cells, then the smallest cell (so the result
    is deterministic); ``(0, ∅)`` for a character without territory. ``best_before``, the best
    of the sections ``before`` that ``sections`` were updated from, is kept for every character
    whose sections the update kept (the very same entries).
    """
    out: dict[str, Section] = {}
    for character, entries in sections.items():
        if best_before is not None and before is not None and before[character] is entries:
            out[character] = best_before[character]
        elif entries:
            key, group = max(entries, key=_KEY)
            out[character] = (key[0], group)
        else:
            out[character] = (0, frozenset())
    return out


def best_sections(
    cells: Mapping[Cell, str], options: PnrzOptions, counts: Mapping[Cell, int] | None = None
) -> dict[str, Section]:
    """Each character's best section: ``{character: (value, cells)}``; ``(0, ∅)`` if none.

    ``counts``: printed character counts of quadrant cells (PN3), see ``section_value``.

    Ties between sections of equal value go to the larger one, then to the one with the smallest
    cell, so the result is deterministic.
    """
    return pick_best(all_sections(cells, options, counts))


_KEY = operator.itemgetter(0)


def _edge_neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four edge neighbours of ``cell``: N, E, S, W."""
    x, y = cell
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


_NEIGHBOURS: SelfFillingTable[Cell, tuple[Cell, Cell, Cell, Cell]] = SelfFillingTable(
    _edge_neighbours, ROW_LIMIT
)
"""Each cell's edge neighbours, made once: a flood asks for them at every quadrant of the
sections it redoes, move after move (bounded: cells of loaded positions may be anywhere)."""

_TERRITORY_CODES: dict[str, frozenset[str]] = {
    c: frozenset((c, BONUS[c], BASES[c])) for c in CHARACTERS
}
"""The quadrant codes of each character's territory."""

_SCORED_CODES: dict[str, frozenset[str]] = {c: frozenset((c, BONUS[c])) for c in CHARACTERS}
"""The quadrant codes that score one by one (a base scores 5 once per section)."""

_CONCERNS: dict[str, str] = {
    **{code: c for c in CHARACTERS for code in _TERRITORY_CODES[c]},
    **VICTIM,
}
"""The character whose sections a quadrant code can change (its territory or arch-enemy)."""
