"""Engine benchmark: check, generation against Tatham's C generator, levels, uniqueness.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python -m kinds.pipes.bench.engine``. Prints
medians and p95s in milliseconds, with references measured in the same run (the networkx
oracle for the checker, Simon Tatham's C generator built from ``tatham/`` beside this file
for generation) so ratios compare across machines.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import networkx as nx

from bench import _tatham
from bench._timing import median, p95, sample, table
from kinds.pipes.engine import LEVELS, check, deduce, generate, rotate, solve
from kinds.pipes.engine.generator import build, scramble, spanning_tree
from kinds.pipes.engine.v1 import generate_v1
from puzzle.prng import Rng, Stream

# Figures measured elsewhere, for context: the seed's datapack.
SEED_DATAPACK_MS = {"check 10×10": 6.6}


def networkx_check(width, height, tiles, source):
    graph = nx.Graph()
    graph.add_nodes_from(range(width * height))
    for i in range(width * height):
        if i % width < width - 1 and tiles[i] & 4 and tiles[i + 1] & 1:
            graph.add_edge(i, i + 1)
        if i + width < width * height and tiles[i] & 8 and tiles[i + width] & 2:
            graph.add_edge(i, i + width)
    flooded = nx.node_connected_component(graph, source[1] * width + source[0])
    loops = {v for c in nx.biconnected_components(graph) if len(c) >= 3 for v in c}
    return flooded, loops


def boards(side: int, count: int) -> list[tuple[int, ...]]:
    """Mid-game boards: solutions with some tiles turned (long pipes, dangling parts) and,
    every other board, tee tiles turned too (many loops)."""
    result = []
    for k in range(count):
        puzzle = generate(side, side, f"bench{k}", unique=False)
        rng = Rng(f"turns{k}")
        loopy = k % 2
        result.append(
            tuple(
                rotate(t, rng.below(4))
                if rng.below(4) == 0 or (loopy and t in (7, 11, 13, 14))
                else t
                for t in puzzle.solution
            )
        )
    return result


def bench_check() -> None:
    rows = []
    for side in (10, 20, 26):
        source = (side // 2, side // 2)
        tiles = boards(side, 40)
        ours, oracle = [], []
        for board in tiles:
            ours += sample(partial(check, side, side, board, source), 25)
            oracle += sample(partial(networkx_check, side, side, board, source), 5)
        loops = sum(bool(check(side, side, b, source).loops) for b in tiles)
        rows.append(
            [
                f"{side}×{side}",
                f"{median(ours):.3f}",
                f"{p95(ours):.3f}",
                f"{median(oracle):.3f}",
                f"{median(oracle) / median(ours):.1f}×",
                f"{loops}/{len(tiles)}",
            ]
        )
    table(
        "check (ms per call; mid-game boards, half of them with loops)",
        ["board", "median", "p95", "networkx median", "speed-up", "boards with loops"],
        rows,
    )
    print(
        f"  target: 20×20 median < 0.5 ms and ≥ 5× networkx; "
        f"seed datapack: {SEED_DATAPACK_MS['check 10×10']} ms per 10×10 check"
    )


#: Board sides timed against Tatham's C generator, and runs per side (60×60 varies most:
#: a tree Tatham drops costs him a whole new one).
GENERATE_SIDES = ((10, 90), (20, 120), (26, 60), (40, 60), (60, 60))
#: Issue 36's targets: unique generation at most this many times Tatham's median.
TARGET_RATIO = {20: 3.0, 40: 3.0, 60: 4.0}


def cpu_ms(fn: Callable[[], object]) -> float:
    """The CPU time of one call of ``fn``, in milliseconds (Tatham's harness measures his
    the same way)."""
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


@contextmanager
def one_core() -> Iterator[str]:
    """Pin this process, and the harness it starts, to one core: the last one it may use."""
    if not hasattr(os, "sched_setaffinity"):
        yield "not pinned (no sched_setaffinity here)"
        return
    allowed = os.sched_getaffinity(0)
    core = max(allowed)
    os.sched_setaffinity(0, {core})
    try:
        yield f"both pinned to core {core}, CPU time"
    finally:
        os.sched_setaffinity(0, allowed)


def bench_generate() -> None:
    """Unique generation against Tatham's C generator, on one core, in CPU time, interleaved
    in blocks so that the machine's drift hits both alike."""
    with one_core() as pinned:
        _bench_generate(pinned)


