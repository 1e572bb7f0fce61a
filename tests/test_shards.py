"""Several bot processes on one database: each posts the dailies of its own shards' servers
(Discord's ``(guild_id >> 22) % shard_count``), and the database's claim still guards."""

import asyncio
from collections import Counter
from datetime import time

import pgserver
import pytest
from botkit import Harness, make_bot, pipes_daily

from db import GuildSettings
from playground.offline import APP_ID

#: Twelve servers: server k is on shard k % 3 of three.
GUILDS = [(k << 22) | 12345 for k in range(12)]


def channel_of(guild_id):
    return guild_id + 1


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request, tmp_path):
    """Where every process of a test keeps its data: a SQLite file or a PostgreSQL URL."""
    if request.param == "sqlite":
        return {}
    request.getfixturevalue("postgres")
    return {"database_url": await pgserver.database_for(tmp_path)}


async def start(tmp_path, clock, database, **shards):
    harness = Harness(make_bot(tmp_path, clock, **database, **shards))
    await harness.start()
    return harness


def posted(harness):
    """The channels a process posted dailies in."""
    return sorted(
        int(m["channel_id"])
        for m in harness.messages.values()
        if any(name == "daily.png" for name, _ in harness.files.get(int(m["id"]), []))
    )


async def test_each_process_posts_the_dailies_of_its_shards_only(tmp_path, clock, database):
    processes = [
        await start(tmp_path, clock, database, shard_count=3, shard_ids=ids)
        for ids in [(0,), (1, 2)]
    ]
    storage = processes[0].bot.storage
    for guild in GUILDS:
        await storage.save_guild_settings(
            GuildSettings(
                guild, channel_of(guild), time(9, 0), "UTC", True, dailies=(pipes_daily("5x5"),)
            )
        )
    # One tick each, at once: every server gets one post, from the process of its shard.
    made = await asyncio.gather(*(p.bot.poster.tick() for p in processes))
    assert made == [4, 8]
    assert posted(processes[0]) == [channel_of(g) for g in GUILDS[0::3]]
    assert posted(processes[1]) == sorted(channel_of(g) for k, g in enumerate(GUILDS) if k % 3)
    # A process that runs every shard (one process, or a restart with other settings) finds
    # every post claimed: the database still guards.
    everything = await start(tmp_path, clock, database)
    assert await everything.bot.poster.tick() == 0
    for process in [*processes, everything]:
        await process.close()
    assert Counter(posted(processes[0]) + posted(processes[1])) == Counter(
        channel_of(g) for g in GUILDS
    )


async def test_only_the_process_with_shard_0_syncs_the_commands(tmp_path, clock):
    from bot import Settings, create_bot

    synced = []
    for ids in [(0, 1), (2,)]:
        bot = create_bot(
            Settings(database_path=str(tmp_path / "s.sqlite3"), workers=0, shard_count=3,
                     shard_ids=ids),
            clock=clock, sync_commands=True, schedule=False,
        )  # fmt: skip
        bot._connection.application_id = APP_ID  # known from READY on Discord
        harness = Harness(bot)
        await harness.start()
        synced.append([r.path for r in harness.requests if r.path.endswith("/commands")])
        await harness.close()
    assert len(synced[0]) == 1 and synced[1] == []
