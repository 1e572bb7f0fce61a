"""Sprite sheets: every tile variant and label of one cell size, drawn once, sharing one
256-colour palette so a board is assembled by pasting palette sprites (no drawing, no
quantizing per move) and encoded as a small palette PNG."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageChops

from kinds.pipes.picture import colours
from kinds.pipes.picture.tiles import draw_tile
from renderer.canvas import TRANSPARENT, banner_sprite, label_sprites

SOLVED_TEXT = "SOLVED"
GAVE_UP_TEXT = "GAVE UP"

# Colour indices of the palette (exact theme colours come first).
INDEX = {colour: k for k, colour in reversed(list(enumerate(colours.PALETTE_BASE)))}
_EXTRA = TRANSPARENT - len(colours.PALETTE_BASE)


@dataclass(frozen=True)
class Sheet:
    """Palette sprites of one cell size."""

    palette: list[int]
    #: (mask, state, source, locked) -> cell sprite
    tiles: dict[tuple[int, str, bool, bool], Image.Image]
    #: column letters 'A'..'AN' and row numbers '1'..'40' -> label sprite
    labels: dict[str, Image.Image]
    solved: Image.Image
    gave_up: Image.Image


def _exact(rgb: Image.Image, mapped: Image.Image) -> Image.Image:
    """Pillow maps colours onto a palette approximately; put every pixel that has a theme
    colour exactly onto that colour's own index."""
    for index, colour in enumerate(colours.PALETTE_BASE):
        bands = ImageChops.difference(rgb, Image.new("RGB", rgb.size, colour)).split()
        spread = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
        mapped.paste(index, mask=spread.point(lambda v: 255 if v == 0 else 0))
    return mapped


_lock = threading.Lock()


@cache
def _sheet(cell: int, margin: int) -> Sheet:
    # (mask, state, source, locked) -> tile; 'A', '1' ... -> label; 'solved', 'gave up' ->
    # banners
    sprites: dict[tuple[int, str, bool, bool] | str, Image.Image] = {}
    for mask in range(16):
        for state in colours.STATES:
            for source in (False, True):
                for locked in (False, True):
                    sprites[mask, state, source, locked] = draw_tile(
                        mask, state, cell, source=source, locked=locked
                    )
    sprites.update(label_sprites(cell, margin))
    sprites["solved"] = banner_sprite(SOLVED_TEXT, margin, colours.SOLVED)
    sprites["gave up"] = banner_sprite(GAVE_UP_TEXT, margin, colours.GAVE_UP)
    # One atlas of everything; its extra colours (antialiased edges) fill the palette after
    # the exact theme colours, then every sprite is mapped onto that palette.
    atlas_width = max(image.width for image in sprites.values())
    atlas = Image.new("RGB", (atlas_width, sum(image.height for image in sprites.values())))
    top = 0
    boxes = {}
    for key, image in sprites.items():
        atlas.paste(image, (0, top))
        boxes[key] = (0, top, image.width, top + image.height)
        top += image.height
    extra = atlas.quantize(_EXTRA, dither=Image.Dither.NONE)
    palette = [c for colour in colours.PALETTE_BASE for c in colour]
    extra_palette = extra.getpalette()
    assert extra_palette is not None  # a quantized image always has a palette
    palette += extra_palette[: 3 * _EXTRA]
    palette += [0] * (3 * TRANSPARENT - len(palette))
    reference = Image.new("P", (1, 1))
    reference.putpalette(palette)  # 255 entries: the transparent one stays out of reach
    palette += [255, 0, 255]
    mapped = _exact(atlas, atlas.quantize(palette=reference, dither=Image.Dither.NONE))
    cut = {key: mapped.crop(box) for key, box in boxes.items()}
    return Sheet(
        palette=palette,
        tiles={k: v for k, v in cut.items() if isinstance(k, tuple)},
        labels={
            k: v for k, v in cut.items() if isinstance(k, str) and k not in ("solved", "gave up")
        },
        solved=cut["solved"],
        gave_up=cut["gave up"],
    )


def sheet(cell: int, margin: int) -> Sheet:
    """The (cached) sprite sheet for a cell size; safe to call from worker threads."""
    with _lock:
        return _sheet(cell, margin)
