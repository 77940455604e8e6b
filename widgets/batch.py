"""One drawing batch per redraw that always names its canvas (the fix for blank boards on reload).

ipycanvas sends every canvas's draw commands through one shared manager, which tells the browser
"switch to canvas X" only when the target differs from the last one it drew on. That memory lives
in the kernel, but the browser's half starts empty on every page load. After a reload with the
kernel kept, the first redraw of the canvas drawn last before the reload (``on_client_ready``
fires for it when the page restores its model) goes out without a switch; the new page has no
current canvas, fails with "Cannot read properties of undefined (reading 'clearCanvas')", and
its drawing queue stays broken: every board of the page stays blank until the kernel restarts.

:func:`drawing` makes each batch start with a no-op on a tiny canvas of its own that is never
shown, so the manager always switches to the real target inside the batch: the browser's
current canvas is set by the batch itself, whatever happened before. Public ipycanvas API only.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from ipycanvas import Canvas, hold_canvas

__all__ = ["drawing"]

_PIVOT: Canvas | None = None


def _pivot() -> Canvas:
    """A 1×1 canvas that is never displayed; drawing on it moves the manager off the target."""
    global _PIVOT
    if _PIVOT is None:
        _PIVOT = Canvas(width=1, height=1)
    return _PIVOT


@contextlib.contextmanager
def drawing() -> Iterator[None]:
    """``hold_canvas()`` whose message switches to the canvas drawn on, even if it was current."""
    with hold_canvas():
        _pivot().clear()
        yield
