"""One picture of several: each shrunk whole into a square tile of its own and labelled
under it, three tiles a row at most (the last row centred). The daily post carries one such
picture of all its puzzles instead of one attachment each; at five it stays within about
520 × 410 px, so Discord shows it whole in the message without scaling it much."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from . import theme
from .canvas import encode_png, fitted

#: A tile's side (a picture is shrunk to fit, never enlarged), the space between tiles, the
#: band under each for its label, and the most tiles a row holds.
TILE, GAP, LABEL, MOST = 160, 10, 28, 3
#: The label's font size; a longer label is drawn smaller, to fit the tile.
LABEL_PX = 16

Box = tuple[int, int, int, int]


def _grid(count: int) -> tuple[int, int]:
    """(columns, rows) for ``count`` tiles: as few rows as ``MOST`` a row allows, as even
    as can be (four are two by two)."""
    rows = max(1, math.ceil(count / MOST))
    return math.ceil(count / rows), rows


def _size(count: int) -> tuple[int, int]:
    columns, rows = _grid(count)
    return GAP + columns * (TILE + GAP), GAP + rows * (TILE + LABEL + GAP)


def tile_boxes(count: int) -> list[Box]:
    """Where each of ``count`` pictures goes: (left, top, right, bottom) of its tile, row
    by row, its label under it."""
    columns, _ = _grid(count)
    width = _size(count)[0]
    boxes = []
    for k in range(count):
        row, column = divmod(k, columns)
        in_row = min(columns, count - row * columns)
        start = (width - in_row * (TILE + GAP) + GAP) // 2
        left, top = start + column * (TILE + GAP), GAP + row * (TILE + LABEL + GAP)
        boxes.append((left, top, left + TILE, top + TILE))
    return boxes


def sheet(pictures: Sequence[tuple[str, bytes]]) -> bytes:
    """PNG bytes of one picture of ``pictures`` ((label, PNG bytes) each), in their order."""
    image = Image.new("RGB", _size(len(pictures)), theme.FRAME)
    draw = ImageDraw.Draw(image)
    for (label, png), (left, top, right, bottom) in zip(
        pictures, tile_boxes(len(pictures)), strict=True
    ):
        picture = Image.open(io.BytesIO(png)).convert("RGB")
        picture.thumbnail((TILE, TILE), Image.Resampling.LANCZOS)
        image.paste(
            picture, (left + (TILE - picture.width) // 2, top + (TILE - picture.height) // 2)
        )
        where = ((left + right) / 2, bottom + LABEL / 2)
        draw.text(
            where, label, font=fitted(draw, label, TILE, LABEL_PX), fill=theme.LABEL, anchor="mm"
        )
    return encode_png(image)
