"""The PNRZ rules object: options (RULINGS 5.3), set-up, loading positions, parsing notation."""

from __future__ import annotations

import dataclasses
import json
import os
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from ftwkit.clicks import Clicks
from ftwkit.errors import IllegalMove, InvalidState
from ftwkit.games.pnrz.interaction import CLICKS
from ftwkit.games.pnrz.notation import Orient, Place, Rotate, parse
from ftwkit.games.pnrz.placement import footprint
from ftwkit.games.pnrz.shared_moves import PlacementRow, tile_rows
from ftwkit.games.pnrz.state import Placed, PnrzState
from ftwkit.games.pnrz.tiles import (
    CHARACTERS,
    TileSet,
    canonical_rot,
    check_tile,
    load_tile_set,
    read_tile_set_file,
    short,
)
from ftwkit.geometry.grid import reachable
from ftwkit.options import Wording, make_options
from ftwkit.protocol import Move, Rules, State, check_keys, is_int
from ftwkit.tables import SelfFillingTable

__all__ = ["COORD_LIMIT", "PnrzOptions", "PnrzRules", "deal_characters"]

COORD_LIMIT = 1_000_000
"""How far (per axis) from the origin the nearest tile of a position may be. The table starts at
0,0, grows by at most 2 quadrants a tile and stays one group, so every tile is within a few
hundred quadrants of that nearest one (and any anchor beyond ``2 * COORD_LIMIT`` is refused at
once). The notation reads up to 9 digits, so every move from a loaded position replays."""


