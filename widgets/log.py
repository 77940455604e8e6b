"""A visible log panel, and the guard that keeps exceptions of widget callbacks out of sight.

Exceptions raised inside ipywidgets callbacks are invisible in Voilà, so every handler of the
explorer widgets runs through :func:`guarded`, which shows refused moves and malformed input as a
one-line message. Anything unexpected is announced in one line on the page and written with its
traceback to the server's log (the ``widgets`` Python logger) only: a page shared by link must
not show tracebacks, server paths or the text of internal errors.
"""

from __future__ import annotations

import functools
import html
import logging
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar, overload

import ipywidgets

from ftwkit.errors import FtwError
from widgets.colours import ERROR, ERROR_TINT, INFO, INFO_TINT, TEXT
from widgets.shared_style import HTML

__all__ = ["LOGGER", "LogPanel", "guarded", "one_line"]

LOGGER = logging.getLogger("widgets")
"""Where tracebacks go: the server's log (the kernel's stderr under Voilà), never the page."""

_MAX_MESSAGE = 300
"""The longest message shown on the page (an engine message may quote a long bad value)."""


def one_line(text: str, limit: int = _MAX_MESSAGE) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


P = ParamSpec("P")
R = TypeVar("R")

_MAX_ENTRIES = 200


class LogPanel(ipywidgets.VBox):
    """A scrolling list of log entries with a Clear button; ``entries`` keeps the plain text.

    The panel stays out of sight while it is empty (a page with several explorers would otherwise
    show several empty panels) and appears as soon as anything is logged, its header tinted red
    and counting the entries when an error is among them. Clearing it hides it again.
    """

    def __init__(self, title: str = "Log") -> None:
        self.entries: list[tuple[str, str]] = []
        self._lines: list[tuple[str, str, str]] = []
        self._name = title
        self._html = HTML(layout=ipywidgets.Layout(max_height="160px", overflow="auto"))
        self._clear = ipywidgets.Button(
            description="Clear log", layout=ipywidgets.Layout(width="90px")
        )
        self._clear.on_click(self._on_clear_click)
        self._title = HTML()
        super().__init__(
            [ipywidgets.HBox([self._title, self._clear]), self._html],
            # as _render leaves an empty panel (made so, not changed: each change is a message)
            layout=ipywidgets.Layout(
                padding="2px 6px", margin="6px 0 0 0", display="none", border=""
            ),
            _dom_classes=("ftw-log",),
        )
        self._render()

    @property
    def visible(self) -> bool:
        """Whether the panel is shown (only while it holds entries)."""
        display: str | None = self.layout.display
        return display != "none"

    @property
    def header(self) -> str:
        """The header as plain text, e.g. ``"Log — 2 entries, 1 error"``."""
        errors = sum(level == "error" for level, _ in self.entries)
        n = len(self.entries)
        text = f"{self._name} — {n} {'entry' if n == 1 else 'entries'}"
        if errors:
            text += f", {errors} {'error' if errors == 1 else 'errors'}"
        return text

    @property
    def text(self) -> str:
        """Every entry as plain text, one per line."""
        return "\n".join(f"{level}: {text}" for level, text in self.entries)

    def info(self, text: str) -> None:
        """Add an informational entry."""
        self._add("info", text)

    def error(self, text: str) -> None:
        """Add an error entry (shown in red)."""
        self._add("error", text)

    def exception(self, err: BaseException, where: str) -> None:
        """Note an unexpected exception: one line here, the traceback in the server's log.

        The panel names only the exception's type and where it happened; its text may hold
        server paths or internals, so it goes with the traceback to :data:`LOGGER`.
        """
        LOGGER.error("unexpected %s in %s", type(err).__name__, where, exc_info=err)
        self._add(
            "error", f"unexpected {type(err).__name__} in {where} (details in the server log)"
        )

    def _add(self, level: str, text: str) -> None:
        stamp = time.strftime("%H:%M:%S")
        self.entries.append((level, text))
        del self.entries[:-_MAX_ENTRIES]
        self._lines.append((stamp, level, text))
        del self._lines[:-_MAX_ENTRIES]
        self._render()

    def _render(self) -> None:
        lines = self._lines
        if not lines:
            self._html.value = ""
            self._title.value = ""
            self.layout.display = "none"
            self.layout.border = ""
            return
        errors = any(level == "error" for _, level, _ in lines)
        colour, tint = (ERROR, ERROR_TINT) if errors else (INFO, INFO_TINT)
        self._title.value = (
            f"<div style='color:{colour};background:{tint};font-weight:bold;"
            f"padding:2px 8px;margin-right:8px'>{html.escape(self.header)}</div>"
        )
        self.layout.border = f"1px solid {colour}"
        self.layout.display = None
        rows = []
        for stamp, level, text in reversed(lines):
            colour = ERROR if level == "error" else TEXT
            rows.append(
                f"<div style='color:{colour};white-space:pre-wrap;font-family:monospace;"
                f"font-size:11px'>{stamp} {html.escape(text)}</div>"
            )
        self._html.value = "".join(rows)

    def _on_clear_click(self, _button: Any) -> None:
        self.entries.clear()
        self._lines.clear()
        self._render()


@overload
def guarded(where: str) -> Callable[[Callable[P, R]], Callable[P, R | None]]: ...


@overload
def guarded(where: str, failed: R) -> Callable[[Callable[P, R]], Callable[P, R]]: ...


def guarded(where: str, failed: Any = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a widget method so no exception escapes silently.

    ``FtwError`` (an illegal move, malformed input) becomes a one-line message via
    ``self._show_error``; anything else is noted in ``self.log_panel`` (one line), logged with its
    traceback to the server log, and announced in the message line without its text. Either way
    the method returns ``failed``.
    """

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return fn(self, *args, **kwargs)
            except FtwError as err:
                self._show_error(one_line(str(err)))
            except Exception as err:
                self.log_panel.exception(err, f"{where} ({fn.__name__})")
                self._show_error(
                    f"Unexpected error in {where} ({type(err).__name__}); "
                    "the details are in the server log."
                )
            return failed

        return wrapper

    return decorate
