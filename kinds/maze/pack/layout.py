"""Where the blocks go, in blocks from the maze's corner: pure geometry, no commands.

The maze stands on a floor one block thick at ``y = 0``; its walls are ``WALL_HEIGHT`` (3)
blocks tall above it, on a grid of pitch ``PITCH`` (3): cell ``(x, y)`` is the corridor of
2 × 2 columns at ``3x + 1 … 3x + 2`` east and ``3y + 1 … 3y + 2`` south, and the wall lines
run along every multiple of 3, so the whole maze is ``3W + 1`` by ``3H + 1`` blocks. Between
two cells the 2 blocks of their wall line are a wall when the side is closed and air when
it is open, so every passage is 2 wide and 3 high; the posts where wall lines cross are
always wall. Row 0 is the north (−z) side, column 0 the west (−x) side.

Walls are filled as maximal runs: along each east–west line the longest stretches of wall
(closed sides with the posts between them merged into one fill), then along each
north–south line likewise (leaving out end posts the first pass filled), then any post no
run covers (only mazes with loops have them). The outer walls are four such runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

from kinds.maze.pack.plan import DOWN, RIGHT, MazePlan

PITCH = 3
CORRIDOR = 2
WALL_HEIGHT = 3
#: Layers above the floor cleared before building: the walls' 3 and 21 more, so that built
#: into a hillside (or under trees) the maze keeps the sky open unless the ground rises more
#: than 24 blocks over its floor. A north–south step of 24 layers is 24 × (3W + 1) blocks:
#: 11 steps fit in one fill at 40×40 (11 fills), 5 at 80×80 (49 fills).
CLEARED = 24
#: Minecraft's ``commandModificationBlockLimit``: the most blocks one ``fill`` may change.
FILL_LIMIT = 32_768
CHUNK = 16


@dataclass(frozen=True, slots=True)
class Box:
    """Blocks from ``(x0, y0, z0)`` to ``(x1, y1, z1)``, both corners included."""

    x0: int
    y0: int
    z0: int
    x1: int
    y1: int
    z1: int

    @property
    def volume(self) -> int:
        return (self.x1 - self.x0 + 1) * (self.y1 - self.y0 + 1) * (self.z1 - self.z0 + 1)


def extent(plan: MazePlan) -> tuple[int, int]:
    """(east–west, north–south) size of the maze in blocks, outer walls included."""
    return PITCH * plan.width + 1, PITCH * plan.height + 1


def corridor(plan: MazePlan, cell: int) -> tuple[int, int]:
    """(x, z) of a cell's north-west corridor column."""
    return PITCH * (cell % plan.width) + 1, PITCH * (cell // plan.width) + 1


def split(box: Box, limit: int = FILL_LIMIT) -> list[Box]:
    """The box cut north to south into as few, as even slabs as keep each within
    ``limit`` blocks."""
    if box.volume <= limit:
        return [box]
    row = box.volume // (box.z1 - box.z0 + 1)  # blocks in one north–south step
    if row > limit:
        raise ValueError(f"a row of {row} blocks is more than one fill may change")
    depth = box.z1 - box.z0 + 1
    pieces = -(-depth // (limit // row))
    cuts = [box.z0 + depth * k // pieces for k in range(pieces + 1)]
    return [Box(box.x0, box.y0, a, box.x1, box.y1, b - 1) for a, b in pairwise(cuts)]


def cleared(plan: MazePlan) -> list[Box]:
    """The air above the floor, cleared first so a rebuild gives the same maze."""
    nx, nz = extent(plan)
    return split(Box(0, 1, 0, nx - 1, CLEARED, nz - 1))


def floor(plan: MazePlan) -> list[Box]:
    nx, nz = extent(plan)
    return split(Box(0, 0, 0, nx - 1, 0, nz - 1))


def mark(plan: MazePlan, cell: int) -> Box:
    """A cell's 2 × 2 floor (the start's gold, the exit's emerald)."""
    x, z = corridor(plan, cell)
    return Box(x, 0, z, x + CORRIDOR - 1, 0, z + CORRIDOR - 1)


def _runs(solid: list[bool]) -> Iterator[tuple[int, int]]:
    """(first, last) of each stretch of True."""
    start = None
    for i, wall in enumerate([*solid, False]):
        if wall and start is None:
            start = i
        elif not wall and start is not None:
            yield start, i - 1
            start = None


def walls(plan: MazePlan) -> list[Box]:
    """The wall fills: maximal runs east–west, then north–south, then lone posts."""
    w, h, sides = plan.width, plan.height, plan.sides

    def closed_below(x: int, j: int) -> bool:  # the side on line z = 3j, column x // 3
        return j in (0, h) or not sides[(j - 1) * w + x // PITCH] & DOWN

    def closed_right(k: int, z: int) -> bool:  # the side on line x = 3k, row z // 3
        return k in (0, w) or not sides[(z // PITCH) * w + k - 1] & RIGHT

    boxes: list[Box] = []
    posts: set[tuple[int, int]] = set()
    top = WALL_HEIGHT
    for j in range(h + 1):
        z = PITCH * j
        line = [x % PITCH == 0 or closed_below(x, j) for x in range(PITCH * w + 1)]
        for a, b in _runs(line):
            if b > a:  # a lone post is left to the other direction
                boxes.append(Box(a, 1, z, b, top, z))
                posts.update((x, z) for x in range(a, b + 1, PITCH) if x % PITCH == 0)
    for k in range(w + 1):
        x = PITCH * k
        line = [z % PITCH == 0 or closed_right(k, z) for z in range(PITCH * h + 1)]
        for a, b in _runs(line):
            if b > a:
                if (x, a) in posts:  # an end post the east–west pass filled
                    a += 1
                if (x, b) in posts:
                    b -= 1
                boxes.append(Box(x, 1, a, x, top, b))
                posts.update((x, z) for z in range(a, b + 1) if z % PITCH == 0)
    for j in range(h + 1):
        for k in range(w + 1):
            if (PITCH * k, PITCH * j) not in posts:
                boxes.append(Box(PITCH * k, 1, PITCH * j, PITCH * k, top, PITCH * j))
    return boxes


def chunk_points(plan: MazePlan) -> list[tuple[int, int]]:
    """(x, z) columns, one in every chunk the maze touches wherever it stands: every 16
    blocks and the far edge, so no chunk lies between two of them (some chunks get two)."""
    nx, nz = extent(plan)
    xs = sorted({*range(0, nx, CHUNK), nx - 1})
    zs = sorted({*range(0, nz, CHUNK), nz - 1})
    return [(x, z) for z in zs for x in xs]


def chunks_spanned(blocks: int) -> int:
    """The most chunks a line of ``blocks`` blocks can touch (where it starts decides)."""
    return (blocks + 2 * (CHUNK - 1)) // CHUNK
