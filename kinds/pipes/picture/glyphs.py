"""Tile glyphs for the Minecraft resource pack font: the same drawing as the board."""

from __future__ import annotations

from PIL import Image

from kinds.pipes.picture.tiles import draw_tile

GLYPH_STATES = ("idle", "flooded", "loop", "source")


def tile_glyphs(size: int = 16) -> dict[tuple[int, str], Image.Image]:
    """RGBA glyphs keyed by (mask, state) for every mask 1–14 and state in
    ``GLYPH_STATES`` ('source' is the source tile, drawn flooded)."""
    glyphs = {}
    for mask in range(1, 15):
        for state in GLYPH_STATES:
            rgb = draw_tile(
                mask, "flooded" if state == "source" else state, size, source=state == "source"
            )
            glyphs[(mask, state)] = rgb.convert("RGBA")
    return glyphs
