"""The maze's difficulty measured apart from the engine's grader: the mean steps per cell of
many explorers simulated here, from the rules as a player meets them.

A player in the fog knows the cells they have walked on and what is in straight sight of
them (``mazekit.in_sight``: along open sides up to a wall), with those cells' walls. Each
simulated explorer moves as the buttons do — a run leaves its cell one way and follows the
corridor until a cell with other than two open sides, or the exit — and

- once the exit is in sight, walks to it the shortest way through cells seen;
- else runs, one way picked at random, among the ways it has not walked whose cells seen
  but not walked still lead next to fog (a corridor seen to its end is not taken);
- with no such way, walks back the run that brought it (a run that ended on a cell walked
  before is walked back at once).

Without fog the whole maze is seen: the explorer walks the shortest way. ``oracle`` is the
mean steps of ``runs`` explorers over the maze's cells.
"""

import random
from collections import deque

from kinds.maze.tests.mazekit import BIT, in_sight
from puzzle import KINDS

KIND = KINDS["maze"]
STEPS = tuple(BIT.items())


def _ways(maze, cell):
    """The neighbours a cell opens onto."""
    x, y = cell % maze.width, cell // maze.width
    return [x + dx + (y + dy) * maze.width for (dx, dy), bit in STEPS if maze.cells[cell] & bit]


def _run(maze, cell, there):
    """The cells passed running from ``cell`` through its neighbour ``there``."""
    passed, came = [there], cell
    while there != maze.exit and len(_ways(maze, there)) == 2:
        came, there = there, next(n for n in _ways(maze, there) if n != came)
        passed.append(there)
    return passed


def _steps_within(maze, source, target, cells):
    """Steps of the shortest way from ``source`` to ``target`` through ``cells``."""
    far, queue = {source: 0}, deque([source])
    while queue:
        here = queue.popleft()
        for there in _ways(maze, here):
            if there in cells and there not in far:
                far[there] = far[here] + 1
                queue.append(there)
    return far[target]


def _leads_to_fog(maze, here, there, walked, seen):
    """Whether, from ``there`` on (not back through ``here``), cells seen and not walked
    lead next to an unseen one."""
    if there in walked:
        return False
    reached, todo = {there}, [there]
    while todo:
        cell = todo.pop()
        for n in _ways(maze, cell):
            if n not in seen:
                return True
            if n != here and n not in walked and n not in reached:
                reached.add(n)
                todo.append(n)
    return False


def explorer_steps(maze, rng):
    """One explorer's steps in the fog (see the module)."""
    here, steps, back = maze.start, 0, []
    walked = {here}
    seen = in_sight(maze, [here])
    while maze.exit not in seen:
        ways = [n for n in _ways(maze, here) if _leads_to_fog(maze, here, n, walked, seen)]
        if not ways:
            here, length = back.pop()
            steps += length
            continue
        passed = _run(maze, here, rng.choice(ways))
        again = passed[-1] in walked
        walked.update(passed)
        seen |= in_sight(maze, passed)
        if again:
            steps += 2 * len(passed)
        else:
            steps += len(passed)
            back.append((here, len(passed)))
            here = passed[-1]
    return steps + _steps_within(maze, here, maze.exit, seen)


def oracle(made, runs=200, seed=0):
    """Mean explorer steps per cell of a generated maze (see the module)."""
    maze = KIND.load(made)
    cells = maze.width * maze.height
    if not maze.fog:
        return _steps_within(maze, maze.start, maze.exit, set(range(cells))) / cells
    rng = random.Random(seed)
    return sum(explorer_steps(maze, rng) for _ in range(runs)) / runs / cells
