r"""Pirates, Ninjas, Robots & Zombies (Mike Richie, Rather Dashing Games): the rule engine.

Rules in brief (the engine's reading, RULINGS 5.2)
--------------------------------------------------
Each player owns one character (two in a 2-player game) among pirate, ninja, robot and zombie,
holds 3 play tiles plus their own base tile(s), and lays square tiles of four quadrants to build
one table. On a turn a player does exactly one of:

1. play a play tile from hand (at least one full shared edge with a placed tile), optionally take
   the extra action of its centre icon (Rotate, Swap or Replace), then draw one tile;
2. play an own base from hand, then draw one tile (PN6, revised: the seed's turn is "either
   playing 1 tile from their hand to the table or playing a Base Tile. At the end of a player's
   turn, they draw another Tile"; ``draw_after_base = false`` keeps the older no-draw reading);
3. move an own base already on the table (no draw; afterwards all tiles must still be joined by
   full edges, PN7).

A player who can do none of these passes. After the turn in which the stack runs out, every player
has one final turn, the one who drew last included (PN12); then the game is scored (in a
position set up with an empty stack, the first turn that ends starts the final lap).

A section of a character is a group of its territory quadrants (the character, its bonus item, its
base) joined by shared quadrant edges, across tile borders and half-offset contacts too, never
diagonally; it is worth 1 per character, 3 per bonus item and 5 for the base. A character or bonus
quadrant touching its arch-enemy (pirate–kraken, ninja–dragon, robot–military, zombie–hunter) by an
edge scores 0 but still joins the section (PN5). Each character scores its best section; a player
adds their characters; the highest total wins, ties share the win (PN14). ``state.scores`` is the
tally if the game ended now, and ``state.sections()`` gives each character's best section and
value.

The quadrant lattice and anchors
--------------------------------
Positions are quadrant cells ``(x, y)``, ``y`` growing southward. A tile *anchored* at ``(x, y)``
(its NW quadrant) covers four cells; quadrants are listed NW, NE, SE, SW (clockwise) and ``rot``
counts quarter turns clockwise (NW content moves to NE)::

          x:  0    1    2    3    4
        y=0 +----+----+----+----+
            | NW | NE | NW | NE |      tile A at 0,0     tile B at 2,0
        y=1 +----+----+----+----+      (A and B share a full edge)
            | SW | SE | SW | SE |
        y=2 +----+----+----+----+----+
                 | NW | NE |              tile C at 1,2: only half an edge with A and B,
        y=3      +----+----+              so C alone may not be played there

A new tile must cover no occupied quadrant and have a placed anchor at ``(x±2, y)`` or
``(x, y±2)`` (a full edge); further half-edge or corner contact is allowed. The very first tile
goes at ``0,0`` (the table is translation-invariant). Note that from a single start every tile
placed by this rule lands on the same parity class, so half-offset tiles appear only in positions
set up by hand; scoring and placement still handle them exactly.

Notation (round-trips through ``rules.parse_move``)
---------------------------------------------------
=========================  ========================================================
``05 at 2,0 r1``           play tile 05 at anchor 2,0 turned once clockwise
``base:pirate at 0,2 r0``  play an own base from hand
``~pirate/pirate/ninja/kraken at 2,0 r3``  an inline tile (synthetic id from its content)
``base 0,0 to 4,0``        move the own base at 0,0 to anchor 4,0
``rotate 2,0 r3``          Rotate action: the tile at 2,0 turned to rotation 3
``swap 0,0 with 2,0``      Swap action, then ``orient 0,0 rN`` and ``orient 2,0 rN``
``replace 2,0 with 17``    Replace action, then ``orient 2,0 rN``
``skip`` / ``pass``        decline the extra action / nothing can be done
=========================  ========================================================

Extra actions are separate moves of the same player after the placement, so ``legal_moves()``
stays small: Rotate is one move per tile and new rotation; Swap is one move per pair of tiles and
then one ``orient`` step per swapped tile (keeping the rotation is one of the choices); Replace is
one move per (tile on the table, tile in hand) and then one ``orient`` step. Rotations are
absolute (as in JSON ``rot``); tiles whose picture repeats under rotation (e.g. bases) use the
smallest rotation only. ``move.targets``: a tile in hand by its id (``"05"``, ``"base:pirate"``,
``"~pirate/…"``), a table position by its anchor tuple; play → ``(tile, anchor)`` (the
orientations share these), base move → ``(from, to)``, rotate/orient → ``(anchor,)``, swap →
``(a, b)`` (any order), replace → ``(anchor, tile)``, skip/pass → ``()``.

Set-up and characters
---------------------
``new(players, seed)`` picks a start player at random and shuffles the stack. With ``choose =
pick`` (default; PN15, *Inferred*: the seed only says "Choose your character(s)!") the game opens
with a set-up phase: players take characters one ``choose <character>`` move at a time, in turn
order from the start player (2 players: A, B, A, B; 3–4 players: one each), each pick taking the
character's base into hand. Picks are public. After the last pick the 4th base of a 3-player
game is set aside (``aside``) and that character stays unowned, 3 play tiles are dealt to each
player from the top of the stack (from the start player round), and the start player lays the
first tile. ``choose = random`` skips the picks: characters are dealt at random from the seed and
the game starts with the tiles dealt. ``observation(p)`` masks other hands, the stack and the
seed (lists of ``null`` of the right length).

Options (``ftwkit.rules("pnrz", **options)``; defaults = RECOMMENDED rulings)
------------------------------------------------------------------------------
``grid`` (PN1: ``offset`` | ``aligned``), ``quadrant_count`` (PN3: ``one`` | ``printed``; with
``printed`` a character quadrant scores the per-quadrant ``counts`` of its tile, a bonus item
keeps its 3; the shipped set gives no counts), ``bonus_also_character`` (PN4), ``negation`` (PN5:
``per_quadrant`` | ``per_enemy_minus_one``), ``negated_breaks_section`` (PN5),
``base_negatable`` (PN5), ``draw_after_base`` (PN6: ``true`` = a base played from hand draws,
the seed's words, default; ``false`` = no draw, a review's reading), ``base_move_connectivity``
(PN7: ``full_edges`` | ``placement_only``), ``rotate_excludes_opponent_base`` (PN9),
``swap_excludes_opponent_base`` (PN10), ``replace_allows_base_from_hand`` (PN11),
``final_round`` (PN12: ``everyone`` | ``others_only``), ``tiebreak`` (PN14: ``shared`` |
``base_on_table``, invented), ``choose`` (PN15, *Inferred*: ``pick`` | ``random``), ``tile_set``
(5.4: ``reconstructed`` or the set's JSON data, a string or a dict; from Python also a
``pathlib.Path``, read at ``ftwkit.rules``; a string is never taken as a path, so a pasted
position or record cannot open a file; a tile may add ``"counts": [n_NW, n_NE, n_SE, n_SW]``,
and so may an inline tile in a position).

What is reconstructed
---------------------
Everything about tile contents: the 54 play tiles and 4 bases in ``tiles.json`` (RULINGS 5.4,
marked ``"reconstructed": true``), one character per quadrant, bonus items as territory worth 3,
bases as four base quadrants worth 5 once, and no icons on bases. Replace the data with
``tile_set=`` and the engine stays unchanged.

JSON position (API.md)::

    {"game": "pnrz", "players": 2, "to_play": 0,
     "characters": [["pirate", "ninja"], ["robot", "zombie"]],
     "tiles": [{"id": "01", "at": [0, 0], "rot": 0},
               {"quads": ["pirate", "chest", "ninja", "kraken"], "icon": null, "at": [2, 0]}],
     "hands": [["05", "base:pirate"], ["02", "base:robot", "base:zombie"]], "draw": ["12"],
     "aside": [], "pending": null, "final_turns": null, "seed": null, "phase": "play"}

``phase`` is ``"play"`` (the default, so a position with its characters given is in play) or
``"choose"`` during the picks: then ``characters`` holds the picks so far (they go in turn order
from the start player, so ``to_play`` tells who started), each hand holds just its picked bases,
``draw`` the whole stack, and ``tiles``/``aside`` are empty.

``pending`` is ``"rotate"``/``"swap"``/``"replace"`` while the extra action awaits, or
``{"orient": [[x, y], ...]}`` while swapped/replaced tiles await their orientation;
``final_turns`` counts the turns left in the final lap (``null`` before it starts, 0 = over).

>>> import ftwkit
>>> state = ftwkit.rules("pnrz").new(players=2, seed=3)
>>> state.status()
'Player 1 to choose a character'
>>> [str(m) for m in state.legal_moves()]
['choose pirate', 'choose ninja', 'choose robot', 'choose zombie']
>>> for pick in ("ninja", "pirate", "zombie", "robot"):
...     state = state.play(f"choose {pick}")
>>> state.status()
'Player 1 (ninja, zombie) to play; 48 tiles in the stack'
>>> str(state.legal_moves()[0])
'04 at 0,0 r0'
"""

