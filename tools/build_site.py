"""Build the static site (``make site``): a playable rules explorer per game, no server needed.

Everything comes from the registries (``ftwkit.registry``: one card and one set of pages per
registered game), the rule pages of ``docs/rules``, the casebooks and the edge-case notes:

* ``index.html`` — one card per game, a link back to the Voilà dashboards;
* ``<game>.html`` — the explorer: the board drawn by ``ftwkit.render`` in a Web Worker running
  Pyodide, clicks, "why not?", sub-steps, history, variants, legend, the computer and Hint;
* ``<game>-rules.html`` — the rule page (Markdown rendered here, ruling anchors kept);
* ``<game>-casebook.html`` and ``data/<game>-casebook.json`` — the cases with their verdicts,
  each opening in the explorer (the YAML is read here; the browser never needs PyYAML);
* ``<note>.html`` — each edge-case note's text with its cases as links into the explorer;
* ``assets/`` — the page's JavaScript and CSS, and ``ftwkit.zip``: the package's pure-Python
  files the workers unpack (no casebook YAML, no balance lab: nothing that imports beyond the
  standard library);
* ``pyodide/`` — the Pyodide core from the npm package pinned in ``site_src/package-lock.json``.

Usage: ``python tools/build_site.py [--out site]`` (runs ``npm ci`` in ``site_src`` first when
its ``node_modules`` is missing or older than the lock file).
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ftwkit  # noqa: E402
from ftwkit import casebook, links, registry, render  # noqa: E402
from ftwkit.casebook.sentences import describe_step  # noqa: E402
from ftwkit.options import describe_options  # noqa: E402
from ftwkit.render.legend import swatch_svg  # noqa: E402
from ftwkit.site import LEFT_OUT  # noqa: E402
from widgets.rules_docs import link_rulings, option_words, rules_html  # noqa: E402
from widgets.switches import choice_words  # noqa: E402

SRC = ROOT / "site_src"
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What the worker loads of the npm package (the core: interpreter, standard library, lock)."""

_LEFT_OUT_FOLDERS = tuple(part.replace(".", "/") + "/" for part in LEFT_OUT)
"""The folders of :data:`ftwkit.site.LEFT_OUT`, as the zip's paths start."""

DASHBOARDS = "make dashboards"


def npm_install() -> Path:
    """``site_src/node_modules/pyodide``, installed from the lock file when missing or stale."""
    modules = SRC / "node_modules"
    lock = SRC / "package-lock.json"
    stamp = modules / ".package-lock.json"
    if not stamp.exists() or stamp.stat().st_mtime < lock.stat().st_mtime:
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=SRC, check=True)
    return modules / "pyodide"


PACKAGED = (".py", ".json")
"""The kinds of file the workers need: the code and its data (PNRZ's tile set)."""


def package_zip(out: Path) -> None:
    """``ftwkit``'s Python files and data (no YAML, no lab) as the zip the workers unpack."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted((ROOT / "ftwkit").rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix not in PACKAGED or "__pycache__" in rel:
                continue
            if rel.startswith(_LEFT_OUT_FOLDERS):
                continue
            zf.write(path, rel)


# ---------------------------------------------------------------------- page frame
def page(title: str, body: str, *, extra_head: str = "", body_class: str = "") -> str:
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/style.css">{extra_head}
</head><body class="{body_class}">
<header class="top"><a href="index.html" class="home">ftwkit</a>
<span class="sub">rules explorer in your browser</span></header>
{body}
</body></html>
"""


def game_nav(game_id: str, here: str) -> str:
    entry = registry.game(game_id)
    items = [(f"{game_id}.html", "Explorer"), (f"{game_id}-rules.html", "Rules")]
    items.append((f"{game_id}-casebook.html", "Casebook"))
    for note in entry.catalogue.notes:
        items.append((note_page(note.notebook), note.title))
    parts = []
    for href, text in items:
        cls = ' class="here"' if href == here else ""
        parts.append(f'<a href="{href}"{cls}>{html.escape(text)}</a>')
    return f'<nav class="game-nav"><b>{html.escape(entry.title)}</b> {" ".join(parts)}</nav>'


