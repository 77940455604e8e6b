"""Balance studies: self-play at scale, Ludii's evaluation metrics, variant A/B comparisons.

>>> import ftwkit
>>> from ftwkit import analysis
>>> res = analysis.simulate("playwin", games=4, executor=analysis.SerialExecutor(),
...                         progress=False)
>>> len(res.games), sorted(res.games["index"])
(4, [0, 1, 2, 3])
>>> all(ftwkit.replay(r).winners == w for r, w in zip(res.games["record"], res.games["winners"]))
True

``simulate`` plays the games (in parallel on every core by default, on any
``concurrent.futures`` executor, or on a Dask cluster); ``Results`` holds one row per game with
``metrics()``, ``compare(a, b)``, ``holes()``, ``plot()`` and ``save(path)``; ``load(path)`` reads
saved results back. The command line is ``python -m ftwkit.analysis`` (``--help``).

The names are imported on first use: a worker process that only plays games imports
``ftwkit.analysis.runner`` and never pandas or SciPy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ftwkit.analysis.execution import SerialExecutor
    from ftwkit.analysis.results import Results, load
    from ftwkit.analysis.runner import DEFAULT_MAX_PLIES
    from ftwkit.analysis.study import simulate

__all__ = ["DEFAULT_MAX_PLIES", "Results", "SerialExecutor", "load", "simulate"]

_HOMES = {
    "DEFAULT_MAX_PLIES": "ftwkit.analysis.runner",
    "Results": "ftwkit.analysis.results",
    "SerialExecutor": "ftwkit.analysis.execution",
    "load": "ftwkit.analysis.results",
    "simulate": "ftwkit.analysis.study",
}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'ftwkit.analysis' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
