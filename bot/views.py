"""A board's Discord message, built in one place (text, image, buttons), and its buttons:
``DynamicItem``s whose custom_id carries the game id, the action and the window, so they
survive restarts. Every way of showing a board goes through ``board_message``."""

from __future__ import annotations

import asyncio
import io
import re
import weakref
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any

import discord

from play import Board, GameService, Played, UserError
from puzzle.pipes import GLYPHS, cell_name
from renderer import render_png, render_win_animation

from . import texts
from .client import PipesClient
from .deadline import Deadline, with_retries
from .replies import NO_MENTIONS, guarded, refuse
from .window import Viewport, pan, viewport, viewport_around
from .workers import Workers

BOARD_ALT = "Pipes board: tiles as pipes; blue is water, orange hatched tiles form a loop."


@dataclass(frozen=True, slots=True)
class BoardMessage:
    """Everything a board message shows. ``file()`` gives a fresh attachment each time."""

    content: str
    png: bytes
    view: discord.ui.View | None

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename="board.png", description=BOARD_ALT)


async def board_message(
    workers: Workers, board: Board, window: Viewport, highlight: tuple[int, ...] = ()
) -> BoardMessage:
    """The board's text, its image (drawn by a worker, the window framed) and its buttons."""
    game, puzzle = board.game, board.puzzle
    framed = not game.finished and not window.covers(game.width, game.height)
    png = await workers.draw(
        render_png,
        game.width,
        game.height,
        game.tiles,
        puzzle.source,
        board.status.details["check"],
        highlight=highlight,
        locked=game.state.locked,
        frame=(window.x, window.y, window.width, window.height) if framed else None,
    )
    return BoardMessage(texts.status(board), png, board_view(board, window))


def _style(board: Board, cell: int) -> discord.ButtonStyle:
    check = board.status.details["check"]
    source = board.puzzle.source
    if cell == source[1] * board.game.width + source[0]:
        return discord.ButtonStyle.success
    if cell in check.loops:
        return discord.ButtonStyle.danger
    if cell in check.flooded:
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.secondary


class ButtonRows(discord.ui.View):
    """Rows of buttons given as Discord's component payload. Clicks are read back by the
    DynamicItems registered at start-up, so this view holds no items and discord.py stores
    nothing for it; building it is cheap (a board answers every click with one)."""

    def __init__(self, rows: list[list[dict[str, Any]]]) -> None:
        super().__init__(timeout=None)
        self.rows = rows

    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": 1, "components": row} for row in self.rows]


def _button(
    label: str, custom_id: str, style: discord.ButtonStyle, disabled: bool = False
) -> dict[str, Any]:
    return {
        "type": 2,
        "style": style.value,
        "label": label,
        "custom_id": custom_id,
        "disabled": disabled,
    }


def board_view(board: Board, view: Viewport) -> ButtonRows | None:
    """Tile buttons for the window, plus ◀ ▲ ▼ ▶ and 💡 when the board is larger.
    None once the game is finished."""
    game = board.game
    if game.finished:
        return None
    rows = [
        [
            _button(
                f"{cell_name(x, top)} {GLYPHS[game.tiles[top * game.width + x]]}",
                TileButton.make_id(game.id, top * game.width + x, view),
                _style(board, top * game.width + x),
            )
            for x in range(view.x, view.x + view.width)
        ]
        for top in range(view.y, view.y + view.height)
    ]
    if not view.covers(game.width, game.height):
        moves = []
        for direction, label in (("l", "◀"), ("u", "▲"), ("d", "▼"), ("r", "▶")):
            target = pan(view, direction, game.width, game.height)
            moves.append(
                _button(
                    label,
                    PanButton.make_id(game.id, direction, target),
                    discord.ButtonStyle.secondary,
                    disabled=target == view,
                )
            )
        moves.append(
            _button("💡 Hint", HintButton.make_id(game.id, view), discord.ButtonStyle.secondary)
        )
        rows.append(moves)
    return ButtonRows(rows)


