"""Double Choco written again from the rules, for the tests, sharing nothing with
``kinds.choco.engine.rules`` or the solver: a check of a board (``is_solution``), an exact-cover
counter of solutions (``count_solutions``), a reader of pzprjs's ``pzprv3`` board files, and
random puzzles from random tilings into congruent white and gray pairs.

A solution is a set of walls (edges between different blocks); each block holds one
connected white part and one connected gray part, one a turn, mirror and shift of the other;
a number is its part's size, ``UNKNOWN`` any size.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence

from kinds.choco.engine.grid import UNKNOWN, Edge, Grid, edges

FIXTURE = "6/6/ueoq8p30g42j4n5s22j"
#: The fixture's one answer: its blocks, cells as (row, column).
FIXTURE_BLOCKS = (
    ((0, 0), (0, 1), (1, 0), (1, 1), (2, 1), (2, 2), (3, 1), (3, 2)),
    ((0, 2), (0, 3), (0, 4), (0, 5)),
    ((1, 2), (1, 3)),
    ((1, 4), (1, 5), (2, 3), (2, 4), (2, 5), (3, 3), (3, 4), (3, 5), (4, 3), (4, 4)),
    ((2, 0), (3, 0)),
    ((4, 0), (4, 1), (4, 2), (5, 0)),
    ((4, 5), (5, 5)),
    ((5, 1), (5, 2), (5, 3), (5, 4)),
)


def cells_of(blocks: Iterable[Iterable[tuple[int, int]]], width: int) -> list[frozenset[int]]:
    """Blocks given as (row, column) cells, as sets of row-major cell indices."""
    return [frozenset(r * width + c for r, c in block) for block in blocks]


def walls_between(grid: Grid, blocks: Iterable[Collection[int]]) -> frozenset[Edge]:
    """The walls of a partition into blocks: every edge between two of them."""
    block_of = {cell: i for i, block in enumerate(blocks) for cell in block}
    return frozenset(e for e in edges(grid.width, grid.height) if block_of[e[0]] != block_of[e[1]])


# --- the check ---------------------------------------------------------------------------


def _flood(
    cells: Collection[int], joined: Callable[[int, int], bool], grid: Grid
) -> list[set[int]]:
    """Groups of ``cells`` linked by side-by-side pairs that ``joined`` accepts (depth-first,
    with an explicit stack)."""
    left, groups = set(cells), []
    while left:
        stack = [left.pop()]
        group = set(stack)
        while stack:
            cell = stack.pop()
            for other in grid.neighbours(cell):
                if other in left and joined(cell, other):
                    left.discard(other)
                    group.add(other)
                    stack.append(other)
        groups.append(group)
    return groups


def congruent(a: Collection[int], b: Collection[int], width: int) -> bool:
    """Whether some turn or mirror of ``a``, shifted, is ``b`` (cells row-major)."""
    if len(a) != len(b):
        return False
    target = {(c % width, c // width) for c in b}
    tx, ty = min(x for x, _ in target), min(y for _, y in target)
    points = [(c % width, c // width) for c in a]
    for sx in (1, -1):
        for sy in (1, -1):
            for swap in (False, True):
                moved = [(sx * y, sy * x) if swap else (sx * x, sy * y) for x, y in points]
                mx, my = min(x for x, _ in moved), min(y for _, y in moved)
                if {(x - mx + tx, y - my + ty) for x, y in moved} == target:
                    return True
    return False


def blocks_of(
    grid: Grid, walls: Collection[Edge], cells: Collection[int] | None = None
) -> list[set[int]]:
    """The blocks: cells (all, or those given) joined through edges without a wall."""
    every = range(grid.area) if cells is None else cells
    return _flood(every, lambda a, b: (min(a, b), max(a, b)) not in walls, grid)


def parts_of(grid: Grid, walls: Collection[Edge], block: Collection[int]) -> list[set[int]]:
    """A block's parts: its cells of one colour joined inside it."""
    return _flood(
        block,
        lambda a, b: (min(a, b), max(a, b)) not in walls and grid.gray[a] == grid.gray[b],
        grid,
    )


