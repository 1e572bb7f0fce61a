"""Small examples of the kind for the conformance suites (tests/conformance): moves are
walls between two cells, or the word ``check``."""

from conformance.example import Example, cell_word


def edge_word(x: int, y: int, side: str, width: int, height: int) -> str:
    """The edge on one side of a cell (to the right, or below; the other way at the
    board's border), or a word of its own: 'B3-C3', 'check'."""
    if side not in ("right", "down"):
        return side
    dx, dy = (1, 0) if side == "right" else (0, 1)
    if x + dx >= width or y + dy >= height:
        dx, dy = -dx, -dy
    return f"{cell_word(x, y, '', width, height)}-{cell_word(x + dx, y + dy, '', width, height)}"


EXAMPLE = Example(("6x6", "8x6h"), ("right", "down", "check"), edge_word)
