"""Slash commands: the ``/pipes`` group for everyone and ``/pipes-setup`` for managers."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import re
from datetime import date
from datetime import time as clock_time
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import discord
from discord import app_commands

import datapack as minecraft
from db import GuildSettings
from play import Played, UserError
from puzzle.pipes import parse_size

from . import texts
from .client import PipesClient
from .daily import next_post
from .views import NO_MENTIONS, announce, board_message, first_window, say, send_board

Interaction = discord.Interaction[PipesClient]
SIZES = ("5x5", "6x6", "8x8", "10x10", "12x12", "15x15", "20x20", "26x26")

pipes = app_commands.Group(
    name="pipes",
    description="Daily Pipes: turn tiles until water reaches every pipe, with no loops",
)


async def size_choices(_: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Board sizes matching what is typed so far."""
    typed = current.lower().replace("×", "x").strip()
    return [
        app_commands.Choice(name=s.replace("x", "×"), value=s) for s in SIZES if s.startswith(typed)
    ][:25]


@pipes.command(name="new", description="A board of your own in this channel")
@app_commands.describe(
    size="Board size, like 6x6 or 10x8 (3 to 26 a side)",
    seed="Any word: the same size and seed give the same puzzle",
)
@app_commands.autocomplete(size=size_choices)
async def new(interaction: Interaction, size: str = "6x6", seed: str | None = None) -> None:
    service = interaction.client.service
    try:
        service.check_new(size, seed)
    except UserError as error:
        await say(interaction, texts.refusal(error))
        return
    await send_board(
        interaction,
        service.new_game(
            interaction.user.id,
            interaction.guild_id,
            interaction.channel_id,
            size,
            seed,
            interaction.id,
        ),
        ephemeral=False,
    )


@pipes.command(name="daily", description="Today's puzzle, on a board only you see")
async def daily(interaction: Interaction) -> None:
    service = interaction.client.service
    await send_board(
        interaction,
        service.daily_game(
            interaction.user.id,
            interaction.guild_id,
            interaction.channel_id,
            interaction_id=interaction.id,
        ),
        ephemeral=True,
    )


@pipes.command(name="resume", description="Bring back your unfinished board")
async def resume(interaction: Interaction) -> None:
    service = interaction.client.service
    await send_board(
        interaction, service.resume(interaction.user.id, interaction.channel_id), ephemeral=True
    )


@pipes.command(name="rotate", description="Turn tiles by coordinates, like B3 C4x2 D1ccw")
@app_commands.describe(cells="Tiles to turn: A1 is top-left; x2 turns twice, ccw turns back")
async def rotate(interaction: Interaction, cells: str) -> None:
    service = interaction.client.service
    try:
        played = await service.play_current(
            interaction.user.id, interaction.channel_id, cells, interaction.id
        )
    except UserError as error:
        await say(interaction, texts.refusal(error))
        return
    await answer_with_board(interaction, played)


@pipes.command(name="hint", description="Turn one wrong tile right (+30 s on the daily)")
async def hint(interaction: Interaction) -> None:
    service = interaction.client.service
    try:
        played = await service.hint_current(
            interaction.user.id, interaction.channel_id, interaction.id
        )
    except UserError as error:
        await say(interaction, texts.refusal(error))
        return
    await answer_with_board(interaction, played)


async def answer_with_board(interaction: Interaction, played: Played) -> None:
    """After a typed move: the board privately to the player, the public board message
    (if any) updated, and the win announced."""
    game = played.board.game
    message = await board_message(
        played.board, first_window(played.board, played.cells), played.cells
    )
    await interaction.response.send_message(
        message.content,
        file=message.file(),
        view=message.view or discord.utils.MISSING,
        ephemeral=True,
        allowed_mentions=NO_MENTIONS,
    )
    if game.message_id is not None and game.channel_id is not None:
        public = interaction.client.get_partial_messageable(game.channel_id).get_partial_message(
            game.message_id
        )
        # The public message may be deleted or out of reach: the reply shows the board anyway.
        with contextlib.suppress(discord.HTTPException):
            await public.edit(
                content=message.content,
                attachments=[message.file()],
                view=message.view,
                allowed_mentions=NO_MENTIONS,
            )
    if played.applied and game.solved:
        await announce(interaction, played.board)


@pipes.command(
    name="leaderboard", description="The daily leaderboard of this server and everywhere"
)
@app_commands.describe(day="A UTC date, YYYY-MM-DD (default: today)")
async def leaderboard(interaction: Interaction, day: str | None = None) -> None:
    service = interaction.client.service
    try:
        when = (
            date.fromisoformat(day.strip())
            if day
            else await service.local_today(interaction.guild_id)
        )
    except ValueError:
        await say(
            interaction,
            f"“{day}” is not a date: write it as YYYY-MM-DD, like {service.today().isoformat()}.",
        )
        return
    size = await service.daily_size(interaction.guild_id)
    standings = await service.standings(interaction.guild_id, when)
    await say(interaction, texts.leaderboard(standings, when, size), ephemeral=False)


