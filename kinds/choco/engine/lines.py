"""Runs of walls along one grid line, and the pen: the end of the last wall, where drawing
goes on from.

Corners are the grid's lattice points ``(X, Y)``, ``0 ≤ X ≤ width``, ``0 ≤ Y ≤ height``:
the wall between cells ``(x, y)`` and ``(x + 1, y)`` runs from corner ``(x + 1, y)`` down to
``(x + 1, y + 1)``, the one between ``(x, y)`` and ``(x, y + 1)`` from ``(x, y + 1)`` right
to ``(x + 1, y + 1)``. A wall's low end is its top or left one, its high end the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from kinds.choco.engine.grid import Edge, edge
from puzzle.grid import cell_name

Corner = tuple[int, int]
#: A way along a grid line: down, up, right, left.
Step = tuple[int, int]
#: A run's side: the step from each of its cells to the cell across the wall.
SIDES = {"r": (1, 0), "l": (-1, 0), "d": (0, 1), "u": (0, -1)}


@dataclass(frozen=True, slots=True)
class Run:
    """The walls on one side of a column or a row of cells, in the order drawn: the cells
    named, the side (``SIDES``) and their walls, one line, each meeting the next."""

    cells: tuple[int, ...]
    side: str
    edges: tuple[Edge, ...]


def run(cells: tuple[int, ...], side: str, width: int, height: int) -> Run:
    """The run on ``side`` of ``cells`` (one column or row, in order); ValueError if its
    line is the board's edge."""
    dx, dy = SIDES[side]
    walls = tuple(edge(c, c + dx + dy * width, width, height) for c in cells)
    return Run(cells, side, walls)


@dataclass(frozen=True, slots=True)
class Pen:
    """The last wall toggled and the end of it drawing goes on from."""

    wall: Edge
    end: Corner


def ends(wall: Edge, width: int) -> tuple[Corner, Corner]:
    """A wall's low end and high end."""
    a, b = wall
    x, y = a % width, a // width
    if b == a + 1:
        return (x + 1, y), (x + 1, y + 1)
    return (x, y + 1), (x + 1, y + 1)


def segment(corner: Corner, step: Step, width: int, height: int) -> Edge | None:
    """The wall from a corner one step along a grid line; None on the board's edge or off
    it."""
    (x, y), (dx, dy) = corner, step
    if dx < 0 or dy < 0:
        x, y = x + dx, y + dy
    if dx == 0 and 0 < x < width and 0 <= y < height:
        return y * width + x - 1, y * width + x
    if dy == 0 and 0 <= x < width and 0 < y < height:
        return (y - 1) * width + x, y * width + x
    return None


def after(pen: Pen | None, walls: tuple[Edge, ...], width: int) -> Pen:
    """The pen once ``walls`` (one line, in order) are toggled: at a run's far end; a wall
    alone goes on from the pen, else from an end of the last wall, else from its low end."""
    low, high = ends(walls[-1], width)
    met: tuple[Corner, ...]
    if len(walls) > 1:
        met = ends(walls[-2], width)
    else:
        met = () if pen is None else (pen.end, *ends(pen.wall, width))
    start = next((corner for corner in met if corner in (low, high)), low)
    return Pen(walls[-1], high if start == low else low)


def _reach(corner: Corner, step: Step, cell: Corner) -> int:
    """How many walls from a corner along ``step`` until one lies beside ``cell`` (0: the
    cell is not beside that way)."""
    (cx, cy), (dx, dy), (x, y) = corner, step, cell
    if dx:
        across, ahead = y - cy, (x - cx) * dx + (dx > 0)
    else:
        across, ahead = x - cx, (y - cy) * dy + (dy > 0)
    return ahead if across in (-1, 0) and ahead > 0 else 0


def extend(width: int, height: int, pen: Pen, cell: int) -> Run:
    """The walls from an end of the pen's wall to the side of ``cell``, along one grid line,
    named by the cells on ``cell``'s side (it is the last): straight on past either end when
    the cell is beside the wall's own line, else turning at the end whose crossing line the
    cell is beside (the pen's end when both are); ValueError with one sentence when the
    cell is beside none of those lines."""
    low, high = ends(pen.wall, width)
    along: Step = (high[0] - low[0], high[1] - low[1])
    back: Step = (-along[0], -along[1])
    across: tuple[Step, Step] = ((along[1], along[0]), (-along[1], -along[0]))
    turn_ends = (pen.end, low if pen.end == high else high)
    tries = [(high, along), (low, back), *((end, s) for end in turn_ends for s in across)]
    target = (cell % width, cell // width)
    for corner, step in tries:
        count = _reach(corner, step, target)
        walls = [
            segment((corner[0] + k * step[0], corner[1] + k * step[1]), step, width, height)
            for k in range(count)
        ]
        found = [wall for wall in walls if wall is not None]
        if found and len(found) == count:
            mine = found[-1].index(cell)  # 0: the cell is left of or above the line
            side = ("d", "u")[mine] if step[1] == 0 else ("r", "l")[mine]
            return run(tuple(wall[mine] for wall in found), side, width, height)
    named = "-".join(cell_name(c % width, c // width) for c in pen.wall)
    raise ValueError(
        f"{cell_name(*target)} is in line with neither end of the last wall, {named}: "
        "click a cell beside the line the walls should follow."
    )
