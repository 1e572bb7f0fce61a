from datetime import UTC, date, datetime, time, timedelta
from itertools import pairwise
from zoneinfo import ZoneInfo

import pytest

from bot.daily import due_post, next_post, next_puzzle_time
from db import GuildSettings


def simulate(settings, start, days, step=timedelta(minutes=10)):
    """Tick every ``step`` like the scheduler; return {puzzle date: UTC instant posted}."""
    posted = {}
    now = start
    while now < start + timedelta(days=days):
        day = due_post(settings, now)
        if day is not None and day not in posted:
            posted[day] = now
        now += step
    return posted


@pytest.mark.parametrize(
    ("zone", "switch"),
    [
        ("Europe/Berlin", date(2027, 3, 28)),  # spring forward
        ("Europe/Berlin", date(2027, 10, 31)),  # fall back
        ("America/New_York", date(2027, 3, 14)),
        ("America/New_York", date(2027, 11, 7)),
    ],
)
@pytest.mark.parametrize("at", [time(9, 0), time(2, 30), time(0, 5), time(23, 50)])
def test_one_post_a_day_at_local_time_across_dst_changes(zone, switch, at):
    settings = GuildSettings(guild_id=1, channel_id=2, post_time=at, timezone=zone, enabled=True)
    tz = ZoneInfo(zone)
    start = datetime.combine(switch - timedelta(days=4), time(0, 0), tzinfo=tz).astimezone(UTC)
    posted = simulate(settings, start, days=9)
    local_days = sorted(moment.astimezone(tz).date() for moment in posted.values())
    # Every local day gets exactly one post, the DST day included: no day skipped.
    assert local_days == sorted(set(local_days))
    assert len(local_days) >= 8
    assert all(b - a == timedelta(days=1) for a, b in pairwise(local_days))
    for moment in posted.values():
        local = moment.astimezone(tz)
        wanted = datetime.combine(local.date(), at, tzinfo=tz).astimezone(UTC)
        # Posted at the first tick at or after the local time (an hour later in the gap).
        assert timedelta(0) <= moment - wanted < timedelta(minutes=10)


def test_cron_in_a_local_zone_would_skip_the_spring_day_we_do_not():
    settings = GuildSettings(
        guild_id=1, post_time=time(2, 30), timezone="Europe/Berlin", channel_id=2, enabled=True
    )
    posted = simulate(settings, datetime(2027, 3, 27, tzinfo=UTC), days=3)
    local_days = {m.astimezone(ZoneInfo("Europe/Berlin")).date() for m in posted.values()}
    assert date(2027, 3, 28) in local_days  # 02:30 does not exist that day: posted at 03:30


def test_puzzle_date_is_the_utc_date_of_the_post():
    tokyo = GuildSettings(
        guild_id=1, post_time=time(7, 0), timezone="Asia/Tokyo", channel_id=2, enabled=True
    )
    # 07:00 in Tokyo on Nov 23 is 22:00 UTC on Nov 22: that day's puzzle.
    assert due_post(tokyo, datetime(2026, 11, 22, 22, 5, tzinfo=UTC)) == date(2026, 11, 22)
    assert due_post(tokyo, datetime(2026, 11, 22, 21, 55, tzinfo=UTC)) is None


def test_next_post_and_next_puzzle():
    berlin = GuildSettings(guild_id=1, post_time=time(9, 0), timezone="Europe/Berlin")
    now = datetime(2026, 11, 22, 7, 0, tzinfo=UTC)  # 08:00 in Berlin
    assert next_post(berlin, now) == datetime(2026, 11, 22, 8, 0, tzinfo=UTC)
    assert next_post(berlin, now + timedelta(hours=2)) == datetime(2026, 11, 23, 8, 0, tzinfo=UTC)
    assert next_puzzle_time(now) == datetime(2026, 11, 23, tzinfo=UTC)
