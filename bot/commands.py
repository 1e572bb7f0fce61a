"""The ``/pipes`` commands, for everyone. A command may raise ``UserError``: the tree answers
it privately (``PipesTree.on_error``), as it answers any other failure with an apology."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Awaitable, Callable, Coroutine
from datetime import date
from typing import Any, Literal

import discord
from discord import app_commands

import datapack as minecraft
from db import Game
from play import GameService, Played, UserError
from puzzle import quote

from . import texts
from .board_message import BoardMessage, board_message, first_window
from .client import PipesClient
from .config import DISCORD_MAX_SIDE
from .deadline import Deadline
from .faces import FACES
from .replies import NO_MENTIONS, fail, log_done, say
from .views import (
    Handle,
    announce,
    board_lock,
    handle_of,
    last_board,
    remember,
    send_board,
)

Interaction = discord.Interaction[PipesClient]
SIZES = ("5x4", "5x5", "6x6", "8x8", "10x10", "12x12", "15x15", "20x20", "26x26")
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


def game_commands(name: str, description: str) -> Commands:
    """The command group of a puzzle kind: in servers and direct messages."""
    return Commands(
        name=name,
        description=description,
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True),
        allowed_installs=GUILD_INSTALL,
    )


Autocomplete = Callable[[Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def choices_of(values: tuple[str, ...]) -> Autocomplete:
    """Autocompletion from ``values``: those starting with what is typed (``6×6`` shown)."""

    async def choices(_: Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed = current.lower().replace("×", "x").strip()
        return [
            app_commands.Choice(name=re.sub(r"(\d)x(\d)", "\\1×\\2", v), value=v)
            for v in values
            if v.startswith(typed)
        ][:25]

    return choices


pipes = game_commands(
    "pipes", "Daily Pipes: turn tiles until water reaches every pipe, with no loops"
)
#: Board sizes matching what is typed so far.
size_choices = choices_of(SIZES)


@pipes.command(name="new", description="A board of your own in this channel")
@app_commands.describe(
    size=f"Board size, like 6x6 or 10x8 (3 to {DISCORD_MAX_SIDE} a side)",
    level="easy: edges and loops suffice; normal: may need dead ends; hard: needs them most",
    wrap="Edges connect across the border (Tatham's wrapping Net)",
    seed="Any word: the same size, level, wrap and seed give the same puzzle",
)
@app_commands.autocomplete(size=size_choices)
async def new(
    interaction: Interaction,
    size: SIZE_TEXT = "5x4",
    level: Literal["easy", "normal", "hard"] = "normal",
    wrap: bool = False,
    seed: SEED_TEXT | None = None,
) -> None:
    service = interaction.client.service
    service.check_new(size, seed, level, wrap)
    await send_board(
        interaction,
        service.new_game(
            interaction.user.id,
            interaction.guild_id,
            interaction.channel_id,
            size,
            seed,
            interaction.id,
            level=level,
            wrap=wrap,
        ),
        ephemeral=False,
    )


@pipes.command(name="daily", description="Today's puzzle, on a board only you see")
async def daily(interaction: Interaction) -> None:
    await send_daily(interaction, "pipes")


async def send_daily(interaction: Interaction, kind: str) -> None:
    """Today's daily of a kind here, on a board only the player sees."""
    service, user = interaction.client.service, interaction.user.id
    guild, channel = interaction.guild_id, interaction.channel_id
    game = service.daily_game(user, guild, channel, interaction_id=interaction.id, kind=kind)
    await send_board(interaction, game, ephemeral=True)


@pipes.command(name="resume", description="Bring back your unfinished board")
async def resume(interaction: Interaction) -> None:
    await send_resumed(interaction, "pipes")


async def send_resumed(interaction: Interaction, kind: str) -> None:
    """The player's unfinished board of a kind (today's daily first), privately."""
    service, user = interaction.client.service, interaction.user.id
    board = service.resume(user, interaction.channel_id, interaction.guild_id, kind)
    await send_board(interaction, board, ephemeral=True)


