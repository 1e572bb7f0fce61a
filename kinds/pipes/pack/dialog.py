"""Where the board goes in the game's dialog: one button per tile.

The layout rules this relies on (Minecraft Java 1.21.6–1.21.11: the dialog format has not
changed in those versions; minecraft.wiki "Dialog" and the client's widgets):

* A ``minecraft:multi_action`` dialog shows its ``body`` (elements 10 px apart), then its
  ``actions`` as a grid of buttons, ``columns`` to a row, centred, then ``exit_action`` in
  the footer. Each button is ``width`` GUI px wide (1–1024) and 20 px tall; buttons sit 2 px
  apart both ways. So a row of W buttons is ``W * width + 2 * (W - 1)`` px wide, and row r's
  buttons span ``[r * 22, r * 22 + 20)``: rows never overlap, and a tile is clicked exactly
  where its glyph is drawn, since each glyph is the label of its own button.
* A label is one line of text centred in its button: the line's top is 6 px below the
  button's top (``(20 - 8) / 2``). A bitmap font glyph's top is drawn at ``line top + 7 -
  ascent``, so a glyph ``h`` px tall sits centred when ``ascent = 3 + h / 2``. A glyph
  advances its width + 1, and a label wider than the button less 2 px a side is clipped and
  scrolls, so glyphs are at most ``width - 5`` px wide (tile glyphs are square).
* At the automatic GUI scale a 1920×1080 screen is 480 GUI px wide (scale 4), and the
  dialog's scrolling body keeps 20 px of that for its scroll bar, so a whole row must fit
  in 460 px: no sideways scrolling. The dialog scrolls up and down when the rows are taller
  than the screen (270 GUI px: about 10 rows).
* ``after_action: "close"``: a tile's button runs ``/trigger pipes.click set N`` (allowed to
  every player, no operator rights) and closes the dialog; the pack handles the click and
  shows the dialog again with the new board. The exit button has no action: it closes the
  dialog (``/trigger pipes.click set -1`` brings it back).
* A ``plain_message`` wraps at its ``width``; the status line is kept shorter than that, in
  the default font's at most 6 px per character.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The widest a dialog may be at the automatic GUI scale of a 1920×1080 screen, and what
#: its scroll bar takes of that.
SCREEN, SCROLL_BAR = 480, 20
BUTTON_HEIGHT, GAP = 20, 2
#: Buttons are at most this wide (a small board gets big tiles, not a wide sprawl).
MAX_BUTTON = 24
#: The status line's width, and the default font's widest ordinary character.
STATUS_WIDTH, CHAR_PX = 300, 6
#: The exit button's width.
EXIT_WIDTH = 100


@dataclass(frozen=True, slots=True)
class Layout:
    """Button and glyph sizes for a board ``columns`` tiles wide."""

    columns: int
    button: int  # button width, GUI px
    glyph: int  # glyph height (and width), GUI px
    ascent: int  # the bitmap font's ascent that centres the glyph in its button

    @property
    def row_width(self) -> int:
        return self.columns * self.button + GAP * (self.columns - 1)


def layout(columns: int) -> Layout:
    """The largest buttons that fit ``columns`` of them beside the scroll bar, with an even
    glyph (so it centres exactly) no wider than the button less its label margins."""
    button = min(MAX_BUTTON, (SCREEN - SCROLL_BAR - GAP * (columns - 1)) // columns)
    glyph = min(16, button - 5)
    glyph -= glyph % 2
    return Layout(columns, button, glyph, 3 + glyph // 2)
