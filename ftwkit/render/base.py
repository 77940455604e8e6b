"""What every game renderer shares: layouts with hit areas, a style-caching pen, shape helpers.

A game renderer is two pure functions of the state: ``layout`` (where everything goes — the
game's own frozen frame dataclass — with one :class:`Hit` per clickable target, in drawing order)
and ``paint`` (the canvas calls). Both read
the engine's state object and typed moves; what a player's ``view`` may not see, they ask the
engine (its ``…_seen_by(player, view)`` accessors). :class:`BaseRenderer` builds ``size``,
``draw``, ``targets_at`` and ``target_box`` on top of them, so the geometry used to draw and the
geometry used to hit-test are the same numbers — built once per shown state.
"""

from __future__ import annotations

import math
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ftwkit import registry
from ftwkit.protocol import Move, State
from ftwkit.render.protocol import Box, CanvasLike
from ftwkit.render.theme import Theme, resolve

if TYPE_CHECKING:
    from ftwkit.render.legend import Marker

__all__ = [
    "BaseRenderer",
    "Box",
    "Context",
    "Hit",
    "Layout",
    "Pen",
    "Point",
    "as_state",
    "regular_polygon",
    "rounded_rect",
    "star",
]

Point = tuple[float, float]


@dataclass(frozen=True)
class Hit:
    """Where one target is drawn and how it is hit.

    Attributes:
        target: the value of ``move.targets`` this area stands for.
        box: the bounding rectangle ``(x, y, w, h)``.
        shape: ``"rect"``, ``"circle"`` (the ellipse inscribed in ``box``) or ``"hex"`` (pointy-top
            hexagon inscribed in ``box``).
    """

    target: Any
    box: Box
    shape: str = "rect"

    def contains(self, x: float, y: float) -> bool:
        """Whether pixel ``(x, y)`` lies on this target."""
        bx, by, bw, bh = self.box
        if not (bx <= x <= bx + bw and by <= y <= by + bh):
            return False
        if self.shape == "rect":
            return True
        cx, cy = bx + bw / 2, by + bh / 2
        dx, dy = abs(x - cx) / (bw / 2), abs(y - cy) / (bh / 2)
        if self.shape == "circle":
            return dx * dx + dy * dy <= 1.0
        # Pointy-top hexagon, corners at (0, ±1) and (±1, ±0.5): flat sides and slanted edges.
        return dx <= 1.0 and dx * 0.5 + dy <= 1.0 + 1e-9


F = TypeVar("F")
"""The frame of a game's picture: its own frozen dataclass of where everything goes."""


@dataclass(frozen=True)
class Layout(Generic[F]):
    """The geometry of one picture: its size, its game's typed frame and its clickable areas.

    Built once per shown state (see :meth:`BaseRenderer.layout_of`) and read by drawing,
    hit-testing and hint boxes alike. ``frame`` is the game's own frozen dataclass (the board's
    cell boxes, the panel, the banner lines…); ``hits`` is filled while the layout is built and
    never changed afterwards.
    """

    width: int
    height: int
    frame: F
    hits: list[Hit] = field(default_factory=list)

    def add(self, target: Any, box: Box, shape: str = "rect") -> None:
        """Register a clickable target while building (later registrations are on top)."""
        self.hits.append(Hit(target, box, shape))

    def box_of(self, target: Any) -> Box | None:
        """The box of the topmost area registered for ``target``."""
        for hit in reversed(self.hits):
            if _same(hit.target, target):
                return hit.box
        return None


def _same(a: Any, b: Any) -> bool:
    """Target equality that keeps ``1`` and ``True`` apart and lists equal to tuples."""
    if isinstance(a, list):
        a = tuple(a)
    if isinstance(b, list):
        b = tuple(b)
    return type(a) is type(b) and a == b