from __future__ import annotations

from ftwkit.games.pnrz import notation as moves
from ftwkit.games.pnrz.editing import edit_tools
from ftwkit.games.pnrz.rules import PnrzOptions, PnrzRules
from ftwkit.games.pnrz.state import PnrzState
from ftwkit.registry import Catalogue, Game, NoteBook

RULES = PnrzRules
"""The rules class of the game."""

GAME = Game(
    rules=PnrzRules,
    renderer="ftwkit.render.pnrz",
    catalogue=Catalogue(
        ruling_prefix="PN",
        designer="Mike Richie",
        edition="Rather Dashing Games",
        summary=(
            "Square tiles split into four quadrants of pirates, ninjas, robots and zombies.\n"
            "In a two-player game each player plays two characters.\n"
            "\n"
            "* On your turn play a tile from your hand (at least one **full edge** against\n"
            "  the table; half offsets are allowed), play your base, or move your base.\n"
            "  Some tiles grant an extra **rotate**, **swap** or **replace** action. Then\n"
            "  draw.\n"
            "* At the end each of your characters scores its **best connected section**: 1\n"
            "  per character, 3 per bonus item, 5 for its base — but quadrants touching\n"
            "  their arch-enemy score nothing.\n"
            "\n"
            "The tile set is reconstructed (the published distribution is unknown), see the\n"
            "options.\n"
            "\n"
            "**In the explorer:** first each player picks characters in turn in the panel. Then\n"
            "click a tile in your hand: a see-through copy follows the pointer; turn it with\n"
            "*Rotate*, the R key or a click on the tile, and click where it goes. *View as*\n"
            "hides the other hands."
        ),
        players="2–4 players",
        tagline=(
            "Lay square tiles edge to edge, half offsets allowed, to grow the largest connected "
            "area of your characters while arch-enemies spoil your rivals' areas."
        ),
        notes=(
            NoteBook(
                "pnrz-arch-enemies-and-final-lap.ipynb",
                "Arch-enemies, half-edge contact and the final lap",
                (
                    "how an arch-enemy spoils an area, when a half edge counts as contact, and who "
                    "plays in the final lap."
                ),
            ),
        ),
    ),
    edit_tools=edit_tools,
)
"""PNRZ's registration: set up by placing tiles from hands or the stack, turning them, taking
them off (:mod:`.editing`); clicks read as moves in :mod:`.interaction`."""

