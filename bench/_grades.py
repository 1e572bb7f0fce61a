"""Helpers of the grade benchmarks (issue #37): a spread of values and how often an oracle puts
two levels' boards out of order."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from itertools import pairwise, product

from bench._timing import median, percentile


def spread(values: Sequence[float]) -> str:
    """'median / p10 / p90', three significant digits."""
    points = (median(values), percentile(values, 0.1), percentile(values, 0.9))
    return " / ".join(f"{v:.3g}" for v in points)


def out_of_order(easier: Sequence[float], harder: Sequence[float]) -> float:
    """The share of (easier, harder) pairs whose values are not strictly in order."""
    return sum(a >= b for a, b in product(easier, harder)) / max(1, len(easier) * len(harder))


def overlaps(oracles: dict[str, Sequence[float]], levels: Sequence[str]) -> str:
    """'  oracle overlaps: easy–normal 0.0%, …': each neighbouring pair of levels, then the
    first against the last."""
    pairs = [*pairwise(levels), (levels[0], levels[-1])]
    shares = (f"{a}–{b} {out_of_order(oracles[a], oracles[b]):.1%}" for a, b in pairs)
    return "  oracle overlaps: " + ", ".join(shares)


def each_size(doc: str, boards: int, sizes: str, run: Callable[[str, int], None]) -> None:
    """The command line of a bench that measures ``--boards`` boards a level at each of
    ``--sizes`` (comma-separated): ``run(size, boards)`` for each."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--boards", type=int, default=boards)
    parser.add_argument("--sizes", default=sizes)
    args = parser.parse_args()
    for size in args.sizes.split(","):
        run(size, args.boards)
