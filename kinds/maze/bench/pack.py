"""Maze data pack benchmark (issue 25): what ``function maze:build`` costs in the game.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python -m kinds.maze.bench.pack``. Nothing here runs
Minecraft: the maze is built in the test world (tests/mcworld.py), which runs exactly the
pack's commands and counts them as the game counts its ``maxCommandChainLength``. Most mazes
are the tests' own (tests/mazeplans.py in this folder: depth-first spanning trees, long
corridors and few dead ends, optionally with loops); the rows marked "kind" are the maze
kind's 40×40 mazes, as the bot hands them to the pack (Prim, hard Prim, hard Kruskal), which
have more dead ends and so more wall runs to fill.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT / "tests")]

from mcworld import FILL_LIMIT, World  # noqa: E402

from bench._timing import median, sample, table  # noqa: E402
from kinds.maze.pack import MazePlan, build  # noqa: E402
from kinds.maze.pack.layout import chunk_points  # noqa: E402
from kinds.maze.tests.mazeplans import open_plan, random_plan  # noqa: E402
from puzzle import KINDS  # noqa: E402

#: Minecraft's default maxCommandChainLength: commands per top-level execution.
LIMIT = 65_536
WALL = "minecraft:stone_bricks"


#: The maze kind's mazes in the table: (name, parameters after the size).
KIND_MAZES = (("Prim", ""), ("hard Prim", "h"), ("hard Kruskal", "kh"))


def kind_maze(params: str) -> MazePlan:
    """A maze of the maze kind, loaded as the bot loads it for the pack."""
    kind = KINDS["maze"]
    return kind.load(kind.generate(kind.parse_params(params), "bench"))


def main() -> None:
    plans = [
        ("5×5", random_plan(5, 5, "bench")),
        ("12×7", random_plan(12, 7, "bench")),
        ("20×20", random_plan(20, 20, "bench")),
        ("30×30", random_plan(30, 30, "bench")),
        ("40×40", random_plan(40, 40, "bench")),
        *((f"40×40 kind {name}", kind_maze(f"40x40{suffix}")) for name, suffix in KIND_MAZES),
        ("40×40, 80 loops", random_plan(40, 40, "bench", loops=80)),
        ("40×40, no inner walls", open_plan(40, 40)),
        ("80×80 (largest)", random_plan(80, 80, "bench")),
    ]
    rows = []
    for label, plan in plans:
        _, blob = build(plan)
        zip_ms = sample(partial(build, plan), 5)
        world = World.from_zip(blob)
        world.reload()
        commands = world.run("maze:build", "Steve")
        fills = world.fills
        walls = [volume for block, *_, volume in fills if block == WALL]
        largest = max(volume for *_, volume in fills)
        placed = sum(1 for block in world.blocks.values() if block != "minecraft:air")
        rows.append(
            [
                label,
                commands,
                f"{100 * commands / LIMIT:.1f}%",
                len(fills),
                len(walls),
                f"{sum(volume for *_, volume in fills):,}",
                f"{placed:,}",
                f"{largest:,}",
                len(chunk_points(plan)),
                f"{len(blob) / 1024:.1f}",
                f"{median(zip_ms):.1f}",
            ]
        )
    table(
        f"maze:build: commands (Minecraft allows {LIMIT:,} per execution) and fills (at most "
        f"{FILL_LIMIT:,} blocks each)",
        [
            "maze",
            "commands",
            "of limit",
            "fills",
            "wall fills",
            "blocks filled",
            "solid blocks",
            "largest fill",
            "forceload adds",
            "zip KiB",
            "zip ms",
        ],
        rows,
    )
    print(
        "  blocks filled: every block a fill sets (the air cleared too; posts where runs meet"
        " twice)\n  solid blocks: the floor and walls left standing\n  forceload adds: one per"
        " chunk the area may touch (a few chunks twice), released after if the build forced it"
    )


if __name__ == "__main__":
    main()