__all__ = ["GAME", "RULES", "PnrzOptions", "PnrzRules", "PnrzState"]

MOVE_KINDS = (
    "choose a character",
    "place a tile",
    "place a base",
    "move a base",
    "Rotate (extra action)",
    "Swap (extra action)",
    "Replace (extra action)",
    "orient a tile (after Swap or Replace)",
    "skip the extra action",
    "pass",
)
"""The kinds of move a balance study counts (``Results.usage``): placements, base moves, each
extra action."""


_KIND_OF_CLASS: dict[type, str] = dict(
    zip(
        (
            moves.Choose,
            moves.MoveBase,
            moves.Rotate,
            moves.Swap,
            moves.Replace,
            moves.Orient,
            moves.Skip,
            moves.Pass,
        ),
        (MOVE_KINDS[0], *MOVE_KINDS[3:]),
        strict=True,
    )
)
"""The kind of every move class but ``Place`` (whose kind depends on the tile placed)."""


def move_kind(before: PnrzState, move: object, after: PnrzState) -> str:
    """The kind of ``move`` (one of :data:`MOVE_KINDS`)."""
    if isinstance(move, moves.Place):
        return MOVE_KINDS[2] if before.tile(move.tile).base_of is not None else MOVE_KINDS[1]
    for cls in type(move).__mro__:  # the class or a base of it, as isinstance would
        kind = _KIND_OF_CLASS.get(cls)
        if kind is not None:
            return kind
    raise ValueError(f"not a PNRZ move: {move!r}")


__all__ += ["MOVE_KINDS", "move_kind"]
