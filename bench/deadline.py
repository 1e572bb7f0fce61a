"""Deadline benchmark (issue 12): 32 interactions arriving at once — 16 ``/pipes new 26x26``
and 16 clicks on 10×10 boards — and the time until each gets its first response (Discord
fails an interaction not answered within 3 s; the target is 2.5 s on this 2-core machine);
then click throughput on 10×10 boards.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python bench/deadline.py``. Uses the offline
harness (real discord.py parsing and dispatch, recorded HTTP) and a file database. The
reference in the same run is one click alone.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).parent)]

from _timing import median, p95, table  # noqa: E402

from bot import Settings, create_bot  # noqa: E402
from playground.offline import Harness  # noqa: E402

PLAYER = 1_400_000_000_000_000_001


async def start(folder: Path) -> Harness:
    bot = create_bot(
        Settings(database_path=str(folder / "deadline.sqlite3")),
        sync_commands=False,
        schedule=False,
    )
    harness = Harness(bot)
    await harness.start()
    return harness


async def boards(harness: Harness, count: int, size: str) -> list[tuple[int, list[str]]]:
    """``count`` public boards of distinct players: (message id, its tile buttons' ids)."""
    made = []
    for k in range(count):
        user = PLAYER + k
        await harness.command("new", user, group="pipes", size=size, seed=f"deadline-{k}")
        game = (await harness.bot.storage.unfinished_games(user))[0]
        rows = harness.messages[game.message_id]["components"]
        tiles = [c["custom_id"] for row in rows for c in row["components"]]
        made.append((game.message_id, [t for t in tiles if t.startswith("pipes:t:")]))
    return made


def first_responses(harness: Harness, payloads: list[dict], start: float) -> list[float]:
    """Seconds from ``start`` to each interaction's first callback."""
    times = []
    for payload in payloads:
        token = payload["token"]
        first = min(
            r.at for r in harness.requests if r.callback_type is not None and token in r.path
        )
        times.append(first - start)
    return times


async def burst(folder: Path) -> tuple[list[float], list[float], float, float]:
    harness = await start(folder)
    try:
        targets = await boards(harness, 16, "10x10")
        alone = []
        for k in range(20):
            message_id, tiles = targets[k % 16]
            t0 = time.perf_counter()
            made = await harness.click(message_id, tiles[k % 20], PLAYER + k % 16)
            alone.append(time.perf_counter() - t0)
            assert [r.callback_type for r in made] == [7], made
        news = [
            harness.command_payload(
                "new", PLAYER + 100 + k, group="pipes", size="26x26", seed=f"rush-{k}"
            )
            for k in range(16)
        ]
        clicks = [
            harness.click_payload(message_id, tiles[12], PLAYER + k, True)
            for k, (message_id, tiles) in enumerate(targets)
        ]
        running = asyncio.all_tasks()
        t0 = time.perf_counter()
        for new, click in zip(news, clicks, strict=True):
            harness.deliver(new)
            harness.deliver(click)
        await harness.settle(running)
        done = time.perf_counter() - t0
        assert not harness.errors, harness.errors
        return (
            first_responses(harness, news, t0),
            first_responses(harness, clicks, t0),
            done,
            median(alone),
        )
    finally:
        await harness.close()


async def throughput(folder: Path, games: int, per_game: int) -> tuple[float, int, int]:
    """``games`` players clicking their own 10×10 board, each as soon as the previous click
    was answered. Returns clicks/s, moves stored and clicks that had to be deferred."""
    harness = await start(folder)
    try:
        targets = await boards(harness, games, "10x10")

        async def player(g: int, message_id: int, tiles: list[str]) -> None:
            for k in range(per_game):
                payload = harness.click_payload(
                    message_id, tiles[(k * 7 + g) % 20], PLAYER + g, True
                )
                await harness.answered(payload)

        running = asyncio.all_tasks()
        t0 = time.perf_counter()
        await asyncio.gather(*(player(g, *target) for g, target in enumerate(targets)))
        elapsed = time.perf_counter() - t0
        await harness.settle(running)
        assert not harness.errors, harness.errors
        played = [(await harness.bot.storage.unfinished_games(PLAYER + g))[0] for g in range(games)]
        stored = sum([len(await harness.bot.storage.moves(game.id)) for game in played])
        deferred = sum(1 for r in harness.requests if r.callback_type == 6)
        return games * per_game / elapsed, stored, deferred
    finally:
        await harness.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        news, clicks, done, alone = asyncio.run(burst(Path(name)))
    everything = news + clicks
    table(
        "32 interactions at once: 16 /pipes new 26x26 + 16 clicks on 10×10 (first response, s)",
        ["interactions", "median", "p95", "max", "target"],
        [
            [label, f"{median(t):.3f}", f"{p95(t):.3f}", f"{max(t):.3f}", "max ≤ 2.5"]
            for label, t in (("/pipes new 26x26", news), ("clicks", clicks), ("all", everything))
        ],
    )
    print(
        f"  all 32 answered in full after {done:.2f} s; one click alone (ref): "
        f"{alone * 1000:.1f} ms"
    )
    with tempfile.TemporaryDirectory() as name:
        rate, stored, deferred = asyncio.run(throughput(Path(name), 50, 12))
    table(
        "click throughput on 10×10 boards: 50 players × 12 clicks, each click sent when the "
        "last was answered",
        ["clicks/s", "moves stored", "deferred", "target"],
        [[f"{rate:.0f}", stored, deferred, "≥ 300/s, 600 stored"]],
    )


if __name__ == "__main__":
    main()
