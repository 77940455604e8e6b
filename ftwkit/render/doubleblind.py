"""Double Blind picture: the Go board, each player's completed conditions, secrets, questions.

Targets are intersection names (``"D4"``), hit as the square around each intersection. Beside the
board a panel shows, per player, the five condition icons (completed ones in colour, the others
faint), the secret condition when the view may see it (a "?" card otherwise) and the question log.

Completed patterns are ringed on the board where the engine finds them
(``state.completed_patterns``): a public completion in the pattern colour, and a completed secret
condition, in a view that may see that secret, in the secret colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from types import MappingProxyType

from ftwkit.games.doubleblind import COLUMNS, CONDITIONS, DoubleBlindState, Place, cell_name
from ftwkit.geometry.grid import Cell
from ftwkit.render.base import (
    BaseRenderer,
    Context,
    Hit,
    Layout,
    Pen,
    Point,
    piece_colours,
    rounded_rect,
)
from ftwkit.render.legend import Marker, Swatch, per_theme
from ftwkit.render.protocol import Box
from ftwkit.render.theme import Theme

__all__ = ["RENDERER", "Board", "DoubleBlindFrame", "DoubleBlindRenderer", "condition_icon_cells"]


@cache
def condition_icon_cells(
    number: int, arm_length: int = 1
) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    """The own cells and arm cells of a condition's icon: the engine's first drawing of it
    (:data:`~ftwkit.games.doubleblind.CONDITIONS`), its arms ``arm_length`` cells long."""
    figure = CONDITIONS[number].figures[0]
    arms = tuple(cell for arm in figure.arm_cells(arm_length) for cell in arm)
    return figure.own, arms


@dataclass(frozen=True)
class Board:
    """The geometry of an empty board of one size (cached per size and theme)."""

    size: int
    gap: float
    """Pixels between neighbouring lines."""
    pad: float
    board: Box
    points: Mapping[str, Point]
    """Every intersection's centre, by cell name."""
    panel: Box


@dataclass(frozen=True)
class DoubleBlindFrame:
    """Where a Double Blind picture's parts go, and what its viewer may see of the secrets."""

    board: Board
    patterns: Mapping[int, Mapping[int, tuple[str, ...]]]
    """Each player's completed patterns: condition number → the cells of the pattern."""
    secrets: tuple[int | None, ...]
    """Each player's secret condition as the viewer sees it (``None``: hidden)."""


