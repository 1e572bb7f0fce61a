"""Maze generation (generator ``maze/3``): a spanning tree of the grid by Prim's or Kruskal's
algorithm, its start and exit far apart, then on ``hard`` loops; candidates are drawn from
the code's stream until one's grade (``grade``) lies in its level's band (``GRADES``), at
most ``CANDIDATES``, then the one nearest the band is kept.

- **Prim** as the seed grows it (the "simplified" Prim of a growing tree): keep the tree cells
  that still have a neighbour outside the tree; pick one at random and link it to a random
  such neighbour, or drop it when it has none. The root is a random cell, never the
  entrance: rooted at a corner, the way to the opposite corner is a plain right/down walk in
  about half of 15×15 mazes (measured in ``notes/seed-kinds.md``).
- **Kruskal**: every wall between two cells in a random order (a Knuth shuffle); a wall goes
  when the cells on its two sides are not yet connected (union–find).
- **Start and exit**: the start is one end of a longest shortest path of the tree (the cell
  farthest from any cell, by a breadth-first search); the exit the dead end farthest from it
  by the maze among those ``far_apart`` on the board (across plus down, a third of the larger
  side), chosen before any loop is added, on every level; nothing after moves them.
- **Loops** (``hard``): ``LOOP_SHARE`` of the dead ends other than the start and the exit (at
  least one) lose one more wall, towards a random neighbour inside the board other than the
  start and the exit (which stay dead ends); each such wall closes exactly one loop.
- **Against wall-following** (``hard``, new in ``maze/2``): a follower that starts in a dead
  end keeps its hand on the piece of joined walls round that cell — the border and every
  wall joined to it, or an island — and reaches every cell that piece touches and no other.
  The walls of a tree maze are one tree hanging from the border, and the loops above often
  leave the exit's walls joined to the start's. So when start and exit are ``apart`` — they
  neither both lie on the border nor share a corner — ``part`` opens one more wall (unless
  the loops parted them already), on the line of walls that joins the exit's walls to the
  start's (any wall of it cuts them apart), a random one of those that leave the shortest
  way the longest: the two end in pieces of walls no longer joined (at least one of them an
  island ringed by a loop of passages), so following a wall with either hand never leads
  from the start to the exit.
  When both lie on the border, or share a corner, their walls stay joined through the
  border or that corner whatever is opened (start and exit stay dead ends), so following
  the wall still leads out; then nothing more is opened. (Figures of ``maze/2`` over 1,000
  hard mazes each of 15×15, 20×20, 30×30: both followers failed in 17–20% of Prim mazes and
  68–86% of Kruskal ones, against 2–3% and 12–32% with the loops alone; ``maze/3``'s tests
  count them again on 40 and 20 mazes, with the exits moved a third away.)

Every draw comes from ``puzzle.prng.Stream`` seeded with the puzzle code, never the global
random state, so a code gives the same maze on every platform and Python version.
"""

from __future__ import annotations

from kinds.maze.engine.grade import GRADES, grade
from kinds.maze.engine.rules import OPEN, Maze, distances, make_maze
from puzzle.grid import beside
from puzzle.prng import Stream

#: The share of the dead ends a hard maze opens into loops.
LOOP_SHARE = 0.10
#: Candidates drawn at most before the one nearest its level's band is taken.
CANDIDATES = 40


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


def _inside(width: int, height: int, cell: int) -> bool:
    """Whether a cell lies off the border."""
    return 0 < cell % width < width - 1 and 0 < cell // width < height - 1


def apart(width: int, height: int, a: int, b: int) -> bool:
    """Whether the walls round two dead ends can be parted by opening walls: one of them at
    least lies off the border (the border is one wall, never opened) and they share no
    corner (every corner of a dead end is on its walls)."""
    (ay, ax), (by, bx) = divmod(a, width), divmod(b, width)
    inside = _inside(width, height, a) or _inside(width, height, b)
    return inside and max(abs(ax - bx), abs(ay - by)) > 1


