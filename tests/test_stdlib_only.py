"""The part of ftwkit that runs in Pyodide imports only the standard library and itself.

Engines, renderers, agents, ``ftwkit.explore``, the site's bridge and the modules they stand on
(protocol, options, records, registry, tables…) are what the static site unpacks in the browser,
where only Pyodide's core — the standard library — is there. The runtime check in
``test_site_bridge.py`` sees the imports one session makes; this one reads every module with
:mod:`ast`, so it also sees imports inside functions and in modules a session did not reach.
Imports under ``if TYPE_CHECKING:`` never run and are not counted.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from imports import PACKAGE, file_imports, imported

from ftwkit.site import LEFT_OUT

OPTIONAL = {("games/pnrz/tiles.py", "yaml")}
"""Lazy imports on paths only the Python API reaches, each with the module it imports:
``read_tile_set_file`` reads a ``.yaml`` tile set from a file a person names in Python."""


def browser_modules() -> list[Path]:
    """Every module of ftwkit but the heavy parts."""
    skip = [PACKAGE / part.removeprefix("ftwkit.") for part in LEFT_OUT]
    return sorted(
        path
        for path in PACKAGE.rglob("*.py")
        if not any(path.is_relative_to(folder) for folder in skip)
    )


def refused(module: str) -> bool:
    """Whether a browser module may not import ``module``."""
    top = module.partition(".")[0]
    if top == "ftwkit":
        return module.startswith(LEFT_OUT)
    return top not in sys.stdlib_module_names


def test_the_check_sees_every_kind_of_import() -> None:
    source = """
import os, yaml
from ftwkit.analysis import simulate
from ftwkit import protocol
from ftwkit import casebook, rules
from . import sibling
if TYPE_CHECKING:
    import pandas
else:
    import numpy
def later():
    import scipy.stats
"""
    found = [item.module for item in imported(ast.parse(source))]
    assert found == [
        "os",
        "yaml",
        "ftwkit.analysis",
        "ftwkit.protocol",
        "ftwkit",
        "ftwkit.casebook",
        "numpy",
        "scipy.stats",
    ]
    assert [m for m in found if refused(m)] == [
        "yaml",
        "ftwkit.analysis",
        "ftwkit.casebook",
        "numpy",
        "scipy.stats",
    ]


def test_the_browser_modules_are_the_engines_and_what_they_stand_on() -> None:
    names = {path.relative_to(PACKAGE).as_posix() for path in browser_modules()}
    for expected in (
        "protocol.py",
        "tables.py",
        "games/pnrz/state.py",
        "render/svg.py",
        "agents/mcts.py",
        "explore/session.py",
        "site/bridge.py",
    ):
        assert expected in names
    assert not any(name.startswith(("analysis/", "casebook/")) for name in names)


@pytest.mark.parametrize(
    "path", browser_modules(), ids=lambda path: path.relative_to(PACKAGE).as_posix()
)
def test_a_browser_module_imports_only_the_standard_library_and_ftwkit(path: Path) -> None:
    name = path.relative_to(PACKAGE).as_posix()
    bad = [
        f"line {found.line}: {found.module}"
        for found in file_imports(path)
        if refused(found.module) and (name, found.module.partition(".")[0]) not in OPTIONAL
    ]
    assert bad == []