class DoubleBlindRenderer(BaseRenderer[DoubleBlindState, DoubleBlindFrame]):
    """Draws Double Blind positions; see the module docstring."""

    game = "doubleblind"

    def layout(
        self, state: DoubleBlindState, theme: Theme, view: int | None
    ) -> Layout[DoubleBlindFrame]:
        """Intersections of a ``size``×``size`` board with coordinates, and a side panel."""
        width, height, hits, board = _board_layout(state.size, theme)
        secrets = tuple(state.secret_seen_by(p, view) for p in (0, 1))
        frame = DoubleBlindFrame(board, _patterns(state), secrets)
        return Layout(width, height, frame, list(hits))

    def markers(self, theme: Theme) -> dict[str, Marker]:
        """Last stone, possible and selected points, completed and secret patterns, to play."""
        return _markers(theme)

    def paint(
        self, pen: Pen, state: DoubleBlindState, layout: Layout[DoubleBlindFrame], ctx: Context
    ) -> None:
        """Board, stones, last stone, highlights, then the panel."""
        th = ctx.theme
        mk = _markers(th)
        size: int = layout.frame.board.size
        gap: float = layout.frame.board.gap
        points = layout.frame.board.points
        bx, by, bw, bh = layout.frame.board.board
        pen.rect((bx, by, bw, bh), fill=th.board, stroke=th.board_line, width=th.px(1.5))
        first, last = points[cell_name(0, 0)], points[cell_name(size - 1, size - 1)]
        for i in range(size):
            x = first[0] + i * gap
            y = last[1] + i * gap
            pen.line(x, last[1], x, first[1], th.board_line, th.px(1))
            pen.line(first[0], y, last[0], y, th.board_line, th.px(1))
            pen.text(COLUMNS[i], x, by - th.px(11), size=11, colour=th.muted)
            pen.text(COLUMNS[i], x, by + bh + th.px(11), size=11, colour=th.muted)
            row = str(size - i)
            pen.text(row, bx - th.px(12), y, size=11, colour=th.muted)
        for hx, hy in _hoshi(size):
            x, y = points[cell_name(hx, hy)]
            pen.circle(x, y, th.px(2.6), fill=th.board_line)

        colours = piece_colours(ctx.names, th)
        radius = gap * 0.46
        for player in (0, 1):
            fill, edge, _ = colours[player % 2]
            for cell in state.stone_cells(player):
                x, y = points[cell]
                pen.circle(x, y, radius, fill=fill, stroke=edge, width=th.px(1))
        secrets: tuple[int | None, ...] = layout.frame.secrets
        patterns = layout.frame.patterns
        for key, ringed in _ringed(patterns, secrets):
            ring = mk[key].swatch
            for cell in ringed:
                x, y = points[cell]
                pen.circle(x, y, radius + ring.width / 2, stroke=ring.stroke, width=ring.width)
        move = ctx.last_move
        mark = mk["last"].swatch
        if isinstance(move, Place):
            x, y = points[move.cell]
            pen.circle(x, y, radius * mark.size, stroke=mark.stroke, width=mark.width)
        possible, selected = mk["possible"].swatch, mk["selected"].swatch
        for name, (x, y) in points.items():
            if ctx.is_highlighted(name):
                pen.circle(x, y, radius * possible.size, fill=possible.fill)
            if ctx.is_selected(name):
                pen.circle(
                    x, y, radius * selected.size, stroke=selected.stroke, width=selected.width
                )
        self._panel(pen, state, layout, ctx, colours)

    def _panel(
        self,
        pen: Pen,
        state: DoubleBlindState,
        layout: Layout[DoubleBlindFrame],
        ctx: Context,
        colours: list[tuple[str, str, str]],
    ) -> None:
        th = ctx.theme
        px, py, pw, ph = layout.frame.board.panel
        pen.polygon(rounded_rect((px, py, pw, ph), th.px(8)), fill=th.panel)
        x = px + th.px(12)
        y = py + th.px(20)
        secrets: tuple[int | None, ...] = layout.frame.secrets
        completed = state.completed
        to_play = state.to_play
        winners = state.winners
        arm_length = state.options.arm_length
        mk = _markers(th)
        for player in (0, 1):
            fill, edge, _ = colours[player]
            pen.circle(x + th.px(8), y, th.px(8), fill=fill, stroke=edge, width=th.px(1.5))
            if to_play == player:
                ring = mk["to_play"].swatch
                pen.circle(x + th.px(8), y, th.px(11.5), stroke=ring.stroke, width=ring.width)
            title = ctx.names[player]
            if player in winners:
                title += " — wins!"
            elif to_play == player:
                title += " to play"
            pen.text(title, x + th.px(24), y, size=14, bold=True, align="left")
            y += th.px(24)
            pen.text("completed", x, y, size=11, colour=th.muted, align="left")
            y += th.px(10)
            icon = th.px(38)
            for number in CONDITIONS:
                ix = x + (number - 1) * (icon + th.px(6))
                _condition_icon(
                    pen,
                    th,
                    number,
                    arm_length,
                    (ix, y, icon, icon),
                    done=number in completed[player],
                )
            y += icon + th.px(28)
            secret = secrets[player]
            pen.text("secret", x, y, size=11, colour=th.muted, align="left")
            box = (x + th.px(50), y - th.px(12), th.px(30), th.px(30))
            if secret is None:
                pen.polygon(rounded_rect(box, th.px(4)), fill=th.card_back)
                pen.text(
                    "?",
                    box[0] + box[2] / 2,
                    box[1] + box[3] / 2,
                    size=16,
                    bold=True,
                    colour=th.card_back_mark,
                )
                pen.text(
                    "hidden",
                    box[0] + box[2] + th.px(8),
                    y + th.px(3),
                    size=12,
                    colour=th.muted,
                    align="left",
                )
            else:
                met = secret in completed[player]
                _condition_icon(
                    pen, th, secret, arm_length, box, done=True, label=False, secret=met
                )
                name = CONDITIONS[secret].name
                if met:
                    name += " — completed"
                pen.text(
                    f"{secret} {name}",
                    box[0] + box[2] + th.px(8),
                    y + th.px(3),
                    size=12,
                    bold=True,
                    align="left",
                )
            y += th.px(40)
        pen.line(x, y - th.px(8), px + pw - th.px(12), y - th.px(8), th.line, th.px(1))
        pen.text("questions", x, y + th.px(4), size=11, colour=th.muted, align="left")
        y += th.px(24)
        queries = state.queries
        shown = queries[-6:]
        if not queries:
            pen.text("none asked yet", x, y, size=12, colour=th.muted, align="left")
            y += th.px(20)
        for k, (asker, answer) in enumerate(shown, start=len(queries) - len(shown) + 1):
            pen.text(f"{k}. {ctx.names[asker]} asked:", x, y, size=12, align="left")
            text = "yes" if answer else "no"
            pen.text(
                text,
                x + th.px(150),
                y,
                size=12,
                bold=True,
                align="left",
                colour=th.highlight if answer else th.flag,
            )
            y += th.px(20)
        for player in state.pending:
            pen.text(
                f"{ctx.names[player]} may ask now",
                x,
                y + th.px(4),
                size=12,
                bold=True,
                colour=th.selected,
                align="left",
            )
            y += th.px(20)


