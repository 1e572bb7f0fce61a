"""What this process remembers of the boards it showed: the message that last showed each
board (to update it when its player types a move), the board each player last saw, and one
lock per board so its moves are played and answered one after the other."""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import discord

from .board_message import BoardMessage
from .client import PipesClient
from .replies import NO_MENTIONS
from .window import Viewport

#: An interaction can edit its messages for 15 minutes; a board handle is used for less.
HANDLE_LIFETIME = timedelta(minutes=14)


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
