"""The explorer worker's one entry point: :func:`handle` takes a JSON request and returns JSON.

The worker holds one :class:`ftwkit.explore.Session` — the same model the Jupyter explorer
drives — and this module only translates: a request becomes a session call, and the answer is the
*view* the page draws (the board as SVG, the message line, the history, the choices). The page
never holds a Python object. In a game with hidden information the view holds only what the
viewer may see (the board drawn for that viewer, moves of others masked, no link to the whole
game), never the state itself.

Requests (``op`` and its fields):

* ``open`` — ``game``, optional ``options`` (variant switches), ``players``, ``seed``,
  ``link`` (``"position=…"`` or ``"record=…"``, the encoding of :mod:`ftwkit.links`): a new
  session; a bad link opens the set-up position with the reason on the message line.
* ``click`` — ``x``, ``y`` in board units (the page maps the pointer with the SVG's own matrix),
  or ``target`` (a target index of ``view["buttons"]``); ``choose`` — ``index`` of
  ``view["choices"]``; ``clear`` — forget the clicks; ``play`` — ``text`` in the game's notation.
* ``back``, ``forward``, ``goto`` (``node``), ``substep`` (``index``): history and sub-steps.
* ``view`` — ``viewer`` (a player, ``null`` for everything, ``"to_play"`` for the player to move
  with pass-the-device); ``reveal`` — the player at the device is ready; ``seats`` —
  ``computer``: the seats the computer plays.
* ``message`` — ``text`` (and ``error``): a line from the worker itself (a search stopped or
  failed) for the message line.
* ``search`` — ``purpose`` (``"move"`` or ``"hint"``), ``level``: the job for the search worker
  (the position as the player to move may know it); ``searched`` — the search worker's answer,
  applied to the node it was asked for (a computer move is played, a hint drawn).

Every answer is ``{"view": …}`` (plus ``"job"`` for ``search``); a refused request keeps the
session as it was and says why in ``view["message"]``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from ftwkit import links, render
from ftwkit.errors import FtwError, IllegalMove, InvalidState, short_message
from ftwkit.explore import HintRequest, Session
from ftwkit.protocol import Move, State
from ftwkit.render import Pen, SvgCanvas, draw_hint, resolve_theme

__all__ = ["HINT_MOVES", "SEARCH_SECONDS", "handle", "view"]

HINT_MOVES = 3
"""How many of the computer's best moves a hint draws."""

SEARCH_SECONDS = {"easy": 0.0, "normal": 1.0, "strong": 3.0}
"""The computer's thinking time per move at each level (``easy`` looks one move ahead)."""

SESSION: Session | None = None
"""The session of the page (one game tree); replaced by ``open``."""

HINTS: dict[int, HintRequest] = {}
"""The hint requests sent to the search worker, by node."""


def _session() -> Session:
    if SESSION is None:
        raise InvalidState("no game is open")
    return SESSION


def _why(path: str, reason: str) -> str:
    return f"Why not {path}? {reason[:1].upper()}{reason[1:]}"


