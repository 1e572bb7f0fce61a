"""``/pipes-setup``: the daily post of a server (Manage Server only): where and when it is
posted and whether the day's recap follows it (``daily``), which kinds it carries with which
parameters (``kind``: every registered kind, its parameters offered from the kind's
presets), and whether Play opens the Activity (``activity``). Input is read generously
(``9am``, ``9:30 pm``, ``21:30``; any IANA zone) and the bot's permissions in the channel
are checked before anything is saved."""

from __future__ import annotations

import contextlib
import dataclasses
import re
from datetime import time
from functools import cache
from typing import Any
from zoneinfo import available_timezones

import discord
from discord import app_commands

from db import DailyKind, GuildSettings
from play import UserError
from play.daily import known_zone, row_of, with_choice
from play.daily_post import local_day, next_post
from puzzle import quote

from . import texts
from .checks import BadInput
from .kinds import FACES
from .launch import activity_line
from .options import GUILD_INSTALL, SIZE_TEXT, Commands, Interaction
from .permissions import listed, missing_permissions
from .replies import say

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


async def timezone_choices(_: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """IANA time zones containing what is typed so far."""
    typed = current.lower().replace(" ", "_")
    names = sorted(zone for key, zone in zone_names().items() if typed in key)
    return [app_commands.Choice(name=z, value=z) for z in names[:25]]


class PostChannel(app_commands.Transformer):
    """A text or announcement channel of this server picked in the command (Discord's picker
    only offers those; a stale or forged client may send any channel, of any server)."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.channel

    @property
    def channel_types(self) -> list[discord.ChannelType]:
        return [discord.ChannelType.text, discord.ChannelType.news]

    async def transform(
        self, interaction: discord.Interaction[Any], value: app_commands.AppCommandChannel
    ) -> app_commands.AppCommandChannel:
        """The channel, if the post can go there; else one sentence naming what it must be.
        Another server's channel is one Discord says is elsewhere or, where this process
        knows the server, one it does not have."""
        data: dict[str, Any] = dict(interaction.data or {})
        sent = data.get("resolved", {}).get("channels", {}).get(str(value.id), {})
        here = interaction.client.get_guild(interaction.guild_id or 0)
        elsewhere = str(sent.get("guild_id", interaction.guild_id)) != str(interaction.guild_id)
        if here is not None and not here.unavailable:
            elsewhere = elsewhere or here.get_channel_or_thread(value.id) is None
        if elsewhere or value.type not in self.channel_types:
            what = "in another server" if elsewhere else f"a {value.type.name} channel"
            raise BadInput(
                "The daily post needs a text channel of this server where I can send messages "
                f"and attach files: that one is {what.replace('_', ' ')}."
            )
        return value


def _managed_guild(interaction: Interaction, doing: str) -> int:
    """The server, if the user may manage it; else UserError."""
    if interaction.guild_id is None or not interaction.permissions.manage_guild:
        raise UserError(f"Only members with the Manage Server permission can {doing}.")
    return interaction.guild_id


def first_rows() -> tuple[DailyKind, ...]:
    """The kinds of a server's first daily post: the first kind on, every kind with its
    first daily choice."""
    return tuple(
        DailyKind(name, face.kind.daily_presets[0], posted=k == 0, position=k)
        for k, (name, face) in enumerate(FACES.items())
    )


async def _current(interaction: Interaction, guild_id: int) -> GuildSettings:
    """A server's settings, or those of a server that never ran setup."""
    found = await interaction.client.storage.guild_settings(guild_id)
    return found or GuildSettings(guild_id=guild_id, dailies=first_rows())


async def _said(interaction: Interaction, settings: GuildSettings) -> None:
    """'Saved.' and the summary of the daily post as it now is."""
    now = interaction.client.clock()
    summary = texts.daily_setup(
        settings, next_post(settings, now), local_day(settings, now), None, FACES
    )
    await say(interaction, "Saved. " + summary)


def setup_group() -> Commands:
    """``/pipes-setup``, its ``kind`` option offering every registered kind."""
    setup = Commands(
        name="pipes-setup",
        description="The daily puzzle post of this server (Manage Server only)",
        default_permissions=discord.Permissions(manage_guild=True),
        allowed_contexts=app_commands.AppCommandContext(guild=True),
        allowed_installs=GUILD_INSTALL,
    )
    kinds = [app_commands.Choice(name=f.kind.title, value=name) for name, f in FACES.items()]

    @setup.command(name="daily", description="Post the daily puzzles in a channel every day")
    @app_commands.describe(
        channel="Where to post (needed the first time)",
        time="Local time, like 9am, 9:30 pm or 21:30",
        timezone="IANA time zone, like Europe/Berlin",
        ping_role="A role people join to be pinged by the daily post",
        ping="False: stop pinging the role",
        recap="False: no recap of the day when it ends (results and solutions)",
    )
    @app_commands.autocomplete(timezone=timezone_choices)
    async def setup_daily(
        interaction: Interaction,
        channel: app_commands.Transform[app_commands.AppCommandChannel, PostChannel] | None = None,
        time: TIME_TEXT | None = None,
        timezone: ZONE_TEXT | None = None,
        ping_role: discord.Role | None = None,
        ping: bool | None = None,
        recap: bool | None = None,
    ) -> None:
        """Options not given keep their values; this also resumes a paused daily. Which
        puzzles it carries is ``/pipes-setup kind``."""
        guild_id = _managed_guild(interaction, "set up the daily post")
        current = await _current(interaction, guild_id)
        channel_id = channel.id if channel is not None else current.channel_id
        if channel_id is None:
            raise UserError("Pick the channel for the daily post (the channel option).")
        post_time = parse_post_time(time) if time else current.post_time
        zone = find_zone(timezone) if timezone else current.timezone
        if not known_zone(zone):  # stored by an older version or by hand
            raise UserError(
                f"This server's time zone {quote(zone, 40)} is not one I know: pick one with "
                "the timezone option."
            )
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
        role = None if ping is False else (ping_role.id if ping_role else current.role_id)
        settings = dataclasses.replace(
            current, channel_id=channel_id, post_time=post_time, timezone=zone, enabled=True,
            configured_by=interaction.user.id, failures=0, paused=None, role_id=role,
            recap=current.recap if recap is None else recap,
        )  # fmt: skip
        # A server's rows are written here only the first time (``kind`` changes them).
        stored = await interaction.client.storage.guild_settings(guild_id)
        rows = settings.dailies if stored is None else ()
        await interaction.client.storage.save_guild_settings(
            dataclasses.replace(settings, dailies=rows)
        )
        await _said(interaction, settings)

    async def params_choices(
        interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The chosen kind's daily presets that hold what is typed so far."""
        face = FACES.get(str(interaction.namespace.kind or ""))
        if face is None:
            return []
        typed = current.lower().replace("×", "x").strip()
        offered: dict[str, list[str]] = {}  # each daily choice once, with what names it
        for text in (*face.kind.daily_presets, *face.kind.presets):
            with contextlib.suppress(ValueError):
                offered.setdefault(face.kind.parse_daily(text), []).append(text)
        return [
            app_commands.Choice(name=face.daily_words(choice), value=choice)
            for choice, names in offered.items()
            if any(typed in name for name in (choice, *names))
        ][:25]

    @setup.command(name="kind", description="Which puzzles the daily post carries, and how")
    @app_commands.describe(
        kind="The puzzle kind",
        on="Whether the daily post carries it",
        params="Its daily puzzle, like 8x8 weekly or 9x9 (a change applies from the next day)",
    )
    @app_commands.choices(kind=kinds)
    @app_commands.autocomplete(params=params_choices)
    async def setup_kind(
        interaction: Interaction,
        kind: app_commands.Choice[str],
        on: bool | None = None,
        params: SIZE_TEXT | None = None,
    ) -> None:
        guild_id = _managed_guild(interaction, "choose the daily puzzles")
        current = await _current(interaction, guild_id)
        face = FACES[kind.value]
        row = row_of(current, face.name) or DailyKind(
            face.name, face.kind.default_daily, posted=False, position=len(current.dailies)
        )
        today = local_day(current, interaction.client.clock())
        choice = row.choice
        if params is not None:
            try:
                choice = face.kind.parse_daily(params)
                board = face.kind.format_params(face.kind.daily(choice, today))
            except ValueError as error:
                raise UserError(str(error)) from None
            limit = face.max_side if interaction.client.settings.limit_sides else None
            interaction.client.service.check_new(face.name, board, None, limit)
        posted = row.posted if on is None else on
        others = [r for r in current.dailies if r.kind != face.name and r.posted]
        if not posted and not any(r.kind in FACES for r in others):
            raise UserError("The daily post needs at least one puzzle: turn another kind on first.")
        chosen = dataclasses.replace(row, choice=choice, posted=posted)
        changed = with_choice(current, chosen, today)
        # Only this kind's row is written: a change of another kind made meanwhile stays.
        await interaction.client.storage.save_guild_settings(
            dataclasses.replace(current, dailies=(changed,))
        )
        rows = {r.kind: r for r in current.dailies} | {changed.kind: changed}
        await _said(interaction, dataclasses.replace(current, dailies=tuple(rows.values())))

    @setup.command(name="status", description="The daily post's settings, next post and problems")
    async def setup_status(interaction: Interaction) -> None:
        guild_id = _managed_guild(interaction, "see the daily post's settings")
        settings = await interaction.client.storage.guild_settings(guild_id)
        if settings is None:
            raise UserError("There is no daily post here yet: set it up with `/pipes-setup daily`.")
        channel = settings.channel_id
        missing = None if channel is None else missing_permissions(interaction.guild, channel)
        now = interaction.client.clock()
        summary = texts.daily_setup(
            settings, next_post(settings, now), local_day(settings, now), missing, FACES
        )
        summary += "\n" + activity_line(interaction.client.settings.activity, settings.activity)
        if interaction.client.posts.failing(guild_id):
            summary += (
                "\n⚠️ The last try to post failed on our side; it is tried again every 10 minutes."
            )
        await say(interaction, summary)

    @setup.command(name="activity", description="Whether Play opens the Activity here")
    @app_commands.describe(enabled="True: Play opens the Activity; False: the board as a message")
    async def setup_activity(interaction: Interaction, enabled: bool) -> None:
        guild_id = _managed_guild(interaction, "turn the Activity on or off")
        storage = interaction.client.storage
        stored = await storage.guild_settings(guild_id)
        # A server's first settings carry its first daily rows, as ``daily`` writes them.
        settings = stored or GuildSettings(guild_id=guild_id, dailies=first_rows())
        await storage.save_guild_settings(
            dataclasses.replace(
                settings, activity=enabled, dailies=() if stored else settings.dailies
            )
        )
        line = activity_line(interaction.client.settings.activity, enabled)
        await say(interaction, f"Saved. {line}")

    @setup.command(name="off", description="Stop the daily post in this server")
    async def setup_off(interaction: Interaction) -> None:
        guild_id = _managed_guild(interaction, "turn the daily post off")
        storage = interaction.client.storage
        current = await storage.guild_settings(guild_id)
        if current is None or not current.enabled:
            raise UserError("The daily post is already off here.")
        await storage.save_guild_settings(dataclasses.replace(current, enabled=False))
        await say(interaction, "The daily post is off. Turn it back on with `/pipes-setup daily`.")

    return setup
