"""The canvas every kind's pictures share: the label font, the coordinates around the board,
the outline of the buttons' window, highlighted cells, the banner of a finished board, the
footer line, the zoomed window, PNG and animated GIF encoding. A kind's renderer draws its
cells on a ``layout.Layout`` and these around them; this module names no kind.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from puzzle.grid import MAX_SIDE, column_name

from . import theme
from .layout import Layout
from .theme import RGB

FONT = Path(__file__).resolve().parents[1] / "assets" / "fonts" / "DejaVuSansMono-Bold.ttf"
#: Labels are drawn for this many columns and rows: every side a board may have.
MAX_LABEL = MAX_SIDE
#: A zoomed window is drawn at least this wide (a phone screen shows about 350 px).
ZOOM_WIDTH = 360
#: The last palette entry is never drawn: animation frames use it for "unchanged".
TRANSPARENT = 255


def font(px: int) -> ImageFont.FreeTypeFont:
    """The label font at ``px`` pixels."""
    return ImageFont.truetype(str(FONT), px)


def text_sprite(text: str, size: tuple[int, int], px: int, fg: RGB, bg: RGB) -> Image.Image:
    """``text`` centred on a ``size`` RGB image in the label font."""
    image = Image.new("RGB", size, bg)
    ImageDraw.Draw(image).text(
        (size[0] / 2, size[1] / 2), text, font=font(px), fill=fg, anchor="mm"
    )
    return image


def _label_px(margin: int) -> int:
    """The size of the label font beside a ``margin`` wide band."""
    return max(10, round(margin * 0.62))


def label_sprites(cell: int, margin: int) -> dict[str, Image.Image]:
    """The coordinate labels of one cell size: column letters 'A'..'AN' (``margin`` high) and
    row numbers '1'..'40' (``margin`` wide), each column before its row number."""
    px = _label_px(margin)
    sprites = {}
    for k in range(MAX_LABEL):
        sprites[column_name(k)] = text_sprite(
            column_name(k), (cell, margin), px, theme.LABEL, theme.FRAME
        )
        sprites[str(k + 1)] = text_sprite(str(k + 1), (margin, cell), px, theme.LABEL, theme.FRAME)
    return sprites


def banner_sprite(text: str, margin: int, background: RGB) -> Image.Image:
    """The banner under a finished board: ``text`` on ``background``, one label band high."""
    return text_sprite(text, (margin * 6, margin), _label_px(margin), theme.SOLVED_TEXT, background)


@cache
def board_sprites(
    cell: int, margin: int, banners: tuple[tuple[str, str, RGB], ...]
) -> dict[str, Image.Image]:
    """The label sprites of one cell size (``label_sprites``) and, for each (outcome, text,
    colour) of ``banners``, the banner of that outcome by its name."""
    sprites = label_sprites(cell, margin)
    for outcome, text, colour in banners:
        sprites[outcome] = banner_sprite(text, margin, colour)
    return sprites


def draw_labels(image: Image.Image, geometry: Layout, labels: Mapping[str, Image.Image]) -> None:
    """Paste the column letters above the board and the row numbers left of it."""
    for x in range(geometry.width):
        image.paste(labels[column_name(x)], (geometry.cell_origin(x, 0)[0], 0))
    for y in range(geometry.height):
        image.paste(labels[str(y + 1)], (0, geometry.cell_origin(0, y)[1]))


def window_band(cell: int) -> tuple[int, int]:
    """How thick the frame of the buttons' window is round cells ``cell`` px wide, and its
    dark edge on each side of the bright band."""
    thick = max(4, cell // 8)
    return thick, max(1, thick // 5)


def outline_window(
    draw: ImageDraw.ImageDraw,
    geometry: Layout,
    frame: tuple[int, int, int, int],
    band: int | RGB = theme.WINDOW,
    edge: int | RGB = theme.FRAME,
) -> None:
    """Frame the block of cells ``frame`` (x, y, width, height), the buttons' window, boldly
    and the same on every kind: a thick ``band`` of bright orange round it, edged dark on
    both sides, seen on any cell colour (a palette image passes its own indexes)."""
    x, y, w, h = frame
    left, top = geometry.cell_origin(x, y)
    right, bottom = geometry.cell_box(x + w - 1, y + h - 1)[2:]
    thick, rim = window_band(geometry.cell)
    box = (left - thick, top - thick, right + thick - 1, bottom + thick - 1)
    draw.rectangle(box, outline=edge, width=thick)
    inner = (box[0] + rim, box[1] + rim, box[2] - rim, box[3] - rim)
    draw.rectangle(inner, outline=band, width=thick - 2 * rim)


def highlight_cells(
    draw: ImageDraw.ImageDraw, geometry: Layout, cells: Iterable[int], colour: int | RGB
) -> None:
    """Frame each of ``cells`` (row-major indices) in ``colour``: a last move, a hint."""
    for i in cells:
        left, top, right, bottom = geometry.cell_box(i % geometry.width, i // geometry.width)
        draw.rectangle(
            (left, top, right - 1, bottom - 1), outline=colour, width=max(2, geometry.cell // 12)
        )


def draw_banner(image: Image.Image, geometry: Layout, banner: Image.Image, edge: int | RGB) -> None:
    """Mark a finished board: ``banner`` centred under it, an ``edge`` round the whole image."""
    bottom = geometry.cell_box(0, geometry.height - 1)[3]
    image.paste(banner, ((geometry.size[0] - banner.width) // 2, bottom + geometry.pad))
    ImageDraw.Draw(image).rectangle(
        (0, 0, geometry.size[0] - 1, geometry.size[1] - 1),
        outline=edge,
        width=max(2, geometry.pad // 2),
    )


def draw_footer(draw: ImageDraw.ImageDraw, geometry: Layout, text: str) -> None:
    """``text`` centred in the last label band of the image (a footer under everything), in
    a font as large as fits the width."""
    size = geometry.size
    fitting = fitted(draw, text, size[0] - 2 * geometry.pad, max(10, round(geometry.margin * 0.6)))
    where = (size[0] / 2, size[1] - geometry.margin / 2)
    draw.text(where, text, font=fitting, fill=theme.LABEL, anchor="mm")


def fitted(draw: ImageDraw.ImageDraw, text: str, width: float, px: int) -> ImageFont.FreeTypeFont:
    """The label font at ``px`` pixels, or smaller (down to 9) until ``text`` fits ``width``."""
    while px > 9 and draw.textlength(text, font=font(px)) > width:
        px -= 1
    return font(px)


def counted(count: int, thing: str) -> str:
    """'1 tap', '3 taps'."""
    return f"{count} {thing}{'' if count == 1 else 's'}"


def zoomed(image: Image.Image, geometry: Layout, frame: tuple[int, int, int, int]) -> Image.Image:
    """The block of cells ``frame`` (x, y, width, height) of a board image, enlarged by whole
    pixels (no blur) to at least ``ZOOM_WIDTH``."""
    x, y, w, h = frame
    left, top = geometry.cell_origin(x, y)
    right, bottom = geometry.cell_box(x + w - 1, y + h - 1)[2:]
    window = image.crop((left, top, right, bottom))
    factor = max(1, -(-ZOOM_WIDTH // window.width))
    return window.resize((window.width * factor, window.height * factor), Image.Resampling.NEAREST)


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes, tuned for speed: palette data, zlib level 1."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()


def encode_pngs(
    image: Image.Image, geometry: Layout, frame: tuple[int, int, int, int] | None
) -> tuple[bytes, bytes | None]:
    """PNG bytes of a board image and, given a block of cells ``frame``, of that block zoomed
    for a phone: (board, zoomed window or None)."""
    window = None if frame is None else encode_png(zoomed(image, geometry, frame))
    return encode_png(image), window


def encode_gif(frames: Sequence[Image.Image], durations: Sequence[int]) -> bytes:
    """An endlessly looping GIF of palette frames shown ``durations`` ms each; each frame is
    drawn over the one before, where its ``TRANSPARENT`` pixels keep what is under them."""
    out = io.BytesIO()
    frames[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=list(frames[1:]),
        loop=0,
        optimize=False,
        duration=list(durations),
        disposal=1,
        transparency=TRANSPARENT,
    )
    return out.getvalue()