def note_page(notebook: str) -> str:
    return notebook.removesuffix(".ipynb") + ".html"


def markdown(text: str) -> str:
    import mistune

    md = mistune.create_markdown(escape=True, plugins=["table"])
    return str(md(text))


def explorer_link(game_id: str, state: Any) -> str:
    return f"{game_id}.html#position={links.encode_value(state.to_json())}"


# ---------------------------------------------------------------------- index
def index_page() -> str:
    cards = []
    for entry in registry.games():
        facts = entry.catalogue
        picture = render.svg(entry.rules().new(seed=1))
        notes = "".join(
            f'<li><a href="{note_page(n.notebook)}">{html.escape(n.title)}</a></li>'
            for n in facts.notes
        )
        cards.append(
            f"""<article class="card">
<a class="pic" href="{entry.id}.html">{picture}</a>
<h2><a href="{entry.id}.html">{html.escape(entry.title)}</a></h2>
<p class="by">{html.escape(facts.designer)} · {html.escape(facts.players)}</p>
<p>{html.escape(facts.tagline)}</p>
<p class="links"><a class="button" href="{entry.id}.html">Play and explore</a>
<a href="{entry.id}-rules.html">Rules</a> <a href="{entry.id}-casebook.html">Casebook</a></p>
{f'<ul class="notes">{notes}</ul>' if notes else ""}
</article>"""
        )
    body = f"""<main class="index">
<h1>See your rules work</h1>
<p class="lead">Five small tabletop games, each with a board you can click, a "why not?" for every
refused move, the computer as an opponent, and the rules as the engine plays them. Everything
runs in your browser: nothing is installed and nothing is sent anywhere.</p>
<div class="cards">{"".join(cards)}</div>
<section class="about"><h2>The dashboards</h2>
<p>The same explorers, with the scenario editor and the balance lab, run as Jupyter dashboards
from a clone of the project: <code>{DASHBOARDS}</code> serves them with Voilà at
<code>http://127.0.0.1:8866/</code>. This site needs no server: <code>make site</code> builds it,
and any static host serves it.</p></section>
</main>"""
    return page("ftwkit — rules explorer", body)


# ---------------------------------------------------------------------- explorer page
def option_meta(game_id: str) -> list[dict[str, Any]]:
    """Each variant switch with its choices in words (the rule page's options table)."""
    words = option_words(game_id)
    found = []
    for spec in describe_options(registry.rules_class(game_id).Options):
        said = words.get(spec.name)
        choices = None
        if spec.choices is not None:
            choices = [{"value": c, "words": choice_words(spec, said, c)} for c in spec.choices]
        explanation = said.words if said is not None else spec.doc
        found.append(
            {
                "name": spec.name,
                "label": spec.label,
                "kind": spec.kind,
                "default": spec.default,
                "choices": choices,
                "min": spec.min,
                "max": spec.max,
                "explanation": _rules_links(game_id, link_rulings(html.escape(explanation))),
            }
        )
    return found


def legend_html(game_id: str) -> str:
    state = registry.rules(game_id).new(seed=1)
    items = []
    for marker in render.renderer(game_id).legend(state):
        items.append(
            f"<li>{swatch_svg(marker.swatch)}<span>{html.escape(marker.words)}</span></li>"
        )
    return f'<ul class="legend">{"".join(items)}</ul>'


