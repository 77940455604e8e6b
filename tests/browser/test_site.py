"""The static site (``make site``) played in Chromium with every outside request blocked.

The site is built into a temporary folder, served by ``python -m http.server`` on loopback, and
opened in one Chromium for the whole module; a Playwright route refuses every request that is not
to that server (and the test fails if any was made). For every game, on one page: a
``#position=`` link opens that position, the board draws, a click that starts no legal move shows
the engine's reason and changes nothing, the clicks of a legal move play it, the computer answers
a move, and Hint draws its arrows. Then a whole Play Win game against the computer, the person's
moves clicked on the board.

Where to click is computed here from the same renderer the worker draws with
(``target_box`` in board units), turned into screen points by the SVG's own matrix.
"""

from __future__ import annotations

import contextlib
import random
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dashboard_harness import launch_chromium

import ftwkit
from ftwkit import links, records, render
from ftwkit.protocol import Move, State

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
WAIT_MS = 60_000
"""How long a page may take to answer (Pyodide's first start on a busy 2-core machine)."""


# --------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)],
        check=True,
        cwd=ROOT,
    )
    return out


@pytest.fixture(scope="module")
def origin(site: Path) -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(site)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    address = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            time.sleep(0.05)
        yield address
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def browser(origin: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


class SitePage:
    """One game page, with the requests it tried to send elsewhere and its script errors."""

    def __init__(self, browser: Any, origin: str) -> None:
        self.origin = origin
        self.context = browser.new_context(viewport={"width": 1440, "height": 1100})
        self.page = self.context.new_page()
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.page.route("**/*", self._route)
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(self.origin + "/") or url.startswith("data:"):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def open(self, game: str, link: str) -> None:
        self.page.goto(f"{self.origin}/{game}.html#{link}")
        self.page.wait_for_selector("#board svg", timeout=WAIT_MS)

    def renders(self) -> int:
        return int(self.page.evaluate("Number(document.body.dataset.renders || 0)"))

    def node(self) -> int:
        return int(self.page.evaluate("Number(document.body.dataset.node)"))

    def after(self, action: Any) -> None:
        """Do ``action`` and wait for the page to draw the worker's answer."""
        before = self.renders()
        action()
        self.page.wait_for_function(
            f"Number(document.body.dataset.renders || 0) > {before}", timeout=WAIT_MS
        )

    def message(self) -> str:
        return str(self.page.inner_text("#message"))

    def click_board(self, x: float, y: float) -> None:
        """Click the point ``(x, y)`` of the board's own units (its SVG coordinates)."""
        screen = self.page.evaluate(
            """([x, y]) => { const m = document.querySelector('#board svg').getScreenCTM();
                 return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]; }""",
            [x, y],
        )
        self.after(lambda: self.page.mouse.click(screen[0], screen[1]))

    def select(self, selector: str, value: str) -> None:
        self.after(lambda: self.page.select_option(selector, value))

    def state(self) -> State:
        """The game as the address holds it (the record of the line shown)."""
        hashed = str(self.page.evaluate("location.hash")).lstrip("#")
        found = links.read_query(hashed)
        assert found is not None and found[0] == "record", hashed[:80]
        return records.replay(found[1])


@pytest.fixture(scope="module")
def pages(browser: Any, origin: str) -> Iterator[list[SitePage]]:
    made: list[SitePage] = []
    yield made
    for page in made:
        page.context.close()
    outside = [url for page in made for url in page.outside]
    assert not outside, f"requests left the site's origin: {outside[:5]}"
    errors = [err for page in made for err in page.errors]
    assert not errors, errors[:3]


# --------------------------------------------------------------------------- clicks
def centre(state: State, target: Any, view: int | None) -> tuple[float, float]:
    box = render.renderer(state.rules.id).target_box(state, target, view=view)
    assert box is not None, f"{target!r} is not drawn"
    x, y, w, h = box
    return x + w / 2, y + h / 2


def start_position(game: str) -> State:
    """A set-up position (seed 7), played on at random until some click on it is refused."""
    state = ftwkit.rules(game).new(seed=7)
    rng = random.Random(7)
    while refused_click(state, None) is None:
        state = state.play(rng.choice(state.legal_moves()))
    # the page opens the position alone, without the moves that led there
    return state.rules.load(state.to_json())


def refused_click(state: State, view: int | None) -> tuple[float, float, str] | None:
    """A board point whose target starts no legal move, and the engine's reason for it."""
    drawer = render.renderer(state.rules.id)
    width, height = drawer.size(state, view=view)
    for y in range(5, height, 9):
        for x in range(5, width, 9):
            target = drawer.targets_at(state, x, y, view=view)
            if target is None:
                continue
            reason = state.explain_targets((target,))
            if reason is not None:
                return x, y, reason
    return None


def clickable_move(state: State, view: int | None) -> Move:
    """The first legal move whose every target is drawn."""
    drawer = render.renderer(state.rules.id)
    for move in state.legal_moves():
        if move.targets and all(
            drawer.target_box(state, t, view=view) is not None for t in move.targets
        ):
            return move
    raise AssertionError(f"{state.rules.id}: no move made of clicks")


def play_by_clicks(site: SitePage, state: State, move: Move) -> None:
    """Click ``move``'s targets; pick it in the chooser when several moves share them."""
    node = site.node()
    for target in move.targets:
        if site.node() != node:
            break
        site.click_board(*centre(state, target, None))
    if site.node() == node:
        site.after(site.page.locator("#choices button", has_text=str(move)).first.click)
    assert site.node() != node, site.message()


# --------------------------------------------------------------------------- tests
@pytest.mark.parametrize("game", ftwkit.game_ids())
def test_game_page(game: str, browser: Any, origin: str, pages: list[SitePage]) -> None:
    site = SitePage(browser, origin)
    pages.append(site)
    state = start_position(game)
    site.open(game, f"position={links.encode_value(state.to_json())}")
    site.page.wait_for_function("document.body.dataset.node === '0'", timeout=WAIT_MS)
    # the link's position is shown, every seat a person's; the designer's view shows everything
    assert site.page.inner_text("#status").startswith(state.status())
    assert "Opened the position of the link" in site.message()
    if state.rules.hidden_information:
        site.select("#viewer", "")
    svg = site.page.inner_html("#board")
    assert svg.startswith("<svg") and "<rect" in svg

    # a click that starts no legal move: the engine's reason, nothing played
    refused = refused_click(state, None)
    assert refused is not None
    x, y, reason = refused
    site.click_board(x, y)
    assert reason[:40] in site.message(), (reason, site.message())
    assert site.node() == 0

    # the clicks of a legal move play it
    move = clickable_move(state, None)
    play_by_clicks(site, state, move)
    assert site.node() == 1
    after = state.play(move)
    assert site.state() == after
    assert site.page.inner_text("#status").startswith(after.status())

    # the computer answers
    site.page.select_option("#level", "easy")
    mover = after.to_play
    assert mover is not None
    site.page.select_option(f"#seat-{mover}", "computer")
    site.page.wait_for_function("document.body.dataset.node === '2'", timeout=WAIT_MS)
    site.page.wait_for_function(
        "document.getElementById('message').textContent.includes('The computer')",
        timeout=WAIT_MS,
    )
    answered = site.state()
    assert answered.previous == after and after.is_legal(answered.last_move)
    site.select(f"#seat-{mover}", "person")

    # Hint draws its arrows on the board
    if not answered.is_over:
        site.page.click("#hint")
        site.page.wait_for_selector("#board svg g.ftw-hint", timeout=WAIT_MS)
        assert site.message().startswith("Hint:")
        assert site.node() == 2


def test_whole_game_against_the_computer(browser: Any, origin: str, pages: list[SitePage]) -> None:
    """South clicks its moves (chosen at random), the computer (easy) answers to the end."""
    site = SitePage(browser, origin)
    pages.append(site)
    start = ftwkit.rules("playwin").new(seed=3)
    site.open("playwin", f"position={links.encode_value(start.to_json())}")
    site.page.wait_for_function("document.body.dataset.node === '0'", timeout=WAIT_MS)
    site.page.select_option("#level", "easy")
    site.select("#seat-1", "computer")
    rng = random.Random(5)
    plies = 0
    state = start
    while not state.is_over and plies < 400:
        assert state.to_play == 0
        node = site.node()
        play_by_clicks(site, state, rng.choice([m for m in state.legal_moves() if m.targets]))
        # the computer answers unless the game is over
        site.page.wait_for_function(
            f"""Number(document.body.dataset.node) >= {node + 1} &&
                (document.getElementById('status').textContent.includes('won') ||
                 Number(document.body.dataset.node) >= {node + 2})""",
            timeout=WAIT_MS,
        )
        state = site.state()
        plies = len(state.moves())
    assert state.is_over
    names = state.rules.player_names(2)
    assert site.page.inner_text("#status").startswith(f"{names[state.winners[0]]} won")


def test_a_case_opens_in_the_explorer_and_stop_ends_a_search(
    browser: Any, origin: str, pages: list[SitePage]
) -> None:
    """The casebook's first case opens on the board; Stop ends the computer's search at once,
    and the restarted search worker then answers a hint."""
    from ftwkit import casebook

    case = casebook.load("playwin")[0]
    site = SitePage(browser, origin)
    pages.append(site)
    site.page.goto(f"{origin}/playwin-casebook.html")
    site.page.locator("a.button", has_text="Open in the explorer").first.click()
    # the explorer page loaded first: while its document is still parsing there is no body
    site.page.wait_for_url(f"{origin}/playwin.html*", timeout=WAIT_MS)
    site.page.wait_for_function("document.body.dataset.node === '0'", timeout=WAIT_MS)
    start = case.start()
    assert site.page.inner_text("#status").startswith(start.status())
    assert "Opened the position of the link" in site.message()

    site.page.select_option("#level", "strong")  # thinks for 3 s
    site.page.select_option("#seat-0", "computer")
    site.page.wait_for_selector("#stop:not([disabled])", timeout=WAIT_MS)
    site.page.click("#stop")
    site.page.wait_for_function(
        "document.getElementById('message').textContent === 'Stopped.'", timeout=5000
    )
    assert site.node() == 0
    site.page.select_option("#seat-0", "person")
    site.page.select_option("#level", "easy")
    site.page.click("#hint")
    site.page.wait_for_selector("#board svg g.ftw-hint", timeout=WAIT_MS)
    assert site.node() == 0
