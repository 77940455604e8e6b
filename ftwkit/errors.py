"""The three exceptions every ftwkit game raises.

Both concrete errors are also ``ValueError``s, so callers that only know the standard library can
still catch them, while callers that care can tell an illegal move from a malformed position.
"""

from __future__ import annotations

__all__ = ["FtwError", "IllegalMove", "InvalidState"]


class FtwError(Exception):
    """Base of every ftwkit error."""


class IllegalMove(FtwError, ValueError):
    """A move (or move text) that the rules refuse; the message names the rule that forbids it."""


class InvalidState(FtwError, ValueError):
    """A malformed or impossible position or record; the message names the offending field."""
