"""The daily post: when each server is due, and posting it exactly once per local day.

A server's day is its local calendar date, and it plays that date's puzzle (one puzzle per
date worldwide, as Wordle does). Posting times are computed here from each server's local
time and IANA zone; the APScheduler job only wakes us every minute in UTC (a CronTrigger in a
local zone skips a day at the spring DST change: APScheduler issues #606 and #529). Whoever
wins the database's claim on (server, local date) posts, so restarts and rival schedulers
never post twice, and a post missed while the bot was down is made at the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import discord
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.interval import IntervalTrigger

from db import DailyPuzzle, GuildSettings
from play import load
from play.daily import RefusedChoice, daily_of, posted_kinds
from puzzle import KINDS, quote

from .buttons import PlayButton
from .client import PipesClient
from .deadline import with_retries
from .kinds import FACES
from .permissions import listed, missing_permissions
from .replies import NO_MENTIONS

log = logging.getLogger(__name__)
#: A claimed post still without a message after this long is tried again.
RETRY_AFTER = timedelta(minutes=10)
#: After this many refused posts in a row, a server's daily is paused until setup runs again.
MAX_FAILURES = 3
#: Servers whose posts are made at the same time, at most.
AT_ONCE = 8
#: What trying to post a server's daily came to.
POSTED, WAITING, NOT_DUE = "posted", "waiting", "not due"


def local_day(settings: GuildSettings, now: datetime) -> date:
    """The server's calendar date at ``now``."""
    return now.astimezone(ZoneInfo(settings.timezone)).date()


def post_instant(settings: GuildSettings, day: date) -> datetime:
    """The UTC instant of a server's post on a local calendar day. A local time that a DST
    change skips falls after the gap, one it repeats is the first; either way the post stays
    inside its own local day (a gap that ends the day moves it to the day's last minute)."""
    zone = ZoneInfo(settings.timezone)
    instant = datetime.combine(day, settings.post_time, tzinfo=zone).astimezone(UTC)
    if instant.astimezone(zone).date() != day:
        following = datetime.combine(day + timedelta(days=1), time(0, 0), tzinfo=zone)
        instant = following.astimezone(UTC) - timedelta(minutes=1)
    return instant


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
    zone = ZoneInfo(settings.timezone)
    following = datetime.combine(local_day(settings, now) + timedelta(days=1), time(0), zone)
    return following.astimezone(UTC)


