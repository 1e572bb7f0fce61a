"""Maze benchmark: generation at 30×30 and 40×40 by Prim and Kruskal, normal and hard (hard:
loops and, when start and exit do not both lie on the border nor share a corner, one wall
more that parts the exit's walls from the start's), and what a move costs on a 40×40 maze
in the fog.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python -m kinds.maze.bench.engine``. Prints
medians and p95s in milliseconds. The reference, measured in the same run, is networkx making a
random spanning tree of the same grid (random edge weights, then ``minimum_spanning_tree`` by
Kruskal): the ratio says how our whole generation (tree, start and exit, loops, par, the
description) compares on this machine.
"""

from __future__ import annotations

from functools import partial
from itertools import product

import networkx as nx

from bench._timing import median, p95, sample, table
from kinds.maze.engine import KIND, Go, Maze, Move, Params, Run, State
from puzzle.prng import Stream

SIZES = (30, 40)
#: Seeds per row, and the issue's target for generation at 30×30, every level (median, pure
#: Python).
SEEDS = 60
TARGET_MS = {30: 10.0}


def networkx_tree(grid: nx.Graph, seed: str) -> nx.Graph:
    """The reference: a random spanning tree of the grid by networkx."""
    draw = Stream(seed).draw
    for _, _, data in grid.edges(data=True):
        data["weight"] = draw()
    return nx.minimum_spanning_tree(grid, algorithm="kruskal")


def bench_generate() -> None:
    rows = []
    for side in SIZES:
        grid = nx.grid_2d_graph(side, side)
        for level, algorithm in product(("normal", "hard"), ("prim", "kruskal")):
            params = Params(side, side, level, algorithm)
            KIND.generate(params, "warm")
            ours: list[float] = []
            reference: list[float] = []
            for block in range(4):  # interleaved, so that the machine's drift hits both alike
                for k in range(block, SEEDS, 4):
                    ours += sample(partial(KIND.generate, params, f"bench{k}"), 1)
                    reference += sample(partial(networkx_tree, grid, f"bench{k}"), 1)
            target = TARGET_MS.get(side)
            rows.append(
                [
                    f"{side}×{side} {algorithm}{' hard' if level == 'hard' else ''}",
                    f"{median(ours):.2f}",
                    f"{p95(ours):.2f}",
                    f"{median(reference):.2f}",
                    f"{median(reference) / median(ours):.1f}×",
                    f"≤ {target:.0f}" if target else "",
                ]
            )
    table(
        f"generation (ms per maze, {SEEDS} seeds each; networkx: a random spanning tree alone)",
        ["maze", "median", "p95", "networkx", "networkx / ours", "target"],
        rows,
    )


def explored(maze: Maze, cells: int, seed: str) -> State:
    """A state after random runs from the start, once ``cells`` cells are visited (or the
    exit is near)."""
    rng, state = Stream(seed), KIND.initial_state(maze)
    while len(state.visited) < cells:
        ways = [d for d in range(4) if maze.cells[state.player] >> d & 1]
        after = KIND.apply(maze, state, [Run(ways[rng.below(len(ways))])]).state
        if after.player == maze.exit:
            break
        state = after
    return state


def bench_play() -> None:
    """One move and the status after it on 40×40 mazes in the fog, with half the cells
    visited: a run (the hint's), and a walk back to the start."""
    times: dict[str, list[float]] = {"run + status": [], "go to the start + status": []}
    for k in range(10):
        maze = KIND.load(KIND.generate(Params(40, 40), f"play{k}"))
        state = explored(maze, 800, f"play{k}")
        hint = KIND.hint(maze, state)
        assert not isinstance(hint, str)
        for label, move in zip(times, (hint, Go(maze.start)), strict=True):
            times[label] += sample(partial(step, maze, state, move), 5)
    table(
        "a move on a 40×40 maze in the fog, half of it visited (ms, 10 mazes × 5 runs)",
        ["move", "median", "p95"],
        [[label, f"{median(t):.2f}", f"{p95(t):.2f}"] for label, t in times.items()],
    )


def step(maze: Maze, state: State, move: Move) -> None:
    """What the service computes for one move: the new state, then its status."""
    KIND.status(maze, KIND.apply(maze, state, [move]).state)


if __name__ == "__main__":
    bench_generate()
    bench_play()
