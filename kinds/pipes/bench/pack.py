"""Datapack benchmark (issues #6, #15): building both zips, the commands one click costs,
and the command budget of every top-level execution.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python -m kinds.pipes.bench.pack``. Nothing here runs
Minecraft: the command counts come from the test interpreter (tests/mcinterp.py), which
executes exactly the pack's commands. The seed design measured 6.6 ms of game time per
10×10 check; commands per click is the machine-independent figure to compare against.
"""

from __future__ import annotations

import random
import sys
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT / "tests")]

from mcinterp import Interpreter  # noqa: E402

from bench._timing import median, p95, sample, table  # noqa: E402
from kinds.pipes.engine import from_code  # noqa: E402
from kinds.pipes.pack import build  # noqa: E402
from kinds.pipes.pack.functions import functions  # noqa: E402
from kinds.pipes.tests.packkit import LIMIT, budget  # noqa: E402


def main() -> None:
    rows = []
    for code in ("6x6-bench", "10x10-bench", "20x20-bench"):
        puzzle = from_code(code)
        build_ms = sample(partial(build, puzzle), 5)
        machine = Interpreter(functions(puzzle))
        machine.function("pipes:load")
        machine.function("pipes:start")
        counts = []
        rng = random.Random(code)
        for _ in range(30):
            before = machine.commands
            machine.scores["Steve", "pipes.click"] = rng.randrange(len(puzzle.tiles)) + 1
            machine.function("pipes:tick")
            counts.append(machine.commands - before)
        n = len(puzzle.tiles)
        rows.append(
            [
                puzzle.size,
                f"{median(build_ms):.0f}",
                f"{median(counts):.0f}",
                f"{p95(counts):.0f}",
                f"{median(counts) / n:.1f}",
            ]
        )
    table(
        "data pack: build time and commands per click (check + dialog included)",
        ["board", "build both zips ms", "commands/click median", "p95", "per tile"],
        rows,
    )
    rows = []
    for side in (6, 20, 26):
        costs = budget(from_code(f"{side}x{side}-budget"))
        worst = max(costs.click, costs.busy_tick, costs.start)
        rows.append(
            [
                f"{side}×{side}",
                costs.click,
                costs.busy_tick,
                costs.start,
                f"{100 * worst / LIMIT:.0f}%",
            ]
        )
    table(
        f"command budget: commands per top-level execution (Minecraft allows {LIMIT:,})",
        [
            "board",
            "one click (near-solved board)",
            "tick with 8 players clicking",
            "pipes:start, 10 players",
            "worst of limit",
        ],
        rows,
    )
    print(
        "  clicks made in one tick are queued: one is handled per tick, oldest first "
        "(the others wait a tick each)"
    )


if __name__ == "__main__":
    main()
