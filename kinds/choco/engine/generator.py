"""Double Choco boards with exactly one solution, as the notes measured (part A2): a random
tiling into blocks of two congruent halves, then numbers added until the SAT search proves
that no other solution is left.

Tiling (the seed's region extraction, iterative): grow a random part from the first free
cell, place a congruent partner touching it on free cells, and keep the pair only if every
free area left has an even number of cells (a block has two halves of one size); after 40
tries at one cell, start again. Each pair's halves are coloured white and gray at random.

Numbers: one search per tiling, its intended solution excluded and preferred (CaDiCaL tries
its walls first, so the models it finds differ from it only where they must: fewer rounds
of cuts), every cell's number (its part's size) behind a selector. Start with one number per
block; while another solution exists, number a cell whose part differs in size there. A
tiling no number can pin down is dropped. Levels are bands of the grade (``grade.GRADES``)
and of numbers per cell (``DENSITY``): easy numbers both halves of every block, then more
cells until its grade is in band; normal drops numbers in random order while the board stays
unique, the grade below its band's top and the numbers at least its density, until the grade
reaches its band; hard drops every number it can (each number it keeps is proven needed),
within ``BUDGET`` rounds of cuts a tiling, and redraws a tiling whose minimal board is
denser than its bound. A code draws up to ``CANDIDATES`` boards this way until one lies in
its band.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from kinds.choco.engine.grade import GRADES, grade
from kinds.choco.engine.grid import Grid
from kinds.choco.engine.rules import components, open_edges, parts, transform, walls_of
from kinds.choco.engine.solver import OutOfRounds, Search
from puzzle.prng import Stream

T = TypeVar("T")

#: Tries to place a pair at one cell before the tiling starts again.
TRIES = 40
#: Rounds of cuts a tiling may use to find another solution (beyond: it is dropped).
ROUNDS = 4_000
#: Rounds of cuts a board may use to prove it stays unique without one more number, at
#: first (``_drop``).
DROP_ROUNDS = 100
#: Rounds of cuts a hard board may use at the end on each number ``DROP_ROUNDS`` did not
#: settle (beyond: the tiling is dropped, so every number a hard board keeps is proven needed).
RETRY_ROUNDS = 300
#: Rounds of cuts a normal or hard board's tiling may use in all (beyond: it is dropped and
#: another drawn; at 10×10 a hard tiling that got a board used 340–1,550, most that spent more
#: were dropped later anyway).
BUDGET = 1_500
#: Each level's numbers per cell ``[low, high]``: normal keeps at least ``low`` while it
#: drops numbers, a hard tiling whose minimal board keeps more than ``high`` is redrawn, so
#: at 6×6 too (one number there is 0.03 per cell) normal boards hold more numbers than hard
#: (at least 5 of 36 against at most 3).
DENSITY: dict[str, tuple[float, float]] = {
    "easy": (0.0, 1.0),
    "normal": (0.115, 1.0),
    "hard": (0.0, 0.1),
}
#: Candidates a board may draw before it takes the one whose grade is nearest its level's
#: band (``Made.fallback``).
CANDIDATES = 24


@dataclass(frozen=True, slots=True)
class Made:
    """A generated board: its grid (with the numbers kept), every cell's block, its grade,
    the tilings tried to make it, and whether no candidate fell in its level's band (the
    one nearest it was taken)."""

    grid: Grid
    block_of: tuple[int, ...]
    grade: float
    tilings: int
    fallback: bool = False


def choice(items: Sequence[T], rng: Stream) -> T:
    """One of the items, drawn from the stream."""
    return items[rng.below(len(items))]


def shuffled(items: Sequence[T], rng: Stream) -> list[T]:
    """The items in a random order (Fisher–Yates over the stream)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def largest_part(width: int, height: int) -> int:
    """The largest half a tiling draws: 5 at 6×6, 6 at 8×8, 8 at 10×10 (the notes')."""
    return max(3, round(0.8 * math.sqrt(width * height)))


def tile(width: int, height: int, rng: Stream) -> tuple[tuple[bool, ...], tuple[int, ...]]:
    """A random tiling into blocks of two congruent halves: every cell's colour (True:
    gray) and block; ValueError for an odd number of cells, which none fits."""
    if width * height % 2:
        raise ValueError("an odd number of cells has no tiling into pairs of halves")
    while True:
        tiled = _try_tiling(width, height, largest_part(width, height), rng)
        if tiled is not None:
            return tiled


def _try_tiling(
    width: int, height: int, largest: int, rng: Stream
) -> tuple[tuple[bool, ...], tuple[int, ...]] | None:
    area = width * height
    blank = Grid(width, height, (False,) * area, (None,) * area)
    free = set(range(area))
    gray = [False] * area
    block_of = [-1] * area
    while free:
        first = min(free)
        for _ in range(TRIES):
            half = _grow(blank, first, 1 + rng.below(largest), free, rng)
            partner = _partner(blank, half, free - set(half), rng)
            if partner is None:
                continue
            rest = free - set(half) - partner
            if all(len(area_left) % 2 == 0 for area_left in components(rest, None, blank)):
                break
        else:
            return None
        shade = rng.draw() < 0.5
        for cell in half:
            gray[cell], block_of[cell] = shade, first
        for cell in partner:
            gray[cell], block_of[cell] = not shade, first
        free -= set(half) | partner
    return tuple(gray), tuple(block_of)


