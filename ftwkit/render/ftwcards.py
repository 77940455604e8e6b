"""FTW?! picture: the pile, then one row per player with score, fanned hand and auxiliary cards.

Targets are card numbers (ints) wherever the card is drawn face up: in a hand, on the pile or among
a player's auxiliary cards. Hidden cards (``null`` in a player's view) are drawn as backs and are
not targets. Cards overlap in a fan, so the hit area of a card is the part left visible (the
topmost card wins).
"""

from __future__ import annotations

from dataclasses import dataclass

from ftwkit.games.ftwcards import PASS_COUNT, FtwCardsState, hand_size
from ftwkit.render.base import BaseRenderer, Box, Context, Hit, Layout, Pen, rounded_rect
from ftwkit.render.legend import Marker, Swatch, per_theme
from ftwkit.render.theme import Theme

__all__ = ["RENDERER", "FtwCardsFrame", "FtwCardsRenderer"]


Face = tuple[int | None, Box, str]
"""One card drawn: the card (``None``: face down), its box and its group (``"pile"``,
``"hand0"``, ``"passing1"``, ``"aux2"``…)."""


@dataclass(frozen=True)
class FtwCardsFrame:
    """Where an FTW?! picture's cards and rows go."""

    faces: tuple[Face, ...]
    """Every card drawn, in drawing order."""
    covered: tuple[bool, ...]
    """For each face, whether the next card of its group overlaps it."""
    rows: tuple[Box, ...]
    """Each player's row."""
    card: tuple[float, float]
    """A card's width and height."""
    aux_x: float
    label_w: float
    pile_x: float


