"""The ``/pipes`` commands, for everyone. A command may raise ``UserError``: the tree answers
it privately (``PipesTree.on_error``), as it answers any other failure with an apology."""

from __future__ import annotations

import asyncio
import io
from datetime import date
from typing import Any

import discord
from discord import app_commands

import datapack as minecraft
from play import Played, UserError
from puzzle import quote

from . import texts
from .client import PipesClient
from .deadline import Deadline
from .replies import NO_MENTIONS, fail, log_done, say
from .views import announce, board_message, first_window, send_board

Interaction = discord.Interaction[PipesClient]
SIZES = ("5x5", "6x6", "8x8", "10x10", "12x12", "15x15", "20x20", "26x26")
#: Longest text each option takes (Discord enforces it in the client).
SIZE_TEXT = app_commands.Range[str, 1, 9]
SEED_TEXT = app_commands.Range[str, 1, 32]
MOVES_TEXT = app_commands.Range[str, 1, 400]
DATE_TEXT = app_commands.Range[str, 1, 10]


class Commands(app_commands.Group):
    """A command group described by ``contexts`` and ``integration_types`` alone (discord.py
    2.7 also sends the deprecated ``dm_permission``)."""

    def to_dict(self, tree: app_commands.CommandTree[Any]) -> dict[str, Any]:
        payload = super().to_dict(tree)
        payload.pop("dm_permission", None)
        return payload


class PipesTree(app_commands.CommandTree[PipesClient]):
    """The command tree: a failure answered (a refusal with its reason, anything else with an
    apology and a logged traceback), and one log line per command."""

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await fail(interaction, cause)
        log_done(interaction)


GUILD_INSTALL = app_commands.AppInstallationType(guild=True)

pipes = Commands(
    name="pipes",
    description="Daily Pipes: turn tiles until water reaches every pipe, with no loops",
    allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True),
    allowed_installs=GUILD_INSTALL,
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
async def new(
    interaction: Interaction, size: SIZE_TEXT = "6x6", seed: SEED_TEXT | None = None
) -> None:
    service = interaction.client.service
    service.check_new(size, seed)
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
@app_commands.describe(
    cells="Tiles to turn: A1 is top-left; x2 turns twice, ccw turns back, B3lock locks"
)
async def rotate(interaction: Interaction, cells: MOVES_TEXT) -> None:
    service = interaction.client.service
    await answer_with_board(
        interaction,
        lambda: service.play_current(
            interaction.user.id, interaction.channel_id, cells, interaction.id
        ),
    )


@pipes.command(name="hint", description="Turn one wrong tile right (+30 s on the daily)")
async def hint(interaction: Interaction) -> None:
    service = interaction.client.service
    await answer_with_board(
        interaction,
        lambda: service.hint_current(interaction.user.id, interaction.channel_id, interaction.id),
    )


async def answer_with_board(interaction: Interaction, move: Any) -> None:
    """A typed move: the board privately to the player (deferred first if slow), the public
    board message (if any) updated, and the win announced. A public message that is gone is
    forgotten, and the player told how to get the board back."""
    deadline = Deadline(lambda: interaction.response.defer(ephemeral=True, thinking=True))
    try:
        played: Played = await move()
        message = await board_message(
            interaction.client.workers,
            played.board,
            first_window(played.board, played.cells),
            played.cells,
        )
    finally:
        deferred = await deadline.settle()
    send = interaction.followup.send if deferred else interaction.response.send_message
    await send(
        message.content,
        file=message.file(),
        view=message.view or discord.utils.MISSING,
        ephemeral=True,
        allowed_mentions=NO_MENTIONS,
    )
    game = played.board.game
    if game.message_id is not None and game.channel_id is not None:
        public = interaction.client.get_partial_messageable(game.channel_id).get_partial_message(
            game.message_id
        )
        try:
            await public.edit(
                content=message.content,
                attachments=[message.file()],
                view=message.view,
                allowed_mentions=NO_MENTIONS,
            )
        except discord.NotFound:
            await interaction.client.storage.set_game_message(game.id, None, None)
            await say(
                interaction,
                "Your board's message in the channel is gone: `/pipes resume` shows the board.",
            )
        except discord.HTTPException:
            pass  # out of reach for now; the reply above shows the board anyway
    if played.applied and game.solved:
        await announce(interaction, played.board)


@pipes.command(
    name="leaderboard", description="The daily leaderboard of this server and everywhere"
)
@app_commands.describe(day="A puzzle date, YYYY-MM-DD (default: today here)")
async def leaderboard(interaction: Interaction, day: DATE_TEXT | None = None) -> None:
    service = interaction.client.service
    try:
        when = date.fromisoformat(day.strip()) if day else None
    except ValueError:
        raise UserError(
            f"{quote(day or '')} is not a date: write it as YYYY-MM-DD, like "
            f"{service.today().isoformat()}."
        ) from None
    when = when or await service.local_today(interaction.guild_id)
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
        interaction.user.id, interaction.channel_id, interaction.guild_id
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
