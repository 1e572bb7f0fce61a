"""Reminders (issue 38, item 3) through the real dispatch: ``/pipes remind [at]`` and
``off``; on the daily tick, one direct message (POST /users/@me/channels, then the message)
once the player's local time has come, only on a day the server posted, only when they have
not played today's daily of a kind they play, naming those kinds alone; never twice, after a
restart, or from two bots on one PostgreSQL; where direct messages are closed, a private
follow-up on the player's next interaction there, once; at the local time across DST; and a
reminder whose sender died with it claimed is sent once by another after ``LEASE`` (unless the
direct message history shows it reached the player), never while the claim is fresh, never
after its day."""

import asyncio
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from botkit import ALICE, BOB, Harness, make_bot
from storekit import FakeClock

from db import DailyKind, GuildSettings
from play.reminders import LEASE
from playground.offline import CHANNEL_ID, GUILD_ID, http_error

SMALL = {"pipes": "5x4 weekly", "mines": "9x9"}
DAY = date(2026, 11, 20)
CLOSED = "Cannot send messages to this user"


async def started(tmp_path, clock, **settings):
    harness = Harness(make_bot(tmp_path, clock, **settings))
    await harness.start()
    return harness


async def server(harness, kinds=("pipes", "mines"), zone="UTC"):
    """The test server posts ``kinds`` daily at 09:00 in ``zone``."""
    await harness.bot.storage.save_guild_settings(
        GuildSettings(
            guild_id=GUILD_ID, channel_id=CHANNEL_ID, post_time=time(9), timezone=zone,
            enabled=True, dailies=tuple(DailyKind(kind, SMALL[kind]) for kind in kinds),
        )
    )  # fmt: skip


def set_clock(clock, day, hour, minute=0, zone="UTC"):
    clock.now = datetime.combine(day, time(hour, minute), ZoneInfo(zone)).astimezone(UTC)


async def tick(harness):
    """The daily tick; the requests it made."""
    before = len(harness.requests)
    await harness.bot.poster.tick()
    return harness.requests[before:]


async def posted_day(harness, clock, day, zone="UTC"):
    """The server's post of ``day`` is made (at 10:00 there)."""
    set_clock(clock, day, 10, zone=zone)
    assert any(r.path == f"/channels/{CHANNEL_ID}/messages" for r in await tick(harness))


def dms(requests, user=None):
    """The direct messages among requests (the DM channel of a user is its id + 1 here)."""
    return [
        r
        for r in requests
        if r.method == "POST"
        and r.path.startswith("/channels/")
        and r.path != f"/channels/{CHANNEL_ID}/messages"
        and (user is None or r.path == f"/channels/{user + 1}/messages")
    ]


async def remind(harness, user, **options):
    return (await harness.command("remind", user, **options))[-1]


async def dies_sending(harness, clock, reached=False):
    """Alice's reminder is due at 20:00 tomorrow and the bot dies in its direct message: the
    connection drops, after Discord made the message if ``reached``."""
    await server(harness, ("pipes",))
    await posted_day(harness, clock, DAY)
    await harness.command("daily", ALICE)
    await remind(harness, ALICE, at="20:00")
    await posted_day(harness, clock, DAY + timedelta(days=1))
    dm = f"/channels/{ALICE + 1}/messages"
    harness.fail("POST", dm, ConnectionResetError("gone"), delivered=reached)
    set_clock(clock, DAY + timedelta(days=1), 20)
    assert len([r for r in await tick(harness) if r.path == dm]) == int(reached)


