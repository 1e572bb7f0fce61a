"""Every kind's command group, made by one factory: the kind's own ``new`` and typed move
verbs (from its face), then what every kind has — ``daily``, ``archive``, ``together`` (a
board for everyone in the channel, with the options of ``new``), ``race``, ``resume``,
``hint``, ``restart``, ``undo``, ``giveup``, ``leaderboard``, ``stats``, ``help`` and, when the
kind has packs, ``datapack``. A command may raise ``UserError``: the tree answers it privately."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

import discord
from discord import app_commands

from play import GameService, LastBoardOver, Played, Risky, UserError, load
from puzzle import quote

from . import custom_ids, texts
from .buttons import ConfirmButton
from .face import Face, NewBoard, Verb
from .kinds import FACES
from .launch import activity_here, launch, todays_daily_soon
from .options import DATE_TEXT, MOVES_TEXT, SIZE_TEXT, Commands, Interaction, game_commands
from .race import open_race
from .replies import NO_MENTIONS, say
from .replying import move, send_board

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
ARCHIVE_DATE = "A past puzzle date here, YYYY-MM-DD (default: the newest)"
RACE_OPTIONS = {
    "size": "The board, as new takes it (default: the kind's usual daily)",
    "level": "How hard (default: the size's own)",
}
#: Discord shows at most this many suggestions.
SUGGESTIONS = 25
UNDO_DESCRIPTION = "Take back your last move or command (counts as a move; never a hint)"
#: A typed action on the player's current board: (service, game id, user id) -> the move.
Act = Callable[[GameService, int, int], Awaitable[Played]]
#: The refusal of a board for everyone outside a server.
TOGETHER_IN_DM = (
    "A board for everyone is played in a server channel: here, start your own with `/{kind} new`."
)
#: The longest command quoted back in a question.
QUOTED = 80


@dataclass(frozen=True, slots=True)
class Ending:
    """A typed command that may end a daily attempt: the moves it plays in the kind's
    notation (None: it gives up) and the command as typed, to quote back."""

    moves: str | None
    command: str


async def on_current_board(
    interaction: Interaction,
    kind: str,
    act: Act,
    note: Callable[[Played], str] | None = None,
    ending: Ending | None = None,
) -> None:
    """A typed command on the player's current board of a kind (the one they last played
    or opened), the way every move goes; ``note`` says what it did, a refusal names the
    board. One that could end a daily attempt (``ending``) on a daily other than the board
    they last played asks first, and plays nothing."""
    service, user = interaction.client.service, interaction.user.id
    game = await service.current_game(kind, user)
    try:
        if ending is not None and (risky := await service.risk(game, ending.moves)):
            await ask_first(interaction, risky, ending.command)
        else:
            await move(interaction, game.id, lambda: act(service, game.id, user), note=note)
    except UserError as error:  # refused: say which board it was about
        error.board = texts.title(await service.board(game))
        raise


async def ask_first(interaction: Interaction, risky: Risky, command: str) -> None:
    """The private question before a typed action that could end a daily attempt, naming
    the board, with a button that plays it there; nothing changes until it is pressed."""
    game = risky.board.game
    custom_id = custom_ids.confirm(game.id, risky.version, risky.moves)
    if custom_id is None:
        raise UserError(
            "That is too many moves to ask about at once: type fewer, or play them with the "
            "board's buttons."
        )
    label = "Give it up" if risky.moves is None else "Play it there"
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(ConfirmButton.button(custom_id, label)))
    question = texts.ask_first(risky, command)
    await interaction.response.send_message(
        question, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS
    )


def command_text(*words: str) -> str:
    """A command as typed (``/mines open A1``) to quote back: spaces as one, no code marks,
    shortened."""
    text = " ".join(" ".join(words).split()).replace("`", "'")
    return text if len(text) <= QUOTED else f"{text[: QUOTED - 1]}…"


def kind_group(face: Face) -> Commands:
    """The ``/<kind>`` command group of a face."""
    kind, title = face.name, face.kind.title
    group = game_commands(kind, face.description)

    def starting(shared: bool) -> NewBoard:
        async def start(interaction: Interaction, params: str, seed: str | None) -> None:
            service = interaction.client.service
            limit = face.max_side if interaction.client.settings.limit_sides else None
            service.check_new(kind, params, seed, limit)
            user, guild, channel = interaction.user.id, interaction.guild_id, interaction.channel_id
            if shared and guild is None:
                raise UserError(TOGETHER_IN_DM.format(kind=kind))
            board = service.new_game(
                kind, user, guild, channel, params, seed, interaction.id, limit, shared=shared
            )
            await send_board(interaction, board, ephemeral=False)

        return start

    group.add_command(face.new(starting(False)))
    for verb in face.verbs:
        group.add_command(_verb_command(kind, verb))

    @group.command(name="daily", description=f"Today's {title}, on a board only you see")
    async def daily(interaction: Interaction) -> None:
        service, user = interaction.client.service, interaction.user.id
        guild, channel = interaction.guild_id, interaction.channel_id
        if await activity_here(interaction):
            daily = await todays_daily_soon(interaction, kind)
            await launch(interaction, kind, None if daily is None else daily.id)
            return
        board = service.daily_game(kind, user, guild, channel, interaction.id)
        await send_board(interaction, board, ephemeral=True)

    async def past_days(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        dailies = await interaction.client.service.archive_dailies(kind, interaction.guild_id)
        typed = current.strip()
        return [
            app_commands.Choice(
                name=f"{d.date.isoformat()} · {face.kind.label(load(d.puzzle))}",
                value=d.date.isoformat(),
            )
            for d in dailies
            if d.date.isoformat().startswith(typed)
        ][:SUGGESTIONS]

    @group.command(
        name="archive",
        description=f"A past daily {title} of this server, played apart: never ranked",
    )
    @app_commands.describe(day=ARCHIVE_DATE)
    @app_commands.rename(day="date")
    @app_commands.autocomplete(day=past_days)
    async def archive(interaction: Interaction, day: DATE_TEXT | None = None) -> None:
        service, user = interaction.client.service, interaction.user.id
        when = typed_day(service, day)
        board = service.archive_game(
            kind, user, interaction.guild_id, interaction.channel_id, when, interaction.id
        )
        await send_board(interaction, board, ephemeral=True)

    group.add_command(
        app_commands.Command(
            name="together",
            description=f"One {title} board everyone in this channel plays with its buttons",
            callback=face.new(starting(True)).callback,
        )
    )

    @group.command(name="race", description=f"Race this channel on one fresh {title} board")
    @app_commands.describe(**RACE_OPTIONS)
    async def race(
        interaction: Interaction,
        size: SIZE_TEXT | None = None,
        level: Literal["easy", "normal", "hard"] | None = None,
    ) -> None:
        await open_race(interaction, face, size, level)

    @group.command(
        name="resume",
        description=f"Bring back the unfinished {title} board you played or opened last",
    )
    async def resume(interaction: Interaction) -> None:
        board = interaction.client.service.resume(kind, interaction.user.id)
        await send_board(interaction, board, ephemeral=True)

    @group.command(name="hint", description=f"{face.hint_description} ({texts.hint_penalty()})")
    async def hint(interaction: Interaction) -> None:
        await on_current_board(
            interaction,
            kind,
            lambda service, game, user: service.hint(
                game, user, interaction.id, interaction.user.display_name
            ),
            lambda played: texts.hinted(face, played.moves),
        )

    @group.command(name="restart", description="Put your current board back as it started")
    async def restart(interaction: Interaction) -> None:
        await on_current_board(
            interaction,
            kind,
            lambda service, game, user: service.restart(game, user, interaction.id),
            lambda _: "↩ Back as it started: your moves so far and your clock carry on.",
        )

    @group.command(name="undo", description=UNDO_DESCRIPTION)
    async def undo(interaction: Interaction) -> None:
        try:
            await on_current_board(
                interaction,
                kind,
                lambda service, game, user: service.undo(game, user, interaction.id),
                lambda played: texts.undone(played, face),
            )
        except LastBoardOver as error:
            raise UserError(
                f"Your last board, {texts.title(error.over)}, is over, and a finished board "
                "cannot be undone."
            ) from None

    @group.command(name="giveup", description="Give up your current board")
    async def giveup(interaction: Interaction) -> None:
        await on_current_board(
            interaction,
            kind,
            lambda service, game, user: service.give_up(game, user, interaction.id),
            ending=Ending(None, command_text(f"/{kind} giveup")),
        )

    @group.command(name="leaderboard", description=f"Daily {title} results here and everywhere")
    @app_commands.describe(**LEADERBOARD_OPTIONS)
    @app_commands.choices(period=PERIODS)
    async def leaderboard(
        interaction: Interaction,
        period: app_commands.Choice[str] | None = None,
        day: DATE_TEXT | None = None,
    ) -> None:
        await show_leaderboard(interaction, face, period, day)

    @group.command(
        name="stats", description=f"{title} boards solved, and daily solves, times and streaks"
    )
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(interaction: Interaction, user: discord.User | None = None) -> None:
        record = await interaction.client.service.stats(kind, (user or interaction.user).id)
        await say(interaction, texts.stats(record, face))

    @group.command(name="help", description=f"How to play {title} and every command")
    async def help_(interaction: Interaction) -> None:
        await say(interaction, texts.help_text(face, FACES, group))

    if face.pack is not None:
        group.add_command(_pack_command(face))
    return group


def _verb_command(kind: str, verb: Verb) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name=verb.name, description=verb.description)
    @app_commands.describe(cells=verb.option)
    @app_commands.rename(cells=verb.param)
    async def typed(interaction: Interaction, cells: MOVES_TEXT) -> None:
        moves = verb.moves(cells)
        await on_current_board(
            interaction,
            kind,
            lambda service, game, user: service.play(
                game, user, moves, interaction.id, interaction.user.display_name
            ),
            ending=Ending(moves, command_text(f"/{kind} {verb.name}", cells)),
        )

    return typed


def _pack_command(face: Face) -> app_commands.Command[Any, ..., None]:
    assert face.pack is not None
    pack = face.pack

    @app_commands.command(name="datapack", description=pack.description)
    async def datapack(interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        puzzle = await interaction.client.service.pack_puzzle(
            face.name, interaction.user.id, interaction.guild_id
        )
        try:
            text, files = await asyncio.to_thread(pack.build, puzzle)
        except ValueError as error:
            raise UserError(str(error)) from None
        await interaction.followup.send(
            text,
            files=[discord.File(io.BytesIO(blob), filename=name) for name, blob in files],
            ephemeral=True,
        )

    return datapack


async def show_leaderboard(
    interaction: Interaction,
    face: Face,
    period: app_commands.Choice[str] | None,
    day: str | None,
) -> None:
    """The daily results of a kind: a day's, or its week's, month's or all time's."""
    service, guild, kind = interaction.client.service, interaction.guild_id, face.name
    when = typed_day(service, day)
    today = await service.local_today(guild)
    if when is not None and when > today:
        raise UserError(
            f"{when.isoformat()} has not come yet here: its leaderboard opens with its puzzle."
        )
    when = when or today
    chosen = period.value if period else "day"
    if chosen == "day":
        standings = await service.standings(kind, guild, when)
        text = texts.leaderboard(standings, when, face)
    else:
        local, everywhere = await service.period_standings(kind, guild, chosen, when)
        text = texts.period_leaderboard(chosen, when, local, everywhere, face)
    await say(interaction, text, ephemeral=False)


def typed_day(service: GameService, day: str | None) -> date | None:
    """A puzzle date as typed (YYYY-MM-DD), None when none is; a UserError otherwise."""
    try:
        return date.fromisoformat(day.strip()) if day else None
    except ValueError:
        raise UserError(
            f"{quote(day or '')} is not a date: write it as YYYY-MM-DD, like "
            f"{service.today().isoformat()}."
        ) from None
