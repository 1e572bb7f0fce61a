"""The windows of tile buttons on a board. A Discord message holds at most 5 rows of 5
buttons, and a board's controls take one or two of those rows, so a board shows a block of
at most 5×4 (or 5×3) tile buttons. Larger boards are cut into a grid of such windows that
tile the board without overlap, each side split as evenly as it goes (12 columns: 4, 4, 4);
◀ ▲ ▼ ▶ move one window in their direction on that grid, arrows shown only along a side
with more than one window. When the arrows and the other controls would not fit one row of
5, the arrows get a row of their own and the windows are 5×3."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate

#: Discord's limits: action rows per message, buttons per row.
MAX_ROWS, ROW = 5, 5
#: Tile buttons: 5 per row; 4 rows beside one row of controls, 3 beside two.
VIEW_COLUMNS, VIEW_ROWS = ROW, MAX_ROWS - 1
#: The arrows, in the order they sit in their row: direction, label, (dx, dy).
ARROWS = (("l", "◀", (-1, 0)), ("u", "▲", (0, -1)), ("d", "▼", (0, 1)), ("r", "▶", (1, 0)))
#: Where the windows of an older layout were 5×4 blocks: their middle names the window now.
OLD_MIDDLE = (2, 1)


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


def edges(side: int, most: int) -> tuple[int, ...]:
    """Where the windows along one side of ``side`` cells begin, and the side's end: as few
    windows of at most ``most`` cells as cover it, their sizes as even as can be (the first
    ones a cell larger)."""
    count = -(-side // most)
    size, larger = divmod(side, count)
    return (0, *accumulate(size + (k < larger) for k in range(count)))


def _slot(starts: tuple[int, ...], at: int) -> int:
    """Which window along a side holds cell ``at`` (clamped onto the side)."""
    return max(0, min(sum(start <= at for start in starts[1:-1]), len(starts) - 2))


@dataclass(frozen=True, slots=True)
class Windows:
    """The grid of windows on a board: where its columns and rows of windows begin (with
    the board's side at the end), and how many rows of controls go with it."""

    columns: tuple[int, ...]
    rows: tuple[int, ...]
    control_rows: int = 1

    @property
    def across(self) -> int:
        return len(self.columns) - 1

    @property
    def down(self) -> int:
        return len(self.rows) - 1

    def __len__(self) -> int:
        return self.across * self.down

    def window(self, column: int, row: int) -> Viewport:
        """The window in grid column ``column`` and row ``row``."""
        left, top = self.columns[column], self.rows[row]
        return Viewport(left, top, self.columns[column + 1] - left, self.rows[row + 1] - top)

    def place(self, view: Viewport) -> tuple[int, int]:
        """The grid column and row of the window holding ``view``'s first cell."""
        return _slot(self.columns, view.x), _slot(self.rows, view.y)

    def around(self, x: int, y: int) -> Viewport:
        """The window holding the cell at (x, y)."""
        return self.window(_slot(self.columns, x), _slot(self.rows, y))

    def named(self, x: int, y: int) -> Viewport:
        """The window a button id names by its first cell; an id of an older layout (its
        windows were 5×4 blocks, some overlapping) names the window holding that block's
        middle."""
        if x in self.columns[:-1] and y in self.rows[:-1]:
            return self.around(x, y)
        return self.around(x + OLD_MIDDLE[0], y + OLD_MIDDLE[1])

    def number(self, view: Viewport) -> int:
        """The window's place, from 1, reading the grid as a page: row by row."""
        column, row = self.place(view)
        return row * self.across + column + 1

    def arrows(self) -> list[tuple[str, str, tuple[int, int]]]:
        """The arrows this grid shows: ◀ ▶ with more than one column of windows, ▲ ▼ with
        more than one row."""
        return [arrow for arrow in ARROWS if (self.down if arrow[2][0] == 0 else self.across) > 1]

    def step(self, view: Viewport, direction: str) -> Viewport:
        """The window one step from ``view`` in ``direction`` (l, u, d, r); itself at the
        board's edge."""
        dx, dy = next(move for name, _, move in ARROWS if name == direction)
        column, row = self.place(view)
        column = max(0, min(column + dx, self.across - 1))
        row = max(0, min(row + dy, self.down - 1))
        return self.window(column, row)

    def all(self) -> list[Viewport]:
        """Every window, row by row."""
        return [self.window(c, r) for r in range(self.down) for c in range(self.across)]


def window_grid(board_width: int, board_height: int, others: int | None) -> Windows:
    """The windows of a board whose control row holds ``others`` buttons besides the arrows
    (None: a face that does not pan, whose window follows the moves): 5×4 windows and one
    row of controls when the arrows fit in it, else 5×3 windows and the arrows in a row of
    their own."""
    grid = Windows(edges(board_width, VIEW_COLUMNS), edges(board_height, VIEW_ROWS))
    if others is None or len(grid.arrows()) + others <= ROW:
        return grid
    return Windows(edges(board_width, VIEW_COLUMNS), edges(board_height, VIEW_ROWS - 1), 2)
