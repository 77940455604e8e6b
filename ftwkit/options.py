"""Variant switches: each game's options are a frozen dataclass checked field by field.

A game declares ``Options`` as a frozen dataclass whose defaults are the RECOMMENDED rulings of
RULINGS.md and whose fields are typed with ``bool``, ``int``, ``int | None`` or a ``Literal`` of the
allowed strings. :func:`make_options` turns keyword arguments (or a JSON ``"options"`` mapping) into
such a dataclass and refuses unknown names and badly typed values with a ``ValueError`` that lists
what is valid.
"""

from __future__ import annotations

import dataclasses
import itertools
import types
import typing
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

__all__ = ["OptionSpec", "describe_options", "make_options", "options_to_json"]

OptionsT = TypeVar("OptionsT")


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """One option of a game, described for documentation and for widgets that build controls."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None
    """Allowed values of a closed set (``Literal`` or ``bool``); ``None`` for open fields."""
    kind: str
    """``"bool"``, ``"choice"``, ``"int"``, ``"optional_int"``, ``"str"`` or ``"optional_str"``."""
    doc: str


def _field_kind(annotation: Any) -> tuple[str, tuple[Any, ...] | None]:
    if annotation is bool:
        return "bool", (False, True)
    if annotation is int:
        return "int", None
    if annotation is str:
        return "str", None
    origin = get_origin(annotation)
    if origin is Literal:
        return "choice", tuple(get_args(annotation))
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1 and args[0] is int:
            return "optional_int", None
        if len(args) == 1 and args[0] is str:
            return "optional_str", None
        if len(args) == 1 and get_origin(args[0]) is Literal:
            return "choice", (*get_args(args[0]), None)
    raise TypeError(f"unsupported option annotation {annotation!r}")


def _check_value(name: str, annotation: Any, value: Any) -> Any:
    kind, choices = _field_kind(annotation)
    if kind == "bool":
        if isinstance(value, bool):
            return value
        raise ValueError(f"option {name!r} must be true or false, not {value!r}")
    if kind in ("int", "optional_int"):
        if value is None and kind == "optional_int":
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        allowed = "an integer or None" if kind == "optional_int" else "an integer"
        raise ValueError(f"option {name!r} must be {allowed}, not {value!r}")
    if kind in ("str", "optional_str"):
        if isinstance(value, str) or (value is None and kind == "optional_str"):
            return value
        raise ValueError(f"option {name!r} must be a string, not {value!r}")
    assert choices is not None
    if value in choices and not isinstance(value, bool):
        return value
    raise ValueError(f"option {name!r} must be one of {list(choices)!r}, not {value!r}")


def _docs(cls: type) -> dict[str, str]:
    """Field docs: the string literal that follows each field in the class body (PEP 257 style)."""
    import ast
    import inspect
    import textwrap

    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError):  # pragma: no cover - source not available
        return {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs: dict[str, str] = {}
    for node, nxt in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(nxt, ast.Expr)
            and isinstance(nxt.value, ast.Constant)
            and isinstance(nxt.value.value, str)
        ):
            docs[node.target.id] = inspect.cleandoc(nxt.value.value)
    return docs


def describe_options(cls: type) -> list[OptionSpec]:
    """List the options of an ``Options`` dataclass with their allowed values and docs."""
    hints = get_type_hints(cls)
    docs = _docs(cls)
    specs = []
    for f in dataclasses.fields(cls):
        kind, choices = _field_kind(hints[f.name])
        specs.append(OptionSpec(f.name, f.default, choices, kind, docs.get(f.name, "")))
    return specs


def make_options(
    cls: type[OptionsT], values: typing.Mapping[str, Any], base: OptionsT | None = None
) -> OptionsT:
    """Build ``cls`` from ``values`` on top of ``base`` (or the defaults), validating each entry.

    Raises:
        ValueError: an unknown option name (the message lists the valid ones) or a bad value.
    """
    hints = get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    checked: dict[str, Any] = {}
    for name, value in values.items():
        if name not in names:
            valid = ", ".join(names) if names else "(this game has no options)"
            raise ValueError(f"unknown option {name!r}; valid options: {valid}")
        checked[name] = _check_value(name, hints[name], value)
    start = base if base is not None else cls()
    return dataclasses.replace(start, **checked)  # type: ignore[type-var]


def options_to_json(options: Any) -> dict[str, Any]:
    """The options that differ from the defaults, as a JSON mapping (empty when all default)."""
    default = type(options)()
    return {
        f.name: getattr(options, f.name)
        for f in dataclasses.fields(options)
        if getattr(options, f.name) != getattr(default, f.name)
    }
