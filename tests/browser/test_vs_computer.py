"""A person plays a whole game of each of the five games against the computer, in Chromium.

Each explorer dashboard is opened as a visitor would; one seat is given to the computer from its
seat menu (the easy level; PNRZ: see ``COMPUTER_LEVEL``), and the person's moves are made the way
a person makes them: board clicks, then the "Which move?" chooser when several moves share the
clicks, or a move button (pass, ask, don't ask). The computer answers by itself. The test tracks
the full game beside the page (the computer's moves are read back from the move list; where the
person's view masks one, the same agent with the same seed is asked for it) and checks at every
point where the page waits for the person: the position (or, in a player's view, the
observation) offered for download, and in hidden-information games that the picture writes
exactly the words of the person's view and none of the computer's hidden cards. The game ends
with the status line naming the winners.

Then, while the computer thinks at the strong level (a fixed 5 s a move: the normal level's
search, 100 iterations, often ends before a click can reach it), clicks on Stop and on Back must
be answered within 300 ms (the median of three each; all printed with the whole game's duration).
"""

from __future__ import annotations

import base64
import contextlib
import json
import random
import re
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import dashboard_harness as harness
import pytest

import ftwkit
from ftwkit.clicks import narrow
from ftwkit.errors import FtwError
from ftwkit.explore.visibility import move_label
from widgets.computer import make_agent
from widgets.history import CONTINUED

pytestmark = pytest.mark.browser

GAMES = ("forthewin", "playwin", "ftwcards", "doubleblind", "pnrz")
SLOW = ("pnrz",)
"""Games whose whole game takes over a minute here (PNRZ: some 76 plies, many with a chooser)."""
PERSON_AGENT = {"pnrz": "random"}
"""How the scripted person picks moves: greedy (short games) except where a greedy decision costs
the test more time than the longer game it saves (PNRZ's greedy looks at every placement)."""
COMPUTER_LEVEL = {"pnrz": "random"}
"""The computer's seat for the whole game: the easy level, except PNRZ, where the easy level (one
ply over every placement) takes over a second a move on this machine and the tiny level keeps
the whole game under a minute (the strong level still thinks for the Stop and Back clicks)."""
RESPONSIVE_MS = 300.0
"""The longest answer to a click on Stop or Back that a person does not notice as a wait."""
CLICKS = 3
"""Clicks on each of Stop and Back; their median is held to :data:`RESPONSIVE_MS` (one click
on a machine shared by many jobs can be held up by the scheduler alone)."""
COMPUTER_TIMEOUT_MS = 90_000
MOVES_SHOWN_JS = (
    "(root) => { const s = Array.from(root.querySelectorAll('select'))"
    ".find(s => s.options.length && s.options[0].text === 'start'); return s ? s.options.length - 1"
    " : -1; }"
)
MOVES_SELECTED_JS = (
    "(root) => { const s = Array.from(root.querySelectorAll('select'))"
    ".find(s => s.options.length && s.options[0].text === 'start'); return s ? s.selectedIndex"
    " : -1; }"
)
ERROR_OUTPUTS = (
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]'
)


# --------------------------------------------------------------------------- entering a move
def entry(state: Any, move: Any) -> str | None:
    """How a person enters ``move`` in the explorer, or ``None`` if the page cannot make it.

    ``"button"``: a move without targets has its own button; ``"clicks"``: the last click plays
    it; ``"choose"``: after the clicks, the chooser lists it beside other moves with the same
    clicks. ``None`` when an earlier click already plays another move, or a click repeats one that
    the explorer would take as "unselect" (the explorer's own narrowing decides).
    """
    targets = tuple(move.targets)
    if not targets:
        return "button"
    turns = state.rules.clicks.turns(state, targets[:1])
    if turns:  # a piece picked up is put down in its first turn unless turned first
        return "clicks" if state.rules.clicks.turned(state, targets, turns[0]) == move else None
    moves = state.legal_moves()
    for k in range(1, len(targets)):
        earlier = targets[:k] if move.unordered_targets else targets[k - 1 : k]
        if targets[k] in earlier or narrow(moves, targets[:k]).decided is not None:
            return None
    clicked = narrow(moves, targets)
    if clicked.decided == move:
        return "clicks"
    return "choose" if move in clicked.complete else None


