"""The imports a Python file makes, read with :mod:`ast`: shared by the static import checks.

``test_stdlib_only`` (what the site unpacks imports only the standard library) and
``test_library_layers`` (ftwkit's parts import only the parts below them) both need every import
that runs, at any depth, with ``from ftwkit import render`` read as the module it names.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

PACKAGE = Path(__file__).resolve().parent.parent / "ftwkit"


class Import(NamedTuple):
    """One import statement's module, where it is and whether it runs only when called."""

    line: int
    module: str
    """The module imported; for ``from ftwkit… import name`` the submodule ``name`` when it is
    one (``from ftwkit import render`` → ``ftwkit.render``), else the module imported from."""
    lazy: bool
    """Whether the import sits inside a function (it runs when the function is called)."""


def is_type_checking(node: ast.AST) -> bool:
    """Whether ``node`` is an ``if TYPE_CHECKING:`` block (its imports never run)."""
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")
    )


def is_ftwkit_module(name: str) -> bool:
    """Whether ``name`` (dotted) is a module or package of ftwkit, by its file."""
    parts = name.split(".")
    if parts[0] != "ftwkit":
        return False
    path = PACKAGE.joinpath(*parts[1:])
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imported(tree: ast.AST, lazy: bool = False) -> Iterator[Import]:
    """Every absolute import in ``tree`` that runs (not under ``if TYPE_CHECKING:``), at any
    depth; ``lazy`` says the tree is a function's body already."""
    for node in ast.iter_child_nodes(tree):
        if is_type_checking(node):
            assert isinstance(node, ast.If)
            orelse = ast.Module(body=node.orelse, type_ignores=[])  # (the else runs)
            yield from imported(orelse, lazy)
            continue
        if isinstance(node, ast.Import):
            yield from (Import(node.lineno, alias.name, lazy) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            base = node.module
            subs = [f"{base}.{a.name}" for a in node.names if is_ftwkit_module(f"{base}.{a.name}")]
            if len(subs) < len(node.names):  # some names are not modules: the module itself
                yield Import(node.lineno, base, lazy)
            yield from (Import(node.lineno, sub, lazy) for sub in subs)
        inner = lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        yield from imported(node, inner)


def file_imports(path: Path) -> list[Import]:
    """:func:`imported` of one file."""
    return list(imported(ast.parse(path.read_text(encoding="utf-8"))))
