"""Drive the Voilà dashboards in headless Chromium: shared by the browser tests and the benchmark.

Starts ``voila/serve.py`` (the same launcher as ``make dashboards``) on a free loopback port,
launches Debian's ``/usr/bin/chromium`` through Playwright (no browser download), and offers the
page-side checks the tests and ``benchmarks/dashboard_bench.py`` share: whether a canvas has drawn
pixels (read back with ``getImageData``), a cheap fingerprint of every canvas to notice a redraw,
and where to click for a move target.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOTEBOOKS_DIR = os.path.join(ROOT, "notebooks")
SERVE = os.path.join(ROOT, "voila", "serve.py")
ARTIFACTS = os.path.join(ROOT, "test-artifacts")
SCREENSHOTS = os.path.join(ARTIFACTS, "screenshots")
VIEWPORT = {"width": 1280, "height": 960}

if ROOT not in sys.path:  # this checkout's widgets, not an installed copy
    sys.path.insert(0, ROOT)

from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from widgets import dashboard as ftw_dashboard  # noqa: E402

DASHBOARDS = ftw_dashboard.DASHBOARDS
"""Every served notebook, index first (from the notebooks' own catalogue)."""

# --------------------------------------------------------------------------- page-side scripts
CANVASES_JS = """
() => Array.from(document.querySelectorAll('canvas'))
  .filter(c => c.width > 0 && c.height > 0 && c.getBoundingClientRect().width > 0)
"""

DRAWN_FRACTIONS_JS = """
() => Array.from(document.querySelectorAll('canvas'))
  .filter(c => c.width > 0 && c.height > 0 && c.getBoundingClientRect().width > 0)
  .map(c => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let drawn = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) drawn++;
    return drawn / (c.width * c.height);
  })
"""

FIRST_CANVAS_DRAWN_JS = """
() => {
  for (const c of document.querySelectorAll('canvas')) {
    if (!c.width || !c.height || !c.getBoundingClientRect().width) continue;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < d.length; i += 64) if (d[i] !== 0) return true;
  }
  return false;
}
"""

FINGERPRINT_JS = """
() => {
  let h = 0;
  for (const c of document.querySelectorAll('canvas')) {
    if (!c.width || !c.height) continue;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 12) h = (h * 31 + d[i]) | 0;
  }
  return h;
}
"""

ARM_CLICK_CLOCK_JS = """
() => {
  window.__ftwClickAt = null;
  document.addEventListener('mousedown', () => { window.__ftwClickAt = performance.now(); },
                            {capture: true, once: true});
}
"""

REDRAWN_SINCE_CLICK_JS = """
(before) => {
  if (window.__ftwClickAt === null) return false;
  let h = 0;
  for (const c of document.querySelectorAll('canvas')) {
    if (!c.width || !c.height) continue;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 12) h = (h * 31 + d[i]) | 0;
  }
  return h !== before ? performance.now() - window.__ftwClickAt : false;
}
"""


# --------------------------------------------------------------------------- the server
def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class VoilaServer:
    """A running ``voila/serve.py`` on a loopback port (use :func:`voila_server`)."""

    port: int
    process: subprocess.Popen[bytes]
    log_path: str

    @property
    def url(self) -> str:
        """The root URL (it redirects to the index dashboard)."""
        return f"http://127.0.0.1:{self.port}/"

    def render_url(self, notebook: str) -> str:
        """The URL of one notebook's dashboard."""
        return f"http://127.0.0.1:{self.port}/voila/render/{notebook}"

    def kernel_url(self, kernel: str) -> str:
        """The REST URL of one running kernel (404 once it is shut down)."""
        return f"http://127.0.0.1:{self.port}/api/kernels/{kernel}"

    def wait_until_gone(self, url: str, timeout: float = 30.0) -> bool:
        """Poll ``url`` until it answers 404; whether it did within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url, timeout=10):
                    pass
            except urllib.error.HTTPError as err:
                if err.code == 404:
                    return True
            time.sleep(0.1)
        return False

    def log(self) -> str:
        """What the server wrote so far (for failure messages)."""
        with open(self.log_path, encoding="utf-8", errors="replace") as fh:
            return fh.read()


TEST_SERVER_OPTIONS = ("--pool-size=0", "--per-client-kernels=24", "--per-address-kernels=24")
"""What the dashboard tests' server runs without: pre-rendered pools (warming six kernels at
every server start costs CPU the tests need) and per-visitor shares (every test visitor comes from
127.0.0.1). ``tests/browser/test_server.py`` tests both with the shipped settings."""


@contextlib.contextmanager
def voila_server(
    timeout: float = 60.0, options: Sequence[str] = TEST_SERVER_OPTIONS
) -> Iterator[VoilaServer]:
    """Start the dashboard server on a free port, wait until it answers, stop it afterwards.

    ``options`` are ``voila/serve.py`` command-line options (``()``: as ``make dashboards``).
    """
    os.makedirs(ARTIFACTS, exist_ok=True)
    port = free_port()
    log_path = os.path.join(ARTIFACTS, f"voila-{port}.log")
    with open(log_path, "wb") as log:
        # The kernels import this checkout's ftwkit and widgets, not an installed copy.
        path = os.pathsep.join(p for p in (ROOT, os.environ.get("PYTHONPATH")) if p)
        process = subprocess.Popen(
            [sys.executable, SERVE, f"--port={port}", *options],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": path},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = VoilaServer(port, process, log_path)
    try:
        _wait_until_serving(server, timeout)
        yield server
    finally:
        _stop(process)


def _wait_until_serving(server: VoilaServer, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"Voilà exited with {server.process.returncode}:\n{server.log()}")
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            if sock.connect_ex(("127.0.0.1", server.port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"Voilà did not answer within {timeout:.0f} s:\n{server.log()}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.terminate()  # Voilà shuts its kernels down on SIGTERM
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        process.wait(timeout=10)


# --------------------------------------------------------------------------- the browser
def launch_chromium(playwright: Any) -> Any:
    """Debian's Chromium, headless, with the flags verified on these machines."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))