def _exact(text: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def enter(explorer: harness.ExplorerOnPage, state: Any, view: int | None, move: Any) -> None:
    """Make ``move`` on the page by clicks, the chooser or its button."""
    how = entry(state, move)
    assert how is not None, f"{move} cannot be entered on the page"
    if how == "button":
        explorer.root.locator(".ftw-buttons button").filter(has_text=_exact(str(move))).click()
        return
    board = harness.board_as(explorer, state, view)
    for target in move.targets:
        explorer.click(board, target)
    if how == "choose":
        explorer.root.locator(".ftw-chooser button").filter(has_text=_exact(str(move))).click()


def person_move(state: Any, agent: Any, rng: random.Random) -> Any:
    """The scripted person's move: the agent's choice if the page can make it, else a random one."""
    move = agent.choose(state)
    if entry(state, move) is not None:
        return move
    moves = state.legal_moves()
    for move in rng.sample(moves, len(moves)):
        if entry(state, move) is not None:
            return move
    raise AssertionError(f"no legal move can be entered on the page:\n{state}")


# --------------------------------------------------------------------------- reading the page
def _options(select: Any) -> list[str]:
    texts: list[str] = select.locator("option").all_inner_texts()
    return [t.replace("\xa0", " ") for t in texts]


def _pick(select: Any, wanted: str) -> None:
    """Choose the option whose text (with plain spaces) starts with ``wanted``."""
    raw = select.locator("option").all_inner_texts()
    found = [t for t in raw if t.replace("\xa0", " ").startswith(wanted)]
    assert found, f"no option {wanted!r} among {_options(select)}"
    select.select_option(label=found[0])


def _normal(data: Any) -> Any:
    """A JSON value as it reads back from text (tuples become lists)."""
    return json.loads(json.dumps(data))


def _saved(explorer: harness.ExplorerOnPage, view: int | None) -> Any:
    """What the explorer offers for download: the position, or the viewer's observation."""
    suffix = "-position.json" if view is None else f"-view-{view + 1}.json"
    link = explorer.root.locator(f'a[download$="{suffix}"]')
    if not link.count():
        return None
    href = link.first.get_attribute("href") or ","
    return json.loads(base64.b64decode(href.split(",", 1)[1]))


def _poll(check: Any, what: str, timeout_s: float = 20.0) -> None:
    """Wait until ``check()`` is true (the kernel syncs widgets one after another)."""
    deadline = time.monotonic() + timeout_s
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"the page never showed {what}")
        time.sleep(0.05)


def _message(explorer: harness.ExplorerOnPage) -> str:
    text: str = explorer.root.locator(".ftw-message").inner_text()
    return text.strip()


def _assert_no_errors(loaded: harness.LoadedPage) -> None:
    page = loaded.page
    assert loaded.errors == []
    assert page.locator(ERROR_OUTPUTS).all_inner_texts() == []
    assert "Traceback" not in page.inner_text("body")


# --------------------------------------------------------------------------- one game
@dataclass
class Game:
    """The game beside the page: every state so far, who sits where, what was checked."""

    states: list[Any]
    person: int
    computer: int
    view: int | None
    seed: int
    names: tuple[str, ...]
    level: str
    """The computer's seat menu key (a level or an agent name)."""
    masked: list[str] = field(default_factory=list)
    """Notations of computer moves that the person's move list shows masked."""
    hidden_checks: int = 0
    """Waiting points where the designer's picture showed words the person's did not."""

    @property
    def state(self) -> Any:
        return self.states[-1]

    def computer_move(self, label: str) -> Any:
        """The computer's move behind its label: read as notation, or (masked) asked again."""
        state = self.state
        try:
            move = state.rules.parse_move(state, label)
            if state.is_legal(move) and move_label(state, move, self.view) == label:
                return move
        except FtwError:
            pass
        agent = make_agent(self.level, seed=self.seed * 1009 + self.computer)
        move = agent.choose(state)
        assert move_label(state, move, self.view) == label, (label, str(move))
        self.masked.append(str(move))
        return move


