"""The ``/mines`` commands: Minesweeper boards of your own, the daily, typed moves, hints,
results. Boards, buttons and answers go through the same paths as ``/pipes``."""

from __future__ import annotations

import discord
from discord import app_commands

from . import texts
from .client import PipesClient
from .commands import (
    DATE_TEXT,
    LEADERBOARD_OPTIONS,
    MOVES_TEXT,
    PERIODS,
    SEED_TEXT,
    choices_of,
    game_commands,
    on_current_board,
    send_daily,
    send_resumed,
    show_leaderboard,
    show_stats,
)
from .replies import say
from .views import send_board

Interaction = discord.Interaction[PipesClient]
KIND = "mines"
SIZES = ("beginner", "intermediate", "expert", "9x9", "16x16", "30x16")
SIZE_TEXT = app_commands.Range[str, 1, 16]

mines = game_commands(
    "mines", "Daily Minesweeper: open every safe cell; no guessing is ever needed"
)
#: Levels and sizes matching what is typed so far.
size_choices = choices_of(SIZES)


@mines.command(name="new", description="A Minesweeper board of your own in this channel")
@app_commands.describe(
    size="beginner (9x9, 10 mines), intermediate (16x16, 40), expert (30x16, 99) or like 12x10",
    mines="How many mines (default: as the size's level has them)",
    seed="Any word: the same size, mines and seed give the same board",
)
@app_commands.autocomplete(size=size_choices)
async def new(
    interaction: Interaction,
    size: SIZE_TEXT = "beginner",
    mines: app_commands.Range[int, 1, 200] | None = None,
    seed: SEED_TEXT | None = None,
) -> None:
    service = interaction.client.service
    service.check_new_mines(size, mines, seed)
    user, guild, channel = interaction.user.id, interaction.guild_id, interaction.channel_id
    await send_board(
        interaction,
        service.new_mines_game(user, guild, channel, size, mines, seed, interaction.id),
        ephemeral=False,
    )


@mines.command(name="daily", description="Today's Minesweeper, on a board only you see")
async def daily(interaction: Interaction) -> None:
    await send_daily(interaction, KIND)


@mines.command(name="resume", description="Bring back your unfinished Minesweeper board")
async def resume(interaction: Interaction) -> None:
    await send_resumed(interaction, KIND)


@mines.command(name="open", description="Open cells by coordinates, like B3 C4")
@app_commands.describe(cells="Cells to open: A1 is top-left; a satisfied number opens around it")
async def open_(interaction: Interaction, cells: MOVES_TEXT) -> None:
    await on_current_board(
        interaction,
        lambda service, game_id, user: service.play(game_id, user, cells, interaction.id),
        KIND,
    )


@mines.command(name="flag", description="Flag cells as mines (again to unflag), like D5")
@app_commands.describe(cells="Cells to flag or unflag, like D5 E5")
async def flag(interaction: Interaction, cells: MOVES_TEXT) -> None:
    words = cells.replace(",", " ").split()
    moves = " ".join(f"{word.removesuffix('f').removesuffix('F')}f" for word in words)
    await on_current_board(
        interaction,
        lambda service, game_id, user: service.play(game_id, user, moves, interaction.id),
        KIND,
    )


@mines.command(name="hint", description="One cell the numbers decide (+30 s on your time)")
async def hint(interaction: Interaction) -> None:
    await on_current_board(
        interaction,
        lambda service, game_id, user: service.hint(game_id, user, interaction.id),
        KIND,
    )


@mines.command(name="leaderboard", description="Daily Minesweeper results here and everywhere")
@app_commands.describe(**LEADERBOARD_OPTIONS)
@app_commands.choices(period=PERIODS)
async def leaderboard(
    interaction: Interaction,
    period: app_commands.Choice[str] | None = None,
    day: DATE_TEXT | None = None,
) -> None:
    await show_leaderboard(interaction, period, day, KIND)


@mines.command(name="stats", description="Daily Minesweeper solves, times and streaks")
@app_commands.describe(user="Whose stats (default: yours)")
async def stats(interaction: Interaction, user: discord.User | None = None) -> None:
    await show_stats(interaction, user, KIND)


@mines.command(name="help", description="How to play Minesweeper and every command")
async def help_(interaction: Interaction) -> None:
    await say(interaction, texts.MINES_HELP)
