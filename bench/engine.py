"""Engine benchmark: check, generate and uniqueness figures (issue #2).

Run: ``python3 tasks.py bench`` or ``.venv/bin/python bench/engine.py``. Prints medians and
p95s in milliseconds, with references measured in the same run (the networkx oracle for the
checker, the plain non-unique generator for generation) so ratios compare across machines.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).parent)]

import networkx as nx  # noqa: E402
from _timing import median, p95, sample, table  # noqa: E402

from puzzle.pipes import check, deduce, generate, rotate, solve  # noqa: E402
from puzzle.pipes.generator import scramble, spanning_tree  # noqa: E402
from puzzle.prng import Rng  # noqa: E402

# Figures measured elsewhere, for context: the seed's datapack and Tatham's C generator.
SEED_DATAPACK_MS = {"check 10×10": 6.6, "generate 10×10": 13.0, "generate 20×20": 52.0}
TATHAM_C_MS = {10: 0.16, 20: 0.99}
TARGETS_MS = {10: 15.0, 20: 100.0, 26: 300.0}


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


def bench_generate() -> None:
    rows = []
    for side, runs in ((6, 60), (10, 60), (20, 40), (26, 30)):
        unique = sample_generate(side, runs, unique=True)
        free = sample_generate(side, runs, unique=False)
        difficulty = [generate(side, side, f"gen{k}").difficulty for k in range(10)]
        tatham = TATHAM_C_MS.get(side)
        rows.append(
            [
                f"{side}×{side}",
                f"{median(unique):.1f}",
                f"{p95(unique):.1f}",
                f"{median(free):.1f}",
                f"{median(unique) / median(free):.1f}×",
                f"{median(unique) / tatham:.0f}×" if tatham else "–",
                f"{TARGETS_MS[side]:.0f}" if side in TARGETS_MS else "–",
                f"{sum(difficulty) / len(difficulty):.2f}",
            ]
        )
    table(
        "generate (ms per puzzle)",
        [
            "board",
            "unique median",
            "unique p95",
            "free median",
            "unique/free",
            "vs Tatham C",
            "target",
            "difficulty",
        ],
        rows,
    )
    print(
        "  Tatham's C generator (measured elsewhere): 0.16 ms 10×10, 0.99 ms 20×20; "
        "must stay within 100×"
    )


def sample_generate(side: int, runs: int, unique: bool) -> list[float]:
    times = []
    for k in range(runs):
        times += sample(lambda k=k: generate(side, side, f"gen{k}", unique=unique), 1)
    return times


def bench_uniqueness() -> None:
    rows = []
    for side, count in ((6, 300), (10, 200), (20, 60)):
        unique_raw = deduced_raw = 0
        for k in range(count):
            rng = Rng(f"raw{side}-{k}")
            tree = spanning_tree(side, side, rng)
            tiles = scramble(side, side, tree, rng)
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
    print("  measured elsewhere for raw Prim: ~91% 6×6, ~64% 10×10, ~13% 20×20")


if __name__ == "__main__":
    bench_check()
    bench_generate()
    bench_uniqueness()
