"""What people type for Double Choco: board sizes with levels, and walls.

Parameters: a size ``WxH``, 6 to 10 cells a side and an even number of cells, with its
level as other kinds write it (``puzzle.levels``): ``8x8e`` easy, ``8x8`` normal, ``8x8h``
hard, or ``8x8 hard``.

Moves: ``B3-C3`` toggles the wall between two side-by-side cells (``puzzle.grid``'s names);
a run ``B3-B7r`` toggles, as one line, the walls on one side of the cells from ``B3`` to
``B7`` (a column or a row; the side ``r`` right, ``l`` left, ``d`` below, ``u`` above, along
the run), drawn from the first cell to the last, and ``B3r`` is the one wall on that side of
``B3``; ``check`` marks what breaks a rule. Several per command, separated by spaces or
commas (``B3-C3 B4-B6r``), played in order. A run is written as it was named (``C3-C7l``
toggles what ``B3-B7r`` does; the window follows its last cell).
"""

from __future__ import annotations

import re

from kinds.choco.engine.grid import Edge, edge
from kinds.choco.engine.lines import Run, run
from puzzle.codes import quote
from puzzle.grid import cell_name, parse_cell
from puzzle.levels import SizeLevel, format_size_level, parse_size_level

MIN_SIDE, MAX_SIDE = 6, 10
#: The move that marks what breaks a rule.
CHECK = "check"
#: A move: a wall toggled (the edge), a run of walls, or ``CHECK``.
Move = Edge | Run | str
#: A Double Choco board: its size and level.
Params = SizeLevel

_CELL = r"([a-z]{1,2}[0-9]{1,3})"
_WALL = re.compile(rf"{_CELL}\s*[-–—]\s*{_CELL}", re.IGNORECASE)
_RUN = re.compile(rf"{_CELL}(?:-{_CELL})?([rlud])", re.IGNORECASE)


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
        raise ValueError(
            "Name a wall by the two cells it lies between, like B3-C3, or a run by its cells "
            "and side, like B3-B5r."
        )
    return [_move(word, width, height) for word in words]


def _move(word: str, width: int, height: int) -> Move:
    if word.lower() == CHECK:
        return CHECK
    if named := _RUN.fullmatch(word):
        return _run(word, named, width, height)
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
            f"{quote(word)} is not a wall: its two cells must be side by side, like B3-C3, "
            "or a run names its side, like B3-B5r."
        ) from None


def _run(word: str, match: re.Match[str], width: int, height: int) -> Run:
    """The walls on one side of the cells from the first named to the last, in order."""
    first, last = (parse_cell(name, width, height) for name in (match[1], match[2] or match[1]))
    (x0, y0), (x1, y1) = divmod(first, width)[::-1], divmod(last, width)[::-1]
    side = match[3].lower()
    if x0 != x1 and y0 != y1:
        raise ValueError(
            f"{quote(word)} is not a straight run: its two cells must share a column or a "
            "row, like B3-B5r."
        )
    if x0 == x1 and y0 != y1 and side in "du":
        raise ValueError(
            f"{quote(word)} is not one line of walls: along a column they are on the right "
            "(r) or the left (l), like B3-B5r."
        )
    if y0 == y1 and x0 != x1 and side in "rl":
        raise ValueError(
            f"{quote(word)} is not one line of walls: along a row they are below (d) or above "
            "(u), like B3-D3d."
        )
    step = (x1 > x0) - (x1 < x0) + ((y1 > y0) - (y1 < y0)) * width
    cells = range(first, last + (step or 1), step or 1)
    try:
        return run(tuple(cells), side, width, height)
    except ValueError:
        raise ValueError(
            f"{quote(word)} lies on the board's edge: there is no wall to draw there."
        ) from None


def format_move(move: Move, width: int) -> str:
    """A move as people type it: 'B3-C3', 'B3-B7r', 'C7-C3l', 'B3r' or 'check'."""
    if isinstance(move, str):
        return move
    if isinstance(move, Run):
        named = (move.cells[0], move.cells[-1]) if len(move.cells) > 1 else move.cells[:1]
        return "-".join(_name(cell, width) for cell in named) + move.side
    return "-".join(_name(cell, width) for cell in move)


def _name(cell: int, width: int) -> str:
    return cell_name(cell % width, cell // width)