@dataclass
class LoadedPage:
    """A dashboard page after its first canvas was drawn (or its content appeared)."""

    page: Any
    url: str
    seconds_to_ready: float
    errors: list[str] = field(default_factory=list)


def open_dashboard(
    browser: Any, url: str, ready: str = "canvas", timeout_ms: float = 90_000
) -> LoadedPage:
    """Open ``url`` in a fresh page and wait until it is ready.

    Args:
        browser: a Playwright browser.
        url: the dashboard URL.
        ready: ``"canvas"`` waits for drawn canvas pixels; anything else is a CSS selector.
        timeout_ms: how long to wait (generous: the machine is shared).
    """
    page = browser.new_page(viewport=VIEWPORT)
    loaded = LoadedPage(page, url, 0.0)
    page.on("pageerror", lambda err: loaded.errors.append(str(err)))
    start = time.perf_counter()
    page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
    if ready == "canvas":
        page.wait_for_function(FIRST_CANVAS_DRAWN_JS, polling="raf", timeout=timeout_ms)
    else:
        page.wait_for_selector(ready, timeout=timeout_ms)
    loaded.seconds_to_ready = time.perf_counter() - start
    return loaded


def open_casebook_explorer(page: Any, game: str, timeout_ms: float = 90_000) -> str:
    """Pick the first case whose start can be played by clicks, and open it in the explorer.

    The casebook opens a case's explorer at the case's start; cases whose start offers no move by
    clicks alone (a scoring example where only "pass" is left) are passed over.

    Returns:
        The id of the case opened.
    """
    from ftwkit import casebook, render

    renderer = render.renderer(game)
    for case in casebook.load(game):
        if clickable_move(Board(case.start(), renderer, None, (0.0, 0.0), (1.0, 1.0))):
            break
    else:
        raise AssertionError(f"no {game} case starts with a move made by clicks alone")
    label = f"{case.id}: {case.title}"
    chooser = page.locator(f"select:has(option:text-is({json.dumps(label)}))").first
    chooser.select_option(label=label)  # no change (and no event) if it is shown already
    page.wait_for_function(
        "(title) => document.body.innerText.includes(title)", arg=case.title, timeout=timeout_ms
    )
    page.locator("button:has-text('Open in explorer')").first.click()
    page.wait_for_function(FIRST_CANVAS_DRAWN_JS, polling="raf", timeout=timeout_ms)
    return str(case.id)


