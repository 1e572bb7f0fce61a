"""The daily post on Discord: the job that wakes every minute (in UTC), and sending what the
service decides. Which servers are due, the claim on (server, local date), retries, pauses and
the calendar are ``play.daily_post``'s; this module asks it what to post, sends it, and tells
it what came of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from datetime import UTC, datetime

import discord
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.interval import IntervalTrigger

from db import DailyPuzzle, GuildSettings
from play import load
from play.daily_post import Due, Unpostable, next_puzzle_time
from renderer.sheet import sheet

from .buttons import PlayButton
from .channel_posts import find_own, post_nonce
from .client import PipesClient
from .deadline import with_retries
from .kinds import FACES
from .permissions import listed, missing_permissions
from .recap import RecapSender
from .reminders import Reminding
from .replies import NO_MENTIONS
from .texts import graded

log = logging.getLogger(__name__)
#: Servers whose posts are made at the same time, at most.
AT_ONCE = 8


class DailyPoster:
    """Posts each enabled server's daily puzzle once a day, the day's recap when the
    server's day ends, and has its reminders sent."""

    def __init__(self, bot: PipesClient, reminding: Reminding) -> None:
        self.bot = bot
        self.reminding = reminding
        self.recaps = RecapSender(bot)
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
        post): the recap of a day that ended there, then the post the service finds due,
        then its reminders due, and end races past their length; returns how many posts were
        made (recaps not counted)."""
        now = self.bot.clock()
        # Each process posts for the servers of its own shards; the claim still guards.
        guilds = await self.bot.posts.servers(self.bot.runs)
        room = asyncio.Semaphore(AT_ONCE)

        async def one(settings: GuildSettings) -> bool:
            async with room:
                await self.recaps.guarded(settings, now)
                posted = await self._post_guarded(settings, now)
                await self.reminding.tick(settings, now)
                return posted

        posted = sum(await asyncio.gather(*(one(settings) for settings in guilds)))
        try:  # races past their length end with this tick too
            await self.bot.lobbies.end_overdue()
        except Exception as error:
            self.bot.log_error(error)
        return posted

    async def _post_guarded(self, settings: GuildSettings, now: datetime) -> bool:
        """Post a server's daily if it is due; whatever fails is the service's to count,
        and a pause is told to whoever set the daily up."""
        posts = self.bot.posts
        try:
            return await self._post_if_due(settings, now)
        except Unpostable as error:
            reason = await posts.pause(settings, error)
            if reason is not None:
                await self._tell_manager(settings, reason)
            return False
        except Exception as error:
            posts.failed(settings.guild_id, error)
            return False

    async def _post_if_due(self, settings: GuildSettings, now: datetime) -> bool:
        """Send the post the service claimed for this process, if any (a retry first looks
        for the earlier try in the channel); True if a post was made."""
        posts = self.bot.posts
        due = await posts.claim(settings, now)
        if due is None:
            return False
        if due.retry:  # the earlier try may have reached Discord and lost only its answer
            found = await self._find_post(due.channel_id, due.dailies[0].id)
            if found is not None:
                await posts.found(due, found.id)
                return False
        try:
            message = await self.send(settings, due.dailies, now)
        except discord.Forbidden as error:
            reason = await posts.refused(due, self._why_refused(due), error.code)
            if reason is not None:
                await self._tell_manager(settings, reason)
            return False
        await posts.posted(due, message.id)
        return True

    async def send(
        self, settings: GuildSettings, dailies: list[DailyPuzzle], now: datetime
    ) -> discord.Message:
        """Post a date's daily puzzles (the kinds the server chose): a line and a Play button
        each, one picture of them all (each kind's picture as it starts, small and
        labelled), and the time to the next puzzle. The message carries a nonce of
        (server, date) that Discord enforces, so quick retries after a lost answer return
        the message already made instead of a second one."""
        view = discord.ui.View(timeout=None)
        lines, pictures = [], []
        for daily in dailies:
            face = FACES[daily.puzzle.kind]
            kind, puzzle = face.kind, load(daily.puzzle)
            label = f"{kind.title} {puzzle.width}×{puzzle.height}"
            pictures.append((label, await face.post(self.bot.workers, puzzle)))
            lines.append(
                f"{face.icon} **Daily {kind.title} — {daily.date.isoformat()}** · "
                f"{kind.label(puzzle)} · {face.par_text(kind.par(puzzle))}"
                f"{graded(kind, daily.puzzle)}"
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
        png = await self.bot.workers.draw(sheet, pictures)
        alt = f"The daily puzzles of {dailies[0].date.isoformat()}: " + ", ".join(
            label for label, _ in pictures
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
                file=discord.File(io.BytesIO(png), filename="daily.png", description=alt),
            )
        )
        return message

    async def _find_post(self, channel_id: int, daily_id: int) -> discord.Message | None:
        """Our post of a daily among the channel's recent messages, if it is there."""
        play = PlayButton.button(daily_id).custom_id

        def carries_play(message: discord.Message) -> bool:
            rows = [row for row in message.components if isinstance(row, discord.ActionRow)]
            return any(getattr(c, "custom_id", None) == play for row in rows for c in row.children)

        return await find_own(self.bot, channel_id, carries_play)

    def _why_refused(self, due: Due) -> str:
        """Why Discord refuses a post in its channel, as far as this process can tell."""
        missing = missing_permissions(self.bot.get_guild(due.guild_id), due.channel_id)
        return f"I am missing {listed(missing)} there" if missing else "Discord refused it"

    async def _tell_manager(self, settings: GuildSettings, reason: str) -> None:
        """Tell whoever set a server's daily up, by direct message, why it is paused."""
        if settings.configured_by is None:
            return
        where = "" if settings.channel_id is None else f" in <#{settings.channel_id}>"
        with contextlib.suppress(discord.HTTPException):
            channel = await self.bot.create_dm(discord.Object(settings.configured_by))
            await channel.send(
                f"I could not post the daily puzzle{where}: {reason}. The daily post is "
                "paused; fix that and run `/pipes-setup daily` to resume it."
            )
