"""Double Choco benchmark: generating boards with exactly one solution, by size and level,
and proving a board unique from scratch, against an exact-cover counter.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python -m kinds.choco.bench.speed [seeds]``. Prints
medians, p95s and maxima in milliseconds, one core. The targets: 8×8 p95 ≤ 1 s and 10×10
p95 ≤ 2 s (normal; hard too, issue 36). The reference, measured in the same run on the same
boards, is the tests' independent oracle (``tests/chocokit.py`` in this folder, pure-Python
exact cover, stopping at 2 solutions), the approach the notes measured at 5.4 s median at 8×8
before SAT.
Each generation row also splits its time between CaDiCaL (its ``solve`` calls) and the
Python around it (tiling, cuts, decoding models).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT / "tests")]

from pysat.solvers import Solver  # noqa: E402

from bench._timing import median, p95, table  # noqa: E402
from kinds.choco.engine import Grid, generate, solutions  # noqa: E402
from kinds.choco.engine import solver as choco_solver  # noqa: E402
from kinds.choco.tests.chocokit import count_solutions  # noqa: E402

#: (side, level, seeds, target p95 in ms or None).
ROWS = (
    (6, "normal", 40, None),
    (6, "hard", 40, None),
    (8, "easy", 40, None),
    (8, "normal", 40, 1000.0),
    (8, "hard", 40, None),
    (10, "easy", 30, None),
    (10, "normal", 30, 2000.0),
    (10, "hard", 20, 2000.0),
)
#: Boards per size on which the proof is timed against the oracle.
PROOFS = {6: 20, 8: 8}


class TimedSolver(Solver):
    """CaDiCaL, adding the seconds its ``solve`` calls take to ``inside``."""

    inside = 0.0

    def solve(self, assumptions: list[int] = []) -> bool | None:  # noqa: B006
        start = time.perf_counter()
        try:
            return super().solve(assumptions=assumptions)
        finally:
            TimedSolver.inside += time.perf_counter() - start


def timed(fn: object, *args: object) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn(*args)  # type: ignore[operator]
    return (time.perf_counter() - start) * 1000, out


def generation(scale: float) -> dict[int, list[Grid]]:
    """The generation table; the normal boards made, by side."""
    rows, made = [], {}
    for side, level, seeds, target in ROWS:
        times, numbers, tilings, grids = [], [], [], []
        TimedSolver.inside = 0.0
        for seed in range(max(3, int(seeds * scale))):
            ms, board = timed(generate, side, side, level, f"bench-{seed}")
            times.append(ms)
            numbers.append(sum(c is not None for c in board.grid.clues))
            tilings.append(board.tilings)
            grids.append(board.grid)
        if level == "normal":
            made[side] = grids
        sat = 100 * TimedSolver.inside * 1000 / sum(times)
        verdict = "" if target is None else ("met" if p95(times) <= target else "MISSED")
        rows.append((
            f"{side}x{side}", level, len(times), f"{median(times):.0f}", f"{p95(times):.0f}",
            f"{max(times):.0f}", f"{median(numbers):.0f}", max(tilings),
            f"{sat:.0f} / {100 - sat:.0f}%",
            "" if target is None else f"≤ {target:.0f} {verdict}",
        ))  # fmt: skip
    table(
        "Generation: a board proven to have one solution (ms)",
        (
            "size",
            "level",
            "boards",
            "median",
            "p95",
            "max",
            "numbers",
            "tilings max",
            "CaDiCaL / Python",
            "target",
        ),
        rows,
    )
    return made


def proofs(made: dict[int, list[Grid]]) -> None:
    """Uniqueness from scratch: our SAT search against the exact-cover oracle."""
    rows = []
    for side, count in PROOFS.items():
        ours, theirs = [], []
        for grid in made[side][:count]:
            ms, found = timed(solutions, grid, 2)
            other_ms, other = timed(count_solutions, grid, 2)
            assert len(found) == len(other) == 1, "the generator made a board that is not unique"
            ours.append(ms)
            theirs.append(other_ms)
        rows.append((
            f"{side}x{side}", len(ours), f"{median(ours):.0f}", f"{p95(ours):.0f}",
            f"{median(theirs):.0f}", f"{p95(theirs):.0f}",
            f"{median(theirs) / median(ours):.0f}×",
        ))  # fmt: skip
    table(
        "Proving a board unique from scratch (ms): SAT with cuts vs exact cover (oracle)",
        ("size", "boards", "SAT median", "SAT p95", "exact cover median", "p95", "ratio"),
        rows,
    )


def main() -> None:
    choco_solver.Solver = TimedSolver  # type: ignore[misc]
    scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    proofs(generation(scale))


if __name__ == "__main__":
    main()
