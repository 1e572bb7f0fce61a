"""Minesweeper benchmark: no-guess generation per level against Tatham's mines.c, the solver,
hints.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python -m kinds.mines.bench.generation``.
Pinned to one core (its children too). Prints medians and p95s of CPU time in milliseconds,
with two references measured in the same run: Simon Tatham's C generator (``tatham/`` beside
this file, built with cc -O2; without a C compiler the bench says so and shows no ratio) at
the same width, height and mine count, its first click off the border as ours; and a plain
layout, the start drawn and the mines shuffled with no no-guess check. Tatham's generator
has no levels: each level of ours is compared with as many boards of his, timed beside it.
With the times, the share of the safe cells each board's first opening opens (median, p95,
max), against the level's bound (``MOST_OPENED``).
"""

from __future__ import annotations

import os
import statistics
import time
from functools import partial
from pathlib import Path

from bench import _tatham
from bench._timing import median, p95, sample, table
from kinds.mines.engine import KIND, Params, Solver, generate, make_puzzle, opening
from kinds.mines.engine.generator import MOST_OPENED, draw_start, shuffled_mines
from puzzle.levels import LEVELS
from puzzle.prng import Stream

BOARDS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}
#: Seeds per board and level (beginner's openings vary most), timed in four interleaved
#: blocks, Tatham's as many in the same blocks.
SEEDS = {"beginner": 200, "intermediate": 80, "expert": 60}
#: Issue 36's targets: at most this many times Tatham's median, per level.
TARGET_RATIO = {"easy": 2.0, "normal": 2.0, "hard": 5.0}
BLOCKS = 4


def pin() -> str:
    """Pin this process and its children to one core; which, or why not."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity here)"
    core = max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def plain_layout(width: int, height: int, count: int, code: str) -> tuple[bytearray, int]:
    """The reference: what generation draws before any no-guess work (mines, start), from
    the generator's stream (still named after ``mines/2``)."""
    rng = Stream(f"daily-pipes/mines/2/{code}")
    start = draw_start(width, height, rng)
    layout = bytearray(width * height)
    for mine in shuffled_mines(width, height, count, start, rng):
        layout[mine] = 1
    return layout, start


def bench_generate() -> None:
    """Per board and level: times against Tatham's, the work behind them (perturbations,
    layouts drawn again until the proof needed the level and its first opening was small
    enough), the share of boards of another level (sparse boards only: see
    ``LEVEL_LAYOUTS``), and how much of the safe cells the first opening opens."""
    binary, how = _tatham.build(Path(__file__).parent / "tatham")
    rows = []
    for name, (width, height, count) in BOARDS.items():
        seeds = SEEDS[name]
        for level in LEVELS:
            theirs: list[float] = []
            ours: list[float] = []
            plain: list[float] = []
            perturbations: list[int] = []
            layouts: list[int] = []
            opened: list[float] = []
            other = 0
            for block in range(BLOCKS):  # interleaved, so that the machine's drift hits all
                if binary:
                    theirs += _tatham.times(
                        binary, seeds // BLOCKS, f"{level}{block}", width, height, count
                    )
                for k in range(block, seeds, BLOCKS):
                    code = f"{width}x{height}m{count}-bench{k}"
                    begun = time.process_time()
                    board = generate(width, height, count, code, level)
                    ours.append((time.process_time() - begun) * 1000)
                    plain += sample(partial(plain_layout, width, height, count, code), 3)
                    perturbations.append(board.perturbations)
                    layouts.append(board.layouts)
                    other += board.level != level
                    first = opening(make_puzzle(width, height, board.mines, board.start))
                    opened.append(len(first) / (width * height - count))
            most, whole = MOST_OPENED[level]
            ratio = median(ours) / median(theirs) if theirs else float("nan")
            target = TARGET_RATIO[level]
            rows.append(
                [
                    f"{name} {width}×{height}/{count}",
                    level,
                    f"{median(ours):.2f}",
                    f"{p95(ours):.2f}",
                    f"{median(theirs):.3f}" if theirs else "–",
                    f"{p95(theirs):.3f}" if theirs else "–",
                    f"{ratio:.1f}×" if theirs else "–",
                    f"{p95(ours) / p95(theirs):.1f}×" if theirs else "–",
                    f"≤ {target:.0f}×" + (" ok" if ratio <= target else " MISSED")
                    if theirs
                    else "–",
                    f"{statistics.mean(perturbations):.2f}",
                    f"{statistics.mean(layouts) - 1:.2f}",
                    f"{other / seeds:.0%}",
                    f"{median(opened):.0%} / {p95(opened):.0%} / {max(opened):.0%}",
                    f"≤ {most}/{whole}",
                    f"{median(plain):.3f}",
                ]
            )
    table(
        "no-guess generation per level (ms per board; seeds: "
        + ", ".join(f"{name} {seeds}" for name, seeds in SEEDS.items())
        + " a level; Tatham's mines.c at the same size, as many seeds beside each level; "
        "first opening: the share of the safe cells it opens)",
        [
            "board", "level", "median", "p95", "Tatham median", "Tatham p95", "ratio",
            "p95 ratio", "target", "perturbations", "restarts", "other level",
            "first opening median / p95 / max", "bound", "plain layout",
        ],
        rows,
    )  # fmt: skip
    print(f"  Tatham's generator: {how}")


def solve_once(width: int, height: int, count: int, layout: bytearray, first: list[int]) -> bool:
    return Solver(width, height, count, layout, first).run()


def bench_solver() -> None:
    """How often a plain layout needs no guess (for the solver), one solve's time, and one
    hint's time from the first opening of a generated board."""
    rows = []
    for name, (width, height, count) in BOARDS.items():
        solves: list[float] = []
        cleared = 0
        for k in range(100):
            layout, start = plain_layout(width, height, count, f"solve{k}")
            mines = frozenset(c for c in range(width * height) if layout[c])
            first = opening(make_puzzle(width, height, mines, start))
            run = partial(solve_once, width, height, count, layout, first)
            solves += sample(run, 1)
            cleared += run()
        hints: list[float] = []
        for k in range(10):
            puzzle = KIND.load(KIND.generate(Params(width, height, count), f"hint{k}"))
            state = KIND.initial_state(puzzle)
            hints += sample(partial(KIND.hint, puzzle, state), 3)
        rows.append(
            [
                f"{name} {width}×{height}/{count}",
                f"{cleared}%",
                f"{median(solves):.2f}",
                f"{p95(solves):.2f}",
                f"{median(hints):.2f}",
            ]
        )
    table(
        "the solver (100 plain layouts each; hints on 10 generated boards)",
        ["board", "plain layouts it clears", "solve median", "solve p95", "hint median"],
        rows,
    )


if __name__ == "__main__":
    print(pin())
    bench_generate()
    bench_solver()
