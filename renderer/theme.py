"""Colours every kind's picture shares: the frame and its labels, cells and grid lines, the
last move's highlight, the banners (solved, gave up), and the Okabe–Ito hues the kinds give
their own meanings (each with a second, colour-free cue in the kind's picture)."""

from __future__ import annotations

RGB = tuple[int, int, int]


def hex_rgb(code: str) -> RGB:
    """'#0072B2' -> (0, 114, 178)."""
    return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)


FRAME = hex_rgb("#262B35")  # around the board: reads on light and dark Discord themes
LABEL = hex_rgb("#E8EBF0")
CELL = hex_rgb("#EEF1F5")
GRID = hex_rgb("#C3CAD4")
WHITE = hex_rgb("#FFFFFF")
BLUE = hex_rgb("#0072B2")  # Okabe–Ito blue
VERMILLION = hex_rgb("#D55E00")  # Okabe–Ito vermillion
DEEP_BLUE = hex_rgb("#003A5C")
INK = hex_rgb("#1B2633")
HIGHLIGHT = hex_rgb("#CC79A7")  # Okabe–Ito reddish purple
SOLVED = hex_rgb("#009E73")  # Okabe–Ito bluish green
SOLVED_TEXT = WHITE
WINDOW = hex_rgb("#E69F00")  # Okabe–Ito orange: the buttons' window, told from any cell
GAVE_UP = hex_rgb("#5B6475")  # a slate grey: neither a win's green nor a loss's red
