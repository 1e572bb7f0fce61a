"""Bot benchmark (issues #5, #36): a button click on a 10×10, from the raw INTERACTION_CREATE
payload to the recorded UPDATE_MESSAGE (database, check, render and encode included), with a
breakdown and the storage's share (statements SQLite runs, time in ``Storage.change``) on
SQLite and PostgreSQL; 200 clicks at once on one board and over 50 games (first responses,
the storage's time and statements per click); clicks per rotation with the button window.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python bench/bot.py``. Uses the offline
harness of the tests (real discord.py parsing, recorded HTTP) and a file database.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent), str(ROOT / "tests")]

import pgserver  # noqa: E402
from _clicks import button_presses  # noqa: E402
from _timing import median, p95, p99, table  # noqa: E402
from bot_process import open_board  # noqa: E402
from botkit import Harness  # noqa: E402
from countkit import counting  # noqa: E402

from bot import Settings, create_bot  # noqa: E402
from bot.board_message import board_message  # noqa: E402
from bot.kinds import FACES  # noqa: E402
from kinds.pipes.engine import cell_name, generate, turns_between  # noqa: E402

PLAYER = 1_400_000_000_000_000_001


async def start(folder: Path, url: str | None = None):
    where = {"database_url": url} if url else {"database_path": str(folder / "bench.sqlite3")}
    bot = create_bot(Settings(**where), sync_commands=False, schedule=False)
    harness = Harness(bot)
    await harness.start()
    return harness


async def open_game(harness, user: int, seed: str):
    """A 10×10 board: its game id, its message and the ids of its 15 tile buttons (a 5×3
    window: the arrows take a row of their own)."""
    game_id, message_id, tiles = await open_board(harness, user, "10x10", seed)
    assert len(tiles) == 15
    return game_id, message_id, tiles


class StorageTime:
    """The time a bot's storage spends in ``change``: each call's, and (SQLite) how long its
    writer's thread is busy, whoever waits."""

    def __init__(self, harness: Harness) -> None:
        self.calls: list[float] = []
        self.busy = 0.0
        storage = harness.bot.storage
        change = storage.change

        async def timed_change(*args, **kwargs):
            start_t = time.perf_counter()
            try:
                return await change(*args, **kwargs)
            finally:
                self.calls.append((time.perf_counter() - start_t) * 1000)

        storage.change = timed_change
        writer = getattr(storage, "_writer", None)
        if writer is not None:
            on_thread = writer._execute

            async def timed_execute(fn, *args, **kwargs):
                def run():
                    start_t = time.perf_counter()
                    try:
                        return fn(*args, **kwargs)
                    finally:
                        self.busy += (time.perf_counter() - start_t) * 1000

                return await on_thread(run)

            writer._execute = timed_execute