def fault(grid: Grid, walls: Collection[Edge], block: Collection[int]) -> str | None:
    """What is wrong with a block's parts, numbers aside: ``"one colour"``, ``"more parts"``
    (two colours, three or more parts), ``"shapes differ"``, or None."""
    parts = parts_of(grid, walls, block)
    if len({grid.gray[min(part)] for part in parts}) == 1:
        return "one colour"
    if len(parts) > 2:
        return "more parts"
    return None if congruent(parts[0], parts[1], grid.width) else "shapes differ"


def wrong_numbers(grid: Grid, walls: Collection[Edge]) -> set[int]:
    """The numbered cells whose part is another size."""
    return {
        cell
        for block in blocks_of(grid, walls)
        for part in parts_of(grid, walls, block)
        for cell in part
        if grid.clues[cell] not in (None, UNKNOWN, len(part))
    }


def inner_walls(grid: Grid, walls: Collection[Edge]) -> set[Edge]:
    """The walls with one block on both sides."""
    block_of = {cell: i for i, block in enumerate(blocks_of(grid, walls)) for cell in block}
    return {(a, b) for a, b in walls if block_of[a] == block_of[b]}


def right_block(grid: Grid, block: Collection[int]) -> bool:
    """Whether the cells, as one block without walls inside, are one white and one gray part
    of one shape, each number its part's size."""
    return fault(grid, (), block) is None and not any(
        grid.clues[cell] not in (None, UNKNOWN, len(part))
        for part in parts_of(grid, (), block)
        for cell in part
    )


def is_solution(grid: Grid, walls: Collection[Edge]) -> bool:
    """Whether the walls solve the grid: no wall inside a block, and every block right."""
    walls = set(walls)
    blocks = blocks_of(grid, walls)
    return not inner_walls(grid, walls) and all(right_block(grid, block) for block in blocks)


# --- the counter -------------------------------------------------------------------------


def _images(grid: Grid, root: int, target: int, turn: int) -> list[int]:
    """Where each cell goes under the turn or mirror ``turn`` (0–7) moving ``root`` onto
    ``target``: a gray cell, or -1 (off the grid or white)."""
    w = grid.width
    rx, ry, tx, ty = root % w, root // w, target % w, target // w
    out = []
    for cell in range(grid.area):
        dx, dy = cell % w - rx, cell // w - ry
        if turn & 4:
            dx, dy = dy, dx
        if turn & 1:
            dx = -dx
        if turn & 2:
            dy = -dy
        x, y = tx + dx, ty + dy
        inside = 0 <= x < w and 0 <= y < grid.height
        out.append(y * w + x if inside and grid.gray[y * w + x] else -1)
    return out


def _numbers(grid: Grid, cells: Iterable[int]) -> set[int]:
    """The sizes the numbers among the cells give."""
    return {n for n in (grid.clues[c] for c in cells) if n is not None and n != UNKNOWN}


def candidate_blocks(grid: Grid) -> set[frozenset[int]]:
    """Every block some solution could have: a connected white part W, a turn or mirror of
    it on gray cells (G) touching it, each number in them the parts' size. Grown the
    Redelmeier way from W's lowest cell, once per gray cell and turn that cell may go to."""
    found: set[frozenset[int]] = set()
    most = grid.area // 2
    whites = [c for c in range(grid.area) if not grid.gray[c]]
    grays = [c for c in range(grid.area) if grid.gray[c]]
    for root in whites:
        for target in grays:
            for turn in range(8):
                image = _images(grid, root, target, turn)
                _grow(grid, root, image, most, found)
    return found


