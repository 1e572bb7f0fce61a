"""What people type for Ten Drops: board sizes with levels, and taps.

Parameters: a size ``WxH``, 4 to 8 cells a side, ending with its level's letter as Pipes'
and Minesweeper's do (``puzzle.levels``): ``6x6e`` easy, ``6x6`` normal, ``6x6h`` hard, or
with the level as a word after it (``6x6 hard``). The canonical text is the compact one.

Moves are taps, one cell name each (``C4``, see ``puzzle.grid``), separated by spaces or
commas (``C4 D2``): played in order.
"""

from __future__ import annotations

import re

from puzzle.grid import cell_name, parse_cell
from puzzle.levels import SizeLevel, format_size_level, parse_size_level

MIN_SIDE, MAX_SIDE = 4, 8

#: A Ten Drops board: its size and level.
Params = SizeLevel


def parse_params(text: str) -> Params:
    """'6x6', '6x6e', '7x5h', '6x6 hard' -> Params; ValueError with one sentence."""
    return parse_size_level(text, "Ten Drops", (MIN_SIDE, MAX_SIDE))


def format_params(params: Params) -> str:
    """The canonical text: '6x6', '6x6e', '6x6h'."""
    return format_size_level(params)


def parse_moves(text: str, width: int, height: int) -> list[int]:
    """'C4 D2, a1' -> the cells tapped (row-major indices); ValueError with one sentence."""
    words = [w for w in re.split(r"[\s,;]+", text or "") if w]
    if not words:
        raise ValueError("Name at least one cell to tap, like C4.")
    return [parse_cell(word, width, height) for word in words]


def format_move(cell: int, width: int) -> str:
    """A tap as people type it: 'C4'."""
    return cell_name(cell % width, cell // width)
