"""``python -m kinds.pipes.picture.gallery out/``: sample images in every state, to look at by eye.

Each board is also shown on Discord's dark (#313338) and light (#FFFFFF) chat backgrounds.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

from kinds.pipes.engine import check, generate, rotate
from kinds.pipes.picture.animation import render_win_animation
from kinds.pipes.picture.board import render_image
from kinds.pipes.picture.glyphs import GLYPH_STATES, tile_glyphs

DISCORD_DARK, DISCORD_LIGHT = (49, 51, 56), (255, 255, 255)


def _mid_game(puzzle, turned: int):
    """The solution with every ``turned``-th tile turned once: loops and dry branches."""
    return [rotate(t) if i % turned == 0 else t for i, t in enumerate(puzzle.solution)]


def samples():
    """(name, image) pairs of the gallery boards."""
    small = generate(6, 6, "gallery")
    yield "6x6-start", _board(small, small.tiles, highlight=())
    yield "6x6-mid-game", _board(small, _mid_game(small, 5), highlight=(small.width + 2,))
    yield "6x6-solved", _board(small, small.solution)
    yield "6x6-locked", _board(small, _mid_game(small, 3), locked=range(0, 36, 4))
    ring = generate(8, 5, "gallery")
    tiles = list(ring.solution)
    tiles[0], tiles[1], tiles[8], tiles[9] = 12, 9, 6, 3  # a closed ring in the corner
    yield "8x5-loop-outside-the-water", _board(ring, tiles)
    wrapping = generate(8, 6, "gallery", wrap=True)
    yield "8x6-wrap-mid-game", _board(wrapping, _mid_game(wrapping, 5))
    for side in (10, 20, 26, 40):
        big = generate(side, side, "gallery")
        yield f"{side}x{side}-mid-game", _board(big, _mid_game(big, 4))


def _board(puzzle, tiles, highlight=(), locked=()):
    result = check(puzzle.width, puzzle.height, tiles, puzzle.source, puzzle.wrap)
    return render_image(
        puzzle.width,
        puzzle.height,
        tiles,
        puzzle.source,
        result,
        highlight=highlight,
        locked=locked,
        wrap=puzzle.wrap,
    )


def on_backgrounds(image: Image.Image) -> Image.Image:
    """The image on a dark and a light chat background, side by side."""
    rgb = image.convert("RGB")
    pad = 24
    canvas = Image.new("RGB", (2 * rgb.width + 4 * pad, rgb.height + 2 * pad), DISCORD_LIGHT)
    canvas.paste(Image.new("RGB", (rgb.width + 2 * pad, rgb.height + 2 * pad), DISCORD_DARK))
    canvas.paste(rgb, (pad, pad))
    canvas.paste(rgb, (rgb.width + 3 * pad, pad))
    return canvas


def glyph_sheet(size: int) -> Image.Image:
    """All Minecraft tile glyphs, one row per state, scaled up 4× for looking at."""
    glyphs = tile_glyphs(size)
    sheet = Image.new("RGBA", (14 * size, len(GLYPH_STATES) * size))
    for row, state in enumerate(GLYPH_STATES):
        for mask in range(1, 15):
            sheet.paste(glyphs[(mask, state)], ((mask - 1) * size, row * size))
    return sheet.resize((sheet.width * 4, sheet.height * 4), Image.Resampling.NEAREST)


def main(argv: list[str]) -> int:
    """Write the gallery into the folder named by ``argv[0]``."""
    if len(argv) != 1:
        print("usage: python -m kinds.pipes.picture.gallery OUT_DIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for name, image in samples():
        image.save(out / f"{name}.png")
        on_backgrounds(image).save(out / f"{name}-on-discord.png")
    win = generate(10, 10, "gallery")
    (out / "10x10-win.gif").write_bytes(render_win_animation(10, 10, win.solution, win.source))
    glyph_sheet(16).save(out / "glyphs-16px-x4.png")
    print(f"wrote the gallery to {out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