def _grow(
    grid: Grid, root: int, image: Sequence[int], most: int, found: set[frozenset[int]]
) -> None:
    """Every connected white W with lowest cell ``root`` whose image is gray, up to ``most``
    cells; the blocks W + image that are connected and fit their numbers go into ``found``."""

    def fits(cell: int) -> bool:
        return cell >= root and not grid.gray[cell] and image[cell] >= 0

    # Each frame: the cells of W, the untried cells that may join it, and the cells seen
    # (W and every cell next to it that fits).
    first = [n for n in grid.neighbours(root) if fits(n)]
    stack = [([root], first, frozenset([root, *first]))]
    while stack:
        part, untried, seen = stack.pop()
        pair = [*part, *(image[c] for c in part)]
        sizes = _numbers(grid, pair)
        if sizes and min(sizes) < len(part):
            continue
        if sizes <= {len(part)}:
            gray = {image[c] for c in part}
            if any(n in gray for c in part for n in grid.neighbours(c)):
                found.add(frozenset(pair))
        if len(part) == most:
            continue
        for i, cell in enumerate(untried):
            fresh = [n for n in grid.neighbours(cell) if n not in seen and fits(n)]
            stack.append(([*part, cell], untried[i + 1 :] + fresh, seen | frozenset(fresh)))


def _exact_covers(
    columns: dict[int, set[int]], rows: Sequence[frozenset[int]], limit: int
) -> Iterator[list[int]]:
    """Knuth's Algorithm X over dicts of sets: each way to pick rows covering every column
    once (as row indices), up to ``limit`` of them."""
    chosen: list[int] = []
    found = 0

    def select(row: int) -> list[set[int]]:
        removed = []
        for col in rows[row]:
            for other in columns[col]:
                for other_col in rows[other]:
                    if other_col != col:
                        columns[other_col].discard(other)
            removed.append(columns.pop(col))
        return removed

    def deselect(row: int, removed: list[set[int]]) -> None:
        for col in reversed(list(rows[row])):
            columns[col] = removed.pop()
            for other in columns[col]:
                for other_col in rows[other]:
                    if other_col != col:
                        columns[other_col].add(other)

    def search() -> Iterator[list[int]]:
        nonlocal found
        if not columns:
            found += 1
            yield list(chosen)
            return
        col = min(columns, key=lambda c: len(columns[c]))
        for row in sorted(columns[col]):
            chosen.append(row)
            removed = select(row)
            yield from search()
            deselect(row, removed)
            chosen.pop()
            if found >= limit:
                return

    yield from search()


def count_solutions(grid: Grid, limit: int = 2) -> list[frozenset[Edge]]:
    """Solutions of the grid (each as its walls), at most ``limit``: exact covers of the
    cells by ``candidate_blocks``."""
    rows = sorted(candidate_blocks(grid), key=sorted)
    columns: dict[int, set[int]] = {cell: set() for cell in range(grid.area)}
    for i, row in enumerate(rows):
        for cell in row:
            columns[cell].add(i)
    return [
        walls_between(grid, [rows[i] for i in cover])
        for cover in _exact_covers(columns, rows, limit)
    ]


# --- pzprjs board files ------------------------------------------------------------------


def pzprv3(text: str) -> tuple[Grid, frozenset[Edge]]:
    """A grid and its walls from a pzprjs ``pzprv3/dbchoco/<rows>/<cols>/...`` file: the cells
    row by row (``-`` leads a gray one; a number, ``0`` for an unknown size, or ``.``), then
    the vertical borders row by row, then the horizontal ones (``1`` or ``2``: a wall)."""
    lines = [line.split() for line in text.strip().strip("/").split("/")]
    if [t for line in lines[:2] for t in line] != ["pzprv3", "dbchoco"]:
        raise ValueError("not a pzprv3 dbchoco file")
    height, width = int(lines[2][0]), int(lines[3][0])
    cells = lines[4 : 4 + height]
    vertical = lines[4 + height : 4 + 2 * height]
    horizontal = lines[4 + 2 * height : 3 + 3 * height]
    if any(len(row) != width for row in cells + horizontal) or any(
        len(row) != width - 1 for row in vertical
    ):
        raise ValueError("a pzprv3 row of the wrong length")
    gray, clues = [], []
    for token in (t for row in cells for t in row):
        gray.append(token.startswith("-"))
        number = token.removeprefix("-")
        clues.append(None if number in ("", ".") else UNKNOWN if number == "0" else int(number))
    grid = Grid(width, height, tuple(gray), tuple(clues))
    marks = [t for row in vertical + horizontal for t in row]
    walls = frozenset(
        e for e, mark in zip(edges(width, height), marks, strict=True) if mark in ("1", "2")
    )
    return grid, walls


