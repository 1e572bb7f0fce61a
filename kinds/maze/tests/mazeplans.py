"""Maze plans for the pack's tests and kinds/maze/bench/pack.py, made here (not by the maze kind):
random spanning trees of the grid, optionally with loops, and start and exit at two cells
far apart."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

#: Open sides: left, up, right, down (the maze kind's bits).
LEFT, UP, RIGHT, DOWN = 1, 2, 4, 8
STEPS = ((LEFT, -1, 0, RIGHT), (UP, 0, -1, DOWN), (RIGHT, 1, 0, LEFT), (DOWN, 0, 1, UP))


@dataclass(frozen=True)
class Plan:
    """A maze as the pack's ``MazePlan`` asks."""

    width: int
    height: int
    sides: tuple[int, ...]
    start: int
    exit: int
    code: str


def neighbours(width: int, height: int, cell: int) -> list[tuple[int, int, int]]:
    """(side, neighbour, the neighbour's side back) of a cell inside the grid."""
    x, y = cell % width, cell // width
    return [
        (side, (y + dy) * width + x + dx, back)
        for side, dx, dy, back in STEPS
        if 0 <= x + dx < width and 0 <= y + dy < height
    ]


def open_cells(width: int, height: int, sides: tuple[int, ...], cell: int) -> list[int]:
    return [n for side, n, _ in neighbours(width, height, cell) if sides[cell] & side]


def distances(width: int, height: int, sides: tuple[int, ...], source: int) -> list[int]:
    """Steps from ``source`` to every cell through open sides (-1: unreachable)."""
    far = [-1] * (width * height)
    far[source] = 0
    queue = deque([source])
    while queue:
        cell = queue.popleft()
        for n in open_cells(width, height, sides, cell):
            if far[n] < 0:
                far[n] = far[cell] + 1
                queue.append(n)
    return far


def random_plan(width: int, height: int, seed: str, loops: int = 0) -> Plan:
    """A random spanning tree (randomised depth-first search from a random cell), then
    ``loops`` walls knocked out; start and exit at the ends of a longest path."""
    rng = random.Random(seed)
    n = width * height
    sides = [0] * n
    first = rng.randrange(n)
    seen, stack = {first}, [first]
    while stack:
        cell = stack[-1]
        fresh = [t for t in neighbours(width, height, cell) if t[1] not in seen]
        if not fresh:
            stack.pop()
            continue
        side, other, back = rng.choice(fresh)
        sides[cell] |= side
        sides[other] |= back
        seen.add(other)
        stack.append(other)
    walls = [
        (cell, side, other, back)
        for cell in range(n)
        for side, other, back in neighbours(width, height, cell)
        if side in (RIGHT, DOWN) and not sides[cell] & side
    ]
    for cell, side, other, back in rng.sample(walls, min(loops, len(walls))):
        sides[cell] |= side
        sides[other] |= back
    done = tuple(sides)
    far = distances(width, height, done, 0)
    start = far.index(max(far))
    far = distances(width, height, done, start)
    return Plan(width, height, done, start, far.index(max(far)), f"{width}x{height}-{seed}")


def open_plan(width: int, height: int, code: str = "open") -> Plan:
    """Every inner side open: no inner wall at all, only posts standing alone."""
    sides = tuple(
        sum(side for side, _, _ in neighbours(width, height, cell))
        for cell in range(width * height)
    )
    return Plan(width, height, sides, 0, width * height - 1, f"{width}x{height}-{code}")