@dataclasses.dataclass(frozen=True)
class PnrzOptions:
    """Variant switches of PNRZ; the defaults are the RECOMMENDED rulings of RULINGS 5.3."""

    IN_WORDS: ClassVar[Mapping[str, Wording]] = {
        "grid": Wording(
            "PN1",
            "tiles live on the quadrant lattice (half-tile offsets possible); or on a plain grid "
            "of whole tiles",
        ),
        "quadrant_count": Wording(
            "PN3",
            "a character quadrant is one character; or the number printed on the tile (when a tile "
            "set gives counts)",
        ),
        "bonus_also_character": Wording(
            "PN4",
            "a bonus item is worth 3; or 3 plus 1 as a character too",
        ),
        "negation": Wording(
            "PN5",
            "every quadrant touching its arch-enemy scores 0; or each touching arch-enemy quadrant "
            "takes 1 point off the section",
        ),
        "negated_breaks_section": Wording(
            "PN5",
            "a cancelled quadrant still joins its section; or it splits the section",
        ),
        "base_negatable": Wording(
            "PN5",
            "the base's 5 points are never lost; or they are lost when a base quadrant touches the "
            "arch-enemy",
        ),
        "draw_after_base": Wording(
            "PN6",
            "playing a base from hand is followed by a draw (the printed rules); or not (a "
            "review's reading)",
        ),
        "base_move_connectivity": Wording(
            "PN7",
            "after moving a base all tiles must be joined by full edges; or only the base's new "
            "spot is checked",
        ),
        "rotate_excludes_opponent_base": Wording(
            "PN9",
            "Rotate may turn any tile; or not an opponent's base",
        ),
        "swap_excludes_opponent_base": Wording(
            "PN10",
            "Swap may move any tile; or not an opponent's base",
        ),
        "replace_allows_base_from_hand": Wording(
            "PN11",
            "Replace may put down your base from hand; or not",
        ),
        "final_round": Wording(
            "PN12",
            "after the last draw everyone has a final turn; or everyone but the player who drew "
            "last",
        ),
        "tiebreak": Wording(
            "PN14",
            "ties share the win; or (invented) the tied player with more bases on the table wins",
        ),
        "choose": Wording(
            "PN15",
            "players pick characters in turn; or characters are dealt at random",
        ),
        "tile_set": Wording(
            "reconstructed parts",
            "which tiles the game uses",
            values="**`None`** (the shipped set), or a tile set as JSON",
        ),
    }
    """Each switch in words, for the switches, the dashboards and the rule page's options table
    (``tools/option_tables.py`` writes ``docs/rules/pnrz.md``'s from here)."""

    grid: Literal["offset", "aligned"] = "offset"
    """PN1: ``offset`` = the quadrant lattice (half-tile offsets possible in positions; a new
    tile needs a full-edge contact); ``aligned`` = anchors on even coordinates only (plain grid)."""
    quadrant_count: Literal["one", "printed"] = "one"
    """PN3: a character quadrant holds one character (reconstructed); ``printed`` = it scores the
    per-quadrant ``counts`` given by the tile set (or an inline tile), a bonus item quadrant
    keeping its 3. The shipped reconstructed tile set gives no counts, so ``printed`` differs
    only with a tile set (or inline tiles) that gives them."""
    bonus_also_character: bool = False
    """PN4: a bonus quadrant is territory worth 3; true = also a character, worth 3 + 1."""
    negation: Literal["per_quadrant", "per_enemy_minus_one"] = "per_quadrant"
    """PN5: each character/bonus quadrant touching its arch-enemy scores 0; alternative: each
    arch-enemy quadrant touching the section takes 1 point off."""
    negated_breaks_section: bool = False
    """PN5: true = a negated quadrant no longer joins its section."""
    base_negatable: bool = False
    """PN5: true = the base's 5 points are lost when a base quadrant touches the arch-enemy."""
    draw_after_base: bool = True
    """PN6 (revised): ``true`` (default) = playing a base from hand ends the turn with a draw like
    playing a play tile; only moving a base skips the draw. This follows the seed: "A player's
    turn consists of either playing 1 tile from their hand to the table or playing a Base Tile.
    At the end of a player's turn, they draw another Tile." ``false`` = the older reading of a
    review (the base is apart from the 3-tile hand, so playing it draws nothing)."""
    base_move_connectivity: Literal["full_edges", "placement_only"] = "full_edges"
    """PN7: after moving a base all tiles must stay joined by full edges; ``placement_only`` =
    only the placement rule for the base's new spot."""
    rotate_excludes_opponent_base: bool = False
    """PN9: true = Rotate may not turn an opponent's base. Bases show the same picture in every
    orientation (four equal base quadrants), so Rotate never offers them and this switch has no
    visible effect with any valid tile set; kept so the ruling is explicit."""
    swap_excludes_opponent_base: bool = False
    """PN10: true = Swap may not move an opponent's base."""
    replace_allows_base_from_hand: bool = True
    """PN11: Replace may put down an own base from hand; false forbids it."""
    final_round: Literal["everyone", "others_only"] = "everyone"
    """PN12: after the last draw every player has one final turn (the drawer last);
    ``others_only`` = the drawer has none."""
    tiebreak: Literal["shared", "base_on_table"] = "shared"
    """PN14: ties share the win; ``base_on_table`` (invented, engine-only) = among the tied,
    those with more of their bases on the table win."""
    choose: Literal["pick", "random"] = "pick"
    """PN15 (*Inferred*: the seed only says "Choose your character(s)!"): ``pick`` = a set-up
    phase of moves (``choose ninja``), one pick per move in turn order from the start player
    (2 players: A, B, A, B; 3–4 players: one each), public, before the 3 tiles each are dealt;
    ``random`` = characters dealt at random from the seed, no picks."""
    tile_set: str | None = None
    """RULINGS 5.4: None (or ``"reconstructed"``) = the shipped reconstructed tile set; else the
    set's JSON data. ``rules("pnrz", tile_set={...})`` accepts a dict and
    ``tile_set=pathlib.Path(...)`` a file, both stored as a JSON string; a string is never read
    as a path, so positions and records cannot make the engine open a file."""


def deal_characters(players: int, start: int, order: list[str]) -> list[list[str]]:
    """Characters picked in turn order from ``start``, each pick taking the next of ``order``.

    >>> deal_characters(2, 1, ["pirate", "ninja", "robot", "zombie"])
    [['ninja', 'zombie'], ['pirate', 'robot']]
    """
    per_player = 2 if players == 2 else 1
    chosen: list[list[str]] = [[] for _ in range(players)]
    for i in range(players * per_player):
        chosen[(start + i) % players].append(order[i])
    return chosen


_POSITION_KEYS = frozenset(
    {
        "players",
        "to_play",
        "characters",
        "tiles",
        "hands",
        "draw",
        "aside",
        "pending",
        "final_turns",
        "seed",
        "phase",
    }
)


_TOUCHING: tuple[tuple[int, int], ...] = (
    *((2 * s, e) for s in (1, -1) for e in (-1, 0, 1)),
    *((e, 2 * s) for s in (1, -1) for e in (-1, 0, 1)),
)
"""Anchor offsets of tiles sharing at least half an edge (full edges and half-offset contacts)."""


