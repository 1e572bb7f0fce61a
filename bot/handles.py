"""What a bot remembers of the boards it showed: the message that last showed each board (to
update it when its player types a move), the board each player last saw, and one lock per
board so its moves are played and answered one after the other."""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import discord

from .window import Viewport

#: An interaction can edit its messages for 15 minutes; a board handle is used for less.
HANDLE_LIFETIME = timedelta(minutes=14)
#: What an older private copy of a board says once a newer message shows the board.
RETIRED = "This copy is out of date: your board goes on in a newer message below."


@dataclass(frozen=True, slots=True)
class Handle:
    """How to edit the message that last showed a board (this process only): the
    interaction that sent or updated it, the message (None: its original response), and the
    window, click mode and game version it shows."""

    interaction: discord.Interaction[Any]
    message_id: int | None
    window: Viewport
    mode: str
    version: int

    @property
    def shown_id(self) -> int | None:
        """The id of the message, when known (a command's original response has none)."""
        if self.message_id is not None:
            return self.message_id
        clicked = self.interaction.message
        return clicked.id if clicked is not None else None

    @property
    def expired(self) -> bool:
        """An interaction's token edits its messages for 15 minutes from its creation."""
        return discord.utils.utcnow() - self.interaction.created_at > HANDLE_LIFETIME

    async def retire(self) -> None:
        """Take the buttons off this copy: a newer message shows the board."""
        await self.edit(content=RETIRED, view=None)

    async def edit(self, **fields: Any) -> None:
        """Edit the message (``fields`` as discord.py's message edits take them)."""
        if self.message_id is None:
            await self.interaction.edit_original_response(**fields)
        else:
            await self.interaction.followup.edit_message(self.message_id, **fields)


class Shown:
    """What one bot remembers of the boards it showed: the message that last showed each
    board, the board each player last saw, and one lock per board."""

    def __init__(self) -> None:
        self._handles: dict[int, Handle] = {}  # game id -> the message that last showed it
        self._last_board: dict[int, int] = {}  # user id -> the game they were last shown
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def remember(
        self,
        game_id: int,
        interaction: discord.Interaction[Any],
        message_id: int | None,
        window: Viewport,
        mode: str,
        version: int,
    ) -> None:
        """Note the message that now shows a board (and that its player last saw it), so a
        typed move can update it in place."""
        self._handles[game_id] = Handle(interaction, message_id, window, mode, version)
        self._last_board[interaction.user.id] = game_id
        if len(self._handles) > 10_000:  # forget those whose tokens have expired
            for old in [k for k, handle in self._handles.items() if handle.expired]:
                del self._handles[old]

    def handle(self, game_id: int) -> Handle | None:
        """The message that last showed a board, while it can still be edited."""
        found = self._handles.get(game_id)
        return None if found is None or found.expired else found

    def last_board(self, user_id: int) -> int | None:
        """The game a user was last shown a board of (by this bot), if any."""
        return self._last_board.get(user_id)

    def lock(self, game_id: int) -> asyncio.Lock:
        """One lock per board: moves on a board are played and answered one after the
        other, so its message never shows an older state after a newer one."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock
