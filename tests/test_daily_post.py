"""The daily post's workflow in the service (play.daily_post), without Discord: which servers
are due, the claim on (server, local date) that lets exactly one process post, the takeover of
a claim whose poster died, pauses, and the failures kept for the setup status. Real storage:
a SQLite file (and PostgreSQL where a server can run), two of them on one database standing
for two processes."""

import asyncio
import logging
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from botkit import pipes_daily
from storekit import BACKENDS, open_backend

from db import DailyKind, GuildSettings
from play import GameService
from play.daily import daily_of
from play.daily_post import MAX_FAILURES, RETRY_AFTER, DailyPosts, Unpostable, post_instant
from puzzle import KINDS

GUILD, CHANNEL = 1, 2
SECRET = "the-same-secret-everywhere"


@pytest.fixture(params=BACKENDS)
def backend(request):
    if request.param == "postgres":
        request.getfixturevalue("postgres")
    return request.param


async def process(backend, where, clock):
    """One process's daily posts: its own connection to the shared database."""
    storage = await open_backend(backend, where, clock=clock)
    return DailyPosts(storage, GameService(storage, clock, daily_secret=SECRET))


@pytest.fixture
async def posts(tmp_path, clock):
    one = await process("sqlite", tmp_path / "posts.sqlite3", clock)
    yield one
    await one.storage.close()


def server(guild=GUILD, at=time(9, 0), zone="UTC", *dailies):
    return GuildSettings(guild, CHANNEL, at, zone, True, dailies=dailies or (pipes_daily("5x4"),))


async def saved(posts, settings):
    await posts.storage.save_guild_settings(settings)
    return await posts.storage.guild_settings(settings.guild_id)


async def test_each_local_date_is_claimed_once_across_the_spring_dst_gap(posts, clock):
    # 02:30 does not exist in Berlin on 2027-03-28: that day's post is claimed at 03:30.
    zone, switch = ZoneInfo("Europe/Berlin"), date(2027, 3, 28)
    settings = await saved(posts, server(at=time(2, 30), zone="Europe/Berlin"))
    clock.now = datetime.combine(switch - timedelta(days=2), time(0), zone).astimezone(UTC)
    claimed, message = [], 100
    while clock.now < datetime.combine(switch + timedelta(days=2), time(12), zone):
        due = await posts.claim(settings, clock.now)
        if due is not None:
            claimed.append((clock.now, due))
            message += 1
            await posts.posted(due, message)
        clock.advance(minutes=10)
    days = [due.day for _, due in claimed]
    assert days == [switch + timedelta(days=k) for k in range(-2, 3)]  # one a day, none skipped
    for moment, due in claimed:
        assert due.day == moment.astimezone(zone).date()  # the post plays its local date
        assert not due.retry and due.dailies[0].date == due.day
        assert timedelta(0) <= moment - post_instant(settings, due.day) < timedelta(minutes=10)
    on_switch = next(moment for moment, due in claimed if due.day == switch)
    assert on_switch.astimezone(zone).time() == time(3, 30)
    stored = await posts.storage.daily_post(GUILD, switch)
    assert stored.message_id == 100 + days.index(switch) + 1


async def test_a_post_time_ahead_is_not_due_and_the_puzzles_are_made_ahead(posts, clock):
    settings = await saved(posts, server(at=time(13, 0)))  # it is 12:00 UTC
    assert await posts.claim(settings, clock.now) is None
    assert await posts.storage.daily_post(GUILD, clock.now.date()) is None
    today = clock.now.date()
    for day in (today, today + timedelta(days=1)):  # nobody waits for a generator later
        params = KINDS["pipes"].format_params(daily_of(settings, day, "pipes"))
        assert await posts.storage.daily_puzzle(day, "pipes", params) is not None
    clock.advance(hours=1)
    due = await posts.claim(settings, clock.now)
    assert due is not None and due.day == today and due.channel_id == CHANNEL


async def test_two_processes_racing_claim_each_server_once(backend, tmp_path, clock):
    first, second = [await process(backend, tmp_path / "shared.sqlite3", clock) for _ in "ab"]
    try:
        guilds = range(1, 6)
        for guild in guilds:
            await first.storage.save_guild_settings(server(guild))
        settings = await first.storage.enabled_guilds()
        assert len(settings) == len(guilds)
        claims = await asyncio.gather(
            *(p.claim(s, clock.now) for s in settings for p in (first, second))
        )
        winners = [due for due in claims if due is not None]
        assert sorted(due.guild_id for due in winners) == list(guilds)  # each exactly once
        assert len({due.dailies[0].id for due in winners}) == 1  # one puzzle of the date
        for due in winners:
            await (first if claims.index(due) % 2 == 0 else second).posted(due, due.guild_id)
        again = await asyncio.gather(
            *(p.claim(s, clock.now) for s in settings for p in (first, second))
        )
        assert again == [None] * len(again)  # posted: nothing is due any more
    finally:
        await first.storage.close()
        await second.storage.close()