class PnrzRules(Rules):
    """Pirates, Ninjas, Robots & Zombies: tile laying on a quadrant lattice for 2–4 players."""

    id: ClassVar[str] = "pnrz"
    title: ClassVar[str] = "Pirates, Ninjas, Robots & Zombies"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[PnrzOptions]] = PnrzOptions
    options: PnrzOptions
    clicks: ClassVar[Clicks] = CLICKS

    __slots__ = ("_rows", "_tiles")
    _tiles: TileSet
    _rows: SelfFillingTable[str, PlacementRow]

    def __init__(self, options: PnrzOptions | None = None) -> None:
        super().__init__(options)
        # validate the tile set now so a bad one fails at rules(...), naming the entry; kept,
        # since every move asks for tiles
        self._keep("_tiles", load_tile_set(self.options.tile_set))
        self._keep("_rows", tile_rows(self._tiles.tile))  # the placements of each tile

    @classmethod
    def with_options(cls, **options: Any) -> Rules:
        """Rules with the given switches; a ``tile_set`` dict or ``Path`` is stored as JSON."""
        spec = options.get("tile_set")
        if isinstance(spec, Mapping):
            options["tile_set"] = json.dumps(spec, sort_keys=True)
        elif isinstance(spec, os.PathLike):
            options["tile_set"] = read_tile_set_file(spec)
        return cls(make_options(cls.Options, options))

    @property
    def tile_set(self) -> TileSet:
        """The tile set in use (the reconstructed set of RULINGS 5.4 unless ``tile_set`` says)."""
        return self._tiles

    # ------------------------------------------------------------------ set-up
    def _new(self, players: int, seed: int | None) -> State:
        rng = random.Random(seed)
        start = rng.randrange(players)
        if self.options.choose == "pick":
            # the seed's set-up order: characters first, then shuffle and deal (at the last pick)
            stack = [t.id for t in self.tile_set.play]
            rng.shuffle(stack)
            return PnrzState(
                self,
                n_players=players,
                characters=((),) * players,
                table=(),
                hands=((),) * players,
                draw=tuple(stack),
                turn=start,
                seed=seed,
                picking=True,
            )
        order = list(CHARACTERS)
        rng.shuffle(order)
        characters = deal_characters(players, start, order)
        chosen = {c for chars in characters for c in chars}
        stack = [t.id for t in self.tile_set.play]
        rng.shuffle(stack)
        hands: list[list[str]] = [[] for _ in range(players)]
        for i in range(3 * players):
            hands[(start + i) % players].append(stack.pop(0))
        for p, chars in enumerate(characters):
            hands[p].extend(self.tile_set.base(c).id for c in chars)
        aside = tuple(self.tile_set.base(c).id for c in CHARACTERS if c not in chosen)
        return PnrzState(
            self,
            n_players=players,
            characters=tuple(tuple(c) for c in characters),
            table=(),
            hands=tuple(tuple(sorted(h)) for h in hands),
            draw=tuple(stack),
            aside=aside,
            turn=start,
            seed=seed,
        )

    # ------------------------------------------------------------------ loading
    def _ref(self, value: Any, where: str) -> str:
        """A tile reference from JSON (an id or an inline tile) as a tile id."""
        if isinstance(value, str):
            try:
                self.tile_set.tile(value)
            except KeyError:
                raise InvalidState(
                    f"{where}: unknown tile id {short(value)} (ids of the tile set, "
                    '\'base:<character>\' or an inline tile {"quads": [...], "icon": null})'
                ) from None
            return value
        if isinstance(value, Mapping):
            return check_tile(value, where).id
        raise InvalidState(f"{where}: expected a tile id or an inline tile, got {short(value)}")

    def _ref_list(self, data: Mapping[str, Any], key: str, default: Any = None) -> list[str]:
        value = data.get(key, default)
        if not isinstance(value, list):
            raise InvalidState(f"{key}: expected a list of tiles")
        self._check_size(value, key)
        return [self._ref(v, f"{key}[{i}]") for i, v in enumerate(value)]

    def _load_position(self, data: Mapping[str, Any]) -> State:
        check_keys(data, _POSITION_KEYS)
        phase = data.get("phase", "play")
        if phase not in ("play", "choose"):
            raise InvalidState(f"phase: expected 'choose' or 'play', got {short(phase)}")
        if phase == "choose":
            return self._load_picks(data)
        characters = self._load_characters(data)
        n = len(characters)
        players = data.get("players", n)
        if not is_int(players) or not 2 <= players <= 4 or players != n:
            raise InvalidState(
                f"players: expected 2–4 matching characters ({n}), got {short(players)}"
            )
        owner = {c: p for p, chars in enumerate(characters) for c in chars}
        table = self._load_table(data)
        hands_raw = data.get("hands")
        if not isinstance(hands_raw, list) or len(hands_raw) != n:
            raise InvalidState(f"hands: expected one list of tiles per player ({n})")
        hands: list[tuple[str, ...]] = []
        for p, hand in enumerate(hands_raw):
            if not isinstance(hand, list):
                raise InvalidState(f"hands[{p}]: expected a list of tiles")
            self._check_size(hand, f"hands[{p}]")
            keys = [self._ref(v, f"hands[{p}][{i}]") for i, v in enumerate(hand)]
            for i, key in enumerate(keys):
                base = self.tile_set.tile(key).base_of
                if base is not None and owner.get(base) != p:
                    raise InvalidState(
                        f"hands[{p}][{i}]: {key} is not this player's base; a hand holds only "
                        "its own bases"
                    )
            hands.append(tuple(sorted(keys)))
        draw = self._ref_list(data, "draw")
        aside = self._ref_list(data, "aside", [])
        for i, key in enumerate(draw):
            if self.tile_set.tile(key).base_of is not None:
                raise InvalidState(f"draw[{i}]: bases are never in the draw stack")
        for i, key in enumerate(aside):
            base = self.tile_set.tile(key).base_of
            if base is None:
                raise InvalidState(f"aside[{i}]: only a base is set aside")
            if base in owner:
                raise InvalidState(
                    f"aside[{i}]: the {base} base belongs to player {owner[base]}; only the base "
                    "of an unowned character is set aside (3 players)"
                )
        total = len(table) + sum(map(len, hands)) + len(draw) + len(aside)
        if total > len(self.tile_set.play) + len(CHARACTERS):
            raise InvalidState(
                f"draw: the position holds {total} tiles in all, more than the "
                f"{len(self.tile_set.play) + len(CHARACTERS)} of the tile set"
            )
        self._check_unique(table, hands, draw, aside)
        self._check_bases(table, hands, aside, owner)
        for p, hand in enumerate(hands):
            _check_hand_size(hand, len(characters[p]), f"hands[{p}]")
        to_play, final, pending = self._load_turn(data, n, table)
        if final is not None and draw:
            raise InvalidState(
                f"final_turns: the final lap starts only once the stack is empty (PN12), but "
                f"draw holds {len(draw)} tiles"
            )
        seed = _load_seed(data)
        return PnrzState(
            self,
            n_players=n,
            characters=characters,
            table=table,
            hands=tuple(hands),
            draw=tuple(draw),
            aside=tuple(aside),
            turn=to_play,
            pending=pending,
            final_left=final,
            seed=seed,
        )

    def _load_picks(self, data: Mapping[str, Any]) -> State:
        """A position of the set-up phase (PN15): characters picked so far, the whole stack."""
        characters = self._load_characters(data, picking=True)
        n = len(characters)
        players = data.get("players", n)
        if not is_int(players) or players != n:
            raise InvalidState(
                f"players: expected 2–4 matching characters ({n}), got {short(players)}"
            )
        for key in ("tiles", "aside"):
            if data.get(key):
                raise InvalidState(f"{key}: must be empty while the characters are chosen")
        for key in ("pending", "final_turns"):
            if data.get(key) is not None:
                raise InvalidState(f"{key}: must be null while the characters are chosen")
        picks = sum(map(len, characters))
        total = n * (2 if n == 2 else 1)
        if picks >= total:
            raise InvalidState(
                f"phase: all {total} characters are chosen, so the position is in the play phase"
            )
        to_play = data.get("to_play", 0)
        if not is_int(to_play) or not 0 <= to_play < n:
            raise InvalidState(f"to_play: expected a player 0–{n - 1}, got {short(to_play)}")
        start = (to_play - picks) % n
        for p, chars in enumerate(characters):
            made = sum(1 for i in range(picks) if (start + i) % n == p)
            if len(chars) != made:
                raise InvalidState(
                    f"characters[{p}]: picks go one at a time in turn order (PN15); with "
                    f"{picks} made and player {to_play} next, player {p} has made {made}, "
                    f"not {len(chars)}"
                )
        hands_raw = data.get("hands", [[] for _ in range(n)])
        if not isinstance(hands_raw, list) or len(hands_raw) != n:
            raise InvalidState(f"hands: expected one list of tiles per player ({n})")
        hands = []
        for p, hand in enumerate(hands_raw):
            want = sorted(self.tile_set.base(c).id for c in characters[p])
            if not isinstance(hand, list) or sorted(map(str, hand)) != want:
                raise InvalidState(
                    f"hands[{p}]: while the characters are chosen a hand holds just the bases "
                    f"picked ({want}); the tiles are dealt after the last pick"
                )
            hands.append(tuple(want))
        draw = self._ref_list(data, "draw")
        if len(draw) < 3 * n:
            raise InvalidState(
                f"draw: the deal after the last pick needs 3 tiles per player, {3 * n} in all"
            )
        for i, key in enumerate(draw):
            if self.tile_set.tile(key).base_of is not None:
                raise InvalidState(f"draw[{i}]: bases are never in the draw stack")
        self._check_unique((), [], draw, [])
        seed = _load_seed(data)
        return PnrzState(
            self,
            n_players=n,
            characters=characters,
            table=(),
            hands=tuple(hands),
            draw=tuple(draw),
            turn=to_play,
            seed=seed,
            picking=True,
        )

    def _load_characters(
        self, data: Mapping[str, Any], picking: bool = False
    ) -> tuple[tuple[str, ...], ...]:
        raw = data.get("characters")
        if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
            raise InvalidState("characters: expected a list of 2–4 lists of characters")
        seen: set[str] = set()
        out = []
        for p, chars in enumerate(raw):
            if not isinstance(chars, list) or not (chars or picking):
                raise InvalidState(f"characters[{p}]: expected a non-empty list of characters")
            for c in chars:
                if c not in CHARACTERS:
                    raise InvalidState(
                        f"characters[{p}]: unknown character {short(c)}; expected one of "
                        f"{', '.join(CHARACTERS)}"
                    )
                if c in seen:
                    raise InvalidState(f"characters[{p}]: {c} belongs to two players")
                seen.add(c)
            out.append(tuple(chars))
        return tuple(out)

    def _load_table(self, data: Mapping[str, Any]) -> tuple[Placed, ...]:
        raw = data.get("tiles", [])
        if not isinstance(raw, list):
            raise InvalidState("tiles: expected a list of placed tiles")
        self._check_size(raw, "tiles")
        aligned = self.options.grid == "aligned"
        occupied: dict[tuple[int, int], int] = {}
        table: list[Placed] = []
        for i, entry in enumerate(raw):
            where = f"tiles[{i}]"
            if not isinstance(entry, Mapping):
                raise InvalidState(f"{where}: expected an object with id (or quads), at, rot")
            check_keys(entry, {"id", "quads", "icon", "counts", "at", "rot"}, where)
            if "id" in entry:
                if "quads" in entry or "icon" in entry or "counts" in entry:
                    raise InvalidState(f"{where}: give either an id or inline quads, not both")
                key = self._ref(entry["id"], f"{where}.id")
            else:
                inline = {k: entry[k] for k in ("quads", "icon", "counts") if k in entry}
                key = self._ref(inline, where)
            at = entry.get("at")
            if not (isinstance(at, list) and len(at) == 2 and all(is_int(v) for v in at)):
                raise InvalidState(f"{where}.at: expected [x, y] integers, got {short(at)}")
            if abs(at[0]) > 2 * COORD_LIMIT or abs(at[1]) > 2 * COORD_LIMIT:
                raise InvalidState(
                    f"{where}.at: {short(at)} is farther than {2 * COORD_LIMIT:,} quadrants from "
                    "the origin, where the table starts; no game reaches it"
                )
            if aligned and (at[0] % 2 or at[1] % 2):
                raise InvalidState(f"{where}.at: grid = aligned needs even coordinates, got {at}")
            rot = entry.get("rot", 0)
            if not is_int(rot) or not 0 <= rot <= 3:
                raise InvalidState(f"{where}.rot: expected 0–3 quarter turns, got {short(rot)}")
            for cell in footprint((at[0], at[1])):
                if cell in occupied:
                    raise InvalidState(f"{where}.at: overlaps tiles[{occupied[cell]}] at {cell}")
                occupied[cell] = i
            rot = canonical_rot(self.tile_set.tile(key).picture, rot)
            table.append((key, at[0], at[1], rot))
        self._check_layout(table)
        return tuple(sorted(table, key=lambda t: (t[2], t[1])))

    def _check_size(self, entries: list[Any], where: str) -> None:
        """Refuse (fast, before reading the entries) more tiles than the tile set holds."""
        limit = len(self.tile_set.play) + len(CHARACTERS)
        if len(entries) > limit:
            raise InvalidState(
                f"{where}: {len(entries)} tiles, but the tile set has only {limit} (play tiles "
                "and bases)"
            )

    def _check_layout(self, table: list[Placed]) -> None:
        """The table is one group of tiles touching by (at least half) an edge, as in play.

        Every tile played touches the table by a full edge, and Rotate, Swap and Replace keep the
        footprints, so a reachable table is one group; hand-made positions may also join tiles by
        half an edge. Under ``base_move_connectivity = placement_only`` a moved base may leave
        the table in pieces, so there only the extent is bounded: at most 4 quadrants per tile
        across. Either way a loaded table stays small enough to draw and print.
        """
        if not table:
            return
        anchors = [(t[1], t[2]) for t in table]
        near = min(anchors, key=lambda a: max(abs(a[0]), abs(a[1])))
        if max(abs(near[0]), abs(near[1])) > COORD_LIMIT:
            raise InvalidState(
                f"tiles: the nearest tile, at {near[0]},{near[1]}, is farther than "
                f"{COORD_LIMIT:,} quadrants from the origin, where the table starts; no game "
                "reaches it"
            )
        if self.options.base_move_connectivity == "placement_only":
            span = 4 * len(table)
            for axis in (0, 1):
                values = [a[axis] for a in anchors]
                if max(values) - min(values) > span:
                    raise InvalidState(
                        f"tiles: the table spans {max(values) - min(values)} quadrants "
                        f"{'across' if axis == 0 else 'down'}; {len(table)} tiles reach at "
                        f"most {span}"
                    )
            return
        at = set(anchors)
        seen = reachable(anchors[0], at, _TOUCHING)
        if len(seen) < len(at):
            lone = min(a for a in anchors if a not in seen)
            raise InvalidState(
                f"tiles: the tile at {lone[0]},{lone[1]} is apart from the table at "
                f"{anchors[0][0]},{anchors[0][1]}; every tile is played touching the table by a "
                "full edge, so the tiles form one group (RULINGS 5.2, PN7)"
            )

    @staticmethod
    def _check_unique(
        table: tuple[Placed, ...],
        hands: list[tuple[str, ...]],
        draw: list[str],
        aside: list[str],
    ) -> None:
        seen: dict[str, str] = {}
        places = [(f"tiles (at {t[1]},{t[2]})", t[0]) for t in table]
        places += [(f"hands[{p}]", k) for p, hand in enumerate(hands) for k in hand]
        places += [("draw", k) for k in draw] + [("aside", k) for k in aside]
        for where, key in places:
            if key.startswith("~"):
                continue  # inline tiles are content, not set pieces: copies are allowed
            if key in seen:
                raise InvalidState(
                    f"{where}: tile {key} is also in {seen[key]}; each tile is unique"
                )
            seen[key] = where

    def _check_bases(
        self,
        table: tuple[Placed, ...],
        hands: list[tuple[str, ...]],
        aside: list[str],
        owner: Mapping[str, int],
    ) -> None:
        """Each character has one base (inline copies included); an unowned one is not in play."""
        seen: dict[str, str] = {}
        places = [(f"tiles (at {t[1]},{t[2]})", t[0]) for t in table]
        places += [(f"hands[{p}]", k) for p, hand in enumerate(hands) for k in hand]
        places += [("aside", k) for k in aside]
        for where, key in places:
            base = self.tile_set.tile(key).base_of
            if base is None:
                continue
            if base in seen:
                raise InvalidState(
                    f"{where}: a second {base} base (also in {seen[base]}); each character has "
                    "one base"
                )
            seen[base] = where
            if where.startswith("tiles") and base not in owner:
                raise InvalidState(
                    f"{where}: the {base} base is on the table but no player has {base}; the "
                    "unowned character's base is set aside, not used in play (RULINGS 5.2)"
                )

    @staticmethod
    def _load_turn(
        data: Mapping[str, Any], n: int, table: tuple[Placed, ...]
    ) -> tuple[int, int | None, tuple[Any, ...]]:
        final = data.get("final_turns")
        if final is not None and (not is_int(final) or not 0 <= final <= n):
            raise InvalidState(f"final_turns: expected null or 0–{n}, got {short(final)}")
        to_play = data.get("to_play", 0)
        if to_play is None and final == 0:
            to_play = 0
        if not is_int(to_play) or not 0 <= to_play < n:
            raise InvalidState(f"to_play: expected a player 0–{n - 1}, got {short(to_play)}")
        if final == 0:
            to_play = 0
        raw = data.get("pending")
        pending: tuple[Any, ...] = ()
        anchors = {(t[1], t[2]) for t in table}
        if raw in ("rotate", "swap", "replace"):
            pending = (raw,)
        elif (
            isinstance(raw, Mapping) and set(raw) == {"orient"} and isinstance(raw["orient"], list)
        ):
            cells = []
            for a in raw["orient"]:
                if not (isinstance(a, list) and len(a) == 2 and all(is_int(v) for v in a)):
                    raise InvalidState(f"pending.orient: expected [x, y] anchors, got {short(a)}")
                if (a[0], a[1]) not in anchors:
                    raise InvalidState(f"pending.orient: no tile at {a[0]},{a[1]}")
                cells.append((a[0], a[1]))
            if not cells:
                raise InvalidState("pending.orient: expected at least one anchor")
            pending = ("orient", *cells)
        elif raw is not None:
            raise InvalidState(
                f"pending: expected null, 'rotate', 'swap', 'replace' or {{'orient': [[x, y]]}}, "
                f"got {short(raw)}"
            )
        if pending and final == 0:
            raise InvalidState("pending: the game is over, no action can be pending")
        return to_play, final, pending

    # ------------------------------------------------------------------ hidden information
    hidden_information: ClassVar[bool] = True
    """Hands and the order of the stack are hidden (PN17); the table and the picks are public."""

    def sample(self, state: State, player: int, rng: random.Random) -> State:
        """A full state consistent with ``state.observation(player)``, hidden parts re-drawn.

        Built from the observation alone: ``player``'s hand, the table, the picks, the aside
        base, the hand sizes and the stack size are kept. Each other player's hand holds the
        bases of their characters that are not on the table (a base only ever leaves the table
        into its owner's hand, PN11); the rest of the hands and the whole stack (so also every
        future draw and, during the picks, the deal) are a random share of the play tiles
        nobody can see. Tiles of a hand-made position that the set cannot supply (inline tiles
        hidden in other hands) are re-drawn as inline copies of unseen tiles.
        """
        state._check_player(player)
        assert isinstance(state, PnrzState)
        fast = self._sample_derived(state, player, rng)
        if fast is not None:
            return fast
        return self._sample_loaded(state, player, rng)

    def _sample_derived(
        self, state: PnrzState, player: int, rng: random.Random
    ) -> PnrzState | None:
        """``_sample_loaded``'s state and draws, derived from ``state`` without a JSON round
        trip: only the other hands and the stack are new, and the values that follow from the
        table (cells, candidates, sections...) are carried. ``None`` (having drawn nothing)
        where the loaded sample differs from a derived one or re-draws inline tiles: during the
        picks, once the game is over, or when the tiles nobody sees are too few."""
        if state.picking or state.is_over or state.rules is not self:
            return None
        # a search samples one position a hundred times: what is unseen is worked out once
        shares: dict[int, Any] | None = state._recall("_unseen_shares")
        if shares is None:
            shares = state._remember("_unseen_shares", {})
        share = shares.get(player)
        if share is None:
            share = shares[player] = self._unseen_share(
                [k for k, *_ in state.table],
                [*state.hands[player], *state.aside],
                state.characters,
                [len(hand) for hand in state.hands],
                player,
            )
        unseen, kept, need = share
        if sum(need) + len(state.draw) > len(unseen):
            return None
        pool = list(unseen)  # (shuffled in place: the kept list stays in set order)
        rng.shuffle(pool)
        hands: list[tuple[str, ...]] = []
        start = 0
        for q, count in enumerate(need):
            if q == player:
                hands.append(state.hands[q])
                continue
            hands.append(tuple(sorted([*kept[q], *pool[start : start + count]])))
            start += count
        draw = tuple(pool[start : start + len(state.draw)])
        return state._sampled(tuple(hands), draw)

    def _unseen_share(
        self,
        table: list[str],
        visible: list[str],
        characters: Sequence[Sequence[str]],
        hand_sizes: list[int],
        player: int,
    ) -> tuple[list[str], list[list[str]], list[int]]:
        """What a sample for ``player`` re-draws: the play tiles nobody sees (not on the
        ``table``, not ``visible`` to the player: their hand and the aside base), in set order;
        per player, the bases their hand must hold (those of their characters not on the table:
        a base only leaves the table into its owner's hand, PN11) and how many unseen tiles
        fill the rest of it (nothing for ``player``, whose hand is kept)."""
        ts = self.tile_set
        # a base tile's id, set or inline, starts with its first quadrant "base:<character>"
        on_table = {ts.tile(k).base_of for k in table if k.startswith(("base:", "~base:"))}
        seen = {*table, *visible}
        pool = [t.id for t in ts.play if t.id not in seen]
        kept: list[list[str]] = []
        need: list[int] = []
        for q, size in enumerate(hand_sizes):
            if q == player:
                kept.append([])
                need.append(0)
                continue
            bases = [ts.base(c).id for c in characters[q] if c not in on_table]
            kept.append(bases[:size])
            need.append(size - len(kept[-1]))
        return pool, kept, need

    def _sample_loaded(self, state: PnrzState, player: int, rng: random.Random) -> PnrzState:
        """The sample built as the observation with new hidden parts, loaded and checked."""
        view = state.observation(player)
        ts = self.tile_set

        def key_of(entry: Any) -> str:
            if not isinstance(entry, Mapping):
                return str(entry)
            if "id" in entry:
                return str(entry["id"])
            inline = {k: entry[k] for k in ("quads", "icon", "counts") if k in entry}
            return check_tile(inline, "observation").id

        pool, kept, need = self._unseen_share(
            [key_of(t) for t in view["tiles"]],
            [key_of(k) for k in (*view["hands"][player], *view["aside"])],
            view["characters"],
            [len(hand) for hand in view["hands"]],
            player,
        )
        rng.shuffle(pool)
        hands: list[list[Any]] = [
            list(hand) if q == player else list(kept[q]) for q, hand in enumerate(view["hands"])
        ]
        wanted = sum(need) + len(view["draw"])
        fill: list[Any] = list(pool)
        while len(fill) < wanted:  # only hand-made positions: inline copies of unseen content
            tile = ts.tile(rng.choice(pool)) if pool else rng.choice(ts.play)
            fill.append({"quads": list(tile.quads), "icon": tile.icon})
        for q, count in enumerate(need):
            hands[q].extend(fill[:count])
            del fill[:count]
        view["hands"] = hands
        view["draw"] = fill[: len(view["draw"])]
        loaded = state.rules.load(view)
        assert isinstance(loaded, PnrzState)
        return loaded

    # ------------------------------------------------------------------ notation
    def _parse_move(self, state: State, text: str) -> Move:
        move = parse(text)
        assert isinstance(state, PnrzState)
        if isinstance(move, Place):
            try:
                tile = self.tile_set.tile(move.tile)
            except (KeyError, InvalidState):
                raise IllegalMove(f"{short(move.tile)} is not a tile of this tile set") from None
            return Place(move.tile, move.at, canonical_rot(tile.picture, move.rot))
        if isinstance(move, Rotate | Orient):
            found = state.placed.get(move.at)
            if found is not None:
                rot = canonical_rot(self.tile_set.tile(found[0]).picture, move.rot)
                return type(move)(move.at, rot)
        return move


HAND_DEAL = 3
"""Play tiles dealt to each player once the characters are chosen (PN15)."""


def _check_hand_size(keys: tuple[str, ...], bases: int, field: str) -> None:
    """Refuse a hand bigger than play can make it.

    A hand is dealt 3 play tiles beside the player's own bases. Playing a play tile draws one
    (back to the same size); playing an own base draws one (PN6) and a Replace swaps one tile of
    the hand for one on the table (PN11), so a hand never holds more than 3 tiles plus its own
    bases, however they came and went.
    """
    if len(keys) > HAND_DEAL + bases:
        raise InvalidState(
            f"{field}: {len(keys)} tiles, but a hand is dealt {HAND_DEAL} play tiles beside "
            f"the player's {bases} own base{'s' if bases != 1 else ''} and never grows past "
            f"that (PN6, PN11)"
        )


def _load_seed(data: Mapping[str, Any]) -> int | None:
    """The position's ``seed`` (future shuffles), an integer or null."""
    seed = data.get("seed")
    if seed is not None and not is_int(seed):
        raise InvalidState(f"seed: expected an integer or null, got {short(seed)}")
    return seed
