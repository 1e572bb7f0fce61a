from datetime import UTC, date, datetime, time, timedelta
from itertools import pairwise
from zoneinfo import ZoneInfo, available_timezones

import pytest
from botkit import pipes_daily

from db import GuildSettings
from play.daily_post import due_post, next_post, next_puzzle_time, post_instant
from playground.offline import CHANNEL_ID, GUILD_ID


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


def test_puzzle_date_is_the_local_date_of_the_post():
    tokyo = GuildSettings(
        guild_id=1, post_time=time(7, 0), timezone="Asia/Tokyo", channel_id=2, enabled=True
    )
    # 07:00 in Tokyo on Nov 23 is 22:00 UTC on Nov 22: Tokyo plays Nov 23's puzzle.
    assert due_post(tokyo, datetime(2026, 11, 22, 22, 5, tzinfo=UTC)) == date(2026, 11, 23)
    assert due_post(tokyo, datetime(2026, 11, 22, 21, 55, tzinfo=UTC)) is None


def test_next_post_and_next_puzzle():
    berlin = GuildSettings(guild_id=1, post_time=time(9, 0), timezone="Europe/Berlin")
    now = datetime(2026, 11, 22, 7, 0, tzinfo=UTC)  # 08:00 in Berlin
    assert next_post(berlin, now) == datetime(2026, 11, 22, 8, 0, tzinfo=UTC)
    assert next_post(berlin, now + timedelta(hours=2)) == datetime(2026, 11, 23, 8, 0, tzinfo=UTC)
    assert next_puzzle_time(berlin, now) == datetime(2026, 11, 22, 23, 0, tzinfo=UTC)


# Post times that a DST change moves across UTC midnight, and zones whose offset is not whole
# hours (issue 12): each local date gets exactly one post, naming that local date.
LOCAL_DAY_CASES = [
    ("America/New_York", time(19, 30), date(2026, 3, 8)),
    ("America/New_York", time(20, 30), date(2026, 11, 1)),
    ("Europe/London", time(0, 30), date(2026, 3, 29)),
    ("Europe/London", time(0, 30), date(2026, 10, 25)),
    ("Australia/Lord_Howe", time(10, 45), date(2026, 10, 4)),
    ("Australia/Lord_Howe", time(10, 45), date(2026, 4, 5)),
    ("Asia/Kolkata", time(3, 0), date(2026, 11, 22)),
    ("Pacific/Chatham", time(23, 50), date(2026, 9, 27)),
]


@pytest.mark.parametrize(("zone", "at", "switch"), LOCAL_DAY_CASES)
async def test_the_poster_posts_each_local_date_once_naming_it(harness, clock, zone, at, switch):
    await harness.bot.storage.save_guild_settings(
        GuildSettings(
            guild_id=GUILD_ID,
            channel_id=CHANNEL_ID,
            post_time=at,
            timezone=zone,
            enabled=True,
            dailies=(pipes_daily("5x5"),),
        )
    )
    tz = ZoneInfo(zone)
    clock.now = datetime.combine(switch - timedelta(days=2), time(0, 0), tzinfo=tz).astimezone(UTC)
    end = clock.now + timedelta(days=5)
    posts = []
    while clock.now < end:
        before = len(harness.requests)
        await harness.bot.poster.tick()
        made = harness.requests[before:]  # the day's recap goes to the channel too
        posts += [(clock.now, r) for r in made if any(f == "daily.png" for f, _ in r.files)]
        clock.now += timedelta(minutes=10)
    named = [r.content.split("Daily Pipes — ")[1][:10] for _, r in posts]
    local = [moment.astimezone(tz).date().isoformat() for moment, _ in posts]
    assert named == local  # the post plays the puzzle of its local date
    assert len(set(local)) == len(local) >= 4  # one post per local date
    days = [date.fromisoformat(d) for d in local]
    assert all(b - a == timedelta(days=1) for a, b in pairwise(days))  # none skipped
    assert date.fromisoformat(named[0]) <= switch <= date.fromisoformat(named[-1])


@pytest.mark.parametrize("at", [time(0, 0), time(0, 30), time(1, 0), time(2, 30), time(23, 59)])
def test_every_zone_every_day_of_2026_has_one_post_inside_its_local_day(at):
    """For every IANA zone, each local date's post instant lies inside that local date and
    the instants strictly increase: a minute tick then posts every date exactly once."""
    start = date(2026, 1, 1)
    for zone in sorted(available_timezones()):
        if zone.startswith(("posix/", "right/")) or zone in ("Factory", "localtime"):
            continue
        settings = GuildSettings(guild_id=1, post_time=at, timezone=zone)
        tz = ZoneInfo(zone)
        previous = None
        for k in range(366):
            day = start + timedelta(days=k)
            instant = post_instant(settings, day)
            assert instant.astimezone(tz).date() == day, (zone, day)
            assert previous is None or instant > previous, (zone, day)
            previous = instant
