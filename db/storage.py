"""The storage interface the bot uses, and its errors.

SQL lives only in ``db/``; the bot talks to this ``Storage`` protocol, so a server database
(PostgreSQL) can be added later without touching the bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Protocol

from .models import (
    DailyPost,
    DailyPuzzle,
    Game,
    GuildSettings,
    MoveRecord,
    Result,
    Standing,
    UserStats,
)


class StorageError(Exception):
    """A request the storage refuses; the message is written for people."""


class GameNotFound(StorageError):
    """No game has that id."""


class GameSolved(StorageError):
    """The game is solved and takes no more rotations."""


class CellOutsideBoard(StorageError):
    """A move names a cell that is not on the board."""


class StaleGame(StorageError):
    """The game changed since the version the caller saw."""


class Storage(Protocol):
    """Everything the bot stores. Every method is one transaction."""

    async def close(self) -> None: ...

    # games
    async def create_game(
        self,
        *,
        code: str,
        width: int,
        height: int,
        source: tuple[int, int],
        tiles: Sequence[int],
        owner_id: int,
        mode: str,
        guild_id: int | None = None,
        channel_id: int | None = None,
        daily_id: int | None = None,
    ) -> Game: ...
    async def game(self, game_id: int) -> Game | None: ...
    async def set_game_message(self, game_id: int, channel_id: int, message_id: int) -> None: ...
    async def unfinished_games(
        self,
        owner_id: int,
        channel_id: int | None = None,
    ) -> list[Game]: ...
    async def find_game(
        self,
        owner_id: int,
        *,
        daily_id: int | None = None,
        code: str | None = None,
    ) -> Game | None: ...
    async def rotate(
        self,
        game_id: int,
        user_id: int,
        cell: int,
        turns: int = 1,
        *,
        expected_version: int | None = None,
    ) -> Game: ...
    async def rotate_many(
        self,
        game_id: int,
        user_id: int,
        moves: Sequence[tuple[int, int]],
        *,
        hint: bool = False,
        expected_version: int | None = None,
    ) -> Game: ...
    async def moves(self, game_id: int) -> list[MoveRecord]: ...

    # servers and daily posts
    async def guild_settings(self, guild_id: int) -> GuildSettings | None: ...
    async def save_guild_settings(self, settings: GuildSettings) -> None: ...
    async def enabled_guilds(self) -> list[GuildSettings]: ...
    async def ensure_daily_puzzle(
        self,
        day: date,
        width: int,
        height: int,
        code: str,
        par: int,
    ) -> DailyPuzzle: ...
    async def daily_puzzle(self, day: date, width: int, height: int) -> DailyPuzzle | None: ...
    async def daily_puzzle_by_id(self, daily_id: int) -> DailyPuzzle | None: ...
    async def claim_daily_post(
        self,
        guild_id: int,
        day: date,
        daily_id: int,
        channel_id: int,
    ) -> bool: ...
    async def reclaim_daily_post(
        self,
        guild_id: int,
        day: date,
        stale_before: datetime,
    ) -> bool: ...
    async def set_daily_post_message(self, guild_id: int, day: date, message_id: int) -> None: ...
    async def daily_post(self, guild_id: int, day: date) -> DailyPost | None: ...

    # results
    async def result(self, daily_id: int, user_id: int) -> Result | None: ...
    async def leaderboard(
        self,
        daily_id: int,
        guild_id: int | None = None,
        limit: int = 10,
    ) -> list[Standing]: ...
    async def rank(
        self,
        daily_id: int,
        user_id: int,
        guild_id: int | None = None,
    ) -> int | None: ...
    async def user_stats(self, user_id: int, today: date) -> UserStats: ...
