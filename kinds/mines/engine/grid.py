"""Board geometry shared by the rules, the solver and the generator: neighbours, numbers, the
flood fill of an opening, 3BV. Cells are row-major indices, ``x + y * width``."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache


@cache
def neighbours(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """``neighbours(w, h)[i]``: the up to 8 cells around cell ``i``, in row-major order."""
    return tuple(
        tuple(
            (x + dx) + (y + dy) * width
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height
        )
        for y in range(height)
        for x in range(width)
    )


def block(width: int, height: int, cell: int) -> tuple[int, ...]:
    """A cell and its neighbours: the 3×3 block around it, cut at the border."""
    return tuple(sorted((cell, *neighbours(width, height)[cell])))


def count_numbers(width: int, height: int, mines: Collection[int]) -> tuple[int, ...]:
    """The adjacent-mine count of every cell (mine cells too)."""
    counts = [0] * (width * height)
    for mine in mines:
        for j in neighbours(width, height)[mine]:
            counts[j] += 1
    return tuple(counts)


def flood(
    width: int,
    height: int,
    numbers: Sequence[int],
    cell: int,
    opened: Collection[int] = (),
    flagged: Collection[int] = (),
) -> list[int]:
    """The cells that opening ``cell`` (not a mine) opens, in the order they open: the cell
    and, from a zero, its whole zero region and the numbers around it (breadth first, no
    recursion). Cells already ``opened`` or ``flagged`` are never opened; a flag also stops
    the fill."""
    nb = neighbours(width, height)
    seen = {cell}
    order = [cell]
    for current in order:  # the list grows while it is read: a queue
        if numbers[current]:
            continue
        for j in nb[current]:
            if j not in seen and j not in opened and j not in flagged:
                seen.add(j)
                order.append(j)
    return order


def three_bv(width: int, height: int, numbers: Sequence[int], mines: Collection[int]) -> int:
    """Bechtel's Board Benchmark Value: the fewest clicks that clear the board without
    flags, one per zero region (with its border) and one per number outside them."""
    reached = bytearray(width * height)
    clicks = 0
    for cell in range(width * height):
        if reached[cell] or numbers[cell] or cell in mines:
            continue
        clicks += 1
        for j in flood(width, height, numbers, cell):
            reached[j] = 1
    for cell in range(width * height):
        if not reached[cell] and cell not in mines:
            clicks += 1
    return clicks
