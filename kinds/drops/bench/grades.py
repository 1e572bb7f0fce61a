"""Ten Drops grades per level, beside the oracle written apart in the tests (issue 37).

Run: ``.venv/bin/python -m kinds.drops.bench.grades --boards 200`` (``--sizes 6x6,5x5,7x7``;
the daily's 6×6 by default). For each size and level: the grade's median / p10 / p90, the
oracle's, par and the optimal line's taps (median), generation time (CPU seconds, median /
p95: the machine is shared, so CPU time, not wall time) and the fallbacks (boards whose
grade missed the band: the nearest was taken); then the oracle's overlaps, the share of
pairs of boards out of order between neighbouring levels and between easy and hard
(targets: at most 5%, and 0).
"""

from __future__ import annotations

import time

from bench._grades import each_size, overlaps, spread
from bench._timing import median, p95, table
from kinds.drops.engine import KIND
from kinds.drops.engine.grade import distance
from kinds.drops.tests.grade_oracle import oracle
from puzzle.levels import LEVELS


def run(size: str, boards: int) -> None:
    rows, oracles = [], {}
    for name in LEVELS:
        params = KIND.parse_params(f"{size} {name}")
        grades, values, pars, taps, times, fallbacks = [], [], [], [], [], 0
        for k in range(boards):
            begun = time.process_time()
            made = KIND.generate(params, f"grade{k}")
            times.append(time.process_time() - begun)
            grades.append(made.difficulty)
            fallbacks += distance(made.difficulty, name) > 0
            values.append(oracle(made))
            pars.append(made.par)
            taps.append(len(made.solution.split()))
        oracles[name] = values
        rows.append(
            [
                name,
                spread(grades),
                spread(values),
                f"{median(pars):g} / {median(taps):g}",
                f"{median(times):.2f} / {p95(times):.2f}",
                fallbacks,
            ]
        )
    table(
        f"Ten Drops {size}, {boards} boards a level",
        [
            "level", "grade median / p10 / p90", "oracle median / p10 / p90",
            "par / taps (median)", "s median / p95", "fallbacks",
        ],
        rows,
    )  # fmt: skip
    print(overlaps(oracles, LEVELS))


if __name__ == "__main__":
    each_size(__doc__, 50, "6x6", run)
