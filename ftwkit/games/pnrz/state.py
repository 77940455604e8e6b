"""The PNRZ state: table, hands, draw stack, pending extra action and the final lap."""

from __future__ import annotations

import bisect
import dataclasses
import functools
import operator
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import reduce
from typing import TYPE_CHECKING, Any, ClassVar

from ftwkit.games.pnrz.evaluation import evaluate
from ftwkit.games.pnrz.notation import (
    Choose,
    MoveBase,
    Orient,
    Pass,
    Place,
    Replace,
    Rotate,
    Skip,
    Swap,
)
from ftwkit.games.pnrz.placement import (
    FULL_EDGE,
    anchor_code,
    anchor_codes,
    candidate_anchors,
    code_anchor,
    extend_codes,
    footprint,
    full_edge_components,
    has_code,
    placement_problem,
    shared_code,
)
from ftwkit.games.pnrz.playout import SAMPLES as POLICY_SAMPLES
from ftwkit.games.pnrz.playout import best_of, policy_move
from ftwkit.games.pnrz.scoring import (
    AllSections,
    Section,
    all_sections,
    pick_best,
    section_index,
    update_sections,
)
from ftwkit.games.pnrz.shared_moves import (
    SKIP,
    PlacementRow,
    base_moves,
    orientations,
    other_rotations,
    replacements,
    swaps,
)
from ftwkit.games.pnrz.tiles import (
    BASES,
    BONUS,
    CHARACTERS,
    ENEMY,
    ONE_EACH,
    Tile,
    TileSet,
    canonical_rot,
    rotated,
)
from ftwkit.geometry.grid import Cell, reachable
from ftwkit.protocol import Move, State

if TYPE_CHECKING:
    from ftwkit.games.pnrz.rules import PnrzOptions, PnrzRules

__all__ = ["Placed", "PnrzState"]

Placed = tuple[str, int, int, int]
"""A tile on the table: (tile id, anchor x, anchor y, rotation)."""

_ACTION_NAMES = {"rotate": "Rotate", "swap": "Swap", "replace": "Replace", "orient": "orientation"}