def explorer_page(game_id: str) -> str:
    entry = registry.game(game_id)
    rules = entry.rules()
    state = rules.new(seed=1)
    meta = {
        "game": game_id,
        "title": entry.title,
        "players": [rules.player_names(n) for n in range(rules.min_players, rules.max_players + 1)],
        "min_players": rules.min_players,
        "max_players": rules.max_players,
        "default_players": state.players,
        "hidden_information": rules.hidden_information,
        "options": option_meta(game_id),
    }
    summary = markdown(entry.catalogue.summary) if entry.catalogue.summary else ""
    meta_json = json.dumps(meta).replace("</", "<\\/")
    body = f"""{game_nav(game_id, f"{game_id}.html")}
<main class="explorer">
<section class="board-col">
  <div class="status" id="status">Starting Python in your browser…</div>
  <div class="cover" id="cover" hidden><p id="cover-text"></p>
    <button id="reveal" type="button">I am ready: show my view</button></div>
  <div class="board" id="board" aria-live="polite"><p class="loading">Loading the engine
    (about 7 MB, once; later visits come from your browser's cache)…</p></div>
  <p class="message" id="message" role="status"></p>
  <div class="choices" id="choices"></div>
  <div class="row" id="steps-row" hidden>Step through the move:
    <button id="step-prev" type="button">◀</button><span id="step-text"></span>
    <button id="step-next" type="button">▶</button></div>
  <div class="row"><button id="back" type="button">◀ Back</button>
    <button id="forward" type="button">Forward ▶</button>
    <button id="clear" type="button">Clear clicks</button>
    <form id="typed" class="typed"><input id="move-text" placeholder="type a move" size="14">
    <button type="submit">Play</button></form></div>
</section>
<aside class="side">
  <section><h2>Players</h2>
    <p class="small">Give a seat to the computer to play against it.</p><div id="seats"></div>
    <div class="row"><label>Computer level <select id="level">
      <option value="easy">easy (one move ahead)</option>
      <option value="normal" selected>normal (thinks 1 s)</option>
      <option value="strong">strong (thinks 3 s)</option></select></label></div>
    <div class="row"><button id="hint" type="button">Hint</button>
      <button id="stop" type="button" disabled>Stop</button></div>
    <div class="row" id="view-row" hidden><label>Who looks at the screen
      <select id="viewer"></select></label></div>
  </section>
  <section><h2>History</h2><ol class="history" id="history"></ol></section>
  <section><h2>Link</h2><p class="small">The address of this page holds the game so far:
    copy it to share this exact position.</p>
    <p><a id="link" href="#">Link to this position</a></p></section>
  <details><summary>Variant switches</summary><form id="variants"></form></details>
  <details><summary>Legend</summary>{legend_html(game_id)}</details>
  <details><summary>About this game</summary>{summary}
    <p><a href="{game_id}-rules.html">The rules as the engine plays them</a></p></details>
</aside>
</main>
<script type="application/json" id="meta">{meta_json}</script>
<script src="assets/app.js"></script>"""
    return page(f"{entry.title} — ftwkit explorer", body, body_class="game")


# ---------------------------------------------------------------------- rules, cases, notes
def rules_page(game_id: str) -> str:
    entry = registry.game(game_id)
    body = f"""{game_nav(game_id, f"{game_id}-rules.html")}
<main class="doc">{rules_html(game_id)}</main>"""
    return page(f"{entry.title} — rules", body)


def case_data(game_id: str) -> list[dict[str, Any]]:
    """Every case with its verdicts: what the casebook page shows and links to."""
    found = []
    for case in casebook.load(game_id):
        result = casebook.run_case(case)
        start = result.start
        names = start.rules.player_names(start.players)
        before = [start, *(s.state for s in result.steps)]
        found.append(
            {
                "id": case.id,
                "title": case.title,
                "rule": case.rule,
                "explanation": case.explanation,
                "options": case.options,
                "position": start.to_json(),
                "link": explorer_link(game_id, start),
                "ok": result.ok,
                "steps": [
                    {
                        "move": s.move,
                        "says": describe_step(step, names, _mover(before[s.index], names)),
                        "ok": s.ok,
                        "verdict": s.message,
                    }
                    for s, step in zip(result.steps, case.steps, strict=True)
                ],
            }
        )
    return found


def _mover(state: Any, names: tuple[str, ...]) -> str | None:
    return names[state.to_play] if state.to_play is not None else None


