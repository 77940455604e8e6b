"""Colours, sizes and fonts of every picture, gathered in one frozen :class:`Theme`.

Drawing code never writes a colour literal: it asks the theme, so that a light and a dark picture
(``LIGHT``, ``DARK``) come from the same code and a designer can restyle everything in one place.

>>> LIGHT.font(12, bold=True)
'bold 12px DejaVu Sans, Verdana, sans-serif'
>>> DARK.background != LIGHT.background
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

__all__ = ["DARK", "LIGHT", "Theme", "resolve"]


@dataclass(frozen=True)
class Theme:
    """Everything a renderer needs to know about looks.

    Attributes are plain CSS colour strings and pixel sizes; ``scale`` multiplies every size so a
    whole picture can be made bigger without changing its layout.
    """

    name: str = "light"
    background: str = "#f7f4ec"
    panel: str = "#ebe5d6"
    ink: str = "#1f1d1a"
    muted: str = "#6b665c"
    line: str = "#8a8272"
    board: str = "#dcc79a"
    board_line: str = "#5c4a2a"
    cell: str = "#efe3c2"
    cell_alt: str = "#e6d6ad"
    highlight: str = "#1f9d55"
    selected: str = "#e0671b"
    last_move: str = "#3b6fa8"
    """The last move's outline and arrow: a calm blue, so it never reads as an error."""
    highlight_fill: str = "#cdeccf"
    last_move_fill: str = "#cfdff0"
    flag: str = "#d32f2f"
    """What the rules flag as a problem now (tiles cut off from the Grid, a refused end)."""
    flag_fill: str = "#f6d2cb"
    pattern: str = "#c98a06"
    """A completed pattern's stones (Double Blind)."""
    secret: str = "#0f8b8d"
    """The secret condition's pattern, in a view that may see the secret (Double Blind)."""
    hints: tuple[str, ...] = ("#5b2a91", "#7d45b5", "#9a66c9")
    """The computer's suggested moves, best first."""
    light_piece: str = "#fbfaf6"
    light_piece_edge: str = "#3b3833"
    dark_piece: str = "#24221f"
    dark_piece_edge: str = "#000000"
    light_piece_ink: str = "#3b3833"
    dark_piece_ink: str = "#e9e5da"
    face_down_light: str = "#b9b5ab"
    face_down_dark: str = "#55524c"
    card: str = "#fffdf7"
    card_edge: str = "#4a453c"
    card_ink: str = "#1f1d1a"
    card_back: str = "#3d5a80"
    card_back_mark: str = "#98c1d9"
    seats: tuple[str, ...] = ("#c0392b", "#2e6fb7", "#2f8f46", "#8e44ad", "#d68910", "#16a0a0")
    """One accent colour per seat, for games with more than two players."""
    kinds: tuple[tuple[str, str], ...] = (
        ("ninja", "#5b3f99"),
        ("pirate", "#c0392b"),
        ("monkey", "#9a5b1e"),
        ("zombie", "#3f8f2f"),
        ("alien", "#168f96"),
        ("robot", "#4f6d8f"),
    )
    """Accent colour of each character kind (For the Win!, PNRZ)."""
    gold: str = "#e8b417"
    tile_colours: tuple[tuple[str, str, str], ...] = (
        ("red", "#b8322a", "#d9a29c"),
        ("blue", "#2d5fa6", "#9db3d8"),
        ("green", "#2f7d3a", "#9fc8a5"),
        ("yellow", "#c99a06", "#e6d39a"),
    )
    """``(name, face up, face down)`` of coloured tile sets beyond White and Black."""
    on_kind: str = "#ffffff"
    """Text and details drawn on a kind-coloured fill."""
    glyph_skin: str = "#e8c69b"
    glyph_ink: str = "#151515"
    enemy: str = "#2b2b2b"
    font_family: str = "DejaVu Sans, Verdana, sans-serif"
    scale: float = 1.0

    def font(self, size: float, *, bold: bool = False) -> str:
        """A CSS font string of ``size`` pixels (times ``scale``)."""
        px = round(size * self.scale, 1)
        text = f"{px:g}px {self.font_family}"
        return f"bold {text}" if bold else text

    def px(self, size: float) -> float:
        """A length in pixels, times ``scale``."""
        return size * self.scale

    def kind(self, name: str) -> str:
        """The accent colour of a character kind (``ink`` for an unknown one)."""
        for key, colour in self.kinds:
            if key == name:
                return colour
        return self.ink

    def seat(self, player: int) -> str:
        """The accent colour of seat ``player``."""
        return self.seats[player % len(self.seats)]

    def hint(self, rank: int) -> str:
        """The colour of the computer's ``rank``-th suggested move (0 = best)."""
        return self.hints[rank % len(self.hints)]


LIGHT = Theme()
"""Warm paper background, dark ink."""

DARK = dataclasses.replace(
    LIGHT,
    name="dark",
    background="#1d1f23",
    panel="#2a2d33",
    ink="#ecebe6",
    muted="#a4a29b",
    line="#6d6a63",
    board="#6b5631",
    board_line="#e0c98f",
    cell="#3b3426",
    cell_alt="#453c2b",
    highlight="#4fd27f",
    selected="#ff9a4d",
    last_move="#7fb2ec",
    highlight_fill="#2f5a3a",
    last_move_fill="#2f4a6b",
    flag="#ff6b5b",
    flag_fill="#6a3a33",
    pattern="#f0b429",
    secret="#3fd0d2",
    hints=("#c58cf0", "#a878d0", "#8a66ad"),
    light_piece_edge="#000000",
    dark_piece="#121212",
    dark_piece_edge="#d6d2c8",
    card="#f4f0e6",
    card_edge="#111111",
    card_back="#557aa8",
    card_back_mark="#cfe3f2",
    seats=("#ff7a6b", "#6fa8ff", "#6fd68a", "#c58cf0", "#f3b04a", "#4fd1d1"),
    gold="#f5c842",
    enemy="#0f0f0f",
)
"""Dark background for dark notebook themes."""


def resolve(theme: Any) -> Theme:
    """The theme to use: ``None`` → ``LIGHT``, ``"dark"``/``"light"`` by name, or a ``Theme``.

    Raises:
        ValueError: neither ``None``, a theme name nor a ``Theme``.
    """
    if theme is None:
        return LIGHT
    if isinstance(theme, Theme):
        return theme
    if theme == "light":
        return LIGHT
    if theme == "dark":
        return DARK
    raise ValueError(f"theme must be a Theme, 'light' or 'dark', not {theme!r}")
