"""Activity benchmark (issue #35): a tap to the updated board on loopback, on 26×26 Pipes and
30×16 Minesweeper (the move's POST, then its picture's GET, as the client makes them, over
real TCP to the Activity's app beside the bot with its worker processes), against a button
click on the same 26×26 board in the same run (raw payload → recorded UPDATE_MESSAGE); the
same taps in headless Chromium, timed by the client from pointerdown to the picture shown; and
presses per move with the whole board versus the window of buttons, solving 10×10 Pipes
and 8×8 Double Choco.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python bench/activity.py``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent), str(ROOT / "tests")]

import aiohttp  # noqa: E402
from _clicks import button_presses  # noqa: E402
from _timing import median, p95, table  # noqa: E402
from aiohttp import web  # noqa: E402
from bot_process import open_board  # noqa: E402
from botkit import Harness  # noqa: E402
from framekit import CHROMIUM, DRIVER, Window, chromium, serve  # noqa: E402
from storekit import FakeClock  # noqa: E402

from activity import create_app  # noqa: E402
from activity.app import API  # noqa: E402
from activity.session import Player  # noqa: E402
from bot import Settings, create_bot  # noqa: E402
from bot.kinds import FACES  # noqa: E402
from kinds.choco.engine import KIND as CHOCO  # noqa: E402
from kinds.pipes.engine import generate, turns_between  # noqa: E402
from puzzle.grid import cell_name  # noqa: E402

PLAYER = 1_400_000_000_000_000_002
TAPS = 150
BROWSER_TAPS = 40


async def tap_times(http, base: str, view: dict, mode: str, cells: list[int]) -> list[float]:
    """Milliseconds from each tap's POST to its new picture's last byte."""
    times = []
    for k in range(TAPS):
        body = {
            "request": uuid.uuid4().hex,
            "version": view["version"],
            "cell": cells[k % len(cells)],
            "mode": mode,
        }
        start = time.perf_counter()
        async with http.post(f"{base}/api/boards/{view['id']}/moves", json=body) as answer:
            assert answer.status == 200, await answer.text()
            view = (await answer.json())["view"]
        async with http.get(f"{base}/{view['picture']['url']}") as picture:
            assert picture.status == 200
            await picture.read()
        times.append((time.perf_counter() - start) * 1000)
    return times


async def flaggable(http, base: str, view: dict, mode: str) -> list[int]:
    """Cells a Minesweeper flag press toggles on this board (closed ones), found by trying."""
    cells = []
    for cell in range(0, len(view["cells"]), 7):
        body = {"request": uuid.uuid4().hex, "version": view["version"], "cell": cell, "mode": mode}
        async with http.post(f"{base}/api/boards/{view['id']}/moves", json=body) as answer:
            if answer.status == 200:
                view = (await answer.json())["view"]
                cells.append(cell)
        if len(cells) == 20:
            break
    return cells


async def taps(folder: Path) -> None:
    bot = create_bot(
        Settings(database_path=str(folder / "bench.sqlite3"), client_id="1", client_secret="bench"),
        sync_commands=False,
        schedule=False,
    )
    harness = Harness(bot)
    await harness.start()
    runner = web.AppRunner(create_app(bot))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    base = f"http://127.0.0.1:{port}"
    token = runner.app[API].sessions.issue(Player(PLAYER, "Bench"))
    rows = []
    headers = {"Authorization": f"Bearer {token}"}
    async with aiohttp.ClientSession(headers=headers) as http:
        for kind, params, mode in (("pipes", "26x26", "c"), ("mines", "30x16", "f")):
            async with http.post(f"{base}/api/boards", json={"kind": kind, "params": params}) as a:
                view = (await a.json())["view"]
            cells = list(range(0, len(view["cells"]), 13))
            if kind == "mines":
                cells = await flaggable(http, base, view, mode)
                async with http.get(f"{base}/api/boards/{view['id']}") as a:
                    view = (await a.json())["view"]
            times = await tap_times(http, base, view, mode, cells)
            rows.append(
                [f"Activity tap, {params} {kind}", f"{median(times):.1f}", f"{p95(times):.1f}"]
            )
    # The reference: a button click on a 26×26 Pipes board, in the same run.
    _, message_id, tiles = await open_board(harness, PLAYER, "26x26", "bench")
    clicks = []
    for k in range(TAPS):
        start = time.perf_counter()
        made = await harness.click(message_id, tiles[k * 7 % len(tiles)], PLAYER)
        clicks.append((time.perf_counter() - start) * 1000)
        assert [r.callback_type for r in made] == [7], made
    rows.append(["button click, 26x26 pipes (ref)", f"{median(clicks):.1f}", f"{p95(clicks):.1f}"])
    table("tap to updated board on loopback (ms)", ["what", "median", "p95"], rows)
    tap = float(rows[0][1])
    print(f"  Activity tap / button click (26×26 Pipes, medians): {tap / median(clicks):.2f}")
    print("  target: median and p95 ≤ 100 ms for both boards")
    await runner.cleanup()
    await harness.close()


def pipes_presses() -> list[str]:
    """Presses per quarter turn solving 10×10 Pipes (20 puzzles): in the Activity every tile
    is one tap, a tile three turns short one ↺ tap, and the mode switched once to ↺ for all
    of them; with buttons the same plus the window's mode switches and arrows."""
    quarter = taps = buttons = 0
    grid = FACES["pipes"].windows(10, 10)
    for k in range(20):
        puzzle = generate(10, 10, f"clicks{k}")
        pairs = zip(puzzle.tiles, puzzle.solution, strict=True)
        needed = [turns_between(tile, solved) for tile, solved in pairs]
        quarter += sum(needed)
        taps += sum(1 if t == 3 else t for t in needed) + (3 in needed)

        def window(cells, needed=needed):
            turns = [needed[c] for c in cells]
            return sum(1 if t == 3 else t for t in turns) + (2 if 3 in turns else 0)

        made, moves = button_presses(grid, puzzle.source, 10, window)
        buttons += made + moves
    return ["10×10 Pipes: per quarter turn", f"{taps / quarter:.3f}", f"{buttons / quarter:.3f}"]