# ---------------------------------------------------------------------- the view
def view(session: Session) -> dict[str, Any]:
    """What the page shows: nothing in it reveals more than the viewer may see."""
    state = session.state
    shown = session.shown_state
    rules = state.rules
    names = list(rules.player_names(state.players))
    viewer = session.viewer
    covered = session.pass_to is not None
    drawer = render.renderer(session.game)
    width, height = drawer.size(shown, view=viewer)
    svg = ""
    if not covered:
        canvas = SvgCanvas(width, height)
        drawer.draw(canvas, shown, view=viewer, **session.marks().options())
        svg = canvas.to_svg()
        hint = session.hint[:HINT_MOVES] if session.substep is None else ()
        if hint:
            overlay = _hint_overlay(shown, viewer, hint, width, height)
            svg = svg.replace("</svg>", overlay + "</svg>")
    link: dict[str, str] | None = None
    no_link = ""
    try:
        link = {"record": links.encode_value(session.record())}
    except IllegalMove as err:
        no_link = short_message(err)
    steps = session.steps()
    return {
        "game": session.game,
        "svg": svg,
        "width": width,
        "height": height,
        "players": names,
        "to_play": state.to_play,
        "viewer": viewer,
        "view": session.view,
        "views": [{"label": label, "value": value} for label, value in session.view_options()],
        "covered": covered,
        "pass_to": session.pass_to,
        "hidden_information": rules.hidden_information,
        "status": session.status(),
        "over": state.is_over,
        "winners": list(state.winners),
        "message": session.message,
        "refused": session.error,
        "clicks": [str(c) for c in session.clicks],
        "choices": [{"index": i, "text": str(m)} for i, m in enumerate(session.choices)],
        "buttons": [{"index": i, "text": str(m)} for i, m in enumerate(session.buttons)],
        "notes": [n.text for n in shown.notes()],
        "substep": session.substep,
        "steps": [step.label for step in steps],
        "node": session.node,
        "history": [
            {
                "id": n.id,
                "parent": n.parent,
                "label": n.label or "start",
                "depth": n.depth,
                "on_line": n.on_line,
            }
            for n in session.nodes()
        ],
        "can_back": session.index > 0,
        "can_forward": session.index < session.length,
        "hint": [{"move": str(m), "share": round(w, 3)} for m, w in session.hint],
        "link": link,
        "no_link": no_link,
    }


def _hint_overlay(
    state: State, viewer: int | None, hint: Sequence[tuple[Move, float]], w: int, h: int
) -> str:
    """The hint's moves as arrows (or rings) with their shares, in a group of their own."""
    theme = resolve_theme(None)
    canvas = SvgCanvas(w, h)
    draw_hint(Pen(canvas, theme), theme, render.renderer(state.rules.id), state, viewer, hint)
    inner = canvas.to_svg().split(">", 1)[1].rsplit("</svg>", 1)[0]
    return f'<g class="ftw-hint">{inner}</g>'


# ---------------------------------------------------------------------- requests
def _open(req: dict[str, Any]) -> dict[str, Any]:
    global SESSION
    game = str(req.get("game", ""))
    message = ""
    session: Session | None = None
    link = req.get("link")
    if link:
        try:
            found = links.read_query(str(link))
            if found is not None:
                name, data = found
                if data.get("game") != game:
                    raise InvalidState(f"{name} in the link: it is not a position of this game")
                session = Session.from_json(data)
                message = f"Opened the {name} of the link."
        except FtwError as err:
            message = f"The link could not be opened: {short_message(err)}"
    if session is None:
        players = req.get("players")
        seed = req.get("seed")
        session = Session.new(
            game,
            players=int(players) if players is not None else None,
            seed=int(seed) if seed is not None else random.randrange(1_000_000),
            **(req.get("options") or {}),
        )
    if session.rules.hidden_information:
        session.set_view("to_play")
    session.message = message
    SESSION = session
    HINTS.clear()
    return {"view": view(session)}


def _click(session: Session, req: dict[str, Any]) -> None:
    if "button" in req:
        session.choose(session.buttons[int(req["button"])])
        return
    target = render.renderer(session.game).targets_at(
        session.shown_state, float(req["x"]), float(req["y"]), view=session.viewer
    )
    session.click(target)


def _play(session: Session, req: dict[str, Any]) -> None:
    text = str(req.get("text", "")).strip()[:200]
    reason = session.why_not_move(text)
    if reason:
        raise IllegalMove(_why(text, reason))
    session.play(text)


def _substep(session: Session, req: dict[str, Any]) -> None:
    index = req.get("index")
    last = len(session.steps()) - 1
    session.step(None if index is None or int(index) >= last else max(0, int(index)))


def _view(session: Session, req: dict[str, Any]) -> None:
    viewer = req.get("viewer")
    session.set_view(viewer if viewer in (None, "to_play") else int(viewer))


