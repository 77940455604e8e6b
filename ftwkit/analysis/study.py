"""``simulate``: play many games per variant with the given agents, on any executor."""

from __future__ import annotations

import dataclasses
import itertools
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ftwkit
from ftwkit.agents.levels import study_agents
from ftwkit.analysis.execution import batch_size_for, stream, worker_count
from ftwkit.analysis.results import Results, frame
from ftwkit.analysis.runner import DEFAULT_MAX_PLIES, Batch, normalise_agents

__all__ = ["resumable_rows", "simulate"]


def _identity(study: Results) -> dict[str, Any]:
    """What makes two studies the same study (their rows may be pooled), in the words of an
    error message."""
    return {
        "game": study.game,
        "variants": {k: dict(v) for k, v in study.variants.items()},
        "agents": tuple(study.agents),
        "players": study.players,
        "seed": study.seed,
        "ply cap": study.max_plies,
    }


def resumable_rows(saved: Results, plan: Results) -> list[dict[str, Any]]:
    """The rows of ``saved`` that a new run of the study ``plan`` (its results before any game)
    may keep.

    Raises:
        ValueError: ``saved`` is the result of another study (naming what differs).
    """
    mine, theirs = _identity(plan), _identity(saved)
    differ = [key for key in mine if mine[key] != theirs[key]]
    if differ:
        detail = "; ".join(f"{k}: saved {theirs[k]!r}, asked {mine[k]!r}" for k in differ)
        raise ValueError(f"cannot resume: the saved results are of another study ({detail})")
    rows: list[dict[str, Any]] = saved.games.to_dict("records")
    return [r for r in rows if int(r["index"]) < plan.games_per_variant]


def _batches(plan: Results, size: int) -> list[Batch]:
    """The study ``plan``'s games in batches of at most ``size``, variants taking turns."""
    games = plan.games_per_variant
    per_variant = []
    for name, options in plan.variants.items():
        chunks = [
            Batch(
                game=plan.game,
                variant=name,
                options=tuple(sorted(options.items())),
                agents=tuple(plan.agents),
                players=plan.players,
                seed=plan.seed,
                indices=tuple(range(start, min(games, start + size))),
                max_plies=plan.max_plies,
            )
            for start in range(0, games, size)
        ]
        per_variant.append(chunks)
    # Round-robin over variants, so a partial (streamed or interrupted) study covers them all.
    return [b for group in itertools.zip_longest(*per_variant) for b in group if b is not None]