class DailyPoster:
    """Posts each enabled server's daily puzzle once a day."""

    def __init__(self, bot: PipesClient) -> None:
        self.bot = bot
        self.scheduler = AsyncIOScheduler(timezone=UTC)

    def start(self) -> None:
        """Run ``tick`` now (missed posts) and then every minute."""
        self.scheduler.add_job(
            self.tick,
            IntervalTrigger(minutes=1, timezone=UTC),
            id="daily-posts",
            next_run_time=datetime.now(UTC),
            coalesce=True,
            max_instances=1,
            misfire_grace_time=120,
        )
        self.scheduler.start()

    def shutdown(self) -> None:
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)

    async def tick(self) -> int:
        """Every server on its own, at once (one's failure or slowness never delays another's
        post): make its puzzles of today and tomorrow ahead, then post what is due; returns
        how many posts were made. A server whose settings its kinds refuse is paused (they
        will not fix themselves), its manager told and the pause logged once; any other
        failure is logged once until the server posts again."""
        now = self.bot.clock()
        # Each process posts for the servers of its own shards; the claim still guards.
        guilds = [g for g in await self.bot.storage.enabled_guilds() if self.bot.runs(g.guild_id)]
        room = asyncio.Semaphore(AT_ONCE)

        async def one(settings: GuildSettings) -> bool:
            async with room:
                return await self._post_guarded(settings, now)

        return sum(await asyncio.gather(*(one(settings) for settings in guilds)))

    async def _post_guarded(self, settings: GuildSettings, now: datetime) -> bool:
        guild = settings.guild_id
        try:
            outcome = await self._post_if_due(settings, now)
        except RefusedChoice as error:
            await self._refused(settings, error)
            return False
        except Exception as error:
            if guild not in self.bot.failing_posts:
                log.exception("daily post for guild %s failed", guild)
            self.bot.failing_posts[guild] = repr(error)
            return False
        if outcome != WAITING:  # posted, or nothing due: whatever failed is over
            self.bot.failing_posts.pop(guild, None)
        return outcome == POSTED

    async def _refused(self, settings: GuildSettings, error: RefusedChoice) -> None:
        """Pause a server whose daily choice its kind refuses, saying why (once)."""
        reason = (
            f"its daily {KINDS[error.kind].title} is set to {quote(error.choice)}, which it "
            "cannot play: change it with `/pipes-setup kind`"
        )
        if settings.paused != reason:
            await self.bot.storage.set_post_state(settings.guild_id, settings.failures, reason)
            log.warning("daily post guild=%s outcome=paused reason=%s", settings.guild_id, reason)
            await self._tell_manager(settings, reason)

    async def _post_if_due(self, settings: GuildSettings, now: datetime) -> str:
        """Post a server's daily if it is due: ``POSTED``, ``WAITING`` (someone else's claim
        on it is not stale yet) or ``NOT_DUE``."""
        if settings.paused is not None or not posted_kinds(settings):
            return NOT_DUE
        service, today = self.bot.service, now.astimezone(UTC).date()
        for ahead in (today, today + timedelta(days=1)):  # made before anyone asks
            for kind in posted_kinds(settings):
                await service.daily_puzzle(ahead, daily_of(settings, ahead, kind), kind)
        day = due_post(settings, now)
        if day is None or settings.channel_id is None:
            return NOT_DUE
        storage = self.bot.storage
        dailies = [
            await service.daily_puzzle(day, daily_of(settings, day, kind), kind)
            for kind in posted_kinds(settings)
        ]
        daily = dailies[0]  # the post is claimed, and found again, by its first puzzle
        if not await storage.claim_daily_post(
            settings.guild_id, day, daily.id, settings.channel_id
        ):
            post = await storage.daily_post(settings.guild_id, day)
            stale = post is not None and post.message_id is None
            if not (
                stale
                and await storage.reclaim_daily_post(settings.guild_id, day, now - RETRY_AFTER)
            ):
                return WAITING if stale else NOT_DUE
            # The earlier try may have reached Discord and lost only its answer.
            found = await self._find_post(settings.channel_id, daily.id)
            if found is not None:
                await storage.set_daily_post_message(settings.guild_id, day, found.id)
                log.info(
                    "daily post guild=%s date=%s outcome=found-earlier message=%s",
                    settings.guild_id,
                    day,
                    found.id,
                )
                return NOT_DUE
        try:
            message = await self.send(settings, dailies, now)
        except discord.Forbidden as error:
            await self._failed(settings, day, error)
            return NOT_DUE
        await storage.set_daily_post_message(settings.guild_id, day, message.id)
        if settings.failures:
            await storage.set_post_state(settings.guild_id, 0, None)
        log.info(
            "daily post guild=%s date=%s outcome=posted message=%s",
            settings.guild_id,
            day,
            message.id,
        )
        return POSTED

    async def send(
        self, settings: GuildSettings, dailies: list[DailyPuzzle], now: datetime
    ) -> discord.Message:
        """Post a date's daily puzzles (the kinds the server chose): a picture, par and Play
        button each, and the time to the next puzzle. The message carries a nonce of
        (server, date) that Discord enforces, so quick retries after a lost answer return
        the message already made instead of a second one."""
        view = discord.ui.View(timeout=None)
        lines, files = [], []
        for daily in dailies:
            face = FACES[daily.puzzle.kind]
            kind, puzzle = face.kind, load(daily.puzzle)
            name, png = await face.post(self.bot.workers, puzzle)
            files.append((name, png, f"Daily {kind.title} puzzle of {daily.date.isoformat()}"))
            lines.append(
                f"{face.icon} **Daily {kind.title} — {daily.date.isoformat()}** · "
                f"{kind.label(puzzle)} · {face.par_text(kind.par(puzzle))}"
            )
            view.add_item(PlayButton(PlayButton.button(daily.id, f"▶ Play {kind.title}")))
        following = int(next_puzzle_time(settings, now).timestamp())
        play = "**Play**" if len(dailies) == 1 else "a **Play** button"
        text = "\n".join(lines) + (
            f"\nPress {play} for a board of your own; your time starts when it opens. "
            f"Next puzzle <t:{following}:R>."
        )
        mentions = NO_MENTIONS
        if settings.role_id is not None:  # the opt-in role, and nobody else
            text = f"<@&{settings.role_id}> {text}"
            mentions = discord.AllowedMentions(
                everyone=False, users=False, roles=[discord.Object(settings.role_id)]
            )
        assert settings.channel_id is not None
        channel = self.bot.get_partial_messageable(settings.channel_id)
        nonce = post_nonce(settings.guild_id, dailies[0].date)
        message: discord.Message = await with_retries(
            lambda: channel.send(
                text,
                view=view,
                nonce=nonce,
                allowed_mentions=mentions,
                files=[
                    discord.File(io.BytesIO(png), filename=name, description=alt)
                    for name, png, alt in files
                ],
            )
        )
        return message

    async def _find_post(self, channel_id: int, daily_id: int) -> discord.Message | None:
        """Our post of a daily among the channel's recent messages, if it is there."""
        play = PlayButton.button(daily_id).custom_id
        channel = self.bot.get_partial_messageable(channel_id)
        async for message in channel.history(limit=50):
            if self.bot.user is not None and message.author.id != self.bot.user.id:
                continue
            rows = [row for row in message.components if isinstance(row, discord.ActionRow)]
            if any(getattr(c, "custom_id", None) == play for row in rows for c in row.children):
                return message
        return None

    async def _failed(self, settings: GuildSettings, day: date, error: discord.Forbidden) -> None:
        """A post Discord refused (it will not fix itself): count it; after ``MAX_FAILURES``
        pause the server's daily and tell whoever set it up how to fix it."""
        assert settings.channel_id is not None
        missing = missing_permissions(self.bot.get_guild(settings.guild_id), settings.channel_id)
        reason = f"I am missing {listed(missing)} there" if missing else "Discord refused it"
        failures = settings.failures + 1
        paused = reason if failures >= MAX_FAILURES else None
        await self.bot.storage.set_post_state(settings.guild_id, failures, paused)
        log.warning(
            "daily post guild=%s date=%s outcome=refused code=%s failures=%d paused=%s",
            settings.guild_id,
            day,
            error.code,
            failures,
            paused is not None,
        )
        if paused is not None:
            await self._tell_manager(settings, reason)

    async def _tell_manager(self, settings: GuildSettings, reason: str) -> None:
        """Tell whoever set a server's daily up, by direct message, why it is paused."""
        if settings.configured_by is None:
            return
        with contextlib.suppress(discord.HTTPException):
            channel = await self.bot.create_dm(discord.Object(settings.configured_by))
            await channel.send(
                f"I could not post the daily puzzle in <#{settings.channel_id}>: {reason}. "
                "The daily post is paused; fix that and run `/pipes-setup daily` to resume it."
            )


def post_nonce(guild_id: int, day: date) -> int:
    """The nonce of a server's post of a date: the same on every try, unique per post."""
    digest = hashlib.sha256(f"daily:{guild_id}:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
