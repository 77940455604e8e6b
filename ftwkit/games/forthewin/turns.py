"""Which action counters the order of turns can produce (FW4-FW7), for checking loaded positions.

A round goes from its first player round the table, skipping players who have used all 5
actions. A turn is 1 or 2 actions (FW4, FW6), or all the remaining ones in the extended tail of
``tail_mode = one_extended_turn`` (FW5); a player with no legal action forfeits the rest of the
round (FW6), and under ``allow_pass`` may pass at the start of a turn, which forfeits it too.

:func:`reachable_turns` lists every ``(actions_used, to_play, turn_actions)`` of a running round
with a given first player, whatever the board allows (any action may be possible, any player
may be unable to act): a superset of what play reaches, so a position outside it is impossible.
"""

from __future__ import annotations

import functools

from ftwkit.games.forthewin.state import ACTIONS_PER_ROUND, ACTIONS_PER_TURN

__all__ = ["reachable_turns"]

Turn = tuple[tuple[int, ...], int, int]
"""``(actions_used, to_play, turn_actions)`` of a running position."""


@functools.cache
def reachable_turns(players: int, first: int, extended_tail: bool) -> frozenset[Turn]:
    """Every running ``(actions_used, to_play, turn_actions)`` of a round that ``first`` opens.

    Args:
        players: 2 to 4.
        first: the round's first player.
        extended_tail: ``tail_mode = one_extended_turn`` (FW5).
    """
    full = ACTIONS_PER_ROUND

    def advance(used: tuple[int, ...], mover: int) -> Turn | None:
        for step in range(1, players + 1):
            nxt = (mover + step) % players
            if used[nxt] < full:
                return used, nxt, 0
        return None  # the round is over: the next one starts afresh

    def forfeit(used: tuple[int, ...], mover: int) -> Turn | None:
        return advance((*used[:mover], full, *used[mover + 1 :]), mover)

    start: Turn = ((0,) * players, first, 0)
    seen = {start}
    todo = [start]
    while todo:
        used, mover, turn = todo.pop()
        extended = extended_tail and all(u >= full for p, u in enumerate(used) if p != mover)
        after: list[Turn | None] = [forfeit(used, mover)]  # a pass, no legal action, the tail
        if turn >= 1:
            after.append(advance(used, mover))  # the turn ends
        if used[mover] < full:  # one more action
            acted = (*used[:mover], used[mover] + 1, *used[mover + 1 :])
            if acted[mover] >= full or (turn + 1 >= ACTIONS_PER_TURN and not extended):
                after.append(advance(acted, mover))
            else:
                after.append((acted, mover, turn + 1))
                after.append(forfeit(acted, mover))
        for nxt in after:
            if nxt is not None and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return frozenset(seen)
