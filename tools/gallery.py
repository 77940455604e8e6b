"""Write one picture per game (SVG and PNG) so a person can look at the renderers.

Usage: ``python tools/gallery.py [FOLDER] [--games g1,g2] [--dark] [--svg-only]``
(default folder ``test-artifacts/gallery/``).

Each game gets a mid-game position: a seeded random line of play when its engine exists, else a
hand-written JSON position. PNGs are made from the SVG by headless Debian chromium through
Playwright (no extra imaging library).
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
from widgets.dashboard import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (one launch recipe)

FALLBACK: dict[str, dict[str, Any]] = {
    "playwin": {
        "game": "playwin",
        "to_play": 0,
        "pieces": [["A1", "A3", "B2", "C4", "D4"], ["E5", "F6", "G7", "H8", "I9"]],
    },
    "forthewin": {
        "game": "forthewin",
        "to_play": 0,
        "first": 0,
        "actions_used": [3, 2],
        "turn_actions": 1,
        "tiles": [
            {"player": 0, "kind": "monkey", "at": [0, 0], "up": True},
            {"player": 1, "kind": "monkey", "at": [1, 0], "up": True},
            {"player": 0, "kind": "ninja", "at": [-1, 1], "up": True},
            {"player": 1, "kind": "pirate", "at": [2, 1], "up": False},
            {"player": 0, "kind": "alien", "at": [0, -1], "up": True},
            {"player": 1, "kind": "zombie", "at": [1, 1], "up": True},
            {"player": 0, "kind": "pirate", "at": [-1, 0], "up": False},
        ],
    },
    "ftwcards": {
        "game": "ftwcards",
        "players": 3,
        "round": 1,
        "start": 0,
        "to_play": 1,
        "phase": "play",
        "hands": [[3, 17, 30], [5, 9, 22, 34], [1, 2]],
        "pile": [12, 20],
        "aux": [[6], [], []],
        "out": [],
        "aside": [],
        "scores": [0, 0, 0],
    },
    "doubleblind": {
        "game": "doubleblind",
        "size": 19,
        "to_play": 0,
        "secrets": [2, 5],
        "stones": [["D4", "E5", "F6", "G7", "K10"], ["K11", "L10", "J10", "Q16"]],
        "queries": [{"player": 0, "answer": False}],
        "pending": [],
        "completed": [[2], []],
    },
    "pnrz": {
        "game": "pnrz",
        "players": 2,
        "to_play": 0,
        "characters": [["pirate", "ninja"], ["robot", "zombie"]],
        "tiles": [
            {
                "quads": ["pirate", "pirate", "ninja", "kraken"],
                "icon": None,
                "at": [0, 0],
                "rot": 0,
            },
            {
                "quads": ["robot", "robot:battery", "zombie", "zombie"],
                "icon": "swap",
                "at": [2, 1],
                "rot": 1,
            },
        ],
        "hands": [["base:pirate"], ["base:robot"]],
        "draw": [],
    },
}


PLIES = {"playwin": 14, "forthewin": 24, "ftwcards": 12, "doubleblind": 150, "pnrz": 12}
"""How far into a random game each picture is taken."""

HIDDEN = ("ftwcards", "doubleblind", "pnrz")
"""Games that also get a picture of player 0's view."""


def mid_game(game_id: str, plies: int | None = None, seed: int = 7) -> Any:
    """A seeded random position some moves into the game (or the JSON fallback)."""
    try:
        rules = ftwkit.rules(game_id)
    except (ValueError, AttributeError, ImportError):
        return FALLBACK[game_id]
    plies = PLIES.get(game_id, 14) if plies is None else plies
    state = rules.new(seed=seed) if rules.min_players == 2 else rules.new(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves or state.is_over:
            break
        state = state.play(rng.choice(moves))
    return state


def write_pictures(folder: Path, games: list[str], theme: Any, png: bool) -> list[Path]:
    """Write ``<game>.svg`` (and ``.png``) for each game; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    pictures: dict[str, str] = {}
    for game in games:
        state = mid_game(game)
        names = [(game, None)] + ([(f"{game}-view0", 0)] if game in HIDDEN else [])
        for name, view in names:
            if view is not None and isinstance(state, dict):
                continue
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