KERNEL_ID_JS = (
    "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
)


def kernel_id(page: Any) -> str:
    """The id of the kernel behind a dashboard page."""
    found: str = page.evaluate(KERNEL_ID_JS)
    return found


def close_dashboard(page: Any) -> None:
    """Leave the dashboard as a closing tab does (its unload beacon shuts the kernel), then close.

    ``page.close(run_before_unload=True)`` drops the beacon in headless Chromium; navigating away
    first lets it go out.
    """
    page.goto("about:blank")
    page.close()


@contextlib.contextmanager
def opened(
    browser: Any, url: str, ready: str = "canvas", *, tab: str | None = None
) -> Iterator[LoadedPage]:
    """:func:`open_dashboard` for a ``with`` block, closed (:func:`close_dashboard`) after it;
    ``tab``: the explorer's tab to open first (:func:`open_accordion`)."""
    loaded = open_dashboard(browser, url, ready)
    try:
        if tab is not None:
            open_accordion(loaded.page, tab)
        yield loaded
    finally:
        close_dashboard(loaded.page)


SETUP_TAB = "Game, variants and view"
"""The title of the explorer's set-up tab (the game, its variant switches, the view)."""


def open_accordion(page: Any, title: str) -> None:
    """Open the explorer's tab called ``title`` (JupyterLab's or the classic accordion)."""
    page.locator(
        f".lm-AccordionPanel-title:has-text('{title}'), "
        f".jupyter-widget-Collapse-header:has-text('{title}')"
    ).first.click()


def screenshot_widths(page: Any, name: str) -> None:
    """Screenshots ``<name>-1024.png`` and ``<name>-1440.png`` (then back to :data:`VIEWPORT`)."""
    for width in (1024, 1440):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(null)))")
        os.makedirs(SCREENSHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SCREENSHOTS, f"{name}-{width}.png"))
    page.set_viewport_size(VIEWPORT)


def drawn_fractions(page: Any) -> list[float]:
    """For every visible canvas, the fraction of its pixels that are not fully transparent."""
    fractions: list[float] = page.evaluate(DRAWN_FRACTIONS_JS)
    return fractions


def fingerprint(page: Any) -> int:
    """A cheap hash of every canvas's pixels, to notice a redraw."""
    value: int = page.evaluate(FINGERPRINT_JS)
    return value


def click_and_time_redraw(page: Any, x: float, y: float, timeout_ms: float = 30_000) -> float:
    """Click at page pixel ``(x, y)``; milliseconds from the mousedown to a changed canvas."""
    before = fingerprint(page)
    page.evaluate(ARM_CLICK_CLOCK_JS)
    page.mouse.click(x, y)
    handle = page.wait_for_function(
        REDRAWN_SINCE_CLICK_JS, arg=before, polling="raf", timeout=timeout_ms
    )
    ms: float = handle.json_value()
    return ms


# --------------------------------------------------------------------------- an explorer
MARK_EXPLORER_JS = """
(canvas, mark) => {
  const el = canvas.closest('.ftw-explorer');
  if (!el) return false;
  el.setAttribute('data-ftw-explorer', mark);
  return true;
}
"""

TAB_HEADERS = ".jupyter-widget-Collapse-header, .lm-AccordionPanel-title"
"""The titles of the explorer's settings tabs (an ipywidgets Accordion: one open at a time)."""

FILES_TAB = "Load / save / export"
"""The tab whose downloads the harness reads the position from (built only while it is open)."""

TAB_OPEN_JS = """
(root, [title, headers]) => {
  const header = Array.from(root.querySelectorAll(headers))
    .find(h => h.innerText.trim() === title);
  if (!header) throw new Error('no tab ' + title);
  const panel = header.closest('.jupyter-widget-Collapse');
  return panel ? panel.classList.contains('jupyter-widget-Collapse-open')
               : header.classList.contains('lm-mod-expanded');
}
"""
"""Whether the explorer's (``root``) settings tab ``title`` is open."""

