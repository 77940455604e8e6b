"""``widgets/`` imports only ftwkit's public modules, and only the names they export.

The widget layer sits on top of the library (notebooks -> widgets -> ftwkit): it may use what a
public module or package lists in its ``__all__`` and nothing else, so that the library can move
its insides (``ftwkit.render.base``, ``ftwkit.explore.tree``, ``ftwkit.analysis.runner``…)
without breaking a widget. The check reads every ``widgets/*.py`` with :mod:`ast`, so it also sees
imports inside functions, and the names read from an imported module (``registry.find``).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

WIDGETS = Path(__file__).resolve().parent.parent / "widgets"

PUBLIC = (
    "ftwkit",
    "ftwkit.agents",
    "ftwkit.analysis",
    "ftwkit.casebook",
    "ftwkit.casebook.impact",
    "ftwkit.casebook.sentences",
    "ftwkit.editing",
    "ftwkit.errors",
    "ftwkit.explore",
    "ftwkit.links",
    "ftwkit.options",
    "ftwkit.protocol",
    "ftwkit.registry",
    "ftwkit.render",
)
"""The modules a widget may import from (each says what it offers in ``__all__``)."""


def exported(module: str) -> set[str]:
    """The names ``module`` offers: its ``__all__``, plus its public submodules."""
    names = set(importlib.import_module(module).__all__)
    return names | {m.removeprefix(module + ".") for m in PUBLIC if m.rpartition(".")[0] == module}


def imports(path: Path) -> list[tuple[int, str, str | None]]:
    """Every ftwkit import in a file as ``(line, module, name)`` (``name`` None: ``import m``)."""
    found: list[tuple[int, str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name, None) for a in node.names if _ours(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and _ours(node.module):
            found += [(node.lineno, node.module, a.name) for a in node.names]
    return found


def _ours(module: str) -> bool:
    return module == "ftwkit" or module.startswith("ftwkit.")


def attributes(path: Path) -> list[tuple[int, str, str]]:
    """Every name read from a public module imported whole, as ``(line, module, name)``:
    ``registry.find`` after ``from ftwkit import registry``, ``ftwkit.rules`` after ``import
    ftwkit``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound |= {a.asname or "ftwkit": a.name for a in node.names if a.name == "ftwkit"}
        elif isinstance(node, ast.ImportFrom) and node.module and _ours(node.module):
            for a in node.names:
                if f"{node.module}.{a.name}" in PUBLIC:
                    bound[a.asname or a.name] = f"{node.module}.{a.name}"
    return [
        (node.lineno, bound[node.value.id], node.attr)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in bound
    ]


def violations(path: Path) -> list[str]:
    """What ``path`` uses from ftwkit that is not public, one line each."""
    out = []
    for line, module, name in attributes(path):
        if name not in exported(module):
            out.append(f"{path.name}:{line} reads {name}, which {module} does not export")
    for line, module, name in imports(path):
        where = f"{path.name}:{line}"
        if module not in PUBLIC:
            out.append(f"{where} imports from {module}, not a public module")
        elif name is not None and name.startswith("_"):
            out.append(f"{where} imports the private name {name} from {module}")
        elif name is not None and name != "*" and name not in exported(module):
            out.append(f"{where} imports {name}, which {module} does not export")
    return out


def test_every_widget_imports_only_public_names() -> None:
    files = sorted(WIDGETS.glob("*.py"))
    assert len(files) > 20  # the folder was found
    assert [v for path in files for v in violations(path)] == []


@pytest.mark.parametrize("module", PUBLIC)
def test_every_exported_name_exists(module: str) -> None:
    imported = importlib.import_module(module)
    assert [n for n in imported.__all__ if not hasattr(imported, n)] == []


def test_the_check_catches_a_private_module_a_private_name_and_an_unexported_name(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import ftwkit.render.base\n"
        "from ftwkit.explore.tree import Node\n"
        "from ftwkit.render import _imported\n"
        "def f():\n"
        "    from ftwkit.render import as_state\n"
        "from ftwkit.render import Pen, svg\n"
        "from ftwkit import render\n"
        "import ftwkit\n"
        "render.svg, render.base, ftwkit.rules, ftwkit.render.svg, ftwkit.games\n",
        encoding="utf-8",
    )
    assert violations(bad) == [
        "bad.py:9 reads base, which ftwkit.render does not export",
        "bad.py:9 reads games, which ftwkit does not export",
        "bad.py:1 imports from ftwkit.render.base, not a public module",
        "bad.py:2 imports from ftwkit.explore.tree, not a public module",
        "bad.py:3 imports the private name _imported from ftwkit.render",
        "bad.py:5 imports as_state, which ftwkit.render does not export",
    ]
