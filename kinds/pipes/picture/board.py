"""Board images: palette sprites pasted into place, then a fast palette PNG."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TypedDict, Unpack

from PIL import Image, ImageDraw

from kinds.pipes.engine import Check
from kinds.pipes.picture import colours
from kinds.pipes.picture.sheet import INDEX, sheet
from kinds.pipes.picture.tiles import PIPE_WIDTH
from renderer.canvas import (
    draw_banner,
    draw_labels,
    encode_png,
    encode_pngs,
    highlight_cells,
    outline_window,
)
from renderer.layout import Layout, layout


def render_image(
    width: int,
    height: int,
    tiles: Sequence[int],
    source: tuple[int, int],
    result: Check,
    *,
    highlight: Collection[int] = (),
    locked: Collection[int] = (),
    frame: tuple[int, int, int, int] | None = None,
    flooded: Collection[int] | None = None,
    wrap: bool = False,
    given_up: bool = False,
) -> Image.Image:
    """The board as a palette image.

    ``highlight``: cells framed in the highlight colour (last move, hint …).
    ``frame``: a block of cells (x, y, width, height) framed boldly, the part of the board
    that has buttons.
    ``locked``: cells drawn as locked. ``flooded``: override which cells show water (the
    win animation uses it); by default the check's flooded set. ``wrap``: the board's edges
    connect across the border, so pipes that leave it are drawn going on beyond the grid.
    ``given_up``: the board was given up: a GAVE UP banner, never a SOLVED one.
    """
    if len(tiles) != width * height:
        raise ValueError(f"expected {width * height} tiles, got {len(tiles)}")
    geometry = layout(width, height, solved=result.solved or given_up, wrap=wrap)
    sprites = sheet(geometry.cell, geometry.margin)
    image = Image.new("P", geometry.size, INDEX[colours.FRAME])
    image.putpalette(sprites.palette)
    water = result.flooded if flooded is None else flooded
    paint_cells(image, geometry, tiles, source, range(width * height), result.loops, water, locked)
    draw_labels(image, geometry, sprites.labels)
    draw = ImageDraw.Draw(image)
    right, bottom = geometry.cell_box(width - 1, height - 1)[2:]
    draw.rectangle(
        (*geometry.cell_origin(0, 0), right - 1, bottom - 1), outline=INDEX[colours.GRID]
    )
    if wrap:
        _wrap_stubs(draw, geometry, tiles, result.loops, water)
    if frame is not None:
        outline_window(draw, geometry, frame, INDEX[colours.WINDOW], INDEX[colours.FRAME])
    highlight_cells(draw, geometry, highlight, INDEX[colours.HIGHLIGHT])
    if given_up:
        draw_banner(image, geometry, sprites.gave_up, INDEX[colours.GAVE_UP])
    elif result.solved:
        draw_banner(image, geometry, sprites.solved, INDEX[colours.SOLVED])
    return image


def paint_cells(
    image: Image.Image,
    geometry: Layout,
    tiles: Sequence[int],
    source: tuple[int, int],
    cells: Iterable[int],
    loops: Collection[int],
    water: Collection[int],
    locked: Collection[int] = (),
) -> None:
    """Paste the sprites of ``cells``; ``loops`` and ``water`` decide their states."""
    sprites = sheet(geometry.cell, geometry.margin).tiles
    width, cell = geometry.width, geometry.cell
    left, top = geometry.cell_origin(0, 0)
    src = source[1] * width + source[0]
    paste = image.paste
    for i in cells:
        state = "loop" if i in loops else "flooded" if i in water else "idle"
        sprite = sprites[(tiles[i] & 15, state, i == src, i in locked)]
        paste(sprite, (left + i % width * cell, top + i // width * cell))


def _wrap_stubs(
    draw: ImageDraw.ImageDraw,
    geometry: Layout,
    tiles: Sequence[int],
    loops: Collection[int],
    water: Collection[int],
) -> None:
    """On a wrapping board, every pipe that leaves the grid goes on for the width of the
    right-hand band beyond it (on all four sides: on the left and the top in the gutter
    between the grid and the labels), in the colours of its tile's state."""
    width, height, cell = geometry.width, geometry.height, geometry.cell
    half = max(1, round(PIPE_WIDTH * cell / 2))
    reach = geometry.pad
    left, top = geometry.cell_origin(0, 0)
    right, bottom = geometry.cell_box(width - 1, height - 1)[2:]
    stubs = []  # (cell index, x0, y0, x1, y1)
    for y in range(height):
        mid = geometry.cell_origin(0, y)[1] + cell // 2
        row = y * width
        if tiles[row] & 1:
            stubs.append((row, left - reach, mid - half, left - 1, mid + half))
        if tiles[row + width - 1] & 4:
            stubs.append((row + width - 1, right, mid - half, right + reach - 1, mid + half))
    for x in range(width):
        mid = geometry.cell_origin(x, 0)[0] + cell // 2
        if tiles[x] & 2:
            stubs.append((x, mid - half, top - reach, mid + half, top - 1))
        if tiles[(height - 1) * width + x] & 8:
            low = (height - 1) * width + x
            stubs.append((low, mid - half, bottom, mid + half, bottom + reach - 1))
    for i, *box in stubs:
        state = "loop" if i in loops else "flooded" if i in water else "idle"
        fill, line = colours.PIPE[state]
        draw.rectangle(box, fill=INDEX[fill], outline=INDEX[line])


class Marks(TypedDict, total=False):
    """What ``render_png`` passes on to ``render_image``."""

    highlight: Collection[int]
    locked: Collection[int]
    frame: tuple[int, int, int, int] | None
    wrap: bool
    given_up: bool


def render_png(
    width: int,
    height: int,
    tiles: Sequence[int],
    source: tuple[int, int],
    result: Check,
    **marks: Unpack[Marks],
) -> bytes:
    """The board as PNG bytes (see ``render_image`` for the marks)."""
    return encode_png(render_image(width, height, tiles, source, result, **marks))


def render_boards(
    width: int,
    height: int,
    tiles: Sequence[int],
    source: tuple[int, int],
    result: Check,
    *,
    zoom: bool = False,
    **marks: Unpack[Marks],
) -> tuple[bytes, bytes | None]:
    """The board as PNG bytes and, with ``zoom`` and a ``frame``, the framed block of cells
    enlarged (whole pixels, no blur) to read on a phone: (board, zoomed window or None)."""
    image = render_image(width, height, tiles, source, result, **marks)
    geometry = layout(width, height, wrap=marks.get("wrap", False))
    return encode_pngs(image, geometry, marks.get("frame") if zoom else None)
