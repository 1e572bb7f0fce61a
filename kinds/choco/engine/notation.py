"""What people type for Double Choco: board sizes with levels, and walls.

Parameters: a size ``WxH``, 6 to 10 cells a side and an even number of cells, with its
level as other kinds write it (``puzzle.levels``): ``8x8e`` easy, ``8x8`` normal, ``8x8h``
hard, or ``8x8 hard``.

Moves: ``B3-C3`` toggles the wall between two side-by-side cells (``puzzle.grid``'s names);
``check`` marks what breaks a rule. Several per command, separated by spaces or commas
(``B3-C3 B4-C4``), played in order.
"""

from __future__ import annotations

import re

from kinds.choco.engine.grid import Edge, edge
from puzzle.codes import quote
from puzzle.grid import cell_name, parse_cell
from puzzle.levels import SizeLevel, format_size_level, parse_size_level

MIN_SIDE, MAX_SIDE = 6, 10
#: The move that marks what breaks a rule.
CHECK = "check"
#: A move: a wall toggled (the edge), or ``CHECK``.
Move = Edge | str
#: A Double Choco board: its size and level.
Params = SizeLevel

_WALL = re.compile(r"([a-z]{1,2}[0-9]{1,3})\s*[-–—]\s*([a-z]{1,2}[0-9]{1,3})", re.IGNORECASE)


def parse_params(text: str) -> Params:
    """'8x8', '8x8e', '10x10h', '8x8 hard' -> Params; ValueError with one sentence (a board
    of an odd number of cells has no solution: every block is as much white as gray)."""
    params = parse_size_level(text, "Double Choco", (MIN_SIDE, MAX_SIDE))
    if params.width * params.height % 2:
        raise ValueError(
            f"A {params.width}×{params.height} Double Choco board is not possible: it needs "
            "an even number of cells, like 8x7 or 8x8."
        )
    return params


def format_params(params: Params) -> str:
    """The canonical text: '8x8', '8x8e', '8x8h'."""
    return format_size_level(params)


def parse_moves(text: str, width: int, height: int) -> list[Move]:
    """'B3-C3, b4-c4 check' -> the moves; ValueError with one sentence."""
    text = re.sub(r"\s*[-–—]\s*", "-", text or "")
    words = [w for w in re.split(r"[\s,;]+", text) if w]
    if not words:
        raise ValueError("Name a wall by the two cells it lies between, like B3-C3.")
    return [_move(word, width, height) for word in words]


def _move(word: str, width: int, height: int) -> Move:
    if word.lower() == CHECK:
        return CHECK
    match = _WALL.fullmatch(word)
    if match is None:
        raise ValueError(
            f"{quote(word)} is not a wall: name the two cells it lies between, like B3-C3."
        )
    a, b = (parse_cell(name, width, height) for name in match.groups())
    try:
        return edge(a, b, width, height)
    except ValueError:
        raise ValueError(
            f"{quote(word)} is not a wall: its two cells must be side by side, like B3-C3."
        ) from None


def format_move(move: Move, width: int) -> str:
    """A move as people type it: 'B3-C3' or 'check'."""
    if isinstance(move, str):
        return move
    return "-".join(cell_name(cell % width, cell // width) for cell in move)
