"""Variant switches: each game's options are a frozen dataclass checked field by field.

A game declares ``Options`` as a frozen dataclass whose defaults are the RECOMMENDED rulings of
RULINGS.md and whose fields are typed with ``bool``, ``int``, ``int | None`` or a ``Literal`` of the
allowed strings. :func:`make_options` turns keyword arguments (or a JSON ``"options"`` mapping) into
such a dataclass and refuses unknown names and badly typed values with a ``ValueError`` that lists
what is valid.

Integer options declare their range as field metadata, checked here for every game::

    max_rounds: int | None = dataclasses.field(default=None, metadata=int_range(1, 1000))

``min``/``max`` bound the value (``None`` stays allowed for ``int | None`` fields, meaning "off")
and an optional ``rule`` names the ruling in the message. An out-of-range value is a
``ValueError`` naming the option and the valid range; :meth:`ftwkit.protocol.Rules.load` turns it
into ``InvalidState`` when it comes from a position or record.
"""

from __future__ import annotations

import dataclasses
import itertools
import types
import typing
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from ftwkit.errors import excerpt

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = [
    "OptionSpec",
    "check_ranges",
    "describe_options",
    "int_range",
    "make_options",
    "options_to_json",
    "plain_label",
    "value_text",
]

OptionsT = TypeVar("OptionsT", bound="DataclassInstance")


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
    min: int | None = None
    """The smallest allowed value of an integer option (``None``: unbounded)."""
    max: int | None = None
    """The largest allowed value of an integer option (``None``: unbounded)."""
    label: str = ""
    """A plain label for people (``"Grid check"``): the field's ``label`` metadata, else
    made from the name (see :func:`plain_label`)."""


def int_range(
    min: int | None = None, max: int | None = None, rule: str | None = None
) -> dict[str, Any]:
    """Field metadata bounding an integer option: ``field(default=…, metadata=int_range(1))``.

    Args:
        min: the smallest allowed value, or ``None`` for no lower bound.
        max: the largest allowed value, or ``None`` for no upper bound.
        rule: the ruling the bound comes from (e.g. ``"DB1"``), quoted in the error message.

    >>> int_range(1, 10, "FW8")
    {'min': 1, 'max': 10, 'rule': 'FW8'}
    """
    meta: dict[str, Any] = {"min": min, "max": max}
    if rule is not None:
        meta["rule"] = rule
    return meta


def _range_text(meta: Mapping[str, Any], optional: bool) -> str:
    lo, hi = meta.get("min"), meta.get("max")
    if lo is not None and hi is not None:
        text = f"an integer from {lo} to {hi}"
    elif lo is not None:
        text = f"an integer of at least {lo}"
    elif hi is not None:
        text = f"an integer of at most {hi}"
    else:
        text = "an integer"
    if optional:
        text += ", or None for off"
    rule = meta.get("rule")
    return f"{text} ({rule})" if rule else text


def _check_range(field: dataclasses.Field[Any], optional: bool, value: Any) -> None:
    """Refuse an integer option outside the range its field metadata declares."""
    meta = field.metadata
    if value is None or not ("min" in meta or "max" in meta):
        return
    lo, hi = meta.get("min"), meta.get("max")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(
            f"option {field.name!r} must be {_range_text(meta, optional)}, not {excerpt(value)}"
        )


def check_ranges(options: Any) -> None:
    """Check every integer option of an ``Options`` instance against its declared range.

    ``Rules`` calls this on construction, so options built directly (``Options(max_rounds=0)``)
    are refused as well as those passed through :func:`make_options`.

    Raises:
        ValueError: an option outside its range, naming the option and the range.
    """
    for f, optional in _ranged_fields(type(options)):
        value = getattr(options, f.name)
        if value is None and optional:
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            allowed = _range_text(f.metadata, optional)
            raise ValueError(f"option {f.name!r} must be {allowed}, not {excerpt(value)}")
        _check_range(f, optional, value)


_RANGED: dict[type, tuple[tuple[dataclasses.Field[Any], bool], ...]] = {}


