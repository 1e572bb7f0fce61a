"""Servers can't stop each other (issue 23): one server's bad settings or failing post never
delays or stops another's; a server in error is logged once per change of state and shown
in its setup status."""

import logging
from datetime import time

from botkit import ALICE, MANAGER, pipes_daily

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
