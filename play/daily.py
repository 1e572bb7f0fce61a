"""The daily puzzles' calendar: their secret seeds, when a date ends, and which parameters a
server's daily of each kind has on a date (a change made during a day applies from the next
day on, so that day's leaderboard stays one puzzle). Knows no kind: each kind reads its own
daily choice (``Kind.daily``)."""

from __future__ import annotations

import hmac
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from db import DailyKind, GuildSettings
from puzzle import KINDS, quote

#: Seeds of daily puzzles start with this; nobody else's may.
DAILY_PREFIX = "daily-"


def daily_seed(secret: str, params: str, day: date, kind: str) -> str:
    """The seed of the daily puzzle of a date, kind and size: keyed by the deployment's
    secret, so nobody can make a daily's puzzle before its day without playing the daily."""
    mac = hmac.new(secret.encode(), f"{kind}:{params}:{day.isoformat()}".encode(), "sha256")
    return DAILY_PREFIX + mac.hexdigest()[:20]


@cache
def _zone(name: str) -> ZoneInfo | None:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # unknown, malformed, a folder
        return None


def known_zone(name: str) -> bool:
    """Whether this machine knows the IANA time zone of that name."""
    return _zone(name) is not None


def zone_info(name: str) -> ZoneInfo:
    """The IANA time zone of that name; UTC for one this machine does not know (a server's
    daily post is paused while its zone is such a one: ``daily_post``)."""
    return _zone(name) or ZoneInfo("UTC")


def day_end(day: date, zone: str) -> datetime:
    """The instant a calendar date ends in a time zone."""
    return datetime.combine(day + timedelta(days=1), time(0), zone_info(zone)).astimezone(UTC)


def local_instant(day: date, at: time, zone: str) -> datetime:
    """The UTC instant of a local time of day on a calendar date in a zone. A time that a DST
    change skips falls after the gap, one it repeats is the first; either way it stays inside
    its own local day (a gap that ends the day moves it to the day's last minute)."""
    instant = datetime.combine(day, at, tzinfo=zone_info(zone)).astimezone(UTC)
    if instant.astimezone(zone_info(zone)).date() != day:
        instant = day_end(day, zone) - timedelta(minutes=1)
    return instant


def over_everywhere(day: date, now: datetime) -> bool:
    """Whether a date has ended in every time zone (the last is UTC−12)."""
    return now >= datetime.combine(day + timedelta(days=1), time(12), UTC)


def pending(row: DailyKind, day: date) -> bool:
    """Whether ``day`` comes before a row's change applies."""
    return row.since is not None and day < row.since


def choice_on(row: DailyKind, day: date) -> str:
    """A row's daily choice on a date: the one before a change on the dates before it."""
    return row.previous if pending(row, day) and row.previous else row.choice


def row_of(settings: GuildSettings | None, kind: str) -> DailyKind | None:
    """A server's row of a kind, if it has one."""
    dailies = settings.dailies if settings is not None else ()
    return next((row for row in dailies if row.kind == kind), None)


def daily_choice(settings: GuildSettings | None, kind: str, day: date) -> str:
    """The daily choice of a kind a server plays on a date; without one (direct messages,
    servers that never chose) the kind's default."""
    row = row_of(settings, kind)
    return choice_on(row, day) if row is not None else KINDS[kind].default_daily


class RefusedChoice(ValueError):
    """A server's stored daily choice its kind does not read (saved by an older version, or
    the kind's rules changed): the server cannot play that daily until a manager changes it."""

    def __init__(self, kind: str, choice: str, why: str) -> None:
        super().__init__(why)
        self.kind, self.choice = kind, choice

    @property
    def what(self) -> str:
        """What is wrong, for people: 'daily Maze is set to “99x99”, which it cannot play'."""
        return (
            f"daily {KINDS[self.kind].title} is set to {quote(self.choice)}, which it cannot play"
        )


def daily_of(settings: GuildSettings | None, day: date, kind: str) -> Any:
    """The parameters of a kind's daily a server plays on a date (the kind's own);
    ``RefusedChoice`` if the kind does not read the server's choice."""
    choice = daily_choice(settings, kind, day)
    try:
        return KINDS[kind].daily(choice, day)
    except ValueError as error:
        raise RefusedChoice(kind, choice, str(error)) from error


def posted_kinds(settings: GuildSettings) -> list[str]:
    """The kinds a server's daily post carries, in its order (kinds no longer known left
    out)."""
    rows = sorted(settings.dailies, key=lambda row: (row.position, row.kind))
    return [row.kind for row in rows if row.posted and row.kind in KINDS]


def with_choice(settings: GuildSettings, row: DailyKind, today: date) -> DailyKind:
    """A row after its choice changed on ``today``: while the server's daily runs, the
    change applies from tomorrow (a change still pending keeps the choice before it; a kind
    without a row played its default today)."""
    before = row_of(settings, row.kind) or DailyKind(row.kind, KINDS[row.kind].default_daily)
    if not settings.enabled or before.choice == row.choice:
        return row
    earlier = choice_on(before, today)
    if earlier == row.choice:  # back to what today has: nothing pending
        return DailyKind(row.kind, row.choice, row.posted, row.position)
    return DailyKind(
        row.kind, row.choice, row.posted, row.position, today + timedelta(days=1), earlier
    )
