"""The resource pack: one bitmap font per tile state, drawn by ``renderer.tile_glyphs``
(the same look as the Discord image), each referencing the negative space font
``pipes:space`` (a −1 advance, so 16 px tiles sit edge to edge)."""

from __future__ import annotations

from PIL import Image

from renderer import tile_glyphs
from renderer.glyphs import GLYPH_STATES

GLYPH = 16
ASCENT = 12
FIRST_GLYPH = 0xE000  # mask m is drawn as chr(FIRST_GLYPH + m)
NEGATIVE_SPACE = "\uf000"


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


def font(state: str) -> dict:
    """The font JSON of a state: its glyph row, then the negative space font."""
    return {
        "providers": [
            {
                "type": "bitmap",
                "file": f"pipes:font/{state}.png",
                "height": GLYPH,
                "ascent": ASCENT,
                "chars": ["".join(glyph_char(m) for m in range(16))],
            },
            {"type": "reference", "id": "pipes:space"},
        ]
    }


SPACE_FONT = {"providers": [{"type": "space", "advances": {NEGATIVE_SPACE: -1}}]}


def fonts() -> dict[str, tuple[dict, Image.Image]]:
    """State -> (font JSON, glyph sheet)."""
    glyphs = tile_glyphs(GLYPH)
    return {state: (font(state), glyph_sheet(state, glyphs)) for state in GLYPH_STATES}
