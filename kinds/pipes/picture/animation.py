"""The win animation: water runs from the source through the solved board."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from kinds.pipes.engine import Check, check
from kinds.pipes.engine.checker import flow_layers
from kinds.pipes.picture.board import paint_cells, render_image
from renderer.canvas import TRANSPARENT, encode_gif
from renderer.layout import layout

MAX_FRAMES = 32
FRAME_MS = 70
HOLD_MS = 2500


def render_win_animation(
    width: int,
    height: int,
    tiles: Sequence[int],
    source: tuple[int, int],
    wrap: bool = False,
) -> bytes:
    """An animated GIF of the water filling the board, ending on the solved board.

    After the dry first frame, each frame holds only the cells that fill up in it (every
    other pixel is transparent), which keeps the file small.
    """
    result = check(width, height, tiles, source, wrap)
    final = render_image(width, height, tiles, source, result, wrap=wrap)
    dry = render_image(
        width,
        height,
        tiles,
        source,
        Check(frozenset(), result.loops, False),
        flooded=(),
        wrap=wrap,
    )
    palette = final.getpalette()
    assert palette is not None  # the board is a palette image
    first = Image.new("P", final.size, 0)  # index 0 is the frame colour
    first.putpalette(palette)
    first.paste(dry, (0, 0))
    frames = [first]
    geometry = layout(width, height, wrap=wrap)
    layers = flow_layers(width, height, tiles, source, wrap)
    step = -(-len(layers) // MAX_FRAMES)  # ceil: at most MAX_FRAMES frames of flow
    for k in range(0, len(layers), step):
        cells = [i for layer in layers[k : k + step] for i in layer]
        frame = Image.new("P", final.size, TRANSPARENT)
        frame.putpalette(palette)
        paint_cells(frame, geometry, tiles, source, cells, result.loops, cells)
        frames.append(frame)
    frames.append(final)
    return encode_gif(frames, [FRAME_MS] * (len(frames) - 1) + [HOLD_MS])
