"""Small examples of the kind for the conformance suites (tests/conformance): moves are
walls between two cells, runs of walls along a column or a row, or the word ``check``."""

from conformance.example import Example, cell_word

from puzzle.grid import cell_name


def edge_word(x: int, y: int, side: str, width: int, height: int) -> str:
    """The edge on one side of a cell (to the right, or below; the other way at the
    board's border), a run of up to three walls from the cell down a column or along a row
    ('B3-B5r', 'F3-D3u' at the border), or a word of its own: 'B3-C3', 'check'."""
    if side in ("column", "row"):
        down = side == "column"
        dx, dy = (0, 2) if down else (2, 0)
        end = (min(x + dx, width - 1), min(y + dy, height - 1))
        at_border = x == width - 1 if down else y == height - 1
        letter = ("l" if at_border else "r") if down else ("u" if at_border else "d")
        return f"{cell_name(x, y)}-{cell_name(*end)}{letter}"
    if side not in ("right", "down"):
        return side
    dx, dy = (1, 0) if side == "right" else (0, 1)
    if x + dx >= width or y + dy >= height:
        dx, dy = -dx, -dy
    return f"{cell_word(x, y, '', width, height)}-{cell_word(x + dx, y + dy, '', width, height)}"


EXAMPLE = Example(("6x6", "8x6h"), ("right", "down", "column", "row", "check"), edge_word)
