"""Helpers of the grade benchmarks (issue #37): a spread of values and how often an oracle puts
two levels' boards out of order."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from bench._timing import median, percentile


def spread(values: Sequence[float]) -> str:
    """'median / p10 / p90', three significant digits."""
    points = (median(values), percentile(values, 0.1), percentile(values, 0.9))
    return " / ".join(f"{v:.3g}" for v in points)


def out_of_order(easier: Sequence[float], harder: Sequence[float]) -> float:
    """The share of (easier, harder) pairs whose values are not strictly in order."""
    return sum(a >= b for a, b in product(easier, harder)) / max(1, len(easier) * len(harder))
