"""For the Win! look-ahead: the first move that fills a join cell and passes a judge.

After a first action splits the Grid, the Grid rule asks whether some second action rejoins it
(FW1-FW3). Only moves that fill a join cell (:func:`~.grid_rule.join_cells`) can, and whether one
does depends only on the cell it empties and the cell it fills. :func:`first_judged_move` looks
for such a move from the join cells (which tiles can reach each; for the cells that need one
lone tile moved there, where that tile can go), instead of listing every action of every kind
the way :func:`~.actions.raw_candidates` lists them for a player to choose from: the look-ahead
needs only a yes or a no, and most of its searches find none.

It considers exactly the moves that :func:`~.actions.raw_candidates` lists with the same
``dests`` (Steps, Shoves, Alien pulls, Ninja jumps, Pirate blasts; Adds lift no tile and are
judged by the caller), in another order: a caller may rely on the answer being ``None`` iff no
such move passes the judge, not on which move is found first.
"""

from __future__ import annotations

from collections.abc import Callable

from ftwkit.games.forthewin.actions import SHOVE_DIRECTIONS, Board, Position, RawCandidate
from ftwkit.games.forthewin.moves import AlienPull, NinjaJump, PirateBlast, Shove, Step
from ftwkit.geometry.grid import KING, Cell

__all__ = ["first_judged_move"]

Judge = Callable[[Cell, Cell], bool]
"""Whether a move emptying the first cell and filling the second is the one looked for."""


def first_judged_move(
    pos: Position, dests: dict[Cell, Cell | None], judge: Judge
) -> RawCandidate | None:
    """A move the action rules offer in ``pos`` that fills a cell of ``dests``, emptying the
    cell it names there (``None``: any), for which ``judge(emptied, filled)`` holds; ``None``
    when there is none (every such move judged).

    ``dests`` are the join cells of ``pos``'s split Grid (:func:`~.grid_rule.join_cells`): a cell
    open to any tile touches every piece, so it is taken for a Grid space without asking.

    The cells open to any tile are looked at from the cell (which tiles can reach it), kind by
    kind in the order :func:`~.actions.raw_candidates` lists them; the cells that need one
    given tile moved there (all the cells touching the rest of the Grid, when that tile is cut
    off alone) from that tile (where it can go)."""
    board = pos.board
    mine = set(pos.own_up())
    aliens: list[Cell] = []
    ninjas: list[Cell] = []
    pirates: list[Cell] = []
    for cell in mine:
        kind = board[cell].kind
        if kind == "alien":
            aliens.append(cell)
        elif kind == "ninja":
            ninjas.append(cell)
        elif kind == "pirate":
            pirates.append(cell)
    anyone = [dest for dest, need in dests.items() if need is None]
    found: RawCandidate | None
    for dest in anyone:  # Steps: an own face-up tile next to ``dest``
        x, y = dest
        for dx, dy in KING:
            src = (x + dx, y + dy)
            if src in mine and judge(src, dest):
                return Step, (src, dest), src, dest
    single = pos.options.shove_mode == "single"
    for dest in anyone:
        found = _shove_into(board, mine, dest, single, judge)
        if found is not None:
            return found
    for alien in aliens:  # Alien pulls: any other tile to an empty cell next to her
        ax, ay = alien
        for dest in anyone:
            if abs(dest[0] - ax) <= 1 and abs(dest[1] - ay) <= 1:
                for tile in board:
                    if tile != alien and judge(tile, dest):
                        return AlienPull, (alien, tile, dest), tile, dest
    # Ninja jumps and Pirate blasts: a cell open to any tile touches every piece of the split
    # Grid, so two tiles at least: a Grid space for whichever tile is sent there (FW20)
    for ninja in ninjas:
        for dest in anyone:
            if judge(ninja, dest):
                return NinjaJump, (ninja, dest), ninja, dest
    for pirate in pirates:
        for tile in pos.neighbours(pirate):
            for dest in anyone:
                if judge(tile, dest):
                    return PirateBlast, (pirate, tile, dest), tile, dest
    if len(anyone) < len(dests):
        for need in {need for need in dests.values() if need is not None}:
            found = _moves_of(pos, need, dests, mine, aliens, judge)
            if found is not None:
                return found
    return None


def _moves_of(
    pos: Position,
    tile: Cell,
    dests: dict[Cell, Cell | None],
    mine: set[Cell],
    aliens: list[Cell],
    judge: Judge,
) -> RawCandidate | None:
    """The first move of the lone tile at ``tile`` to a cell of ``dests`` that needs it (each
    touching every piece of the Grid but that tile) that passes ``judge``: an Alien pull or a
    Ninja jump.

    No other move can bring it there: a Step ends next to the tile's cell, a Pirate blasts a
    tile next to him and a Shove pushes a tile ahead of the shover, but nothing touches a lone
    tile, and no such cell touches it."""
    for alien in aliens:
        if alien == tile:
            continue
        ax, ay = alien
        for dx, dy in KING:
            dest = (ax + dx, ay + dy)
            if dests.get(dest) == tile and judge(tile, dest):
                return AlienPull, (alien, tile, dest), tile, dest
    if tile in mine and pos.board[tile].kind == "ninja":
        for dest, need in dests.items():
            if need == tile and pos.is_space(tile, dest) and judge(tile, dest):
                return NinjaJump, (tile, dest), tile, dest
    return None


def _shove_into(
    board: Board,
    mine: set[Cell],
    dest: Cell,
    single: bool,
    judge: Judge,
) -> RawCandidate | None:
    """The first Shove filling ``dest`` that passes ``judge``: its shover stands in the unbroken
    run that ends next to ``dest``, two cells or more from it (one tile at least ahead of it;
    under ``single`` exactly two)."""
    x, y = dest
    for name, (dx, dy) in SHOVE_DIRECTIONS:
        ahead = (x - dx, y - dy)
        if ahead not in board:
            continue
        src = (ahead[0] - dx, ahead[1] - dy)
        while src in board:
            if src in mine and judge(src, dest):
                return Shove, (src, name), src, dest
            if single:
                break
            src = (src[0] - dx, src[1] - dy)
    return None
