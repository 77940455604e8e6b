"""The rule pages in ``docs/rules`` cover every game, every option and every cited ruling.

Messages, option docstrings and casebook cases cite rulings as "(FW13)"; the dashboards link those
citations to ``docs/rules/<game>.md#fw13``. These tests make sure each such link has a target: a
page per game, an explicit ``<a id="fw13"></a>`` anchor for every ruling the engine, its options or
its casebook mention, every option named on its game's page, and no link that leaves the repo.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import ftwkit
from ftwkit.options import describe_options
from ftwkit.registry import package

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"
CASEBOOKS = ROOT / "ftwkit" / "casebook"

PREFIX = {"forthewin": "FW", "playwin": "PW", "ftwcards": "FT", "doubleblind": "DB", "pnrz": "PN"}
"""The ruling-id prefix of each game."""

HIGHEST = {"forthewin": 30, "playwin": 13, "ftwcards": 15, "doubleblind": 14, "pnrz": 17}
"""The last ruling id of each game's rulings table; every id up to it has an entry."""

GAMES = ftwkit.game_ids()


def _doc(game: str) -> str:
    return (DOCS / f"{game}.md").read_text(encoding="utf-8")


def _anchors(text: str) -> set[str]:
    return set(re.findall(r'<a id="([^"]+)"></a>', text))


def _engine_sources(game: str) -> list[Path]:
    """The source files of a game's engine: its module, or every module of its package."""
    spec = importlib.util.find_spec(package(game))
    assert spec is not None and spec.origin is not None
    origin = Path(spec.origin)
    if origin.name == "__init__.py":
        return sorted(origin.parent.glob("*.py"))
    return [origin]


def _cited_rulings(game: str) -> set[str]:
    """Every ruling id of ``game`` cited in its engine, its option docs or its casebook."""
    pattern = re.compile(rf"\b{PREFIX[game]}\d{{1,2}}\b")
    texts = [path.read_text(encoding="utf-8") for path in _engine_sources(game)]
    texts += [spec.doc for spec in describe_options(ftwkit.rules(game).Options)]
    texts += [p.read_text(encoding="utf-8") for p in sorted((CASEBOOKS / game).glob("*.yaml"))]
    return {m for text in texts for m in pattern.findall(text)}


def test_every_game_has_a_page_listed_in_the_index() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        assert (DOCS / f"{game}.md").is_file(), f"docs/rules/{game}.md is missing"
        assert f"]({game}.md)" in index, f"docs/rules/README.md does not link {game}.md"


@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_documented(game: str) -> None:
    text = _doc(game)
    for spec in describe_options(ftwkit.rules(game).Options):
        assert f"`{spec.name}`" in text, f"option {spec.name} missing from docs/rules/{game}.md"


@pytest.mark.parametrize("game", GAMES)
def test_option_values_are_documented(game: str) -> None:
    """Each choice of a closed option, and each default, appears on the page as written."""
    text = _doc(game)
    for spec in describe_options(ftwkit.rules(game).Options):
        values = spec.choices if spec.choices is not None else (spec.default,)
        for value in values:
            word = str(value).lower() if isinstance(value, bool) else str(value)
            assert f"`{word}`" in text, f"{game}: value {word!r} of {spec.name} not documented"


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_ruling_has_an_anchor(game: str) -> None:
    cited = _cited_rulings(game)
    assert cited, f"no {PREFIX[game]} ruling cited anywhere for {game}: wrong prefix?"
    missing = sorted(r for r in cited if r.lower() not in _anchors(_doc(game)))
    assert not missing, f"docs/rules/{game}.md has no anchor for {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_has_a_heading(game: str) -> None:
    text = _doc(game)
    for n in range(1, HIGHEST[game] + 1):
        rid = f"{PREFIX[game]}{n}"
        assert f'<a id="{rid.lower()}"></a>\n### {rid} — ' in text, f"{game}: no entry for {rid}"


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.md")))
def test_links_stay_inside_the_repo_and_hit_their_anchor(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        assert "://" not in target and not target.startswith("/"), f"{page}: link {target}"
        path, _, anchor = target.partition("#")
        file = (DOCS / path).resolve() if path else DOCS / page
        assert file.is_relative_to(ROOT), f"{page}: {target} leaves the repository"
        assert file.is_file(), f"{page}: {target} points to a missing file"
        if anchor:
            assert anchor in _anchors(file.read_text(encoding="utf-8")), f"{page}: {target}"
