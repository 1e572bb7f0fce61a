"""The maze's grades by level beside the oracle's (``kinds/maze/tests/grade_oracle.py``):
``python -m kinds.maze.bench.grades --boards 200`` (add ``--sizes 15x15 30x30`` for more).

For each level of a size: grade and oracle median / p10 / p90, the share of (easy, hard)
pairs and of neighbouring levels' pairs out of order by the oracle, generation time median /
p95 and how many mazes fell back to the candidate nearest their band (a grade outside it)."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests"))

from bench._grades import out_of_order, spread
from kinds.maze.engine.grade import GRADES
from kinds.maze.tests.grade_oracle import oracle
from puzzle import KINDS
from puzzle.levels import LEVELS

KIND = KINDS["maze"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--sizes", nargs="+", default=[KIND.default_daily])
    parser.add_argument("--runs", type=int, default=200, help="the oracle's explorers")
    options = parser.parse_args()
    print(
        "| size | level | grade median (p10–p90) | oracle median (p10–p90) "
        "| generation ms median / p95 | fallbacks |"
    )
    print("|---|---|---|---|---|---|")
    for size in options.sizes:
        found: dict[str, list[float]] = {}
        for level in LEVELS:
            times, grades, oracles, fallbacks = [], [], [], 0
            for k in range(options.boards):
                begun = time.perf_counter()
                made = KIND.generate(KIND.parse_params(f"{size} {level}"), f"bench{k}")
                times.append(1000 * (time.perf_counter() - begun))
                low, high = GRADES[level]
                fallbacks += not low <= made.difficulty < high
                grades.append(made.difficulty)
                oracles.append(oracle(made, runs=options.runs))
            found[level] = oracles
            p95 = statistics.quantiles(times, n=20)[-1]
            print(
                f"| {size} | {level} | {spread(grades)} | {spread(oracles)} | "
                f"{statistics.median(times):.1f} / {p95:.1f} | {fallbacks} |"
            )
        easy, normal, hard = (found[level] for level in LEVELS)
        print(
            f"\n{size}, pairs out of order by the oracle: easy–hard "
            f"{out_of_order(easy, hard):.1%}, easy–normal {out_of_order(easy, normal):.1%}, "
            f"normal–hard {out_of_order(normal, hard):.1%}\n"
        )


if __name__ == "__main__":
    main()