@dataclass(frozen=True)
class Context:
    """The options of one ``draw`` call, bundled for the painting functions."""

    theme: Theme
    view: int | None
    highlight: frozenset[Any]
    selected: tuple[Any, ...]
    last_move: Move | None
    """The move to mark as the last one (the state's ``last_move``), or ``None``."""
    names: tuple[str, ...]
    winners: tuple[int, ...] | None = None
    """The winners once the game is over (``()`` for a draw); ``None`` while it runs."""
    ghost: Any = None
    """A see-through preview of a piece about to be put down (``State.ghost``), or ``None``."""

    def outcome(self) -> str:
        """ "X won", "X and Y won" or "game over: draw" for a status line."""
        if not self.winners:
            return "game over: draw" if self.winners is not None else "game over"
        return " and ".join(self.names[p] for p in self.winners) + " won"

    def is_highlighted(self, target: Any) -> bool:
        """Whether ``target`` is among the possible next clicks."""
        return _hashable(target) in self.highlight

    def is_selected(self, target: Any) -> bool:
        """Whether ``target`` was clicked already."""
        if not self.selected:
            return False
        key = _hashable(target)
        return any(_hashable(s) == key for s in self.selected)


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value


def as_state(game_id: str, state: State | Mapping[str, Any]) -> State:
    """The state to draw: ``state`` itself, or a JSON position loaded by the game's rules.

    Raises:
        InvalidState: the mapping is not a position the engine accepts (pictures show only
            positions the engine can hold, so every fact drawn is the engine's).
    """
    if isinstance(state, Mapping):
        return registry.rules(game_id).load(state)
    return state


def _direct_setter(canvas: Any) -> Callable[[str, Any], None] | None:
    """A fast way to set a style attribute of an ipycanvas ``Canvas``, or ``None`` for others.

    Setting ``canvas.fill_style = ...`` on ipycanvas runs traitlets validation and notification
    (about 35 µs each, most of a redraw's time) only to queue the command ``["set", [attr,
    value]]``. The style traits are not synchronised with the front-end, so queueing that same
    command directly draws the same picture, ten times faster. Found by duck typing; ipycanvas is
    never imported here (it is already loaded when such a canvas exists).
    """
    module = sys.modules.get("ipycanvas.canvas")
    kind = getattr(module, "Canvas", None)
    if not isinstance(kind, type) or not isinstance(canvas, kind):
        return None
    manager = getattr(canvas, "_canvas_manager", None)
    attrs = getattr(kind, "ATTRS", None)
    commands = getattr(module, "COMMANDS", None)
    if manager is None or not isinstance(attrs, dict):
        return None
    if not isinstance(commands, dict) or "set" not in commands:
        return None
    code = commands["set"]
    send = manager.send_command

    def set_style(name: str, value: Any) -> None:
        send(canvas, [code, [attrs[name], value]])

    return set_style


