"""For the Win! (Michael E. Eskue, TMG 2012): the rule engine.

The engine implements the canonical model of RULINGS.md §1.2 with the RECOMMENDED readings as
defaults; every other reading of the FW table is a switch of :class:`Options`.

Rules in brief
--------------
Each player owns 10 tiles: 2 Ninjas, Pirates, Monkeys, Zombies and Aliens. The game starts with
one Monkey of each colour on the Grid, touching on a side (``start = diagonal``: at a corner);
the first player is drawn from the seed (``seed=None``: White). Each round every player has 5
actions; the marker holder starts, turns alternate, and a turn is 1 or 2 actions (after one
action, play a second one or ``end``). A player whose opponent has spent all 5 takes back-to-back
turns; when everybody has spent 5 the counters reset and the marker passes on. Actions:

* ``add``: put a supply tile face up on an empty cell touching the Grid and touching no tile of
  your own colour (diagonals count).
* ``move``: one own face-up tile one step in any of 8 directions.
* ``refresh``: turn an own face-down tile face up.
* ``shove``: an own face-up tile and the unbroken run of tiles ahead of it move one cell n, e, s
  or w; the first gap stops the run. A shove with nothing in front *is* a move, and the engine
  lists it once, as the move.
* abilities (the tile then turns face down): Alien pulls any other tile to an empty cell touching
  her (the target's own cell is not empty, so she cannot spend the ability without moving a
  tile: FW18, *Clarified*); Monkey flips every touching tile, and may be activated with no
  neighbour (FW19, *Inferred*); Ninja jumps to any empty space in the Grid; Pirate blasts a
  touching tile to any empty space in the Grid; Zombie infects any touching tile, a Zombie
  included (FW22 as revised, following the seed's "any adjacent tile (friend or foe)"), which goes
  back to its owner's supply and is replaced by a face-up Zombie of either colour (actor's choice)
  taken from the Zombies already off the Grid before the infection — or, when no Zombie is off the
  Grid, turns a touching tile face down. ``zombie_infects_zombies = false`` keeps the old reading
  (the publisher's blurb: "turns non-zombies into zombies").

**The Grid rule**: at the end of every turn all tiles form one 8-connected group. A first action
may split it only if some second action this turn can rejoin it (so never with one action left);
``end`` is illegal while the Grid is split; a Shove must not itself split it (FW1). A Shove with
nothing in front is judged as the Move it equals, so the turn-end check applies to it (FW17,
*Clarified*), and a second Shove in a turn is a fresh push of whatever is ahead then (FW17,
*Inferred*). **Winning**: checked after every action; a player wins when five of their face-up
tiles of all five kinds are linked through each other and the Grid is connected (FW9, *Inferred*:
the seed's "immediately" reconciled with its ban on ending a turn with the Grid split). If one
action completes several colours, the player who acted wins (FW10, *Invented*: the seed is
silent); completing only the opponent's chain makes the opponent win.

A player with no legal action when a turn begins forfeits the round's remaining actions (FW6; the
forfeit is *Invented*, the seed is silent); if nobody can act for two rounds the game is drawn
(engine-only safeguard).

Coordinates
-----------
Cells are ``x,y`` on an unbounded grid, ``y`` growing downwards; directions are compass names::

         x: -1    0    1    2
    y: -1   nw    n   ne
        0    w  (0,0)  e
        1   sw    s   se

Notation
--------
========================================  ====================================================
``add pirate 2,1``                        add a Pirate from supply at (2,1)
``move 0,0 ne``                           move the tile at (0,0) one step north-east
``refresh 3,2``                           turn the tile at (3,2) face up
``shove 1,0 n``                           shove the tile at (1,0) and the run ahead north
``alien 1,1 pull 4,0 to 0,1``             the Alien at (1,1) pulls (4,0) to (0,1)
``monkey 0,0``                            the Monkey at (0,0) flips its neighbours
``ninja 2,2 to 5,1``                      the Ninja at (2,2) jumps to (5,1)
``pirate 1,0 blast 2,0 to 3,3``           the Pirate at (1,0) blasts (2,0) to (3,3)
``zombie 1,1 infect 2,1 white``           infect (2,1), replacing it with a White Zombie
``zombie 1,1 deactivate 2,1``             fallback: turn (2,1) face down
``end``                                   end the turn after one action
``pass``                                  give up the round's remaining actions (allow_pass)
========================================  ====================================================

``move.targets`` are the cells clicked: Add ``(cell,)``; Move ``(src, dst)``; Refresh
``(cell,)``; Shove ``(src, src+direction)``; Alien ``(alien, tile, dest)``; Monkey
``(monkey,)``; Ninja ``(ninja, dest)``; Pirate ``(pirate, tile, dest)``; Zombie infect and
deactivate ``(zombie, tile)``; end and pass ``()``.

Options (RULINGS §1.3)
----------------------
Labels as RULINGS gives them: *Invented* (not in the seed nor any source: FW6's forfeit, FW10),
*Inferred* (follows from the seed by reasoning: FW9, FW17's second Shove, FW19), *Clarified*
(FW17's empty Shove judged as a Move, FW18's Alien must move a tile), *Revised* (FW22: the
default now follows the seed). Each option's docstring says which reading each value is and
where it comes from.

``grid_check`` FW1, ``connectivity`` FW2, ``tail_mode`` FW5, ``allow_pass`` FW6, ``max_rounds``
FW8 (engine-only), ``win_needs_connected_grid`` FW9, ``simultaneous_win`` FW10,
``chain_bridges`` FW12, ``add_anywhere`` FW13, ``refresh_any`` FW16, ``shove_needs_target`` and
``shove_mode`` FW17, ``ability_needs_effect`` FW19, ``grid_space`` FW20,
``zombie_infects_zombies`` FW22, ``zombie_colour`` FW23 and FW26, ``infected_fate`` FW24,
``zombie_face`` FW25, ``start`` (setup). 3–4 players are the unofficial FW30 variant: colours
White, Black, Red, Blue, turns and the marker go clockwise (player order), a simultaneous win goes
to the active player, then the next clockwise; the start Monkeys stand in a row (or a diagonal).

JSON positions are as API.md says, plus ``players`` (default 2), ``round`` (default 1),
``removed`` (tiles out of the game, default ``[]``), ``over``/``winners`` (default running) and
``seed`` (default ``null``). ``turn_actions`` may exceed 1 only in an extended tail turn. Once
the game is over ``to_play`` is ``null`` (as API.md says) and ``acted_last`` names the player who
acted last (it decides FW10; optional on loading, older positions named them in ``to_play``).
A finished position must still be a possible one: its Grid connected (unless
``win_needs_connected_grid = false`` let a win end it split), and its winners exactly those the
engine's win check gives (one winner, or a draw by FW10's ``draw``, ``max_rounds`` or nobody able
to act). Coordinates are limited to ±10⁹ (engine bound), and under ``connectivity = one_group``
every tile must lie within 11 cells of the rest of the Grid (no turn can split it further), so a
lone tile at ``[1000000, 0]`` is refused; whatever loads prints and draws in size proportional to
its number of tiles (long empty stretches are shown as one break).

Loading settles a running position the way play would: if it already shows a completed chain on a
connected Grid the game is over at once (FW9–FW11, the player to play counting as the active
player when both colours complete), and if the player to play has no legal action they forfeit
the round's remaining actions (FW6), so ``to_play`` may differ from the JSON. A split Grid at the
start of a turn, or one that no action can rejoin this turn (FW3), is refused as impossible.

Hooks for search and the explorer
---------------------------------
``random_move(rng)`` draws uniformly over ``legal_moves()`` without building the list (rejection
sampling, :mod:`.playout`); ``random_move(rng, policy=True)`` is a rollout policy under which
seeded games end with a winner (100 of 100 within 400 plies, ``benchmarks/forthewin_bench.py``);
``evaluate(player)`` scores progress toward the win. ``notes()`` flags the tiles cut off from the
Grid mid-turn as the engine judges them under ``connectivity``, and ``explain_targets(cells)``
says in the rule's words why a click sequence starts no legal move (:mod:`.explain`).

>>> import ftwkit
>>> state = ftwkit.rules("forthewin").new(seed=1)
>>> [str(m) for m in state.legal_moves()][:3]
['add ninja -1,-1', 'add pirate -1,-1', 'add monkey -1,-1']
"""

