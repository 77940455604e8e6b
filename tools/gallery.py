"""Write one picture per game (SVG and PNG) so a person can look at the renderers.

Usage: ``python tools/gallery.py [FOLDER] [--games g1,g2] [--dark] [--svg-only]``
(default folder ``test-artifacts/gallery/``).

Each game gets a mid-game position: 40 % into a seeded random game (and, for a game with hidden
information, a second picture as player 0 sees it). PNGs are made from the SVG by headless
Debian chromium through Playwright (no extra imaging library).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ftwkit  # noqa: E402
from ftwkit import render  # noqa: E402
from ftwkit.protocol import State  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (one launch recipe)

LONGEST = 300
"""The most plies of the random game a picture is taken from."""


def mid_game(game_id: str, plies: int | None = None, seed: int = 7) -> State:
    """A seeded random position in the middle of a game: ``plies`` moves in, by default 40 % of
    a seeded random game (at most :data:`LONGEST` plies), so every game's picture shows a board
    in play, whatever the length of its games."""
    rules = ftwkit.rules(game_id)
    players = rules.min_players if rules.min_players > 2 else None
    state = rules.new(seed=seed) if players is None else rules.new(players=players, seed=seed)
    rng = random.Random(seed)
    line = [state]
    for _ in range(LONGEST if plies is None else plies):
        moves = state.legal_moves()
        if not moves or state.is_over:
            break
        state = state.play(rng.choice(moves))
        line.append(state)
    return state if plies is not None else line[len(line) * 2 // 5]


def write_pictures(folder: Path, games: list[str], theme: Any, png: bool) -> list[Path]:
    """Write ``<game>.svg`` (and ``.png``) for each game; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    pictures: dict[str, str] = {}
    for game in games:
        state = mid_game(game)
        hidden = state.rules.hidden_information
        names = [(game, None)] + ([(f"{game}-view0", 0)] if hidden else [])
        for name, view in names:
            pictures[name] = render.svg(state, view=view, theme=theme)
            path = folder / f"{name}.svg"
            path.write_text(pictures[name], encoding="utf-8")
            written.append(path)
    if png:
        written += _to_png(folder, pictures)
    return written


def _to_png(folder: Path, pictures: dict[str, str]) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out: list[Path] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        try:
            page = browser.new_page()
            for game, text in pictures.items():
                page.set_content(
                    "<html><body style='margin:0;background:#fff'>" + text + "</body></html>"
                )
                element = page.query_selector("svg")
                assert element is not None
                path = folder / f"{game}.png"
                element.screenshot(path=str(path))
                out.append(path)
        finally:
            browser.close()
    return out


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and write the gallery."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "test-artifacts" / "gallery"))
    parser.add_argument("--games", default=",".join(ftwkit.game_ids()))
    parser.add_argument("--dark", action="store_true", help="use the dark theme")
    parser.add_argument("--svg-only", action="store_true", help="skip the PNG export")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    theme = render.DARK if args.dark else render.LIGHT
    for path in write_pictures(Path(args.folder), games, theme, not args.svg_only):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
