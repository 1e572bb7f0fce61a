"""Reminders on Discord: ``/pipes remind [at]`` (the bot's own group only: reminders cover
every kind), sending what ``play.reminders`` finds due on the daily tick (a direct message
linking the day's post; a retry first looks for that link among the direct messages the bot
sent, and sends it again only if it is not there), and holding one Discord refuses there
(direct messages closed) until the player's next interaction in that server the same day,
answered with it privately."""

from __future__ import annotations

import logging
from datetime import date, datetime
from typing import Any

import discord
from discord import app_commands

from db import DailyPost, GuildSettings
from play.daily_post import local_day, next_puzzle_time
from play.reminders import DEFAULT_AT, DueReminder

from .channel_posts import find_own
from .client import PipesClient
from .kinds import FACES, HOME
from .options import Interaction
from .replies import NO_MENTIONS, say
from .setup import TIME_TEXT, parse_post_time

log = logging.getLogger(__name__)
OFF = "off"
#: How many of the newest direct messages with a player a retry looks through.
LOOK_BACK = 30


def remind_command() -> app_commands.Command[Any, ..., None]:
    """``/pipes remind [at]``: a player's reminder in this server on at a local time of day
    (``DEFAULT_AT`` without one), or off."""

    @app_commands.command(name="remind", description="A DM on days you haven't played here yet")
    @app_commands.describe(at=f"Server time, like 21:00 (default {DEFAULT_AT:%H:%M}), or off")
    async def remind(interaction: Interaction, at: TIME_TEXT | None = None) -> None:
        off = at is not None and at.strip().lower() == OFF
        when = None if off else parse_post_time(at) if at else DEFAULT_AT
        user = interaction.user.id
        zone = await interaction.client.reminders.set(interaction.guild_id, user, when)
        await say(
            interaction,
            "🔕 No more reminders here."
            if when is None
            else f"⏰ I'll remind you at {when:%H:%M} ({zone}) on days you haven't played yet "
            f"(`/{HOME} remind at:off` stops it).",
        )

    return remind


def reminder_text(reminder: DueReminder, server: str | None = None, here: bool = False) -> str:
    """What a reminder says: the kinds not played yet and how to play each, and when the
    day ends; by direct message it names the server (when known) and links the day's post
    (which marks it as that server's and day's), ``here`` it says why it comes there."""
    kinds = ", ".join(
        f"{FACES[kind].icon} {FACES[kind].kind.title} (`/{kind} daily`)" for kind in reminder.kinds
    )
    where = f" in **{discord.utils.escape_markdown(server)}**" if server else ""
    post = f" The post: {post_link(reminder.post)}" if reminder.post else ""
    why = " Your direct messages are closed, so I say it here." if here else ""
    return (
        f"⏰ You haven't played today's daily{where} yet: {kinds}.{post} The day ends "
        f"<t:{int(reminder.ends.timestamp())}:R>.{why} `/{HOME} remind at:off` stops these."
    )


def post_link(post: DailyPost) -> str:
    """A link to a server's daily post (one per server and date)."""
    return f"https://discord.com/channels/{post.guild_id}/{post.channel_id}/{post.message_id}"


class Reminding:
    """Sends a server's due reminders from the daily tick, and delivers held ones. Which
    players have one held today is kept per process: those it held, and those storage holds,
    read on its first tick of each server's day (so after a restart too); storage decides
    who delivers each, once."""

    def __init__(self, bot: PipesClient) -> None:
        self.bot = bot
        #: (server, player) -> the local date of the reminder held for them, and its end.
        self._held: dict[tuple[int, int], tuple[date, datetime]] = {}
        #: Server -> the local date whose held reminders were read from storage.
        self._read: dict[int, date] = {}

    async def tick(self, settings: GuildSettings, now: datetime) -> None:
        """Send a server's reminders due by ``now`` (one's failure never stops the others'),
        and note the players who have one held today; a failure is logged."""
        try:
            await self._tick(settings, now)
        except Exception as error:
            log.error("reminders of guild %s failed", settings.guild_id, exc_info=error)

    async def _tick(self, settings: GuildSettings, now: datetime) -> None:
        reminders, guild = self.bot.reminders, settings.guild_id
        for due in await reminders.due(settings, now):
            await self._send(due)
        day = local_day(settings, now)
        if self._read.get(guild) != day:
            ends = next_puzzle_time(settings, now)
            self._held = {k: v for k, v in self._held.items() if k[0] != guild or v[0] == day}
            for user in await reminders.held_players(guild, day):
                self._held[guild, user] = (day, ends)
            self._read[guild] = day

    async def _send(self, due: DueReminder) -> None:
        """A reminder by direct message, unless a retry finds the earlier try's there; held
        when Discord refuses it (403, code 50007: the player's direct messages are closed)
        or fails."""
        guild = self.bot.get_guild(due.guild_id)
        try:
            channel = await self.bot.create_dm(discord.Object(due.user_id))
            if due.retry and await self._reached(channel, due):
                log.info("reminder user=%s guild=%s found-earlier", due.user_id, due.guild_id)
            else:
                await channel.send(
                    reminder_text(due, guild.name if guild else None),
                    allowed_mentions=NO_MENTIONS,
                )
        except discord.HTTPException as error:
            log.info(
                "reminder user=%s guild=%s held code=%s", due.user_id, due.guild_id, error.code
            )
            await self._hold(due)
            return
        await self.bot.reminders.sent(due)

    async def _reached(self, channel: discord.DMChannel, due: DueReminder) -> bool:
        """Whether a reminder is among the newest direct messages the bot sent the player
        (by the link to its post)."""
        assert due.post is not None  # a retry is of a claim made on a day with its post
        link = post_link(due.post)
        found = await find_own(self.bot, channel.id, lambda m: link in m.content, LOOK_BACK)
        return found is not None

    async def _hold(self, due: DueReminder) -> None:
        await self.bot.reminders.held(due)
        self._held[due.guild_id, due.user_id] = (due.day, due.ends)

    async def deliver(self, interaction: discord.Interaction[Any]) -> None:
        """After an interaction is answered: its player's reminder held today in that
        server, if any, as a private follow-up (once, whichever process delivers it)."""
        user = getattr(interaction.user, "id", None)
        key = (interaction.guild_id, user)
        if key not in self._held or not answered(interaction):
            return
        guild, player = interaction.guild_id, user
        assert guild is not None and player is not None  # a key of ``_held``
        day, ends = self._held.pop((guild, player))
        if self.bot.clock() >= ends:  # that day is over here
            return
        kinds = await self.bot.reminders.take_held(guild, player, day)
        if not kinds:
            return
        due = DueReminder(guild, player, day, kinds, ends)
        try:
            await interaction.followup.send(
                reminder_text(due, here=True), ephemeral=True, allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException:
            await self._hold(due)  # kept for their next interaction


def answered(interaction: discord.Interaction[Any]) -> bool:
    """Whether an interaction was answered in a way a private follow-up can join (not an
    autocomplete's suggestions, nor the Activity's launch)."""
    kind = interaction.response.type
    return kind is not None and kind not in (
        discord.InteractionResponseType.autocomplete_result,
        discord.InteractionResponseType.launch_activity,
    )