def _grow(grid: Grid, first: int, size: int, free: set[int], rng: Stream) -> list[int]:
    """A random connected set of up to ``size`` free cells from ``first``."""
    cells, frontier = [first], []
    while len(cells) < size:
        frontier = sorted(
            {o for c in cells for o in grid.neighbours(c) if o in free and o not in cells}
        )
        if not frontier:
            break
        cells.append(choice(frontier, rng))
    return cells


def _partner(grid: Grid, half: Sequence[int], free: set[int], rng: Stream) -> set[int] | None:
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
    return set(choice(sorted(found, key=sorted), rng)) if found else None


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
    """A board with exactly one solution whose grade lies in its level's band (``GRADES``),
    the same for the same arguments on every platform: every draw comes from one
    ``puzzle.prng.Stream``."""
    rng = Stream(f"choco/3:{width}x{height}:{level}:{seed}")
    low, high = GRADES[level]
    tilings, best = 0, None
    for _ in range(CANDIDATES):
        while True:
            tilings += 1
            gray, block_of = tile(width, height, rng)
            numbers = _numbers(width, height, gray, block_of, level, rng)
            if numbers is not None:
                break
        grid = Grid(width, height, gray, numbers)
        made = Made(grid, block_of, grade(grid), tilings)
        if low <= made.grade < high:
            return made
        if best is None or _off(made.grade, low, high) < _off(best.grade, low, high):
            best = made
    assert best is not None
    return Made(best.grid, best.block_of, best.grade, tilings, fallback=True)


def _off(value: float, low: float, high: float) -> float:
    """How far a grade lies outside a band."""
    return max(low - value, value - high, 0.0)


def _numbers(
    width: int, height: int, gray: tuple[bool, ...], block_of: tuple[int, ...], level: str,
    rng: Stream,
) -> tuple[int | None, ...] | None:  # fmt: skip
    """The numbers that leave the tiling the one solution, or None if none can."""
    sizes = tuple(block_of.count(b) // 2 for b in block_of)
    full = Grid(width, height, gray, tuple[int | None, ...](sizes))
    low, high = GRADES[level]
    fewest, most = (bound * full.area for bound in DENSITY[level])

    def graded(on: set[int]) -> float:
        return grade(Grid(width, height, gray, _kept(sizes, on)))

    def allowed(fewer: set[int]) -> bool:
        return len(fewer) >= fewest and graded(fewer) < high

    with Search(full, optional=True, budget=BUDGET if level != "easy" else None) as search:
        intended = walls_of(full, block_of)
        search.exclude(intended)
        search.prefer(intended)
        on = {choice(sorted(c for c in range(full.area) if block_of[c] == b), rng)
              for b in sorted(set(block_of))}  # fmt: skip
        try:
            while (other := search.next(on, ROUNDS)) is not None:
                theirs = part_sizes(full, other)
                differ = sorted(c for c in range(full.area) if theirs[c] != sizes[c])
                if not differ:
                    return None
                on.add(choice(differ, rng))
            if level != "easy":
                _drop(search, on, level == "hard", allowed, rng,
                      enough=lambda: level != "hard" and graded(on) >= low)  # fmt: skip
        except OutOfRounds:
            return None
    if len(on) > most:
        return None
    if level == "easy":
        _add(full, block_of, on, lambda: graded(on) < high, rng)
    return _kept(sizes, on)


def _kept(sizes: Sequence[int], on: set[int]) -> tuple[int | None, ...]:
    return tuple(size if c in on else None for c, size in enumerate(sizes))


def _drop(
    search: Search, on: set[int], hard: bool, allowed: Callable[[set[int]], bool],
    rng: Stream, enough: Callable[[], bool],
) -> None:  # fmt: skip
    """Drop numbers in random order while the board stays unique and the fewer numbers are
    ``allowed``, until ``enough``. A drop is proven within ``DROP_ROUNDS``; a number it
    cannot settle stays on a normal board, and on a hard one is tried again at the end
    within ``RETRY_ROUNDS`` (the cuts learnt meanwhile make it cheaper; OutOfRounds beyond), so
    each number a hard board keeps is proven needed."""
    unsettled = []
    for cell in shuffled(sorted(on), rng):
        if enough():
            return
        fewer = on - {cell}
        if not allowed(fewer):
            continue
        try:
            if search.next(fewer, DROP_ROUNDS) is None:
                on.discard(cell)
        except OutOfRounds:
            unsettled.append(cell)
    for cell in unsettled if hard else ():
        if search.next(on - {cell}, RETRY_ROUNDS) is None:
            on.discard(cell)


def _add(
    grid: Grid, block_of: Sequence[int], on: set[int], enough: Callable[[], bool], rng: Stream
) -> None:
    """A number in each half of a block that has none, then more in random order until
    ``enough``."""
    halves: dict[tuple[int, bool], list[int]] = {}
    for cell in range(grid.area):
        halves.setdefault((block_of[cell], grid.gray[cell]), []).append(cell)
    on |= {choice(cells, rng) for cells in halves.values() if not on & set(cells)}
    for cell in shuffled([c for c in range(grid.area) if c not in on], rng):
        if enough():
            return
        on.add(cell)
