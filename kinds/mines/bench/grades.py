"""Minesweeper grades per level, beside the oracle written apart in the tests (issue 37).

Run: ``.venv/bin/python -m kinds.mines.bench.grades --boards 200`` (``--sizes 9x9,16x16,30x16``;
the daily's 9×9 and 16×16 by default: the oracle's exhaustive enumeration takes up to seconds
a board on 30×16). For each size and level: the grade's median / p10 / p90, the oracle's, the
share of the safe cells the first opening opens (median), generation time (CPU, median /
p95) and the fallbacks (boards whose grade missed the band: the nearest was taken); then the
oracle's overlaps, the share of pairs of boards out of order between neighbouring levels and
between easy and hard (targets: at most 5%, and 0).
"""

from __future__ import annotations

import time

from bench._grades import each_size, overlaps, spread
from bench._timing import median, p95, table
from kinds.mines.engine import KIND
from kinds.mines.engine.grade import level
from kinds.mines.tests.grade_oracle import oracle, replay
from puzzle.levels import LEVELS


def run(size: str, boards: int) -> None:
    rows, oracles = [], {}
    for name in LEVELS:
        params = KIND.parse_params(f"{size} {name}")
        grades, values, opened, times, fallbacks = [], [], [], [], 0
        for k in range(boards):
            begun = time.process_time()
            made = KIND.generate(params, f"grade{k}")
            times.append((time.process_time() - begun) * 1000)
            grades.append(made.difficulty)
            fallbacks += level(made.difficulty) != name
            values.append(oracle(made))
            opened.append(1 - replay(made).closed)
        oracles[name] = values
        rows.append(
            [
                name,
                spread(grades),
                spread(values),
                f"{median(opened):.0%}",
                f"{median(times):.1f} / {p95(times):.1f}",
                fallbacks,
            ]
        )
    table(
        f"Minesweeper {size}, {boards} boards a level",
        [
            "level", "grade median / p10 / p90", "oracle median / p10 / p90",
            "first opening opens", "ms median / p95", "fallbacks",
        ],
        rows,
    )  # fmt: skip
    print(overlaps(oracles, LEVELS))


if __name__ == "__main__":
    each_size(__doc__, 50, "9x9,16x16", run)