from __future__ import annotations

from ftwkit.games.forthewin.editing import edit_tools
from ftwkit.games.forthewin.options import Options
from ftwkit.games.forthewin.rules import ForTheWinRules
from ftwkit.games.forthewin.state import ForTheWinState
from ftwkit.registry import Catalogue, Game, NoteBook

__all__ = ["GAME", "RULES", "ForTheWinRules", "ForTheWinState", "Options"]

RULES = ForTheWinRules
"""The rules class of the game."""

GAME = Game(
    rules=ForTheWinRules,
    renderer="ftwkit.render.forthewin",
    catalogue=Catalogue(
        ruling_prefix="FW",
        designer="Michael E. Eskue",
        edition="2011–2012",
        summary=(
            "Each player has two each of Ninja, Pirate, Monkey, Zombie and Alien tiles. Win\n"
            "by having one of each of your five characters **face up and in contact**\n"
            "(sides or corners) in one chain.\n"
            "\n"
            "* A round gives each player **5 actions**; a turn is **one or two** of them.\n"
            "  The first-player marker alternates every round.\n"
            "* Actions: **add** a tile from your supply (touching the Grid, not touching\n"
            "  your own colour), **move** a face-up tile one step, **refresh** (flip face\n"
            "  up) a tile, **shove** a row of tiles one step, or use a character's\n"
            "  **ability** (which flips it face down).\n"
            "* At the end of every turn the Grid must be **one connected group**. A first\n"
            "  action may split it only if the second joins it again.\n"
            "\n"
            "**In the explorer:** click a tile, then where it goes (or the tile it acts\n"
            "on); highlighted cells show what may come next. Actions without a click appear\n"
            "as buttons. Click somewhere that does not fit and the explorer says *why not*."
        ),
        players="2 players",
        tagline=(
            "Link one face-up Ninja, Pirate, Monkey, Zombie and Alien in a touching chain. Five "
            "actions a round, one or two a turn, and the Grid must be whole at every turn's end."
        ),
        notes=(
            NoteBook(
                "forthewin-grid-separation.ipynb",
                "Grid separation in two-action turns",
                "when may a first action split the Grid, and what must the second one do?",
            ),
        ),
    ),
    edit_tools=edit_tools,
)
"""For the Win!'s registration: set up by placing, flipping, re-owning and removing tiles
(:mod:`.editing`)."""

MOVE_KINDS = (
    "add a tile",
    "move a tile",
    "refresh a tile",
    "shove",
    "Alien pull",
    "Monkey flip",
    "Ninja jump",
    "Pirate blast",
    "Zombie infect",
    "Zombie deactivate",
    "end the turn after one action",
    "pass",
)
"""The kinds of move a balance study counts (``Results.usage``): each action and ability."""


def move_kind(before: ForTheWinState, move: object, after: ForTheWinState) -> str:
    """The kind of ``move`` (one of :data:`MOVE_KINDS`): the action or ability it spends."""
    from ftwkit.games.forthewin import moves as m

    classes: tuple[type, ...] = (m.Add, m.Step, m.Refresh, m.Shove, m.AlienPull, m.MonkeyFlip)
    classes += (m.NinjaJump, m.PirateBlast, m.ZombieInfect, m.ZombieDeactivate, m.EndTurn, m.Pass)
    for cls, kind in zip(classes, MOVE_KINDS, strict=True):
        if isinstance(move, cls):
            return kind
    raise ValueError(f"not a For the Win! move: {move!r}")


__all__ += ["MOVE_KINDS", "move_kind"]