def _ranged_fields(cls: type) -> tuple[tuple[dataclasses.Field[Any], bool], ...]:
    """The fields of ``cls`` that declare a range, each with whether ``None`` is allowed.

    Cached per class: ``Rules`` checks its options on every construction.
    """
    found = _RANGED.get(cls)
    if found is None:
        hints = get_type_hints(cls) if dataclasses.is_dataclass(cls) else {}
        found = tuple(
            (f, _field_kind(hints[f.name])[0] == "optional_int")
            for f in (dataclasses.fields(cls) if hints else ())
            if "min" in f.metadata or "max" in f.metadata
        )
        _RANGED[cls] = found
    return found


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


def _check_value(field: dataclasses.Field[Any], annotation: Any, value: Any) -> Any:
    name = field.name
    kind, choices = _field_kind(annotation)
    if kind == "bool":
        if isinstance(value, bool):
            return value
        raise ValueError(f"option {name!r} must be true or false, not {excerpt(value)}")
    if kind in ("int", "optional_int"):
        if value is None and kind == "optional_int":
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            _check_range(field, kind == "optional_int", value)
            return value
        allowed = _range_text(field.metadata, kind == "optional_int")
        raise ValueError(f"option {name!r} must be {allowed}, not {excerpt(value)}")
    if kind in ("str", "optional_str"):
        if isinstance(value, str) or (value is None and kind == "optional_str"):
            return value
        raise ValueError(f"option {name!r} must be a string, not {excerpt(value)}")
    assert choices is not None
    if _is_choice(value, choices):
        return value
    raise ValueError(f"option {name!r} must be one of {list(choices)!r}, not {excerpt(value)}")


def _is_choice(value: Any, choices: tuple[Any, ...]) -> bool:
    """Whether ``value`` is one of ``choices`` by type and value (``True`` is not ``1``)."""
    return any(type(value) is type(c) and value == c for c in choices)


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
        lo, hi = f.metadata.get("min"), f.metadata.get("max")
        label = f.metadata.get("label") or plain_label(f.name)
        specs.append(
            OptionSpec(f.name, f.default, choices, kind, docs.get(f.name, ""), lo, hi, label)
        )
    return specs


_WORDS = {"dir": "direction", "aux": "auxiliary", "max": "maximum", "plies": "moves"}
"""Abbreviations in option names, spelled out in labels."""


def plain_label(name: str) -> str:
    """An option's name as a label: words spelled out, first letter capital.

    A game may give a better one as field metadata (``field(default=…,
    metadata={"label": "Where a Ninja may land"})``).

    >>> plain_label("max_plies_without_capture")
    'Maximum moves without capture'
    >>> plain_label("pass_dir")
    'Pass direction'
    """
    words = [_WORDS.get(word, word) for word in name.split("_")]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def value_text(value: Any) -> str:
    """An option value as the rule pages and positions write it (``true``, ``None``, ``per_turn``).

    >>> [value_text(v) for v in (True, None, 6, "per_turn")]
    ['true', 'None', '6', 'per_turn']
    """
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def make_options(
    cls: type[OptionsT], values: typing.Mapping[str, Any], base: OptionsT | None = None
) -> OptionsT:
    """Build ``cls`` from ``values`` on top of ``base`` (or the defaults), validating each entry.

    Raises:
        ValueError: an unknown option name (the message lists the valid ones) or a bad value.
    """
    hints = get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    checked: dict[str, Any] = {}
    for name, value in values.items():
        if not isinstance(name, str) or name not in fields:
            valid = ", ".join(fields) if fields else "(this game has no options)"
            raise ValueError(f"unknown option {excerpt(name, 40)}; valid options: {valid}")
        checked[name] = _check_value(fields[name], hints[name], value)
    start = base if base is not None else cls()
    return dataclasses.replace(start, **checked)


def options_to_json(options: Any) -> dict[str, Any]:
    """The options that differ from the defaults, as a JSON mapping (empty when all default)."""
    default = type(options)()
    return {
        f.name: getattr(options, f.name)
        for f in dataclasses.fields(options)
        if getattr(options, f.name) != getattr(default, f.name)
    }
