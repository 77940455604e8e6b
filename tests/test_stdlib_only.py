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
from collections.abc import Iterator
from pathlib import Path

import pytest

from ftwkit.site import LEFT_OUT

PACKAGE = Path(__file__).resolve().parent.parent / "ftwkit"

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


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")
    )


def imported(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``(line, module)`` of every absolute import in ``tree`` that runs (not under
    ``if TYPE_CHECKING:``), at any depth."""
    for node in ast.iter_child_nodes(tree):
        if _is_type_checking(node):
            assert isinstance(node, ast.If)
            yield from imported(ast.Module(body=node.orelse, type_ignores=[]))  # (the else runs)
            continue
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
        yield from imported(node)


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
from . import sibling
if TYPE_CHECKING:
    import pandas
else:
    import numpy
def later():
    import scipy.stats
"""
    found = [module for _, module in imported(ast.parse(source))]
    assert found == ["os", "yaml", "ftwkit.analysis", "ftwkit", "numpy", "scipy.stats"]
    assert [m for m in found if refused(m)] == ["yaml", "ftwkit.analysis", "numpy", "scipy.stats"]


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
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = [
        f"line {line}: {module}"
        for line, module in imported(tree)
        if refused(module) and (name, module.partition(".")[0]) not in OPTIONAL
    ]
    assert bad == []