def choco_presses() -> list[str]:
    """Presses per wall solving 8×8 Double Choco (20 puzzles): in the Activity one tap per
    wall in its mode (▕ right walls, then ▁ lower walls: one switch); with buttons the same
    in each window of buttons, switching there, plus the arrows."""
    walls = taps = buttons = 0
    grid = FACES["choco"].windows(8, 8)
    for k in range(20):
        puzzle = CHOCO.load(CHOCO.generate(CHOCO.parse_params("8x8"), f"clicks{k}"))
        right = {min(a, b) for a, b in puzzle.walls if abs(a - b) == 1}
        lower = {min(a, b) for a, b in puzzle.walls if abs(a - b) != 1}
        walls += len(puzzle.walls)
        taps += len(puzzle.walls) + (bool(right) and bool(lower))

        def window(cells, right=right, lower=lower):
            r, d = sum(c in right for c in cells), sum(c in lower for c in cells)
            return r + d + (2 if r and d else 0)

        made, moves = button_presses(grid, (0, 0), 8, window)
        buttons += made + moves
    return ["8×8 Double Choco: per wall", f"{taps / walls:.3f}", f"{buttons / walls:.3f}"]


def browser_taps() -> None:
    """The same taps in headless Chromium, the real client in the fake Discord frame, each
    timed by the client itself (``__activity.lastTapToUpdateMs``: pointerdown to the frame
    after the new picture is shown); the bot draws in threads here (``framekit``)."""
    if not (CHROMIUM and DRIVER):
        print("\nbrowser taps skipped: Debian's chromium and chromium-driver are not installed")
        return
    from selenium.webdriver.support.select import Select

    rows = []
    with (
        tempfile.TemporaryDirectory() as name,
        serve(Path(name), FakeClock(datetime.now(UTC))) as site,
        chromium() as driver,
    ):
        window = Window(driver, site, PLAYER, "Bench")
        for kind, preset, mode, (width, height) in (
            ("pipes", "26x26", "c", (26, 26)),
            ("mines", "30x16", "f", (30, 16)),
        ):
            Select(window.find(f'select[data-preset="{kind}"]')).select_by_value(preset)
            window.open(f'[data-new="{kind}"]')
            window.click(f'[data-mode="{mode}"]')
            times = []
            for k in range(BROWSER_TAPS):
                cell = k * 37 % (width * height)
                window.tap(f'[data-cell="{cell_name(cell % width, cell // width)}"]')
                times.append(float(window.js("return window.__activity.lastTapToUpdateMs")))
            rows.append([f"{preset} {kind}", f"{median(times):.1f}", f"{p95(times):.1f}"])
            window.click('[data-nav="home"]')
            window.wait_for("view", "home")
    table("tap to updated board in Chromium, 1100×1300 (ms)", ["board", "median", "p95"], rows)


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        asyncio.run(taps(Path(name)))
    browser_taps()
    table(
        "presses per move solving a board (20 puzzles each)",
        ["board", "Activity taps", "buttons (ref)"],
        [pipes_presses(), choco_presses()],
    )


if __name__ == "__main__":
    main()