def _wait_for_ply(explorer: harness.ExplorerOnPage, ply: int, *, shown: bool = False) -> None:
    """Wait until the move list selects ply ``ply`` (``shown``: lists it, the game may go on)."""
    check = (
        f"({MOVES_SHOWN_JS})(root) >= {ply}" if shown else f"({MOVES_SELECTED_JS})(root) === {ply}"
    )
    try:
        explorer.wait_for(f"(root) => {check}", timeout_ms=COMPUTER_TIMEOUT_MS)
    except Exception as err:  # Playwright's TimeoutError: say what the page shows instead
        shot = harness.screenshot(explorer.page, f"vs-computer-stuck-{time.strftime('%H%M%S')}")
        raise AssertionError(
            f"the page never showed ply {ply}: {explorer.snapshot()}, message "
            f"{_message(explorer)!r}; see {shot}"
        ) from err


def _check_waiting_page(explorer: harness.ExplorerOnPage, game: Game, last_label: str) -> None:
    """The page waits for the person: what it offers and draws is the tracked game's, as seen."""
    state, view = game.state, game.view
    expected = _normal(state.to_json() if view is None else state.observation(view))
    _poll(lambda: _saved(explorer, view) == expected, f"the position after {last_label}")
    if view is None:
        return
    last = state.last_move is not None and last_label == str(state.last_move)
    wanted = harness.renderer_texts(state, view, last_move=last)
    _poll(
        lambda: harness.canvas_texts(explorer.page) == wanted,
        f"the picture of {game.names[view]}'s view after {last_label}: "
        f"{harness.canvas_texts(explorer.page)} instead of {wanted}",
    )
    designer_only = Counter(harness.renderer_texts(state, None, last_move=last)) - Counter(wanted)
    if designer_only:
        game.hidden_checks += 1
    text = explorer.page.inner_text("body")
    for word in designer_only:
        if not word.isdigit() and len(word) > 2:  # numbers occur in any text; names do not
            assert word not in text, f"the page shows {word!r}, hidden from {game.names[view]}"
    for notation in game.masked:
        assert notation not in text, f"the page shows the computer's hidden move {notation!r}"


def play_whole_game(explorer: harness.ExplorerOnPage, game: Game, person_agent: Any) -> None:
    """Play until the game is over: the person's moves on the page, the computer's by itself."""
    rng = random.Random(11)
    last_label = "the start"
    while not game.state.is_over:
        state = game.state
        ply = len(game.states) - 1
        mover = state.to_play
        move = None
        if mover == game.person:
            _check_waiting_page(explorer, game, last_label)
            move = person_move(state, person_agent, rng)
            enter(explorer, state, game.view, move)
        _wait_for_ply(explorer, ply + 1, shown=True)
        moves = explorer.snapshot().moves
        assert moves is not None and len(moves) >= ply + 2, moves
        same = ply > 0 and game.states[-2].to_play == mover
        label = _move_label(moves[ply + 1], ply + 1, game.names[mover], same)
        if move is None:
            move = game.computer_move(label)
        else:
            assert label == str(move), (label, str(move))
        game.states.append(state.play(move))
        last_label = f"{game.names[mover]}'s {label}"
        if mover == game.computer and game.state.to_play != game.computer:
            expected = f"{game.names[mover]} (computer) played {label}."
            _poll(lambda said=expected: _message(explorer) == said, repr(expected))
    _check_waiting_page(explorer, game, last_label)