@cache
def _board_layout(size: int, theme: Theme) -> tuple[int, int, tuple[Hit, ...], Board]:
    """The geometry of an empty board (it depends only on the size and theme, so it is cached)."""
    gap = theme.px(min(30.0, 456.0 / max(size - 1, 1)))
    label = theme.px(24)
    pad = gap * 0.7
    board = (size - 1) * gap + 2 * pad
    x0, y0 = label, label
    panel_w = theme.px(250)
    width = int(x0 + board + label + panel_w)
    height = int(max(y0 + board + label, theme.px(470)))
    hits: list[Hit] = []
    points: dict[str, tuple[float, float]] = {}
    for cx in range(size):
        for cy in range(size):
            px = x0 + pad + cx * gap
            py = y0 + pad + (size - 1 - cy) * gap
            name = cell_name(cx, cy)
            points[name] = (px, py)
            hits.append(Hit(name, (px - gap / 2, py - gap / 2, gap, gap)))
    geometry = Board(
        size=size,
        gap=gap,
        pad=pad,
        board=(x0, y0, board, board),
        points=MappingProxyType(points),
        panel=(x0 + board + label, theme.px(10), panel_w - theme.px(10), height - theme.px(20)),
    )
    return width, height, tuple(hits), geometry


def _condition_icon(
    pen: Pen,
    th: Theme,
    number: int,
    arm_length: int,
    box: tuple[float, float, float, float],
    *,
    done: bool,
    label: bool = True,
    secret: bool = False,
) -> None:
    """A small picture of a condition's shape: own stones dark, arm stones as rings.

    A completed condition is framed like its pattern on the board (the secret colour for a
    completed secret).
    """
    own, arms = condition_icon_cells(number, arm_length)
    cells = list(own) + list(arms)
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 3) + 1
    x, y, w, h = box
    frame = _markers(th)["secret" if secret else "done"].swatch
    pen.polygon(
        rounded_rect(box, th.px(4)),
        fill=frame.fill if done else th.panel,
        stroke=frame.stroke if done else th.line,
        width=frame.width if done else th.px(1),
    )
    step = (w - th.px(6)) / span
    ox = x + (w - step * (max(xs) - min(xs) + 1)) / 2 + step / 2
    oy = y + (h - step * (max(ys) - min(ys) + 1)) / 2 + step / 2
    ink = th.dark_piece if done else th.line
    for cx, cy in own:
        pen.circle(ox + (cx - min(xs)) * step, oy + (cy - min(ys)) * step, step * 0.4, fill=ink)
    for cx, cy in arms:
        pen.circle(
            ox + (cx - min(xs)) * step,
            oy + (cy - min(ys)) * step,
            step * 0.3,
            stroke=ink,
            width=th.px(1.2),
        )
    if label:
        name = CONDITIONS[number].name
        pen.text(
            f"{number} {name}",
            x + w / 2,
            y + h + th.px(8),
            size=7 if len(name) > 5 else 8,
            colour=th.ink if done else th.muted,
            bold=done,
        )


