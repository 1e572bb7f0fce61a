"""Colours of the board. Okabe–Ito hues for states, each with a second, colour-free cue:
idle pipes are hollow, flooded pipes are solid, loop tiles are hatched, the source is a
square pump, locked tiles have a corner notch."""

from __future__ import annotations

RGB = tuple[int, int, int]


def hex_rgb(code: str) -> RGB:
    """'#0072B2' -> (0, 114, 178)."""
    return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)


FRAME = hex_rgb("#262B35")  # around the board: reads on light and dark Discord themes
LABEL = hex_rgb("#E8EBF0")
CELL = hex_rgb("#EEF1F5")
CELL_LOCKED = hex_rgb("#D9DEE6")
GRID = hex_rgb("#C3CAD4")
IDLE_FILL = hex_rgb("#FFFFFF")
IDLE_LINE = hex_rgb("#6E7785")
FLOODED_FILL = hex_rgb("#0072B2")  # Okabe–Ito blue
FLOODED_LINE = hex_rgb("#003A5C")
LOOP_FILL = hex_rgb("#D55E00")  # Okabe–Ito vermillion
LOOP_LINE = hex_rgb("#6B2F00")
LOOP_HATCH = hex_rgb("#F0B48A")
SOURCE = hex_rgb("#1B2633")
SOURCE_EYE = hex_rgb("#FFFFFF")
NOTCH = hex_rgb("#8A94A3")
HIGHLIGHT = hex_rgb("#CC79A7")  # Okabe–Ito reddish purple
SOLVED = hex_rgb("#009E73")  # Okabe–Ito bluish green
SOLVED_TEXT = hex_rgb("#FFFFFF")
GAVE_UP = hex_rgb("#5B6475")  # a slate grey: neither a win's green nor a loss's red

#: Fill and outline of the pipe per state.
PIPE = {
    "idle": (IDLE_FILL, IDLE_LINE),
    "flooded": (FLOODED_FILL, FLOODED_LINE),
    "loop": (LOOP_FILL, LOOP_LINE),
}
STATES = tuple(PIPE)

#: Exact colours reserved at the start of every palette (index = position here).
PALETTE_BASE = (
    FRAME, LABEL, CELL, CELL_LOCKED, GRID, IDLE_FILL, IDLE_LINE, FLOODED_FILL, FLOODED_LINE,
    LOOP_FILL, LOOP_LINE, LOOP_HATCH, SOURCE, SOURCE_EYE, NOTCH, HIGHLIGHT, SOLVED, SOLVED_TEXT,
    GAVE_UP,
)  # fmt: skip
