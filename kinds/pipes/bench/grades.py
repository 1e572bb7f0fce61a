"""Pipes grades by level (issue 37): ``python -m kinds.pipes.bench.grades --boards 200``.

For each size and level: the grade's median / p10 / p90 beside the oracle's (written apart,
``kinds/pipes/tests/grade_oracle.py``), the share of (easier, harder) pairs of boards the
oracle puts out of order (neighbouring levels, and easy against hard), generation time median /
p95, and the fallbacks (boards whose grade is outside their level's band).
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench._grades import out_of_order, spread
from kinds.pipes.engine import KIND, Params
from kinds.pipes.tests.grade_oracle import oracle
from puzzle.levels import LEVELS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--sizes", default="8x8,6x6,5x4,10x10")
    args = parser.parse_args()
    print(
        "| size | level | grade median / p10 / p90 | oracle median / p10 / p90 | "
        "generation ms median / p95 | fallbacks |"
    )
    print("|---|---|---|---|---|---|")
    overlaps = []
    for size in args.sizes.split(","):
        width, height = map(int, size.split("x"))
        measured: dict[str, list[float]] = {}
        for level in LEVELS:
            grades, oracles, times = [], [], []
            for k in range(args.boards):
                start = time.perf_counter()
                made = KIND.generate(Params(width, height, level=level), f"bench{k}")
                times.append(1000 * (time.perf_counter() - start))
                grades.append(made.difficulty)
                oracles.append(oracle(made))
            low, high = KIND.grades[level]
            fallbacks = sum(not low <= g < high for g in grades)
            times.sort()
            measured[level] = oracles
            print(
                f"| {size} | {level} | {spread(grades)} | {spread(oracles)} | "
                f"{statistics.median(times):.0f} / {times[int(0.95 * len(times))]:.0f} | "
                f"{fallbacks} |",
                flush=True,
            )
        overlaps.append(
            f"{size}: easy/normal {out_of_order(measured['easy'], measured['normal']):.1%}, "
            f"normal/hard {out_of_order(measured['normal'], measured['hard']):.1%}, "
            f"easy/hard {out_of_order(measured['easy'], measured['hard']):.1%}"
        )
    print("\nOracle pairs out of order:")
    for line in overlaps:
        print(f"- {line}")


if __name__ == "__main__":
    main()
