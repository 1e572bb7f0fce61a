"""Pipes' pictures on the shared canvas: the board (PNG, a sprite sheet of tiles), the win
animation, the tile glyphs of the Minecraft resource pack, and its colours."""

from kinds.pipes.picture.animation import render_win_animation
from kinds.pipes.picture.board import render_boards, render_image, render_png
from kinds.pipes.picture.glyphs import tile_glyphs

__all__ = ["render_boards", "render_image", "render_png", "render_win_animation", "tile_glyphs"]
