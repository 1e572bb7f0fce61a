"""The shared canvas every kind draws its pictures on (frame, coordinates, window, zoom,
banner, PNG and GIF), and the shared colours. Imports ``puzzle``; a kind's pictures live in
its folder."""

from . import theme
from .layout import Layout, layout

__all__ = ["Layout", "layout", "theme"]
