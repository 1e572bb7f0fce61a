"""Discord messages for a board: text, image and the buttons (``DynamicItem``s whose
custom_id carries the game id, the action and the viewport, so they survive restarts)."""

from __future__ import annotations

import io
import re
from collections.abc import Awaitable
from typing import TYPE_CHECKING

import discord

from db import Game
from puzzle import GLYPHS, cell_name

from .service import Board, GameService, UserError, Viewport, pan, viewport, viewport_around

if TYPE_CHECKING:
    from .app import PipesBot

NO_MENTIONS = discord.AllowedMentions.none()


def board_file(png: bytes) -> discord.File:
    return discord.File(
        io.BytesIO(png),
        filename="board.png",
        description="Pipes board: tiles as pipes; blue is water, orange hatched tiles form a loop.",
    )


def _style(board: Board, cell: int) -> discord.ButtonStyle:
    game = board.game
    if cell == game.source[1] * game.width + game.source[0]:
        return discord.ButtonStyle.success
    if cell in board.check.loops:
        return discord.ButtonStyle.danger
    if cell in board.check.flooded:
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.secondary


def board_view(board: Board, view: Viewport) -> discord.ui.View | None:
    """Tile buttons for the viewport, plus ◀ ▲ ▼ ▶ and 💡 when the board is larger.
    None once the game is solved."""
    game = board.game
    if game.solved:
        return None
    buttons = discord.ui.View(timeout=None)
    for row, top in enumerate(range(view.y, view.y + view.height)):
        for x in range(view.x, view.x + view.width):
            cell = top * game.width + x
            button = discord.ui.Button(
                label=f"{cell_name(x, top)} {GLYPHS[game.tiles[cell]]}",
                style=_style(board, cell),
                custom_id=TileButton.make_id(game.id, cell, view),
                row=row,
            )
            buttons.add_item(TileButton(button))
    if (view.width, view.height) != (game.width, game.height):
        for direction, label in (("l", "◀"), ("u", "▲"), ("d", "▼"), ("r", "▶")):
            target = pan(view, direction, game.width, game.height)
            button = discord.ui.Button(
                label=label,
                custom_id=PanButton.make_id(game.id, direction, target),
                disabled=target == view,
                row=4,
            )
            buttons.add_item(PanButton(button))
        hint = discord.ui.Button(
            label="💡 Hint", custom_id=HintButton.make_id(game.id, view), row=4
        )
        buttons.add_item(HintButton(hint))
    return buttons


async def show(
    interaction: discord.Interaction[PipesBot],
    board: Board,
    view: Viewport,
    highlight: tuple[int, ...] = (),
) -> None:
    """Answer a click by updating its message (UPDATE_MESSAGE) with the new board."""
    service = interaction.client.service
    png = await service.png(board, view, highlight)
    await interaction.response.edit_message(
        content=board.text,
        attachments=[board_file(png)],
        view=board_view(board, view),
        allowed_mentions=NO_MENTIONS,
    )
    if board.game.solved:
        await announce(interaction, board)


async def announce(interaction: discord.Interaction[PipesBot], board: Board) -> None:
    """The public win message with the water animation (a spoiler for daily puzzles)."""
    service = interaction.client.service
    gif = await service.win_gif(board.game)
    await interaction.followup.send(
        await service.win_text(board),
        ephemeral=False,
        allowed_mentions=NO_MENTIONS,
        file=discord.File(
            io.BytesIO(gif),
            filename="pipes-win.gif",
            spoiler=board.day is not None,
            description="Water flowing through the solved board",
        ),
    )


async def say(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """Answer with text, privately by default (mentions shown, never pinged)."""
    await interaction.response.send_message(text, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS)


class _Action(discord.ui.DynamicItem[discord.ui.Button], template=r"pipes:never"):
    """A button whose custom_id (matched by the subclass's template) says what to do."""

    def __init__(self, button: discord.ui.Button, match: re.Match[str] | None = None) -> None:
        super().__init__(button)
        self.match = match

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item, match)


