"""Minesweeper boards: a classic, high-contrast look, every cell told apart without colour.

Hidden cells are raised (a bevel), open cells flat; a number is its digit (colours only
help); a flag is a pennant on a pole; a mine a spiked disc, on red where it exploded; a wrong
flag is crossed out. Coordinates, the window and the SOLVED / LOST / GAVE UP banner are
the shared canvas's (``renderer.canvas``). Sprites are drawn once per cell size
(supersampled) and pasted.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from renderer import theme
from renderer.canvas import (
    banner_sprite,
    draw_banner,
    draw_labels,
    encode_pngs,
    font,
    highlight_cells,
    label_sprites,
    outline_window,
)
from renderer.layout import layout

HIDDEN = theme.hex_rgb("#B9C0CB")
HIDDEN_LIGHT = theme.hex_rgb("#F4F6F9")
HIDDEN_DARK = theme.hex_rgb("#6E7785")
OPEN = theme.hex_rgb("#F4F6F9")
OPEN_LINE = theme.hex_rgb("#C3CAD4")
MINE = theme.hex_rgb("#1B2633")
EXPLODED = theme.VERMILLION
FLAG = theme.VERMILLION
CROSS = theme.hex_rgb("#000000")
#: Digit colours (Okabe–Ito and dark tones); the digits themselves need no colour.
NUMBER = {
    n: theme.hex_rgb(code)
    for n, code in enumerate(
        ("#0072B2", "#007A5A", "#C0392B", "#003A5C", "#6B2F00", "#00727A", "#000000", "#4A5260"),
        start=1,
    )
}
LOST = theme.VERMILLION
#: Every look a cell can have.
LOOKS = ("hidden", "flag", "mine", "exploded", "wrong", *(f"open{n}" for n in range(9)))


def _draw_cell(look: str, size: int) -> Image.Image:
    z = size * 4
    image = Image.new("RGB", (z, z), OPEN)
    draw = ImageDraw.Draw(image)
    if look in ("hidden", "flag"):
        bevel = max(4, z // 10)
        draw.rectangle((0, 0, z - 1, z - 1), fill=HIDDEN)
        draw.polygon(
            [(0, 0), (z, 0), (z - bevel, bevel), (bevel, bevel), (bevel, z - bevel), (0, z)],
            fill=HIDDEN_LIGHT,
        )
        draw.polygon(
            [
                (z, z),
                (0, z),
                (bevel, z - bevel),
                (z - bevel, z - bevel),
                (z - bevel, bevel),
                (z, 0),
            ],
            fill=HIDDEN_DARK,
        )
    else:
        fill = EXPLODED if look == "exploded" else OPEN
        draw.rectangle((0, 0, z - 1, z - 1), fill=fill, outline=OPEN_LINE, width=4)
    if look in ("flag", "wrong"):
        pole = round(z * 0.56)
        draw.rectangle((pole - z // 28, round(z * 0.2), pole + z // 28, round(z * 0.74)), fill=MINE)
        draw.polygon(
            [(pole, round(z * 0.2)), (round(z * 0.24), round(z * 0.36)), (pole, round(z * 0.52))],
            fill=FLAG,
        )
        draw.rectangle(
            (round(z * 0.3), round(z * 0.72), round(z * 0.76), round(z * 0.8)), fill=MINE
        )
    if look in ("mine", "exploded"):
        centre, radius = z / 2, z * 0.24
        for dx, dy in ((1, 0), (0, 1), (0.7, 0.7), (0.7, -0.7)):
            reach = z * 0.36
            draw.line(
                (
                    centre - dx * reach,
                    centre - dy * reach,
                    centre + dx * reach,
                    centre + dy * reach,
                ),
                fill=MINE,
                width=max(4, z // 14),
            )
        draw.ellipse(
            (centre - radius, centre - radius, centre + radius, centre + radius), fill=MINE
        )
        shine = radius * 0.35
        draw.ellipse(
            (
                centre - radius * 0.55,
                centre - radius * 0.55,
                centre - radius * 0.55 + shine,
                centre - radius * 0.55 + shine,
            ),
            fill=HIDDEN_LIGHT,
        )
    if look == "wrong":
        width = max(4, z // 12)
        draw.line((z * 0.15, z * 0.15, z * 0.85, z * 0.85), fill=CROSS, width=width)
        draw.line((z * 0.85, z * 0.15, z * 0.15, z * 0.85), fill=CROSS, width=width)
    if look.startswith("open") and look != "open0":
        n = int(look[4:])
        draw.text((z / 2, z / 2), str(n), font=font(round(z * 0.62)), fill=NUMBER[n], anchor="mm")
    return image.resize((size, size), Image.Resampling.BOX)  # flat areas keep their colour


@cache
def _sprites(cell: int, margin: int) -> dict[str, Image.Image]:
    sprites = {look: _draw_cell(look, cell) for look in LOOKS}
    sprites.update(label_sprites(cell, margin))
    sprites["solved"] = banner_sprite("SOLVED", margin, theme.SOLVED)
    sprites["lost"] = banner_sprite("LOST", margin, LOST)
    sprites["given up"] = banner_sprite("GAVE UP", margin, theme.GAVE_UP)
    return sprites


@dataclass(frozen=True, slots=True)
class MinesView:
    """What a Minesweeper image shows: the board, what is open and flagged, the outcome."""

    width: int
    height: int
    #: Adjacent-mine count of every cell, row-major.
    numbers: Sequence[int]
    mines: Collection[int]
    opened: Collection[int]
    flagged: Collection[int]
    exploded: int | None = None
    #: "playing", "solved", "lost" or "given up"; mines show only on a finished board.
    outcome: str = "playing"

    def look(self, cell: int) -> str:
        """How a cell is drawn: what the player knows, and on a finished board the mines
        (as flags when solved; with the exploded one and crossed wrong flags when lost or
        given up)."""
        if cell == self.exploded:
            return "exploded"
        if cell in self.flagged:
            wrong = self.outcome in ("lost", "given up") and cell not in self.mines
            return "wrong" if wrong else "flag"
        if cell in self.opened:
            return f"open{self.numbers[cell]}"
        if cell in self.mines and self.outcome != "playing":
            return "flag" if self.outcome == "solved" else "mine"
        return "hidden"


def render_mines_image(
    view: MinesView,
    *,
    highlight: Collection[int] = (),
    frame: tuple[int, int, int, int] | None = None,
) -> Image.Image:
    """The board as an RGB image; ``highlight`` (cells framed: a last move, a hint) and
    ``frame`` (a block of cells x, y, width, height: the buttons' window) as on Pipes."""
    width, height, finished = view.width, view.height, view.outcome != "playing"
    geometry = layout(width, height, solved=finished)
    sprites = _sprites(geometry.cell, geometry.margin)
    image = Image.new("RGB", geometry.size, theme.FRAME)
    for i in range(width * height):
        image.paste(sprites[view.look(i)], geometry.cell_origin(i % width, i // width))
    draw_labels(image, geometry, sprites)
    draw = ImageDraw.Draw(image)
    if frame is not None:
        outline_window(draw, geometry, frame)
    highlight_cells(draw, geometry, highlight, theme.HIGHLIGHT)
    if finished:
        edge = {"solved": theme.SOLVED, "lost": LOST, "given up": theme.GAVE_UP}[view.outcome]
        draw_banner(image, geometry, sprites[view.outcome], edge)
    return image


def render_mines_png(
    view: MinesView,
    *,
    highlight: Collection[int] = (),
    frame: tuple[int, int, int, int] | None = None,
    zoom: bool = False,
) -> tuple[bytes, bytes | None]:
    """PNG bytes of the board and, with ``zoom`` and a ``frame``, the framed block enlarged
    for a phone: (board, zoomed window or None)."""
    image = render_mines_image(view, highlight=highlight, frame=frame)
    return encode_pngs(image, layout(view.width, view.height), frame if zoom else None)
