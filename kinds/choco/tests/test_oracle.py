"""Double Choco's SAT solver against the tests' exact-cover counter (``chocokit``), which is
itself checked against every set of walls on tiny boards: both count alike (capped at 2)
on seeded random puzzles, unique and not, and agree on the answer when there is one; every
solution either gives passes the tests' own check; the fixture solves to its one answer."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from kinds.choco.engine.grid import UNKNOWN, Edge, Grid, decode, edges
from kinds.choco.engine.solver import solutions
from kinds.choco.tests.chocokit import (
    FIXTURE,
    FIXTURE_BLOCKS,
    blocks_of,
    candidate_blocks,
    cells_of,
    count_solutions,
    is_solution,
    random_puzzle,
    right_block,
    walls_between,
    with_clues,
)

#: Shares of a tiling's numbers kept, in turn: few give several solutions, most one.
DENSITIES = (0.2, 0.35, 0.5, 0.8)
SEEDS = range(64)
#: Boards that are not square, to tell rows from columns.
OBLONG = ((4, 7, 1), (7, 4, 2), (5, 6, 3), (6, 5, 4), (3, 8, 5), (8, 3, 6))


def puzzle(seed: int, width: int = 6, height: int = 6) -> Grid:
    """A random tiling's grid with a share of its numbers (one in ten of them unknown)."""
    rng = random.Random(seed)
    full, _ = random_puzzle(rng, width, height)
    density = DENSITIES[seed % len(DENSITIES)]
    grid = with_clues(full, lambda _: rng.random() < density)
    clues = tuple(UNKNOWN if c is not None and rng.random() < 0.1 else c for c in grid.clues)
    return Grid(width, height, grid.gray, clues)


@cache
def counted(seed: int, width: int = 6, height: int = 6) -> tuple[Grid, list[frozenset[Edge]]]:
    grid = puzzle(seed, width, height)
    return grid, count_solutions(grid, limit=2)


def assert_agree(grid: Grid, ours: list[frozenset[Edge]]) -> None:
    found = solutions(grid, 2)
    assert len(found) == len(set(found)) == len(ours)
    if len(ours) == 1:
        assert found == ours
    assert all(is_solution(grid, walls) for walls in found + ours)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_solver_counts_as_the_exact_cover_does_on_6x6(seed: int) -> None:
    assert_agree(*counted(seed))


@pytest.mark.parametrize(("width", "height", "seed"), OBLONG)
def test_the_solver_counts_as_the_exact_cover_does_on_oblong_boards(
    width: int, height: int, seed: int
) -> None:
    assert_agree(*counted(seed, width, height))


def test_the_6x6_puzzles_are_unique_and_not() -> None:
    """At least ten of each, so both kinds of answer are compared above."""
    counts = [len(counted(seed)[1]) for seed in SEEDS]
    assert counts.count(1) >= 10
    assert counts.count(2) >= 10


def test_the_fixture_solves_to_its_one_answer() -> None:
    grid = decode(FIXTURE)
    assert solutions(grid, 2) == [walls_between(grid, cells_of(FIXTURE_BLOCKS, grid.width))]


# --- the counter itself ------------------------------------------------------------------

#: Tiny boards (width, height, seed): tilings, and random colourings (``tiny``).
TINY = [(w, h, seed) for w, h in ((2, 4), (4, 2), (2, 5), (5, 2)) for seed in range(3)] + [
    (4, 2, seed) for seed in range(3, 6)
]


def tiny(width: int, height: int, seed: int) -> Grid:
    """Seeds 0–2: a tiling's grid with none, about a third, or about two thirds of its
    numbers; seeds 3–5: half the cells (rounded up) gray at random, random numbers (unknown
    sizes among them)."""
    rng = random.Random(seed)
    if seed >= 3:
        area = width * height
        gray = tuple(rng.sample(([True, False] * area)[:area], area))
        clues = tuple(rng.choice([None, None, None, UNKNOWN, 1, 2]) for _ in range(area))
        return Grid(width, height, gray, clues)
    full, _ = random_puzzle(rng, width, height)
    return with_clues(full, lambda _: rng.random() < seed / 3)


@pytest.mark.parametrize(("width", "height", "seed"), TINY)
def test_the_counter_finds_every_set_of_walls_that_solves_a_tiny_board(
    width: int, height: int, seed: int
) -> None:
    grid = tiny(width, height, seed)
    every = edges(width, height)
    solving = {
        frozenset(walls)
        for n in range(len(every) + 1)
        for walls in itertools.combinations(every, n)
        if is_solution(grid, walls)
    }
    assert sorted(count_solutions(grid, limit=100), key=sorted) == sorted(solving, key=sorted)


@pytest.mark.parametrize(("width", "height", "seed"), [(4, 4, s) for s in range(6)] + [(3, 5, 3)])
def test_the_counters_blocks_are_every_connected_set_of_cells_that_is_a_right_block(
    width: int, height: int, seed: int
) -> None:
    """Every connected set of cells (by bit masks) that the tests' rules accept as a block,
    and no other: shapes turned and mirrored, numbers, unknown sizes."""
    grid = tiny(width, height, seed)
    right = set()
    for mask in range(1, 1 << grid.area):
        cells = [c for c in range(grid.area) if mask >> c & 1]
        if len(blocks_of(grid, [], cells)) == 1 and right_block(grid, cells):
            right.add(frozenset(cells))
    assert candidate_blocks(grid) == right


@pytest.mark.parametrize("seed", range(4))
def test_a_tiling_is_among_the_solutions_the_counter_lists(seed: int) -> None:
    grid, tiles = random_puzzle(random.Random(seed))
    assert walls_between(grid, tiles) in count_solutions(grid, limit=1000)
