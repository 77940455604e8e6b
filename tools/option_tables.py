"""Write the options table of every rule page from the games' own words.

Usage: ``python tools/option_tables.py [--check]``

Each game's switches are worded once, in its ``Options.IN_WORDS`` (see
``ftwkit.options.Wording``); the table under ``| option | ruling | values | in words |`` in
``docs/rules/<game>.md`` is generated from there, and only that table is rewritten. ``--check``
changes nothing and exits 1 when a page's table is not the generated one (the tests run it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ftwkit import registry  # noqa: E402
from ftwkit.options import option_rows  # noqa: E402

RULES = ROOT / "docs" / "rules"
HEADER = "| option | ruling | values | in words |"


def with_table(page: str, rows: list[str]) -> str:
    """``page`` with the rows of its options table replaced by ``rows`` (the rest untouched)."""
    start = page.index(HEADER)
    body = page.index("\n", page.index("\n", start) + 1) + 1  # after the header and its rule
    end = body
    while end < len(page) and page.startswith("|", end):
        end = page.index("\n", end) + 1 if "\n" in page[end:] else len(page)
    return page[:body] + "".join(f"{row}\n" for row in rows) + page[end:]


def stale_pages(write: bool) -> list[Path]:
    """The rule pages whose options table differs from the generated one (rewritten if
    ``write``)."""
    stale = []
    for game in registry.games():
        path = RULES / f"{game.id}.md"
        if not path.exists():
            continue
        page = path.read_text(encoding="utf-8")
        fresh = with_table(page, option_rows(game.rules.Options))
        if fresh != page:
            stale.append(path)
            if write:
                path.write_text(fresh, encoding="utf-8")
    return stale


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or with ``--check``, check) every rule page's options table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    stale = stale_pages(write=not args.check)
    for path in stale:
        print(f"{'stale' if args.check else 'rewrote'}: {path.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
