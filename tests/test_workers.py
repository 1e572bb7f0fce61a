"""The bot with real worker processes (the default outside tests): boards are drawn and
puzzles generated in other processes, with the very same results."""

import os
import signal

import pytest
from botkit import ALICE, Harness, board_message, message_of

import play.service
from bot import Settings, create_bot
from kinds.pipes.engine import check, generate
from kinds.pipes.picture import render_png
from play import load


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