SNAPSHOT_JS = """
(root) => {
  const texts = Array.from(root.querySelectorAll('.widget-html-content')).map(e => e.innerText);
  const status = texts.find(t => /move \\d+ of \\d+/.test(t)) ?? null;
  const select = Array.from(root.querySelectorAll('select'))
    .find(s => s.options.length && s.options[0].text === 'start');
  const moves = select
    ? Array.from(select.options).map(o => o.text.replace(/\\u00a0/g, ' ')) : null;
  const message = texts.find(t => /^(Why not|No legal move|The game is over)/.test(t.trim()));
  const link = root.querySelector('a[download$="-position.json"]');
  return {status, moves, selected: select ? select.selectedIndex : null,
          message: message ? message.trim() : null,
          position: link ? atob(link.getAttribute('href').split(',')[1]) : null};
}
"""


@dataclass(frozen=True)
class Snapshot:
    """What an explorer shows: status line, move list, message line and the position saved."""

    status: str | None
    moves: list[str] | None
    selected: int | None
    """The index in ``moves`` of the state shown."""
    message: str | None
    position: dict[str, Any] | None
    position_text: str | None
    """The saved position exactly as the explorer wrote it."""


class ExplorerOnPage:
    """The explorer around a page's ``index``-th canvas: its board, status, moves and messages.

    The position shown is read from the "Download position" link of the "Load / save / export"
    tab, which the explorer builds only while that tab is open: the tab is opened here (as a
    visitor opens it, by a click on its title) and again by :meth:`state` if a test opened
    another tab since.
    """

    def __init__(self, page: Any, index: int = 0) -> None:
        self.page = page
        self.mark = f"explorer-{index}"
        self.canvas = page.locator("canvas").nth(index)
        if not self.canvas.evaluate(MARK_EXPLORER_JS, self.mark):
            raise AssertionError(f"canvas {index} is not inside an explorer")
        self.root = page.locator(f'[data-ftw-explorer="{self.mark}"]')
        self.show_files()

    def open_tab(self, title: str) -> None:
        """Open the settings tab ``title`` by a click on its title, unless it is open."""
        if not self.root.evaluate(TAB_OPEN_JS, [title, TAB_HEADERS]):
            self.root.locator(TAB_HEADERS).filter(has_text=title).first.click()

    def show_files(self) -> None:
        """Open "Load / save / export" and wait until it offers its downloads (or says why not)."""
        self.open_tab(FILES_TAB)
        self.wait_for("(root) => root.querySelector('.ftw-downloads').innerText.trim() !== ''")

    def snapshot(self) -> Snapshot:
        """Read the status line, the move list, the message and the saved position."""
        data = self.root.evaluate(SNAPSHOT_JS)
        text = data["position"]
        position = json.loads(text) if text else None
        return Snapshot(
            data["status"], data["moves"], data["selected"], data["message"], position, text
        )

    def wait_for_new_position(self, before: Snapshot) -> None:
        """Wait until the saved position differs from ``before``'s (it is synced last)."""
        self.wait_for(
            "(root, before) => { const a = root.querySelector('a[download$=\"-position.json\"]');"
            " return a && atob(a.getAttribute('href').split(',')[1]) !== before; }",
            before.position_text,
        )

    def play_clickable_move(self) -> tuple[Board, Any]:
        """Play by clicks the first move clicks alone can make (:func:`clickable_move`) and wait
        for the new position; the board it was played on, and the move."""
        before = self.snapshot()
        board = self.board()
        move = clickable_move(board)
        assert move is not None, "no legal move can be made by clicks alone on this board"
        for target in move.targets:
            self.click(board, target)
        self.wait_for_new_position(before)
        return board, move

    def state(self, timeout_s: float = 30.0) -> Any:
        """The state shown, rebuilt from the explorer's "Download position" JSON.

        The download link is synced after the status line, so a position whose own status
        (whose turn, who won) disagrees with the status line is an old one: wait for the new one.
        """
        import ftwkit

        self.show_files()
        deadline = time.monotonic() + timeout_s
        while True:
            snap = self.snapshot()
            assert snap.position is not None, "the explorer offers no position to save"
            state = ftwkit.rules(snap.position["game"]).load(snap.position)
            if (snap.status or "").startswith(state.status()) or time.monotonic() > deadline:
                return state
            self.page.wait_for_timeout(50)

    def board(self) -> Board:
        """Where the board is and what it shows (explorers draw the designer view by default)."""
        from ftwkit import render

        state = self.state()
        renderer = render.renderer(state.rules.id)
        self.canvas.evaluate("c => c.scrollIntoView({block: 'start'})")
        box = self.canvas.bounding_box()
        size = self.canvas.evaluate("c => [c.width, c.height]")
        scale = (box["width"] / size[0], box["height"] / size[1])
        return Board(state, renderer, None, (box["x"], box["y"]), scale)

    def click(self, board: Board, target: Hashable | None, *, redraws: bool = True) -> float:
        """Click ``target`` (``None``: an empty spot) and wait until the board is redrawn.

        The canvas is measured again before every click, since lines above the board (a message,
        a chooser) may appear or vanish between clicks and move it.

        Args:
            board: the board, as measured by :meth:`board`.
            target: what to click.
            redraws: whether the click changes the picture; if not, nothing is awaited.

        Returns:
            Milliseconds from the mousedown to the first changed canvas pixel (0 if not awaited).
        """
        point = board.point(target) if target is not None else board.empty_point()
        assert point is not None, f"{target!r} is not drawn"
        box = self._settled_box()
        x, y = point[0] + box["x"] - board.origin[0], point[1] + box["y"] - board.origin[1]
        if not redraws:
            self.page.mouse.click(x, y)
            return 0.0
        try:
            return click_and_time_redraw(self.page, x, y)
        except Exception as err:
            shot = screenshot(self.page, f"failed-click-{time.strftime('%H%M%S')}")
            raise AssertionError(
                f"no redraw after clicking {target!r} at page ({x:.0f}, {y:.0f}); canvas was at "
                f"{box}, now at {self.canvas.bounding_box()}; explorer shows "
                f"{self.snapshot().status!r}, message {self.snapshot().message!r}; see {shot}"
            ) from err

    def _settled_box(self) -> dict[str, float]:
        """The canvas's box once it has stayed put for one animation frame (layout settled).

        The whole canvas is brought into view first: a board that takes keys is focused by the
        mousedown, and a focused canvas partly out of view is scrolled in before the click's
        place on it is read (a click on the Rotate button above may have scrolled it out).
        """
        self.canvas.evaluate("c => c.scrollIntoView({block: 'nearest'})")
        box = self.canvas.bounding_box()
        for _ in range(20):
            self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(null)))")
            again = self.canvas.bounding_box()
            if again == box:
                break
            box = again
        assert box is not None
        return dict(box)

    def wait_for(self, predicate_js: str, arg: Any = None, timeout_ms: float = 30_000) -> None:
        """Wait until ``predicate_js(root, arg)`` is true on the explorer's element."""
        self.page.wait_for_function(
            f"([root, arg]) => ({predicate_js})(root, arg)",
            arg=[self.root.element_handle(), arg],
            polling="raf",
            timeout=timeout_ms,
        )


