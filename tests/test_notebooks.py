"""Every notebook runs headless with nbmake, and is committed clean (no outputs, no counts).

This is the default ``pytest`` run's notebook check: each notebook is executed top to bottom by
nbmake's runner (the same one ``pytest --nbmake notebooks`` uses) in a fresh kernel. Notebooks of
games, renderers or widgets that have not landed are skipped with the missing piece named.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

import ftwkit
from widgets import dashboard as ftw_dashboard

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
# The notebooks' kernels import this checkout's ftwkit and widgets, not an installed copy.
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
)

sys.path.insert(0, str(ROOT / "tools"))
import clean_notebook  # noqa: E402

PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))
IDS = [p.stem for p in PATHS]
BY_NAME = {d.notebook: d for d in ftw_dashboard.DASHBOARDS}


def test_every_notebook_is_a_catalogued_dashboard() -> None:
    assert sorted(p.name for p in PATHS) == sorted(BY_NAME)
    assert ftw_dashboard.DASHBOARDS[0].notebook == "index.ipynb"


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, path.name
    # what git's clean filter writes is exactly what is committed
    text = path.read_text(encoding="utf-8")
    assert clean_notebook.clean_notebook(text) == text, path.name


def test_notebooks_import_the_dashboard_helpers_from_the_package() -> None:
    for path in PATHS:
        source = path.read_text(encoding="utf-8")
        assert "from ftw_dashboard" not in source and "import ftw_dashboard\\n" not in source
    assert not (NOTEBOOKS / "ftw_dashboard.py").exists()
    assert (NOTEBOOKS / ".gitattributes").read_text().count("filter=ftw-notebook") == 1


@pytest.mark.parametrize(
    "dashboard",
    [d for d in ftw_dashboard.DASHBOARDS if d.kind in ("explorer", "casebook", "edge-case")],
    ids=lambda d: d.notebook,
)
def test_a_game_page_names_its_game_by_title_and_the_rest_comes_from_the_package(
    dashboard: ftw_dashboard.Dashboard,
) -> None:
    notebook = json.loads((NOTEBOOKS / dashboard.notebook).read_text(encoding="utf-8"))
    first = "".join(notebook["cells"][0]["source"])
    title = ftwkit.rules(dashboard.game).title
    assert f"page = GamePage({json.dumps(title)})" in first
    assert ftw_dashboard.GamePage(title).id == dashboard.game
    source = "".join("".join(cell["source"]) for cell in notebook["cells"])
    if dashboard.kind == "explorer":  # the catalogue's seed, via GamePage.explorer
        assert "explorer = page.explorer()" in source and "seed=" not in source
    if dashboard.kind == "casebook":
        assert "casebook = page.casebook()" in source


@pytest.mark.parametrize("folder", ["widgets", "notebooks"])
def test_no_game_id_and_no_game_module_outside_the_game_packages(folder: str) -> None:
    """Widgets and notebooks learn every game from the registry (ids in file names aside).

    The balance lab's saved study reports (``notebooks/findings/``) are data the lab wrote, not
    code: each names its game in the command that reproduces it, as a report must.
    """
    pattern = re.compile("|".join([r"ftwkit\.games", *map(re.escape, ftwkit.game_ids())]))
    reports = ROOT / "notebooks" / "findings"
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted((ROOT / folder).rglob("*"))
        if path.is_file()
        and path.suffix in (".py", ".ipynb", ".md", ".json")
        and reports not in path.parents
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []


def test_the_explorer_page_opens_on_the_catalogue_seed() -> None:
    page = ftw_dashboard.GamePage("For the Win!")
    explorer = page.explorer()
    assert explorer.state == ftwkit.rules("forthewin").new(seed=ftw_dashboard.SEED)
    intro = page.introduction().data
    assert intro.startswith("# For the Win!\n\n*Michael E. Eskue, 2011–2012 · 2 players.*")


@pytest.mark.slow
@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_notebook_runs_headless(path: Path) -> None:
    from nbmake.nb_run import NotebookRun

    result = NotebookRun(path, default_timeout=300).execute()
    assert result.error is None, result.error.trace
