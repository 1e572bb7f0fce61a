"""Double Choco boards with exactly one solution, as the notes measured (part A2): a random
tiling into blocks of two congruent halves, then numbers added until the SAT search proves
that no other solution is left.

Tiling (the seed's region extraction, iterative): grow a random part from the first free
cell, place a congruent partner touching it on free cells, and keep the pair only if every
free area left has an even number of cells (a block has two halves of one size); after 40
tries at one cell, start again. Each pair's halves are coloured white and gray at random.

Numbers: one search per tiling, its intended solution excluded, every cell's number (its
part's size) behind a selector. Start with one number per block; while another solution
exists, number a cell whose part differs in size there. A tiling no number can pin down is
dropped. Levels: easy numbers both halves of every block; hard then drops every number it
can, in random order, while the board stays unique.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from kinds.choco.engine.grid import Grid
from kinds.choco.engine.rules import components, open_edges, parts, transform, walls_of
from kinds.choco.engine.solver import OutOfRounds, Search

#: Tries to place a pair at one cell before the tiling starts again.
TRIES = 40
#: Rounds of cuts a tiling may use to find another solution (beyond: it is dropped).
ROUNDS = 4_000
#: Rounds of cuts a hard board may use to prove it stays unique without one more number
#: (beyond: the number stays); it bounds the work, and what a solver needs to prove it.
DROP_ROUNDS = 300


@dataclass(frozen=True, slots=True)
class Made:
    """A generated board: its grid (with the numbers kept), every cell's block, and the
    tilings tried to make it."""

    grid: Grid
    block_of: tuple[int, ...]
    tilings: int


def largest_part(width: int, height: int) -> int:
    """The largest half a tiling draws: 5 at 6×6, 6 at 8×8, 8 at 10×10 (the notes')."""
    return max(3, round(0.8 * math.sqrt(width * height)))


def tile(width: int, height: int, rng: random.Random) -> tuple[tuple[bool, ...], tuple[int, ...]]:
    """A random tiling into blocks of two congruent halves: every cell's colour (True:
    gray) and block; ValueError for an odd number of cells, which none fits."""
    if width * height % 2:
        raise ValueError("an odd number of cells has no tiling into pairs of halves")
    while True:
        tiled = _try_tiling(width, height, largest_part(width, height), rng)
        if tiled is not None:
            return tiled


def _try_tiling(
    width: int, height: int, largest: int, rng: random.Random
) -> tuple[tuple[bool, ...], tuple[int, ...]] | None:
    area = width * height
    blank = Grid(width, height, (False,) * area, (None,) * area)
    free = set(range(area))
    gray = [False] * area
    block_of = [-1] * area
    while free:
        first = min(free)
        for _ in range(TRIES):
            half = _grow(blank, first, rng.randint(1, largest), free, rng)
            partner = _partner(blank, half, free - set(half), rng)
            if partner is None:
                continue
            rest = free - set(half) - partner
            if all(len(area_left) % 2 == 0 for area_left in components(rest, None, blank)):
                break
        else:
            return None
        shade = rng.random() < 0.5
        for cell in half:
            gray[cell], block_of[cell] = shade, first
        for cell in partner:
            gray[cell], block_of[cell] = not shade, first
        free -= set(half) | partner
    return tuple(gray), tuple(block_of)


def _grow(grid: Grid, first: int, size: int, free: set[int], rng: random.Random) -> list[int]:
    """A random connected set of up to ``size`` free cells from ``first``."""
    cells, frontier = [first], []
    while len(cells) < size:
        frontier = sorted(
            {o for c in cells for o in grid.neighbours(c) if o in free and o not in cells}
        )
        if not frontier:
            break
        cells.append(rng.choice(frontier))
    return cells


def _partner(
    grid: Grid, half: Sequence[int], free: set[int], rng: random.Random
) -> set[int] | None:
    """A random turn, mirror and shift of ``half`` on free cells, touching it."""
    width, height = grid.width, grid.height
    points = [(c % width, c // width) for c in half]
    touching = {o for c in half for o in grid.neighbours(c)} & free
    found: set[frozenset[int]] = set()
    for k in range(8):
        turned = transform(points, k)
        left, top = min(x for x, _ in turned), min(y for _, y in turned)
        right, bottom = max(x for x, _ in turned), max(y for _, y in turned)
        for dy in range(-top, height - bottom):
            for dx in range(-left, width - right):
                spot = frozenset(x + dx + (y + dy) * width for x, y in turned)
                if spot <= free and spot & touching:
                    found.add(spot)
    return set(rng.choice(sorted(found, key=sorted))) if found else None


def part_sizes(grid: Grid, walls: frozenset[tuple[int, int]]) -> list[int]:
    """Every cell's part size under these walls."""
    sizes = [0] * grid.area
    opened = open_edges(grid, walls)
    for block in components(range(grid.area), opened, grid):
        for part in parts(grid, block, opened):
            for cell in part:
                sizes[cell] = len(part)
    return sizes


def generate(width: int, height: int, level: str, seed: str) -> Made:
    """A board with exactly one solution, the same for the same arguments."""
    rng = random.Random(f"choco:{width}x{height}:{level}:{seed}")
    tilings = 0
    while True:
        tilings += 1
        gray, block_of = tile(width, height, rng)
        numbers = _numbers(width, height, gray, block_of, level, rng)
        if numbers is not None:
            return Made(Grid(width, height, gray, numbers), block_of, tilings)


def _numbers(
    width: int, height: int, gray: tuple[bool, ...], block_of: tuple[int, ...], level: str,
    rng: random.Random,
) -> tuple[int | None, ...] | None:  # fmt: skip
    """The numbers that leave the tiling the one solution, or None if none can."""
    sizes = tuple(block_of.count(b) // 2 for b in block_of)
    full = Grid(width, height, gray, tuple[int | None, ...](sizes))
    intended = walls_of(full, block_of)
    with Search(full, optional=True) as search:
        search.exclude(intended)
        on = {rng.choice(sorted(c for c in range(full.area) if block_of[c] == b))
              for b in sorted(set(block_of))}  # fmt: skip
        try:
            while (other := search.next(on, ROUNDS)) is not None:
                theirs = part_sizes(full, other)
                differ = sorted(c for c in range(full.area) if theirs[c] != sizes[c])
                if not differ:
                    return None
                on.add(rng.choice(differ))
            if level == "hard":
                for cell in rng.sample(sorted(on), len(on)):
                    if _unique_without(search, on - {cell}):
                        on.discard(cell)
        except OutOfRounds:
            return None
    if level == "easy":
        on |= _other_halves(full, block_of, on, rng)
    return tuple(sizes[c] if c in on else None for c in range(full.area))


def _unique_without(search: Search, numbers: set[int]) -> bool:
    """Whether the board stays unique with only these numbers, proven within
    ``DROP_ROUNDS``."""
    try:
        return search.next(numbers, DROP_ROUNDS) is None
    except OutOfRounds:
        return False


def _other_halves(
    grid: Grid, block_of: Sequence[int], on: set[int], rng: random.Random
) -> set[int]:
    """A number in each half of a block that has none."""
    halves: dict[tuple[int, bool], list[int]] = {}
    for cell in range(grid.area):
        halves.setdefault((block_of[cell], grid.gray[cell]), []).append(cell)
    return {rng.choice(cells) for cells in halves.values() if not on & set(cells)}
