"""Balance studies on a real Dask ``LocalCluster`` (worker processes): same table, no lost game.

Starting worker processes on a shared two-core machine takes seconds, so these tests are slow.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest

from ftwkit.analysis import Results, SerialExecutor, simulate
from ftwkit.analysis.execution import is_dask_client

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.slow

STUDY: dict[str, Any] = {
    "agents": ("random", "random"),
    "variants": {"default": {}, "nf": {"approach": "no_farther"}},
    "games": 12,
    "seed": 3,
    "progress": False,
}


@pytest.fixture(scope="module")
def reference() -> Results:
    return simulate("playwin", executor=SerialExecutor(), **STUDY)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_a_client_is_recognised_without_importing_dask_in_the_check(client: Any) -> None:
    assert is_dask_client(client)
    assert not is_dask_client(client.get_executor())
    assert not is_dask_client(SerialExecutor())


def test_same_table_locally_on_two_workers_and_on_one(reference: Results, client: Any) -> None:
    local = simulate("playwin", **STUDY)
    pd.testing.assert_frame_equal(local.games, reference.games)
    on_cluster = simulate("playwin", executor=client, batch_size=2, **STUDY)
    pd.testing.assert_frame_equal(on_cluster.games, reference.games)
    via_executor = simulate("playwin", executor=client.get_executor(pure=False), **STUDY)
    pd.testing.assert_frame_equal(via_executor.games, reference.games)
    with (
        distributed.LocalCluster(
            n_workers=1, processes=True, threads_per_worker=1, dashboard_address=":0"
        ) as one,
        distributed.Client(one) as single,
    ):
        alone = simulate("playwin", executor=single, **STUDY)
    pd.testing.assert_frame_equal(alone.games, reference.games)


def test_a_worker_killed_mid_run_loses_and_duplicates_no_game(
    reference: Results, client: Any
) -> None:
    killed: list[int] = []

    def kill_one(partial: Results) -> None:
        if not killed:
            # Kill the worker process that is not idle, so its running task is lost mid-run.
            workers = sorted(client.scheduler_info()["workers"])
            busy = client.processing()
            victim = next((w for w in workers if busy.get(w)), workers[0])
            pid = client.run(os.getpid, workers=[victim])[victim]
            killed.append(len(busy.get(victim, ())))  # tasks running or queued there
            os.kill(pid, signal.SIGKILL)  # the nanny starts a new worker; the task is re-run

    res = simulate("playwin", executor=client, batch_size=1, on_result=kill_one, **STUDY)
    assert killed and killed[0] > 0
    assert not res.interrupted
    keys = list(zip(res.games["variant"], res.games["index"], strict=True))
    assert len(keys) == len(set(keys)) == 24
    pd.testing.assert_frame_equal(res.games, reference.games)