class FtwCardsRenderer(BaseRenderer[FtwCardsState, FtwCardsFrame]):
    """Draws FTW?! positions; see the module docstring."""

    game = "ftwcards"

    def layout(self, state: FtwCardsState, theme: Theme, view: int | None) -> Layout[FtwCardsFrame]:
        """Card boxes for the pile, each hand, the passing cards and the auxiliary cards."""
        th = theme
        cw, ch = th.px(46), th.px(66)
        step = th.px(27)
        n = state.players
        hands = [state.hand_seen_by(p, view) for p in range(n)]
        aux = state.aux
        longest = max([hand_size(n), *(len(h) for h in hands)])
        most_aux = max([4, *(len(a) for a in aux)])
        label_w = th.px(150)
        hand_w = cw + (longest - 1) * step
        aux_x = label_w + hand_w + th.px(30)
        width = int(aux_x + cw + (most_aux - 1) * (cw * 0.75) + th.px(20))
        top_h = th.px(132)
        row_h = ch + th.px(48)
        height = int(top_h + n * row_h + th.px(10))
        faces: list[Face] = []  # (card or None, box, group)

        pile_x = label_w
        for i, top in enumerate(state.pile):
            box = (pile_x + i * step, th.px(40), cw, ch)
            faces.append((top, box, "pile"))
        rows: list[Box] = []
        for p, hand in enumerate(hands):
            ry = top_h + p * row_h
            rows.append((th.px(8), ry, width - th.px(16), row_h - th.px(8)))
            mid = (len(hand) - 1) / 2
            for i, held in enumerate(hand):
                lift = 0.0 if len(hand) < 2 else th.px(10) * ((i - mid) / max(mid, 1)) ** 2
                box = (label_w + i * step, ry + th.px(22) + lift, cw, ch)
                faces.append((held, box, f"hand{p}"))
            # Auxiliary cards only exist in the play phase, so the chosen cards take their place.
            for i, chosen in enumerate(state.passing_seen_by(p, view) or ()):
                box = (aux_x + i * step, ry + th.px(22), cw, ch)
                faces.append((chosen, box, f"passing{p}"))
            for i, helper in enumerate(aux[p]):
                box = (aux_x + i * cw * 0.75, ry + th.px(22), cw, ch)
                faces.append((helper, box, f"aux{p}"))
        covered = [
            k + 1 < len(faces)
            and faces[k + 1][2] == faces[k][2]
            and faces[k + 1][1][0] - faces[k][1][0] < cw * 0.9
            for k in range(len(faces))
        ]
        hits = [
            Hit(card, box)
            for card, box, group in faces
            if card is not None and not group.startswith("passing")
        ]
        frame = FtwCardsFrame(
            faces=tuple(faces),
            covered=tuple(covered),
            rows=tuple(rows),
            card=(cw, ch),
            aux_x=aux_x,
            label_w=label_w,
            pile_x=pile_x,
        )
        return Layout(width, height, frame, hits)

    def markers(self, theme: Theme) -> dict[str, Marker]:
        """Last move's cards, possible and selected cards, hidden cards, the player to play."""
        return _markers(theme)

    def paint(
        self, pen: Pen, state: FtwCardsState, layout: Layout[FtwCardsFrame], ctx: Context
    ) -> None:
        """Header with round and pile, player rows, then every card in order."""
        th = ctx.theme
        mk = _markers(th)
        rows = layout.frame.rows
        faces = layout.frame.faces
        cw, ch = layout.frame.card
        to_play = state.to_play
        phase = state.phase
        header = f"Round {state.round} of {state.rounds}"
        if ctx.winners is not None:
            header += " · game over"
        else:
            header += f" · passing {PASS_COUNT} cards" if phase == "pass" else " · playing"
        pen.text(header, th.px(14), th.px(18), size=14, bold=True, align="left")
        if to_play is not None:
            pen.text(
                f"{ctx.names[to_play]} to play",
                layout.width - th.px(14),
                th.px(18),
                size=13,
                colour=th.muted,
                align="right",
            )
        else:
            pen.text(
                ctx.outcome(),
                layout.width - th.px(14),
                th.px(18),
                size=13,
                colour=th.muted,
                align="right",
            )
        pen.text("pile", th.px(14), th.px(52), size=12, colour=th.muted, align="left")
        if state.top is None:
            box = (layout.frame.pile_x, th.px(40), cw, ch)
            pen.dash((th.px(4), th.px(3)))
            pen.polygon(rounded_rect(box, th.px(5)), stroke=th.line, width=th.px(1.5))
            pen.dash(())
            pen.text("empty", box[0] + cw / 2, box[1] + ch / 2, size=10, colour=th.muted)
        else:
            pen.text(f"top {state.top}", th.px(14), th.px(70), size=13, bold=True, align="left")
        right = layout.width - th.px(14)
        for label, cards in (("aside", state.aside), ("out", state.out)):
            count = len(cards)
            if label == "aside" and count == 0:
                continue
            box = (right - cw, th.px(40), cw, ch)
            _card_back(pen, th, box)
            pen.text(
                str(count),
                box[0] + cw / 2,
                box[1] + ch / 2,
                size=15,
                bold=True,
                colour=th.card_back_mark,
            )
            pen.text(label, box[0] + cw / 2, box[1] + ch + th.px(9), size=10, colour=th.muted)
            right -= cw + th.px(18)

        frame = mk["to_play"].swatch
        for p, (x, y, w, h) in enumerate(rows):
            active = to_play == p
            pen.polygon(
                rounded_rect((x, y, w, h), th.px(8)),
                fill=frame.fill,
                stroke=frame.stroke if active else None,
                width=frame.width,
            )
            pen.rect((x, y + th.px(6), th.px(5), h - th.px(12)), fill=th.seat(p))
            left = x + th.px(14)
            pen.text(ctx.names[p], left, y + th.px(18), size=14, bold=True, align="left")
            if active:
                pen.text(
                    "to play",
                    left,
                    y + th.px(34),
                    size=11,
                    bold=True,
                    colour=th.highlight,
                    align="left",
                )
            pen.text(
                f"score {state.scores[p]}", left, y + th.px(51), size=12, bold=True, align="left"
            )
            rounds = [points[p] for points in state.round_points]
            if rounds:
                pen.text(
                    "rounds " + "/".join(str(r) for r in rounds),
                    left,
                    y + th.px(66),
                    size=10,
                    colour=th.muted,
                    align="left",
                )
            pen.text(
                f"{len(state.hands[p])} in hand",
                left,
                y + th.px(81),
                size=11,
                colour=th.muted,
                align="left",
            )
            if state.taken[p]:
                took = ", ".join(str(c) for c in state.taken[p])
                pen.text(
                    f"took {took}", left, y + th.px(96), size=10, colour=th.muted, align="left"
                )
            group = "passing" if phase == "pass" else "aux"
            pen.text(
                group, layout.frame.aux_x, y + th.px(12), size=10, colour=th.muted, align="left"
            )

        last = set(ctx.last_move.targets) if ctx.last_move is not None else set()
        covered = layout.frame.covered
        last_mark, possible = mk["last"].swatch, mk["possible"].swatch
        tint = mk["selected"].swatch.stroke
        for (card, box, group), hidden in zip(faces, covered, strict=True):
            if card is None:
                _card_back(pen, th, box)
                continue
            _card_face(pen, th, card, box, corner_only=hidden)
            if card in last:
                outline = rounded_rect(box, th.px(5))
                pen.polygon(outline, stroke=last_mark.stroke, width=last_mark.width)
            if ctx.is_highlighted(card) and not group.startswith("passing"):
                outline = rounded_rect(box, th.px(5))
                pen.polygon(outline, stroke=possible.stroke, width=possible.width)
            if ctx.is_selected(card) and not group.startswith("passing"):
                _card_face(pen, th, card, box, tint=tint, corner_only=hidden)