@dataclass(frozen=True)
class Board:
    """Where a board is on the page and the state it shows."""

    state: Any
    renderer: Any
    view: int | None
    origin: tuple[float, float]
    scale: tuple[float, float]

    def point(self, target: Hashable) -> tuple[float, float] | None:
        """The page pixel at the centre of ``target``, or ``None`` if it is not drawn."""
        box = self.renderer.target_box(self.state, target, view=self.view)
        if box is None:
            return None
        x, y, w, h = box
        return (
            self.origin[0] + (x + w / 2) * self.scale[0],
            self.origin[1] + (y + h / 2) * self.scale[1],
        )

    def empty_point(self) -> tuple[float, float] | None:
        """A page pixel on the board where nothing can be clicked (a click there clears)."""
        return _empty_point(self)


def _empty_point(board: Board) -> tuple[float, float] | None:
    width, height = board.renderer.size(board.state, view=board.view)
    for y in range(2, int(height), 6):
        for x in range(2, int(width), 6):
            if board.renderer.targets_at(board.state, x, y, view=board.view) is None:
                return (board.origin[0] + x * board.scale[0], board.origin[1] + y * board.scale[1])
    return None


def clickable_move(board: Board) -> Any | None:
    """A legal move made only of drawn clicks, which the explorer plays at its last click.

    Uses the explorer's own narrowing (``ftwkit.clicks.narrow``): no earlier click may already
    decide a move, and the last one must decide exactly this move (no chooser, no waiting).
    """
    from ftwkit.clicks import narrow

    moves = board.state.legal_moves()
    for move in moves:
        targets = tuple(move.targets)
        if not targets or any(board.point(t) is None for t in targets):
            continue
        early = any(narrow(moves, targets[:k]).decided for k in range(1, len(targets)))
        if not early and narrow(moves, targets).decided == move:
            return move
    return None