def simulate(
    game: str,
    *,
    variants: Mapping[str, Mapping[str, Any]] | None = None,
    agents: Sequence[Any] | None = None,
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    executor: Any = None,
    progress: bool = True,
    max_plies: int | None = None,
    batch_size: int | None = None,
    on_result: Callable[[Results], None] | None = None,
    stop: threading.Event | None = None,
    resume: Results | None = None,
    until: str = "all",
) -> Results:
    """Play ``games`` games of each variant with ``agents`` and return the results table.

    Args:
        game: a game id (``ftwkit.game_ids()``).
        variants: ``{name: {option: value}}``; default ``{"default": {}}``.
        agents: one spec per seat — an agent name or ``(name, params)``, e.g.
            ``("mcts", {"iterations": 200})``. Seats rotate by one each game, so every agent
            plays every seat equally often when ``games`` is a multiple of the player count.
            Default: the game's study-level searcher in every seat
            (:func:`ftwkit.agents.study_agent`: MCTS, information-set MCTS where hands are
            hidden, at the game's study budget) — skilled play, not random play.
        players: players per game; default ``len(agents)`` (one agent spec is used for every
            seat), or the game's smallest player count when ``agents`` is not given.
        games: games per variant.
        seed: the study's seed; game ``i`` of variant ``v`` (and its agents) is seeded from
            ``(seed, v, i)`` alone, so the table is identical whatever executes it.
        executor: ``None`` (a process pool over every core of this machine), any
            ``concurrent.futures.Executor`` (``ftwkit.analysis.SerialExecutor()`` plays in this
            process), or a ``dask.distributed.Client``.
        progress: show a progress bar (tqdm: a notebook bar in Jupyter, text in a terminal).
        max_plies: stop a game after this many plies (a timeout and a rule hole); ``None`` means
            :data:`~ftwkit.analysis.runner.DEFAULT_MAX_PLIES`.
        batch_size: games per task; default about four tasks per worker, at most 25 games.
        on_result: called with the results so far each time a task finishes (in the calling
            thread), e.g. to refresh a dashboard.
        stop: an event that stops the study when set (from another thread); finished games
            are kept and the results are marked ``interrupted``.
        resume: the results of an interrupted run of the same study (same game, variants,
            agents, players, seed and ply cap): its games are kept and only the missing ones
            are played. Each game's row depends only on the study and its number, so the
            table is the one an uninterrupted run gives.
        until: ``"all"`` plays ``games`` games per variant; ``"decided"`` plays in rounds and
            stops as soon as every comparison (each variant's first-seat win rate against the
            first variant's, or against an even share with one variant) is decided by a
            group-sequential test, ``games`` being the budget — see
            :mod:`ftwkit.analysis.sequential`; the results then carry ``decisions`` and
            ``verdict``.

    Returns:
        The results; on Ctrl-C (KeyboardInterrupt) the games finished so far, ``interrupted``.

    Raises:
        ValueError: an unknown game, option, agent or parameter, or a bad count.
    """
    if until == "decided":
        from ftwkit.analysis.sequential import until_decided

        return until_decided(
            game,
            budget=games,
            variants=variants,
            agents=agents,
            players=players,
            seed=seed,
            executor=executor,
            progress=progress,
            max_plies=max_plies,
            batch_size=batch_size,
            on_result=on_result,
            stop=stop,
            resume=resume,
        )
    if until != "all":
        raise ValueError(f"until must be 'all' or 'decided', not {until!r}")
    chosen = {"default": {}} if variants is None else {str(k): dict(v) for k, v in variants.items()}
    if not chosen:
        raise ValueError("variants: give at least one variant, e.g. {'default': {}}")
    rules = {name: ftwkit.rules(game, **options) for name, options in chosen.items()}
    if agents is None:
        first_rules = next(iter(rules.values()))
        count = first_rules.min_players if players is None else players
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ValueError(f"players must be a positive int, not {players!r}")
        agents = study_agents(game, count)
    specs = normalise_agents(agents)
    n = len(specs) if players is None else players
    if len(specs) == 1 and n > 1:
        specs = specs * n
    if not isinstance(n, int) or isinstance(n, bool) or len(specs) != n:
        raise ValueError(f"give one agent spec per seat: {len(specs)} agents for {n!r} players")
    first = next(iter(rules.values()))
    if not first.min_players <= n <= first.max_players:
        raise ValueError(
            f"{first.title} is for {first.min_players}–{first.max_players} players, not {n}"
        )
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise ValueError(f"games must be a non-negative int, not {games!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an int, not {seed!r}")
    cap = DEFAULT_MAX_PLIES if max_plies is None else max_plies
    if not isinstance(cap, int) or isinstance(cap, bool) or cap < 1:
        raise ValueError(f"max_plies must be a positive int or None, not {max_plies!r}")
    if batch_size is not None and (
        not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size < 1
    ):
        raise ValueError(f"batch_size must be a positive int or None, not {batch_size!r}")
    size = batch_size or batch_size_for(games * len(chosen), worker_count(executor))

    def results(rows: list[dict[str, Any]], interrupted: bool) -> Results:
        return Results(
            game=game,
            variants=chosen,
            agents=specs,
            players=n,
            seed=seed,
            games_per_variant=games,
            max_plies=cap,
            games=frame(rows, list(chosen)),
            interrupted=interrupted,
        )

    rows: list[dict[str, Any]] = []
    plan = results([], False)
    if resume is not None:
        rows = resumable_rows(resume, plan)
    done = {(r["variant"], int(r["index"])) for r in rows}
    batches = [
        dataclasses.replace(b, indices=tuple(i for i in b.indices if (b.variant, i) not in done))
        for b in _batches(plan, size)
    ]
    batches = [b for b in batches if b.indices]

    from tqdm.auto import tqdm

    total = games * len(chosen)
    bar = tqdm(total=total, initial=len(rows), disable=not progress, unit="game", desc=game)
    interrupted = False
    runner = stream(batches, executor, stop=stop)
    try:
        for new in runner:
            rows.extend(new)
            bar.update(len(new))
            if on_result is not None and new:
                on_result(results(rows, False))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        runner.close()
        bar.close()
    interrupted = interrupted or len(rows) < total
    return results(rows, interrupted)
