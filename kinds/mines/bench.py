"""Minesweeper benchmark: no-guess generation per level, the solver, hints.

Run: ``.venv/bin/python -m kinds.mines.bench``. Prints medians and p95s in milliseconds. The
reference, measured in the same run, is a plain layout — the start drawn and the mines
shuffled, no no-guess check — so the ratio says what the guarantee (and the level) costs on
this machine. With the times, the share of the safe cells each board's first opening opens
(median, p95, max), against the level's bound (``MOST_OPENED``).
"""

from __future__ import annotations

import statistics
from functools import partial

from bench._timing import median, p95, sample, table
from kinds.mines.engine import KIND, Params, Solver, generate, make_puzzle, opening
from kinds.mines.engine.generator import MOST_OPENED, draw_start, shuffled_mines
from puzzle.levels import LEVELS
from puzzle.prng import Stream

BOARDS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}
#: Seeds per board and level (beginner's openings vary most), and the issue's target for
#: expert generation (median, pure Python).
SEEDS = {"beginner": 200, "intermediate": 60, "expert": 40}
TARGET_MS = {"expert": 250.0}


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
    """Per board and level: times, the work behind them (perturbations, layouts drawn again
    until the proof needed the level and its first opening was small enough), the share of
    boards of another level (sparse boards only: see ``LEVEL_LAYOUTS``), and how much of the
    safe cells the first opening opens."""
    rows = []
    for name, (width, height, count) in BOARDS.items():
        seeds = SEEDS[name]
        for level in LEVELS:
            ours: list[float] = []
            plain: list[float] = []
            perturbations: list[int] = []
            layouts: list[int] = []
            opened: list[float] = []
            other = 0
            for block in range(4):  # interleaved, so that the machine's drift hits both alike
                for k in range(block, seeds, 4):
                    code = f"{width}x{height}m{count}-bench{k}"
                    made = partial(generate, width, height, count, code, level)
                    ours += sample(made, 1)
                    plain += sample(partial(plain_layout, width, height, count, code), 5)
                    board = made()
                    perturbations.append(board.perturbations)
                    layouts.append(board.layouts)
                    other += board.level != level
                    first = opening(make_puzzle(width, height, board.mines, board.start))
                    opened.append(len(first) / (width * height - count))
            target = TARGET_MS.get(name)
            most, whole = MOST_OPENED[level]
            rows.append(
                [
                    f"{name} {width}×{height}/{count}",
                    level,
                    f"{median(ours):.1f}",
                    f"{p95(ours):.1f}",
                    f"{max(ours):.1f}",
                    f"{statistics.mean(perturbations):.2f}",
                    f"{statistics.mean(layouts) - 1:.2f}",
                    f"{other / seeds:.0%}",
                    f"{median(opened):.0%} / {p95(opened):.0%} / {max(opened):.0%}",
                    f"≤ {most}/{whole}",
                    f"{median(plain):.3f}",
                    f"{median(ours) / median(plain):.0f}×",
                    f"≤ {target:.0f}" if target else "",
                ]
            )
    table(
        "no-guess generation per level (ms per board; seeds: "
        + ", ".join(f"{name} {seeds}" for name, seeds in SEEDS.items())
        + "; first opening: the share of the safe cells it opens)",
        [
            "board", "level", "median", "p95", "max", "perturbations", "restarts",
            "other level", "first opening median / p95 / max", "bound", "plain layout",
            "ratio", "target",
        ],
        rows,
    )  # fmt: skip


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
    bench_generate()
    bench_solver()