def first_window(board: Board, cells: tuple[int, ...] = ()) -> Viewport:
    """The window a board opens with: around the last touched cell, else the top left."""
    game = board.game
    return viewport_around(game.width, game.height, cells[-1] if cells else 0)


async def announce(interaction: discord.Interaction[PipesClient], board: Board) -> None:
    """Announce a win in public, retried when Discord fails to take it. A daily's
    announcement shows no board (the day is still running somewhere): the water animation
    goes to the player alone. Other boards are public anyway and share it."""
    service = interaction.client.service
    game = board.game
    gif = await interaction.client.workers.draw(
        render_win_animation, game.width, game.height, game.tiles, board.puzzle.source
    )
    rank, stats = await service.win_facts(board)

    def animation() -> discord.File:
        return discord.File(
            io.BytesIO(gif),
            filename="pipes-win.gif",
            description="Water flowing through the solved board",
        )

    daily = board.day is not None
    await with_retries(
        lambda: interaction.followup.send(
            texts.announcement(board, rank, stats),
            ephemeral=False,
            allowed_mentions=NO_MENTIONS,
            file=discord.utils.MISSING if daily else animation(),
        )
    )
    if daily:
        await with_retries(
            lambda: interaction.followup.send(
                "Your solved board, for you alone until the day is over everywhere:",
                ephemeral=True,
                file=animation(),
            )
        )


async def send_board(
    interaction: discord.Interaction[PipesClient],
    start: Awaitable[Board],
    *,
    ephemeral: bool,
) -> None:
    """Defer, find or start the game, then send its board as a new message. A public board's
    message is remembered so ``/pipes rotate`` can keep it up to date. A refusal after a
    public deferral removes the public "thinking" message and answers privately."""
    await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    try:
        board = await start
    except UserError as error:
        if not ephemeral:
            await interaction.delete_original_response()
        await refuse(interaction, error)
        return
    message = await board_message(interaction.client.workers, board, first_window(board))
    sent = await interaction.followup.send(
        message.content,
        file=message.file(),
        view=message.view or discord.utils.MISSING,
        ephemeral=ephemeral,
        allowed_mentions=NO_MENTIONS,
        wait=True,
    )
    game = board.game
    if not ephemeral and not game.finished:
        await interaction.client.storage.set_game_message(game.id, sent.channel.id, sent.id)


_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()


def board_lock(game_id: int) -> asyncio.Lock:
    """One lock per board in this process: moves on a board are played and answered one
    after the other, so its message never shows an older state after a newer one."""
    lock = _locks.get(game_id)
    if lock is None:
        lock = _locks[game_id] = asyncio.Lock()
    return lock


class _Action(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pipes:never"):
    """A button whose custom_id (matched by the subclass's template) says what to do.
    ``handle`` does it; any failure gets a private answer and the click is logged."""

    def __init__(self, button: discord.ui.Button[Any], match: re.Match[str] | None = None) -> None:
        super().__init__(button)
        self.match = match

    @property
    def fields(self) -> re.Match[str]:
        assert self.match is not None, "a button made for sending has no callback"
        return self.match

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> _Action:
        assert isinstance(item, discord.ui.Button)
        return cls(item, match)

    async def callback(self, interaction: discord.Interaction[PipesClient]) -> None:  # type: ignore[override]
        await guarded(interaction, self.handle(interaction))

    async def handle(self, interaction: discord.Interaction[PipesClient]) -> None:
        raise NotImplementedError


class _BoardAction(_Action, template=r"pipes:never"):
    """A button on a board: ``act`` plays (or raises UserError), then the board message is
    updated in place, its window kept: at once (UPDATE_MESSAGE), or after a deferred update
    when the answer is not ready in time. A win is announced."""

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user_id: int
    ) -> Played:
        raise NotImplementedError

    async def handle(self, interaction: discord.Interaction[PipesClient]) -> None:
        game_id = int(self.fields["game"])
        deadline = Deadline(interaction.response.defer)
        try:
            async with board_lock(game_id):
                played = await self.act(
                    interaction.client.service, game_id, interaction.id, interaction.user.id
                )
                message = await board_message(
                    interaction.client.workers, played.board, self.window(played), played.cells
                )
                edit = (
                    interaction.edit_original_response
                    if await deadline.settle()
                    else interaction.response.edit_message
                )
                await edit(
                    content=message.content,
                    attachments=[message.file()],
                    view=message.view,
                    allowed_mentions=NO_MENTIONS,
                )
        finally:
            await deadline.settle()
        if played.applied and played.board.game.solved:
            await announce(interaction, played.board)

    def window(self, played: Played) -> Viewport:
        """The button window this button was on."""
        game = played.board.game
        return viewport(game.width, game.height, int(self.fields["vx"]), int(self.fields["vy"]))


