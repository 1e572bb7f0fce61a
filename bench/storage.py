"""Storage benchmark: a click's engine + storage path among many active games, the change
round trip against bare sqlite3, and sustained concurrent changes.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python bench/storage.py``. Uses a real file
database in a temporary folder (WAL, synchronous=FULL). References measured in the same run:
a bare synchronous ``sqlite3`` transaction (one UPDATE + one INSERT, committed), the floor
any SQLite storage pays per move; and the engine's own work for a 26×26 move (apply + check).
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).parent)]

from _timing import median, p95, p99, sample, table  # noqa: E402

import play  # noqa: E402
from db import Change  # noqa: E402
from kinds.pipes.engine import KIND, Params, State, cell_name  # noqa: E402
from play import GameService  # noqa: E402

ACTIVE_GAMES = 500
CLICKS = 2000


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


def engine_move(side: int, runs: int) -> list[float]:
    """The engine alone: apply one turn and check a side × side board."""
    puzzle = KIND.load(KIND.generate(Params(side, side, unique=False), "bench-engine"))
    state = KIND.initial_state(puzzle)
    moves = KIND.parse_moves(puzzle, state, "C4")
    return sample(lambda: KIND.status(puzzle, KIND.apply(puzzle, state, moves).state), runs)


async def clicks_among_active_games(folder: Path) -> tuple[list[float], int, int]:
    """Clicks on 26×26 games spread over ``ACTIVE_GAMES`` games of distinct puzzles, each
    the path of a button: one change (load, rules, write) in one transaction.
    Returns the times, how many puzzles were generated while clicking, and moves stored."""
    store = await play.open_storage(folder / "active.sqlite3")
    service = GameService(store)
    try:
        games = []
        for k in range(ACTIVE_GAMES):
            made = KIND.generate(Params(26, 26, unique=False), f"active-{k}")
            stored = await store.store_puzzle(made)
            state = KIND.initial_state(KIND.load(stored))
            games.append(
                await store.create_game(puzzle=stored, state=state, owner_id=k, mode="personal")
            )
        play.load.cache_clear()  # clicks start cold, as after a restart
        generated = 0
        original = KIND.generate

        def counting(*args, **kwargs):
            nonlocal generated
            generated += 1
            return original(*args, **kwargs)

        KIND.generate = counting
        times = []
        for k in range(CLICKS):
            game = games[(k * 7919) % ACTIVE_GAMES]
            cell = (k * 31) % (26 * 26)
            start = time.perf_counter()
            name = cell_name(cell % 26, cell // 26)
            await service.play(game.id, game.owner_id, name, interaction_id=10**6 + k)
            times.append((time.perf_counter() - start) * 1000)
        KIND.generate = original
        stored_moves = sum([len(await store.moves(g.id)) for g in games])
        return times, generated, stored_moves
    finally:
        await store.close()


def _turn(cell: int):
    """Rules that turn one tile of a 10×10 game clockwise."""

    def rules(game, now):
        tiles = list(game.state.tiles)
        tiles[cell] = (tiles[cell] << 1 | tiles[cell] >> 3) & 15
        return Change(State(tuple(tiles)), (cell_name(cell % 10, cell // 10),), turns=1)

    return rules


async def round_trips(folder: Path, runs: int) -> list[float]:
    store = await play.open_storage(folder / "trips.sqlite3")
    try:
        stored = await store.store_puzzle(KIND.generate(Params(10, 10, False), "bench-trips"))
        game = await store.create_game(
            puzzle=stored, state=State((1,) * 100), owner_id=1, mode="personal"
        )
        times = []
        for k in range(runs):
            start = time.perf_counter()
            await store.change(game.id, 1, _turn(k % 100))
            times.append((time.perf_counter() - start) * 1000)
        return times
    finally:
        await store.close()


async def sustained(folder: Path, games: int, per_game: int) -> tuple[float, int, int]:
    store = await play.open_storage(folder / "load.sqlite3")
    try:
        stored = await store.store_puzzle(KIND.generate(Params(10, 10, False), "bench-load"))
        ids = [
            (
                await store.create_game(
                    puzzle=stored, state=State((1,) * 100), owner_id=g, mode="personal"
                )
            ).id
            for g in range(games)
        ]

        async def player(game_id: int) -> None:
            for k in range(per_game):
                await store.change(game_id, game_id, _turn((k * 13) % 100))

        start = time.perf_counter()
        await asyncio.gather(*(player(i) for i in ids))
        elapsed = time.perf_counter() - start
        moves = sum([len(await store.moves(i)) for i in ids])
        versions = 0
        for i in ids:
            game = await store.game(i)
            assert game is not None
            versions += game.version
        return games * per_game / elapsed, moves, versions
    finally:
        await store.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        reference = bare_sqlite(folder, 500)
        engine = engine_move(26, 500)
        clicks, generated, stored = asyncio.run(clicks_among_active_games(folder))
        trips = asyncio.run(round_trips(folder, 500))
        rate, moves, versions = asyncio.run(sustained(folder, 100, 30))
    table(
        f"a click on a 26×26 game among {ACTIVE_GAMES} active games: engine + storage (ms)",
        ["what", "median", "p95", "p99", "target"],
        [
            [
                f"service.play, {CLICKS} clicks",
                f"{median(clicks):.2f}",
                f"{p95(clicks):.2f}",
                f"{p99(clicks):.2f}",
                "median ≤ 10, p99 ≤ 25",
            ],
            [
                "engine alone: apply + check 26×26 (ref)",
                f"{median(engine):.2f}",
                f"{p95(engine):.2f}",
                f"{p99(engine):.2f}",
                "",
            ],
        ],
    )
    print(f"  puzzles generated while clicking: {generated} (target 0); moves stored: {stored}")
    table(
        "Storage.change on a file database (ms)",
        ["what", "median", "p95", "ratio to bare sqlite3"],
        [
            [
                "change round trip (10×10)",
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
    table(
        "sustained load: 100 games, 30 changes each, all concurrent",
        ["changes/s", "moves stored", "versions", "target"],
        [[f"{rate:.0f}", moves, versions, "≥ 500/s, 3000 stored"]],
    )


if __name__ == "__main__":
    main()