async def test_a_claim_whose_poster_died_is_taken_over_once_after_retry_after(
    backend, tmp_path, clock
):
    dead, first, second = [
        await process(backend, tmp_path / "shared.sqlite3", clock) for _ in "abc"
    ]
    try:
        await dead.storage.save_guild_settings(server())
        settings = await dead.storage.guild_settings(GUILD)
        claimed = await dead.claim(settings, clock.now)
        assert claimed is not None  # ... and its process dies before the message is made
        clock.advance(minutes=1)
        assert await first.claim(settings, clock.now) is None  # someone is posting it now
        clock.now += RETRY_AFTER
        taken = await asyncio.gather(
            first.claim(settings, clock.now), second.claim(settings, clock.now)
        )
        retries = [due for due in taken if due is not None]
        assert len(retries) == 1 and retries[0].retry and retries[0].day == claimed.day
        await first.found(retries[0], 555)  # the dead process's message was in the channel
        assert (await first.storage.daily_post(GUILD, claimed.day)).message_id == 555
        clock.now += RETRY_AFTER * 2
        assert await second.claim(settings, clock.now) is None  # found: never posted again
    finally:
        for one in (dead, first, second):
            await one.storage.close()


async def test_refused_posts_pause_the_server_at_the_last_allowed_failure(posts, clock):
    settings = await saved(posts, server())
    told = []
    for _ in range(MAX_FAILURES):
        due = await posts.claim(settings, clock.now)
        assert due is not None
        told.append(await posts.refused(due, "I am missing Attach Files there", 50013))
        settings = await posts.storage.guild_settings(GUILD)
        clock.now += RETRY_AFTER + timedelta(minutes=1)
    assert told == [None] * (MAX_FAILURES - 1) + ["I am missing Attach Files there"]
    assert settings.failures == MAX_FAILURES
    assert settings.paused == "I am missing Attach Files there"
    clock.now += RETRY_AFTER * 2
    assert await posts.claim(settings, clock.now) is None  # paused: not even a retry


async def test_a_post_made_clears_the_count_of_refused_ones(posts, clock):
    settings = await saved(posts, server())
    due = await posts.claim(settings, clock.now)
    assert await posts.refused(due, "Discord refused it", 50001) is None
    settings = await posts.storage.guild_settings(GUILD)
    assert settings.failures == 1 and settings.paused is None
    clock.now += RETRY_AFTER + timedelta(minutes=1)
    due = await posts.claim(settings, clock.now)
    assert due is not None and due.retry
    await posts.posted(due, 77)
    settings = await posts.storage.guild_settings(GUILD)
    assert settings.failures == 0 and settings.paused is None
    assert (await posts.storage.daily_post(GUILD, due.day)).message_id == 77


async def test_a_refused_daily_choice_pauses_at_once_and_is_told_once(posts, clock):
    settings = await saved(posts, server(GUILD, time(9, 0), "UTC", DailyKind("pipes", "8x8 bogus")))
    with pytest.raises(Unpostable) as refused:
        await posts.claim(settings, clock.now)
    reason = await posts.pause(settings, refused.value)
    assert reason is not None and "“8x8 bogus”" in reason and "/pipes-setup kind" in reason
    settings = await posts.storage.guild_settings(GUILD)
    assert settings.paused == reason and settings.failures == 0
    assert await posts.pause(settings, refused.value) is None  # told once
    assert await posts.claim(settings, clock.now) is None  # paused


async def test_a_failure_on_our_side_is_logged_once_and_kept_until_the_post_settles(
    tmp_path, clock, caplog
):
    first, second = [await process("sqlite", tmp_path / "shared.sqlite3", clock) for _ in "ab"]
    try:
        await first.storage.save_guild_settings(server())
        settings = await first.storage.guild_settings(GUILD)
        caplog.set_level(logging.INFO)
        assert await second.claim(settings, clock.now) is not None  # second posts it later
        first.failed(GUILD, RuntimeError("the disk is on fire"))
        first.failed(GUILD, RuntimeError("the disk is still on fire"))
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1 and str(GUILD) in errors[0].getMessage() and errors[0].exc_info
        assert first.failing(GUILD) and not second.failing(GUILD)
        assert await first.claim(settings, clock.now) is None
        assert first.failing(GUILD)  # still waiting for someone else's claim: not settled
        due = await second.claim(settings, clock.now + RETRY_AFTER * 2)
        await second.posted(due, 9)
        assert await first.claim(settings, clock.now) is None
        assert not first.failing(GUILD)  # posted: whatever failed is over
    finally:
        await first.storage.close()
        await second.storage.close()


async def test_only_the_servers_this_process_runs_are_asked(posts):
    for guild in (10, 11, 12):
        await posts.storage.save_guild_settings(server(guild))
    await posts.storage.save_guild_settings(GuildSettings(13, CHANNEL, enabled=False))
    mine = await posts.servers(lambda guild: guild != 11)
    assert sorted(s.guild_id for s in mine) == [10, 12]
