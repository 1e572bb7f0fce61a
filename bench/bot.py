"""Bot benchmark (issue #5): a button click on a 10×10, from the raw INTERACTION_CREATE
payload to the recorded UPDATE_MESSAGE (database, check, render and encode included), with a
breakdown; 200 concurrent clicks over 50 games; clicks per rotation with the button window.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python bench/bot.py``. Uses the offline
harness of the tests (real discord.py parsing, recorded HTTP) and a file database.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent), str(ROOT / "tests")]

from _clicks import button_presses  # noqa: E402
from _timing import median, p95, p99, table  # noqa: E402
from bot_process import open_board  # noqa: E402
from botkit import Harness  # noqa: E402

from bot import Settings, create_bot  # noqa: E402
from bot.board_message import board_message  # noqa: E402
from bot.kinds import FACES  # noqa: E402
from kinds.pipes.engine import cell_name, generate, turns_between  # noqa: E402

PLAYER = 1_400_000_000_000_000_001


async def start(folder: Path):
    bot = create_bot(
        Settings(database_path=str(folder / "bench.sqlite3")), sync_commands=False, schedule=False
    )
    harness = Harness(bot)
    await harness.start()
    return harness


async def open_game(harness, user: int, seed: str):
    """A 10×10 board: its game id, its message and the ids of its 15 tile buttons (a 5×3
    window: the arrows take a row of their own)."""
    game_id, message_id, tiles = await open_board(harness, user, "10x10", seed)
    assert len(tiles) == 15
    return game_id, message_id, tiles


async def clicks(folder: Path) -> None:
    harness = await start(folder)
    game_id, message_id, tiles = await open_game(harness, PLAYER, "bench")
    service = harness.bot.service
    total, play_ms, render_ms = [], [], []
    for k in range(300):
        start_t = time.perf_counter()
        made = await harness.click(message_id, tiles[k * 7 % 15], PLAYER)
        total.append((time.perf_counter() - start_t) * 1000)
        assert [r.callback_type for r in made] == [7], made
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
    table(
        "button click on a 10×10 (ms): raw payload → recorded UPDATE_MESSAGE",
        ["part", "median", "p95", "p99"],
        [
            ["whole click", f"{median(total):.2f}", f"{p95(total):.2f}", f"{p99(total):.2f}"],
            [
                "  play (one transaction: load, rules, check, write)",
                f"{median(play_ms):.2f}",
                f"{p95(play_ms):.2f}",
                f"{p99(play_ms):.2f}",
            ],
            [
                "  board message: render + encode (worker), text, buttons",
                f"{median(render_ms):.2f}",
                f"{p95(render_ms):.2f}",
                f"{p99(render_ms):.2f}",
            ],
        ],
    )
    print(
        "  target: whole click < 15 ms median, < 40 ms p99; the rest is discord.py "
        "parsing, the view and the multipart body"
    )
    await harness.close()


async def concurrent(folder: Path) -> None:
    harness = await start(folder)
    games = []
    for g in range(50):
        games.append((PLAYER + g, *await open_game(harness, PLAYER + g, f"load{g}")))
    payload_count = 0
    before = len(harness.requests)
    start_t = time.perf_counter()
    for k in range(200):
        owner, _, message_id, tiles = games[k % 50]
        harness.press(message_id, tiles[k % 20], owner)
        payload_count += 1
    await harness.settle()
    elapsed = time.perf_counter() - start_t
    answered = sum(1 for r in harness.requests[before:] if r.callback_type == 7)
    stored = sum([len(await harness.bot.storage.moves(game_id)) for _, game_id, _, _ in games])
    table(
        "200 concurrent clicks over 50 games",
        ["clicks sent", "UPDATE_MESSAGE answers", "moves stored", "errors", "seconds"],
        [[payload_count, answered, stored, len(harness.errors), f"{elapsed:.2f}"]],
    )
    await harness.close()


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
        asyncio.run(concurrent(Path(name)))
    clicks_per_rotation()


if __name__ == "__main__":
    main()
