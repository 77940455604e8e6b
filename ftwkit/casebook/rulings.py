"""Which casebook cases illustrate each ruling, as the section the rules pages carry.

A case illustrates a ruling when its rule or explanation cites the ruling's id (``FW9``,
``PN5``, a range ``FW22–FW25`` counting for each id in it). :func:`section` writes the list as
Markdown for ``docs/rules/<game>.md``, between two markers, so that the page can be regenerated
without touching the rest of it; :func:`update_page` does that, and a test checks that every page
is current.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from ftwkit.casebook import Case, load

__all__ = ["BEGIN", "END", "cited", "illustrations", "section", "update_page"]

BEGIN = "<!-- casebook cases: generated, do not edit by hand -->"
END = "<!-- end of casebook cases -->"

_ID = re.compile(r"\b([A-Z]{2})(\d{1,2})(?:\s*[–-]\s*(?:[A-Z]{2})?(\d{1,2}))?\b")


def cited(text: str, prefix: str) -> set[int]:
    """The numbers of the rulings with ``prefix`` that ``text`` cites (ranges expanded)."""
    numbers: set[int] = set()
    for found, first, last in _ID.findall(text):
        if found == prefix:
            end = int(last) if last else int(first)
            numbers.update(range(int(first), max(int(first), end) + 1))
    return numbers


def _prefix(game_id: str) -> str:
    from ftwkit.registry import game

    return game(game_id).catalogue.ruling_prefix


def illustrations(game_id: str, cases: Iterable[Case] | None = None) -> dict[int, list[Case]]:
    """For each ruling number of the game, the cases that cite it (in casebook order)."""
    prefix = _prefix(game_id)
    found: dict[int, list[Case]] = {}
    for case in load(game_id) if cases is None else cases:
        for number in sorted(cited(f"{case.rule} {case.explanation}", prefix)):
            found.setdefault(number, []).append(case)
    return dict(sorted(found.items()))


def _link(case: Case) -> str:
    number = case.id.split("-", 1)[0].lstrip("0") or "0"
    return f"[{number}](../../ftwkit/casebook/{case.game}/{case.id}.yaml) {case.title}"


def section(game_id: str) -> str:
    """The Markdown section listing, ruling by ruling, the cases that illustrate it."""
    prefix = _prefix(game_id)
    lines = [
        BEGIN,
        "## Cases that illustrate each ruling",
        "",
        "Each ruling above, with the casebook cases that show it on a board (the number is the",
        "case's number in the game's casebook; every case is checked by the engine). The list is",
        "generated from the casebook, and a test checks that it is current.",
        "",
    ]
    shown: set[str] = set()
    for number, cases in illustrations(game_id).items():
        anchor = f"{prefix.lower()}{number}"
        lines.append(f"- [{prefix}{number}](#{anchor}):")
        lines += [f"  - {_link(case)}" for case in cases]
        shown |= {case.id for case in cases}
    others = [case for case in load(game_id) if case.id not in shown]
    if others:
        lines.append("- Cases that cite no ruling (rules stated in the game's own text):")
        lines += [f"  - {_link(case)}" for case in others]
    lines.append(END)
    return "\n".join(lines)


def update_page(game_id: str, page: Path) -> bool:
    """Write the section into ``page`` (replacing the old one, or appending it); ``True`` if the
    page changed."""
    text = page.read_text(encoding="utf-8")
    fresh = section(game_id)
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        updated = head + fresh + tail
    else:
        updated = text.rstrip("\n") + "\n\n" + fresh + "\n"
    if updated == text:
        return False
    page.write_text(updated, encoding="utf-8")
    return True