class _BoardAction(_Action, template=r"pipes:never"):
    """A button on a board: ``act`` changes the game (or raises UserError), then the board
    message is updated in place."""

    async def act(
        self, service: GameService, game: Game, user_id: int
    ) -> tuple[Game, Viewport, tuple[int, ...]]:
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction[PipesBot]) -> None:
        service = interaction.client.service
        try:
            game = await service.own_game(int(self.match["game"]), interaction.user.id)
            game, view, highlight = await self.act(service, game, interaction.user.id)
        except UserError as error:
            await say(interaction, str(error))
            return
        await show(interaction, await service.board(game), view, highlight)

    def window(self, game: Game) -> Viewport:
        """The button window this button was on."""
        return viewport(game.width, game.height, int(self.match["vx"]), int(self.match["vy"]))


_GAME, _VIEW = r"(?P<game>\d{1,18})", r"(?P<vx>\d{1,2}):(?P<vy>\d{1,2})"


class TileButton(_BoardAction, template=rf"pipes:t:{_GAME}:(?P<cell>\d{{1,4}}):{_VIEW}"):
    """Turn one tile clockwise."""

    @staticmethod
    def make_id(game_id: int, cell: int, view: Viewport) -> str:
        return f"pipes:t:{game_id}:{cell}:{view.x}:{view.y}"

    async def act(
        self, service: GameService, game: Game, user_id: int
    ) -> tuple[Game, Viewport, tuple[int, ...]]:
        cell = int(self.match["cell"])
        game = await service.click(game, user_id, cell)
        return game, self.window(game), (cell,)


class PanButton(_BoardAction, template=rf"pipes:v:{_GAME}:(?P<dir>[lurd]):{_VIEW}"):
    """Move the window of tile buttons (looking is free: nothing is stored)."""

    @staticmethod
    def make_id(game_id: int, direction: str, view: Viewport) -> str:
        return f"pipes:v:{game_id}:{direction}:{view.x}:{view.y}"

    async def act(
        self, service: GameService, game: Game, user_id: int
    ) -> tuple[Game, Viewport, tuple[int, ...]]:
        return game, self.window(game), ()


class HintButton(_BoardAction, template=rf"pipes:h:{_GAME}:{_VIEW}"):
    """Turn one wrong tile right (counted as a hint)."""

    @staticmethod
    def make_id(game_id: int, view: Viewport) -> str:
        return f"pipes:h:{game_id}:{view.x}:{view.y}"

    async def act(
        self, service: GameService, game: Game, user_id: int
    ) -> tuple[Game, Viewport, tuple[int, ...]]:
        game, cell = await service.hint(game, user_id)
        return game, viewport_around(game.width, game.height, cell), (cell,)


class PlayButton(_Action, template=r"pipes:play:(?P<daily>\d{1,18})"):
    """The daily post's Play button: the clicker's own board of that puzzle."""

    @staticmethod
    def button(daily_id: int) -> discord.ui.Button:
        return discord.ui.Button(
            label="▶ Play", style=discord.ButtonStyle.success, custom_id=f"pipes:play:{daily_id}"
        )

    async def callback(self, interaction: discord.Interaction[PipesBot]) -> None:
        service = interaction.client.service
        await send_board(
            interaction,
            service.daily_game(
                interaction.user.id,
                interaction.guild_id,
                interaction.channel_id,
                int(self.match["daily"]),
            ),
            ephemeral=True,
        )


async def send_board(
    interaction: discord.Interaction[PipesBot],
    game: Awaitable[Game],
    *,
    ephemeral: bool,
    highlight: tuple[int, ...] = (),
) -> None:
    """Defer, find or start the game, then send its board as a new message. A public board's
    message is remembered so ``/pipes rotate`` can keep it up to date."""
    await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    service = interaction.client.service
    try:
        found = await game
    except UserError as error:
        await interaction.followup.send(str(error), ephemeral=True, allowed_mentions=NO_MENTIONS)
        return
    board = await service.board(found)
    view = viewport(found.width, found.height)
    png = await service.png(board, view, highlight)
    message = await interaction.followup.send(
        board.text,
        file=board_file(png),
        view=board_view(board, view) or discord.utils.MISSING,
        ephemeral=ephemeral,
        allowed_mentions=NO_MENTIONS,
        wait=True,
    )
    if not ephemeral and not found.solved:
        await service.storage.set_game_message(found.id, message.channel.id, message.id)


DYNAMIC_ITEMS = (TileButton, PanButton, HintButton, PlayButton)
