"""The storage interface the app uses, and its errors.

SQL lives only in ``db/``; the app talks to this ``Storage`` protocol, so a server database
(PostgreSQL) plugs in behind it. Storage applies no rule: a move's effect is computed by the
function the caller hands to ``change``, inside the transaction that stores it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, datetime
from typing import Any, Protocol

from .models import (
    Change,
    Changed,
    DailyPost,
    DailyPuzzle,
    Game,
    GuildSettings,
    MoveRecord,
    PuzzleRecord,
    Result,
)  # fmt: skip
from .schema import NewPuzzle


class StorageError(Exception):
    """A request the storage refuses; the message is written for people."""


class GameNotFound(StorageError):
    """No game has that id."""


class GameFinished(StorageError):
    """The game is solved (or lost) and takes no more moves; ``outcome`` says which."""

    def __init__(self, message: str, outcome: str) -> None:
        super().__init__(message)
        self.outcome = outcome


class StaleGame(StorageError):
    """The game changed since the version the caller saw."""


class StateCodec(Protocol):
    """How a kind writes its game states as text (every ``puzzle.Kind`` is one)."""

    def encode_state(self, state: Any) -> str: ...
    def decode_state(self, text: str) -> Any: ...


#: The codecs of every kind, by kind name (``puzzle.KINDS`` is one).
Codecs = Mapping[str, StateCodec]
#: The rules of one move: the game as stored and the time now in, the change out. It may
#: raise to refuse the move; then nothing is written.
Rules = Callable[[Game, datetime], Change]


class Storage(Protocol):
    """Everything the app stores. Every method is one transaction, and every write returns
    what it wrote, read in that transaction."""

    async def close(self) -> None: ...

    # puzzles
    async def store_puzzle(self, puzzle: NewPuzzle) -> PuzzleRecord: ...
    async def puzzle(self, kind: str, params: str, seed: str) -> PuzzleRecord | None: ...

    # games
    async def create_game(
        self,
        *,
        puzzle: PuzzleRecord,
        state: Any,
        owner_id: int,
        mode: str,
        guild_id: int | None = None,
        channel_id: int | None = None,
        daily_id: int | None = None,
        interaction_id: int | None = None,
        day_ends: datetime | None = None,
    ) -> Game: ...
    async def game(self, game_id: int) -> Game | None: ...
    async def set_game_message(
        self, game_id: int, channel_id: int | None, message_id: int | None
    ) -> None: ...
    async def unfinished_games(
        self,
        owner_id: int,
        channel_id: int | None = None,
    ) -> list[Game]: ...
    async def daily_game(self, owner_id: int, daily_id: int) -> Game | None: ...
    async def change(
        self,
        game_id: int,
        user_id: int,
        rules: Rules,
        *,
        expected_version: int | None = None,
        interaction_id: int | None = None,
    ) -> Changed: ...
    async def moves(self, game_id: int) -> list[MoveRecord]: ...

    # servers and daily posts
    async def guild_settings(self, guild_id: int) -> GuildSettings | None: ...
    async def save_guild_settings(self, settings: GuildSettings) -> None: ...
    async def set_post_state(self, guild_id: int, failures: int, paused: str | None) -> None: ...
    async def enabled_guilds(self) -> list[GuildSettings]: ...
    async def ensure_daily_puzzle(self, day: date, puzzle: NewPuzzle) -> DailyPuzzle: ...
    async def daily_puzzle(self, day: date, kind: str, params: str) -> DailyPuzzle | None: ...
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

    # the deployment's own values (the daily secret)
    async def deployment_value(self, key: str, default: str) -> str: ...

    # results
    async def result(self, daily_id: int, user_id: int) -> Result | None: ...
    async def results(self, daily_id: int, guild_id: int | None = None) -> list[Result]: ...
    async def results_between(
        self, first: date, last: date, guild_id: int | None = None
    ) -> list[Result]: ...
    async def user_results(self, user_id: int) -> list[Result]: ...
