"""Command line for the casebook.

``python -m ftwkit.casebook export GAME --out DIR`` writes a standalone HTML page and a Markdown
file of the game's cases; ``python -m ftwkit.casebook changes GAME OPTION=VALUE`` lists the cases
whose verdicts change under a switch; ``python -m ftwkit.casebook rulings GAME`` prints, ruling by
ruling, the cases that illustrate it (``--write`` puts that list into ``docs/rules/GAME.md``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence


def _value(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return text


def main(argv: Sequence[str] | None = None) -> int:
    """Run the casebook command line; returns the exit status."""
    from ftwkit.registry import game_ids

    parser = argparse.ArgumentParser(prog="python -m ftwkit.casebook")
    sub = parser.add_subparsers(dest="command", required=True)
    exp = sub.add_parser("export", help="write the casebook as HTML and Markdown")
    exp.add_argument("game", choices=game_ids())
    exp.add_argument("--out", required=True, help="folder to write into")
    chg = sub.add_parser("changes", help="cases whose verdicts change under a switch")
    chg.add_argument("game", choices=game_ids())
    chg.add_argument("switch", help="OPTION=VALUE, e.g. zombie_infects_zombies=false")
    rul = sub.add_parser("rulings", help="the cases that illustrate each ruling")
    rul.add_argument("game", choices=game_ids())
    rul.add_argument(
        "--write",
        nargs="?",
        const="",
        metavar="PAGE",
        help="write the list into the rules page (default docs/rules/GAME.md)",
    )
    args = parser.parse_args(argv)
    if args.command == "rulings":
        from pathlib import Path

        from ftwkit.casebook.rulings import section, update_page

        if args.write is None:
            print(section(args.game))
            return 0
        page = Path(args.write or f"docs/rules/{args.game}.md")
        if not page.is_file():
            print(f"error: no rules page at {page}", file=sys.stderr)
            return 2
        changed = update_page(args.game, page)
        print(f"{page}: {'updated' if changed else 'already current'}")
        return 0
    if args.command == "export":
        from ftwkit.casebook.export import export

        page, md = export(args.game, args.out)
        print(f"wrote {page} and {md}")
        return 0
    from ftwkit.casebook.impact import cases_changed_by

    name, sep, raw = args.switch.partition("=")
    if not sep:
        parser.error("the switch must be written OPTION=VALUE")
    try:
        changes = cases_changed_by(args.game, name, _value(raw))
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if not changes:
        print(f"no case changes its verdict with {name} = {raw}")
    for change in changes:
        print(f"{change.case.id}: {change.case.title} — {change.summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
