"""Neighbour tables of a ``width × height`` grid, cached per size.

Cells are indexed row-major: ``index = y * width + x``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .tiles import OFFSETS


@dataclass(frozen=True, slots=True)
class Grid:
    """Precomputed neighbour tables of one grid size."""

    width: int
    height: int
    #: ``neighbours[i][d]``: the cell beyond side ``1 << d`` of cell ``i``, or -1 at the border.
    neighbours: tuple[tuple[int, int, int, int], ...]
    #: Cells with a right-hand neighbour, and cells with a neighbour below.
    has_right: tuple[int, ...]
    has_down: tuple[int, ...]
    #: Sides of each cell that face the border.
    border: tuple[int, ...]

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.width * self.height


@cache
def grid(width: int, height: int) -> Grid:
    """The (cached) neighbour tables for a ``width × height`` grid."""
    neighbours = []
    border = []
    for y in range(height):
        for x in range(width):
            row = []
            sides = 0
            for d, (dx, dy) in enumerate(OFFSETS):
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height:
                    row.append(ny * width + nx)
                else:
                    row.append(-1)
                    sides |= 1 << d
            neighbours.append(tuple(row))
            border.append(sides)
    n = width * height
    return Grid(
        width=width,
        height=height,
        neighbours=tuple(neighbours),  # type: ignore[arg-type]
        has_right=tuple(i for i in range(n) if i % width < width - 1),
        has_down=tuple(range(n - width)),
        border=tuple(border),
    )