@pipes.command(name="stats", description="Daily solves, times and streaks")
@app_commands.describe(user="Whose stats (default: yours)")
async def stats(interaction: Interaction, user: discord.User | None = None) -> None:
    service = interaction.client.service
    await say(interaction, texts.stats(await service.stats((user or interaction.user).id)))


@pipes.command(name="datapack", description="The Minecraft datapack of your current puzzle")
async def datapack(interaction: Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    puzzle = await interaction.client.service.datapack_puzzle(
        interaction.user.id, interaction.channel_id
    )
    zips = await asyncio.to_thread(minecraft.build, puzzle)
    data_name, resource_name = minecraft.file_names(puzzle)
    await interaction.followup.send(
        f"Minecraft packs of **{puzzle.code}**: the very same puzzle.\n"
        + minecraft.INSTALL_NOTE.format(data=data_name, resources=resource_name),
        files=[
            discord.File(io.BytesIO(blob), filename=name)
            for name, blob in zip((data_name, resource_name), zips, strict=True)
        ],
        ephemeral=True,
    )


@pipes.command(name="help", description="How to play and every command")
async def help_(interaction: Interaction) -> None:
    await say(interaction, texts.HELP)


setup = app_commands.Group(
    name="pipes-setup",
    description="Daily Pipes post for this server (Manage Server only)",
    default_permissions=discord.Permissions(manage_guild=True),
    guild_only=True,
)


async def timezone_choices(_: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """IANA time zones containing what is typed so far."""
    typed = current.lower().replace(" ", "_")
    names = sorted(z for z in available_timezones() if typed in z.lower())
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


def _managed_guild(interaction: Interaction) -> int | None:
    """The server, if the user may manage it; else None."""
    if interaction.guild_id is None or not interaction.permissions.manage_guild:
        return None
    return interaction.guild_id


_TIME = re.compile(r"^\s*(\d{1,2})[:.h](\d{2})\s*$")


@setup.command(name="daily", description="Post the daily puzzle in a channel every day")
@app_commands.describe(
    channel="Where to post",
    time="Local time, 24-hour HH:MM",
    timezone="IANA time zone, like Europe/Berlin",
    size="Board size",
)
@app_commands.autocomplete(timezone=timezone_choices, size=size_choices)
async def setup_daily(
    interaction: Interaction,
    channel: app_commands.Transform[app_commands.AppCommandChannel, PostChannel],
    time: str = "09:00",
    timezone: str = "UTC",
    size: str = "8x8",
) -> None:
    guild_id = _managed_guild(interaction)
    if guild_id is None:
        await say(
            interaction, "Only members with the Manage Server permission can set up the daily post."
        )
        return
    match = _TIME.match(time)
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        await say(interaction, f"“{time}” is not a time: write it as 24-hour HH:MM, like 09:00.")
        return
    try:
        zone = ZoneInfo(timezone.strip())
    except (ZoneInfoNotFoundError, ValueError):
        await say(
            interaction,
            f"“{timezone}” is not a time zone: pick one from the list, like "
            "Europe/Berlin or America/New_York.",
        )
        return
    try:
        width, height = parse_size(size)
    except ValueError as error:
        await say(interaction, str(error))
        return
    post_time = clock_time(int(match[1]), int(match[2]))
    settings = GuildSettings(
        guild_id=guild_id,
        channel_id=channel.id,
        post_time=post_time,
        timezone=zone.key,
        width=width,
        height=height,
        enabled=True,
    )
    await interaction.client.storage.save_guild_settings(settings)
    first_post = next_post(settings, interaction.client.clock())
    await say(
        interaction,
        f"Done: the daily {width}×{height} puzzle will be posted in "
        f"<#{channel.id}> every day at {post_time:%H:%M} {zone.key} "
        f"(next: <t:{int(first_post.timestamp())}:F>).",
    )


@setup.command(name="off", description="Stop the daily post in this server")
async def setup_off(interaction: Interaction) -> None:
    guild_id = _managed_guild(interaction)
    if guild_id is None:
        await say(
            interaction,
            "Only members with the Manage Server permission can turn the daily post off.",
        )
        return
    storage = interaction.client.storage
    current = await storage.guild_settings(guild_id)
    if current is None or not current.enabled:
        await say(interaction, "The daily post is already off here.")
        return
    await storage.save_guild_settings(dataclasses.replace(current, enabled=False))
    await say(interaction, "The daily post is off. Turn it back on with `/pipes-setup daily`.")


class PipesTree(app_commands.CommandTree[PipesClient]):
    """The command tree, with one answer for unexpected failures."""

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        """A clear private sentence for the user, details in the log."""
        interaction.client.log_error(error)
        text = "Sorry, something went wrong on our side; nothing was changed. Please try again."
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
