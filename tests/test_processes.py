"""Several bot processes on one database, one of them SIGKILLed in the middle of a burst of
clicks and daily posts: every acknowledged move is stored once, and after the killed process
is restarted (as a supervisor would) every server has its daily."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from collections import Counter
from datetime import date, time
from pathlib import Path

import asyncpg
import pgserver
import pytest
from botkit import pipes_daily

import play
from db import GuildSettings
from kinds.pipes.engine import KIND

PROCESS = [sys.executable, str(Path(__file__).parent / "bot_process.py")]
SHARDS = 3
#: Servers by shard ((guild_id >> 22) % 3): five on shards 0 and 2, forty on the victim's.
GUILDS = [(k << 22) | 777 for k in range(120) if k % 3 == 1 or k < 15]
DAY = date(2026, 11, 22)
NOON = "2026-11-22T12:00:00+00:00"
#: Past the time after which a claim without its message is taken over.
LATER = "2026-11-22T12:11:00+00:00"


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "shared.sqlite3")
    request.getfixturevalue("postgres")
    return await pgserver.database_for(tmp_path)


#: Every bot process a test started; those still running when it ends are killed.
RUNNING = []


#: Longest a test may take: then its processes are killed, so a stuck one fails the test
#: (its output ends) instead of hanging the run.
DEADLINE = 300


def _kill_all():
    for process in RUNNING:
        if process.poll() is None:
            process.kill()


@pytest.fixture(autouse=True)
def no_process_outlives_its_test():
    watchdog = threading.Timer(DEADLINE, _kill_all)
    watchdog.start()
    yield
    watchdog.cancel()
    _kill_all()
    while RUNNING:
        RUNNING.pop().wait()


def start(database, shard, *args):
    RUNNING.append(process := _spawn(database, shard, *args))
    return process


def _spawn(database, shard, *args):
    return subprocess.Popen(
        [*PROCESS, "--database", database, "--shard-count", str(SHARDS),
         "--shard-ids", str(shard), "--user-base", str(1_600_000_000_000_000_000 + shard * 100),
         *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip


def lines(process):
    for line in process.stdout:
        yield json.loads(line)


async def interactions(database):
    """Every stored interaction id with its game."""
    if "://" in database:
        connection = await asyncpg.connect(database)
        try:
            return {
                r["id"]: r["game_id"] for r in await connection.fetch("SELECT * FROM interactions")
            }
        finally:
            await connection.close()
    with sqlite3.connect(database) as raw:
        return dict(raw.execute("SELECT id, game_id FROM interactions"))


async def test_a_killed_process_loses_no_acknowledged_move_and_no_daily(database):
    storage = await play.open_storage(database)
    for guild in GUILDS:
        await storage.save_guild_settings(
            GuildSettings(guild, guild + 1, time(9, 0), "UTC", True, dailies=(pipes_daily("6x6"),))
        )
    processes = [
        start(database, shard, "--games", "3", "--clicks", "80", "--tick", "--now", NOON)
        for shard in range(SHARDS)
    ]
    readers = [lines(p) for p in processes]
    games = [next(r)["ready"] for r in readers]
    for process in processes:
        process.stdin.write("go\n")
        process.stdin.flush()
    acked = []
    for event in readers[1]:  # the victim: killed after some clicks were acknowledged
        acked.append(event["ack"])
        if len(acked) == 5:
            os.kill(processes[1].pid, signal.SIGKILL)
            break
    assert processes[1].wait(timeout=60) == -signal.SIGKILL
    # The kill came while the victim was still posting (forty servers, eight at a time, take
    # longer than five clicks): some of its servers have no daily yet.
    victims = [g for g in GUILDS if (g >> 22) % SHARDS == 1]
    posts = [await storage.daily_post(g, DAY) for g in victims]
    assert any(post is None or post.message_id is None for post in posts)
    for k in (0, 2):
        events = list(readers[k])
        acked += [e["ack"] for e in events if "ack" in e]
        assert "done" in events[-1] and processes[k].wait(timeout=60) == 0
    # The supervisor restarts shard 1: its poster takes over what the killed one left.
    restarted = start(database, 1, "--games", "0", "--clicks", "0", "--tick", "--now", LATER)
    restarted.stdin.write("go\n")
    restarted.stdin.flush()
    assert "done" in list(lines(restarted))[-1] and restarted.wait(timeout=60) == 0

    stored = await interactions(database)
    assert set(acked) <= stored.keys()  # every acknowledged move is stored
    per_game = Counter(stored.values())
    for game_id in (g for shard in games for g in shard):
        game, moves = await storage.game(game_id), await storage.moves(game_id)
        # Once: one move per stored click (the interaction that opened the board is the
        # other one), and the board is exactly its moves replayed.
        assert len(moves) == game.version == per_game[game_id] - 1
        puzzle = KIND.load(game.puzzle)
        first = KIND.initial_state(puzzle)
        replayed = KIND.apply(
            puzzle, first, [m for r in moves for m in KIND.parse_moves(puzzle, first, r.move)]
        )
        assert replayed.state == game.state
    for guild in GUILDS:  # every server has its daily of that date
        post = await storage.daily_post(guild, DAY)
        assert post is not None and post.message_id is not None, guild
    await storage.close()
