"""Double Choco's rules over a grid and the walls drawn on it, shared by the checker, the
solver's cuts and the pictures.

Walls cut the grid into blocks (cells joined through edges without a wall). A block is right
when it holds exactly one white part and one gray part (same-colour cells joined inside it),
of one shape and size (turned or mirrored); a number is the size of its part. A wall between
two cells of one block is wrong too (it ends inside the block, or cuts it for nothing).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from kinds.choco.engine.grid import UNKNOWN, Edge, Grid, edges, pair

#: What a block may break, in the order a check names them.
ONE_COLOUR = "one colour only"
MORE_PARTS = "three or more parts"
SHAPES_DIFFER = "parts of different shapes"


@dataclass(frozen=True, slots=True)
class Breaches:
    """What breaks a rule on a board: blocks (their cells, and which rule they break), the
    numbered cells whose part is another size, and the walls inside a block."""

    blocks: tuple[tuple[frozenset[int], str], ...] = ()
    numbers: frozenset[int] = frozenset()
    walls: frozenset[Edge] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.blocks or self.numbers or self.walls)


def components(
    cells: Iterable[int], joined: Collection[Edge] | None, grid: Grid, same_colour: bool = False
) -> list[list[int]]:
    """The groups of ``cells`` joined side by side through the edges ``joined`` (None: every
    edge), each in the order a breadth-first walk from its first cell meets them; with
    ``same_colour``, only cells of one colour join. Iterative, so any size of grid."""
    todo = set(cells)
    groups = []
    for first in sorted(todo):
        if first not in todo:
            continue
        todo.discard(first)
        group, queue = [first], deque([first])
        while queue:
            cell = queue.popleft()
            for other in grid.neighbours(cell):
                if (
                    other in todo
                    and (joined is None or pair(cell, other) in joined)
                    and (not same_colour or grid.gray[other] == grid.gray[cell])
                ):
                    todo.discard(other)
                    group.append(other)
                    queue.append(other)
        groups.append(group)
    return groups


def open_edges(grid: Grid, walls: Collection[Edge]) -> frozenset[Edge]:
    """The inner edges without a wall."""
    return frozenset(e for e in edges(grid.width, grid.height) if e not in walls)


def blocks(grid: Grid, walls: Collection[Edge]) -> list[list[int]]:
    """The blocks the walls make."""
    return components(range(grid.area), open_edges(grid, walls), grid)


def parts(grid: Grid, block: Sequence[int], opened: Collection[Edge]) -> list[list[int]]:
    """A block's parts: its cells of one colour joined inside it."""
    return components(block, opened, grid, same_colour=True)


def shape(cells: Iterable[int], width: int) -> tuple[tuple[int, int], ...]:
    """A set of cells as a shape: the same for every turn, mirror and shift of it."""
    points = [(c % width, c // width) for c in cells]
    return min(_normal(transform(points, k)) for k in range(8))


def transform(points: Iterable[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    """One of the 8 turns and mirrors of points (``k`` 0–7; 0 leaves them)."""
    out = []
    for x, y in points:
        if k & 4:
            x, y = y, x
        if k & 1:
            x = -x
        if k & 2:
            y = -y
        out.append((x, y))
    return out


def _normal(points: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    points = list(points)
    left, top = min(x for x, _ in points), min(y for _, y in points)
    return tuple(sorted((x - left, y - top) for x, y in points))


def breaches(grid: Grid, walls: Collection[Edge]) -> Breaches:
    """Every breach of the rules the walls make (none: the board is a solution)."""
    opened = open_edges(grid, walls)
    bad_blocks: list[tuple[frozenset[int], str]] = []
    numbers: set[int] = set()
    inside: set[Edge] = set()
    for block in blocks(grid, walls):
        members = set(block)
        inside.update(e for e in walls if e[0] in members and e[1] in members)
        groups = parts(grid, block, opened)
        for group in groups:
            size = len(group)
            numbers.update(
                c for c in group if grid.clues[c] not in (None, UNKNOWN) and grid.clues[c] != size
            )
        if len({grid.gray[group[0]] for group in groups}) < 2:
            bad_blocks.append((frozenset(block), ONE_COLOUR))
        elif len(groups) > 2:
            bad_blocks.append((frozenset(block), MORE_PARTS))
        elif shape(groups[0], grid.width) != shape(groups[1], grid.width):
            bad_blocks.append((frozenset(block), SHAPES_DIFFER))
    return Breaches(tuple(bad_blocks), frozenset(numbers), frozenset(inside))


def walls_of(grid: Grid, block_of: Sequence[int]) -> frozenset[Edge]:
    """The walls between different blocks (``block_of``: each cell's block)."""
    return frozenset(e for e in edges(grid.width, grid.height) if block_of[e[0]] != block_of[e[1]])