def dead_end_click(board: Board) -> tuple[Hashable, ...] | None:
    """Drawn clicks the explorer must refuse: a legal start, then a target that leads nowhere.

    The second target neither continues a legal move with the first nor starts one itself (the
    explorer would take that as a fresh selection). Falls back to a single drawn target that starts
    no legal move, as judged by the explorer's own narrowing.
    """
    from ftwkit.clicks import narrow

    moves = board.state.legal_moves()
    drawn = _drawn_targets(board, [m for m in moves if m.targets])
    dead = [t for t in drawn if not narrow(moves, (t,)).possible]
    for first in drawn:
        if narrow(moves, (first,)).decided or not narrow(moves, (first,)).possible:
            continue
        for target in dead:
            if not narrow(moves, (first, target)).possible:
                return (first, target)
    return (dead[0],) if dead else None


def _drawn_targets(board: Board, moves: Sequence[Any]) -> list[Hashable]:
    seen: list[Hashable] = []
    for move in moves:
        for target in move.targets:
            if target not in seen and board.point(target) is not None:
                seen.append(target)
    width, height = board.renderer.size(board.state, view=board.view)
    for y in range(4, int(height), 10):
        for x in range(4, int(width), 10):
            target = board.renderer.targets_at(board.state, x, y, view=board.view)
            if target is not None and target not in seen and board.point(target) is not None:
                seen.append(target)
    return seen


def screenshot(page: Any, name: str) -> str:
    """Save a screenshot of the whole dashboard under ``test-artifacts/screenshots/``.

    Voilà's lab template scrolls inside ``#rendered_cells``, so a "full page" screenshot would
    show only the viewport: the viewport is stretched to the content for the shot instead.
    """
    os.makedirs(SCREENSHOTS, exist_ok=True)
    path = os.path.join(SCREENSHOTS, f"{name}.png")
    height = page.evaluate(
        "() => { const e = document.getElementById('rendered_cells');"
        " return e ? e.scrollHeight : document.scrollingElement.scrollHeight; }"
    )
    page.set_viewport_size({"width": VIEWPORT["width"], "height": min(max(height, 600), 8000)})
    try:
        page.screenshot(path=path)
    finally:
        page.set_viewport_size(VIEWPORT)
    return path


# --------------------------------------------------------------------------- JupyterLab
@dataclass
class LabServer:
    """A running JupyterLab on a loopback port with a token, serving a copy of the notebooks."""

    port: int
    token: str
    root: str
    process: subprocess.Popen[bytes]
    log_path: str

    def url(self, notebook: str) -> str:
        """The URL that opens ``notebook`` alone in JupyterLab (``reset``: no tabs restored)."""
        return f"http://127.0.0.1:{self.port}/lab/tree/{notebook}?reset&token={self.token}"


@contextlib.contextmanager
def lab_server(root: str, timeout: float = 90.0) -> Iterator[LabServer]:
    """Start JupyterLab over ``root`` (a scratch copy: JupyterLab saves what it runs).

    Settings and workspaces live under ``root`` too, so switching the theme does not touch the
    user's own JupyterLab; kernels import this checkout (``PYTHONPATH``).
    """
    import secrets

    os.makedirs(ARTIFACTS, exist_ok=True)
    port = free_port()
    token = secrets.token_hex(16)
    log_path = os.path.join(ARTIFACTS, f"lab-{port}.log")
    path = os.pathsep.join(p for p in (ROOT, os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": path, "JUPYTER_CONFIG_DIR": os.path.join(root, ".config")}
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={os.path.join(root, '.settings')}",
        f"--LabApp.workspaces_dir={os.path.join(root, '.workspaces')}",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        "--allow-root",
    ]
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            command,
            cwd=root,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = LabServer(port, token, root, process, log_path)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {process.returncode}")
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/api/status?token={token}", timeout=5
                ):
                    break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"JupyterLab did not answer within {timeout:.0f} s"
                    ) from None
                time.sleep(0.3)
        yield server
    finally:
        _stop(process)