def _card_face(
    pen: Pen, th: Theme, card: int, box: Box, tint: str | None = None, corner_only: bool = False
) -> None:
    """A face-up card: its number in the corner, and large in the middle when not covered."""
    x, y, w, h = box
    pen.polygon(
        rounded_rect(box, th.px(5)),
        fill=th.card,
        stroke=tint or th.card_edge,
        width=th.px(3 if tint else 1.2),
    )
    pen.text(
        str(card), x + th.px(3), y + th.px(12), size=14, bold=True, align="left", colour=th.card_ink
    )
    if not corner_only:
        pen.text(str(card), x + w / 2, y + h / 2 + th.px(6), size=22, bold=True, colour=th.card_ink)


@per_theme
def _markers(th: Theme) -> dict[str, Marker]:
    """Every mark of the FTW?! table, the one place its styles are defined."""
    return {
        "last": Marker(
            "last",
            Swatch("card", stroke=th.last_move, width=th.px(2.5)),
            "card of the last move",
        ),
        "possible": Marker(
            "possible",
            Swatch("card", stroke=th.highlight, width=th.px(3)),
            "possible next click",
        ),
        "selected": Marker(
            "selected",
            Swatch("card", stroke=th.selected, width=th.px(3)),
            "selected card",
        ),
        "hidden": Marker(
            "hidden",
            Swatch("card", stroke=th.card_edge, fill=th.card_back, width=th.px(1.2)),
            "face-down card (hidden from this view)",
        ),
        "to_play": Marker(
            "to_play",
            Swatch("square", stroke=th.highlight, fill=th.panel, width=th.px(2.5)),
            "framed row: the player to play",
        ),
    }


def _card_back(pen: Pen, th: Theme, box: Box) -> None:
    """A face-down card."""
    x, y, w, h = box
    back = _markers(th)["hidden"].swatch
    pen.polygon(rounded_rect(box, th.px(5)), fill=back.fill, stroke=back.stroke, width=back.width)
    inner = (x + th.px(5), y + th.px(5), w - th.px(10), h - th.px(10))
    pen.polygon(rounded_rect(inner, th.px(3)), stroke=th.card_back_mark, width=th.px(1))


RENDERER = FtwCardsRenderer()
"""The FTW?! renderer named by the game's registration (``GAME.renderer``)."""
