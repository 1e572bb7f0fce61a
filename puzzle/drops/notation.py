"""What people type for Ten Drops: board sizes with levels, and taps.

Parameters: a size ``WxH``, 4 to 8 cells a side, ending with its level's letter as Pipes'
and Minesweeper's do (``puzzle.levels``): ``6x6e`` easy, ``6x6`` normal, ``6x6h`` hard, or
with the level as a word after it (``6x6 hard``). The canonical text is the compact one.

Moves are taps, one cell name each (``C4``, see ``puzzle.grid``), separated by spaces or
commas (``C4 D2``): played in order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..codes import quote
from ..grid import cell_name, parse_cell, parse_size
from ..levels import LETTERS, LEVELS, from_letter, split_choice

MIN_SIDE, MAX_SIDE = 4, 8

_PARAMS = re.compile(r"^([0-9]{1,3}x[0-9]{1,3})([eh]?)$")


@dataclass(frozen=True, slots=True)
class Params:
    """A Ten Drops board: its size and level."""

    width: int
    height: int
    level: str = "normal"


def parse_params(text: str) -> Params:
    """'6x6', '6x6e', '7x5h', '6x6 hard' -> Params; ValueError with one sentence."""
    board, word = split_choice(text) or ("", None)
    match = _PARAMS.match(board.lower())
    if match is None or word not in (None, *LEVELS) or (word and match[2]):
        raise ValueError(
            f"{quote(text)} is not a Ten Drops board: write width×height, like 6x6, and a "
            "level if you like (6x6e or 6x6 easy, 6x6h or 6x6 hard)."
        )
    width, height = parse_size(match[1], smallest=MIN_SIDE, largest=MAX_SIDE)
    return Params(width, height, word or from_letter(match[2]))


def format_params(params: Params) -> str:
    """The canonical text: '6x6', '6x6e', '6x6h'."""
    return f"{params.width}x{params.height}{LETTERS[params.level]}"


def parse_moves(text: str, width: int, height: int) -> list[int]:
    """'C4 D2, a1' -> the cells tapped (row-major indices); ValueError with one sentence."""
    words = [w for w in re.split(r"[\s,;]+", text or "") if w]
    if not words:
        raise ValueError("Name at least one cell to tap, like C4.")
    return [parse_cell(word, width, height) for word in words]


def format_move(cell: int, width: int) -> str:
    """A tap as people type it: 'C4'."""
    return cell_name(cell % width, cell // width)
