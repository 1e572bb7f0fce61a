"""The weekly ramp (issue #37): every graded kind's weekly daily over 30 days from a Monday,
made as the poster makes them (the daily's seed of each date), its grade
(``Generated.difficulty``) and the oracle its tests wrote apart
(``kinds/<kind>/tests/grade_oracle.py``) by weekday, and how often the oracle puts a Monday
or Tuesday daily at or above a weekend one. Each kind's ``bench/grades.py`` prints its levels
over 200 boards.

Run: ``.venv/bin/python bench/weekly.py [--days 30] [--kinds pipes mines]``. Target: the ramp
climbs from Monday to the weekend (0% of early-week dailies at or above a weekend one).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent)]

from _grades import out_of_order, spread  # noqa: E402
from _timing import table  # noqa: E402

from play.daily import daily_seed  # noqa: E402
from puzzle import KINDS, Generated, Graded  # noqa: E402
from puzzle.levels import WEEKLY  # noqa: E402

#: The first day of the weekly ramp measured (a Monday).
MONDAY = date(2026, 11, 30)
SECRET = "bench-weekly"
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def oracle_of(kind: str) -> Callable[[Generated], float]:
    """The kind's oracle, written in its tests apart from its engine."""
    return importlib.import_module(f"kinds.{kind}.tests.grade_oracle").oracle


def measure(kind: str, params: str, seed: str) -> tuple[float, float]:
    """One daily: its grade and the oracle's measure."""
    engine = KINDS[kind]
    made = engine.generate(engine.parse_params(params), seed)
    return made.difficulty, oracle_of(kind)(made)


def weekly(pool: ProcessPoolExecutor, kind: str, days: int) -> None:
    """The kind's weekly daily over ``days`` days from a Monday: grade and oracle by weekday."""
    engine = KINDS[kind]
    choice = next(c for c in engine.daily_presets if c.endswith(f" {WEEKLY}"))
    dates = [MONDAY + timedelta(days=k) for k in range(days)]
    params = [engine.format_params(engine.daily(choice, day)) for day in dates]
    seeds = [daily_seed(SECRET, p, day, kind) for p, day in zip(params, dates, strict=True)]
    found = list(pool.map(measure, [kind] * days, params, seeds))
    rows = []
    for weekday, name in enumerate(WEEKDAYS):
        picked = [f for f, day in zip(found, dates, strict=True) if day.weekday() == weekday]
        level = engine.daily(choice, MONDAY + timedelta(days=weekday)).level
        rows.append([
            name, level, len(picked), spread([g for g, _ in picked]),
            spread([o for _, o in picked]),
        ])  # fmt: skip
    table(
        f"{engine.title} `{choice}`: {days} dailies by weekday",
        ["day", "level", "dailies", "grade median (p10–p90)", "oracle median (p10–p90)"],
        rows,
    )
    oracle = {w: [o for (_, o), d in zip(found, dates, strict=True) if d.weekday() in w]
              for w in ((0, 1), (2, 3, 4), (5, 6))}  # fmt: skip
    early, middle, weekend = oracle.values()
    print(
        f"  oracle out of order: Mon–Tue ≥ Wed–Fri {out_of_order(early, middle):.1%}, "
        f"Wed–Fri ≥ weekend {out_of_order(middle, weekend):.1%}, "
        f"Mon–Tue ≥ weekend {out_of_order(early, weekend):.1%} of pairs"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--kinds", nargs="*", default=sorted(KINDS))
    options = parser.parse_args()
    with ProcessPoolExecutor() as pool:
        for kind in options.kinds:
            if not isinstance(KINDS[kind], Graded):
                print(f"\n{KINDS[kind].title}: not graded")
                continue
            weekly(pool, kind, options.days)


if __name__ == "__main__":
    main()
