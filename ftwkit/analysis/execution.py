"""Running batches of games on an executor and streaming their rows back as they finish.

Three kinds of executor are accepted: ``None`` (a process pool over every core of this machine,
started on first use and kept for the next study, see :func:`shared_pool`), any
``concurrent.futures.Executor`` (including Dask's ``client.get_executor()``), or a
``dask.distributed.Client``, recognised by its class without importing Dask, so that Dask stays
an optional extra. :class:`SerialExecutor` plays in this process, for debugging and as the
reference of the determinism tests.

Rows are keyed by ``(variant, index)``: a task re-run after a worker died (Dask reschedules
the tasks of a lost worker; a broken local pool is rebuilt and its unfinished tasks resubmitted)
can never duplicate a game, and a game is counted once, when its row first arrives.
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import math
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Generator, Sequence
from typing import Any

from ftwkit.analysis.runner import Batch, run_batch

__all__ = [
    "MAX_BATCH",
    "TASKS_PER_WORKER",
    "SerialExecutor",
    "batch_size_for",
    "is_dask_client",
    "shared_pool",
    "shutdown_pool",
    "stream",
    "worker_count",
]

TASKS_PER_WORKER = 4
"""Aim for at least this many tasks per worker: enough to balance uneven game lengths and to
stream progress, few enough that the per-task cost stays small (see docs/scaling.md)."""

MAX_BATCH = 25
"""Never more games than this in one task, so a study of long games still streams."""


class SerialExecutor(cf.Executor):
    """Plays every task in this process, one after the other (no parallelism).

    :func:`stream` runs its tasks lazily, one at a time, so progress and interruption work as
    with a pool; used directly, ``submit`` runs the call at once.
    """

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        future: cf.Future[Any] = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as err:
            future.set_exception(err)
        return future


def is_dask_client(obj: object) -> bool:
    """Whether ``obj`` is a ``dask.distributed.Client`` (checked by class, Dask not imported)."""
    return any(
        cls.__name__ == "Client" and cls.__module__.split(".")[0] == "distributed"
        for cls in type(obj).__mro__
    )


def worker_count(executor: Any) -> int:
    """How many games can run at once on ``executor`` (used to size the batches)."""
    if executor is None:
        return os.cpu_count() or 1
    if isinstance(executor, SerialExecutor):
        return 1
    if is_dask_client(executor):
        workers = executor.scheduler_info().get("workers", {})
        return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))
    count = getattr(executor, "_max_workers", None)
    return int(count) if isinstance(count, int) and count > 0 else os.cpu_count() or 1


def batch_size_for(games: int, workers: int) -> int:
    """Games per task: about :data:`TASKS_PER_WORKER` tasks per worker, at most :data:`MAX_BATCH`.

    >>> batch_size_for(200, 2)
    25
    >>> batch_size_for(20, 2)
    3
    """
    return max(1, min(MAX_BATCH, math.ceil(games / (workers * TASKS_PER_WORKER))))


def _ignore_sigint() -> None:
    # Ctrl-C reaches the whole process group; the parent decides what stops, not each worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local_pool() -> cf.ProcessPoolExecutor:
    # forkserver: safe when the caller has threads (a notebook kernel, the dashboard's runner).
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        # Workers fork from a server that has already imported the engines: no import per worker.
        context.set_forkserver_preload(["ftwkit.analysis.runner", *_game_modules()])
    return cf.ProcessPoolExecutor(
        max_workers=os.cpu_count() or 1,
        mp_context=context,
        initializer=_ignore_sigint,
    )


_POOL: cf.ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def shared_pool() -> cf.ProcessPoolExecutor:
    """The process pool of ``executor=None``, started on first use and kept for later studies.

    Starting worker processes costs seconds on a loaded machine, more than a small study; the
    pool is kept (idle workers cost only memory) and shut down when Python exits, or by
    :func:`shutdown_pool`.
    """
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = _local_pool()
            atexit.register(shutdown_pool)
        return _POOL


def shutdown_pool() -> None:
    """Stop the shared process pool (a later study starts a new one)."""
    global _POOL
    with _POOL_LOCK:
        pool, _POOL = _POOL, None
    if pool is not None:
        atexit.unregister(shutdown_pool)
        pool.shutdown(wait=True, cancel_futures=True)


def _discard_pool(pool: cf.ProcessPoolExecutor) -> None:
    """Kill a pool whose tasks were abandoned (interrupted) or that broke; forget it if shared."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is pool:
            _POOL = None
    _kill_pool(pool)


def _game_modules() -> list[str]:
    from ftwkit.registry import game_ids, package

    return [package(g) for g in game_ids()]


def _kill_pool(pool: cf.ProcessPoolExecutor) -> None:
    pool.shutdown(wait=False, cancel_futures=True)
    # Games being played in the workers are abandoned: stop the processes now.
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        if process.is_alive():
            process.terminate()


def stream(
    batches: Sequence[Batch],
    executor: Any = None,
    *,
    stop: threading.Event | None = None,
    retries: int = 2,
) -> Generator[list[dict[str, Any]], None, None]:
    """Run ``batches`` and yield the new rows of each task as it finishes (any order).

    A task that fails (not a game: engine errors become rows) is re-run up to ``retries`` times;
    rows already seen are never yielded twice. Closing the generator (or ``stop`` being set, or
    Ctrl-C, which propagates) cancels what has not started; finished rows stay yielded.
    """
    seen: set[tuple[str, int]] = set()

    def fresh(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for row in rows:
            key = (row["variant"], row["index"])
            if key not in seen:
                seen.add(key)
                out.append(row)
        return out

    if isinstance(executor, SerialExecutor):
        for batch in batches:
            if stop is not None and stop.is_set():
                return
            yield fresh(run_batch(batch))
        return

    own = executor is None
    pool: Any
    if own:
        pool = shared_pool()
    elif is_dask_client(executor):
        pool = executor.get_executor(pure=False)
    else:
        pool = executor
    attempts: dict[int, int] = {}
    pending: dict[cf.Future[list[dict[str, Any]]], int] = {}
    finished = False
    try:
        for k, batch in enumerate(batches):
            pending[pool.submit(run_batch, batch)] = k
        while pending:
            if stop is not None and stop.is_set():
                return
            done, _ = cf.wait(list(pending), timeout=0.2, return_when=cf.FIRST_COMPLETED)
            for future in done:
                k = pending.pop(future, -1)
                if k < 0 or future.cancelled():  # resubmitted after a broken pool, or cancelled
                    continue
                err = future.exception()
                if err is None:
                    yield fresh(future.result())
                    continue
                attempts[k] = attempts.get(k, 0) + 1
                if attempts[k] > retries:
                    raise err
                if own and isinstance(err, cf.process.BrokenProcessPool):
                    # A dead worker breaks a local pool: start a new one, resubmit what is left.
                    left = [pending.pop(f) for f in list(pending)]
                    _discard_pool(pool)
                    pool = shared_pool()
                    for j in [k, *left]:
                        pending[pool.submit(run_batch, batches[j])] = j
                else:
                    pending[pool.submit(run_batch, batches[k])] = k
        finished = True
    finally:
        for future in pending:
            future.cancel()
        if own and not finished:
            _discard_pool(pool)  # its workers are still playing abandoned games