async def clicks(folder: Path, url: str | None = None) -> None:
    backend = "PostgreSQL" if url else "SQLite"
    harness = await start(folder, url)
    game_id, message_id, tiles = await open_game(harness, PLAYER, "bench")
    service = harness.bot.service
    spent = StorageTime(harness)
    total, play_ms, render_ms = [], [], []
    for k in range(300):
        start_t = time.perf_counter()
        made = await harness.click(message_id, tiles[k * 7 % 15], PLAYER)
        total.append((time.perf_counter() - start_t) * 1000)
        assert [r.callback_type for r in made] == [7], made
    storage_ms = spent.calls[:]
    async with counting(harness.bot.storage) as sent:
        await harness.click(message_id, tiles[0], PLAYER)
    # The same steps one by one, for the breakdown.
    for k in range(100):
        t0 = time.perf_counter()
        played = await service.play(game_id, PLAYER, cell_name(k % 5, k % 15 // 5))
        t1 = time.perf_counter()
        window = FACES["pipes"].windows(10, 10).around(0, 0)
        await board_message(harness.bot.workers, played.board, window, played.marks)
        t2 = time.perf_counter()
        play_ms.append((t1 - t0) * 1000)
        render_ms.append((t2 - t1) * 1000)
    unit = "statements" if url is None else "round trips"
    table(
        f"button click on a 10×10 on {backend} (ms): raw payload → recorded UPDATE_MESSAGE",
        ["part", "median", "p95", "p99", "share of the click (medians)"],
        [
            ["whole click", f"{median(total):.2f}", f"{p95(total):.2f}", f"{p99(total):.2f}", ""],
            [
                f"  storage: Storage.change ({len(sent)} {unit})",
                f"{median(storage_ms):.2f}",
                f"{p95(storage_ms):.2f}",
                f"{p99(storage_ms):.2f}",
                f"{median(storage_ms) / median(total):.0%}",
            ],
            [
                "  play (one transaction: load, rules, check, write)",
                f"{median(play_ms):.2f}",
                f"{p95(play_ms):.2f}",
                f"{p99(play_ms):.2f}",
                f"{median(play_ms) / median(total):.0%}",
            ],
            [
                "  board message: render + encode (worker), text, buttons",
                f"{median(render_ms):.2f}",
                f"{p95(render_ms):.2f}",
                f"{p99(render_ms):.2f}",
                f"{median(render_ms) / median(total):.0%}",
            ],
        ],
    )
    print(
        "  target: whole click < 15 ms median, < 40 ms p99; the rest is discord.py "
        "parsing, the view and the multipart body"
    )
    await harness.close()


def first_responses(harness: Harness, payloads: list[dict], start_t: float) -> list[float]:
    """Seconds from ``start_t`` to each interaction's first answer."""
    answered: dict[str, float] = {}
    for r in harness.requests:
        if r.callback_type is not None:
            token = r.path.rsplit("/", 2)[-2]
            answered.setdefault(token, r.at)
    return [answered[p["token"]] - start_t for p in payloads]


async def at_once(folder: Path, boards: int) -> list[object]:
    """200 clicks at once on ``boards`` boards (their owners' clicks): the row of a table."""
    harness = await start(folder)
    games = []
    for g in range(boards):
        games.append((PLAYER + g, *await open_game(harness, PLAYER + g, f"load{g}")))
    await harness.click(games[0][2], games[0][3][0], games[0][0])  # warm
    spent = StorageTime(harness)
    before = len(harness.requests)
    payloads = []
    async with counting(harness.bot.storage) as sent:
        start_t = time.perf_counter()
        for k in range(200):
            owner, _, message_id, tiles = games[k % boards]
            payloads.append(harness.press(message_id, tiles[k * 7 % 15], owner))
        await harness.settle()
        elapsed = time.perf_counter() - start_t
    firsts = first_responses(harness, payloads, start_t)
    answered = sum(1 for r in harness.requests[before:] if r.callback_type == 7)
    stored = sum([len(await harness.bot.storage.moves(g)) for _, g, _, _ in games]) - 1
    commits = sum(1 for s in sent if s == "COMMIT")
    await harness.close()
    return [
        f"{boards} board{'s' if boards > 1 else ''}",
        f"{median(firsts):.2f}",
        f"{p95(firsts):.2f}",
        f"{spent.busy / 200:.2f}",
        f"{spent.busy / (elapsed * 1000):.0%}",
        f"{len(sent) / 200:.1f} ({commits} commits)",
        f"{answered} / {stored}",
        len(harness.errors),
        f"{elapsed:.2f}",
    ]


async def concurrent(folder: Path) -> None:
    rows = [await at_once(folder / "one", 1), await at_once(folder / "fifty", 50)]
    table(
        "200 clicks at once on SQLite (first response: s from the first payload)",
        [
            "on",
            "first response p50",
            "p95",
            "writer busy per click (ms)",
            "share of the run",
            "statements per click",
            "boards answered / moves stored",
            "errors",
            "seconds",
        ],
        rows,
    )
    print("  target: first response p95 < 1 s")


async def on_postgres(folder: Path) -> None:
    """The click on PostgreSQL, on a throwaway server (skipped where none can run)."""
    try:
        server = pgserver.PostgresServer.start()
    except pgserver.Unavailable as why:
        print(f"\nPostgreSQL skipped: {why}")
        return
    os.environ[pgserver.ENV] = server.url
    try:
        await clicks(folder, await pgserver.database_for(folder))
    finally:
        server.stop()


def clicks_per_rotation() -> list[list[str]]:
    """Solve puzzles with the buttons as a player would: start on the window with the
    source, walk the grid of windows row by row in snake order from there (then the windows
    before it), each arrow click one window, and in each window turn the tiles one
    clockwise turn short with one ↺ click (switching the mode there and back), the others
    clockwise. The reference in the same run: the
    same walk with clockwise clicks only (what the buttons did before the mode). Clicks per
    quarter turn = (tile clicks + mode switches + window moves) / clockwise quarter turns."""
    rows = []
    for side in (8, 10, 20):
        quarter = clicks = moves = clockwise_only = 0
        for k in range(20):
            puzzle = generate(side, side, f"clicks{k}")
            grid = FACES["pipes"].windows(side, side)
            needed = [
                turns_between(t, s) for t, s in zip(puzzle.tiles, puzzle.solution, strict=True)
            ]

            def window(cells, needed=needed):
                turns = [needed[c] for c in cells]
                return sum(1 if t == 3 else t for t in turns) + (2 if 3 in turns else 0)

            made, walked = button_presses(grid, puzzle.source, side, window)
            plain, _ = button_presses(
                grid, puzzle.source, side, lambda cells, n=needed: sum(n[c] for c in cells)
            )
            quarter += sum(needed)
            clicks += made
            moves += walked
            clockwise_only += plain
        ratio = (clicks + moves) / quarter
        before = (clockwise_only + moves) / quarter
        rows.append([f"{side}×{side}", quarter, clicks, moves, f"{ratio:.3f}", f"{before:.3f}"])
    table(
        "clicks per quarter turn with ↻/↺ tile buttons in a window of buttons (20 puzzles each)",
        [
            "board",
            "quarter turns",
            "tile clicks and mode switches",
            "window moves",
            "clicks per quarter turn",
            "clockwise only (ref)",
        ],
        rows,
    )
    print("  target: ≤ 0.85 on 10×10")
    return rows


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        asyncio.run(clicks(Path(name)))
    with tempfile.TemporaryDirectory() as name:
        asyncio.run(on_postgres(Path(name)))
    with tempfile.TemporaryDirectory() as name:
        asyncio.run(concurrent(Path(name)))
    clicks_per_rotation()


if __name__ == "__main__":
    main()