def _move_label(shown: str, ply: int, name: str, same: bool) -> str:
    """The move of a row of the move list: ``3. move (Name)``, or ``4. ↳ move`` for another
    action of the same player's turn (``same``: grouped under the row above)."""
    prefix, suffix, continued = f"{ply}. ", f" ({name})", f"{ply}. {CONTINUED} "
    if same:
        assert shown.startswith(continued), (shown, continued)
        return shown[len(continued) :]
    assert shown.startswith(prefix) and shown.endswith(suffix), (shown, prefix, suffix)
    return shown[len(prefix) : -len(suffix)]


def _row_movers(rows: list[str]) -> list[str]:
    """The player named by each row of the move list (a grouped row: the row above's)."""
    out: list[str] = []
    for row in rows:
        continued = row.split(" ", 1)[1].startswith(CONTINUED)
        out.append(out[-1] if continued else row.rsplit(" (", 1)[1].rstrip(")"))
    return out


def _movers(game: Game) -> list[int]:
    return [s.to_play for s in game.states[:-1]]


# --------------------------------------------------------------------------- Stop and Back
def stop_and_back_while_thinking(
    explorer: harness.ExplorerOnPage, game: Game, seat_menu: Any
) -> tuple[list[float], list[float]]:
    """At the strong level, time clicks on Stop and on Back while the computer thinks.

    The person jumps (in the move list) to a mid-game position where the computer is to move and
    has a real choice, then gives the computer's seat the strong level: it starts to think. Each
    button is clicked :data:`CLICKS` times, each time during a search (Go starts one again).

    Returns:
        The milliseconds from each click to the page's answer: "Stopped…", or the move list one
        move earlier.
    """
    choices = [
        k
        for k, s in enumerate(game.states[:-1])
        if s.to_play == game.computer and len(s.legal_moves()) >= 3
    ]
    assert choices, "the computer never had a choice of three moves"
    ply = choices[len(choices) // 2]
    moves_list = explorer.root.locator(".ftw-moves select")
    go = explorer.root.locator("button.ftw-go")
    thinking_text = "(root) => root.innerText.includes('the computer is thinking')"
    stop_disabled = "(root) => root.querySelector('button.ftw-stop').disabled"
    # the status line and the Stop button are synced one after the other
    thinking = f"(root) => ({thinking_text})(root) && !({stop_disabled})(root)"

    def think_at_ply() -> None:
        """Show ``ply`` (a jump: the computer then waits) and let the computer think there."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if explorer.snapshot().selected != ply:
                moves_list.select_option(index=ply)
                _wait_for_ply(explorer, ply)
            if explorer.root.evaluate(f"(root) => ({thinking})(root)"):
                return
            if go.is_enabled():
                # Playwright's TimeoutError if a search started meanwhile (Go is then disabled)
                with contextlib.suppress(Exception):
                    go.click(timeout=2000)
            explorer.page.wait_for_timeout(100)
        shot = harness.screenshot(explorer.page, f"vs-computer-no-think-{time.strftime('%H%M%S')}")
        raise AssertionError(
            f"the computer did not start thinking at ply {ply}: {explorer.snapshot()}, "
            f"message {_message(explorer)!r}; see {shot}"
        )

    def timed(button: Any, answered_js: str) -> float:
        for _attempt in range(3):  # a search may end between the check and the click
            think_at_ply()
            ms = harness.click_while_thinking(explorer, button, answered_js)
            if ms is not None:
                assert ms >= 0, f"no answer within 20 s: {explorer.snapshot()}"
                # the answer shows first; the status and buttons follow: wait for them too, so
                # that the next click finds a page that is not thinking any more
                explorer.wait_for(f"(root) => !({thinking_text})(root) && ({stop_disabled})(root)")
                return ms
        raise AssertionError(f"the computer never thought long enough: {explorer.snapshot()}")

    moves_list.select_option(index=ply)
    _wait_for_ply(explorer, ply)
    _pick(seat_menu, "computer: strong")
    stop = explorer.root.locator("button.ftw-stop")
    back = explorer.root.locator("button[title='one move back']")
    stopped = "(r) => r.innerText.includes('Stopped: the computer waits')"
    stops = [timed(stop, stopped) for _ in range(CLICKS)]
    backs = [timed(back, f"(r) => ({MOVES_SELECTED_JS})(r) === {ply - 1}") for _ in range(CLICKS)]
    # the search under way at the last click was dropped: the page stays, nobody thinks
    explorer.page.wait_for_timeout(1200)
    after = explorer.snapshot()
    assert after.selected == ply - 1 and "thinking" not in (after.status or ""), after
    return stops, backs


# --------------------------------------------------------------------------- the test
@pytest.mark.parametrize(
    "game_id",
    [pytest.param(g, marks=pytest.mark.slow) if g in SLOW else g for g in GAMES],
)
def test_a_person_plays_a_whole_game_against_the_computer(
    game_id: str, server: harness.VoilaServer, browser: Any
) -> None:
    loaded = harness.open_dashboard(browser, server.render_url(f"{game_id}.ipynb"))
    page = loaded.page
    try:
        harness.record_canvas_texts(page)
        explorer = harness.ExplorerOnPage(page)
        start = explorer.snapshot()
        assert start.position is not None and start.position["game"] == game_id
        state = ftwkit.rules(game_id).load(start.position)
        assert state.players == 2 and state.to_play is not None
        person = state.to_play
        computer = 1 - person
        names = tuple(state.rules.player_names(2))
        hidden = state.rules.hidden_information
        view = person if hidden else None
        level = COMPUTER_LEVEL.get(game_id, "easy")
        seed = int(start.position.get("seed") or 0)
        game = Game([state], person, computer, view, seed, names, level)
        if hidden:  # the person looks at the game from their own seat
            explorer.root.locator(
                ".lm-AccordionPanel-title, .jupyter-widget-Collapse-header"
            ).first.click()
            _pick(explorer.root.locator("select:has(option:text('designer'))"), names[person])
            explorer.show_files()  # the view's download is built while its tab is open
            explorer.wait_for(
                f"(root) => !!root.querySelector('a[download$=\"-view-{person + 1}.json\"]')"
            )
        menus = [
            m
            for m in explorer.root.locator("select").all()
            if "person" in m.locator("option").all_inner_texts()
        ]
        assert len(menus) == 2
        began = time.perf_counter()
        _pick(menus[computer], f"computer: {level}")
        kind = PERSON_AGENT.get(game_id, "easy")
        play_whole_game(explorer, game, make_agent(kind, seed=7))
        seconds = time.perf_counter() - began

        final = game.state
        status = explorer.snapshot().status or ""
        outcome = (
            "winners: " + ", ".join(names[p] for p in final.winners)
            if final.winners
            else "no winner"
        )
        assert status.startswith(f"{final.status()} · {outcome}"), (status, outcome)
        shown = explorer.snapshot().moves or []
        assert _row_movers(shown[1:]) == [names[p] for p in _movers(game)]
        movers = _movers(game)
        assert person in movers and computer in movers
        if hidden:
            assert game.hidden_checks > 0, "nothing was ever hidden from the person"
        harness.screenshot(page, f"{game_id}-vs-computer")
        _assert_no_errors(loaded)

        stops, backs = stop_and_back_while_thinking(explorer, game, menus[computer])
        _assert_no_errors(loaded)
        print(
            f"{game_id}: a whole game in {seconds:.1f} s ({len(movers)} plies: "
            f"{movers.count(person)} by the person, {movers.count(computer)} by the computer "
            f"at {level}; {outcome}); at the strong level Stop answered in "
            f"{', '.join(f'{ms:.0f}' for ms in stops)} ms, Back in "
            f"{', '.join(f'{ms:.0f}' for ms in backs)} ms"
        )
        assert statistics.median(stops) < RESPONSIVE_MS, stops
        assert statistics.median(backs) < RESPONSIVE_MS, backs
    finally:
        harness.close_dashboard(page)
