"""The resource pack: one bitmap font per tile state, drawn by ``renderer.tile_glyphs`` (the
same look as the Discord image). Each tile is the label of its own dialog button, so the
glyphs are sized and raised to sit centred in those buttons (``dialog.layout``)."""

from __future__ import annotations

from PIL import Image

from kinds.pipes.pack.dialog import Layout
from kinds.pipes.picture import tile_glyphs
from kinds.pipes.picture.glyphs import GLYPH_STATES

#: Glyph sheets are drawn at this size; a font's ``height`` scales them to the button.
GLYPH = 16
FIRST_GLYPH = 0xE000  # mask m is drawn as chr(FIRST_GLYPH + m)


def glyph_char(mask: int) -> str:
    """The character that shows a tile of this mask."""
    return chr(FIRST_GLYPH + mask)


def glyph_sheet(state: str, glyphs: dict[tuple[int, str], Image.Image]) -> Image.Image:
    """One PNG row of 16 glyphs (masks 0–15) for a state; masks 0 and 15 never occur and
    stay transparent."""
    sheet = Image.new("RGBA", (16 * GLYPH, GLYPH), (0, 0, 0, 0))
    for mask in range(1, 15):
        sheet.paste(glyphs[(mask, state)], (mask * GLYPH, 0))
    return sheet


def font(state: str, layout: Layout) -> dict:
    """The font JSON of a state: its glyph row, as tall as the layout's glyphs."""
    return {
        "providers": [
            {
                "type": "bitmap",
                "file": f"pipes:font/{state}.png",
                "height": layout.glyph,
                "ascent": layout.ascent,
                "chars": ["".join(glyph_char(m) for m in range(16))],
            }
        ]
    }


def fonts(layout: Layout) -> dict[str, tuple[dict, Image.Image]]:
    """State -> (font JSON, glyph sheet)."""
    glyphs = tile_glyphs(GLYPH)
    return {state: (font(state, layout), glyph_sheet(state, glyphs)) for state in GLYPH_STATES}
