"""PNRZ tiles: quadrant codes, tile sets as data, inline tiles and orientations.

A tile is four quadrant codes in the order NW, NE, SE, SW (clockwise) and an optional centre icon.
The shipped set (``tiles.json`` next to this module) is the **reconstructed** set of RULINGS 5.4;
another set can be given as JSON data (a string or a mapping of the same shape; from Python also a
``pathlib.Path`` to a ``.json``/``.yaml`` file, read at ``ftwkit.rules``)::

    {"tiles": [{"id": "01", "quads": ["pirate", "pirate", "pirate", "pirate"], "icon": null}, ...],
     "bases": [{"id": "base:pirate", "quads": ["base:pirate", ...], "icon": null}, ...]}

A tile may also give ``"counts": [n_NW, n_NE, n_SE, n_SW]``, the number of characters printed in
each quadrant (positive integers, default all 1; PN3, used by ``quadrant_count = printed``; base
tiles take none). The shipped set gives none. A count is part of the tile's picture: it turns with
the tile, and a tile whose quadrants repeat under rotation but whose counts do not has four
distinct orientations.

Inline tiles (``{"quads": [...], "icon": null}`` in a position, optionally with ``"counts"``) get a
stable synthetic id built from their content, e.g. ``~pirate/pirate/ninja/kraken``,
``~robot/robot/robot/zombie+rotate`` or ``~pirate:2/pirate/ninja/kraken`` (``:n`` marks a quadrant
whose count is not 1), so that notation and move targets can name them like any other tile.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import reprlib
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, TypeVar

from ftwkit.errors import InvalidState
from ftwkit.protocol import is_int

__all__ = [
    "BASES",
    "BONUS",
    "CHARACTERS",
    "ENEMY",
    "ICONS",
    "QUADRANT_CODES",
    "TERRITORY",
    "VICTIM",
    "Tile",
    "TileFacts",
    "TileSet",
    "canonical_rot",
    "distinct_rotations",
    "inline_key",
    "load_tile_set",
    "read_tile_set_file",
    "rotated",
    "short",
    "territory_of",
]

CHARACTERS: tuple[str, ...] = ("pirate", "ninja", "robot", "zombie")
"""The four characters, in the cyclic order of the reconstructed templates."""
BONUS: dict[str, str] = {"pirate": "chest", "ninja": "star", "robot": "battery", "zombie": "brain"}
"""Each character's bonus item (counts as that character's territory, worth 3)."""
ENEMY: dict[str, str] = {
    "pirate": "kraken",
    "ninja": "dragon",
    "robot": "military",
    "zombie": "hunter",
}
"""Each character's arch-enemy: the code that negates that character's quadrants."""
VICTIM: dict[str, str] = {enemy: c for c, enemy in ENEMY.items()}
"""The character each arch-enemy code negates (:data:`ENEMY` read backwards)."""
BASES: dict[str, str] = {c: f"base:{c}" for c in CHARACTERS}
"""The base quadrant code (and the base tile id) of each character."""
ICONS: tuple[str, ...] = ("rotate", "swap", "replace")
"""The centre icons that grant an extra action."""
QUADRANT_CODES: frozenset[str] = frozenset(
    (*CHARACTERS, *BONUS.values(), *ENEMY.values(), *BASES.values())
)
ONE_EACH: tuple[int, int, int, int] = (1, 1, 1, 1)
"""The counts of a tile that prints one character per quadrant (every tile of the shipped set)."""

_T = TypeVar("_T")

TERRITORY: dict[str | None, str] = {
    **{c: c for c in CHARACTERS},
    **{b: c for c, b in BONUS.items()},
    **{b: c for c, b in BASES.items()},
}
"""The character whose territory each quadrant code is (character, bonus or base); other codes
(and ``None``, an empty cell) are absent."""


def territory_of(code: str) -> str | None:
    """The character whose territory a quadrant code is (character, bonus or base), else None."""
    return TERRITORY.get(code)


@dataclasses.dataclass(frozen=True, slots=True)
class Tile:
    """One tile: its id (set id, base id or synthetic inline id), quadrants, icon and counts.

    ``counts`` is the number of characters printed in each quadrant (PN3), NW, NE, SE, SW like
    ``quads``; only ``quadrant_count = printed`` scores it, and only on character quadrants.
    """

    id: str
    quads: tuple[str, str, str, str]
    icon: str | None = None
    counts: tuple[int, int, int, int] = ONE_EACH

    @property
    def picture(self) -> tuple[str, ...]:
        """The quadrants as printed: each code, with ``:n`` when its count n is not 1.

        Equal to ``quads`` for a tile without counts; orientations are told apart by this.
        """
        if self.counts == ONE_EACH:
            return self.quads
        return tuple(
            q if n == 1 else f"{q}:{n}" for q, n in zip(self.quads, self.counts, strict=True)
        )

    @property
    def base_of(self) -> str | None:
        """The character whose base this tile is, or None for a play tile."""
        first = self.quads[0]
        return first[5:] if first.startswith("base:") else None

    @property
    def is_inline(self) -> bool:
        """Whether the tile was given inline (its id is synthetic)."""
        return self.id.startswith("~")


def rotated(quads: tuple[_T, ...], rot: int) -> tuple[_T, ...]:
    """The quadrants (or counts) after ``rot`` quarter turns clockwise (NW content moves to NE)."""
    cut = 4 - rot % 4  # the last ``rot`` quadrants come round to the front
    return quads[cut:] + quads[:cut]


@functools.cache
def distinct_rotations(quads: tuple[str, ...]) -> tuple[int, ...]:
    """The rotations 0..3 that show different pictures (1, 2 or 4 of them)."""
    seen: list[tuple[str, ...]] = []
    out: list[int] = []
    for r in range(4):
        pic = rotated(quads, r)
        if pic not in seen:
            seen.append(pic)
            out.append(r)
    return tuple(out)


@functools.cache
def canonical_rot(quads: tuple[str, ...], rot: int) -> int:
    """The smallest rotation showing the same picture as ``rot`` (so equal pictures are equal)."""
    pic = rotated(quads, rot)
    for r in range(4):
        if rotated(quads, r) == pic:
            return r
    return rot % 4  # pragma: no cover - r == rot always matches


def inline_key(picture: tuple[str, ...], icon: str | None) -> str:
    """The synthetic id of an inline tile from its picture, e.g. ``~pirate:2/pirate/ninja/kraken``.

    ``picture`` is ``Tile.picture`` (the plain quadrant codes for a tile without counts).
    """
    return "~" + "/".join(picture) + (f"+{icon}" if icon else "")


def _check_counts(data: Mapping[str, Any], where: str) -> tuple[int, int, int, int]:
    """The optional ``counts`` of a tile mapping (PN3), all 1 when absent."""
    counts = data.get("counts")
    if counts is None:
        return ONE_EACH
    if not (
        isinstance(counts, list | tuple)
        and len(counts) == 4
        and all(is_int(n) and n >= 1 for n in counts)
    ):
        raise InvalidState(
            f"{where}.counts: expected 4 positive integers (characters printed in the NW, NE, "
            f"SE, SW quadrant), got {short(counts)}"
        )
    return (int(counts[0]), int(counts[1]), int(counts[2]), int(counts[3]))


def check_tile(data: Any, where: str, tile_id: str | None = None) -> Tile:
    """Validate a tile mapping (``quads``, ``icon``, optional ``counts``); errors name ``where``."""
    if not isinstance(data, Mapping):
        raise InvalidState(f"{where}: a tile must be an object with quads and icon")
    allowed = {"id", "quads", "icon", "template", "count", "counts"}
    for key in data:
        if key not in allowed:
            raise InvalidState(f"{where}.{key}: unknown key; expected {', '.join(sorted(allowed))}")
    quads = data.get("quads")
    if not isinstance(quads, list | tuple) or len(quads) != 4:
        raise InvalidState(f"{where}.quads: a tile has exactly 4 quadrants (NW, NE, SE, SW)")
    for i, code in enumerate(quads):
        if code not in QUADRANT_CODES:
            raise InvalidState(
                f"{where}.quads[{i}]: unknown quadrant code {short(code)}; expected one of "
                f"{', '.join(sorted(QUADRANT_CODES))}"
            )
    icon = data.get("icon")
    if icon is not None and icon not in ICONS:
        raise InvalidState(
            f"{where}.icon: unknown icon {short(icon)}; expected rotate, swap, replace or null"
        )
    bases = {q for q in quads if q.startswith("base:")}
    if bases and (len(set(quads)) != 1 or icon is not None):
        raise InvalidState(
            f"{where}.quads: base quadrants only appear on base tiles, all four the same, no icon"
        )
    counts = _check_counts(data, where)
    if bases and counts != ONE_EACH:
        # a base scores 5 once, and must look the same in every orientation (PN9)
        raise InvalidState(f"{where}.counts: a base tile has no counts (its base scores 5 once)")
    quads_t = (str(quads[0]), str(quads[1]), str(quads[2]), str(quads[3]))
    tile = Tile("", quads_t, icon, counts)
    return dataclasses.replace(
        tile, id=tile_id if tile_id is not None else inline_key(tile.picture, icon)
    )


def tile_from_key(key: str) -> Tile:
    """Rebuild an inline tile from its synthetic id; ``InvalidState`` if it is not one."""
    body = key[1:]
    icon: str | None = None
    if "+" in body:
        body, icon = body.rsplit("+", 1)
    quads: list[str] = []
    counts: list[Any] = []
    for label in body.split("/"):
        code, _, count = label.rpartition(":")
        if code and count.isdigit():  # "pirate:2"; "base:pirate" has no digit count
            quads.append(code)
            counts.append(int(count))
        else:
            quads.append(label)
            counts.append(1)
    return check_tile({"quads": quads, "icon": icon, "counts": counts}, key)


@dataclasses.dataclass(frozen=True)
class TileSet:
    """A validated tile set: the play tiles and one base per character."""

    name: str
    play: tuple[Tile, ...]
    bases: tuple[Tile, ...]
    reconstructed: bool

    @functools.cached_property
    def by_id(self) -> dict[str, Tile]:
        """Every tile (play tiles and bases) by id."""
        return {t.id: t for t in (*self.play, *self.bases)}

    @functools.cached_property
    def is_action(self) -> TileFacts:
        """Tile id (set, base or inline id) → whether the tile bears an action icon."""
        return TileFacts(self, _bears_icon)

    @functools.cached_property
    def is_play(self) -> TileFacts:
        """Tile id (set, base or inline id) → whether it is a play tile (not a base)."""
        return TileFacts(self, _is_play)

    def tile(self, key: str) -> Tile:
        """The tile with this id (set id, base id or inline id); ``KeyError`` if unknown."""
        found = self.by_id.get(key)
        if found is not None:
            return found
        if key.startswith("~"):
            return _inline(key)
        raise KeyError(key)

    def base(self, character: str) -> Tile:
        """The base tile of a character."""
        return self.by_id[BASES[character]]


def _bears_icon(tile: Tile) -> bool:
    return tile.icon is not None


def _is_play(tile: Tile) -> bool:
    return tile.base_of is None


class TileFacts(dict[str, bool]):
    """Tile id → a yes/no fact about its tile, worked out on the first look-up of each id: what
    evaluations read millions of times, a dict look-up instead of resolving the tile."""

    def __init__(self, tiles: TileSet, fact: Callable[[Tile], bool]) -> None:
        super().__init__()
        self._tiles = tiles
        self._fact = fact

    def __missing__(self, key: str) -> bool:
        value = self[key] = self._fact(self._tiles.tile(key))
        return value


@functools.lru_cache(maxsize=4096)
def _inline(key: str) -> Tile:
    return tile_from_key(key)


def parse_tile_set(data: Any) -> TileSet:
    """Validate tile-set data; ``InvalidState`` naming the offending entry.

    Rules: ``tiles`` lists at least 12 play tiles (3 per player for 4 players) with unique ids,
    4 known quadrant codes each and an icon of ``rotate``/``swap``/``replace``/null; ``bases``
    lists exactly one base tile per character, id ``base:<character>``.
    """
    if not isinstance(data, Mapping):
        raise InvalidState("tile_set: must be a JSON object with 'tiles' and 'bases'")
    allowed = {"name", "reconstructed", "note", "tiles", "bases"}
    for key in data:
        if key not in allowed:
            raise InvalidState(
                f"tile_set.{key}: unknown key; expected {', '.join(sorted(allowed))}"
            )
    tiles = data.get("tiles")
    if not isinstance(tiles, list) or len(tiles) < 12:
        count = len(tiles) if isinstance(tiles, list) else "no"
        raise InvalidState(
            f"tile_set.tiles: needs a list of at least 12 play tiles (3 per player), got {count}"
        )
    play: list[Tile] = []
    seen: set[str] = set()
    for i, entry in enumerate(tiles):
        where = f"tile_set.tiles[{i}]"
        tid = entry.get("id") if isinstance(entry, Mapping) else None
        if not isinstance(tid, str) or not tid or tid.startswith(("~", "base:")) or " " in tid:
            raise InvalidState(f"{where}.id: a play tile needs a plain string id, got {short(tid)}")
        if tid in seen:
            raise InvalidState(f"{where}.id: duplicate tile id {short(tid)}")
        seen.add(tid)
        tile = check_tile(entry, where, tid)
        if tile.base_of is not None:
            raise InvalidState(f"{where}.quads: base quadrants belong in tile_set.bases")
        play.append(tile)
    bases = data.get("bases")
    if not isinstance(bases, list) or len(bases) != len(CHARACTERS):
        raise InvalidState("tile_set.bases: needs exactly 4 base tiles, one per character")
    base_tiles: list[Tile] = []
    for i, entry in enumerate(bases):
        where = f"tile_set.bases[{i}]"
        tid = entry.get("id") if isinstance(entry, Mapping) else None
        tile = check_tile(entry, where, str(tid))
        if tile.base_of is None or tid != BASES[tile.base_of]:
            raise InvalidState(
                f"{where}: a base tile has id 'base:<character>' and four matching base quadrants"
            )
        base_tiles.append(tile)
    if {t.base_of for t in base_tiles} != set(CHARACTERS):
        raise InvalidState("tile_set.bases: needs one base per character")
    base_tiles.sort(key=lambda t: CHARACTERS.index(t.base_of or ""))
    return TileSet(
        name=str(data.get("name", "custom tile set")),
        play=tuple(play),
        bases=tuple(base_tiles),
        reconstructed=bool(data.get("reconstructed", False)),
    )


SHIPPED_SETS: tuple[str, ...] = ("reconstructed",)
"""Names of the tile sets shipped with ftwkit (``tile_set=None`` is the first)."""


_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3
_SHORT.maxstring = 40
_SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxdict = 4


def short(value: Any) -> str:
    """A short quotation of a bad input value for an error message (never megabytes)."""
    try:
        return _SHORT.repr(value)
    except (ValueError, RecursionError):  # e.g. an int beyond Python's digit limit
        return f"<{type(value).__name__}>"


@functools.lru_cache(maxsize=16)
def load_tile_set(spec: str | None) -> TileSet:
    """The tile set named by the ``tile_set`` option.

    Options arrive from positions and records pasted by anyone, so a string never names a file:
    it is the name of a shipped set or the set's JSON data. (To use a file, read it and pass its
    data, or pass a ``pathlib.Path`` to ``ftwkit.rules``, which reads it there and then.)

    Args:
        spec: ``None`` or ``"reconstructed"`` for the shipped reconstructed set, or JSON data
            (a string starting with ``{``).

    Raises:
        InvalidState: an unknown name or invalid data, naming the offending entry.
    """
    if spec is None or spec == SHIPPED_SETS[0]:
        text = resources.files(__package__).joinpath("tiles.json").read_text(encoding="utf-8")
        return parse_tile_set(json.loads(text))
    if spec.lstrip().startswith("{"):
        try:
            data = json.loads(spec)
        except (json.JSONDecodeError, RecursionError):
            raise InvalidState("tile_set: the tile set data is not valid JSON") from None
        return parse_tile_set(data)
    raise InvalidState(
        f"tile_set: {short(spec)} is neither a shipped tile set ({', '.join(SHIPPED_SETS)}) "
        "nor tile-set JSON data; a tile set given in a position or record is never read from a "
        "file"
    )


def read_tile_set_file(path: os.PathLike[str]) -> str:
    """The tile set in a ``.json`` or ``.yaml`` file as a JSON string (for ``ftwkit.rules``).

    Only the Python API reaches this (a ``pathlib.Path`` argument); JSON input cannot.
    """
    name = os.fspath(path)
    try:
        with open(name, encoding="utf-8") as fh:
            if name.endswith((".yaml", ".yml")):
                import yaml

                data = yaml.safe_load(fh)
            else:
                data = json.load(fh)
    except (OSError, ValueError) as err:
        raise InvalidState(f"tile_set: cannot read {name}: {type(err).__name__}") from None
    parse_tile_set(data)
    return json.dumps(data, sort_keys=True)