def ends(width: int, height: int, cells: list[int]) -> tuple[int, int]:
    """Start and exit of a tree: one end of a longest shortest path (the cell farthest from
    any cell), and the dead end farthest from it by the maze among those ``apart`` from it
    on the board (any cell so far if no dead end is)."""
    found = distances(width, height, cells, 0)
    first = found.index(max(found))
    found = distances(width, height, cells, first)
    fy, fx = divmod(first, width)
    least = far_apart(width, height)
    far = [c for c in range(width * height) if abs(c % width - fx) + abs(c // width - fy) >= least]
    dead = [c for c in far if len(OPEN[cells[c]]) == 1] or far
    return first, max(dead, key=found.__getitem__)


def far_apart(width: int, height: int) -> int:
    """The fewest cells start and exit lie apart on the board (across plus down): a third of
    the larger side, rounded up."""
    return -(-max(width, height) // 3)


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


def wall_line(width: int, height: int, cells: list[int], a: int, b: int) -> list[int]:
    """The walls (``4 * cell + side``, sides right or down) of the line that joins the walls
    round cell ``a`` to those round cell ``b``, the border counting as one wall; empty when
    none does or they touch. (A tree's walls are a tree hanging from the border, so the line
    is the only one; with loops they are several trees.)"""
    span, points = width + 1, (width + 1) * (height + 1)  # corner (x, y) is x + y * span
    border = [p for p in range(points) if p % span in (0, width) or p // span in (0, height)]
    on_border = set(border)

    def corners(cell: int) -> set[int]:
        p = cell % width + cell // width * span
        found = {p, p + 1, p + span, p + span + 1}
        return found | on_border if found & on_border else found

    sources, targets = corners(a), corners(b)
    if sources & targets:
        return []
    # Breadth first along the walls from a's corners: the corner each corner was reached
    # from and the wall between them (-1: along the border).
    came, wall = [-2] * points, [-1] * points
    for p in sources:
        came[p] = -1
    queue = sorted(sources)
    for p in queue:
        x, y = p % span, p // span
        nw = x - 1 + (y - 1) * width  # the cell north-west of the corner
        steps = []
        if 0 < x < width:  # north and south between two cells: a wall right of one
            if y > 0 and not cells[nw] & 4:
                steps.append((p - span, 4 * nw + 2))
            if y < height and not cells[nw + width] & 4:
                steps.append((p + span, 4 * (nw + width) + 2))
        if 0 < y < height:  # west and east between two cells: a wall below one
            if x > 0 and not cells[nw] & 8:
                steps.append((p - 1, 4 * nw + 3))
            if x < width and not cells[nw + 1] & 8:
                steps.append((p + 1, 4 * (nw + 1) + 3))
        for q, between in steps:
            if came[q] != -2:
                continue
            came[q], wall[q] = p, between
            if q in targets:
                line = []
                while came[q] != -1:
                    if wall[q] >= 0:
                        line.append(wall[q])
                    q = came[q]
                return line
            queue.append(q)
            if q in on_border:  # the whole border is reached with it
                for e in border:
                    if came[e] == -2:
                        came[e] = q
                        queue.append(e)
    return []


def part(width: int, height: int, cells: list[int], start: int, exit: int, rng: Stream) -> int:
    """Open one wall of the ``wall_line`` between the exit and the start, in place, so that no
    wall round one is joined to a wall round the other (see the module): a random one of
    those that leave the shortest way from the start to the exit the longest. Returns 1, or
    0 when there is no such line (the two are not ``apart``, or the loops parted their walls
    already). Start and exit stay where they are, and dead ends."""
    line = wall_line(width, height, cells, exit, start)
    if not line:
        return 0
    from_start = distances(width, height, cells, start)
    to_exit = distances(width, height, cells, exit)

    def way(wall: int) -> int:  # the shortest way once the wall is open
        one = wall // 4
        two = one + (1 if wall % 4 == 2 else width)
        through = min(from_start[one] + to_exit[two], from_start[two] + to_exit[one]) + 1
        return min(to_exit[start], through)

    longest = max(map(way, line))
    best = [wall for wall in line if way(wall) == longest]
    cell, d = divmod(best[rng.below(len(best))], 4)
    cells[cell] |= 1 << d
    cells[cell + (1 if d == 2 else width)] |= 1 << (d ^ 2)
    return 1


def candidate(width: int, height: int, algorithm: str, level: str, rng: Stream) -> Maze:
    """One maze drawn from ``rng``: a tree, its start and exit, and on ``hard`` its loops."""
    cells = (kruskal if algorithm == "kruskal" else prim)(width, height, rng)
    start, exit = ends(width, height, cells)
    if level == "hard":
        open_loops(width, height, cells, {start, exit}, rng)
        if apart(width, height, start, exit):
            part(width, height, cells, start, exit, rng)
    return make_maze(width, height, cells, start, exit, level, algorithm)


def generate(width: int, height: int, algorithm: str, level: str, code: str) -> tuple[Maze, float]:
    """The maze of a code and its grade (its parameters are the caller's to check): the
    first of the candidates drawn from the code's stream whose grade lies in its level's
    band, or after ``CANDIDATES`` the one nearest the band."""
    rng = Stream(f"daily-pipes/maze/3/{code}")
    low, high = GRADES[level]
    nearest: tuple[float, Maze, float] | None = None
    for _ in range(CANDIDATES):
        maze = candidate(width, height, algorithm, level, rng)
        graded = grade(maze)
        miss = max(low - graded, graded - high, 0.0)
        if low <= graded < high:
            return maze, graded
        if nearest is None or miss < nearest[0]:
            nearest = (miss, maze, graded)
    assert nearest is not None
    return nearest[1], nearest[2]
