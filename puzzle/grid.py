"""Grid coordinates every kind shares: board sizes and cell names as people type them.

Cells are spreadsheet-style: column letters + row number, ``A1`` is the top-left cell, ``B3``
is x=1, y=2, and columns after Z go on AA, AB … (``AN40`` is the last cell of 40×40). In a
board's cell list a cell is its row-major index, ``x + y * width``.

A cell's sides are bits of a 4-bit mask in the seed's order, left=1, up=2, right=4, down=8:
direction ``d`` (0–3) is side ``1 << d`` and its opposite is ``d ^ 2``.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache

from .codes import quote

LEFT, UP, RIGHT, DOWN = 1, 2, 4, 8
#: (dx, dy) for each direction index.
OFFSETS = ((-1, 0), (0, -1), (1, 0), (0, 1))

#: The sides a board may have in any kind (a kind may allow fewer).
MIN_SIDE, MAX_SIDE = 3, 40

_SIZE = re.compile(r"^\s*(\d{1,3})\s*(?:[x×*]\s*(\d{1,3}))?\s*$", re.IGNORECASE)
_CELL = re.compile(r"^([a-z]{1,2})(\d{1,3})$", re.IGNORECASE)


def column_name(x: int) -> str:
    """Spreadsheet-style column letters: 0 -> 'A', 25 -> 'Z', 26 -> 'AA'."""
    name = chr(ord("A") + x % 26)
    return column_name(x // 26 - 1) + name if x >= 26 else name


def column_index(name: str) -> int:
    """The x of column letters: 'A' -> 0, 'AA' -> 26."""
    x = 0
    for letter in name.upper():
        x = 26 * x + ord(letter) - ord("A") + 1
    return x - 1


def column_letters(width: int) -> str:
    """The column letters of a board ``width`` wide: 'A–F' for 6."""
    return f"A–{column_name(width - 1)}"


def cell_name(x: int, y: int) -> str:
    """Spreadsheet-style name of a cell: (1, 2) -> 'B3'."""
    return f"{column_name(x)}{y + 1}"


def parse_cell(text: str, width: int, height: int) -> int:
    """'B3' -> the row-major index of that cell of a ``width × height`` board; ValueError
    with one sentence when it is not a cell of the board."""
    match = _CELL.match(text.strip())
    if not match:
        raise ValueError(
            f"{quote(text)} is not a cell: write a column letter and a row number, like B3."
        )
    letter, row = match.groups()
    x, y = column_index(letter), int(row) - 1
    if not (0 <= x < width and 0 <= y < height):
        raise ValueError(
            f"{letter.upper()}{row} is outside the {width}×{height} board: "
            f"columns {column_letters(width)}, rows 1–{height}."
        )
    return x + y * width


def parse_size(text: str, smallest: int = MIN_SIDE, largest: int = MAX_SIDE) -> tuple[int, int]:
    """'6x6', '8×5', '10' -> (width, height), each side from ``smallest`` to ``largest``;
    ValueError with a readable message otherwise."""
    match = _SIZE.match(text or "")
    if not match:
        wide = " or 10x8" if largest >= 10 else ""
        raise ValueError(
            f"{quote(text)} is not a board size: write it as width×height, like 6x6{wide}."
        )
    width = int(match.group(1))
    height = int(match.group(2) or width)
    for side in (width, height):
        if not smallest <= side <= largest:
            raise ValueError(
                f"A {width}×{height} board is not possible: "
                f"each side must be from {smallest} to {largest} tiles."
            )
    return width, height


@cache
def beside(width: int, height: int) -> tuple[tuple[int, int, int, int], ...]:
    """``beside(w, h)[i][d]``: the cell beyond side ``1 << d`` of cell ``i`` on a
    ``width × height`` board, or -1 at the border."""

    def at(x: int, y: int) -> int:
        return x + y * width if 0 <= x < width and 0 <= y < height else -1

    return tuple(
        (at(x - 1, y), at(x, y - 1), at(x + 1, y), at(x, y + 1))
        for y in range(height)
        for x in range(width)
    )


def encode_cells(area: int, cells: Collection[int]) -> str:
    """A set of cells of an ``area``-cell board as hex: four cells per digit, row-major, the
    first cell in the digit's high bit."""
    digits = (area + 3) // 4
    value = sum(1 << (4 * digits - 1 - c) for c in cells)
    return f"{value:0{digits}x}"


def decode_cells(area: int, text: str) -> frozenset[int]:
    """``encode_cells`` read back; ValueError if the text does not fit the area."""
    digits = (area + 3) // 4
    if len(text) != digits or not re.fullmatch(r"[0-9a-f]+", text):
        raise ValueError(f"the cells do not fit a board of {area} cells")
    value = int(text, 16)
    if value & ((1 << (4 * digits - area)) - 1):
        raise ValueError(f"cells lie beyond a board of {area} cells")
    return frozenset(c for c in range(area) if value >> (4 * digits - 1 - c) & 1)
