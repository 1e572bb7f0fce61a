"""Servers can't stop each other (issue 23): one server's bad settings or failing post never
delays or stops another's; a server in error is logged once per change of state and shown
in its setup status."""

import asyncio
import dataclasses
import logging
from datetime import time

import pytest
from botkit import ALICE, BOB, MANAGER, pipes_daily

from db import DailyKind, GuildSettings
from playground.offline import CHANNEL_ID, GUILD_ID

OTHER = GUILD_ID + 1


async def save(harness, guild, *dailies):
    await harness.bot.storage.save_guild_settings(
        GuildSettings(guild, CHANNEL_ID, time(9, 0), "UTC", True, dailies=dailies)
    )


async def test_one_server_with_bad_settings_stops_no_other_and_is_logged_once(
    harness, clock, caplog
):
    clock.now = clock.now.replace(hour=10)
    await save(harness, OTHER, DailyKind("pipes", "8x8 bogus"))  # saved by an older version
    await save(harness, GUILD_ID, pipes_daily("5x4"))
    caplog.set_level(logging.INFO)
    assert await harness.bot.poster.tick() == 1  # the healthy server gets its post
    assert await harness.bot.poster.tick() == 0  # posted once; the other still refused
    warned = [r for r in caplog.records if r.levelno >= logging.WARNING and "daily" in r.name]
    assert len(warned) == 1 and str(OTHER) in warned[0].getMessage()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    broken = await harness.bot.storage.guild_settings(OTHER)
    assert broken.paused is not None and "8x8 bogus" in broken.paused


async def test_a_server_in_error_sees_why_in_its_status(harness, clock):
    clock.now = clock.now.replace(hour=10)
    await save(harness, GUILD_ID, DailyKind("mines", "99x99"))
    await harness.bot.poster.tick()
    status = await harness.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
    assert "⚠️ Paused:" in status[0].content and "99×99" in status[0].content.replace("x", "×")


async def test_a_failing_post_is_logged_once_shown_in_status_and_others_still_post(
    harness, clock, caplog, monkeypatch
):
    clock.now = clock.now.replace(hour=10)
    await save(harness, OTHER, pipes_daily("5x4"))
    await save(harness, GUILD_ID, pipes_daily("6x6"))
    poster, send = harness.bot.poster, harness.bot.poster.send

    async def failing_for_one(settings, dailies, now):
        if settings.guild_id == GUILD_ID:
            raise RuntimeError("the disk is on fire")
        return await send(settings, dailies, now)

    monkeypatch.setattr(poster, "send", failing_for_one)
    caplog.set_level(logging.INFO)
    assert await poster.tick() == 1  # the other server's post
    clock.advance(minutes=11)  # the failed claim is stale: tried again, failing again
    await poster.tick()
    failed = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(failed) == 1 and str(GUILD_ID) in failed[0].getMessage()
    status = await harness.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
    assert "The last try to post failed on our side" in status[0].content
    monkeypatch.setattr(poster, "send", send)
    clock.advance(minutes=11)
    assert await poster.tick() == 1  # fixed: posted, and the status is clear again
    status = await harness.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
    assert "failed" not in status[0].content


async def test_a_post_failing_again_and_again_is_logged_once_and_stays_in_the_status(
    harness, clock, caplog, monkeypatch
):
    clock.now = clock.now.replace(hour=10)
    await save(harness, GUILD_ID, pipes_daily("5x4"))
    poster = harness.bot.poster

    async def failing(*_args):
        raise RuntimeError("Discord is down")

    monkeypatch.setattr(poster, "send", failing)
    caplog.set_level(logging.INFO)
    for _ in range(25):  # a tick a minute; the claim is tried again every ten
        await poster.tick()
        status = await harness.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
        assert "The last try to post failed on our side" in status[0].content
        clock.advance(minutes=1)
    assert len([r for r in caplog.records if r.levelno >= logging.ERROR]) == 1


async def test_a_value_error_of_the_post_itself_pauses_nothing(harness, clock, monkeypatch):
    clock.now = clock.now.replace(hour=10)
    await save(harness, GUILD_ID, pipes_daily("5x4"))

    async def failing(*_args):
        raise ValueError("Connection closed")

    monkeypatch.setattr(harness.bot.poster, "send", failing)
    await harness.bot.poster.tick()
    assert (await harness.bot.storage.guild_settings(GUILD_ID)).paused is None