def _xy(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


_TABLE_CACHES = (
    "placed",
    "cells",
    "counts",
    "candidates",
    "_codes",
    "_sections",
    "_all_sections",
    "_section_index",
    "_group_size",
    "_bases",
    "_anchor_code_set",
)
"""The declared caches that follow from the table alone (not from hands, stack or turn)."""


@dataclasses.dataclass(frozen=True, eq=False)  # = state_dataclass, spelled out for mypy
class PnrzState(State):
    """A PNRZ position (see the package docstring for the rules and the JSON format).

    Attributes:
        n_players: 2, 3 or 4.
        characters: each player's characters.
        table: the tiles in play as (tile id, x, y, rot), sorted by anchor (y, then x).
        hands: each player's tiles (play tiles and own bases), sorted by id.
        draw: the face-down stack, top first.
        aside: the base set aside in a 3-player game.
        turn: the player whose turn it is (0 once the game is over).
        pending: ``()``, ``("rotate",)``, ``("swap",)``, ``("replace",)`` or
            ``("orient", anchor, ...)``: the extra-action step the player must take now.
        final_left: turns left in the final lap (``None`` before it starts, 0 = game over).
        seed: the start seed (the stack order is already in ``draw``).
        picking: the set-up phase (PN15): players take characters one pick per move, in turn
            order from the start player; hands hold only the bases picked so far, the whole
            stack is in ``draw``, and the last pick deals 3 tiles to each player.
    """

    rules: PnrzRules
    n_players: int
    characters: tuple[tuple[str, ...], ...]
    table: tuple[Placed, ...]
    hands: tuple[tuple[str, ...], ...]
    draw: tuple[str, ...]
    aside: tuple[str, ...] = ()
    turn: int = 0
    pending: tuple[Any, ...] = ()
    final_left: int | None = None
    seed: int | None = None
    picking: bool = False

    _CACHES: ClassVar[frozenset[str]] = frozenset(
        (*_TABLE_CACHES, "_sections_from", "_codes_after", "_table_from", "_unseen_shares")
    )

    # ------------------------------------------------------------------ derived values
    @property
    def tile_set(self) -> TileSet:
        """The tile set of the rules."""
        return self.rules._tiles

    @property
    def opts(self) -> PnrzOptions:
        """The variant switches of the rules."""
        return self.rules.options

    def tile(self, key: str) -> Tile:
        """The tile with this id (set id, base id or inline id)."""
        return self.tile_set.tile(key)

    @property
    def placed(self) -> dict[Cell, tuple[str, int]]:
        """The tiles on the table by anchor: ``{anchor: (tile id, rot)}``; do not modify.

        A move leaves it to be made when asked, as it does :attr:`cells`: from a state a few
        moves back that has it, redoing the anchors changed since, else from the table.
        """
        known: dict[Cell, tuple[str, int]] | None = self._recall("placed")
        if known is None:
            known = self._remember("placed", self._make_placed())
        return known

    def _make_placed(self) -> dict[Cell, tuple[str, int]]:
        """:attr:`placed`, made (see there)."""
        found = self._known_before("placed", _PLACED_CHAIN)
        if found is not None:
            before, changed = found
            if not changed:
                return before.placed  # (the same table: shared, as neither is ever changed)
            placed: dict[Cell, tuple[str, int]] = before.placed.copy()
            for at in changed:
                placed.pop(at, None)
            for at in changed:
                now = _tile_at(self.table, at)
                if now is not None:
                    placed[at] = (now[0], now[3])
            return placed
        return {(x, y): (key, rot) for key, x, y, rot in self.table}

    @property
    def cells(self) -> dict[Cell, str]:
        """The quadrant content of every occupied quadrant cell; do not modify.

        A move makes them only when the state before has them (a placement in a line whose
        cells are read, as a search's rollouts are): move generation reads the tiles' anchor
        codes instead, and the positions of a random line are never asked. When asked, they
        are those of the nearest state a few moves back that has them (``_table_from``), with
        the tiles at the anchors changed since taken away and put back as they are now; else
        they are made from the table. Every such dictionary is a container the cyclic garbage
        collector walks entry by entry for as long as the state lives (a whole game's
        history), so not making it pays twice.
        """
        known: dict[Cell, str] | None = self._recall("cells")
        if known is None:
            known = self._remember("cells", self._make_cells())
        return known

    def _make_cells(self) -> dict[Cell, str]:
        """:attr:`cells`, made (see there)."""
        link: tuple[PnrzState, tuple[Cell, ...]] | None = self._recall("_table_from")
        if link is not None:  # the usual case first: one tile placed on a table with cells
            before, moved = link
            known: dict[Cell, str] | None = before._recall("cells")
            if known is not None and len(moved) == 1 and len(before.table) < len(self.table):
                new = _tile_at(self.table, moved[0])
                assert new is not None, "a placement's tile is at its anchor"
                key, x, y, rot = new
                cells = known.copy()
                cells[x, y], cells[x + 1, y], cells[x + 1, y + 1], cells[x, y + 1] = rotated(
                    self.tile(key).quads, rot
                )  # the footprint's cells: NW, NE, SE, SW
                return cells
        found = self._known_before("cells", _TABLE_CHAIN)
        if found is not None:
            before, changed = found
            if not changed:
                return before.cells  # (the same table: shared, as neither is ever changed)
            cells = before.cells.copy()
            for at in changed:
                if _tile_at(before.table, at) is not None:
                    for cell in footprint(at):
                        del cells[cell]
            tile = self.tile_set.tile
            for at in changed:
                now = _tile_at(self.table, at)
                if now is not None:
                    key, x, y, rot = now
                    cells[x, y], cells[x + 1, y], cells[x + 1, y + 1], cells[x, y + 1] = rotated(
                        tile(key).quads, rot
                    )  # the footprint's cells: NW, NE, SE, SW
            return cells
        out: dict[Cell, str] = {}
        for key, x, y, rot in self.table:
            quads = rotated(self.tile(key).quads, rot)
            for cell, code in zip(footprint((x, y)), quads, strict=True):
                out[cell] = code
        return out

    def _known_before(self, name: str, limit: int) -> tuple[PnrzState, list[Cell]] | None:
        """The nearest state at most ``limit`` moves back (``_table_from`` links) that knows
        the table cache ``name``, and the anchors (without repeats) whose tiles the moves since
        changed; ``None`` when there is none."""
        changed: list[Cell] = []
        state = self
        for _ in range(limit):
            link: tuple[PnrzState, tuple[Cell, ...]] | None = state._recall("_table_from")
            if link is None:
                return None
            state, moved = link
            changed += moved
            if state._recall(name) is not None:
                return state, list(dict.fromkeys(changed))
        return None

    @functools.cached_property
    def counts(self) -> dict[Cell, int]:
        """The printed character count (PN3) of every quadrant cell whose count is not 1."""
        out: dict[Cell, int] = {}
        for key, x, y, rot in self.table:
            counts = self.tile(key).counts
            if counts != ONE_EACH:
                for cell, n in zip(footprint((x, y)), rotated(counts, rot), strict=True):
                    if n != 1:
                        out[cell] = n
        return out

    @functools.cached_property
    def candidates(self) -> frozenset[Cell]:
        """Anchors where a tile from hand may go (the engine keeps them as sorted anchor codes,
        :meth:`_candidate_codes`, incrementally across placements)."""
        if self._recall("_codes") is not None or self._recall("_codes_after") is not None:
            return frozenset(map(code_anchor, self._candidate_codes()))
        return candidate_anchors(self.placed, self.cells, self._aligned)

    def _candidate_codes(self) -> tuple[int, ...]:
        """The :func:`~ftwkit.games.pnrz.placement.anchor_code` of each candidate anchor, sorted:
        the anchors of a turn's placements in ``legal_moves()`` order.

        A placement leaves them to be worked out when asked (``_codes_after``: the state whose
        candidates the new tile changed, and its anchor, the move's one link, as
        ``_table_from`` and ``_sections_from`` hold it), as most positions a search makes
        are only scored (the root's children, the ends of rollouts), never moved from.
        """
        codes: tuple[int, ...] | None = self._recall("_codes")
        if codes is None:
            after: tuple[PnrzState, tuple[Cell]] | None = self._recall("_codes_after")
            if after is not None:
                before, (at,) = after
                codes = extend_codes(
                    before._candidate_codes(), at, self._anchor_code_set, self._aligned
                )
            else:
                codes = tuple(anchor_codes(self.candidates))
            self._remember("_codes", codes)
        return codes

    @functools.cached_property
    def _anchor_code_set(self) -> dict[int, None]:
        """The anchor code of every tile on the table, as the keys of a dictionary that is
        never changed once made: the move generator's neighbour tests look up ints (no
        ``(x, y)`` tuple to build and hash), and a placement hands the next state a C-level
        copy with its one anchor added. Nearly always carried from the state before (a
        declared cache), so reading it is a plain attribute look-up, not a call."""
        return dict.fromkeys(anchor_codes(self.placed))

    @property
    def _aligned(self) -> bool:
        return bool(self.opts.grid == "aligned")

    @property
    def owner(self) -> dict[str, int]:
        """The player owning each character (unowned characters are absent); do not modify."""
        return _owners(self.characters)

    def sections(self) -> dict[str, Section]:
        """Each character's best section: ``{character: (value, frozenset of quadrant cells)}``.

        Unowned characters are included too; a character with no territory has ``(0, ∅)``.
        """
        return dict(self._best_sections())

    def _best_sections(self) -> dict[str, Section]:
        """:meth:`sections` as kept (not a copy: do not modify)."""
        cached: dict[str, Section] | None = self._recall("_sections")
        if cached is None:
            every = self._every_section()
            cached = self._recall("_sections")  # (an update may have kept an ancestor's)
            if cached is None:
                cached = self._remember("_sections", pick_best(every))
        return cached

    def _every_section(self) -> AllSections:
        """Every section of every character (:func:`~ftwkit.games.pnrz.scoring.all_sections`).

        A state made by a move knows the state it came from and the anchors of the tiles the
        move changed (``_sections_from``). When an ancestor a few moves back knows its sections,
        they are carried to this state in one step over all the quadrant cells changed since
        (:func:`~ftwkit.games.pnrz.scoring.update_sections` rebuilds only the sections those
        touch; the states in between, which a search seldom scores, are skipped). A line that
        starts at a state without that link (loaded or sampled) computes the sections of its
        start from the table first, as its other lines will need them too; a line longer than
        ``_SECTION_CHAIN`` moves computes this state's from the table.

        The ancestor's :func:`~ftwkit.games.pnrz.scoring.section_index`, when it has one (a
        searched position makes it for the hundreds of lines scored from it, its samples carry
        it), lets placements join its sections by look-ups; its best sections, when known, are
        this state's too for every character whose sections the update kept.
        """
        known: AllSections | None = self._recall("_all_sections")
        if known is not None:
            return known
        anchors: list[Cell] = []
        state = self
        for _ in range(_SECTION_CHAIN):
            came: tuple[PnrzState, tuple[Cell, ...]] | None = state._recall("_sections_from")
            if came is None:
                if state is not self:  # the start of the line
                    known = state._every_section()
                break
            state, moved = came
            anchors += moved
            known = state._recall("_all_sections")
            if known is not None:
                break
        if known is None:
            return self._remember(
                "_all_sections", all_sections(self.cells, self.opts, self._printed)
            )
        changed: Collection[Cell] = (
            footprint(anchors[0])  # the usual case: one tile placed or turned since
            if len(anchors) == 1
            else dict.fromkeys(cell for at in anchors for cell in footprint(at))
        )
        index = state._recall("_section_index")
        now = update_sections(
            known, state.cells, self.cells, changed, self.opts, self._printed, index
        )
        self._remember("_sections_from", None)  # no need to hold on to the line
        best = state._recall("_sections")
        if best is not None:
            self._remember("_sections", pick_best(now, known, best))
        return self._remember("_all_sections", now)

    def _section_lookup(self) -> dict[str, dict[Cell, int]]:
        """:func:`~ftwkit.games.pnrz.scoring.section_index` of this state's sections (made
        once: kept, and carried to its samples)."""
        index: dict[str, dict[Cell, int]] | None = self._recall("_section_index")
        if index is None:
            index = self._remember("_section_index", section_index(self._every_section()))
        return index

    @property
    def _printed(self) -> dict[Cell, int] | None:
        """The printed counts when the scoring reads them (``quadrant_count = printed``)."""
        return self.counts if self.opts.quadrant_count == "printed" else None

    def _sections_carry(self, link: tuple[PnrzState, tuple[Cell, ...]]) -> dict[str, Any]:
        """What tells the state made from this one by a move that changed the tiles at the
        anchors of ``link`` (``(self, anchors)``) only where its sections may be carried from:
        this state's own when the move changed no tile and they are known, else the link."""
        if not link[1]:
            known = self._recall("_all_sections")
            if known is not None:
                out = {"_all_sections": known}
                for same in ("_sections", "_section_index"):
                    value = self._recall(same)
                    if value is not None:
                        out[same] = value
                return out
        return {"_sections_from": link}

    # ------------------------------------------------------------------ protocol
    @property
    def players(self) -> int:
        """The number of players."""
        return self.n_players

    @property
    def to_play(self) -> int | None:
        """Who acts now (also during an extra action); ``None`` once over."""
        return None if self.is_over else self.turn

    @property
    def is_over(self) -> bool:
        """Whether the final lap is complete."""
        return self.final_left == 0

    @property
    def scores(self) -> tuple[int, ...]:
        """What each player would score if the game ended now (sum of their best sections)."""
        best = self._best_sections()
        out = []
        for chars in self.characters:  # (a loop: no generator per player, the search asks often)
            total = 0
            for c in chars:
                total += best[c][0]
            out.append(total)
        return tuple(out)

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the highest total once over (ties share the win, PN14)."""
        if not self.is_over:
            return ()
        scores = self.scores
        top = max(scores)
        tied = [p for p, s in enumerate(scores) if s == top]
        if self.opts.tiebreak == "base_on_table" and len(tied) > 1:
            on_table = {self.tile(k).base_of for k, *_ in self.table}
            counts = {p: sum(c in on_table for c in self.characters[p]) for p in tied}
            most = max(counts.values())
            tied = [p for p in tied if counts[p] == most]
        return tuple(tied)

    def status(self) -> str:
        """Whose turn, any pending extra action, tiles left in the stack, the final lap."""
        names = self.rules.player_names(self.players)
        if self.is_over:
            scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(self.scores))
            won = " and ".join(names[p] for p in self.winners)
            return f"Game over: {won} won ({scores})"
        p = self.turn
        if self.picking:
            chosen = "; ".join(
                f"{names[q]}: {', '.join(chars)}"
                for q, chars in enumerate(self.characters)
                if chars
            )
            return f"{names[p]} to choose a character" + (f" ({chosen})" if chosen else "")
        text = f"{names[p]} ({', '.join(self.characters[p])}) to play"
        if self.pending:
            text += f"; {_ACTION_NAMES[self.pending[0]]} step pending"
        text += f"; {len(self.draw)} tiles in the stack"
        if self.final_left is not None:
            text += f"; final turns: {self.final_left} left"
        return text

    def _sampled(self, hands: tuple[tuple[str, ...], ...], draw: tuple[str, ...]) -> PnrzState:
        """This position with other hands and stack (a determinization, see ``rules.sample``):
        no seed, and every value that follows from the table alone carried over, the sections
        computed first so that every sample of this state shares them (with their index and
        best sections: the search scores hundreds of lines from each sample)."""
        self._section_lookup()
        self._best_sections()
        self._candidate_codes()
        carry = {name: value for name in _TABLE_CACHES if (value := self._recall(name)) is not None}
        return self._derive(carry, hands=hands, draw=draw, seed=None)

    # ------------------------------------------------------------------ search hooks
    def _random_move(self, rng: random.Random) -> Move:
        """``rng.choice(self.legal_moves())`` without building the list in a plain turn.

        The same draw (``randrange`` of the list's length) picks the same move: placements are
        counted per hand tile (anchors × distinct rotations), then the base moves.
        """
        if self.pending or self.picking or self._legal_cache is not None:
            return super()._random_move(rng)
        return self._uniform_draws(rng, 1)[0]

    def _uniform_draws(self, rng: random.Random, count: int) -> list[Move]:
        """``count`` independent uniform draws from the legal moves of a plain turn (nothing
        pending, no picks), counting the moves once instead of listing them."""
        cands = self._candidate_codes()
        rows = self.rules._rows
        blocks = [rows[key] for key in dict.fromkeys(self.hands[self.turn])]
        total = len(cands) * sum(row.rotations for row in blocks)
        bases: list[tuple[Cell, list[int]]] = []
        for at in self._own_bases():
            targets = self._base_codes(at)
            bases.append((at, targets))
            total += len(targets)
        if not total:
            rng.randrange(1)  # as rng.choice([pass]) would
            return [Pass()] * count
        draws: list[Move] = []
        for _ in range(count):
            i = rng.randrange(total)
            draws.append(self._nth_move(i, cands, blocks, bases))
        return draws

    @staticmethod
    def _nth_move(
        i: int,
        cands: tuple[int, ...],
        blocks: list[PlacementRow],
        bases: list[tuple[Cell, list[int]]],
    ) -> Move:
        """The ``i``-th legal move of a plain turn in ``legal_moves()`` order (anchors as
        anchor codes; the placement rows of the distinct tiles in hand, in order)."""
        for row in blocks:
            rots = row.rotations
            if i < len(cands) * rots:
                return row[cands[i // rots]][i % rots]
            i -= len(cands) * rots
        for src, targets in bases:
            if i < len(targets):
                return base_moves(src)[targets[i]]
            i -= len(targets)
        raise AssertionError("the index lies within the moves counted")  # pragma: no cover

    def _heuristic(self, player: int) -> float:
        """See :mod:`ftwkit.games.pnrz.evaluation`."""
        return evaluate(self, player)

    def _policy_move(self, rng: random.Random) -> Move:
        """The cheap rollout policy of :mod:`ftwkit.games.pnrz.playout`: the best of a few
        random placements by :func:`~ftwkit.games.pnrz.playout.placement_value`.

        In a plain turn whose move list is not built yet, the few moves are drawn without
        building it (the list of a turn is hundreds of placements, most of a rollout's cost).
        """
        if self.pending or self.picking or self._legal_cache is not None:
            return policy_move(self, rng)
        return best_of(self, self._uniform_draws(rng, POLICY_SAMPLES))

    def hand_seen_by(self, player: int, view: int | None) -> tuple[str | None, ...]:
        """``player``'s tile ids as ``view`` may see them: another player's tiles are ``None``
        (only their number is public); ``view=None`` sees everything."""
        hand = self.hands[player]
        return hand if view is None or view == player else (None,) * len(hand)

    def observation(self, player: int) -> dict[str, Any]:
        """The public view for ``player``: other hands, the stack and the seed are masked."""
        self._check_player(player)
        data = self.to_json()
        data["hands"] = [
            [None if key is None else self._ref_json(key) for key in self.hand_seen_by(p, player)]
            for p in range(self.n_players)
        ]
        data["draw"] = [None] * len(data["draw"])
        data["seed"] = None
        return data

    # ------------------------------------------------------------------ JSON
    def _ref_json(self, key: str) -> Any:
        if key.startswith("~"):
            tile = self.tile(key)
            ref: dict[str, Any] = {"quads": list(tile.quads), "icon": tile.icon}
            if tile.counts != ONE_EACH:
                ref["counts"] = list(tile.counts)
            return ref
        return key

    def _position_json(self) -> dict[str, Any]:
        tiles = []
        for key, x, y, rot in self.table:
            ref = self._ref_json(key)
            entry: dict[str, Any] = dict(ref) if isinstance(ref, dict) else {"id": ref}
            entry["at"] = [x, y]
            entry["rot"] = rot
            tiles.append(entry)
        pending: Any = None
        if self.pending:
            if self.pending[0] == "orient":
                pending = {"orient": [list(a) for a in self.pending[1:]]}
            else:
                pending = self.pending[0]
        return {
            "players": self.n_players,
            "to_play": self.to_play,
            "characters": [list(c) for c in self.characters],
            "tiles": tiles,
            "hands": [[self._ref_json(k) for k in hand] for hand in self.hands],
            "draw": [self._ref_json(k) for k in self.draw],
            "aside": [self._ref_json(k) for k in self.aside],
            "pending": pending,
            "final_turns": self.final_left,
            "seed": self.seed,
            "phase": "choose" if self.picking else "play",
        }

    # ------------------------------------------------------------------ text
    def __str__(self) -> str:
        lines = [self.status()]
        cells = self.cells
        if cells:
            xs = [x for x, _ in cells]
            ys = [y for _, y in cells]
            lines.append("     " + " ".join(f"{x:>2}"[-2:] for x in range(min(xs), max(xs) + 1)))
            for y in range(min(ys), max(ys) + 1):
                row = " ".join(_quad_text(cells.get((x, y))) for x in range(min(xs), max(xs) + 1))
                lines.append(f"{y:>4} {row}")
            lines.append(
                "legend: P/N/R/Z character, * bonus item, # base, ! arch-enemy of (e.g. P! kraken)"
            )
            lines.append(
                "tiles: " + ", ".join(f"{key}@{x},{y}r{rot}" for key, x, y, rot in self.table)
            )
        else:
            lines.append("(the table is empty)")
        names = self.rules.player_names(self.players)
        for p, hand in enumerate(self.hands):
            lines.append(f"{names[p]} ({', '.join(self.characters[p])}): hand {' '.join(hand)}")
        if self.aside:
            lines.append(f"set aside: {' '.join(self.aside)}")
        lines.append(f"scores if it ended now: {list(self.scores)}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ moves
    def _own_bases(self) -> list[Cell]:
        """The anchors of the mover's bases on the table, in the table's order."""
        bases = self._recall("_bases")
        if bases is None:
            bases = self._remember(
                "_bases",
                tuple(
                    ((x, y), base)
                    for key, x, y, _ in self.table
                    if key.startswith(("base:", "~base:"))  # set ids or inline ids
                    and (base := self.tile(key).base_of) is not None
                ),
            )
        owner = self.owner
        turn = self.turn
        return [at for at, base in bases if owner.get(base) == turn]

    def _opponent_base(self, key: str) -> bool:
        if self.tile_set.is_play[key]:  # most tiles: one look-up, the tile not resolved
            return False
        base = self.tile(key).base_of
        return base is not None and self.owner.get(base, self.turn) != self.turn

    def _generate_moves(self) -> list[Move]:
        if self.picking:
            return [Choose(c) for c in CHARACTERS if c not in self.owner]
        if self.pending:
            return self._action_moves()
        moves: list[Move] = []
        codes = self._candidate_codes()
        if codes:
            # the moves of each anchor come ready-made from the tile's row: C-level look-ups
            # of every anchor at once, the rows' tuples joined onto the list in place
            pick: Callable[[Mapping[int, Any]], tuple[Any, ...]] = (
                operator.itemgetter(*codes) if len(codes) > 1 else _one(codes[0])
            )
            rows = self.rules._rows
            for key in dict.fromkeys(self.hands[self.turn]):
                row = rows[key]
                alone = row.alone
                try:
                    found = pick(row.by_code if alone is None else alone)
                except KeyError:  # anchors where this tile was never listed: made once
                    row.fill(codes)
                    found = pick(row.by_code if alone is None else alone)
                if alone is None:
                    reduce(operator.iconcat, found, moves)
                else:  # one placement per anchor: the bare moves, joined at once
                    moves += found
        for at in self._own_bases():
            moves += map(base_moves(at).__getitem__, self._base_codes(at))
        if not moves:
            moves.append(Pass())
        return moves

    def _is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal; a placement is checked directly, without the move list.

        Exactly the moves ``legal_moves()`` lists: in a turn with nothing pending, a tile of the
        mover's hand at a candidate anchor in one of its distinct rotations. A placement is
        tested first, by exact type (most moves are placements, and testing a failed
        ``isinstance`` against a subclass of the ABC ``Move`` costs thousands of
        instructions) against the kept candidate codes: the check runs on every ``play``.
        """
        kind = type(move)
        if kind is Place:
            assert type(move) is Place
            # (picking or over: no placement is legal, as the move list says)
            if self.pending or self.picking or self.is_over:
                return False
            if move.tile not in self.hands[self.turn]:
                return False
            if move.rot not in self.rules._rows[move.tile].rots:
                return False
            return has_code(self._candidate_codes(), anchor_code(move.at))
        if self.picking or self.is_over or kind not in _DIRECT:
            return super()._is_legal(move)
        pending = self.pending
        if kind is MoveBase:
            assert type(move) is MoveBase
            if self._listed(move):  # handed out by legal_moves(): no second look at the table
                return True
            found = None if pending else _tile_at(self.table, move.src)
            if found is None:
                return False
            base = self.tile(found[0]).base_of
            if base is None or self.owner.get(base) != self.turn:
                return False
            return anchor_code(move.dst) in self._base_codes(move.src)
        if not pending:
            return False
        step: str = pending[0]
        if kind is Skip:
            return step != "orient"
        if kind is Swap:
            assert type(move) is Swap
            if step != "swap" or not move.a < move.b:
                return False
            a, b = _tile_at(self.table, move.a), _tile_at(self.table, move.b)
            if a is None or b is None:
                return False
            return not (
                self.opts.swap_excludes_opponent_base
                and (self._opponent_base(a[0]) or self._opponent_base(b[0]))
            )
        assert type(move) is Rotate or type(move) is Orient
        if step != ("rotate" if kind is Rotate else "orient"):
            return False
        found = _tile_at(self.table, move.at)
        if found is None or (kind is Orient and move.at != pending[1]):
            return False
        if move.rot not in self.rules._rows[found[0]].rots:  # (its distinct rotations)
            return False
        if kind is Orient:
            return True
        if self.opts.rotate_excludes_opponent_base and self._opponent_base(found[0]):
            return False
        return bool(move.rot != found[3])

    def _base_codes(self, src: Cell) -> list[int]:
        """The anchor codes of the spots where the base at ``src`` may be moved (PN7), sorted.

        The spots are the table's candidates without the base (:meth:`_free_spots`). When the
        base is a link between tiles, only the spots that join the full-edge groups of the rest
        again count.
        """
        size = len(self.table)
        if size == 1:  # a lone base: the table without it is empty
            return anchor_codes(candidate_anchors((), (), self._aligned) - {src})
        mask = self._ring_mask(src)
        if self.opts.base_move_connectivity != "full_edges":
            return self._free_spots(src, mask)
        if size == self._full_edge_group_size():
            free = self._free_spots(src, mask)
            apart = self._apart(src, mask)
            return self._rejoining(src, free, apart) if apart else free
        out = self._free_spots(src, mask)
        anchors = set(self.placed)
        anchors.discard(src)
        groups = full_edge_components(anchors)
        count = len(set(groups.values()))
        if count > 1:
            # the base must re-join every group: its full-edge neighbours meet them all
            out = [
                code
                for code in out
                for x, y in (code_anchor(code),)
                if len({groups.get((x + dx, y + dy), -1) for dx, dy in FULL_EDGE} - {-1}) == count
            ]
        return out

    def _free_spots(self, src: Cell, mask: int) -> list[int]:
        """The anchor codes, sorted, of the table's candidates once the tile at ``src`` is
        lifted (``src`` itself aside), found from this state's own candidates: those still next
        to another tile by a full edge, plus the anchors freed around ``src``. ``mask``: its
        :meth:`_ring_mask`, which answers most of the tests below by a bit."""
        anchors = self._anchor_code_set
        at = anchor_code(src)
        codes = self._candidate_codes()
        size = len(codes)
        # only a spot next to the base may lose its full edge: when no other tile is next to it
        # (two of its other full-edge neighbours are on the ring, the third is beyond the spot)
        lost: list[int] = []
        for offset, beyond in _OPEN_SIDES[mask]:  # (the sides with no tile on the ring)
            if at + beyond in anchors:
                continue  # another tile next to the spot
            spot = at + offset
            i = bisect.bisect_left(codes, spot)
            if i < size and codes[i] == spot:
                lost.append(spot)
        # the anchors overlapping the base's spot are free when no other tile overlaps them
        gained: list[int] = []
        if not self._aligned:  # (on the aligned grid no anchor overlaps another's spot)
            for overlapping, around, offset in _UNBLOCKED_SPOTS[mask]:
                for other in overlapping:
                    if at + other in anchors:
                        break
                else:
                    for other in around:
                        if at + other in anchors:
                            gained.append(shared_code(at + offset))
                            break
        out = list(codes)
        for code in lost:  # (each is there: found above)
            del out[bisect.bisect_left(out, code)]
        for code in gained:  # (none is there: each overlaps the base)
            bisect.insort(out, code)
        return out

    def _ring_mask(self, src: Cell) -> int:
        """The 8 anchors around ``src`` (``_RING``) that hold a tile, as bits."""
        anchors = self._anchor_code_set
        at = anchor_code(src)
        mask = 0
        for offset, bit in _RING_BITS:
            if at + offset in anchors:
                mask |= bit
        return mask

    def _apart(self, src: Cell, mask: int) -> list[list[int]]:
        """The full-edge groups the table (one group) falls into without the tile at ``src``,
        all but one (the rest of the table), as lists of anchor codes: ``[]`` when it stays
        one group.

        Every group holds a full-edge neighbour of ``src``. Most often the groups show on the
        ring around ``src`` already: neighbours with no other tile beside them are groups of
        one, and the others are joined around the ring. Otherwise the groups are walked from
        those neighbours in turns, one tile each, walks that meet becoming one, until a single
        walk is still going: that one is the rest of the table, the others are whole. So
        finding a small group hanging on the base costs about its size, not the table's.
        """
        if _RING_JOINED[mask]:
            return []
        anchors = self._anchor_code_set
        at = anchor_code(src)
        # the usual case: tiles hanging on ``src`` alone (no other tile beside them), the other
        # neighbours joined around the ring: each of those tiles is a group, the rest another
        leaves: list[list[int]] = []
        rest = mask
        for offset, bit, sides in _LEAF_TESTS:
            if mask & bit and not mask & sides and at + 2 * offset not in anchors:
                leaves.append([at + offset])
                rest &= ~bit
        if leaves and _RING_JOINED[rest]:
            return leaves if rest & _FULL_EDGE_BITS else leaves[1:]  # (only leaves: one's the rest)
        walks: list[list[int]] = []  # per walk: the tiles reached (merged walks are emptied)
        stacks: list[list[int]] = []
        walk_of: dict[int, int] = {}
        for offset in _EDGE_CODES:
            nb = at + offset
            if nb in anchors:
                walk_of[nb] = len(walks)
                walks.append([nb])
                stacks.append([nb])
        going = list(range(len(walks)))
        while len(going) > 1:
            for i in list(going):
                if i not in going:
                    continue  # taken in by another walk this round
                stack = stacks[i]
                if not stack:
                    going.remove(i)  # a whole group
                    continue
                tile = stack.pop()
                for offset in _EDGE_CODES:
                    c = tile + offset
                    if c == at or c not in anchors:
                        continue
                    j = walk_of.get(c)
                    if j is None:
                        walk_of[c] = i
                        walks[i].append(c)
                        stack.append(c)
                    elif j != i:  # two walks met: one group; walk i takes j's tiles in
                        for t in walks[j]:
                            walk_of[t] = i
                        walks[i] += walks[j]
                        stack += stacks[j]
                        walks[j] = []
                        stacks[j] = []
                        going.remove(j)
        whole = [w for i, w in enumerate(walks) if w and i not in going]
        if not going:  # every walk ended: the largest group is the rest
            whole.remove(max(whole, key=len))
        return whole

    def _rejoining(
        self, src: Cell, cands: list[int], apart: Sequence[Collection[int]]
    ) -> list[int]:
        """The spots of ``cands`` (anchor codes, sorted) that join again every group the table
        (one full-edge group) falls into without the tile at ``src`` (``apart``, anchor codes,
        and the rest of the table), in their order.

        A spot that joins them all is next to the smallest group, so only the spots around it
        are tested; each tile's group is looked up, not searched for in the groups.
        """
        anchors = self._anchor_code_set
        at = anchor_code(src)
        group_of = {tile: i for i, group in enumerate(apart) for tile in group}
        need = len(apart)
        out: list[int] = []
        size = len(cands)
        for tile in min(apart, key=len):
            for offset in _EDGE_CODES:
                code = tile + offset
                i = bisect.bisect_left(cands, code)
                if i == size or cands[i] != code or code in out:
                    continue
                hit: set[int] = set()
                touches_rest = False
                for edge in _EDGE_CODES:
                    c = code + edge
                    if c != at and c in anchors:
                        group = group_of.get(c)
                        if group is None:
                            touches_rest = True
                        else:
                            hit.add(group)
                if touches_rest and len(hit) == need:
                    out.append(code)
        out.sort()
        return out

    def _full_edge_group_size(self) -> int:
        """How many tiles the full-edge group of the first tile holds (all of them in play)."""
        cached = self._recall("_group_size")
        if cached is None:
            placed = self.placed
            cached = self._remember(
                "_group_size", len(reachable(next(iter(placed)), placed, FULL_EDGE))
            )
        return int(cached)

    def _action_moves(self) -> list[Move]:
        """The moves of a pending extra-action step, the tiles in anchor order (by column, then
        row), read from the table itself: no tiles-by-anchor dictionary is made for them."""
        kind = self.pending[0]
        opts = self.opts
        rows = self.rules._rows  # each tile's distinct rotations, ``rots``, by its id
        if kind == "orient":
            at = self.pending[1]
            found = _tile_at(self.table, at)
            assert found is not None, "the tile to orient is on the table"
            return list(orientations(at, rows[found[0]].rots))
        moves: list[Move] = []
        if kind == "rotate":
            no_bases = opts.rotate_excludes_opponent_base
            for key, x, y, rot in sorted(self.table, key=_BY_COLUMN):
                if no_bases and self._opponent_base(key):
                    continue
                moves += other_rotations((x, y), rows[key].rots, rot)
        elif kind == "swap":
            if opts.swap_excludes_opponent_base:
                codes = anchor_codes(
                    (x, y) for key, x, y, _ in self.table if not self._opponent_base(key)
                )
            else:
                codes = sorted(self._anchor_code_set)
            for i, a in enumerate(codes):
                moves += map(swaps(a).__getitem__, codes[i + 1 :])
        elif kind == "replace":
            is_play = self.tile_set.is_play
            hand = [
                k
                for k in dict.fromkeys(self.hands[self.turn])
                if opts.replace_allows_base_from_hand or is_play[k]
            ]
            for taken, x, y, _ in sorted(self.table, key=_BY_COLUMN):
                if not is_play[taken] and self._opponent_base(taken):
                    continue
                put = hand if taken not in hand else [k for k in hand if k != taken]
                moves += map(replacements((x, y)).__getitem__, put)
        moves.append(SKIP)
        return moves

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> PnrzState:
        # (a legal move is of one of these very classes, never a subclass: the tests compare
        # types, as ``isinstance`` with a class derived from the ABC ``Move`` calls
        # ``ABCMeta.__instancecheck__`` each time it fails)
        if type(move) is Place:
            return self._apply_place(move)
        if type(move) is Choose:
            link: tuple[PnrzState, tuple[Cell, ...]] = (self, ())
            return self._apply_choose(move, {"_table_from": link, **self._sections_carry(link)})
        # the declared caches the next state is made with (one dictionary, given to _derive)
        changed: tuple[Cell, ...] = ()
        carry: dict[str, Any] = {}
        if type(move) is MoveBase:
            changed = (move.src, move.dst)
            carry.update(self._moved_base_caches(move))
        else:
            # rotations, swaps and replacements keep every footprint: same candidates and groups
            for kept in _FOOTPRINT_CACHES:
                value = self._recall(kept)
                if value is not None:
                    carry[kept] = value
            if type(move) is Swap:
                changed = (move.a, move.b)
            elif type(move) is Rotate or type(move) is Orient or type(move) is Replace:
                changed = (move.at,)
            bases = self._recall("_bases")
            if bases is not None and self._keeps_bases(move):
                carry["_bases"] = bases  # the same bases at the same anchors
        link = (self, changed)  # (one tuple for every link of the move)
        carry["_table_from"] = link  # (cells and placed made when asked)
        carry.update(self._sections_carry(link))
        return self._apply_other(move, carry)

    def _moved_base_caches(self, move: MoveBase) -> dict[str, Any]:
        """The caches of the state after ``move`` (this state with the base at ``move.src``
        moved to ``move.dst``): its candidates' codes, full-edge group and bases, without a
        scan of the table. The candidates are this table's without the base (its spots,
        :meth:`_free_spots`, and its own anchor, free once it is lifted) extended by the base
        at its new anchor, and a base moved under ``full_edges`` leaves one group (PN7: the
        move must)."""
        src = move.src
        size = len(self.table)
        if size == 1:
            return {}  # (the table without it is empty: its candidates are not those of a table)
        lifted = anchor_code(src)
        put = anchor_code(move.dst)
        before = self._anchor_code_set
        anchors = before.copy()
        del anchors[lifted]
        anchors[shared_code(put)] = None
        out: dict[str, Any] = {"_anchor_code_set": anchors}
        codes = self._free_spots(src, self._ring_mask(src))
        sx, sy = src
        if any(lifted + edge in before for edge in _EDGE_CODES) and not (
            self._aligned and (sx % 2 or sy % 2)
        ):
            bisect.insort(codes, shared_code(lifted))
        out["_codes"] = extend_codes(codes, move.dst, anchors, self._aligned)
        if self.opts.base_move_connectivity == "full_edges":
            out["_group_size"] = size
        bases = self._recall("_bases")
        if bases is not None:
            moved = [(move.dst if at == src else at, base) for at, base in bases]
            out["_bases"] = tuple(sorted(moved, key=_base_order))
        return out

    def _keeps_bases(self, move: Move) -> bool:
        """Whether the bases on the table stay where they are after ``move`` (not a placement):
        turning tiles keeps them, as do a swap and a replacement of play tiles only."""
        kind = type(move)
        if kind is Rotate or kind is Orient or kind is Skip or kind is Pass:
            return True
        is_play = self.tile_set.is_play
        table = self.table
        if kind is Swap:
            assert type(move) is Swap
            return is_play[_on_table(table, move.a)[0]] and is_play[_on_table(table, move.b)[0]]
        if kind is Replace:
            assert type(move) is Replace
            return is_play[_on_table(table, move.at)[0]] and is_play[move.tile]
        return False

    def _apply_other(self, move: Move, carry: Mapping[str, Any]) -> PnrzState:
        """The state after ``move`` (neither a placement nor a pick), made with the declared
        caches ``carry``."""
        if type(move) is MoveBase:
            key, _, _, rot = _on_table(self.table, move.src)
            kept = [t for t in self.table if (t[1], t[2]) != move.src]
            kept.append((key, move.dst[0], move.dst[1], rot))
            return self._end_turn(_sorted_table(kept), self.hands, drew=False, carry=carry)
        if type(move) is Rotate:
            return self._end_turn(
                self._set_rot(move.at, move.rot), self.hands, drew=True, carry=carry
            )
        if type(move) is Swap:
            ka, _, _, ra = _on_table(self.table, move.a)
            kb, _, _, rb = _on_table(self.table, move.b)
            swapped = _replaced(
                self.table,
                (kb, *move.a, canonical_rot(self.tile(kb).picture, rb)),
                (ka, *move.b, canonical_rot(self.tile(ka).picture, ra)),
            )
            return self._derive(carry, table=swapped, pending=("orient", move.a, move.b))
        if type(move) is Replace:
            taken = _on_table(self.table, move.at)[0]
            hand = list(self.hands[self.turn])
            hand.remove(move.tile)
            hand.append(taken)
            return self._derive(
                carry,
                table=_replaced(self.table, (move.tile, *move.at, 0)),
                hands=self._with_hand(self.turn, hand),
                pending=("orient", move.at),
            )
        if type(move) is Orient:
            oriented = self._set_rot(move.at, move.rot)
            rest = self.pending[2:]
            if rest:
                return self._derive(carry, table=oriented, pending=("orient", *rest))
            return self._end_turn(oriented, self.hands, drew=True, carry=carry)
        if type(move) is Skip:
            return self._end_turn(self.table, self.hands, drew=True, carry=carry)
        assert isinstance(move, Pass)
        return self._end_turn(self.table, self.hands, drew=False, carry=carry)

    def _apply_choose(self, move: Choose, carry: Mapping[str, Any]) -> PnrzState:
        """Take the character and its base; the last pick deals 3 tiles each from the stack
        (the next state is made with the declared caches ``carry``)."""
        p = self.turn
        n = self.n_players
        characters = list(self.characters)
        characters[p] = (*characters[p], move.character)
        hands = self._with_hand(p, [*self.hands[p], self.tile_set.base(move.character).id])
        picks = sum(map(len, characters))
        if picks < n * (2 if n == 2 else 1):
            return self._derive(carry, characters=tuple(characters), hands=hands, turn=(p + 1) % n)
        start = (p + 1) % n  # the picks went round from the start player an exact number of laps
        dealt = [list(h) for h in hands]
        draw = list(self.draw)
        for i in range(3 * n):
            dealt[(start + i) % n].append(draw.pop(0))
        chosen = {c for chars in characters for c in chars}
        aside = tuple(self.tile_set.base(c).id for c in CHARACTERS if c not in chosen)
        return self._derive(
            carry,
            characters=tuple(characters),
            hands=tuple(tuple(sorted(h)) for h in dealt),
            draw=tuple(draw),
            aside=aside,
            turn=start,
            picking=False,
        )

    def _apply_place(self, move: Place) -> PnrzState:
        p = self.turn
        hand = list(self.hands[p])
        hand.remove(move.tile)  # (hands are kept sorted: still sorted)
        table = _with_tile(self.table, (move.tile, move.at[0], move.at[1], move.rot))
        tile = self.tile(move.tile)
        # incremental candidates, cells and placed: only the new tile changes them (each made
        # when asked, :meth:`_candidate_codes`, :attr:`cells`, :attr:`placed`, but the cells at
        # once when this state has them); sections from this state's (``_sections_from``)
        anchors = self._anchor_code_set.copy()
        anchors[shared_code(anchor_code(move.at))] = None
        link = (self, (move.at,))  # (what the move changed, one tuple for every link)
        carry: dict[str, Any] = {
            "_table_from": link,
            "_anchor_code_set": anchors,
            "_codes_after": link,
            "_sections_from": link,
        }
        base = tile.base_of  # (worked out from the tile's first quadrant: read once)
        bases = self._recall("_bases")
        if bases is not None:
            if base is not None:  # one more base, in the table's order
                bases = (*bases, (move.at, base))
                bases = tuple(sorted(bases, key=_base_order))
            carry["_bases"] = bases
        if self._recall("_group_size") == len(self.table):
            # one full-edge group plus a tile joined by a full edge: still one group
            carry["_group_size"] = len(self.table) + 1
        known: dict[Cell, str] | None = self._recall("cells")
        if known is not None:  # a line whose cells are read (a search's): made now, as asked
            cells = known.copy()
            x, y = move.at
            cells[x, y], cells[x + 1, y], cells[x + 1, y + 1], cells[x, y + 1] = rotated(
                tile.quads, move.rot
            )  # the footprint's cells: NW, NE, SE, SW
            carry["cells"] = cells
        if tile.icon is not None:
            hands = list(self.hands)
            hands[p] = tuple(hand)
            return self._derive(carry, table=table, hands=tuple(hands), pending=(tile.icon,))
        drew = base is None or bool(self.opts.draw_after_base)
        return self._end_turn(table, self.hands, drew=drew, carry=carry, hand=hand)

    def _set_rot(self, at: Cell, rot: int) -> tuple[Placed, ...]:
        """The table with the tile at ``at`` (found by its place in the table's order) turned."""
        table = self.table
        i = bisect.bisect_left(table, (at[1], at[0]), key=_BY_ANCHOR)
        key, x, y, _ = table[i]
        assert (x, y) == at, "a tile is turned only where there is one"
        turned = (key, x, y, canonical_rot(self.tile(key).picture, rot))
        return (*table[:i], turned, *table[i + 1 :])

    def _with_hand(self, player: int, hand: list[str]) -> tuple[tuple[str, ...], ...]:
        hands = list(self.hands)
        hands[player] = tuple(sorted(hand))
        return tuple(hands)

    def _end_turn(
        self,
        table: tuple[Placed, ...],
        hands: tuple[tuple[str, ...], ...],
        *,
        drew: bool,
        carry: Mapping[str, Any] | None = None,
        hand: list[str] | None = None,
    ) -> PnrzState:
        """Draw (if the turn played a play tile), advance the final lap, pass the turn on;
        ``carry``: the declared caches the next state is made with (see ``_derive``); ``hand``:
        the mover's hand when the turn changed it (a list of its own, to draw into), then
        ``hands[turn]`` is not read (the hands are built once)."""
        p = self.turn
        draw = self.draw
        if drew and draw:
            if hand is None:
                hand = list(hands[p])
            bisect.insort(hand, draw[0])  # (hands are kept sorted)
            draw = draw[1:]
        if hand is not None:
            with_hand = list(hands)
            with_hand[p] = tuple(hand)
            hands = tuple(with_hand)
        final = self.final_left
        if final is not None:
            final -= 1
        elif not draw:
            everyone = self.opts.final_round == "everyone"
            final = self.n_players if everyone else self.n_players - 1
        turn = 0 if final == 0 else (p + 1) % self.n_players
        return self._derive(
            carry,
            table=table,
            hands=hands,
            draw=draw,
            pending=(),
            final_left=final,
            turn=turn,
        )

    # ------------------------------------------------------------------ explaining
    def _why_illegal(self, move: Move) -> str:
        names = self.rules.player_names(self.players)
        who = names[self.turn]
        action_moves = (Rotate, Swap, Replace, Orient, Skip)
        if self.picking:
            if not isinstance(move, Choose):
                return (
                    f"the players first choose their characters, one pick each in turn order "
                    f"(PN15): {who} must choose one of "
                    f"{', '.join(c for c in CHARACTERS if c not in self.owner)}"
                )
            return (
                f"{move.character} is already chosen by {names[self.owner[move.character]]}; "
                "each character has one player"
            )
        if isinstance(move, Choose):
            return "characters are chosen before the first tile, not during play (PN15)"
        if self.pending:
            kind = self.pending[0]
            if kind == "orient" and not isinstance(move, Orient):
                return (
                    f"{who} must first choose the orientation of the tile at {_xy(self.pending[1])}"
                )
            if kind != "orient" and not isinstance(move, action_moves):
                return (
                    f"{who} has a pending {_ACTION_NAMES[kind]} action: take it or skip it "
                    "before anything else (the extra action comes before the draw)"
                )
        elif isinstance(move, action_moves):
            return (
                f"{move} is an extra action, but none is pending: only the icon of the tile "
                "played from hand this turn grants one (PN8)"
            )
        if isinstance(move, Place):
            return self._why_place(move, who)
        if isinstance(move, MoveBase):
            return self._why_base(move, who)
        if isinstance(move, Pass):
            return f"{who} cannot pass: passing is only allowed when nothing can be done"
        if isinstance(move, Orient):
            if self.pending[0] != "orient":
                return (
                    f"{move} orients a tile after Swap or Replace; now the pending action is "
                    f"{_ACTION_NAMES[self.pending[0]]}"
                )
            if move.at != self.pending[1]:
                return f"the tile to orient now is the one at {_xy(self.pending[1])}"
            return f"rotation r{move.rot} shows the same picture as a smaller rotation"
        if isinstance(move, action_moves) and type(move).__name__.lower() != self.pending[0]:
            return (
                f"{move} is a {type(move).__name__} action, but the tile played shows "
                f"{_ACTION_NAMES[self.pending[0]]}"
            )
        return self._why_action(move)

    def _why_place(self, move: Place, who: str) -> str:
        p = self.turn
        if move.tile not in self.hands[p]:
            return f"tile {move.tile} is not in {who}'s hand"
        tile = self.tile(move.tile)
        if move.rot != canonical_rot(tile.picture, move.rot):
            return f"r{move.rot} shows the same picture as a smaller rotation of {move.tile}"
        problem = placement_problem(move.at, self.placed, self.cells, self._aligned)
        return problem or f"{move} is not legal here"

    def _why_base(self, move: MoveBase, who: str) -> str:
        found = self.placed.get(move.src)
        if found is None:
            return f"there is no tile at {_xy(move.src)}"
        base = self.tile(found[0]).base_of
        if base is None:
            return f"the tile at {_xy(move.src)} is not a base; only a base may be moved"
        if self.owner.get(base) != self.turn:
            return (
                f"the {base} base at {_xy(move.src)} is not {who}'s; only an own base may be moved"
            )
        if move.src == move.dst:
            return "moving a base means putting it somewhere else"
        anchors = set(self.placed) - {move.src}
        gone = set(footprint(move.src))
        occupied = {c for c in self.cells if c not in gone}
        problem = placement_problem(move.dst, anchors, occupied, self._aligned)
        if problem:
            return problem
        return (
            f"after moving the base to {_xy(move.dst)} the tiles would not all be joined by full "
            "edges (PN7)"
        )

    def _why_action(self, move: Move) -> str:
        opts = self.opts
        if isinstance(move, Rotate):
            found = self.placed.get(move.at)
            if found is None:
                return f"there is no tile at {_xy(move.at)} to rotate"
            if opts.rotate_excludes_opponent_base and self._opponent_base(found[0]):
                return "an opponent's base may not be rotated (rotate_excludes_opponent_base)"
            return f"rotate must turn the tile at {_xy(move.at)} to a different picture"
        if isinstance(move, Swap):
            for at in (move.a, move.b):
                if at not in self.placed:
                    return f"there is no tile at {_xy(at)} to swap"
            if move.a == move.b:
                return "a swap needs two different tiles"
            return "an opponent's base may not be swapped (swap_excludes_opponent_base)"
        if isinstance(move, Replace):
            found = self.placed.get(move.at)
            if found is None:
                return f"there is no tile at {_xy(move.at)} to replace"
            if self._opponent_base(found[0]):
                return "Replace may take any tile except an opponent's base (PN11)"
            if move.tile not in self.hands[self.turn]:
                return f"tile {move.tile} is not in the hand"
            if move.tile == found[0]:
                return "the tile put down must be a different one (PN11)"
            return "a base from hand may not be put down by Replace (replace_allows_base_from_hand)"
        return f"{move} is not legal here"


@functools.lru_cache(maxsize=256)
def _owners(characters: tuple[tuple[str, ...], ...]) -> dict[str, int]:
    """Character → player, shared by every state with these characters."""
    return {c: p for p, chars in enumerate(characters) for c in chars}


_SECTION_CHAIN = 16
"""How many moves back a state looks for an ancestor that knows its sections."""

_TABLE_CHAIN = 16
"""How many moves back a state looks for an ancestor that knows its cells (a search replays
its tree's lines on fresh samples, whose states are seldom asked)."""

_PLACED_CHAIN = 2
"""How many moves back a state looks for an ancestor that knows its tiles by anchor: an extra
action's steps ask for them (one after the other), plain turns do not, so a longer look back
mostly finds nothing."""

_RING: tuple[Cell, ...] = ((0, -2), (2, -2), (2, 0), (2, 2), (0, 2), (-2, 2), (-2, 0), (-2, -2))
"""The 8 anchors around a tile, N first, clockwise; even places are its full-edge neighbours."""
_RING_BITS: tuple[tuple[int, int], ...] = tuple(
    (anchor_code(offset), 1 << i) for i, offset in enumerate(_RING)
)
"""The ring as anchor-code offsets, each with its bit."""


def _ring_joins(mask: int) -> bool:
    """Whether the tiles around a tile (bit ``i`` of ``mask``: one at ``_RING[i]``) that share
    a full edge with it are joined along the ring (ring neighbours share a full edge)."""
    ring = [bool(mask >> i & 1) for i in range(8)]
    if sum(ring[0::2]) < 2 or all(ring):
        return True  # a table that is one group stays one without a tile hanging on it
    start = ring.index(False)
    run = 0
    runs = set()
    for i in range(start + 1, start + 9):
        if ring[i % 8]:
            if not ring[(i - 1) % 8]:
                run += 1
            if i % 2 == 0:  # a full-edge neighbour of the tile, in this run of the ring
                runs.add(run)
    return len(runs) == 1


_RING_JOINED: tuple[bool, ...] = tuple(_ring_joins(mask) for mask in range(256))
"""``_ring_joins`` of every ring: the test of a base is one look-up."""

_EDGE_CODES: tuple[int, ...] = tuple(map(anchor_code, FULL_EDGE))
"""The 4 full-edge neighbours of an anchor as anchor-code offsets (N, E, S, W)."""

_FULL_EDGE_BITS = 0b01010101
"""The bits of a ring mask that are full-edge neighbours (the even places of ``_RING``)."""

_LEAF_TESTS: tuple[tuple[int, int, int], ...] = tuple(
    (anchor_code(_RING[i]), 1 << i, 1 << (i - 1) % 8 | 1 << (i + 1) % 8) for i in (0, 2, 4, 6)
)
"""Per full-edge neighbour: its anchor-code offset, its ring bit and the ring bits of its two
other neighbours on the ring (its third, beyond it, is at twice its offset)."""


def _overlaps_lifted(dx: int, dy: int) -> bool:
    """Whether an anchor at this offset from a tile's anchor overlaps that tile."""
    return abs(dx) <= 1 and abs(dy) <= 1


_FREED_SPOTS: tuple[tuple[int, tuple[int, ...], tuple[int, ...], int], ...] = tuple(
    (
        sum(
            bit
            for (rx, ry), (_, bit) in zip(_RING, _RING_BITS, strict=True)
            if abs(rx - dx) <= 1 and abs(ry - dy) <= 1
        ),
        tuple(
            anchor_code((dx + i, dy + j))
            for i in (-1, 0, 1)
            for j in (-1, 0, 1)
            if not _overlaps_lifted(dx + i, dy + j) and (dx + i, dy + j) not in _RING
        ),
        tuple(
            anchor_code((dx + ex, dy + ey))
            for ex, ey in FULL_EDGE
            if not _overlaps_lifted(dx + ex, dy + ey)
        ),
        anchor_code((dx, dy)),
    )
    for dx in (-1, 0, 1)
    for dy in (-1, 0, 1)
    if dx or dy
)
"""The 8 anchors overlapping a tile's own spot, each with (as anchor-code offsets from the
tile's anchor, or ring bits) the anchors of the tiles that could overlap it once the tile is
lifted (those that would not overlap the lifted tile as well): the ones on the ring
(``_RING_BITS``) and the others; its full-edge neighbours that could hold a tile (not one that
overlaps the lifted tile); and itself. Lift the tile, and the anchor is free when none of the
first are on the table, and a candidate when one of its neighbours is."""

_OPEN_SIDES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((offset, 2 * offset) for offset, bit, sides in _LEAF_TESTS if not mask & (bit | sides))
    for mask in range(256)
)
"""Per ring mask (:meth:`PnrzState._ring_mask`): the full-edge spots beside a tile that are
free with no tile beside them on the ring (``_LEAF_TESTS``), each as its anchor-code offset and
that of the anchor beyond it, the one other tile that could touch it: the spots the tile alone
may make candidates, found by one look-up instead of a test of each side."""

_UNBLOCKED_SPOTS: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...], ...] = tuple(
    tuple(
        (overlapping, around, offset)
        for blocking, overlapping, around, offset in _FREED_SPOTS
        if not mask & blocking
    )
    for mask in range(256)
)
"""Per ring mask: the entries of ``_FREED_SPOTS`` whose anchor no tile on the ring overlaps
(the others stay taken once the tile is lifted), without their ring bits."""

