"""What every dashboard kernel computes the same way, computed once before any kernel exists.

The dashboard server starts its kernels by forking a warm template process
(``voila/kernel_template.py``), which imports the widgets and the games once. :func:`prepare`
goes one step further and fills the caches a game's page reads, for every game, so that a forked
kernel inherits them instead of computing them for each visitor:

* the game's rule page rendered from Markdown (:func:`widgets.rules_docs.rules_html`);
* its options described from their class's source (``ftwkit.options.describe_options``, which
  reads and parses that source once per class) and worded for the switches
  (:func:`widgets.rules_docs.option_words`);
* its renderer's module, and the computer players' modules.

Nothing a visitor can change goes in here: only facts of the code and of the rule pages
(``docs/rules``), which the template watches — a changed file brings a fresh template.

>>> prepare() == list(registry.game_ids())
True
"""

from __future__ import annotations

import importlib

from ftwkit import registry
from ftwkit.options import describe_options
from ftwkit.render import renderer
from widgets.rules_docs import option_words, rules_html, ruling_ids

__all__ = ["AGENT_MODULES", "prepare"]

AGENT_MODULES = ("ftwkit.agents.greedy", "ftwkit.agents.mcts")
"""The computer players' modules, which an explorer's seat panel imports."""


def prepare() -> list[str]:
    """Fill the per-game caches of a dashboard page for every game; the ids of the games."""
    for name in AGENT_MODULES:
        importlib.import_module(name)
    prepared = []
    for game in registry.games():
        describe_options(game.rules.Options)
        option_words(game.id)
        rules_html(game.id)
        ruling_ids(game.id)
        renderer(game.id)
        prepared.append(game.id)
    return prepared
