"""`/<kind> new` of every preset (issue #36), from the raw INTERACTION_CREATE payload to the
recorded board message, with the worker processes the bot runs by default: with the stock
warm (a fresh puzzle ready, refilled untimed between runs) against the stock empty (the
puzzle generated when asked for, as before the stock), in one run.

Run: ``.venv/bin/python bench/newboard.py [RUNS]`` (default 6 runs per preset and way). The
issue's target: with the stock warm, p95 ≤ 1 s for every kind and preset.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent), str(ROOT / "tests")]

import discord  # noqa: E402
from _timing import median, p95, table  # noqa: E402
from botkit import Harness  # noqa: E402

from bot import Settings, create_bot  # noqa: E402
from bot.kinds import FACES  # noqa: E402
from playground.options import Server, read  # noqa: E402

PLAYER = 1_400_000_000_000_000_001
TARGET_MS = 1000.0
NOBODY = Server(members=(), roles=(), channels=())


async def start(folder: Path, stock: int) -> Harness:
    settings = Settings(database_path=str(folder / f"stock{stock}.sqlite3"), stock=stock)
    harness = Harness(create_bot(settings, sync_commands=False, schedule=False))
    await harness.start()
    return harness


async def timed_new(harness: Harness, kind: str, preset: str, user: int) -> float:
    """Milliseconds from the payload of ``/<kind> new <preset>`` to its board message."""
    group = harness.bot.tree.get_command(kind)
    assert isinstance(group, discord.app_commands.Group)
    command = group.get_command("new")
    assert isinstance(command, discord.app_commands.Command)
    engine = FACES[kind].kind
    parsed = engine.parse_params(preset)
    width, height = engine.size(parsed)
    level = getattr(parsed, "level", None)
    options, _ = read(command, f"{width}x{height}" + (f" level:{level}" if level else ""), NOBODY)
    began = time.perf_counter()
    made = await harness.command("new", user, group=kind, **options)
    spent = (time.perf_counter() - began) * 1000
    assert any(name == "board.png" for r in made for name, _ in r.files), (kind, preset, made)
    return spent


async def main(runs: int) -> None:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        warm, empty = await start(Path(folder), 3), await start(Path(folder), 0)
        try:
            user = PLAYER
            for kind, face in FACES.items():
                for preset in face.kind.presets:
                    user += 1
                    await timed_new(warm, kind, preset, user)  # asks for the preset
                    stocked, generated = [], []
                    for _ in range(runs):
                        await warm.bot.stock.refill()
                        user += 1
                        stocked.append(await timed_new(warm, kind, preset, user))
                        user += 1
                        generated.append(await timed_new(empty, kind, preset, user))
                    rows.append(
                        [
                            f"/{kind} new {preset}",
                            f"{median(stocked):.0f}",
                            f"{p95(stocked):.0f}",
                            f"{median(generated):.0f}",
                            f"{p95(generated):.0f}",
                            f"{p95(generated) / p95(stocked):.1f}×",
                            "yes" if p95(stocked) <= TARGET_MS else "NO",
                        ]
                    )
        finally:
            await warm.close()
            await empty.close()
    table(
        f"/<kind> new, payload → board message (ms, {runs} runs each): stock warm vs empty",
        ["command", "warm med", "warm p95", "empty med", "empty p95", "p95 ratio", "≤ 1 s"],
        rows,
    )


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 6))
