"""Boards as plain text, with the coordinates people type (``puzzle.grid``): what the command
line prints for a kind that draws its board with these (``Kind.text_format``).

``cells``: a board of one glyph per cell, column letters on top, row numbers on the left.
``walled``: a board whose cells are parted by walls (a maze, regions), drawn with ``+``,
``---`` and ``|``, a glyph of up to three characters in each cell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .grid import OFFSETS, column_name


def columns(width: int, first: int, step: int) -> list[str]:
    """Column letters over cells ``step`` characters apart, the first at ``first``: one line,
    or two when columns run past Z (their first letters on the line above)."""
    names = [column_name(x) for x in range(width)]

    def line(letters: list[str]) -> str:
        return (" " * first + "".join(f"{letter:<{step}}" for letter in letters)).rstrip()

    lower = line([name[-1] for name in names])
    if width <= 26:
        return [lower]
    return [line([name[0] if len(name) > 1 else " " for name in names]), lower]


def cells(width: int, height: int, glyphs: Sequence[str], legend: str = "") -> str:
    """Rows of one-character glyphs (row-major), column letters on top, row numbers on the
    left, and a legend line under them when there is one."""
    lines = columns(width, 4, 2)
    for y in range(height):
        lines.append(f"{y + 1:>3} " + " ".join(glyphs[y * width : y * width + width]))
    return "\n".join([*lines, legend] if legend else lines)


def walled(
    width: int,
    height: int,
    glyphs: Sequence[str],
    wall: Callable[[int, int], bool],
    legend: str = "",
) -> str:
    """Cells parted by walls: ``wall(cell, d)`` says whether side ``d`` of a cell (0 left,
    1 up, 2 right, 3 down, as ``puzzle.grid``) is closed; the border is always closed.
    Glyphs of up to three characters are centred in their cells."""

    def closed(x: int, y: int, d: int) -> bool:
        dx, dy = OFFSETS[d]
        inside = 0 <= x + dx < width and 0 <= y + dy < height
        return not inside or wall(x + y * width, d)

    lines = columns(width, 6, 4)
    for y in range(height):
        lines.append(
            "    +" + "".join(("---" if closed(x, y, 1) else "   ") + "+" for x in range(width))
        )
        row = f"{y + 1:>3} " + ("|" if closed(0, y, 0) else " ")
        for x in range(width):
            row += f"{glyphs[x + y * width]:^3}" + ("|" if closed(x, y, 2) else " ")
        lines.append(row.rstrip())
    lines.append("    +" + "---+" * width)
    return "\n".join([*lines, legend] if legend else lines)