async def test_one_dm_when_the_time_comes_naming_only_unplayed_kinds_they_play(tmp_path, clock):
    harness = await started(tmp_path, clock)
    try:
        await server(harness)
        await posted_day(harness, clock, DAY)
        for user in (ALICE, BOB):
            await harness.command("daily", user)  # both play Pipes, neither Minesweeper
        said = await remind(harness, ALICE, at="20:00")
        assert said.ephemeral
        assert said.content.startswith("⏰ I'll remind you at 20:00 (UTC) on days you haven't")
        assert "22:00 (UTC)" in (await remind(harness, BOB)).content  # the default

        today = DAY + timedelta(days=1)
        await posted_day(harness, clock, today)
        await harness.command("daily", BOB)  # Bob played today's already
        set_clock(clock, today, 19, 59)
        assert dms(await tick(harness)) == []
        set_clock(clock, today, 20)
        made = await tick(harness)
        opened = [r for r in made if r.path == "/users/@me/channels"]
        assert [r.json["recipient_id"] for r in opened] == [ALICE]
        (dm,) = dms(made)
        assert dm.path == f"/channels/{ALICE + 1}/messages"
        assert "haven't played today's daily in **Puzzle Club** yet" in dm.content
        assert "`/pipes daily`" in dm.content and "mines" not in dm.content
        set_clock(clock, today, 23)  # Bob's time too: he played
        assert dms(await tick(harness)) == []
    finally:
        await harness.close()

    again = await started(tmp_path, clock)  # a restart on the same file
    try:
        assert dms(await tick(again)) == []
    finally:
        await again.close()


async def test_off_stops_them_and_a_bad_time_or_a_dm_is_refused_in_one_sentence(harness, clock):
    await server(harness, ("pipes",))
    await posted_day(harness, clock, DAY)
    await harness.command("daily", ALICE)
    await remind(harness, ALICE, at="9pm")
    assert (await remind(harness, ALICE, at="off")).content == "🔕 No more reminders here."
    refused = await remind(harness, ALICE, at="25:00")
    assert refused.content.startswith("“25:00” is not a time of day")
    outside = (await harness.command("remind", ALICE, guild=False))[-1]
    assert outside.content == "Reminders are for a server's daily: set one in a server."
    assert await harness.bot.storage.reminder(GUILD_ID, ALICE) is None  # nothing changed
    await posted_day(harness, clock, DAY + timedelta(days=1))
    set_clock(clock, DAY + timedelta(days=1), 23, 30)
    assert dms(await tick(harness)) == []
    assert harness.bot.tree.get_command("mines").get_command("remind") is None  # /pipes only


async def test_closed_dms_give_one_private_follow_up_on_the_next_interaction(tmp_path, clock):
    """Also after a restart: the new bot reads the held reminder on its first tick."""
    harness = await started(tmp_path, clock)
    try:
        await server(harness, ("pipes",))
        await posted_day(harness, clock, DAY)
        for user in (ALICE, BOB):
            await harness.command("daily", user)
            await remind(harness, user, at="18:00")
        today = DAY + timedelta(days=1)
        await posted_day(harness, clock, today)
        harness.fail("POST", f"/channels/{ALICE + 1}/messages", http_error(403, 50007, CLOSED))
        set_clock(clock, today, 18)
        made = await tick(harness)
        assert dms(made, ALICE) == [] and len(dms(made, BOB)) == 1  # Alice's stops no one
        assert dms(await tick(harness)) == []
    finally:
        await harness.close()

    def follow_ups(requests):
        return [r for r in requests if r.via == "webhook" and "haven't played" in r.content]

    again = await started(tmp_path, clock)
    try:
        assert dms(await tick(again)) == []
        assert follow_ups(await again.command("stats", BOB)) == []
        (note,) = follow_ups(await again.command("stats", ALICE))
        assert note.ephemeral and "`/pipes daily`" in note.content
        assert follow_ups(await again.command("stats", ALICE)) == []
    finally:
        await again.close()