_FOOTPRINT_CACHES = ("candidates", "_codes", "_codes_after", "_group_size", "_anchor_code_set")
"""The declared caches that follow from the tiles' footprints alone: a rotation, swap or
replacement keeps them."""

_DIRECT = frozenset({Place, MoveBase, Skip, Swap, Rotate, Orient})
"""The kinds of move whose legality ``is_legal`` decides without building the move list."""


_BY_ANCHOR = operator.itemgetter(2, 1)
"""The table's order: by anchor row (y), then column (x)."""

_BY_COLUMN = operator.itemgetter(1, 2)
"""The anchors' own order (by column, then row), in which extra actions list the tiles."""


def _one(code: int) -> Callable[[Mapping[int, Any]], tuple[Any, ...]]:
    """For a single code, what ``itemgetter(*codes)`` is for several: the row's values as a
    tuple (``itemgetter`` of one key returns the bare value)."""
    return lambda row: (row[code],)


def _base_order(entry: tuple[Cell, str]) -> tuple[int, int]:
    """The table's order (by anchor row, then column) of a ``_bases`` entry (anchor, base)."""
    return entry[0][1], entry[0][0]


def _sorted_table(table: list[Placed]) -> tuple[Placed, ...]:
    return tuple(sorted(table, key=_BY_ANCHOR))


