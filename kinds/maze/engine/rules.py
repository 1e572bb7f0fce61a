"""A maze and how one walks in it: distances, the shortest path, sight in the fog, runs and
walks. Cells are row-major indices; a cell's open sides are a 4-bit mask in ``puzzle.grid``'s
order (left=1, up=2, right=4, down=8), direction ``d`` being side ``1 << d``.

A *run* (``run``) leaves the player's cell in a direction and goes on while the cell it
arrives at is a corridor cell — exactly two open sides — following the corridor round its
corners. It stops on the first cell that is a junction (three or four open sides), a dead end
(one) or the exit. (It always stops: a corridor that closes on itself ends at a junction,
or is the whole maze, the exit included.) A *walk*
(``walk``) goes to a cell the player has visited by the shortest way through cells they have
seen. Every cell passed is a step.

*Sight*: from a cell the player sees it and, in each of the four directions, the cells along
the straight open corridor up to the first wall. In the fog (levels ``normal`` and ``hard``)
the player has seen what is in sight of every cell they have visited; on ``easy`` they see the
whole maze.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from kinds.maze.engine.notation import DIRECTIONS, Go, Move, Run
from puzzle.grid import beside, cell_name
from puzzle.kind import MoveError

#: ``OPEN[mask]``: the directions a mask opens.
OPEN = tuple(tuple(d for d in range(4) if mask >> d & 1) for mask in range(16))
_WALL = ("left of", "above", "right of", "below")


@dataclass(frozen=True, slots=True)
class Maze:
    """A maze to walk from ``start`` to ``exit``, with what its rules keep asking: the
    distance of every cell to the exit and one shortest path (made by ``make_maze``)."""

    width: int
    height: int
    #: The open sides of every cell.
    cells: tuple[int, ...]
    start: int
    exit: int
    #: ``easy`` (no fog), ``normal`` (fog) or ``hard`` (fog and loops).
    level: str
    #: ``prim`` or ``kruskal``.
    algorithm: str
    #: Steps from every cell to the exit.
    to_exit: tuple[int, ...]
    #: The cells of one shortest path from the start to the exit, both included.
    path: tuple[int, ...]
    #: The puzzle's code (``12x12-abc``), once loaded from a stored puzzle.
    code: str = ""
    #: The steps an explorer in the fog expects to walk (its grade, ``grade.py``), once
    #: loaded from a stored puzzle graded so; 0: unknown, or no fog.
    expected: int = 0

    @property
    def sides(self) -> tuple[int, ...]:
        """The open sides of every cell, as a Minecraft pack's plan names them."""
        return self.cells

    @property
    def par(self) -> int:
        """The steps of the shortest path."""
        return len(self.path) - 1

    @property
    def fog(self) -> bool:
        return self.level != "easy"

    def name(self, cell: int) -> str:
        return cell_name(cell % self.width, cell // self.width)


@dataclass(frozen=True, slots=True)
class State:
    """Where the player stands, every cell they have been on, and the steps walked."""

    player: int
    visited: frozenset[int]
    steps: int = 0


def distances(
    width: int, height: int, cells: Sequence[int], source: int, within: Collection[int] = ()
) -> list[int]:
    """Steps from ``source`` to every cell through open sides (-1: unreachable), breadth
    first; through ``within`` alone when it is not empty."""
    nb = beside(width, height)
    found = [-1] * (width * height)
    found[source] = 0
    order = [source]
    for here in order:  # the list grows while it is read: a queue
        step, row = found[here] + 1, nb[here]
        for d in OPEN[cells[here]]:
            there = row[d]
            if found[there] < 0 and (not within or there in within):
                found[there] = step
                order.append(there)
    return found


def descent(width: int, height: int, cells: Sequence[int], found: Sequence[int], cell: int) -> int:
    """The direction from ``cell`` to a neighbour one step nearer the source of ``found``
    (``distances``), the first in the order left, up, right, down."""
    row = beside(width, height)[cell]
    return next(d for d in OPEN[cells[cell]] if found[row[d]] == found[cell] - 1)


def path_to(
    width: int, height: int, cells: Sequence[int], found: Sequence[int], cell: int
) -> list[int]:
    """The cells from ``cell`` to the source of ``found`` (``distances``), both included."""
    nb, path = beside(width, height), [cell]
    while found[cell]:
        cell = nb[cell][descent(width, height, cells, found, cell)]
        path.append(cell)
    return path


def make_maze(
    width: int,
    height: int,
    cells: Sequence[int],
    start: int,
    exit: int,
    level: str = "normal",
    algorithm: str = "prim",
) -> Maze:
    """A maze of open sides that are mirrored, inside the board and connected (the callers
    check), with its distances to the exit and shortest path."""
    to_exit = distances(width, height, cells, exit)
    path = path_to(width, height, cells, to_exit, start)
    return Maze(
        width, height, tuple(cells), start, exit, level, algorithm, tuple(to_exit), tuple(path)
    )


def sight(maze: Maze, cell: int) -> list[int]:
    """The cell and those along the straight open corridors from it, up to the walls."""
    nb, cells, seen = beside(maze.width, maze.height), maze.cells, [cell]
    for d in OPEN[cells[cell]]:
        here = cell
        while cells[here] >> d & 1:
            here = nb[here][d]
            seen.append(here)
    return seen


def seen(maze: Maze, visited: Collection[int]) -> frozenset[int]:
    """The cells the player has seen after visiting ``visited``: in sight of one of them in
    the fog, else all."""
    if not maze.fog:
        return frozenset(range(maze.width * maze.height))
    return frozenset(c for v in visited for c in sight(maze, v))


def run(maze: Maze, cell: int, direction: int) -> list[int]:
    """The cells a run from ``cell`` passes, the last one where it stops (see the module);
    MoveError if a wall stands that way."""
    cells, nb = maze.cells, beside(maze.width, maze.height)
    if not cells[cell] >> direction & 1:
        *others, last = (DIRECTIONS[d] for d in OPEN[cells[cell]])
        ways = f"{', '.join(others)} or {last}" if others else last
        raise MoveError(
            f"There is a wall {_WALL[direction]} {maze.name(cell)}: "
            f"from {maze.name(cell)} you can run {ways}."
        )
    passed, here = [], cell
    while True:
        here = nb[here][direction]
        passed.append(here)
        if here == maze.exit or len(OPEN[cells[here]]) != 2:
            return passed
        direction = next(d for d in OPEN[cells[here]] if d != direction ^ 2)


def walk(maze: Maze, state: State, move: Move) -> tuple[State, list[int]]:
    """The state after one move (a run or a walk, not from the exit) and the cells it
    passed, in order; MoveError if the rules refuse it."""
    if isinstance(move, Run):
        passed = run(maze, state.player, move.direction)
    else:
        passed = _walk_to(maze, state, move)
    return State(passed[-1], state.visited.union(passed), state.steps + len(passed)), passed


def _walk_to(maze: Maze, state: State, move: Go) -> list[int]:
    """The cells of the shortest way through seen cells to a visited cell, not the first."""
    name = maze.name(move.cell)
    if move.cell == state.player:
        raise MoveError(f"You are on {name} already: name another cell you have visited.")
    if move.cell not in state.visited:
        raise MoveError(
            f"You have not been on {name} yet: go only to cells you have visited, or run with "
            "U, D, L or R."
        )
    width, height = maze.width, maze.height
    found = distances(width, height, maze.cells, move.cell, seen(maze, state.visited))
    return path_to(width, height, maze.cells, found, state.player)[1:]
