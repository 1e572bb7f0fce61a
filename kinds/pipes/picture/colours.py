"""Colours of a Pipes board, on the shared theme. Okabe–Ito hues for states, each with a
second, colour-free cue: idle pipes are hollow, flooded pipes are solid, loop tiles are
hatched, the source is a square pump, locked tiles have a corner notch."""

from __future__ import annotations

from renderer.theme import (
    BLUE,
    CELL,
    DEEP_BLUE,
    FRAME,
    GAVE_UP,
    GRID,
    HIGHLIGHT,
    INK,
    LABEL,
    SOLVED,
    SOLVED_TEXT,
    VERMILLION,
    WHITE,
    WINDOW,
    hex_rgb,
)

CELL_LOCKED = hex_rgb("#D9DEE6")
IDLE_FILL = WHITE
IDLE_LINE = hex_rgb("#6E7785")
FLOODED_FILL = BLUE
FLOODED_LINE = DEEP_BLUE
LOOP_FILL = VERMILLION
LOOP_LINE = hex_rgb("#6B2F00")
LOOP_HATCH = hex_rgb("#F0B48A")
SOURCE = INK
SOURCE_EYE = WHITE
NOTCH = hex_rgb("#8A94A3")

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
    GAVE_UP, WINDOW,
)  # fmt: skip