async def test_two_bots_on_one_postgresql_ticking_at_once_send_one(tmp_path, postgres):
    import pgserver

    clock = FakeClock(datetime(2026, 11, 20, 10, 0, tzinfo=UTC))
    url = await pgserver.database_for(tmp_path / "reminders")
    first = await started(tmp_path / "a", clock, database_url=url)
    second = await started(tmp_path / "b", clock, database_url=url)
    try:
        await server(first, ("pipes",))
        await posted_day(first, clock, DAY)
        await first.command("daily", ALICE)
        await remind(first, ALICE, at="21:00")
        set_clock(clock, DAY + timedelta(days=1), 21, 30)  # the post and the reminder are due
        made = await asyncio.gather(tick(first), tick(second))
        assert len(dms(made[0] + made[1], ALICE)) == 1
        assert dms(await tick(first) + await tick(second)) == []
    finally:
        await first.close()
        await second.close()


@pytest.mark.parametrize("day", [date(2026, 10, 31), date(2026, 11, 1)])  # EDT, then EST
async def test_the_reminder_comes_at_the_local_time_on_both_sides_of_dst(harness, clock, day):
    zone = "America/New_York"
    await server(harness, ("pipes",), zone)
    await posted_day(harness, clock, day - timedelta(days=1), zone)
    await harness.command("daily", ALICE)
    await remind(harness, ALICE, at="20:00")
    await posted_day(harness, clock, day, zone)
    set_clock(clock, day, 19, 59, zone)
    assert dms(await tick(harness)) == []
    set_clock(clock, day, 20, 0, zone)
    assert len(dms(await tick(harness), ALICE)) == 1


@pytest.mark.parametrize("reached", [False, True])
async def test_a_reminder_whose_sender_died_is_sent_once_after_the_lease(tmp_path, clock, reached):
    """A new bot on the same file takes the claim over once ``LEASE`` has passed: it looks in
    the direct messages first, and sends only if the dead one's message is not there."""
    harness = await started(tmp_path, clock)
    try:
        await dies_sending(harness, clock, reached)
    finally:
        await harness.close()

    again = await started(tmp_path, clock)
    again.messages.update(harness.messages)  # Discord keeps what it made
    try:
        clock.now += LEASE / 2
        assert [r for r in await tick(again) if str(ALICE + 1) in r.path] == []  # still fresh
        clock.now += LEASE
        made = await tick(again)
        looked = [r for r in made if r.method == "GET" and str(ALICE + 1) in r.path]
        assert len(looked) == 1 and len(dms(made, ALICE)) == int(not reached)
        sent = [m for m in again.messages.values() if m["channel_id"] == str(ALICE + 1)]
        assert len(sent) == 1 and "in **Puzzle Club**" in sent[0]["content"]
        clock.now += LEASE * 2  # decided: not taken over again
        assert [r for r in await tick(again) if str(ALICE + 1) in r.path] == []
    finally:
        await again.close()


async def test_a_claim_of_a_day_that_is_over_is_not_retried(harness, clock):
    """Not even once the next day's post is made (Alice's time that day is still ahead)."""
    await dies_sending(harness, clock)
    set_clock(clock, DAY + timedelta(days=2), 10)
    made = await tick(harness)
    assert any(r.path == f"/channels/{CHANNEL_ID}/messages" for r in made)
    assert [r for r in made if str(ALICE + 1) in r.path] == []


async def test_a_fresh_claim_is_never_taken_by_a_rival_on_postgresql(tmp_path, postgres):
    """The claimer's direct message fails; its rival leaves the claim alone within ``LEASE``;
    after it, of two bots ticking at once, one sends it."""
    import pgserver

    clock = FakeClock(datetime(2026, 11, 20, 10, 0, tzinfo=UTC))
    url = await pgserver.database_for(tmp_path / "reminders")
    first = await started(tmp_path / "a", clock, database_url=url)
    second = await started(tmp_path / "b", clock, database_url=url)
    try:
        await dies_sending(first, clock)
        clock.now += LEASE / 2
        made = await asyncio.gather(tick(first), tick(second))
        assert dms(made[0] + made[1]) == []
        clock.now += LEASE
        made = await asyncio.gather(tick(first), tick(second))
        assert len(dms(made[0] + made[1], ALICE)) == 1
    finally:
        await first.close()
        await second.close()
