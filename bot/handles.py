"""What a bot remembers of the boards it showed: how each was last shown (window and mode),
the private copy its player last saw (to update it when they type a move), the board each
player last saw of each kind, and one lock per board so its moves are played and answered
one after the other."""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import discord

from db import Game

from .window import Viewport

#: An interaction can edit its messages for 15 minutes; a board handle is used for less.
HANDLE_LIFETIME = timedelta(minutes=14)
#: What an older private copy of a board says once a newer message shows the board.
RETIRED = "This copy is out of date: your board goes on in a newer message below."


@dataclass(frozen=True, slots=True)
class Handle:
    """How to edit a private copy of a board (this process only): the interaction that sent
    or updated it, and the message (None: its original response)."""

    interaction: discord.Interaction[Any]
    message_id: int | None

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


@dataclass(frozen=True, slots=True)
class View:
    """How a board was last shown, on any of its copies: the window, the click mode and the
    game version."""

    window: Viewport
    mode: str
    version: int


class Shown:
    """What one bot remembers of the boards it showed: how each was last shown, the private
    copy its player last saw (the public message is in storage), the board each player last
    saw of each kind, and one lock per board."""

    def __init__(self) -> None:
        self._views: dict[int, View] = {}  # game id -> how it was last shown
        self._copies: dict[int, Handle] = {}  # game id -> the private copy last shown
        self._last_board: dict[tuple[int, str], int] = {}  # (user, kind) -> game id
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def remember(
        self,
        game: Game,
        interaction: discord.Interaction[Any],
        message_id: int | None,
        window: Viewport,
        mode: str,
    ) -> None:
        """Note that a message now shows a board, and that its player saw it last; a message
        other than the board's public one is its private copy, kept to update in place."""
        self.saw(game, window, mode)
        self._last_board[interaction.user.id, game.kind] = game.id
        handle = Handle(interaction, message_id)
        if handle.shown_id is None or handle.shown_id != game.message_id:
            self._copies[game.id] = handle
        if len(self._copies) > 10_000:  # forget those whose tokens have expired
            for old in [k for k, copy in self._copies.items() if copy.expired]:
                del self._copies[old]

    def saw(self, game: Game, window: Viewport, mode: str) -> None:
        """Note how the board is shown now (its window and mode, at its version)."""
        self._views[game.id] = View(window, mode, game.version)

    def view(self, game_id: int) -> View | None:
        """How a board was last shown, if this bot showed it."""
        return self._views.get(game_id)

    def copy(self, game_id: int) -> Handle | None:
        """The private copy of a board last shown, while it can still be edited."""
        found = self._copies.get(game_id)
        return None if found is None or found.expired else found

    def last_board(self, user_id: int, kind: str) -> int | None:
        """The board of a kind a user was last shown (by this bot), if any."""
        return self._last_board.get((user_id, kind))

    def lock(self, game_id: int) -> asyncio.Lock:
        """One lock per board: moves on a board are played and answered one after the
        other, so its message never shows an older state after a newer one."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock
