"""Timing helpers shared by the benchmarks: medians, p95s and plain tables."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence


def sample(fn: Callable[[], object], runs: int) -> list[float]:
    """Wall times of ``runs`` calls of ``fn``, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def median(times: Sequence[float]) -> float:
    return statistics.median(times)


def percentile(times: Sequence[float], share: float) -> float:
    """The value below which ``share`` of the times fall (nearest rank)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def p95(times: Sequence[float]) -> float:
    return percentile(times, 0.95)


def p99(times: Sequence[float]) -> float:
    return percentile(times, 0.99)


def table(title: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """Print a left-aligned text table."""
    cells = [list(map(str, header))] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[k]) for row in cells) for k in range(len(header))]
    print(f"\n{title}")
    for n, row in enumerate(cells):
        print("  " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))
        if n == 0:
            print("  " + "  ".join("-" * w for w in widths))
