"""A Double Choco grid: its cells' colours and numbers, the inner edges between side-by-side
cells (where walls go), and the puzz.link text of both (``<W>/<H>/<colours><numbers>``, as
pzprjs writes ``dbchoco`` URLs).

An edge is a pair of row-major cell indices ``(a, b)``, ``a < b``: ``b = a + 1`` (side by
side in a row) or ``b = a + width`` (one above the other). Edges are listed in pzprjs's
border order: the vertical borders row by row, then the horizontal ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

Edge = tuple[int, int]
#: A number whose size is not given (pzprjs's ``?``, written ``.``): a part is there.
UNKNOWN = -1

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_BASE32 = _DIGITS[:32]
#: The longest text of a 40×40 grid: its colours, then a 3-digit number in every cell.
_LONGEST = 6 + 320 + 4 * 1600
_URL = re.compile(r"([0-9]{1,2})/([0-9]{1,2})/([0-9a-v]*)([0-9a-z.\-+]*)")


@dataclass(frozen=True, slots=True)
class Grid:
    """The puzzle as given: every cell's colour (True: gray) and number (None: none,
    ``UNKNOWN``: a number whose size is not given), row-major."""

    width: int
    height: int
    gray: tuple[bool, ...]
    clues: tuple[int | None, ...]

    @property
    def area(self) -> int:
        return self.width * self.height

    def neighbours(self, cell: int) -> Iterator[int]:
        """The cells side by side with ``cell`` (left, up, right, down)."""
        x, y = cell % self.width, cell // self.width
        if x:
            yield cell - 1
        if y:
            yield cell - self.width
        if x + 1 < self.width:
            yield cell + 1
        if y + 1 < self.height:
            yield cell + self.width


@cache
def edges(width: int, height: int) -> tuple[Edge, ...]:
    """Every inner edge, in pzprjs's border order: vertical borders row by row, then
    horizontal ones."""
    vertical = [(y * width + x, y * width + x + 1) for y in range(height) for x in range(width - 1)]
    horizontal = [
        (y * width + x, (y + 1) * width + x) for y in range(height - 1) for x in range(width)
    ]
    return tuple(vertical + horizontal)


def pair(a: int, b: int) -> Edge:
    """The edge between two side-by-side cells, in either order."""
    return (a, b) if a < b else (b, a)


def edge(a: int, b: int, width: int, height: int) -> Edge:
    """The edge between two side-by-side cells; ValueError if they are not."""
    low, high = min(a, b), max(a, b)
    if not (low >= 0 and high < width * height) or (
        high - low != width and not (high - low == 1 and high % width)
    ):
        raise ValueError("those two cells are not side by side")
    return low, high


def encode(grid: Grid) -> str:
    """The puzz.link text: ``<W>/<H>/`` then the gray cells five to a base-32 digit (the
    first cell the highest bit), then the numbers (hexadecimal digits, ``-xx`` for 16–255,
    ``.`` for an unknown size, ``g``–``z`` for runs of 1–20 cells without one)."""
    colours = "".join(
        _BASE32[sum(16 >> k for k, gray in enumerate(grid.gray[i : i + 5]) if gray)]
        for i in range(0, grid.area, 5)
    )
    return f"{grid.width}/{grid.height}/{colours}{''.join(_numbers(grid.clues))}"


def _numbers(clues: Iterable[int | None]) -> Iterator[str]:
    gap = 0
    for clue in clues:
        if clue is None:
            gap += 1
            if gap == 20:
                yield "z"
                gap = 0
            continue
        if gap:
            yield _DIGITS[15 + gap]
            gap = 0
        yield _number(clue)
    if gap:
        yield _DIGITS[15 + gap]


def _number(clue: int) -> str:
    if clue == UNKNOWN:
        return "."
    if not 1 <= clue < 4096:
        raise ValueError("a Double Choco number puzz.link can write is 1 to 4095")
    return f"{clue:x}" if clue < 16 else f"-{clue:02x}" if clue < 256 else f"+{clue:03x}"


def decode(text: str) -> Grid:
    """A grid from its puzz.link text (with or without ``https://puzz.link/p?dbchoco/``);
    ValueError with one sentence when it is not one."""
    body = text.strip().removeprefix("https://puzz.link/p?").removeprefix("dbchoco/")
    match = _URL.fullmatch(body) if len(body) <= _LONGEST else None
    if not match:
        raise ValueError("that is not a Double Choco puzz.link text (like 6/6/ueoq8p30g42j)")
    width, height = int(match[1]), int(match[2])
    if not (2 <= width <= 40 and 2 <= height <= 40):
        raise ValueError("a Double Choco grid is 2 to 40 cells a side")
    area, rest = width * height, match[3] + match[4]
    digits = -(-area // 5)
    if len(rest) < digits or any(c not in _BASE32 for c in rest[:digits]):
        raise ValueError("that Double Choco text is missing its colours")
    bits = "".join(f"{_BASE32.index(c):05b}" for c in rest[:digits])
    gray = tuple(bit == "1" for bit in bits[:area])
    return Grid(width, height, gray, _read_numbers(rest[digits:], area))


def _read_numbers(text: str, area: int) -> tuple[int | None, ...]:
    clues: list[int | None] = []
    i = 0
    while i < len(text) and len(clues) < area:
        c = text[i]
        if c in "0123456789abcdef":
            clues.append(int(c, 16))
            i += 1
        elif c == "-" and re.fullmatch(r"[0-9a-f]{2}", text[i + 1 : i + 3]):
            clues.append(int(text[i + 1 : i + 3], 16))
            i += 3
        elif c == "+" and re.fullmatch(r"[0-9a-f]{3}", text[i + 1 : i + 4]):
            clues.append(int(text[i + 1 : i + 4], 16))
            i += 4
        elif c == ".":
            clues.append(UNKNOWN)
            i += 1
        elif "g" <= c <= "z" and len(clues) + int(c, 36) - 15 <= area:
            clues.extend([None] * (int(c, 36) - 15))
            i += 1
        else:
            raise ValueError("that Double Choco text has a number it cannot read")
    if i < len(text) or len(clues) != area:
        raise ValueError("that Double Choco text does not give every cell's number or gap")
    if any(clue == 0 for clue in clues):
        raise ValueError("a Double Choco number is 1 or more")
    return tuple(clues)