STEPS: dict[str, Callable[[Session, dict[str, Any]], object]] = {
    "click": _click,
    "choose": lambda session, req: session.choose(int(req["index"])),
    "play": _play,
    "back": lambda session, _req: session.back(),
    "forward": lambda session, _req: session.forward(),
    "goto": lambda session, req: session.select(int(req["node"])),
    "substep": _substep,
    "clear": lambda session, _req: session.clear(),
    "view": _view,
    "reveal": lambda session, _req: session.ready(),
    # which seats the computer plays (the player-to-move view then skips them)
    "seats": lambda session, req: session.set_computer_seats(
        [int(p) for p in req.get("computer", [])]
    ),
}
"""The requests that change the session and answer with its new view."""


def _search(req: dict[str, Any]) -> dict[str, Any]:
    """The job for the search worker: the position as the player to move may know it."""
    session = _session()
    purpose = str(req.get("purpose", "move"))
    if purpose == "hint":
        request = session.hint_request()
        HINTS[request.node] = request
        state = request.state
    else:
        state = session.state
        if state.is_over or state.to_play is None:
            raise IllegalMove("the game is over: there is no move to search")
    level = str(req.get("level", "normal"))
    if level not in SEARCH_SECONDS:
        raise InvalidState(f"level: one of {', '.join(SEARCH_SECONDS)}")
    seen = state
    if state.rules.hidden_information and state.to_play is not None:
        seen = state.rules.sample(state, state.to_play, random.Random(session.node))
    job = {
        "purpose": purpose,
        "node": session.node,
        "level": level,
        "seconds": SEARCH_SECONDS[level],
        "seed": session.node,
        "position": seen.to_json(),
    }
    session.message = "The computer is thinking…" if purpose == "move" else "Thinking of a hint…"
    session.error = False
    return {"view": view(session), "job": job}


def _searched(req: dict[str, Any]) -> dict[str, Any]:
    """Apply the search worker's answer to the node it was asked for (if still shown)."""
    session = _session()
    node = int(req["node"])
    session.error = False
    if node != session.node:
        session.message = ""
        return {"view": view(session)}
    state = session.state
    weights = [(state.rules.parse_move(state, str(t)), float(w)) for t, w in req["analysis"]]
    if req.get("purpose") == "hint":
        request = HINTS.pop(node, None)
        if request is not None and session.show_hint(request, weights):
            session.message = "Hint: " + ", ".join(
                f"{m} ({w:.0%})" for m, w in session.hint[:HINT_MOVES]
            )
    else:
        mover = state.to_play
        move = state.rules.parse_move(state, str(req["move"]))
        # The computer's seat moves even while the board is covered for the next person or the
        # view hides the computer's options (Session.play refuses both: they guard a person's
        # clicks); the tree plays it and the session shows the new node as after any move.
        session.select(session.tree.play(move).id)
        names = state.rules.player_names(state.players)
        label = session.label()
        session.message = f"The computer ({names[mover or 0]}) played {label}."
    return {"view": view(session)}


def _message(req: dict[str, Any]) -> dict[str, Any]:
    """Put a line from the worker (a search stopped or failed) on the message line."""
    session = _session()
    session.message = str(req.get("text", ""))[:300]
    session.error = bool(req.get("error", False))
    return {"view": view(session)}


OPS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "open": _open,
    "message": _message,
    "search": _search,
    "searched": _searched,
}
"""The requests that open a session or talk to the search worker."""


def handle(request: str) -> str:
    """Answer one JSON request with JSON; a refusal is a message, never a traceback."""
    try:
        req = json.loads(request)
        answer: dict[str, Any]
        name = str(req.get("op"))
        if name in STEPS:
            session = _session()
            STEPS[name](session, req)
            answer = {"view": view(session)}
        elif name in OPS:
            answer = OPS[name](req)
        else:
            raise InvalidState(f"op: one of {', '.join([*OPS, *STEPS])}")
    except (FtwError, ValueError, KeyError, IndexError, TypeError) as err:
        message = short_message(err) if isinstance(err, FtwError) else f"refused: {err}"
        if SESSION is None:
            return json.dumps({"error": message})
        SESSION.message = message[:1].upper() + message[1:]
        SESSION.error = True
        answer = {"view": view(SESSION), "refused": True}
    return json.dumps(answer)
