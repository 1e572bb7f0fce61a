"""Heavy work beside clicks (issue #36), through the real dispatch with the worker processes
the bot runs by default:

1. **Clicks beside heavy jobs.** 4 × ``/choco new 10x10 hard``, 4 × ``/pipes new 40x40`` and
   4 Ten Drops hints on 8×8 hard boards sent at once with a click on each of 145 boards of
   five kinds: for each click, the time from its payload to its finished board (the last request
   carrying the board's picture), against the same clicks alone in the same run. Target:
   p95 ≤ 1.5 s.
2. **The first click after a start** on a board made before the restart, against the warm
   clicks after it. Target: within 2× a warm click.

Run: ``.venv/bin/python bench/load.py``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent), str(ROOT / "tests")]

from _timing import median, p95, table  # noqa: E402
from botkit import Harness  # noqa: E402

from bot import Settings, create_bot  # noqa: E402
from bot.kinds import FACES  # noqa: E402
from playground import offline  # noqa: E402

PLAYER = 1_500_000_000_000_000_001
#: Boards clicked per kind (each once per round: 145 clicks at once).
BOARDS = 29
#: Heavy jobs may take minutes on a loaded machine: wait for them.
offline.SETTLE_TIMEOUT = 900
HEAVY_NEW = (("choco", {"size": "10x10", "level": "hard"}), ("pipes", {"size": "40x40"}))


async def start(database: Path) -> Harness:
    settings = Settings(database_path=str(database), stock=0, limit_sides=False)
    harness = Harness(create_bot(settings, sync_commands=False, schedule=False))
    await harness.start()
    return harness


async def open_boards(harness: Harness) -> list[tuple[int, int]]:
    """``BOARDS`` boards of each kind's first preset: owner and message id."""
    boards = []
    user = PLAYER
    for kind, face in FACES.items():
        engine = face.kind
        parsed = engine.parse_params(engine.presets[0])
        width, height = engine.size(parsed)
        level = getattr(parsed, "level", None)
        for k in range(BOARDS):
            user += 1
            options = {"size": f"{width}x{height}", "seed": f"load{k}"}
            if level:
                options["level"] = level
            await harness.command("new", user, group=kind, **options)
            game = (await harness.bot.storage.unfinished_games(user))[0]
            boards.append((user, game.message_id))
    return boards


def cells(harness: Harness, message_id: int) -> list[str]:
    """The cell buttons a board's message shows now (none once its game is over)."""
    return [
        c["custom_id"]
        for row in harness.messages[message_id].get("components", ())
        for c in row["components"]
        if c.get("custom_id", "").startswith("pipes:t:")
    ]


def finished(harness: Harness, since: int, token: str, message_id: int) -> tuple[float, bool]:
    """When a click was last answered (its interaction, or its board's message edited), and
    whether with a picture (a board; else a sentence: a maze refuses a cell it cannot walk
    to); ``since``: the requests before the click left out."""
    answers = [
        r
        for r in harness.requests[since:]
        if token in r.path or r.path.endswith(f"/messages/{message_id}")
    ]
    return max(r.at for r in answers), any(r.files for r in answers)


async def click_all(
    harness: Harness, boards, turn: int, heavy=None
) -> tuple[list[float], list[str]]:
    """A click on each of ``boards`` (its ``turn``-th cell button) at once, and the ``heavy``
    payloads beside them: each click's milliseconds to its finished answer, and what the
    heavy jobs (and the clicks not answered with a board) answered."""
    running, since = asyncio.all_tasks(), len(harness.requests)
    jobs = []
    for payload in heavy or ():
        harness.deliver(payload)
        jobs.append(payload["token"])
    await asyncio.sleep(0.2)  # the heavy work under way first
    sent = []
    for owner, message_id in boards:  # one click per board: each answer is its own
        shown = cells(harness, message_id)
        if shown:
            payload = harness.press(message_id, shown[turn % len(shown)], owner)
            sent.append((payload["token"], message_id, time.perf_counter()))
    await harness.settle(running)
    answers = []
    for token in jobs:
        last = [r for r in harness.requests if token in r.path][-1]
        answers.append("a heavy job: " + ("a board" if last.files else last.content))
    times = []
    for token, message_id, at in sent:
        done, drawn = finished(harness, since, token, message_id)

        times.append((done - at) * 1000)
        if not drawn:
            answers.append("a click: a sentence")
    return times, answers


