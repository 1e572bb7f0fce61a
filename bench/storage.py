"""Storage benchmark (issue #4): rotate round trips and sustained rotations per second.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python bench/storage.py``. Uses a real file
database in a temporary folder (WAL, synchronous=FULL). The reference, measured in the same
run, is a bare synchronous ``sqlite3`` transaction (one UPDATE + one INSERT, committed) on a
file with the same settings: the floor any SQLite storage pays per move.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).parent)]

from _timing import median, p95, table  # noqa: E402

from db import open_storage  # noqa: E402
from puzzle.pipes import generate  # noqa: E402

PUZZLE = generate(10, 10, "bench-storage", unique=False)
DEAD_ENDS = [1] * 100  # a board that never gets solved, so every rotation is accepted


def bare_sqlite(folder: Path, runs: int) -> list[float]:
    raw = sqlite3.connect(folder / "bare.sqlite3", isolation_level=None)
    raw.execute("PRAGMA journal_mode = WAL")
    raw.execute("PRAGMA synchronous = FULL")
    raw.execute("CREATE TABLE g (id INTEGER PRIMARY KEY, tiles TEXT, version INTEGER)")
    raw.execute("CREATE TABLE m (id INTEGER PRIMARY KEY, g INTEGER, cell INTEGER)")
    raw.execute("INSERT INTO g VALUES (1, '', 0)")
    times = []
    for k in range(runs):
        start = time.perf_counter()
        raw.execute("BEGIN IMMEDIATE")
        raw.execute("UPDATE g SET tiles = ?, version = version + 1 WHERE id = 1", (str(k),))
        raw.execute("INSERT INTO m (g, cell) VALUES (1, ?)", (k,))
        raw.execute("COMMIT")
        times.append((time.perf_counter() - start) * 1000)
    raw.close()
    return times


async def round_trips(folder: Path, runs: int) -> list[float]:
    async with await open_storage(folder / "trips.sqlite3") as store:
        game = await store.create_game(
            code=PUZZLE.code,
            width=10,
            height=10,
            source=PUZZLE.source,
            tiles=DEAD_ENDS,
            owner_id=1,
            mode="personal",
        )
        times = []
        for k in range(runs):
            start = time.perf_counter()
            await store.rotate(game.id, 1, k % 100, 1)
            times.append((time.perf_counter() - start) * 1000)
        return times


async def sustained(folder: Path, games: int, per_game: int) -> tuple[float, int, int]:
    async with await open_storage(folder / "load.sqlite3") as store:
        ids = [
            (
                await store.create_game(
                    code=PUZZLE.code,
                    width=10,
                    height=10,
                    source=PUZZLE.source,
                    tiles=DEAD_ENDS,
                    owner_id=g,
                    mode="personal",
                )
            ).id
            for g in range(games)
        ]

        async def player(game_id: int) -> None:
            for k in range(per_game):
                await store.rotate(game_id, game_id, (k * 13) % 100, 1)

        start = time.perf_counter()
        await asyncio.gather(*(player(i) for i in ids))
        elapsed = time.perf_counter() - start
        stored = sum([len(await store.moves(i)) for i in ids])
        versions = sum([(await store.game(i)).version for i in ids])
        return games * per_game / elapsed, stored, versions


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        reference = bare_sqlite(folder, 500)
        trips = asyncio.run(round_trips(folder, 500))
        rate, stored, versions = asyncio.run(sustained(folder, 100, 30))
    table(
        "rotate on a file database (ms)",
        ["what", "median", "p95", "ratio to bare sqlite3"],
        [
            [
                "Storage.rotate round trip (10×10)",
                f"{median(trips):.2f}",
                f"{p95(trips):.2f}",
                f"{median(trips) / median(reference):.1f}×",
            ],
            [
                "bare sqlite3 UPDATE+INSERT+COMMIT (ref)",
                f"{median(reference):.2f}",
                f"{p95(reference):.2f}",
                "1.0×",
            ],
        ],
    )
    print("  target: round trip < 2 ms median")
    table(
        "sustained load: 100 games, 30 rotations each, all concurrent",
        ["rotations/s", "moves stored", "versions", "target"],
        [[f"{rate:.0f}", stored, versions, "≥ 500/s, 3000 stored"]],
    )


if __name__ == "__main__":
    main()
