"""The board as text with box-drawing characters and spreadsheet coordinates."""

from __future__ import annotations

from collections.abc import Sequence

from kinds.pipes.engine.checker import Check
from kinds.pipes.engine.tiles import GLYPHS, LEFT, RIGHT
from puzzle.grid import cell_name
from puzzle.textboard import columns


def render_text(
    width: int,
    height: int,
    tiles: Sequence[int],
    source: tuple[int, int],
    result: Check | None = None,
) -> str:
    """Rows of glyphs with column letters on top and row numbers on the left.

    Tiles connected left–right are joined with '─'. With a check, flooded tiles are
    followed by no mark, loop tiles by '!' in a legend line.
    """
    lines = columns(width, 4, 2)
    for y in range(height):
        row = []
        for x in range(width):
            tile = tiles[y * width + x]
            row.append(GLYPHS[tile])
            if x < width - 1:
                joined = tile & RIGHT and tiles[y * width + x + 1] & LEFT
                row.append("─" if joined else " ")
        lines.append(f"{y + 1:>3} " + "".join(row))
    legend = f"source {cell_name(*source)}"
    if result is not None:
        legend += f" · flooded {len(result.flooded)}/{width * height}"
        legend += f" · loop tiles {len(result.loops)}"
        legend += " · solved" if result.solved else ""
    lines.append(legend)
    return "\n".join(lines)
