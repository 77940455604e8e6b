"""Balance studies: self-play at scale, Ludii's evaluation metrics, variant A/B comparisons.

>>> import ftwkit
>>> from ftwkit import analysis
>>> res = analysis.simulate("playwin", games=4, agents=("random", "random"),
...                         executor=analysis.SerialExecutor(), progress=False)
>>> len(res.games), sorted(res.games["index"])
(4, [0, 1, 2, 3])
>>> all(ftwkit.replay(r).winners == w for r, w in zip(res.games["record"], res.games["winners"]))
True

``simulate`` plays the games (in parallel on every core by default, on any
``concurrent.futures`` executor, or on a Dask cluster) — by default with each game's
study-level searcher in every seat (skilled play; ``agents=("random", "random")`` studies random
play), and with ``until="decided"`` only as many as a sequential test needs; ``Results`` holds
one row per game with ``metrics()``, ``summary()`` (in words), ``compare(a, b)``, ``usage()``
(what winners do), ``holes()``, ``plot()`` and ``save(path)``; ``load(path)`` reads saved results
back. ``skill_trace`` and ``skill_check`` ask whether a finding survives better players;
``write_report`` writes a report to hand out. The command line is ``python -m ftwkit.analysis``
(``--help``; ``python -m ftwkit.analysis report GAME`` for a report).

The names are imported on first use: a worker process that only plays games imports
``ftwkit.analysis.runner`` and never pandas or SciPy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ftwkit.analysis.__main__ import parse_agents
    from ftwkit.analysis.execution import SerialExecutor
    from ftwkit.analysis.plots import figure_png
    from ftwkit.analysis.readable import agents_sentence, plain_doc, sample_warning, variant_text
    from ftwkit.analysis.report import reproduce_command, write_report
    from ftwkit.analysis.results import Results, load
    from ftwkit.analysis.runner import DEFAULT_MAX_PLIES, normalise_agents
    from ftwkit.analysis.skill import conclusion, skill_check, skill_trace
    from ftwkit.analysis.study import simulate
    from ftwkit.analysis.usage import rare_kinds

__all__ = [
    "DEFAULT_MAX_PLIES",
    "Results",
    "SerialExecutor",
    "agents_sentence",
    "conclusion",
    "figure_png",
    "load",
    "normalise_agents",
    "parse_agents",
    "plain_doc",
    "rare_kinds",
    "reproduce_command",
    "sample_warning",
    "simulate",
    "skill_check",
    "skill_trace",
    "variant_text",
    "write_report",
]

_HOMES = {
    "DEFAULT_MAX_PLIES": "ftwkit.analysis.runner",
    "Results": "ftwkit.analysis.results",
    "SerialExecutor": "ftwkit.analysis.execution",
    "agents_sentence": "ftwkit.analysis.readable",
    "conclusion": "ftwkit.analysis.skill",
    "figure_png": "ftwkit.analysis.plots",
    "load": "ftwkit.analysis.results",
    "normalise_agents": "ftwkit.analysis.runner",
    "parse_agents": "ftwkit.analysis.__main__",
    "plain_doc": "ftwkit.analysis.readable",
    "rare_kinds": "ftwkit.analysis.usage",
    "reproduce_command": "ftwkit.analysis.report",
    "sample_warning": "ftwkit.analysis.readable",
    "simulate": "ftwkit.analysis.study",
    "skill_check": "ftwkit.analysis.skill",
    "skill_trace": "ftwkit.analysis.skill",
    "variant_text": "ftwkit.analysis.readable",
    "write_report": "ftwkit.analysis.report",
}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'ftwkit.analysis' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