def lab_dialogs(page: Any) -> list[str]:
    """Accept any JupyterLab dialog in the way (e.g. a kernel choice); returns their texts."""
    texts = []
    dialogs = page.locator(".jp-Dialog")
    while dialogs.count():
        texts.append(dialogs.first.inner_text())
        dialogs.first.locator(".jp-Dialog-button.jp-mod-accept").first.click()
        page.wait_for_timeout(300)
    return texts


def lab_menu(page: Any, menu: str, *items: str) -> None:
    """Click a JupyterLab menu bar entry, then each (sub)menu item by its label."""
    lab_dialogs(page)
    page.locator(f".lm-MenuBar-itemLabel:text-is('{menu}')").click()
    for item in items:
        page.locator(f".lm-Menu-itemLabel:text-is('{item}')").last.click()


def lab_open(page: Any, server: LabServer, notebook: str, timeout_ms: float = 120_000) -> None:
    """Open ``notebook`` and wait until its kernel is idle."""
    page.goto(server.url(notebook), wait_until="domcontentloaded", timeout=timeout_ms)
    lab_wait_idle(page, timeout_ms)


def lab_wait_idle(page: Any, timeout_ms: float = 120_000) -> None:
    """Wait until the visible notebook's kernel is connected and idle, no cell queued (``[*]``).

    A "Run All" sent while the kernel is still starting runs nothing, so this comes first.
    """
    panel = ".jp-NotebookPanel:not(.lm-mod-hidden)"
    page.wait_for_selector(f"{panel} .jp-Cell", timeout=timeout_ms)
    page.wait_for_selector(
        f'{panel} .jp-Notebook-ExecutionIndicator[data-status="idle"]', timeout=timeout_ms
    )
    page.wait_for_function(  # the status bar names the kernel once it is connected
        "() => /\\| Idle/.test(document.querySelector('.jp-StatusBar-Widget')"
        " ? document.body.innerText : '')",
        polling=250,
        timeout=timeout_ms,
    )
    page.wait_for_function(
        "() => { const p = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');"
        " if (!p) return false;"
        " const prompts = Array.from(p.querySelectorAll('.jp-InputPrompt'));"
        " return !prompts.some(e => e.innerText.includes('*')); }",
        polling=250,
        timeout=timeout_ms,
    )


def lab_run_all(page: Any, timeout_ms: float = 180_000) -> None:
    """Run all cells of the visible notebook and wait for its first canvas to be drawn."""
    for _ in range(3):  # a Run All that reaches a kernel still settling runs nothing
        lab_menu(page, "Run", "Run All Cells")
        try:
            page.wait_for_function(
                "() => Array.from(document.querySelectorAll('.jp-InputPrompt'))"
                ".some(e => /\\[[0-9*]+\\]/.test(e.innerText))",
                polling=250,
                timeout=20_000,
            )
            break
        except Exception:  # Playwright's TimeoutError
            continue
    page.wait_for_selector(".ftw-explorer canvas", state="attached", timeout=timeout_ms)
    lab_wait_idle(page, timeout_ms)
    # JupyterLab skips laying out cells out of sight: bring the board into view first
    page.locator(".ftw-explorer canvas").first.scroll_into_view_if_needed()
    page.wait_for_function(FIRST_CANVAS_DRAWN_JS, polling=250, timeout=timeout_ms)


