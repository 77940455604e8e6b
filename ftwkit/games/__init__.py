"""One package per game: pure rules (standard library only), its interaction answers, its scenario
edit tools and its catalogue facts, declared once as the package's ``GAME`` (see
:mod:`ftwkit.registry`)."""

BUILTIN: tuple[str, ...] = ("forthewin", "playwin", "ftwcards", "doubleblind", "pnrz")
"""The games shipped with ftwkit, in API.md order: each is the package ``ftwkit.games.<id>``, whose
``GAME`` registers it (imported on first use)."""