# --- random puzzles ----------------------------------------------------------------------


def _transforms(points: Sequence[tuple[int, int]]) -> Iterator[list[tuple[int, int]]]:
    for turn in range(8):
        moved = []
        for x, y in points:
            if turn & 4:
                x, y = y, x
            moved.append((-x if turn & 1 else x, -y if turn & 2 else y))
        yield moved


def _even_pieces(free: set[int], width: int, height: int) -> bool:
    """Whether every connected piece of the free cells has an even size (blocks are)."""
    grid = Grid(width, height, (False,) * (width * height), (None,) * (width * height))
    return all(len(g) % 2 == 0 for g in _flood(free, lambda a, b: True, grid))


def random_tiling(rng: random.Random, width: int, height: int, most: int = 6) -> list[list[int]]:
    """A random partition of the grid into blocks, each a pair of congruent connected halves
    touching each other, first half first (parts up to ``most`` cells); iterative, retried
    from scratch when it paints itself into a corner."""
    w, area = width, width * height
    while True:
        free, blocks = set(range(area)), []
        while free:
            start = rng.choice(sorted(free))
            for _attempt in range(30):
                block = _random_pair(rng, free, start, w, height, rng.randint(1, most))
                if block and _even_pieces(free - set(block), w, height):
                    break
            else:
                break
            blocks.append(block)
            free -= set(block)
        if not free:
            return blocks


def _random_pair(
    rng: random.Random, free: set[int], start: int, width: int, height: int, size: int
) -> list[int] | None:
    """A random connected half of ``size`` free cells from ``start`` and a free congruent
    copy touching it (half, then copy), or None."""
    half = [start]
    while len(half) < size:
        edge_cells = sorted(
            {n for c in half for n in _around(c, width, height) if n in free and n not in half}
        )
        if not edge_cells:
            break
        half.append(rng.choice(edge_cells))
    points = [(c % width, c // width) for c in half]
    options = []
    for moved in _transforms(points):
        for anchor in range(width * height):
            ax, ay = anchor % width, anchor // width
            copy = [(x - moved[0][0] + ax, y - moved[0][1] + ay) for x, y in moved]
            if not all(0 <= x < width and 0 <= y < height for x, y in copy):
                continue
            cells = [y * width + x for x, y in copy]
            if all(c in free and c not in half for c in cells) and any(
                n in cells for c in half for n in _around(c, width, height)
            ):
                options.append(cells)
    return [*half, *rng.choice(options)] if options else None


def _around(cell: int, width: int, height: int) -> Iterator[int]:
    x, y = cell % width, cell // width
    if x:
        yield cell - 1
    if y:
        yield cell - width
    if x + 1 < width:
        yield cell + 1
    if y + 1 < height:
        yield cell + width


def random_puzzle(
    rng: random.Random, width: int = 6, height: int = 6
) -> tuple[Grid, list[frozenset[int]]]:
    """A random grid from a random tiling (each block's halves white and gray, either way
    round), every cell numbered with its part's size, and the tiling's blocks."""
    gray, clues = [False] * (width * height), [None] * (width * height)
    blocks = random_tiling(rng, width, height)
    for block in blocks:
        half = len(block) // 2
        first_gray = rng.random() < 0.5
        for i, cell in enumerate(block):
            gray[cell] = (i < half) == first_gray
            clues[cell] = half
    grid = Grid(width, height, tuple(gray), tuple(clues))
    return grid, [frozenset(b) for b in blocks]


def with_clues(grid: Grid, keep: Callable[[int], bool]) -> Grid:
    """The grid with only the numbers of the cells ``keep`` accepts."""
    clues = tuple(c if keep(cell) else None for cell, c in enumerate(grid.clues))
    return Grid(grid.width, grid.height, grid.gray, clues)