# --------------------------------------------------------------------------- playing a whole game
def board_as(explorer: ExplorerOnPage, state: Any, view: int | None) -> Board:
    """Where the board is, for a ``state`` the caller knows, drawn as player ``view`` sees it.

    In a player's view the explorer offers that player's observation for download, not the
    position, so :meth:`ExplorerOnPage.board` cannot read the state back: the caller tracks it
    (the explorer draws its full state with ``view=`` the viewer, as the renderer does here).
    """
    from ftwkit import render

    renderer = render.renderer(state.rules.id)
    explorer.canvas.evaluate("c => c.scrollIntoView({block: 'start'})")
    box = explorer.canvas.bounding_box()
    size = explorer.canvas.evaluate("c => [c.width, c.height]")
    scale = (box["width"] / size[0], box["height"] / size[1])
    return Board(state, renderer, view, (box["x"], box["y"]), scale)


def record_canvas_texts(page: Any) -> None:
    """From now on, remember the texts written on the last picture a board canvas was given.

    ipycanvas draws each batch on a canvas kept off the page (cleared first) and copies it onto
    the visible one; a full clear of such an off-page canvas starts a new picture. Read the texts
    with :func:`canvas_texts`: they are what the picture shows in words (card numbers, names).
    """
    page.evaluate(
        """() => {
  if (window.__ftwTexts) return;
  window.__ftwTexts = [];
  const kinds = [window.CanvasRenderingContext2D, window.OffscreenCanvasRenderingContext2D];
  for (const kind of kinds) {
    if (!kind) continue;
    const proto = kind.prototype, fill = proto.fillText, clear = proto.clearRect;
    proto.fillText = function (text, ...rest) {
      window.__ftwTexts.push(String(text));
      return fill.call(this, text, ...rest);
    };
    proto.clearRect = function (x, y, ...rest) {
      const c = this.canvas;
      if (!c.isConnected && c.width > 1 && x === 0 && y === 0) window.__ftwTexts = [];
      return clear.call(this, x, y, ...rest);
    };
  }
}"""
    )


def canvas_texts(page: Any) -> list[str]:
    """The texts of the last picture drawn since :func:`record_canvas_texts`, in drawing order."""
    texts: list[str] = page.evaluate("() => window.__ftwTexts || []")
    return texts


def renderer_texts(state: Any, view: int | None, *, last_move: bool = True) -> list[str]:
    """The texts the game's renderer writes for ``state`` seen as ``view`` (test-side drawing)."""
    from ftwkit import render
    from ftwkit.render.recording import RecordingCanvas

    renderer = render.renderer(state.rules.id)
    canvas = RecordingCanvas(*renderer.size(state, view=view))
    renderer.draw(canvas, state, view=view, last_move=last_move)
    return [str(call[1]) for call in canvas.calls if call[0] in ("fill_text", "stroke_text")]


TIMED_CLICK_JS = """([root, button, predicate, whileThinking]) => new Promise((resolve) => {
  const thinking = root.innerText.includes('the computer is thinking');
  if (button.disabled || (whileThinking && !thinking)) { resolve(null); return; }
  const test = new Function('root', `return (${predicate})(root);`);
  const start = performance.now();
  button.click();
  const poll = () => {
    if (test(root)) resolve(performance.now() - start);
    else if (performance.now() - start > 20000) resolve(-1);
    else requestAnimationFrame(poll);
  };
  poll();
})"""
"""Click a button and time the page's answer, all in one page task (see :func:`timed_click`)."""


def timed_click(
    explorer: ExplorerOnPage, button: Any, predicate_js: str, *, while_thinking: bool = False
) -> float | None:
    """Click ``button`` if enabled; ms until ``predicate_js(root)`` holds.

    The check, the click and the clock run in one page task, so a button the kernel disables
    meanwhile (or a search that ends meanwhile) is not clicked late. ``None``: the button was
    disabled, or ``while_thinking`` and the computer was not thinking; -1: no answer within 20 s.
    """
    ms: float | None = explorer.page.evaluate(
        TIMED_CLICK_JS,
        [explorer.root.element_handle(), button.element_handle(), predicate_js, while_thinking],
    )
    return ms


def click_while_thinking(explorer: ExplorerOnPage, button: Any, predicate_js: str) -> float | None:
    """:func:`timed_click`, but only while the computer is thinking."""
    return timed_click(explorer, button, predicate_js, while_thinking=True)
