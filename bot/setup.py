"""``/pipes-setup``: the daily post of a server (Manage Server only), with its input read
generously (``9am``, ``9:30 pm``, ``21:30``; any IANA zone) and the bot's permissions in
the channel checked before anything is saved."""

from __future__ import annotations

import dataclasses
import re
from datetime import time, timedelta
from functools import cache
from typing import Any, Literal
from zoneinfo import available_timezones

import discord
from discord import app_commands

from db import GuildSettings
from play import UserError
from play.service import before_change, daily_on
from puzzle import quote

from . import texts
from .client import PipesClient
from .commands import GUILD_INSTALL, SIZE_TEXT, Commands, size_choices
from .daily import local_day, next_post
from .permissions import listed, missing_permissions
from .replies import say

Interaction = discord.Interaction[PipesClient]
#: The kinds option's choices as stored, and the daily Minesweeper's sizes.
POSTED = {"pipes": "pipes", "mines": "mines", "both": "pipes,mines"}
MINES_SIZES = {"beginner": "9x9", "intermediate": "16x16", "expert": "30x16"}
TIME_TEXT = app_commands.Range[str, 1, 12]
ZONE_TEXT = app_commands.Range[str, 1, 64]
_CLOCK = re.compile(
    r"^\s*(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?\s*(?:([ap])\.?\s*m\.?)?\s*$", re.IGNORECASE
)


def parse_post_time(text: str) -> time:
    """'9am', '9:30 pm', '21:30', '9' -> a time of day; UserError otherwise."""
    match = _CLOCK.match(text or "")
    hour, minute = (int(match[1]), int(match[2] or 0)) if match else (99, 99)
    if match and match[3]:  # 12-hour clock: 12am is midnight, 12pm noon
        twelve = 1 <= hour <= 12
        hour = hour % 12 + (12 if match[3].lower() == "p" else 0) if twelve else 99
    if hour > 23 or minute > 59:
        raise UserError(f"{quote(text)} is not a time of day: write it like 9am, 9:30 pm or 21:30.")
    return time(hour, minute)


@cache
def zone_names() -> dict[str, str]:
    """The IANA time zones, by their lower-case name."""
    return {
        zone.lower(): zone
        for zone in available_timezones()
        if not zone.startswith(("posix/", "right/")) and zone not in ("Factory", "localtime")
    }


def find_zone(text: str) -> str:
    """The IANA zone named (any case, spaces for underscores); UserError otherwise."""
    found = zone_names().get((text or "").strip().replace(" ", "_").lower())
    if found is None:
        raise UserError(
            f"{quote(text)} is not a time zone: pick one from the list, like "
            "Europe/Berlin or America/New_York."
        )
    return found


setup = Commands(
    name="pipes-setup",
    description="Daily Pipes post for this server (Manage Server only)",
    default_permissions=discord.Permissions(manage_guild=True),
    allowed_contexts=app_commands.AppCommandContext(guild=True),
    allowed_installs=GUILD_INSTALL,
)


