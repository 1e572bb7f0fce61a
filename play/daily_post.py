"""The daily post's workflow: when each server is due, the claim that lets exactly one process
post it, retries of a claim whose poster died, and pausing a server whose posts are refused.
Plain Python: a front end asks ``DailyPosts.claim`` what to post, sends it, and reports what
came of it (``posted``, ``found``, ``refused``, ``failed``); what it sends and how is its own.

A server's day is its local calendar date, and it plays that date's puzzle (one puzzle per
date worldwide, as Wordle does). Posting times are computed here from each server's local
time and IANA zone in UTC (a cron in a local zone skips a day at the spring DST change:
APScheduler issues #606 and #529), so a scheduler only has to wake the front end every minute
in UTC. Whoever wins the database's claim on (server, local date) posts, so restarts and rival
schedulers never post twice, and a post missed while the bot was down is made at the next
start.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from db import DailyPuzzle, GuildSettings, Storage
from puzzle import quote

from .daily import (
    RefusedChoice,
    daily_of,
    day_end,
    known_zone,
    local_instant,
    posted_kinds,
    zone_info,
)
from .service import GameService

log = logging.getLogger(__name__)
#: A claimed post still without a message after this long is tried again.
RETRY_AFTER = timedelta(minutes=10)
#: After this many refused posts in a row, a server's daily is paused until setup runs again.
MAX_FAILURES = 3


# -- the calendar of a server's posts -------------------------------------------------------


def local_day(settings: GuildSettings, now: datetime) -> date:
    """The server's calendar date at ``now``."""
    return now.astimezone(zone_info(settings.timezone)).date()


def post_instant(settings: GuildSettings, day: date) -> datetime:
    """The UTC instant of a server's post on a local calendar day (``local_instant``: it
    stays inside its own local day across DST changes)."""
    return local_instant(day, settings.post_time, settings.timezone)


def due_post(settings: GuildSettings, now: datetime) -> date | None:
    """The local date whose post is due by ``now`` (its post time has passed), or None while
    today's post time is still ahead."""
    day = local_day(settings, now)
    return day if now >= post_instant(settings, day) else None


def next_post(settings: GuildSettings, now: datetime) -> datetime:
    """The next UTC instant a server posts at."""
    day = local_day(settings, now)
    instant = post_instant(settings, day)
    return instant if instant > now else post_instant(settings, day + timedelta(days=1))


def next_puzzle_time(settings: GuildSettings, now: datetime) -> datetime:
    """The server's next local midnight, when its next daily puzzle appears."""
    return day_end(local_day(settings, now), settings.timezone)


# -- claims, retries and pauses ---------------------------------------------------------------


