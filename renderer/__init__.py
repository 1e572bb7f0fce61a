"""Pillow images of a board: PNG, the win animation and tile glyphs. Imports ``puzzle``."""

from . import theme
from .animation import render_win_animation
from .board import render_boards, render_image, render_png
from .choco import ChocoView, render_choco_image, render_choco_png
from .drops import DropsView, render_drops_animation, render_drops_image, render_drops_png
from .glyphs import tile_glyphs
from .layout import Layout, layout
from .maze import MazeView, render_maze_image, render_maze_png
from .mines import MinesView, render_mines_image, render_mines_png

__all__ = [
    "ChocoView", "DropsView", "Layout", "MazeView", "MinesView", "layout", "render_boards",
    "render_choco_image", "render_choco_png", "render_drops_animation", "render_drops_image",
    "render_drops_png", "render_image", "render_maze_image", "render_maze_png",
    "render_mines_image", "render_mines_png", "render_png", "render_win_animation", "theme",
    "tile_glyphs",
]  # fmt: skip