class Pen:
    """Writes to a canvas, skipping attribute writes that would not change anything.

    Fewer writes mean fewer draw commands in the single ``hold_canvas`` message; the pen never
    reads from the canvas (it remembers what it wrote).
    """

    __slots__ = ("_attrs", "_direct", "canvas", "theme")

    def __init__(self, canvas: CanvasLike, theme: Theme) -> None:
        self.canvas = canvas
        self.theme = theme
        self._attrs: dict[str, Any] = {}
        self._direct = _direct_setter(canvas)

    def _set(self, name: str, value: Any) -> None:
        if self._attrs.get(name, _UNSET) != value:
            if self._direct is not None and name in _STYLE_ATTRS:
                self._direct(name, value)
            else:
                setattr(self.canvas, name, value)
            self._attrs[name] = value

    def alpha(self, value: float) -> None:
        """Set the global opacity for what follows."""
        self._set("global_alpha", value)

    def dash(self, segments: Sequence[float]) -> None:
        """Set the line dash pattern (``()`` for solid lines)."""
        key = tuple(segments)
        if self._attrs.get("dash", ()) != key:
            self.canvas.set_line_dash(list(key))
            self._attrs["dash"] = key

    def rect(
        self,
        box: Box,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        """Fill and/or outline a rectangle."""
        x, y, w, h = box
        if fill is not None:
            self._set("fill_style", fill)
            self.canvas.fill_rect(x, y, w, h)
        if stroke is not None:
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            self.canvas.stroke_rect(x, y, w, h)

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        """Fill and/or outline a circle."""
        if fill is not None:
            self._set("fill_style", fill)
            self.canvas.fill_circle(x, y, r)
        if stroke is not None:
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            self.canvas.stroke_circle(x, y, r)

    def polygon(
        self,
        points: Sequence[Point],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        """Fill and/or outline a closed polygon."""
        pts = list(points)  # ipycanvas sends lists (not tuples) as binary buffers
        if fill is not None:
            self._set("fill_style", fill)
            self.canvas.fill_polygon(pts)
        if stroke is not None:
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            self.canvas.stroke_polygon(pts)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float) -> None:
        """Draw a straight segment."""
        self._set("stroke_style", stroke)
        self._set("line_width", width)
        self.canvas.stroke_line(x1, y1, x2, y2)

    def lines(self, points: Sequence[Point], stroke: str, width: float) -> None:
        """Draw an open polyline."""
        self._set("stroke_style", stroke)
        self._set("line_width", width)
        self.canvas.stroke_lines(list(points))

    def text(
        self,
        text: str,
        x: float,
        y: float,
        *,
        size: float = 12,
        colour: str | None = None,
        bold: bool = False,
        align: str = "center",
        baseline: str = "middle",
        max_width: float | None = None,
    ) -> None:
        """Write one line of text; ``size`` is in theme units (scaled by the theme)."""
        if not text:
            return
        self._set("font", self.theme.font(size, bold=bold))
        self._set("fill_style", colour if colour is not None else self.theme.ink)
        self._set("text_align", align)
        self._set("text_baseline", baseline)
        if max_width is None:
            self.canvas.fill_text(text, x, y)
        else:
            self.canvas.fill_text(text, x, y, max_width)

    def arrow(self, points: Sequence[Point], stroke: str, width: float, head: float = 9.0) -> None:
        """A polyline ending in a filled arrowhead at its last point."""
        if len(points) < 2:
            return
        self.lines(points, stroke, width)
        (x1, y1), (x2, y2) = points[-2], points[-1]
        ang = math.atan2(y2 - y1, x2 - x1)
        left = (x2 - head * math.cos(ang - 0.45), y2 - head * math.sin(ang - 0.45))
        right = (x2 - head * math.cos(ang + 0.45), y2 - head * math.sin(ang + 0.45))
        self.polygon([(x2, y2), left, right], fill=stroke)


_UNSET = object()
_STYLE_ATTRS = frozenset(
    (
        "fill_style",
        "stroke_style",
        "line_width",
        "font",
        "text_align",
        "text_baseline",
        "global_alpha",
    )
)


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """An estimate of the width of ``text`` in DejaVu Sans (no measuring without a browser)."""
    return len(text) * size * (0.66 if bold else 0.6)


@lru_cache(maxsize=8192)
def rounded_rect(box: Box, radius: float, steps: int = 3) -> tuple[Point, ...]:
    """The outline of a rectangle with rounded corners, as polygon points."""
    x, y, w, h = box
    r = max(0.0, min(radius, w / 2, h / 2))
    corners = (
        (x + w - r, y + r, -90),
        (x + w - r, y + h - r, 0),
        (x + r, y + h - r, 90),
        (x + r, y + r, 180),
    )
    pts: list[Point] = []
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return tuple(pts)


@lru_cache(maxsize=8192)
def regular_polygon(
    cx: float, cy: float, r: float, n: int, rotation: float = -90.0
) -> tuple[Point, ...]:
    """The ``n`` corners of a regular polygon (first corner at ``rotation`` degrees; -90 = up)."""
    return tuple(
        (
            cx + r * math.cos(math.radians(rotation + 360 * i / n)),
            cy + r * math.sin(math.radians(rotation + 360 * i / n)),
        )
        for i in range(n)
    )


@lru_cache(maxsize=8192)
def star(
    cx: float, cy: float, outer: float, inner: float, points: int = 5, rotation: float = -90.0
) -> tuple[Point, ...]:
    """A star polygon alternating ``outer`` and ``inner`` radii."""
    out: list[Point] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(rotation + 180 * i / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return tuple(out)


@lru_cache(maxsize=8192)
def ellipse(
    cx: float, cy: float, rx: float, ry: float, steps: int = 16, rotation: float = 0.0
) -> tuple[Point, ...]:
    """An ellipse as polygon points (optionally turned by ``rotation`` degrees)."""
    c, s = math.cos(math.radians(rotation)), math.sin(math.radians(rotation))
    out: list[Point] = []
    for i in range(steps):
        a = 2 * math.pi * i / steps
        px, py = rx * math.cos(a), ry * math.sin(a)
        out.append((cx + px * c - py * s, cy + px * s + py * c))
    return tuple(out)


S = TypeVar("S", bound=State)
"""The state class of the game a renderer draws."""

FRAMES_KEPT = 8
"""How many recent layouts a renderer keeps (an explorer, its sub-steps and an editor at once)."""


class BaseRenderer(Generic[S, F]):
    """Shared ``size``/``draw``/``targets_at``/``target_box`` over a game's layout and paint.

    Subclasses set ``game`` and implement :meth:`layout` (returning a :class:`Layout` of their
    own frame type ``F``) and :meth:`paint`; they may override :meth:`fallback_target` for
    clickable places that are not registered hits (empty table). Every public method takes a
    state of the game or its JSON position (loaded by the engine).

    One layout per shown state: the layout of a state object (states are immutable) seen by a
    view in a theme is built once and kept for the next calls with the same three, so a redraw
    with its size, its picture and the boxes of every hinted target builds it once.
    :attr:`layouts_built` counts the layouts built (what ``benchmarks/widget_bench.py`` prints
    per click).
    """

    game: str = ""

    def __init__(self) -> None:
        self.layouts_built = 0
        """How many layouts this renderer has built (each shown state's, once)."""
        self._frames: OrderedDict[tuple[int, int | None, int], _Kept[S, F]] = OrderedDict()
        self._lock = threading.Lock()

    # ----------------------------------------------------------------- hooks
    def layout(
        self, state: S, theme: Theme, view: int | None
    ) -> Layout[F]:  # pragma: no cover - abstract
        """Where everything goes in the picture of ``state`` seen by ``view``."""
        raise NotImplementedError

    def paint(
        self, pen: Pen, state: S, layout: Layout[F], ctx: Context
    ) -> None:  # pragma: no cover - abstract
        """Draw the picture (the background is already painted)."""
        raise NotImplementedError

    def fallback_target(self, layout: Layout[F], x: float, y: float) -> Any | None:
        """A target for a pixel that hits no registered area (default: none)."""
        return None

    def fallback_box(self, layout: Layout[F], target: Any) -> Box | None:
        """The box of a target that is not a registered area (default: none)."""
        return None

    # ----------------------------------------------------------------- protocol
    def layout_of(self, state: Any, *, view: int | None = None, theme: Any = None) -> Layout[F]:
        """The layout of ``state`` seen by ``view``: built on the first call for this state
        object, view and theme, then reused (a JSON position is loaded and laid out each time)."""
        return self._prepare(state, view, theme)[2]

    def forget_layouts(self) -> None:
        """Drop the kept layouts (the next call for any state builds its layout again)."""
        with self._lock:
            self._frames.clear()

    def _prepare(self, state: Any, view: int | None, theme: Any) -> tuple[S, Theme, Layout[F]]:
        keyed = isinstance(state, State)
        key = (id(state), view, id(theme))
        if keyed:
            with self._lock:
                kept = self._frames.get(key)
                if kept is not None and kept.state is state and kept.theme is theme:
                    self._frames.move_to_end(key)
                    return kept.state, kept.resolved, kept.layout
        found: S = as_state(self.game, state)  # type: ignore[assignment]
        th = resolve(theme)
        lay = self.layout(found, th, view)
        with self._lock:
            self.layouts_built += 1
            if keyed:
                # the state and theme are held, so their ids stay theirs while kept
                self._frames[key] = _Kept(found, theme, th, lay)
                while len(self._frames) > FRAMES_KEPT:
                    self._frames.popitem(last=False)
        return found, th, lay

    def size(self, state: Any, *, view: int | None = None, theme: Any = None) -> tuple[int, int]:
        """The canvas size in pixels that fits this state."""
        _, _, lay = self._prepare(state, view, theme)
        return lay.width, lay.height

    def names(self, state: State) -> tuple[str, ...]:
        """The display names of the players, as the game names them."""
        return tuple(state.rules.player_names(state.players))

    def draw(
        self,
        canvas: CanvasLike,
        state: Any,
        *,
        view: int | None = None,
        highlight: Collection[Any] = (),
        selected: Sequence[Any] = (),
        last_move: bool = True,
        theme: Any = None,
        ghost: Any = None,
    ) -> None:
        """Draw the whole picture (clearing first); ``view`` hides what that player may not see.

        ``ghost`` is the game's preview of a piece about to be put down (``State.ghost``);
        boards that draw no previews ignore it.
        """
        found, th, lay = self._prepare(state, view, theme)
        ctx = Context(
            theme=th,
            view=view,
            highlight=frozenset(_hashable(t) for t in highlight),
            selected=tuple(selected),
            last_move=found.last_move if last_move else None,
            names=self.names(found),
            winners=tuple(found.winners) if found.is_over else None,
            ghost=ghost,
        )
        pen = Pen(canvas, th)
        canvas.clear()
        pen.rect((0, 0, lay.width, lay.height), fill=th.background)
        self.paint(pen, found, lay, ctx)
        pen.alpha(1.0)
        pen.dash(())

    def targets_at(
        self, state: Any, x: float, y: float, *, view: int | None = None, theme: Any = None
    ) -> Any | None:
        """The target under pixel ``(x, y)`` (the topmost one), or ``None``."""
        _, _, lay = self._prepare(state, view, theme)
        for hit in reversed(lay.hits):
            if hit.contains(x, y):
                return hit.target
        return self.fallback_target(lay, x, y)

    def target_box(
        self, state: Any, target: Any, *, view: int | None = None, theme: Any = None
    ) -> Box | None:
        """Where ``target`` is drawn, or ``None`` if it is not on the picture."""
        _, _, lay = self._prepare(state, view, theme)
        box = lay.box_of(target)
        return box if box is not None else self.fallback_box(lay, target)

    def targets(self, state: Any, *, view: int | None = None, theme: Any = None) -> list[Any]:
        """Every clickable target of the picture, in drawing order (for tests and widgets)."""
        _, _, lay = self._prepare(state, view, theme)
        return [hit.target for hit in lay.hits]

    # ----------------------------------------------------------------- legend
    def markers(self, theme: Theme) -> dict[str, Marker]:
        """The marks this board draws, by key; the drawing code reads its styles from here.

        Subclasses return their own table (see :mod:`ftwkit.render.legend`); none by default.
        """
        return {}

    def legend(
        self, state: Any = None, *, view: int | None = None, theme: Any = None
    ) -> list[Marker]:
        """What every mark on this board means, as ``(swatch, words)`` markers in drawing order.

        ``state`` and ``view`` are accepted so a legend may one day depend on what is shown; the
        markers come from the same table the picture is drawn with.
        """
        return list(self.markers(resolve(theme)).values())


@dataclass(frozen=True)
class _Kept(Generic[S, F]):
    """One kept layout with the state and theme it was built for."""

    state: S
    theme: Any
    resolved: Theme
    layout: Layout[F]


def piece_colours(names: Sequence[str], theme: Theme) -> list[tuple[str, str, str]]:
    """``(fill, edge, ink)`` per player of a two-colour game: light for player 0, dark for 1.

    A player named "White" or "Black" gets that colour whatever the seat.
    """
    light = (theme.light_piece, theme.light_piece_edge, theme.light_piece_ink)
    dark = (theme.dark_piece, theme.dark_piece_edge, theme.dark_piece_ink)
    out = [light, dark]
    for i, name in enumerate(names[:2]):
        if name.lower() == "white":
            out[i] = light
        elif name.lower() == "black":
            out[i] = dark
    if out[0] == out[1]:
        out = [light, dark]
    return out