def _replaced(table: tuple[Placed, ...], *tiles: Placed) -> tuple[Placed, ...]:
    """The sorted table with the tiles at the anchors of ``tiles`` replaced by them (each found
    by its place in the table's order, not by a scan)."""
    out = list(table)
    for tile in tiles:
        out[bisect.bisect_left(out, (tile[2], tile[1]), key=_BY_ANCHOR)] = tile
    return tuple(out)


def _tile_at(table: tuple[Placed, ...], at: Cell) -> Placed | None:
    """The tile of the sorted table at anchor ``at`` (found by its place in the table's
    order), or ``None``."""
    x, y = at
    i = bisect.bisect_left(table, (y, x), key=_BY_ANCHOR)
    if i < len(table) and table[i][1] == x and table[i][2] == y:
        return table[i]
    return None


def _on_table(table: tuple[Placed, ...], at: Cell) -> Placed:
    """The tile at anchor ``at`` of the sorted table, where a legal move says there is one."""
    found = _tile_at(table, at)
    assert found is not None, "a legal move names a tile on the table"
    return found


def _with_tile(table: tuple[Placed, ...], tile: Placed) -> tuple[Placed, ...]:
    """The sorted table with one more tile, inserted in place (the rest is sorted already)."""
    out = list(table)
    bisect.insort(out, tile, key=_BY_ANCHOR)
    return tuple(out)


_LETTER = {"pirate": "P", "ninja": "N", "robot": "R", "zombie": "Z"}
_QUAD_TEXT: dict[str, str] = {
    **{c: f"{_LETTER[c]}." for c in CHARACTERS},
    **{BONUS[c]: f"{_LETTER[c]}*" for c in CHARACTERS},
    **{BASES[c]: f"{_LETTER[c]}#" for c in CHARACTERS},
    **{ENEMY[c]: f"{_LETTER[c]}!" for c in CHARACTERS},
}


def _quad_text(code: str | None) -> str:
    """Two characters for a quadrant: ``P.`` pirate, ``P*`` chest, ``P#`` base, ``P!`` kraken."""
    return "  " if code is None else _QUAD_TEXT[code]
