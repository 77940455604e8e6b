"""Inside ftwkit, every part imports only the parts below it.

``test_layering`` keeps ``widgets/`` on ftwkit's public names; this keeps the library itself
layered, as the brief's "dependencies point one way" asks: the protocol knows no game, a game
knows no other game, no agent and no renderer; the agents and the renderers know nothing of
exploring, the site or the balance lab. Each part gets a layer (:data:`LAYERS`); an import must
go to a lower layer or stay inside its own part. The few imports that go up are convenience
entry points, imported when called, each named with its reason in :data:`UPWARD`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from imports import PACKAGE, Import, file_imports, imported

LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors",),
    ("clicks", "options", "tables", "geometry"),
    ("protocol", "editing"),
    ("games",),  # the package itself: the list of built-in games the registry loads
    ("registry",),
    ("records",),
    ("ftwkit", "links", "games.*"),  # "ftwkit": the package's front door (rules, record…)
    ("render", "agents"),
    ("explore", "casebook"),
    ("site", "analysis"),
)
"""ftwkit's parts, lowest first. Parts in one layer do not import each other; ``games.*`` stands
for each game's package (``games.pnrz`` may not import ``games.playwin``)."""

UPWARD: dict[tuple[str, str], str] = {
    ("protocol", "render"): "State._repr_svg_ and save_svg draw the position with the renderer",
    ("ftwkit", "agents"): "ftwkit.play hands the game over to the agents",
}
"""Imports that go up a layer, each inside a function (run when called), with its reason."""


def part(module: str) -> str:
    """The part of ftwkit a module belongs to (``ftwkit.games.pnrz.state`` → ``games.pnrz``)."""
    parts = module.split(".")
    if len(parts) == 1:
        return "ftwkit"
    if parts[1] == "games" and len(parts) > 2:
        return f"games.{parts[2]}"
    return parts[1]


def layer(name: str) -> int:
    """The layer of a part, by :data:`LAYERS`.

    Raises:
        KeyError: the part is in no layer (a new part must be given one).
    """
    for index, names in enumerate(LAYERS):
        if name in names or (name.startswith("games.") and "games.*" in names):
            return index
    raise KeyError(f"ftwkit.{name} is in no layer of LAYERS")


def module_name(path: Path) -> str:
    """``ftwkit/games/pnrz/state.py`` → ``ftwkit.games.pnrz.state`` (a package: its name)."""
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    names = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(names)


def violations(source: str, imports: list[Import]) -> list[str]:
    """The imports of the module ``source`` that go to a part not below its own, one line each
    (the :data:`UPWARD` ones allowed when inside a function)."""
    own = part(source)
    out = []
    for found in imports:
        if found.module != "ftwkit" and not found.module.startswith("ftwkit."):
            continue
        target = part(found.module)
        if target == own or layer(target) < layer(own):
            continue
        if (own, target) in UPWARD and found.lazy:
            continue
        out.append(f"{source}:{found.line} imports {found.module} (ftwkit.{target} is not below)")
    return out


def library_modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_every_part_has_a_layer() -> None:
    parts = {part(module_name(path)) for path in library_modules()}
    assert {"protocol", "games.pnrz", "render", "agents", "explore", "site", "analysis"} <= parts
    assert [name for name in sorted(parts) if not _has_layer(name)] == []


def _has_layer(name: str) -> bool:
    try:
        layer(name)
    except KeyError:
        return False
    return True


@pytest.mark.parametrize(
    "path", library_modules(), ids=lambda path: path.relative_to(PACKAGE).as_posix()
)
def test_a_module_imports_only_the_parts_below_it(path: Path) -> None:
    assert violations(module_name(path), file_imports(path)) == []


def test_every_upward_import_is_still_made() -> None:
    """An allowance nobody needs any more is taken out, not left to excuse a new import."""
    made = {
        (part(module_name(path)), part(found.module))
        for path in library_modules()
        for found in file_imports(path)
        if found.lazy and found.module.startswith("ftwkit")
    }
    assert set(UPWARD) <= made


def test_the_check_catches_a_game_importing_another_game_an_agent_and_an_early_render() -> None:
    source = """
from ftwkit.protocol import State
from ftwkit.games.playwin import rules
from ftwkit.games.pnrz.tiles import TileSet
from ftwkit import agents, registry
def later():
    from ftwkit import render
if TYPE_CHECKING:
    from ftwkit.explore import Session
"""
    found = list(imported(ast.parse(source)))
    assert violations("ftwkit.games.pnrz.state", found) == [
        "ftwkit.games.pnrz.state:3 imports ftwkit.games.playwin.rules"
        " (ftwkit.games.playwin is not below)",
        "ftwkit.games.pnrz.state:5 imports ftwkit.agents (ftwkit.agents is not below)",
        "ftwkit.games.pnrz.state:7 imports ftwkit.render (ftwkit.render is not below)",
    ]
    # the protocol may draw with the renderer when called, not when it is imported
    eager = list(imported(ast.parse("from ftwkit import render")))
    assert violations("ftwkit.protocol", eager) == [
        "ftwkit.protocol:1 imports ftwkit.render (ftwkit.render is not below)"
    ]
    assert violations("ftwkit.protocol", found[-1:]) == []