async def timezone_choices(_: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """IANA time zones containing what is typed so far."""
    typed = current.lower().replace(" ", "_")
    names = sorted(zone for key, zone in zone_names().items() if typed in key)
    return [app_commands.Choice(name=z, value=z) for z in names[:25]]


class PostChannel(app_commands.Transformer):
    """A text or announcement channel picked in the command (Discord's picker only offers
    those), taken as sent: no channel cache needed."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.channel

    @property
    def channel_types(self) -> list[discord.ChannelType]:
        return [discord.ChannelType.text, discord.ChannelType.news]

    async def transform(
        self, interaction: discord.Interaction[Any], value: app_commands.AppCommandChannel
    ) -> app_commands.AppCommandChannel:
        return value


def _managed_guild(interaction: Interaction, doing: str) -> int:
    """The server, if the user may manage it; else UserError."""
    if interaction.guild_id is None or not interaction.permissions.manage_guild:
        raise UserError(f"Only members with the Manage Server permission can {doing}.")
    return interaction.guild_id


@setup.command(name="daily", description="Post the daily puzzle in a channel every day")
@app_commands.describe(
    channel="Where to post (needed the first time)",
    time="Local time, like 9am, 9:30 pm or 21:30",
    timezone="IANA time zone, like Europe/Berlin",
    size="Board size (a change applies from the next day)",
    level="weekly: easy Mon–Tue, normal Wed–Fri, hard at the weekend; or one level every day",
    ping_role="A role people join to be pinged by the daily post",
    ping="False: stop pinging the role",
    kinds="Which puzzles the daily post carries: Pipes, Minesweeper or both",
    mines="The daily Minesweeper: beginner 9x9, intermediate 16x16 or expert 30x16",
)
@app_commands.autocomplete(timezone=timezone_choices, size=size_choices)
async def setup_daily(
    interaction: Interaction,
    channel: app_commands.Transform[app_commands.AppCommandChannel, PostChannel] | None = None,
    time: TIME_TEXT | None = None,
    timezone: ZONE_TEXT | None = None,
    size: SIZE_TEXT | None = None,
    level: Literal["weekly", "easy", "normal", "hard"] | None = None,
    ping_role: discord.Role | None = None,
    ping: bool | None = None,
    kinds: Literal["pipes", "mines", "both"] | None = None,
    mines: Literal["beginner", "intermediate", "expert"] | None = None,
) -> None:
    """Options not given keep their values; this also resumes a paused daily."""
    guild_id = _managed_guild(interaction, "set up the daily post")
    storage, clock = interaction.client.storage, interaction.client.clock
    current = await storage.guild_settings(guild_id) or GuildSettings(guild_id=guild_id)
    channel_id = channel.id if channel is not None else current.channel_id
    if channel_id is None:
        raise UserError("Pick the channel for the daily post (the channel option).")
    post_time = parse_post_time(time) if time else current.post_time
    zone = find_zone(timezone) if timezone else current.timezone
    width, height = (
        interaction.client.service.board_size(size) if size else (current.width, current.height)
    )
    chosen_level = level or current.level
    missing = missing_permissions(interaction.guild, channel_id)
    if missing:
        raise UserError(
            f"I cannot post in <#{channel_id}>: I am missing {listed(missing)} there. "
            "Give me those and run this again."
        )
    if ping_role is not None:
        if ping_role.id == guild_id:
            raise UserError("The daily post does not ping @everyone: pick a role people join.")
        if not ping_role.mentionable and not interaction.app_permissions.mention_everyone:
            raise UserError(
                f"I cannot ping <@&{ping_role.id}>: make the role mentionable (or give me "
                "Mention All Roles) and run this again."
            )
    settings = dataclasses.replace(
        current,
        channel_id=channel_id,
        post_time=post_time,
        timezone=zone,
        width=width,
        height=height,
        level=chosen_level,
        enabled=True,
        configured_by=interaction.user.id,
        failures=0,
        paused=None,
        role_id=None if ping is False else (ping_role.id if ping_role else current.role_id),
        kinds=POSTED[kinds] if kinds else current.kinds,
        mines=MINES_SIZES[mines] if mines else current.mines,
    )
    now = clock()
    changed = (width, height, chosen_level, settings.mines) != (
        current.width,
        current.height,
        current.level,
        current.mines,
    )
    if current.enabled and changed:
        # Today's daily keeps its size and level (and its leaderboard one puzzle). The level
        # kept is the choice ('weekly' or one level), so each earlier date keeps its own.
        today = local_day(settings, now)
        before = daily_on(current, today)
        pending = before_change(current, today)
        settings = dataclasses.replace(
            settings,
            size_from=today + timedelta(days=1),
            previous_width=before.width,
            previous_height=before.height,
            previous_level=(current.previous_level if pending else None) or current.level,
            previous_mines=(current.previous_mines if pending else None) or current.mines,
        )
    await storage.save_guild_settings(settings)
    await say(
        interaction,
        "Saved. "
        + texts.daily_setup(settings, next_post(settings, now), local_day(settings, now), None),
    )


@setup.command(name="status", description="The daily post's settings, next post and problems")
async def setup_status(interaction: Interaction) -> None:
    guild_id = _managed_guild(interaction, "see the daily post's settings")
    settings = await interaction.client.storage.guild_settings(guild_id)
    if settings is None or settings.channel_id is None:
        raise UserError("There is no daily post here yet: set it up with `/pipes-setup daily`.")
    missing = missing_permissions(interaction.guild, settings.channel_id)
    now = interaction.client.clock()
    await say(
        interaction,
        texts.daily_setup(settings, next_post(settings, now), local_day(settings, now), missing),
    )


@setup.command(name="off", description="Stop the daily post in this server")
async def setup_off(interaction: Interaction) -> None:
    guild_id = _managed_guild(interaction, "turn the daily post off")
    storage = interaction.client.storage
    current = await storage.guild_settings(guild_id)
    if current is None or not current.enabled:
        raise UserError("The daily post is already off here.")
    await storage.save_guild_settings(dataclasses.replace(current, enabled=False))
    await say(interaction, "The daily post is off. Turn it back on with `/pipes-setup daily`.")
