"""A board's buttons (``DynamicItem``s whose custom_id carries the game, the action, the
window and the click mode, so they survive restarts), and how a board is sent, updated and
announced. The message itself is built by ``board_message``."""

from __future__ import annotations

import asyncio
import io
import re
import weakref
from collections.abc import Awaitable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import discord

from play import Board, GameService, Played, UserError

from . import custom_ids, texts
from .board_message import BoardMessage, board_message, first_window
from .client import PipesClient
from .deadline import Deadline, with_retries
from .faces import FACES
from .replies import NO_MENTIONS, guarded, refuse
from .window import Viewport, viewport

#: An interaction can edit its messages for 15 minutes; a board handle is used for less.
HANDLE_LIFETIME = timedelta(minutes=14)


async def announce(interaction: discord.Interaction[PipesClient], board: Board) -> None:
    """Announce a win in public, retried when Discord fails to take it. A daily's
    announcement shows no board (the day is still running somewhere): the win's picture (the
    water running through Pipes, the cleared Minesweeper board) goes to the player alone.
    Other boards are public anyway and share it."""
    service = interaction.client.service
    picture, name, description = await FACES[board.game.kind].win(interaction.client.workers, board)
    rank, stats = await service.win_facts(board)

    def animation() -> discord.File:
        return discord.File(io.BytesIO(picture), filename=name, description=description)

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
    window = first_window(board)
    message = await board_message(interaction.client.workers, board, window)
    sent = await interaction.followup.send(
        message.content,
        files=message.files(),
        view=message.view or discord.utils.MISSING,
        ephemeral=ephemeral,
        allowed_mentions=NO_MENTIONS,
        wait=True,
    )
    game = board.game
    remember(game.id, interaction, sent.id, window, FACES[game.kind].first_mode, game.version)
    if not ephemeral and not game.finished:
        await interaction.client.storage.set_game_message(game.id, sent.channel.id, sent.id)


@dataclass(frozen=True, slots=True)
class Handle:
    """How to edit the message that last showed a board (this process only): the
    interaction that sent or updated it, the message (None: its original response), and the
    window, click mode and game version it shows."""

    interaction: discord.Interaction[PipesClient]
    message_id: int | None
    window: Viewport
    mode: str
    version: int

    @property
    def expired(self) -> bool:
        """An interaction's token edits its messages for 15 minutes from its creation."""
        return discord.utils.utcnow() - self.interaction.created_at > HANDLE_LIFETIME

    async def edit(self, message: BoardMessage) -> None:
        fields: dict[str, Any] = {
            "content": message.content,
            "attachments": message.files(),
            "view": message.view,
            "allowed_mentions": NO_MENTIONS,
        }
        if self.message_id is None:
            await self.interaction.edit_original_response(**fields)
        else:
            await self.interaction.followup.edit_message(self.message_id, **fields)


_handles: dict[int, Handle] = {}  # game id -> the message that last showed it
_last_board: dict[int, int] = {}  # user id -> the game they were last shown


def remember(
    game_id: int,
    interaction: discord.Interaction[PipesClient],
    message_id: int | None,
    window: Viewport,
    mode: str,
    version: int,
) -> None:
    """Note the message that now shows a board (and that its player last saw it), so a
    typed move can update it in place."""
    _handles[game_id] = Handle(interaction, message_id, window, mode, version)
    _last_board[interaction.user.id] = game_id
    if len(_handles) > 10_000:  # forget those whose tokens have expired
        for old in [k for k, handle in _handles.items() if handle.expired]:
            del _handles[old]


def handle_of(game_id: int) -> Handle | None:
    """The message that last showed a board, while it can still be edited."""
    found = _handles.get(game_id)
    return None if found is None or found.expired else found


def last_board(user_id: int) -> int | None:
    """The game a user was last shown a board of (in this process), if any."""
    return _last_board.get(user_id)


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
    updated in place, its window and mode kept: at once (UPDATE_MESSAGE), or after a
    deferred update when the answer is not ready in time. A win is announced."""

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user_id: int
    ) -> Played:
        raise NotImplementedError

    @property
    def mode(self) -> str:
        return self.fields["mode"] or "c"

    async def handle(self, interaction: discord.Interaction[PipesClient]) -> None:
        game_id = int(self.fields["game"])
        deadline = Deadline(interaction.response.defer)
        try:
            async with board_lock(game_id):
                played = await self.act(
                    interaction.client.service, game_id, interaction.id, interaction.user.id
                )
                window = self.window(played)
                message = await board_message(
                    interaction.client.workers, played.board, window, played.cells, self.mode
                )
                edit = (
                    interaction.edit_original_response
                    if await deadline.settle()
                    else interaction.response.edit_message
                )
                await edit(
                    content=message.content,
                    attachments=message.files(),
                    view=message.view,
                    allowed_mentions=NO_MENTIONS,
                )
                remember(game_id, interaction, None, window, self.mode, played.board.game.version)
        finally:
            await deadline.settle()
        if played.applied and played.board.game.solved:
            await announce(interaction, played.board)

    def window(self, played: Played) -> Viewport:
        """The button window this button was on."""
        game = played.board.game
        return viewport(game.width, game.height, int(self.fields["vx"]), int(self.fields["vy"]))


class TileButton(_BoardAction, template=custom_ids.TILE):
    """Turn one tile clockwise or anticlockwise, or lock it, by the click mode."""

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user_id: int
    ) -> Played:
        cell = int(self.fields["cell"])
        return await service.click(
            game_id, user_id, cell, custom_ids.SUFFIX[self.mode], interaction_id
        )


class NavButton(_BoardAction, template=custom_ids.NAV):
    """Show another window of tile buttons (looking is free: nothing is stored)."""

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user_id: int
    ) -> Played:
        game = await service.own_game(game_id, user_id)
        return Played(await service.board(game), (), applied=False)


class ModeButton(NavButton, template=custom_ids.SWITCH):
    """Switch the click mode: ↻ turn, ↺ turn back, 🔒 lock (nothing is stored)."""

    @property
    def mode(self) -> str:
        return self.fields["to"]


class HintButton(_BoardAction, template=custom_ids.HINT):
    """Turn one wrong tile right (counted as a hint); the window moves to it."""

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user_id: int
    ) -> Played:
        return await service.hint(game_id, user_id, interaction_id)

    def window(self, played: Played) -> Viewport:
        return first_window(played.board, played.cells) if played.cells else super().window(played)


class PlayButton(_Action, template=custom_ids.PLAY):
    """The daily post's Play button: the clicker's own board of that puzzle."""

    @staticmethod
    def button(daily_id: int, title: str = "") -> discord.ui.Button[Any]:
        """The Play button of a daily (``title``: the kind's, when the post has several)."""
        return discord.ui.Button(
            label=f"▶ Play {title}".rstrip(),
            style=discord.ButtonStyle.success,
            custom_id=custom_ids.play(daily_id),
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


_KNOWN = (TileButton, NavButton, ModeButton, HintButton, PlayButton)
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