class Unpostable(Exception):
    """A server's settings its daily post cannot be made with, which will not fix themselves;
    ``reason`` says so to people, naming what to change."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def unpostable(settings: GuildSettings) -> str | None:
    """Why a server's daily post cannot be made with its settings (a time zone this machine
    does not know, no channel), or None."""
    if not known_zone(settings.timezone):
        return (
            f"its time zone {quote(settings.timezone, 40)} is not one I know: pick another "
            "with `/pipes-setup daily timezone:`"
        )
    if settings.channel_id is None:
        return "it has no channel: pick one with `/pipes-setup daily channel:`"
    return None


@dataclass(frozen=True, slots=True)
class Due:
    """A post this process has claimed and must now send: the server's settings, the local
    date it is of, its puzzles in the server's order (the first claims the post and finds it
    in the channel again), and whether it is a retry — an earlier try may have reached the
    channel and lost only its answer, so look there before posting again."""

    settings: GuildSettings
    day: date
    dailies: list[DailyPuzzle]
    retry: bool = False

    @property
    def guild_id(self) -> int:
        return self.settings.guild_id

    @property
    def channel_id(self) -> int:
        """The channel it goes to (a server without one is never due)."""
        assert self.settings.channel_id is not None
        return self.settings.channel_id


class DailyPosts:
    """Every decision of the daily post, over a ``Storage``. The rules:

    - A server is due once its local post time of its local date has passed (``due_post``);
      a paused server or one whose post carries no kind never is.
    - The puzzles of today and tomorrow (UTC) are made ahead on every round, due or not, so
      nobody waits for a generator when a date begins anywhere.
    - Exactly one claimer wins (server, local date); a claim still without its message after
      ``RETRY_AFTER`` is taken over by exactly one other (``Due.retry``).
    - A post Discord refused (it will not fix itself) counts; ``MAX_FAILURES`` in a row pause
      the server until its setup runs again. A server whose settings cannot be posted with
      (``Unpostable``: a daily choice its kind refuses, a time zone this machine does not
      know, no channel) is paused at once. A post that is made clears the count.
    - A failure on our side is logged once and kept (for the setup status) until the server
      has a round with nothing left to wait for: posted, found, refused or nothing due.
    """

    def __init__(self, storage: Storage, games: GameService) -> None:
        self.storage = storage
        self.games = games
        #: Servers whose last try failed on our side, with the failure (this process only;
        #: at most one entry per server with the daily on).
        self._failing: set[int] = set()  # servers whose last try failed on our side

    async def servers(self, runs: Callable[[int], bool]) -> list[GuildSettings]:
        """The servers whose daily is on, of those ``runs`` says this process posts for
        (the claim still guards against any other)."""
        return [g for g in await self.storage.enabled_guilds() if runs(g.guild_id)]

    async def claim(self, settings: GuildSettings, now: datetime) -> Due | None:
        """The post a server is due at ``now``, claimed for this caller (make its puzzles of
        today and tomorrow ahead first); None when there is nothing to send: not due, paused,
        posted already, or claimed by someone else whose claim is not stale yet.
        ``Unpostable`` if the server's settings cannot be posted with (``pause``)."""
        guild = settings.guild_id
        kinds = posted_kinds(settings)
        if settings.paused is not None or not kinds:
            self._settled(guild)
            return None
        reason = unpostable(settings)
        if reason is not None:
            raise Unpostable(reason)
        try:
            return await self._claim(settings, kinds, now)
        except RefusedChoice as error:
            raise Unpostable(f"its {error.what}: change it with `/pipes-setup kind`") from error

    async def _claim(self, settings: GuildSettings, kinds: list[str], now: datetime) -> Due | None:
        """``claim`` for a server whose settings can be posted with."""
        guild, channel_id = settings.guild_id, settings.channel_id
        assert channel_id is not None  # else unpostable
        today = now.astimezone(UTC).date()
        made = {}
        for ahead in (today, today + timedelta(days=1)):  # made before anyone asks
            for kind in kinds:
                params = daily_of(settings, ahead, kind)
                made[ahead, kind] = await self.games.daily_puzzle(ahead, params, kind)
        day = due_post(settings, now)
        if day is None:
            self._settled(guild)
            return None
        dailies = [
            made.get((day, kind))
            or await self.games.daily_puzzle(day, daily_of(settings, day, kind), kind)
            for kind in kinds
        ]
        storage = self.storage
        if await storage.claim_daily_post(guild, day, dailies[0].id, channel_id):
            return Due(settings, day, dailies)
        post = await storage.daily_post(guild, day)
        stale = post is not None and post.message_id is None
        if stale and await storage.reclaim_daily_post(guild, day, now - RETRY_AFTER):
            return Due(settings, day, dailies, retry=True)
        if not stale:  # posted already: nothing is left to wait for
            self._settled(guild)
        return None

    async def posted(self, due: Due, message_id: int) -> None:
        """The post was made as ``message_id``: record it, and clear the server's count of
        refused posts."""
        settings = due.settings
        await self.storage.set_daily_post_message(settings.guild_id, due.day, message_id)
        if settings.failures:
            await self.storage.set_post_state(settings.guild_id, 0, None)
        log.info(
            "daily post guild=%s date=%s outcome=posted message=%s",
            settings.guild_id,
            due.day,
            message_id,
        )
        self._settled(settings.guild_id)

    async def found(self, due: Due, message_id: int) -> None:
        """A retry found the earlier try's message in the channel: it is the post."""
        await self.storage.set_daily_post_message(due.guild_id, due.day, message_id)
        log.info(
            "daily post guild=%s date=%s outcome=found-earlier message=%s",
            due.guild_id,
            due.day,
            message_id,
        )
        self._settled(due.guild_id)

    async def refused(self, due: Due, reason: str, code: int) -> str | None:
        """Discord refused the post (``code``, its error code), because of ``reason``: count
        it; the ``MAX_FAILURES``-th in a row pauses the server's daily, and then returns the
        reason to tell whoever set it up."""
        settings = due.settings
        failures = settings.failures + 1
        paused = reason if failures >= MAX_FAILURES else None
        await self.storage.set_post_state(settings.guild_id, failures, paused)
        log.warning(
            "daily post guild=%s date=%s outcome=refused code=%s failures=%d paused=%s",
            settings.guild_id,
            due.day,
            code,
            failures,
            paused is not None,
        )
        self._settled(settings.guild_id)
        return paused

    async def pause(self, settings: GuildSettings, why: Unpostable) -> str | None:
        """Pause a server whose settings cannot be posted with (they will not fix
        themselves); the reason to tell whoever set it up, the first time only (None once it
        is paused for it)."""
        reason = why.reason
        if settings.paused == reason:
            return None
        await self.storage.set_post_state(settings.guild_id, settings.failures, reason)
        log.warning("daily post guild=%s outcome=paused reason=%s", settings.guild_id, reason)
        return reason

    def failed(self, guild_id: int, error: BaseException) -> None:
        """A try failed on our side (anything but a refusal): logged with its traceback the
        first time, remembered until the server's posts settle."""
        if guild_id not in self._failing:
            log.error("daily post for guild %s failed", guild_id, exc_info=error)
        self._failing.add(guild_id)

    def failing(self, guild_id: int) -> bool:
        """Whether the server's last try failed on our side (this process)."""
        return guild_id in self._failing

    def _settled(self, guild_id: int) -> None:
        """Nothing of the server's post is left to wait for: a failure before is over."""
        self._failing.discard(guild_id)
