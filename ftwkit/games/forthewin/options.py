"""The variant switches of For the Win!: one field per ruling of RULINGS.md §1.3 (FW1–FW30).

Defaults are the RECOMMENDED readings; every field's docstring names the ruling it switches.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar, Literal

from ftwkit.options import Wording

__all__ = ["Options"]


@dataclasses.dataclass(frozen=True)
class Options:
    """For the Win! variant switches (``ftwkit.rules("forthewin", **switches)``)."""

    IN_WORDS: ClassVar[Mapping[str, Wording]] = {
        "grid_check": Wording(
            "FW1",
            "when the Grid must be in one piece: at the end of each turn and after every Shove; "
            "only at the end of each turn; after every single action",
        ),
        "connectivity": Wording(
            "FW2",
            'one linked group; or only "no tile on its own" (two separate groups allowed)',
        ),
        "tail_mode": Wording(
            "FW5",
            "the last player to finish a round takes ordinary turns; or all their remaining "
            "actions form one long turn",
        ),
        "allow_pass": Wording(
            "FW6",
            "no passing; or a player may give up the rest of the round's actions (house rule)",
        ),
        "max_rounds": Wording(
            "FW8",
            "engine safeguard: the game is a draw instead of starting round `max_rounds + 1`",
            values="**`None`** (off), 1 to 1,000,000",
        ),
        "win_needs_connected_grid": Wording(
            "FW9",
            "a win counts only while the Grid is in one piece; or even when it is split",
        ),
        "simultaneous_win": Wording(
            "FW10",
            "if both colours complete at once: the actor wins; nobody wins; the other player wins",
        ),
        "chain_bridges": Wording(
            "FW12",
            "the winning chain links face-up tiles only; or may also pass through your face-down "
            "tiles",
        ),
        "add_anywhere": Wording(
            "FW13",
            "an added tile must touch the Grid; or may go on any empty cell not touching your "
            "colour",
        ),
        "refresh_any": Wording(
            "FW16",
            "Refresh turns up your own tile; or any tile",
        ),
        "shove_needs_target": Wording(
            "FW17",
            "a Shove with nothing in front is allowed (it is a Move); or a Shove needs a tile in "
            "front",
        ),
        "shove_mode": Wording(
            "FW17",
            "the whole line in front moves; or only the one tile next to the shover",
        ),
        "ability_needs_effect": Wording(
            "FW19",
            "an ability may be used even if it changes nothing else; or it must change something",
        ),
        "grid_space": Wording(
            "FW20",
            "Ninja and Pirate send a tile next to some other tile; or to any empty cell",
        ),
        "zombie_infects_zombies": Wording(
            "FW22",
            "a Zombie may infect a Zombie (the printed rules); or not (the publisher's blurb)",
        ),
        "zombie_colour": Wording(
            "FW23",
            "the replacing Zombie is of the colour the actor picks; of the infected tile's owner; "
            "of the actor",
        ),
        "infected_fate": Wording(
            "FW24",
            "the infected tile goes back to its owner's supply; or leaves the game",
        ),
        "zombie_face": Wording(
            "FW25",
            "the replacing Zombie comes in face up; or with the infected tile's face",
        ),
        "start": Wording(
            "set-up",
            "the starting Monkeys meet on a side; or at a corner",
        ),
    }
    """Each switch in words, for the switches, the dashboards and the rule page's options table
    (``tools/option_tables.py`` writes ``docs/rules/forthewin.md``'s from here)."""

    grid_check: Literal["per_turn", "per_turn_all", "per_action_all"] = "per_turn"
    """FW1: when the Grid must be connected. ``per_turn``: at the end of each turn, and right after
    every Shove (its text says so); ``per_turn_all``: Shove too only at the end of the turn;
    ``per_action_all``: after every action (no splitting first action at all)."""

    connectivity: Literal["one_group", "no_isolated_tile"] = "one_group"
    """FW2: ``one_group``: all tiles form one 8-connected group; ``no_isolated_tile``: the literal
    "every tile touches another tile" (two separate blobs are allowed)."""

    tail_mode: Literal["turns", "one_extended_turn"] = "turns"
    """FW5: once the others have spent their 5 actions, ``turns``: the last player takes
    back-to-back turns of 1–2 actions; ``one_extended_turn``: all remaining actions are one turn
    with one Grid check at its end (engine simplification: while the Grid is split, the next
    single action must be able to rejoin it)."""

    allow_pass: bool = False
    """FW6: ``false`` (recommended; the seed: "the active player must take one or two actions"):
    no passing, and all 5 actions are used; a player with no legal action at all forfeits the
    round's remaining actions (that forfeit is *Invented*: the seed is silent). ``true``
    (house rule): a player may ``pass`` at the start of a turn, giving up the rest of the round's
    actions (and may end an extended tail turn early)."""

    max_rounds: int | None = dataclasses.field(
        default=None, metadata={"min": 1, "max": 1_000_000, "rule": "FW8"}
    )
    """FW8 (engine-only safeguard, not in any published rule): when set (1 to 1,000,000), the game
    ends in a draw instead of starting round ``max_rounds + 1``."""

    win_needs_connected_grid: bool = True
    """FW9: ``true`` (recommended, *Inferred*: the seed says the game ends "immediately" and also
    forbids ending a turn with the Grid split, so a win counts only while the Grid is connected
    and is re-checked after the second action); ``false``: a win ends the game even with the Grid
    split (so an action that completes a win may leave it split)."""

    simultaneous_win: Literal["active", "draw", "non_active"] = "active"
    """FW10 (*Invented*: the seed is silent on a double completion): when several colours complete
    the win by one action: ``active`` (recommended): the player who acted wins (with 3–4
    players, else the next in clockwise order); ``draw``: the game ends with no winner;
    ``non_active``: the next winning player clockwise after the one who acted."""

    chain_bridges: Literal["own_faceup", "own_facedown"] = "own_faceup"
    """FW12: the winning chain links only the player's own face-up tiles (``own_faceup``), or may
    also pass through the player's own face-down tiles (``own_facedown``)."""

    add_anywhere: bool = False
    """FW13: when true, Add may use any empty cell not touching an own tile (the engine offers
    cells within 2 of the Grid); the turn-end Grid rule still applies."""

    refresh_any: bool = False
    """FW16: when true, Refresh may turn up a face-down tile of any colour, not only your own."""

    shove_needs_target: bool = False
    """FW17: ``false`` (recommended): a Shove with nothing in front is the orthogonal Move it
    equals, listed once as that Move and judged as a Move (*Clarified*: the Grid check is the
    turn-end one, not FW1's per-Shove check); ``true``: a Shove needs a tile in front of the
    shover. Either way a second Shove in the same turn is a fresh push of whatever is ahead then
    (*Inferred*: "when the shove was initiated" refers to each push)."""

    shove_mode: Literal["line", "single"] = "line"
    """FW17: ``line`` (recommended; the seed's example and the publisher's "column/row"): the whole
    unbroken run ahead moves one cell; ``single``: only the one adjacent tile moves (the Shove is
    blocked if the cell beyond it is occupied)."""

    ability_needs_effect: bool = False
    """FW19: ``false`` (recommended, *Inferred*: the seed attaches no condition to activating an
    ability): a Monkey with no neighbour may still be activated (it just turns face down), and a
    Zombie may deactivate a face-down tile; ``true``: an ability that would change nothing but
    its own face is not allowed."""

    grid_space: Literal["in_grid", "any_empty"] = "in_grid"
    """FW20: where Ninja and Pirate may send a tile. ``in_grid``: an empty cell touching a tile
    other than the one moved; ``any_empty``: any empty cell (the engine offers cells within 2 of
    the Grid; connectivity decides)."""

    zombie_infects_zombies: bool = True
    """FW22 (revised): ``true`` (recommended; the seed: the Zombie "can infect any adjacent tile
    (friend or foe)"): a Zombie may infect a Zombie, which goes back to its owner's supply and is
    replaced by a face-up Zombie of the colour the actor picks from the Zombies that were already
    off the Grid before the infection (FW23). ``false`` (the old reading, from the publisher's
    blurb that the Zombie "turns non-zombies into zombies"): Zombies cannot be infected."""

    zombie_colour: Literal["either", "infected_owner", "actor"] = "either"
    """FW23: the replacing Zombie is any off-grid Zombie chosen by the actor (``either``), the
    infected tile's owner's (``infected_owner``) or the actor's own (``actor``)."""

    infected_fate: Literal["supply", "removed_from_game"] = "supply"
    """FW24: the infected tile goes back to its owner's supply, or leaves the game."""

    zombie_face: Literal["up", "inherit"] = "up"
    """FW25: the replacing Zombie enters face up, or takes the infected tile's face."""

    start: Literal["orthogonal", "diagonal"] = "orthogonal"
    """Setup (RULINGS 1.2): the starting Monkeys touch on a side (``orthogonal``) or, as the seed
    allows if players agree, at a corner (``diagonal``)."""
