"""Maze generation (generator ``maze/1``): a spanning tree of the grid by Prim's or Kruskal's
algorithm, its two farthest cells as start and exit, then on ``hard`` loops.

- **Prim** as the seed grows it (the "simplified" Prim of a growing tree): keep the tree cells
  that still have a neighbour outside the tree; pick one at random and link it to a random
  such neighbour, or drop it when it has none. The root is a random cell, never the
  entrance: rooted at a corner, the way to the opposite corner is a plain right/down walk in
  about half of 15×15 mazes (measured in ``notes/seed-kinds.md``).
- **Kruskal**: every wall between two cells in a random order (a Knuth shuffle); a wall goes
  when the cells on its two sides are not yet connected (union–find).
- **Start and exit** are the ends of a longest shortest path of the tree, by two breadth-first
  searches (the cell farthest from any cell is one end of a diameter; the cell farthest from
  it, the other), chosen before any loop is added.
- **Loops** (``hard``): ``LOOP_SHARE`` of the dead ends other than the start and the exit (at
  least one) lose one more wall, towards a random neighbour inside the board other than the
  start and the exit (which stay dead ends); each such wall closes exactly one loop. Loops
  defeat the left-hand rule, the seed's own remedy.

Every draw comes from ``puzzle.prng.Stream`` seeded with the puzzle code, never the global
random state, so a code gives the same maze on every platform and Python version.
"""

from __future__ import annotations

from ..grid import beside
from ..prng import Stream
from .rules import OPEN, Maze, distances, make_maze

#: The share of the dead ends a hard maze opens into loops.
LOOP_SHARE = 0.10


def prim(width: int, height: int, rng: Stream) -> list[int]:
    """A spanning tree grown by the seed's Prim from a random cell: open sides per cell."""
    nb = beside(width, height)
    cells = [0] * (width * height)
    inside = bytearray(width * height)
    root = rng.below(width * height)
    inside[root] = 1
    growing = [root]
    while growing:
        k = rng.below(len(growing))
        cell = growing[k]
        row = nb[cell]
        ways = [d for d in range(4) if row[d] >= 0 and not inside[row[d]]]
        if not ways:
            growing[k] = growing[-1]
            growing.pop()
            continue
        d = ways[rng.below(len(ways))] if len(ways) > 1 else ways[0]
        there = row[d]
        cells[cell] |= 1 << d
        cells[there] |= 1 << (d ^ 2)
        inside[there] = 1
        growing.append(there)
    return cells


def kruskal(width: int, height: int, rng: Stream) -> list[int]:
    """A spanning tree by Kruskal's algorithm over shuffled walls: open sides per cell."""
    walls = [(c, 2) for c in range(width * height) if c % width < width - 1]
    walls += [(c, 3) for c in range(width * (height - 1))]
    for i in range(len(walls) - 1, 0, -1):
        j = rng.below(i + 1)
        walls[i], walls[j] = walls[j], walls[i]
    parent = list(range(width * height))

    def root(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = cell = parent[parent[cell]]  # path halving
        return cell

    cells = [0] * (width * height)
    links = width * height - 1
    for cell, d in walls:
        there = cell + (1 if d == 2 else width)
        a, b = root(cell), root(there)
        if a == b:
            continue
        parent[a] = b
        cells[cell] |= 1 << d
        cells[there] |= 1 << (d ^ 2)
        links -= 1
        if not links:
            break
    return cells


def ends(width: int, height: int, cells: list[int]) -> tuple[int, int]:
    """The two ends of a longest shortest path of a tree (two breadth-first searches)."""
    found = distances(width, height, cells, 0)
    first = found.index(max(found))
    found = distances(width, height, cells, first)
    return first, found.index(max(found))


def open_loops(width: int, height: int, cells: list[int], keep: set[int], rng: Stream) -> int:
    """Open one more wall of ``LOOP_SHARE`` of the dead ends outside ``keep`` (at least one),
    never towards a cell of ``keep``, in place; returns how many (each closes one loop)."""
    nb = beside(width, height)
    dead = [c for c in range(width * height) if len(OPEN[cells[c]]) == 1 and c not in keep]
    wanted = min(len(dead), max(1, round(LOOP_SHARE * len(dead))))
    opened = 0
    for k in range(len(dead)):  # a Knuth shuffle, drawn only as far as needed
        if opened == wanted:
            break
        j = k + rng.below(len(dead) - k)
        dead[k], dead[j] = dead[j], dead[k]
        cell = dead[k]
        if len(OPEN[cells[cell]]) != 1:  # an earlier loop opened it already
            continue
        row = nb[cell]
        ways = [d for d in range(4) if row[d] >= 0 and not cells[cell] >> d & 1]
        ways = [d for d in ways if row[d] not in keep]
        if not ways:
            continue
        d = ways[rng.below(len(ways))]
        cells[cell] |= 1 << d
        cells[row[d]] |= 1 << (d ^ 2)
        opened += 1
    return opened


def generate(width: int, height: int, algorithm: str, level: str, code: str) -> Maze:
    """The maze of a code (its parameters are the caller's to check)."""
    rng = Stream(f"daily-pipes/maze/1/{code}")
    cells = (kruskal if algorithm == "kruskal" else prim)(width, height, rng)
    start, exit = ends(width, height, cells)
    if level == "hard":
        open_loops(width, height, cells, {start, exit}, rng)
    return make_maze(width, height, cells, start, exit, level, algorithm)