def _bench_generate(pinned: str) -> None:
    binary, how = _tatham.build(Path(__file__).parent / "tatham")
    rows, ours_medians, theirs_medians = [], [], []
    for side, runs in GENERATE_SIDES:
        ours: list[float] = []
        theirs: list[float] = []
        for block in range(3):
            if binary:
                theirs += _tatham.times(binary, runs // 3, f"bench{block}", side, side)
            for k in range(runs // 3):
                # build() is generate() without the size check (60×60 is beyond people's 40).
                rng = Stream(f"daily-pipes/v2/{side}x{side}-b{block}-{k}")
                ours.append(cpu_ms(partial(build, side, side, rng, True, False, "normal")))
        ours_medians.append(median(ours))
        theirs_medians.append(median(theirs) if theirs else float("nan"))
        ratio = median(ours) / median(theirs) if theirs else float("nan")
        target = TARGET_RATIO.get(side)
        # The frozen generator pipes/1 (before issue 14), where it finishes in reasonable time.
        old = [cpu_ms(partial(generate_v1, side, side, f"o{k}")) for k in range(4 * (side <= 40))]
        rows.append(
            [
                f"{side}×{side}",
                f"{median(ours):.2f}",
                f"{p95(ours):.2f}",
                f"{median(theirs):.3f}" if theirs else "–",
                f"{p95(theirs):.3f}" if theirs else "–",
                f"{ratio:.1f}×" if theirs else "–",
                f"≤ {target:.0f}×" + (" ok" if ratio <= target else " MISSED") if target else "–",
                f"{median(old):.1f} ({median(old) / median(ours):.1f}×)" if old else "–",
            ]
        )
    table(
        "unique generation (ms per puzzle, level normal) vs Tatham's C generator, same run",
        [
            "board",
            "ours median",
            "ours p95",
            "Tatham median",
            "Tatham p95",
            "ratio",
            "target",
            "pipes/1 median (slower by)",
        ],
        rows,
    )
    print(f"  Tatham's generator: {how}; {pinned}")
    cells = [side * side for side, _ in GENERATE_SIDES]
    ours_k = _exponent(cells, ours_medians)
    theirs_k = _exponent(cells, theirs_medians) if binary else float("nan")
    print(
        f"  growth {GENERATE_SIDES[0][0]}×{GENERATE_SIDES[0][0]} → "
        f"{GENERATE_SIDES[-1][0]}×{GENERATE_SIDES[-1][0]} as time ∝ cells^k (medians): "
        f"ours k = {ours_k:.2f}"
        + (
            f", Tatham k = {theirs_k:.2f}"
            + (" (target: no faster than his: ok)" if ours_k <= theirs_k else " (faster: MISSED)")
            if binary
            else ""
        )
    )


def _exponent(cells: list[int], medians: list[float]) -> float:
    """The least-squares slope of log(time) against log(cells)."""
    xs, ys = [math.log(c) for c in cells], [math.log(t) for t in medians]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )


def bench_levels() -> None:
    """Generation time and difficulty per level."""
    rows = []
    for side, runs in ((8, 30), (20, 15)):
        for level in LEVELS:
            made = []
            spent = []
            for k in range(runs):
                start = time.perf_counter()
                made.append(generate(side, side, f"lv{k}", level=level))
                spent.append((time.perf_counter() - start) * 1000)
            rows.append(
                [
                    f"{side}×{side}",
                    level,
                    f"{median(spent):.2f}",
                    f"{p95(spent):.2f}",
                    f"{sum(p.difficulty for p in made) / runs:.3f}",
                ]
            )
    table(
        "levels (ms per puzzle; difficulty = the grade, engine/grade.py)",
        ["board", "level", "median", "p95", "mean grade"],
        rows,
    )


def bench_uniqueness() -> None:
    rows = []
    for side, count in ((6, 300), (10, 200), (20, 60)):
        unique_raw = deduced_raw = 0
        for k in range(count):
            rng = Stream(f"raw{side}-{k}")
            tree = spanning_tree(side, side, rng)
            tiles = scramble(side, side, tree, rng, False)
            unique_raw += len(solve(side, side, tiles, (side // 2, side // 2), limit=2)) == 1
            deduced_raw += deduce(side, side, tiles).solved
        rows.append(
            [
                f"{side}×{side}",
                count,
                f"{100 * unique_raw / count:.0f}%",
                f"{100 * deduced_raw / count:.0f}%",
                "100%",
            ]
        )
    table(
        "share of puzzles with exactly one solution",
        ["board", "samples", "raw T-capped Prim", "raw, solved by deduction", "generate()"],
        rows,
    )
    print("  counted independently elsewhere for raw Prim: ~93% 6×6, ~63% 10×10, ~12% 20×20")


if __name__ == "__main__":
    bench_check()
    bench_generate()
    bench_levels()
    bench_uniqueness()
