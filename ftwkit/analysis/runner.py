"""Playing the games of a study: seeds, seat rotation, one row per game, batches of games.

Everything here is plain Python with no pandas, so that a worker process (local or on a Dask
worker) imports little. A task is a :class:`Batch` of game numbers of one variant; running it
returns one row (a dict) per game. A game's row depends only on the study's ``seed``, the
variant's name and options, the game number, the agents and the ply cap — never on which batch,
process or machine played it — so a study's table is the same whatever executes it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import traceback
from collections.abc import Mapping, Sequence
from typing import Any

import ftwkit
from ftwkit import agents as agents_mod
from ftwkit.protocol import State

__all__ = [
    "DEFAULT_MAX_PLIES",
    "AgentSpec",
    "Batch",
    "agent_label",
    "derive_seed",
    "normalise_agents",
    "play_game",
    "run_batch",
    "seat_agents",
]

DEFAULT_MAX_PLIES = 1000
"""The ply cap when ``max_plies=None``: a game still running after this many moves is stopped,
counted as a timeout and reported as a rule hole (random For the Win! games often never end)."""

AgentSpec = tuple[str, tuple[tuple[str, Any], ...]]
"""An agent as ``(name, sorted params)``: hashable, picklable, printable."""


def derive_seed(*parts: Any) -> int:
    """A 63-bit seed from a tuple of ints and strings, stable across processes and machines.

    Python's ``hash()`` of strings changes from one interpreter to the next, so the seed is a
    BLAKE2 digest of the tuple's ``repr`` instead.

    >>> derive_seed(0, "default", 3) == derive_seed(0, "default", 3)
    True
    """
    digest = hashlib.blake2b(repr(parts).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def normalise_agents(specs: Sequence[Any]) -> tuple[AgentSpec, ...]:
    """Agent specs (a name, or ``(name, params)``) as hashable ``(name, sorted params)`` pairs.

    Raises:
        ValueError: a spec of the wrong shape, an unknown agent or an unknown parameter (checked
            by building the agent once, so a study fails before any game is played).
    """
    if isinstance(specs, str):
        raise ValueError(
            "agents must be a sequence of specs, one per seat, e.g. ('mcts', 'random')"
        )
    out: list[AgentSpec] = []
    for spec in specs:
        if isinstance(spec, str):
            name, params = spec, {}
        elif (
            isinstance(spec, Sequence)
            and len(spec) == 2
            and isinstance(spec[0], str)
            and isinstance(spec[1], Mapping)
        ):
            name, params = spec[0], dict(spec[1])
        else:
            raise ValueError(f"an agent is a name or (name, params), not {spec!r}")
        agents_mod.make(name, seed=0, **params)  # validates name and parameters
        out.append((name, tuple(sorted(params.items()))))
    if not out:
        raise ValueError("agents: give one agent spec per seat")
    return tuple(out)


def agent_label(spec: AgentSpec) -> str:
    """A short readable name of an agent spec: ``"random"``, ``"mcts(iterations=200)"``."""
    name, params = spec
    if not params:
        return name
    return f"{name}({', '.join(f'{k}={v!r}' for k, v in params)})"


def seat_agents(n_agents: int, index: int) -> tuple[int, ...]:
    """Which agent (position in the ``agents`` list) sits in each seat in game ``index``.

    Seats rotate by one each game, so over any ``n`` consecutive games every agent plays every
    seat once.

    >>> [seat_agents(2, i) for i in range(3)]
    [(0, 1), (1, 0), (0, 1)]
    """
    return tuple((seat + index) % n_agents for seat in range(n_agents))


@dataclasses.dataclass(frozen=True)
class Batch:
    """One task: games ``indices`` of one variant, with everything needed to play them."""

    game: str
    variant: str
    options: tuple[tuple[str, Any], ...]
    agents: tuple[AgentSpec, ...]
    players: int
    seed: int
    indices: tuple[int, ...]
    max_plies: int

    @property
    def keys(self) -> tuple[tuple[str, int], ...]:
        """The ``(variant, index)`` keys of the games in this batch."""
        return tuple((self.variant, i) for i in self.indices)


def _turns(to_play: Sequence[int | None]) -> int:
    """Maximal runs of the same player to move (a For the Win! turn of two actions is one)."""
    turns = 0
    last: int | None = None
    for player in to_play:
        if player is not None and player != last:
            turns += 1
        last = player
    return turns


def _leaders(scores: Sequence[float]) -> frozenset[int]:
    best = max(scores)
    return frozenset(p for p, s in enumerate(scores) if s == best)


def _dynamics(
    evals: Sequence[Sequence[float]], winners: Sequence[int]
) -> tuple[int, float | None, float | None]:
    """Lead changes, drama and decisiveness of one game from its evaluation vectors.

    ``evals`` holds one vector (an evaluation per player) for every position before a move and
    one for the final position.

    * lead changes: how often the set of leading players changes from one position to the next
      (Ludii's *Lead Change* divides this by the number of moves);
    * drama: Ludii's *Drama (average)* — the mean over positions of how far the eventual
      winners' evaluation lies below the best evaluation (0 when a winner leads throughout);
    * decisiveness: Ludii's *Decisiveness Moves* — the share of the game's moves played before a
      winner's evaluation first exceeds the *decisiveness threshold*, the best evaluation any
      non-winner ever reached (1 when it never does).
    """
    changes = sum(
        1 for before, after in itertools.pairwise(evals) if _leaders(before) != _leaders(after)
    )
    if not winners or len(evals) < 2:
        return changes, None, None
    positions = evals[:-1]
    drama = sum(sum(max(e) - e[w] for w in winners) / len(winners) for e in positions) / len(
        positions
    )
    losers = [p for p in range(len(evals[0])) if p not in winners]
    threshold = max((e[p] for e in positions for p in losers), default=-1.0)
    moves = len(positions)
    decided = next(
        (i for i, e in enumerate(positions) if any(e[w] > threshold for w in winners)), moves
    )
    return changes, drama, decided / moves


def evaluations(state: State) -> tuple[float, ...]:
    """Every player's heuristic value of ``state`` (``state.evaluate``), seen by one observer.

    The observer is the study, which sees the whole position (hidden hands included); every
    position of a game is judged by the same observer, never by the player to move, so the
    leader does not flip with the turn (as a search agent's own estimates do).
    """
    return tuple(state.evaluate(p) for p in range(state.players))


def ranked_first(winners: Sequence[int], players: int, hole: str | None) -> tuple[int, ...]:
    """The players Ludii's dynamics metrics treat as top-ranked at the end of a game.

    A won game: its winners. A draw or a game stopped by the ply cap (a timeout, which Ludii
    scores as a draw): every player, all ranked equal. A game ended by an engine error or a
    stuck position has no result: ``()``.
    """
    if winners:
        return tuple(winners)
    if hole in (None, "cap"):
        return tuple(range(players))
    return ()


def play_game(batch: Batch, index: int) -> dict[str, Any]:
    """Play game ``index`` of a batch's variant and describe it as one results row.

    An engine exception or a running position with no legal move ends the game early; the row
    then names the rule hole (``hole`` = ``"error"`` or ``"stuck"``) and keeps the record up to
    the position where it happened. A game stopped by the ply cap has ``hole`` = ``"cap"``.
    """
    game_seed = derive_seed(batch.seed, batch.variant, index)
    seats = seat_agents(len(batch.agents), index)
    row: dict[str, Any] = {
        "variant": batch.variant,
        "index": index,
        "seed": game_seed,
        "players": batch.players,
        "agents": tuple(agent_label(batch.agents[a]) for a in seats),
        "seat_agents": seats,
    }
    rules = ftwkit.rules(batch.game, **dict(batch.options))
    state: State = rules.new(players=batch.players, seed=game_seed)
    players = [
        agents_mod.make(
            batch.agents[a][0],
            seed=derive_seed(batch.seed, batch.variant, index, "agent", seat),
            **dict(batch.agents[a][1]),
        )
        for seat, a in enumerate(seats)
    ]
    to_play: list[int | None] = []
    legal: list[int] = []
    history: list[tuple[float, ...]] = []  # every player's evaluation before each move
    hole: str | None = None
    error: str | None = None
    failing: str | None = None
    try:
        while not state.is_over and len(legal) < batch.max_plies:
            history.append(evaluations(state))
            player = state.to_play
            count = len(state.legal_moves())
            if player is None or count == 0:
                hole = "stuck"
                error = (
                    f"the game is not over but {'no player' if player is None else player} "
                    "is to move with no legal move"
                )
                break
            move = players[player].choose(state)
            failing = str(move)
            # Built-in agents return the engine's own moves (as in ftwkit.play): no re-check.
            nxt = state.play_unchecked(move)
            failing = None
            to_play.append(player)
            legal.append(count)
            state = nxt
    except Exception as err:  # an engine or agent bug is a finding, not a crash of the study
        hole = "error"
        frame = traceback.extract_tb(err.__traceback__)[-1]
        where = f"{frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}"
        error = f"{type(err).__name__}: {err} ({where})"
    capped = hole is None and not state.is_over
    if capped:
        hole = "cap"
        error = f"still running after {batch.max_plies} plies"
    scores = None if state.scores is None else tuple(state.scores)
    winners = tuple(state.winners) if state.is_over else ()
    changes: int | None = None
    drama: float | None = None
    decisive: float | None = None
    top = ranked_first(winners, state.players, hole)
    if top and history:
        history.append(evaluations(state))  # the final position closes the curve
        changes, drama, decisive = _dynamics(history, top)
    row.update(
        {
            "first": state.root.to_play,
            "winners": winners,
            "plies": len(legal),
            "turns": _turns(to_play),
            "capped": capped,
            "scores": scores,
            "legal": tuple(legal),
            "lead_changes": changes,
            "drama": drama,
            "decisiveness": decisive,
            "hole": hole,
            "error": error,
            "error_move": failing if hole == "error" else None,
            "record": ftwkit.record(state),
        }
    )
    return row


def run_batch(batch: Batch) -> list[dict[str, Any]]:
    """Play every game of a batch (the unit of work sent to a process or a Dask worker)."""
    return [play_game(batch, i) for i in batch.indices]
