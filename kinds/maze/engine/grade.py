"""A maze's grade: the steps a depth-first explorer in the fog expects to walk, per cell.

The *explorer* plays by the game's moves and sees what a player sees (``rules.sight``): each
cell it has walked on and the straight open corridors from it, walls included. It

- walks the shortest way through what it has seen to the exit as soon as it sees the exit;
- else runs (``rules.run``: to the next junction, dead end or the exit) in a direction that
  may still lead somewhere unseen — one whose first cell it has not walked on and from which
  the cells it has seen but not walked on lead to a cell it has not seen. A corridor seen to
  its dead end, or a branch seen whole, is never taken. Among such directions it picks one
  at random (its *tie-breaks*);
- with none left, walks back the run that brought it to where it stands (depth first). A run
  that ends on a cell walked before (a loop) is walked back at once, as into a dead end.

Without fog (``easy``) it sees the whole maze and walks the shortest way: its steps are par.
The *expected steps* average ``RUNS`` explorers whose tie-breaks come from one stream seeded
with the maze itself (its open sides, start and exit), so a maze always gets the same grade.
The *grade* is the expected steps over the maze's cells (``W × H``): 1.0 means the explorer
expects to walk as many steps as the maze has cells. A Prim 15×15 tree in the fog grades
about 0.55 (124 expected steps of 225 cells); the same maze without fog about 0.3 (par 70).
"""

from __future__ import annotations

from kinds.maze.engine.rules import OPEN, Maze, descent, distances, run
from puzzle.grid import beside
from puzzle.prng import Stream

#: Explorers averaged for the expected steps of a maze with loops.
RUNS = 96
#: Each level's band of grades, ``[low, high)``: the whole maze in view walks par (easy);
#: in the fog, a hard maze makes the explorer walk more than a normal one, with a gap
#: between them against the sampled grades' error (an explorer walks each cell at most
#: about three times: no grade reaches 4).
GRADES: dict[str, tuple[float, float]] = {
    "easy": (0.0, 0.5),
    "normal": (0.5, 0.74),
    "hard": (0.8, 4.0),
}


class _Fog:
    """What an explorer has seen and walked on, and the directions still worth a run."""

    def __init__(self, maze: Maze) -> None:
        self.maze, self.nb = maze, beside(maze.width, maze.height)
        self.seen = bytearray(maze.width * maze.height)
        self.walked = bytearray(maze.width * maze.height)

    def look(self, cells: list[int]) -> None:
        """Walk on ``cells``: each is seen, with the straight open corridors from it."""
        masks, nb, seen = self.maze.cells, self.nb, self.seen
        for cell in cells:
            self.walked[cell] = seen[cell] = 1
            for d in OPEN[masks[cell]]:
                here = cell
                while masks[here] >> d & 1:
                    here = nb[here][d]
                    seen[here] = 1

    def unknown(self, pos: int, d: int) -> bool:
        """Whether the cells seen but not walked on beyond ``pos`` that way reach an unseen
        one (the first of them not walked on)."""
        masks, nb, seen, walked = self.maze.cells, self.nb, self.seen, self.walked
        first = nb[pos][d]
        if walked[first]:
            return False
        found, todo = {first}, [first]
        while todo:
            here = todo.pop()
            for e in OPEN[masks[here]]:
                there = nb[here][e]
                if not seen[there]:
                    return True
                if there != pos and not walked[there] and there not in found:
                    found.add(there)
                    todo.append(there)
        return False

    def ways(self, pos: int) -> list[int]:
        """The directions from ``pos`` that may still lead somewhere unseen."""
        return [d for d in OPEN[self.maze.cells[pos]] if self.unknown(pos, d)]

    def run(self, pos: int, d: int) -> list[int]:
        """The cells a run passes, now walked on."""
        passed = run(self.maze, pos, d)
        self.look(passed)
        return passed

    def sweep(self, pos: int, d: int) -> int:
        """The steps to explore a branch of a tree maze whole, depth first, and come back."""
        steps, todo = 0, [(pos, d)]
        while todo:
            here, way = todo.pop()
            if self.unknown(here, way):
                passed = self.run(here, way)
                steps += 2 * len(passed)
                todo += [(passed[-1], e) for e in OPEN[self.maze.cells[passed[-1]]]]
        return steps


def explore(maze: Maze, rng: Stream) -> int:
    """The steps of one explorer in the fog (see the module), its tie-breaks from ``rng``."""
    fog, pos, steps = _Fog(maze), maze.start, 0
    back: list[tuple[int, int]] = []
    fog.look([pos])
    while not fog.seen[maze.exit]:
        ways = fog.ways(pos)
        if not ways:
            pos, length = back.pop()
            steps += length
            continue
        passed = run(maze, pos, ways[rng.below(len(ways))] if len(ways) > 1 else ways[0])
        loop = fog.walked[passed[-1]]  # round a loop: back at once, as from a dead end
        fog.look(passed)
        steps += (1 + loop) * len(passed)
        if not loop:
            back.append((pos, len(passed)))
            pos = passed[-1]
    return steps + _through_seen(fog, pos)


def _through_seen(fog: _Fog, pos: int) -> int:
    """The steps of the shortest way from ``pos`` to the exit through the cells seen."""
    maze = fog.maze
    within = {c for c in range(maze.width * maze.height) if fog.seen[c]}
    return distances(maze.width, maze.height, maze.cells, pos, within)[maze.exit]


def tree_expected(maze: Maze) -> float:
    """The explorer's expected steps in a tree maze, exactly: along the shortest way, each
    branch still worth a run at a junction is explored whole before the way on with
    probability 1/2 (the explorer's order of them is uniform), and what it sees there
    tells nothing of the others."""
    fog, pos, expected = _Fog(maze), maze.start, 0.0
    fog.look([pos])
    while not fog.seen[maze.exit]:
        ahead = descent(maze.width, maze.height, maze.cells, maze.to_exit, pos)
        expected += sum(fog.sweep(pos, d) for d in fog.ways(pos) if d != ahead) / 2
        passed = fog.run(pos, ahead)
        expected += len(passed)
        pos = passed[-1]
    return expected + maze.to_exit[pos]


def _seed(maze: Maze) -> str:
    """The tie-breaks' stream's seed: the maze itself."""
    sides = "".join(f"{mask:x}" for mask in maze.cells)
    return f"daily-pipes/maze/grade/{maze.width}x{maze.height}/{maze.start}/{maze.exit}/{sides}"


def expected_steps(maze: Maze) -> float:
    """The explorer's expected steps: par without fog, exact in a tree maze, else the mean
    of ``RUNS`` explorers."""
    if not maze.fog:
        return float(maze.par)
    if sum(map(len, (OPEN[mask] for mask in maze.cells))) == 2 * (len(maze.cells) - 1):
        return tree_expected(maze)
    rng = Stream(_seed(maze))
    return sum(explore(maze, rng) for _ in range(RUNS)) / RUNS


def grade(maze: Maze) -> float:
    """The expected steps per cell, to three decimals (see the module)."""
    return round(expected_steps(maze) / (maze.width * maze.height), 3)