_GAME, _VIEW = r"(?P<game>\d{1,18})", r"(?P<vx>\d{1,2}):(?P<vy>\d{1,2})"


class TileButton(_BoardAction, template=rf"pipes:t:{_GAME}:(?P<cell>\d{{1,4}}):{_VIEW}"):
    """Turn one tile clockwise."""

    @staticmethod
    def make_id(game_id: int, cell: int, view: Viewport) -> str:
        return f"pipes:t:{game_id}:{cell}:{view.x}:{view.y}"

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user_id: int
    ) -> Played:
        return await service.click(game_id, user_id, int(self.fields["cell"]), interaction_id)


class PanButton(_BoardAction, template=rf"pipes:v:{_GAME}:(?P<dir>[lurd]):{_VIEW}"):
    """Move the window of tile buttons (looking is free: nothing is stored)."""

    @staticmethod
    def make_id(game_id: int, direction: str, view: Viewport) -> str:
        return f"pipes:v:{game_id}:{direction}:{view.x}:{view.y}"

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user_id: int
    ) -> Played:
        game = await service.own_game(game_id, user_id)
        return Played(await service.board(game), (), applied=False)


class HintButton(_BoardAction, template=rf"pipes:h:{_GAME}:{_VIEW}"):
    """Turn one wrong tile right (counted as a hint); the window moves to it."""

    @staticmethod
    def make_id(game_id: int, view: Viewport) -> str:
        return f"pipes:h:{game_id}:{view.x}:{view.y}"

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user_id: int
    ) -> Played:
        return await service.hint(game_id, user_id, interaction_id)

    def window(self, played: Played) -> Viewport:
        return first_window(played.board, played.cells) if played.cells else super().window(played)


class PlayButton(_Action, template=r"pipes:play:(?P<daily>\d{1,18})"):
    """The daily post's Play button: the clicker's own board of that puzzle."""

    @staticmethod
    def button(daily_id: int) -> discord.ui.Button[Any]:
        return discord.ui.Button(
            label="▶ Play", style=discord.ButtonStyle.success, custom_id=f"pipes:play:{daily_id}"
        )

    async def handle(self, interaction: discord.Interaction[PipesClient]) -> None:
        service = interaction.client.service
        await send_board(
            interaction,
            service.daily_game(
                interaction.user.id,
                interaction.guild_id,
                interaction.channel_id,
                int(self.fields["daily"]),
                interaction.id,
            ),
            ephemeral=True,
        )


_KNOWN = (TileButton, PanButton, HintButton, PlayButton)
# Every id of ours that no button above reads (forged, cut, or from an older version).
_UNKNOWN = "(?!(?:{}))pipes:.*".format(
    "|".join(
        re.sub(r"\(\?P<\w+>", "(?:", item.__discord_ui_compiled_template__.pattern) + r"\Z"
        for item in _KNOWN
    )
)


class UnknownButton(_Action, template=_UNKNOWN):
    """A button id of ours that none of the buttons reads: a short private answer."""

    async def handle(self, interaction: discord.Interaction[PipesClient]) -> None:
        raise UserError("This button is out of date or broken; nothing was changed.")


DYNAMIC_ITEMS = (*_KNOWN, UnknownButton)
