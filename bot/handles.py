"""What a bot remembers of the boards it showed: how each was last shown (window and mode),
the private copy its player last saw (to update it when they type a move), and one lock per
board so its moves are played and answered one after the other. All of it lives in this
process only and is bounded (``REMEMBERED``); what it forgets is what a restart forgets.
Which board a player's typed commands mean is no part of it: that is kept with the data
(``Storage.last_opened``)."""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Generic, TypeVar

import discord

from db import Game

from .window import Viewport

#: An interaction can edit its messages for 15 minutes; a board handle is used for less.
HANDLE_LIFETIME = timedelta(minutes=14)
#: What an older private copy of a board says once a newer message shows the board.
RETIRED = "This copy is out of date: your board goes on in a newer message below."
#: Boards remembered at most; the least recently used go first.
REMEMBERED = 10_000

K = TypeVar("K")
V = TypeVar("V")


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


class Recent(Generic[K, V]):
    """A map of at most ``limit`` entries: reading or writing one makes it the newest, and
    a write beyond the limit forgets the least recently used."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._entries: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: K) -> V | None:
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> None:
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.limit:
            self._entries.popitem(last=False)


@dataclass(slots=True)
class _Board:
    """What is remembered of one board: how it was last shown, and its private copy in view
    (None: none, or its token expired)."""

    view: View
    copy: Handle | None = None


class Shown:
    """What one bot remembers of the boards it showed, and its rules:

    - A board's view is how it was last shown, on any of its messages: window, click mode
      and the game version then. A new message showing an older version than one already
      shown is not noted, and the copy before it stays in view (``shown_anew``).
    - A board's public message is in storage; the message a player saw it in otherwise is
      its private copy, replaced by each newer one. A click on the public message keeps the
      private copy in view. A copy is editable only while the interaction token that showed
      it lives (``HANDLE_LIFETIME``); after that there is none.
    - At most ``REMEMBERED`` boards are kept; the least recently used is forgotten first, as
      a restart forgets it: its next typed move shows the board's first window and mode.
    - One lock per board, kept only while someone holds it or waits for it.
    """

    def __init__(self, limit: int = REMEMBERED) -> None:
        self._boards: Recent[int, _Board] = Recent(limit)  # game id -> view and copy
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def remember(
        self,
        game: Game,
        interaction: discord.Interaction[Any],
        message_id: int | None,
        window: Viewport,
        mode: str,
    ) -> Handle | None:
        """Note that a message now shows a board; a message other than the board's public
        one is its private copy, kept to update in place. Returns the private copy in view
        before (None: none, or no longer editable)."""
        before = self.copy(game.id)
        self.saw(game, window, mode)
        handle = Handle(interaction, message_id)
        if handle.shown_id is None or handle.shown_id != game.message_id:
            board = self._boards.get(game.id)
            assert board is not None
            board.copy = handle
        return before

    def shown_anew(
        self,
        game: Game,
        interaction: discord.Interaction[Any],
        message_id: int | None,
        window: Viewport,
        mode: str,
    ) -> Handle | None:
        """Note a new message as the one showing the board (``remember``) unless a newer
        state of it was shown meanwhile (a move played while this message was made); the
        private copy it replaces, to retire, if any."""
        view = self.view(game.id)
        if view is not None and view.version > game.version:
            return None
        return self.remember(game, interaction, message_id, window, mode)

    def saw(self, game: Game, window: Viewport, mode: str) -> None:
        """Note how the board is shown now (its window and mode, at its version)."""
        view = View(window, mode, game.version)
        board = self._boards.get(game.id)
        if board is None:
            self._boards.put(game.id, _Board(view))
        else:
            board.view = view

    def view(self, game_id: int) -> View | None:
        """How a board was last shown, if this bot showed it (and still remembers)."""
        board = self._boards.get(game_id)
        return board.view if board is not None else None

    def copy(self, game_id: int) -> Handle | None:
        """The private copy of a board last shown, while it can still be edited."""
        board = self._boards.get(game_id)
        if board is None or board.copy is None:
            return None
        if board.copy.expired:
            board.copy = None  # its interaction is of no more use: let it go
            return None
        return board.copy

    def lock(self, game_id: int) -> asyncio.Lock:
        """One lock per board: moves on a board are played and answered one after the
        other, so its message never shows an older state after a newer one."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock
