"""The window of tile buttons on a board: a Discord message holds at most 25 buttons, so
boards larger than 5×5 get a 5×4 block of tile buttons that ◀ ▲ ▼ ▶ move."""

from __future__ import annotations

from dataclasses import dataclass

#: Tile buttons: 5 per row; 5 rows when the whole board fits, else 4 rows and a nav row.
VIEW_COLUMNS, VIEW_ROWS_FIT, VIEW_ROWS = 5, 5, 4


@dataclass(frozen=True, slots=True)
class Viewport:
    """The block of tiles that has buttons; the image frames it."""

    x: int
    y: int
    width: int
    height: int

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    def covers(self, board_width: int, board_height: int) -> bool:
        """Whether the window is the whole board."""
        return (self.width, self.height) == (board_width, board_height)


def viewport(board_width: int, board_height: int, x: int = 0, y: int = 0) -> Viewport:
    """The viewport at (x, y), clamped onto the board."""
    fits = board_width <= VIEW_COLUMNS and board_height <= VIEW_ROWS_FIT
    width = min(board_width, VIEW_COLUMNS)
    height = board_height if fits else min(board_height, VIEW_ROWS)
    x = max(0, min(x, board_width - width))
    y = max(0, min(y, board_height - height))
    return Viewport(x, y, width, height)


def viewport_around(board_width: int, board_height: int, cell: int) -> Viewport:
    """The viewport on the regular grid of viewports that holds ``cell``."""
    empty = viewport(board_width, board_height)
    x, y = cell % board_width, cell // board_width
    return viewport(
        board_width, board_height, x // empty.width * empty.width, y // empty.height * empty.height
    )


def pan(view: Viewport, direction: str, board_width: int, board_height: int) -> Viewport:
    """The viewport one full step left/right/up/down ('l', 'r', 'u', 'd'), clamped."""
    dx, dy = {"l": (-1, 0), "r": (1, 0), "u": (0, -1), "d": (0, 1)}[direction]
    return viewport(board_width, board_height, view.x + dx * view.width, view.y + dy * view.height)
