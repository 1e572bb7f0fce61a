"""Double Choco's grades by level: for each preset size, ``--boards`` boards per level made
through the kind (``KIND.generate``), their grade (``engine/grade.py``) and the tests'
oracle (``tests/grade_oracle.py``: how little the numbers say) as median / p10 / p90, the
oracle's overlaps (the share of (easy, hard) pairs and of neighbouring levels' pairs out of
order), the numbers per cell, generation time median / p95 and the fallbacks (boards none
of whose candidates fell in the band).

Run: ``.venv/bin/python -m kinds.choco.bench.grades --boards 200 [--sizes 8x8 6x6 10x10]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT / "tests")]

from bench._grades import out_of_order, spread  # noqa: E402
from bench._timing import median, p95, table  # noqa: E402
from kinds.choco.engine import KIND  # noqa: E402
from kinds.choco.engine.generator import CANDIDATES  # noqa: E402
from kinds.choco.tests.grade_oracle import oracle  # noqa: E402
from puzzle.levels import LETTERS, LEVELS  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=50)
    parser.add_argument("--sizes", nargs="*", default=["8x8"])
    args = parser.parse_args()
    rows, overlaps = [], []
    for size in args.sizes:
        measured: dict[str, list[float]] = {}
        for level in LEVELS:
            params = KIND.parse_params(size + LETTERS[level])
            grades: list[float] = []
            oracles, times, density, fallbacks = [], [], [], 0
            for k in range(args.boards):
                start = time.perf_counter()
                made = KIND.generate(params, f"bench{k}")
                times.append((time.perf_counter() - start) * 1000)
                grades.append(made.difficulty)
                oracles.append(oracle(made))
                grid = KIND.load(made).grid
                density.append(sum(c is not None for c in grid.clues) / grid.area)
                low, high = KIND.grades[level]
                fallbacks += not low <= made.difficulty < high  # a fallback lies outside
            measured[level] = oracles
            rows.append((
                size, level, len(grades), spread(grades), spread(oracles), spread(density),
                f"{median(times):.0f} / {p95(times):.0f}", fallbacks,
            ))  # fmt: skip
        overlaps.append((
            size, f"{out_of_order(measured['easy'], measured['hard']):.1%}",
            f"{out_of_order(measured['easy'], measured['normal']):.1%}",
            f"{out_of_order(measured['normal'], measured['hard']):.1%}",
        ))  # fmt: skip
    table(
        f"Double Choco grades by level (bands {KIND.grades}; fallback after {CANDIDATES})",
        ("size", "level", "boards", "grade med/p10/p90", "oracle med/p10/p90",
         "numbers per cell", "ms med / p95", "fallbacks"),
        rows,
    )  # fmt: skip
    header = ("size", "easy-hard", "easy-normal", "normal-hard")
    table("Oracle pairs out of order", header, overlaps)


if __name__ == "__main__":
    main()
