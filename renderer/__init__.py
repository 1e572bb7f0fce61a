"""The shared canvas every kind draws its pictures on (frame, coordinates, window, zoom,
banner, PNG and GIF), and the shared colours. Imports ``puzzle``; a kind's pictures live in
its folder."""

from . import theme
from .choco import ChocoView, render_choco_image, render_choco_png
from .drops import DropsView, render_drops_animation, render_drops_image, render_drops_png
from .layout import Layout, layout

__all__ = [
    "ChocoView", "DropsView", "Layout", "layout", "render_choco_image", "render_choco_png",
    "render_drops_animation", "render_drops_image", "render_drops_png", "theme",
]  # fmt: skip
