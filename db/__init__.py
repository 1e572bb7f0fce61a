"""aiosqlite storage: games, moves, daily puzzles and posts, results, server settings.

Imports ``puzzle`` only. The bot uses the ``Storage`` protocol; ``open_storage`` gives the
SQLite implementation.
"""

from pathlib import Path

from .models import (
    HINT_PENALTY_SECONDS,
    DailyPost,
    DailyPuzzle,
    Game,
    GuildSettings,
    MoveRecord,
    Result,
    Standing,
    UserStats,
)  # fmt: skip
from .sqlite import Clock, SqliteStorage, utc_now
from .storage import CellOutsideBoard, GameNotFound, GameSolved, StaleGame, Storage, StorageError


async def open_storage(path: str | Path, *, clock: Clock = utc_now) -> Storage:
    """Open the SQLite storage at ``path`` (created and migrated as needed)."""
    return await SqliteStorage.open(path, clock=clock)


__all__ = [
    "HINT_PENALTY_SECONDS", "CellOutsideBoard", "Clock", "DailyPost", "DailyPuzzle", "Game",
    "GameNotFound", "GameSolved", "GuildSettings", "MoveRecord", "Result", "SqliteStorage",
    "StaleGame", "Standing", "Storage", "StorageError", "UserStats", "open_storage", "utc_now",
]  # fmt: skip