@per_theme
def _markers(th: Theme) -> dict[str, Marker]:
    """Every mark of the Double Blind board, the one place its styles are defined."""
    return {
        "last": Marker(
            "last",
            Swatch("circle", stroke=th.last_move, width=th.px(2.5), size=0.42, backdrop=th.ink),
            "last stone placed",
        ),
        "possible": Marker(
            "possible",
            Swatch("circle", fill=th.highlight, size=0.35),
            "possible next click",
        ),
        "selected": Marker(
            "selected",
            Swatch("circle", stroke=th.selected, width=th.px(3), size=0.95),
            "selected point",
        ),
        "pattern": Marker(
            "pattern",
            Swatch("circle", stroke=th.pattern, width=th.px(3), backdrop=th.ink),
            "stone of a completed pattern (public)",
        ),
        "secret": Marker(
            "secret",
            Swatch("circle", stroke=th.secret, width=th.px(3), backdrop=th.ink),
            "stone of a completed secret condition (only where the secret may be seen)",
        ),
        "done": Marker(
            "done",
            Swatch("card", stroke=th.pattern, fill=th.card, width=th.px(2)),
            "panel: a completed condition",
        ),
        "to_play": Marker(
            "to_play",
            Swatch("circle", stroke=th.highlight, width=th.px(2.5), size=0.8),
            "ring beside a name: that player is to play",
        ),
    }


@lru_cache(maxsize=16)
def _patterns(state: DoubleBlindState) -> dict[int, dict[int, tuple[str, ...]]]:
    """Each player's completed patterns as the engine finds them, kept for the last few states:
    a redraw after a click (same state, other highlights) does not search the board again."""
    return {player: state.completed_patterns(player) for player in (0, 1)}


def _ringed(
    patterns: Mapping[int, Mapping[int, tuple[str, ...]]], secrets: tuple[int | None, ...]
) -> list[tuple[str, tuple[str, ...]]]:
    """``(marker key, cells)`` to ring: public completions first, then visible secrets on top."""
    public: list[tuple[str, tuple[str, ...]]] = []
    secret: list[tuple[str, tuple[str, ...]]] = []
    for player, found in patterns.items():
        for number, cells in found.items():
            if secrets[player] == number:
                secret.append(("secret", cells))
            else:
                public.append(("pattern", cells))
    return public + secret


def _hoshi(size: int) -> list[tuple[int, int]]:
    """The star points of usual Go boards."""
    if size < 9:
        return []
    edge = 2 if size < 13 else 3
    far = size - 1 - edge
    pts = [(edge, edge), (edge, far), (far, edge), (far, far)]
    if size % 2 == 1:
        mid = size // 2
        pts.append((mid, mid))
        if size >= 19:
            pts += [(mid, edge), (mid, far), (edge, mid), (far, mid)]
    return pts


RENDERER = DoubleBlindRenderer()
"""The Double Blind renderer named by the game's registration (``GAME.renderer``)."""
