"""One tile drawn in RGB: the single source of truth for the look of a tile.

Geometry is given as fractions of the cell; big tiles are drawn supersampled and scaled down
(smooth edges), small ones (Minecraft glyphs) are drawn at size for crisp pixels.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from kinds.pipes.picture import colours

PIPE_WIDTH = 0.30  # of the cell
OUTLINE = 0.065
BULB = 0.25  # radius of a dead end's bulb
PUMP = 0.30  # half-size of the source's square pump


def draw_tile(
    mask: int,
    state: str,
    size: int,
    *,
    source: bool = False,
    locked: bool = False,
    grid_lines: bool = True,
) -> Image.Image:
    """A ``size`` px square RGB image of one tile in ``state`` ('idle', 'flooded', 'loop')."""
    scale = 4 if size >= 24 else 1
    z = size * scale
    image = Image.new("RGB", (z, z), colours.CELL_LOCKED if locked else colours.CELL)
    draw = ImageDraw.Draw(image)
    if state == "loop":
        _hatch(draw, z)
    if grid_lines:
        line = max(1, scale)
        draw.rectangle((0, 0, z - 1, line - 1), fill=colours.GRID)
        draw.rectangle((0, 0, line - 1, z - 1), fill=colours.GRID)
    if locked:
        notch = round(0.22 * z)
        draw.polygon(
            [(z - 1, z - 1), (z - 1 - notch, z - 1), (z - 1, z - 1 - notch)], fill=colours.NOTCH
        )
    fill, outline = colours.PIPE[state]
    half = PIPE_WIDTH * z / 2
    edge = max(1.0, OUTLINE * z) if scale > 1 else 1.0
    _pipe(draw, mask, z, half + edge, outline)
    _pipe(draw, mask, z, half, fill)
    if bin(mask).count("1") == 1:
        _disc(draw, z, BULB * z, outline)
        _disc(draw, z, BULB * z - edge, fill)
    if source:
        pump = PUMP * z
        c = z / 2
        draw.rounded_rectangle(
            (c - pump, c - pump, c + pump, c + pump), radius=pump * 0.3, fill=colours.SOURCE
        )
        _disc(draw, z, pump * 0.55, fill)
        _disc(draw, z, pump * 0.22, colours.SOURCE_EYE)
    if scale > 1:
        image = image.reduce(scale)  # box filter: smooth edges, exact flat colours
    return image


def _hatch(draw: ImageDraw.ImageDraw, z: int) -> None:
    """Diagonal stripes: the colour-free cue for loop tiles."""
    step = z / 4
    width = max(1, round(z / 10))
    k: float = -z
    while k < z:
        draw.line([(k, z), (k + z, 0)], fill=colours.LOOP_HATCH, width=width)
        k += step


def _pipe(draw: ImageDraw.ImageDraw, mask: int, z: int, half: float, colour) -> None:
    """Arms from the centre to each open side, ``2 * half`` wide, and the joint."""
    c = z / 2
    lo, hi = c - half, c + half - 1
    if mask:
        draw.rectangle((lo, lo, hi, hi), fill=colour)
    if mask & 1:
        draw.rectangle((0, lo, c, hi), fill=colour)
    if mask & 2:
        draw.rectangle((lo, 0, hi, c), fill=colour)
    if mask & 4:
        draw.rectangle((c, lo, z - 1, hi), fill=colour)
    if mask & 8:
        draw.rectangle((lo, c, hi, z - 1), fill=colour)


def _disc(draw: ImageDraw.ImageDraw, z: int, radius: float, colour) -> None:
    c = z / 2 - 0.5
    draw.ellipse((c - radius, c - radius, c + radius, c + radius), fill=colour)
