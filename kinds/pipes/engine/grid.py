"""Neighbour tables of a ``width × height`` grid, cached per size and wrap mode.

Cells are indexed row-major: ``index = y * width + x``. On a wrapping board (Tatham's
wrapping Net) the edges connect across the border: the cell right of the last column is the
first column of the same row, the cell below the last row is the top of the same column.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kinds.pipes.engine.tiles import OFFSETS


@dataclass(frozen=True, slots=True)
class Grid:
    """Precomputed neighbour tables of one grid size and wrap mode."""

    width: int
    height: int
    wrap: bool
    #: ``neighbours[i][d]``: the cell beyond side ``1 << d`` of cell ``i``, or -1 at the border.
    neighbours: tuple[tuple[int, int, int, int], ...]
    #: ``(i, j)`` for every cell ``i`` with a right-hand neighbour ``j``; then for below.
    right: tuple[tuple[int, int], ...]
    down: tuple[tuple[int, int], ...]
    #: Sides of each cell that face the border (none on a wrapping board).
    border: tuple[int, ...]

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.width * self.height


@cache
def grid(width: int, height: int, wrap: bool = False) -> Grid:
    """The (cached) neighbour tables for a ``width × height`` grid."""
    neighbours = []
    border = []
    for y in range(height):
        for x in range(width):
            row = []
            sides = 0
            for d, (dx, dy) in enumerate(OFFSETS):
                nx, ny = x + dx, y + dy
                if wrap:
                    nx, ny = nx % width, ny % height
                if 0 <= nx < width and 0 <= ny < height:
                    row.append(ny * width + nx)
                else:
                    row.append(-1)
                    sides |= 1 << d
            neighbours.append(tuple(row))
            border.append(sides)
    return Grid(
        width=width,
        height=height,
        wrap=wrap,
        neighbours=tuple(neighbours),  # type: ignore[arg-type]
        right=tuple((i, row[2]) for i, row in enumerate(neighbours) if row[2] >= 0),
        down=tuple((i, row[3]) for i, row in enumerate(neighbours) if row[3] >= 0),
        border=tuple(border),
    )
