"""The window of tile buttons on a board: a Discord message holds at most 5 rows of 5
buttons, one row of which holds the controls, so a board shows a block of at most 5×4 tile
buttons; on larger boards ◀ Prev and Next ▶ walk the windows in snake order, from the first
window shown."""

from __future__ import annotations

from dataclasses import dataclass

#: Tile buttons: 5 per row, 4 rows (the fifth row holds the controls).
VIEW_COLUMNS, VIEW_ROWS = 5, 4


@dataclass(frozen=True, slots=True)
class Viewport:
    """The block of tiles that has buttons; the image frames it."""

    x: int
    y: int
    width: int
    height: int

    def holds(self, x: int, y: int) -> bool:
        """Whether the cell at (x, y) has a button in this window."""
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    def covers(self, board_width: int, board_height: int) -> bool:
        """Whether the window is the whole board."""
        return (self.width, self.height) == (board_width, board_height)


def viewport(board_width: int, board_height: int, x: int = 0, y: int = 0) -> Viewport:
    """The viewport at (x, y), clamped onto the board."""
    width = min(board_width, VIEW_COLUMNS)
    height = min(board_height, VIEW_ROWS)
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


def windows(board_width: int, board_height: int, start: Viewport | None = None) -> list[Viewport]:
    """Every window of a board in snake order: along the first row of windows, back along
    the next, and so on — from ``start`` on, round to the windows before it (the order
    ◀ Prev and Next ▶ walk)."""
    first = viewport(board_width, board_height)
    rows: list[list[Viewport]] = []
    for top in range(0, board_height, first.height):
        row = [
            viewport(board_width, board_height, left, top)
            for left in range(0, board_width, first.width)
        ]
        rows.append(row if len(rows) % 2 == 0 else row[::-1])
    ordered: list[Viewport] = []
    for view in (v for row in rows for v in row):
        if view not in ordered:
            ordered.append(view)
    here = ordered.index(start) if start in ordered else 0
    return ordered[here:] + ordered[:here]


def step(
    view: Viewport, direction: str, board_width: int, board_height: int, start: Viewport
) -> Viewport:
    """The window before ('p') or after ('n') ``view`` in the walk from ``start`` (itself at
    the ends)."""
    order = windows(board_width, board_height, start)
    here = order.index(view) if view in order else 0
    there = here - 1 if direction == "p" else here + 1
    return order[max(0, min(there, len(order) - 1))]