@pipes.command(name="rotate", description="Turn tiles by coordinates, like B3 C4x2 D1ccw")
@app_commands.describe(
    cells="Tiles to turn: A1 is top-left; x2 turns twice, ccw turns back, B3lock locks"
)
async def rotate(interaction: Interaction, cells: MOVES_TEXT) -> None:
    await on_current_board(
        interaction,
        lambda service, game_id, user: service.play(game_id, user, cells, interaction.id),
    )


@pipes.command(name="lock", description="Lock tiles so they cannot turn (again to unlock)")
@app_commands.describe(cells="Tiles to lock or unlock, like B3 C4")
async def lock(interaction: Interaction, cells: MOVES_TEXT) -> None:
    words = cells.replace(",", " ").split()
    moves = " ".join(f"{word.removesuffix('lock')}lock" for word in words)
    await on_current_board(
        interaction,
        lambda service, game_id, user: service.play(game_id, user, moves, interaction.id),
    )


@pipes.command(name="hint", description="Turn one wrong tile right (+30 s on your time)")
async def hint(interaction: Interaction) -> None:
    await on_current_board(
        interaction, lambda service, game_id, user: service.hint(game_id, user, interaction.id)
    )


@pipes.command(name="restart", description="Put your current board back as it started")
async def restart(interaction: Interaction) -> None:
    await on_current_board(
        interaction, lambda service, game_id, user: service.restart(game_id, user, interaction.id)
    )


@pipes.command(name="giveup", description="Give up your current board")
async def giveup(interaction: Interaction) -> None:
    await on_current_board(
        interaction, lambda service, game_id, user: service.give_up(game_id, user, interaction.id)
    )


async def on_current_board(
    interaction: Interaction,
    act: Callable[[GameService, int, int], Awaitable[Played]],
    kind: str = "pipes",
) -> None:
    """A typed command on the player's current board of a kind: the one they last saw while
    it is unfinished, else their newest in this channel (``act(service, game id, user id)``)."""
    service, user = interaction.client.service, interaction.user.id

    async def move() -> Played:
        game = await service.current_game(user, interaction.channel_id, last_board(user), kind)
        return await act(service, game.id, user)

    await answer_with_board(interaction, move)


async def answer_with_board(
    interaction: Interaction, move: Callable[[], Awaitable[Played]]
) -> None:
    """A typed move updates the board the player already has — its public message, or the
    private one they last saw (keeping its window and click mode) — and the reply says so
    in a line; without such a board (or if it is gone), the board comes privately. The
    update is made under the board's lock and never replaces a newer state shown since. A
    public message that is gone is forgotten. A win is announced."""
    deadline = Deadline(lambda: interaction.response.defer(ephemeral=True, thinking=True))
    try:
        played = await move()
        game = played.board.game
        async with board_lock(game.id):
            handle = None if game.message_id is not None else handle_of(game.id)
            window = handle.window if handle else first_window(played.board, played.cells)
            mode = handle.mode if handle is not None else FACES[game.kind].first_mode
            message = await board_message(
                interaction.client.workers, played.board, window, played.cells, mode
            )
            newer_shown = handle is not None and handle.version > game.version
            updated = newer_shown or await _update_in_place(interaction, game, handle, message)
            if updated and handle is not None and not newer_shown:
                remember(game.id, handle.interaction, handle.message_id, window, mode, game.version)
    finally:
        deferred = await deadline.settle()
    if updated:
        await _reply(interaction, deferred, f"{message.content}\n(Your board is updated.)")
    else:
        content = message.content
        if game.message_id is not None or handle is not None:
            content += (
                "\nYour board's message could not be updated (it is gone or out of reach): "
                f"here is the board; `/{game.kind} resume` shows it again."
            )
        sent_id = await _reply(interaction, deferred, content, message)
        remember(game.id, interaction, sent_id, window, mode, game.version)
    if played.applied and game.solved:
        await announce(interaction, played.board)


