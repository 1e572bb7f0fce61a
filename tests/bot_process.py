"""One bot process for the multi-process tests and benchmarks: the real bot (``create_bot``,
real discord.py dispatch through the offline harness) on a shared database, its own shards.

It starts, opens ``--games`` boards (one player each), prints ``{"ready": …}`` and waits for a
line on stdin; then each player clicks their board ``--clicks`` times, one click after the
other (all players at once), while the daily poster ticks if ``--tick``. Every click whose
answer is the updated board prints ``{"ack": interaction id, "game": id, "ms": latency}``,
flushed, after the answer was sent: an acknowledged move. Last comes ``{"done": …}``.

Usage: python tests/bot_process.py --database PATH|URL [--shard-count N --shard-ids I,J]
       [--games G] [--clicks K] [--size 8x8] [--user-base U] [--tick] [--now ISO]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from botkit import Harness

from bot import Settings, create_bot


def say(**fields: object) -> None:
    print(json.dumps(fields), flush=True)


async def open_board(harness: Harness, user: int, size: str, seed: str) -> tuple[int, int, list]:
    """A new board of ``user``: its game id, its message id and its tile buttons."""
    await harness.command("new", user, size=size, seed=seed)
    game = (await harness.bot.storage.unfinished_games(user))[0]
    tiles = [
        c["custom_id"]
        for row in harness.messages[game.message_id]["components"]
        for c in row["components"]
        if c["custom_id"].startswith("pipes:t:")
    ]
    return game.id, game.message_id, tiles


async def play(harness: Harness, user: int, board: tuple[int, int, list], clicks: int) -> None:
    game_id, message_id, tiles = board
    for k in range(clicks):
        payload = harness.click_payload(message_id, tiles[k * 7 % len(tiles)], user, True)
        start = time.perf_counter()
        answer = await harness.answered(payload)
        if answer == 6:  # deferred (it waited for the board's lock): its board comes after
            answer = await edited(harness, payload["token"])
        if answer == 7:  # the updated board: the move is stored and shown
            say(ack=int(payload["id"]), game=game_id, ms=(time.perf_counter() - start) * 1000)


async def edited(harness: Harness, token: str) -> int:
    """Wait for a deferred click's board (the original response edited: 7, as an update
    would have answered); 0 if it was answered otherwise (a sentence)."""
    while True:
        mine = [r for r in harness.requests if token in r.path and r.callback_type is None]
        if any(r.method == "PATCH" and r.files for r in mine):
            return 7
        if any(r.method == "POST" for r in mine):
            return 0
        await asyncio.sleep(0.002)


async def main(args: argparse.Namespace) -> None:
    where = {"database_url" if "://" in args.database else "database_path": args.database}
    shards = {}
    if args.shard_count:
        shards = {"shard_count": args.shard_count}
        if args.shard_ids:
            shards["shard_ids"] = tuple(int(i) for i in args.shard_ids.split(","))
    now = datetime.fromisoformat(args.now) if args.now else None
    bot = create_bot(
        Settings(workers=0, stock=0, **where, **shards),
        clock=(lambda: now) if now else lambda: datetime.now(UTC),
        sync_commands=False,
        schedule=False,
    )
    harness = Harness(bot)
    await harness.start()
    users = [args.user_base + g for g in range(args.games)]
    boards = [await open_board(harness, u, args.size, f"p{u}") for u in users]
    say(ready=[b[0] for b in boards])
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    start = time.perf_counter()
    work = [play(harness, u, b, args.clicks) for u, b in zip(users, boards, strict=True)]
    if args.tick:
        work.append(bot.poster.tick())
    done = await asyncio.gather(*work)
    say(done={"seconds": time.perf_counter() - start, "posted": done[-1] if args.tick else 0})
    await harness.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", required=True)
    parser.add_argument("--shard-count", type=int, default=0)
    parser.add_argument("--shard-ids", default="")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--clicks", type=int, default=50)
    parser.add_argument("--size", default="8x8")
    parser.add_argument("--user-base", type=int, default=1_500_000_000_000_000_000)
    parser.add_argument("--tick", action="store_true")
    parser.add_argument("--now", default="")
    asyncio.run(main(parser.parse_args()))
