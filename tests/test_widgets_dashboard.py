"""The dashboards' helpers: styles that stay home, theme colours, clean notebooks (issue 20)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from widgets import Explorer, case_cards, dashboard
from widgets.log import LogPanel

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import clean_notebook  # noqa: E402


def selectors(css: str) -> list[str]:
    """Every selector of a stylesheet (comma-separated lists split)."""
    body = re.sub(r"</?style>", "", css)
    return [s.strip() for block in re.findall(r"([^{}]+)\{", body) for s in block.split(",")]


def test_component_rules_only_touch_the_projects_own_elements() -> None:
    found = selectors(dashboard.STYLE)
    assert len(found) > 30
    for selector in found:
        first_own = re.search(r"\.ftw-[a-z-]+", selector)
        assert first_own, f"{selector!r} styles elements that are not the explorer's"
        # any ancestor before the own class is a JupyterLab container (for specificity only)
        before = selector[: first_own.start()].split()
        assert all(part.startswith(".jp-") or part == "table" for part in before), selector


def test_colours_follow_jupyterlabs_theme_variables() -> None:
    for colour in re.findall(r"color:\s*([^;}]+)", dashboard.STYLE):
        assert colour.strip().startswith("var(--jp-") or colour.strip() == "#fff", colour
    ex = Explorer("playwin")
    assert (
        "var(--jp-ui-font-color1" in ex.lines.status.value and "#222'" not in ex.lines.status.value
    )
    ex.play("A1-A9")
    assert "var(--jp-error-color1" in ex.lines.message.value
    panel = LogPanel()
    panel.error("x")
    assert "var(--jp-error-color1" in panel._title.value


def test_the_page_is_styled_only_under_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("VOILA_SERVER_URL", "VOILA_BASE_URL", "VOILA_KERNEL_ID"):
        monkeypatch.delenv(key, raising=False)
    lab = dashboard.page_style().data
    assert ".jp-Cell" not in lab and "background: #f6f4ef" not in lab
    assert ".ftw-card" in lab
    monkeypatch.setenv("VOILA_SERVER_URL", "http://127.0.0.1:8866/")
    voila = dashboard.page_style().data
    assert ".jp-Cell" in voila and 'body[data-jp-theme-light="true"]' in voila
    assert dashboard.page_style(page=False).data == lab


def test_clean_notebook_drops_what_running_adds() -> None:
    source = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": 7,
                "id": "a",
                "metadata": {"execution": {"iopub.status.busy": "x"}, "tags": ["keep"]},
                "outputs": [{"output_type": "stream", "name": "stdout", "text": "hi"}],
                "source": "print('hi')",
            },
            {"cell_type": "markdown", "id": "b", "metadata": {}, "source": "# Title"},
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python", "version": "3.11.2"},
            "widgets": {"application/vnd.jupyter.widget-state+json": {"state": {}}},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    cleaned = json.loads(clean_notebook.clean_notebook(json.dumps(source)))
    code = cleaned["cells"][0]
    assert code["outputs"] == [] and code["execution_count"] is None
    assert code["metadata"] == {"tags": ["keep"]}
    assert cleaned["metadata"]["language_info"] == {"name": "python"}
    assert "widgets" not in cleaned["metadata"]
    assert cleaned["cells"][1] == source["cells"][1]


def test_the_clean_filter_is_a_standalone_script_that_prints_only_the_notebook() -> None:
    # Issue 29.8: git runs the filter per notebook on every `git status`; it used to import the
    # whole widget package and print a RuntimeWarning each time.
    path = ROOT / "notebooks" / "playwin.ipynb"
    text = path.read_text(encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-X", "dev", "-W", "error", str(ROOT / "tools" / "clean_notebook.py")],
        input=text.replace('"outputs": []', '"outputs": [{"output_type": "stream"}]', 1),
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", "")},  # no PYTHONPATH: it needs nothing of ours
        check=False,
    )
    assert (done.returncode, done.stderr, done.stdout) == (0, "", text)
    source = (ROOT / "tools" / "clean_notebook.py").read_text(encoding="utf-8")
    assert not re.search(r"^(from|import) (ftwkit|widgets)", source, re.M)
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "filter.ftw-notebook.clean" in makefile and "tools/clean_notebook.py" in makefile
    refused = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "clean_notebook.py"), "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert refused.returncode == 2 and "usage" in refused.stderr


def test_the_catalogue_comes_from_the_games_registrations() -> None:
    # Issue 13: each game's package declares its catalogue facts and edge-case notes.
    from ftwkit import registry

    notes = [d for d in dashboard.DASHBOARDS if d.kind == "edge-case"]
    declared = [(g.id, n.notebook) for g in registry.games() for n in g.catalogue.notes]
    assert [(d.game, d.notebook) for d in notes] == declared
    assert ("playwin", "playwin-bent-leap-chains.ipynb") in declared
    listed = dashboard.designer_notes().data
    assert re.findall(r'href="([^"]+)"', listed) == [
        *(n for _, n in declared),
        "balance-lab.ipynb",
    ]
    page = dashboard.gallery().data
    assert "Élanor Grace Rodeffer · 2 players" in page
    assert page.count('class="ftw-card"') == len(registry.game_ids())


def test_the_switch_table_reads_in_words_with_rulings_linked() -> None:
    from widgets.dashboard import options_table

    table = options_table("forthewin").data
    assert "<b>Allow pass</b><br><code>allow_pass</code>" in table
    assert "(recommended)" in table
    assert 'class="ftw-ruling"' in table  # an option's "(FW…)" reference is a link


def test_a_case_card_tells_its_steps_as_sentences_naming_the_mover() -> None:
    from ftwkit import casebook

    case = next(c for c in casebook.load("ftwcards") if any(s.get("move") for s in c.steps))
    lines = case_cards._verdict_lines(casebook.run_case(case))
    assert "play <b>" not in lines and "Player 1 " in lines
    assert "plays “<b>" in lines or "tries “<b>" in lines


@pytest.mark.parametrize("game", ["playwin", "pnrz"])
def test_an_explorer_is_built_with_each_widgets_state_in_its_first_message(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every widget's state travels to the page when it is made; a change made while the
    explorer is still being built (a class added, a layout replaced) and a widget made only to
    be replaced are each one more message the kernel sends and the server reads, for every
    visitor (about 480 messages for a Play Win page before, 340 now). The few changes left
    are the first position being shown (the history's lists and buttons, the status lines, the
    computer's seats)."""
    import ipywidgets

    changed: list[str] = []
    real_send_state = ipywidgets.Widget.send_state

    def send_state(self: ipywidgets.Widget, key: Any = None) -> None:
        changed.append(f"{type(self).__name__}.{key}")
        real_send_state(self, key)

    monkeypatch.setattr(ipywidgets.Widget, "send_state", send_state)
    Explorer(game)
    assert not [c for c in changed if "_dom_classes" in c or c.endswith(".layout")], changed
    assert len(changed) <= 25, changed


def test_an_explorers_texts_share_one_style_model() -> None:
    """Each text made its own default style model (about forty per explorer, each a message to
    the page); they now share the kernel's one, and a text styled on its own keeps its own."""
    import ipywidgets

    from widgets.shared_style import HTML, default_html_style

    explorer = Explorer("playwin")
    texts: list[ipywidgets.HTML] = []

    def walk(widget: ipywidgets.Widget) -> None:
        if isinstance(widget, ipywidgets.HTML):
            texts.append(widget)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(explorer)
    assert len(texts) > 20
    assert {id(t.style) for t in texts} == {id(default_html_style())}
    assert HTML("big", style={"font_size": "20px"}).style is not default_html_style()