async def _reply(
    interaction: Interaction, deferred: bool, content: str, board: BoardMessage | None = None
) -> int | None:
    """The private answer to a typed move, with the board if given; the id of the message
    it made (None: the interaction's original response)."""
    extra: dict[str, Any] = {}
    if board is not None:
        extra = {"files": board.files(), "view": board.view or discord.utils.MISSING}
    if deferred:
        sent = await interaction.followup.send(
            content, ephemeral=True, allowed_mentions=NO_MENTIONS, wait=True, **extra
        )
        return sent.id
    await interaction.response.send_message(
        content, ephemeral=True, allowed_mentions=NO_MENTIONS, **extra
    )
    return None


async def _update_in_place(
    interaction: Interaction, game: Game, handle: Handle | None, message: BoardMessage
) -> bool:
    """Edit the board's public message, or else the private one last seen; False if there
    is none, or it is gone (a public one is then forgotten) or out of reach."""
    if game.message_id is None and handle is None:
        return False
    try:
        if game.message_id is not None and game.channel_id is not None:
            channel = interaction.client.get_partial_messageable(game.channel_id)
            await channel.get_partial_message(game.message_id).edit(
                content=message.content,
                attachments=message.files(),
                view=message.view,
                allowed_mentions=NO_MENTIONS,
            )
        elif handle is not None:
            await handle.edit(message)
    except discord.NotFound:
        if game.message_id is not None:
            await interaction.client.storage.set_game_message(game.id, None, None)
        return False
    except discord.HTTPException:
        return False
    return True


#: What the leaderboard commands' options mean.
LEADERBOARD_OPTIONS = {
    "period": "The day (default), its week, its month, or all time",
    "day": "A puzzle date, YYYY-MM-DD (default: today here)",
}
PERIODS = [
    app_commands.Choice(name="the day", value="day"),
    app_commands.Choice(name="the week", value="week"),
    app_commands.Choice(name="the month", value="month"),
    app_commands.Choice(name="all time", value="all"),
]


@pipes.command(name="leaderboard", description="Daily results of this server and everywhere")
@app_commands.describe(**LEADERBOARD_OPTIONS)
@app_commands.choices(period=PERIODS)
async def leaderboard(
    interaction: Interaction,
    period: app_commands.Choice[str] | None = None,
    day: DATE_TEXT | None = None,
) -> None:
    await show_leaderboard(interaction, period, day, "pipes")


async def show_leaderboard(
    interaction: Interaction, period: app_commands.Choice[str] | None, day: str | None, kind: str
) -> None:
    """The daily results of a kind: a day's, or its week's, month's or all time's."""
    service = interaction.client.service
    try:
        when = date.fromisoformat(day.strip()) if day else None
    except ValueError:
        raise UserError(
            f"{quote(day or '')} is not a date: write it as YYYY-MM-DD, like "
            f"{service.today().isoformat()}."
        ) from None
    when = when or await service.local_today(interaction.guild_id)
    chosen = period.value if period else "day"
    if chosen == "day":
        params = await service.daily_params(interaction.guild_id, when, kind)
        standings = await service.standings(interaction.guild_id, when, kind)
        text = texts.leaderboard(standings, when, params, kind)
    else:
        local, everywhere = await service.period_standings(interaction.guild_id, chosen, when, kind)
        text = texts.period_leaderboard(chosen, when, local, everywhere, kind)
    await say(interaction, text, ephemeral=False)


@pipes.command(name="stats", description="Daily solves, times and streaks")
@app_commands.describe(user="Whose stats (default: yours)")
async def stats(interaction: Interaction, user: discord.User | None = None) -> None:
    await show_stats(interaction, user, "pipes")


async def show_stats(interaction: Interaction, user: discord.User | None, kind: str) -> None:
    """A user's daily record of a kind (default: the caller's)."""
    record = await interaction.client.service.stats((user or interaction.user).id, kind)
    await say(interaction, texts.stats(record, kind))


@pipes.command(name="datapack", description="The Minecraft datapack of your current puzzle")
async def datapack(interaction: Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    puzzle = await interaction.client.service.datapack_puzzle(
        interaction.user.id, interaction.channel_id, interaction.guild_id
    )
    try:
        minecraft.check_fits(puzzle)
    except ValueError as error:
        raise UserError(str(error)) from None
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