async def test_a_refused_choice_is_one_sentence_for_players_not_an_apology(harness, caplog):
    await save(harness, GUILD_ID, DailyKind("pipes", "8x8 bogus"))
    caplog.set_level(logging.INFO)
    made = await harness.command("daily", ALICE)
    assert made[-1].ephemeral and made[-1].content == (
        "This server's daily Pipes is set to “8x8 bogus”, which it cannot play: a server "
        "manager changes it with `/pipes-setup kind`."
    )
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_one_slow_server_does_not_hold_up_the_others(harness, clock, monkeypatch):
    clock.now = clock.now.replace(hour=10)
    await save(harness, OTHER, pipes_daily("5x4"))
    await save(harness, GUILD_ID, pipes_daily("6x6"))
    poster, send = harness.bot.poster, harness.bot.poster.send
    released = asyncio.Event()

    async def slow_for_one(settings, dailies, now):
        if settings.guild_id == GUILD_ID:  # the first server in the list
            await released.wait()
        return await send(settings, dailies, now)

    monkeypatch.setattr(poster, "send", slow_for_one)
    ticking = asyncio.ensure_future(poster.tick())
    for _ in range(200):  # the healthy server's post is made while the other hangs
        post = await harness.bot.storage.daily_post(OTHER, clock.now.date())
        if post is not None and post.message_id is not None:
            break
        await asyncio.sleep(0.01)
    else:
        pytest.fail("the healthy server waited for the slow one")
    released.set()
    assert await ticking == 2


@pytest.mark.parametrize(
    ("settings", "why"),
    [
        pytest.param(
            GuildSettings(GUILD_ID, CHANNEL_ID, time(9, 0), "Mars/Olympus_Mons", True),
            "its time zone “Mars/Olympus_Mons” is not one I know: pick another with "
            "`/pipes-setup daily timezone:`",
            id="unknown zone",
        ),
        pytest.param(
            GuildSettings(GUILD_ID, None, time(9, 0), "UTC", True),
            "it has no channel: pick one with `/pipes-setup daily channel:`",
            id="no channel",
        ),
    ],
)
async def test_settings_the_post_cannot_use_pause_it_and_the_manager_is_told_once(
    harness, clock, caplog, settings, why
):
    """Stored by an older version or by hand, such a server was skipped every minute, and
    nobody knew."""
    clock.now = clock.now.replace(hour=10)
    await harness.bot.storage.save_guild_settings(
        dataclasses.replace(settings, configured_by=ALICE, dailies=(pipes_daily("5x4"),))
    )
    caplog.set_level(logging.INFO)
    for _ in range(3):
        assert await harness.bot.poster.tick() == 0
        clock.advance(minutes=1)
    assert (await harness.bot.storage.guild_settings(GUILD_ID)).paused == why
    told = [r for r in harness.requests if r.via == "http" and "paused" in r.content]
    assert len(told) == 1 and why in told[0].content
    assert "<#None>" not in told[0].content
    warned = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warned) == 1 and not [r for r in warned if r.levelno >= logging.ERROR]
    status = await harness.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
    assert f"⚠️ Paused: {why}." in status[0].content
    played = await harness.command("daily", BOB)  # players still get today's board
    assert played[-1].files and not harness.errors


async def test_setup_will_not_keep_a_time_zone_it_does_not_know(harness):
    await harness.bot.storage.save_guild_settings(
        GuildSettings(GUILD_ID, CHANNEL_ID, time(9, 0), "Mars/Olympus_Mons", True,
                      dailies=(pipes_daily("5x4"),))
    )  # fmt: skip
    made = await harness.command("daily", ALICE, group="pipes-setup", permissions=MANAGER)
    assert made[0].ephemeral and made[0].content == (
        "This server's time zone “Mars/Olympus_Mons” is not one I know: pick one with the "
        "timezone option."
    )
    assert (await harness.bot.storage.guild_settings(GUILD_ID)).configured_by is None
