"""The bot with real worker processes (the default outside tests): boards are drawn and
puzzles generated in other processes, with the very same results."""

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from botkit import ALICE, Harness, board_message, make_bot, message_of

import play.service
from bot import Settings, create_bot, workers
from kinds.pipes.engine import check, generate
from kinds.pipes.picture import render_png
from play import UserError, load


@pytest.fixture
async def harness(tmp_path, clock):
    bot = create_bot(
        Settings(database_path=str(tmp_path / "w.sqlite3"), workers=1),
        clock=clock,
        sync_commands=False,
        schedule=False,
    )
    h = Harness(bot)
    await h.start()
    yield h
    await h.close()


async def test_boards_drawn_and_puzzles_made_in_worker_processes_are_the_same(harness):
    made = await harness.command("new", ALICE, size="6x6", seed="workers")
    request = board_message(made)
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    expected = generate(6, 6, "workers")
    assert load(game.puzzle).tiles == expected.tiles == game.state.tiles
    mine = expected.tiles, expected.source
    tile = next(i for i in request.custom_ids() if i.startswith("pipes:t:"))
    x, y = map(int, tile.split(":")[4:6])  # the first window: 3×3, the board in four
    direct = render_png(6, 6, *mine, check(6, 6, *mine), frame=(x, y, 3, 3))
    assert request.files[0][1] == direct  # byte for byte
    clicked = await harness.click(message_of(harness, request), tile, ALICE)
    # Answered with the board: at once, or (a new worker is warming up) deferred, then edited.
    assert clicked[0].callback_type in (6, 7) and clicked[-1].files


async def test_a_rush_of_new_puzzles_is_bounded(harness, monkeypatch):
    monkeypatch.setattr(play.service, "MAX_GENERATING", 0)
    made = await harness.command("new", ALICE, size="6x6", seed="one-too-many")
    assert made[-1].ephemeral and "try again in a minute" in made[-1].content
    assert await harness.bot.storage.unfinished_games(ALICE) == []


async def test_a_worker_that_dies_is_replaced(harness):
    made = await harness.command("new", ALICE, size="5x4", seed="dies")
    request = board_message(made)
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    pool = harness.bot.workers._pools["draw"]
    for process in list(pool._processes.values()):  # a worker killed (out of memory …)
        os.kill(process.pid, signal.SIGKILL)
        process.join()
    clicked = await harness.click(message_of(harness, request), f"pipes:t:{game.id}:0:0:0:c", ALICE)
    # Answered with the board: at once, or (a new worker is warming up) deferred, then edited.
    assert clicked[0].callback_type in (6, 7) and clicked[-1].files
    assert harness.bot.workers._pools["draw"] is not pool


# -- lanes: searches apart from drawing, bounded, within a budget ------------------------------


@pytest.fixture
async def lanes(monkeypatch):
    """Workers with one drawing process and real searching and background processes, a
    search budget of a second and room for two searches per searching process."""
    monkeypatch.setattr(workers, "SEARCH_BUDGET", 1.0)
    monkeypatch.setattr(workers, "SEARCHES", 2 * (os.cpu_count() or 1))
    pool = workers.Workers(1)
    await pool.start()
    yield pool
    pool.close()


async def test_a_search_past_its_budget_is_stopped_and_said_in_one_sentence(lanes):
    with pytest.raises(UserError) as refused:
        await lanes.generate(time.sleep, 30)
    assert str(refused.value) == workers.TOO_SLOW
    assert await lanes.generate(int) == 0  # the process lives on for the next search


async def test_searches_beyond_the_limit_are_refused_at_once(lanes):
    held = [asyncio.create_task(lanes.generate(time.sleep, 0.8)) for _ in range(workers.SEARCHES)]
    await asyncio.sleep(0)
    with pytest.raises(UserError) as refused:
        await lanes.generate(int)
    assert str(refused.value) == workers.BUSY
    await asyncio.gather(*held)
    assert await lanes.generate(int) == 0  # room again


async def test_drawing_never_waits_behind_searches(lanes):
    searching = [asyncio.create_task(lanes.generate(time.sleep, 0.9)) for _ in range(4)]
    await lanes.draw(os.getpid)
    assert not all(task.done() for task in searching)  # drawn while they still ran
    await asyncio.gather(*searching)


async def test_searches_run_below_drawing_and_the_stock_lowest(lanes):
    drawing, searching, stocking = (
        await lanes.draw(os.nice, 0),
        await lanes.generate(os.nice, 0),
        await lanes.background(os.nice, 0),
    )
    assert drawing < searching < stocking


async def test_a_new_board_too_slow_to_make_is_refused_in_one_sentence(
    tmp_path, clock, monkeypatch
):
    monkeypatch.setattr(workers, "SEARCH_BUDGET", 0.001)
    h = Harness(make_bot(tmp_path, clock))
    await h.start()
    try:
        made = await h.command("new", ALICE, size="26x26", seed="slow")
        assert made[-1].content == workers.TOO_SLOW
        assert await h.bot.storage.unfinished_games(ALICE) == []
    finally:
        await h.close()


#: A process that starts the bot's workers (every lane's), says so, and waits.
WORKERS_PROCESS = """
import asyncio, sys
from bot.workers import Workers

async def main():
    workers = Workers(1)
    await workers.start()
    print("ready", flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:  # it ended meanwhile
                continue
            if int(fields[1]) == pid:
                found.add(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_worker_processes_end_with_the_bot_however_it_is_stopped(how):
    """A bot killed (or terminated by a supervisor) leaves no worker process behind: each
    notices its parent is gone and ends, the searches it was running with it."""
    root = Path(__file__).resolve().parents[1]
    bot = subprocess.Popen(
        [sys.executable, "-c", WORKERS_PROCESS], cwd=root, stdout=subprocess.PIPE, text=True
    )
    try:
        assert bot.stdout is not None and bot.stdout.readline().strip() == "ready"
        pool = children(bot.pid)
        assert len(pool) >= 3  # a drawing, a searching and a background process at least
        bot.send_signal(how)
        bot.wait(timeout=60)
        waited = 0.0
        while any(alive(pid) for pid in pool) and waited < 60:
            time.sleep(0.2)
            waited += 0.2
        assert [pid for pid in pool if alive(pid)] == []
    finally:
        bot.kill()
        bot.wait()