def case_card(game_id: str, case: dict[str, Any]) -> str:
    picture = render.svg(case["position"])
    steps = "".join(
        f"<li>{html.escape(s['says'])} "
        f'<span class="{"ok" if s["ok"] else "bad"}">— {html.escape(s["verdict"])}</span></li>'
        for s in case["steps"]
    )

    def linked(text: str) -> str:
        return _rules_links(game_id, link_rulings(html.escape(text)))

    verdict = "every step as the rules say" if case["ok"] else "a step disagrees"
    return f"""<article class="case" id="{html.escape(case["id"])}">
<h3>{html.escape(case["title"])}</h3>
<div class="case-body"><a class="pic" href="{case["link"]}">{picture}</a>
<div><p class="rule">{linked(case["rule"])}</p><p>{linked(case["explanation"])}</p>
<p class="verdict {"ok" if case["ok"] else "bad"}">Verdict: {verdict}</p>
<ol class="steps">{steps}</ol>
<p><a class="button" href="{case["link"]}">Open in the explorer</a></p></div></div>
</article>"""


def casebook_page(game_id: str, cases: list[dict[str, Any]]) -> str:
    entry = registry.game(game_id)
    cards = "\n".join(case_card(game_id, c) for c in cases)
    body = f"""{game_nav(game_id, f"{game_id}-casebook.html")}
<main class="doc"><h1>{html.escape(entry.title)} — casebook</h1>
<p>Each case sets up a position that tests one rule, plays its steps and checks what the engine
says. Open a case to try it on the board.</p>{cards}</main>"""
    return page(f"{entry.title} — casebook", body)


TRY_CASES = """## Try the cases

Each case below opens in the explorer: click its picture or *Open in the explorer*, then follow
what the case says to try."""


def _rules_links(game_id: str, text: str) -> str:
    """Ruling links (``#fw13``) pointed at the game's rules page."""
    return text.replace('href="#', f'href="{game_id}-rules.html#')


_CASE_NAME = re.compile(r"""["']([0-9]{2}-[a-z0-9-]+)["']""")


def note_page_html(game_id: str, notebook: str, title: str, cases: dict[str, Any]) -> str:
    """An edge-case note: its text, each case it shows as a card opening in the explorer."""
    data = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))
    parts = []
    for cell in data.get("cells", []):
        source = "".join(cell.get("source", []))
        if cell.get("cell_type") == "markdown":
            if source.startswith("## Try the cases"):
                # the dashboard's live board: here each case opens the explorer instead
                source = TRY_CASES
            text = markdown(source.replace("in the board above", "in the explorer"))
            parts.append(_rules_links(game_id, link_rulings(text)))
        elif "case_card" in source:
            for name in _CASE_NAME.findall(source):
                if name in cases:
                    parts.append(case_card(game_id, cases[name]))
    body = f"""{game_nav(game_id, note_page(notebook))}
<main class="doc">{"".join(parts)}</main>"""
    return page(f"{registry.game(game_id).title} — {title}", body)


# ---------------------------------------------------------------------- build
def build(out: Path) -> None:
    """Write the whole site into ``out`` (replacing what was there)."""
    pyodide = npm_install()
    if out.exists():
        shutil.rmtree(out)
    (out / "assets").mkdir(parents=True)
    (out / "pyodide").mkdir()
    (out / "data").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / "pyodide" / name)
    for asset in (SRC / "static").iterdir():
        shutil.copy2(asset, out / "assets" / asset.name)
    package_zip(out / "assets" / "ftwkit.zip")
    (out / "index.html").write_text(index_page(), encoding="utf-8")
    for entry in registry.games():
        gid = entry.id
        (out / f"{gid}.html").write_text(explorer_page(gid), encoding="utf-8")
        (out / f"{gid}-rules.html").write_text(rules_page(gid), encoding="utf-8")
        cases = case_data(gid)
        (out / "data" / f"{gid}-casebook.json").write_text(
            json.dumps(cases, ensure_ascii=False), encoding="utf-8"
        )
        (out / f"{gid}-casebook.html").write_text(casebook_page(gid, cases), encoding="utf-8")
        by_id = {c["id"]: c for c in cases}
        for note in entry.catalogue.notes:
            text = note_page_html(gid, note.notebook, note.title, by_id)
            (out / note_page(note.notebook)).write_text(text, encoding="utf-8")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"site: {out} ({size / 1e6:.1f} MB, {len(ftwkit.game_ids())} games)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    args = parser.parse_args(argv)
    build(args.out)


if __name__ == "__main__":
    main()