async def hint_boards(harness: Harness) -> list[int]:
    """Four Ten Drops 8×8 hard boards, each its player's board last opened."""
    players = [PLAYER + 9000 + k for k in range(4)]
    for k, user in enumerate(players):
        await harness.command("new", user, group="drops", size="8x8", level="hard", seed=f"h{k}")
    return players


async def beside_heavy(folder: Path) -> None:
    harness = await start(folder / "load.sqlite3")
    try:
        boards = await open_boards(harness)
        alone, refused = await click_all(harness, boards, 0)
        hinted = await hint_boards(harness)
        heavy = [
            harness.command_payload(
                "new", PLAYER + 8000 + k * 10 + n, group=kind, seed=f"heavy{k}", **opts
            )
            for n, (kind, opts) in enumerate(HEAVY_NEW)
            for k in range(4)
        ] + [harness.command_payload("hint", user, group="drops") for user in hinted]
        began = time.perf_counter()
        beside, answers = await click_all(harness, boards, 1, heavy)
        spent = time.perf_counter() - began
    finally:
        await harness.close()
    table(
        f"a click on each board still played of {len(boards)} (five kinds) at once: payload → "
        "answered (ms)",
        ["clicks", "median", "p95", "max", "p95 ratio"],
        [
            ["alone", f"{median(alone):.0f}", f"{p95(alone):.0f}", f"{max(alone):.0f}", "1.0×"],
            [
                "beside 12 heavy jobs",
                f"{median(beside):.0f}",
                f"{p95(beside):.0f}",
                f"{max(beside):.0f}",
                f"{p95(beside) / p95(alone):.1f}×",
            ],
        ],
    )
    print(f"  target: beside heavy jobs p95 ≤ 1500 ms; all done in {spent:.1f} s")
    print(f"  alone: {len(refused)} clicks answered with a sentence, not a board")
    for answer in sorted(set(answers)):
        print(f"  beside: {answers.count(answer)}× {answer[:90]}")


async def first_click(folder: Path) -> None:
    database = folder / "restart.sqlite3"
    before = await start(database)
    try:
        boards = (await open_boards(before))[:1]
        kept = {message_id: before.messages[message_id] for _, message_id in boards}
    finally:
        await before.close()
    began = time.perf_counter()
    harness = await start(database)
    started = (time.perf_counter() - began) * 1000
    harness.messages.update(kept)  # the board's message, as Discord keeps it
    try:
        owner, message_id = boards[0]
        times = []
        for k in range(21):
            shown = cells(harness, message_id)
            t0 = time.perf_counter()
            await harness.click(message_id, shown[k % len(shown)], owner)
            times.append((time.perf_counter() - t0) * 1000)
    finally:
        await harness.close()
    warm = times[1:]
    table(
        "the first click after a start (Pipes' first preset), payload → finished board (ms)",
        ["start (untimed by players)", "first click", "warm median", "warm p95", "ratio"],
        [
            [
                f"{started:.0f}",
                f"{times[0]:.1f}",
                f"{median(warm):.1f}",
                f"{p95(warm):.1f}",
                f"{times[0] / median(warm):.2f}×",
            ]
        ],
    )
    print("  target: the first click within 2× a warm click")


async def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        await beside_heavy(Path(name))
        await first_click(Path(name))


if __name__ == "__main__":
    asyncio.run(main())
