"""Where things go on the board image: cell size, margins, cell boxes."""

from __future__ import annotations

from dataclasses import dataclass

#: Cell sizes: as large as readable, shrinking so big boards stay near 1000 px a side.
MAX_CELL, MIN_CELL, TARGET_SIDE = 64, 24, 960


@dataclass(frozen=True, slots=True)
class Layout:
    """Pixel geometry of a ``width × height`` board image."""

    width: int
    height: int
    cell: int
    margin: int  # the label band on the top and the left
    pad: int  # the plain band on the right and the bottom
    banner: int  # height of the 'solved' banner under the board (0 if none)
    gutter: int = 0  # a plain band between the labels and the grid (0 if none)

    @property
    def size(self) -> tuple[int, int]:
        return (
            self.margin + self.gutter + self.width * self.cell + self.pad,
            self.margin + self.gutter + self.height * self.cell + self.pad + self.banner,
        )

    def cell_origin(self, x: int, y: int) -> tuple[int, int]:
        """Top-left pixel of cell (x, y)."""
        start = self.margin + self.gutter
        return start + x * self.cell, start + y * self.cell

    def cell_box(self, x: int, y: int) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) of cell (x, y), right and bottom exclusive."""
        left, top = self.cell_origin(x, y)
        return left, top, left + self.cell, top + self.cell


def cell_size(width: int, height: int) -> int:
    """The cell size in px for a board."""
    return max(MIN_CELL, min(MAX_CELL, TARGET_SIDE // max(width, height)))


def layout(width: int, height: int, solved: bool = False, wrap: bool = False) -> Layout:
    """The layout of a board image. A wrapping board keeps its grid a ``pad`` wide gutter
    away from its labels: pipes that leave the grid go on there, clear of the labels."""
    cell = cell_size(width, height)
    margin, pad = max(18, round(cell * 0.55)), max(6, cell // 6)
    return Layout(width, height, cell, margin, pad, margin if solved else 0, pad if wrap else 0)
