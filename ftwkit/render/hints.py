"""The computer's hint drawn over a board: one arrow (or ring) per hinted move, with its share.

Written once for every front end: the Jupyter explorer draws it on its canvas and the static
site into an SVG group, both through a :class:`~ftwkit.render.base.Pen`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ftwkit.protocol import Move, State
from ftwkit.render.base import Pen
from ftwkit.render.protocol import Renderer
from ftwkit.render.theme import Theme

__all__ = ["draw_hint", "share_shades"]


def share_shades(shares: Sequence[float]) -> list[int]:
    """The shade of each hinted move: shares shown equal (to the whole percent printed beside
    them) get the same shade, a smaller share a lighter one (0 = the darkest, the best share).

    >>> share_shades([0.5, 0.3, 0.3, 0.1])
    [0, 1, 1, 2]
    >>> share_shades([0.021, 0.02, 0.0201])
    [0, 0, 0]
    """
    shown = [round(share * 100) for share in shares]
    levels = sorted(set(shown), reverse=True)
    return [levels.index(value) for value in shown]


def draw_hint(
    pen: Pen,
    theme: Theme,
    renderer: Renderer,
    state: State,
    view: int | None,
    hint: Sequence[tuple[Move, float]],
) -> None:
    """Draw ``hint`` (moves with their shares, best first) over ``state`` as ``renderer`` lays
    it out for ``view``: an arrow through a move's targets (a ring for one target), shaded by
    its share, and the share printed at its end."""
    shades = share_shades([share for _, share in hint])
    for shade, (move, share) in zip(shades, hint, strict=True):
        colour = theme.hint(shade)
        centres = []
        for target in move.targets:
            box = renderer.target_box(state, target, view=view)
            if box is not None:
                x, y, w, h = box
                centres.append((x + w / 2, y + h / 2, min(w, h) / 2))
        if not centres:
            continue
        pen.alpha(0.85)
        if len(centres) > 1:
            pen.arrow([(x, y) for x, y, _ in centres], colour, 4.0, head=12.0)
        else:
            x, y, r = centres[0]
            pen.circle(x, y, max(r, 8.0), stroke=colour, width=4.0)
        x, y, r = centres[-1]
        pen.alpha(1.0)
        pen.rect((x - 20, y - r - 18, 40, 16), fill=colour)
        pen.text(f"{share:.0%}", x, y - r - 10, size=11, colour="#ffffff", bold=True)
    pen.alpha(1.0)
