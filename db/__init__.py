"""Storage: puzzles, games, moves, daily puzzles and posts, results, server settings.

Applies no rule and imports nothing of the project: a kind's states are encoded by the codecs
the storage is opened with, and a move's effect is computed by the caller's function inside
the transaction that stores it. ``open_storage`` gives the SQLite or the PostgreSQL
implementation.
"""

from pathlib import Path

from .errors import StorageError, StorageUnusable
from .models import (
    MODES,
    Change,
    Changed,
    DailyKind,
    DailyPlay,
    DailyPost,
    DailyPuzzle,
    Game,
    GuildSettings,
    Launch,
    MoveRecord,
    NewResult,
    Outcome,
    PuzzleRecord,
    Race,
    Reminder,
    ReminderState,
    Result,
)  # fmt: skip
from .postgres import PostgresStorage, is_postgres_url, without_password
from .schema import LegacyPuzzles, NewPuzzle
from .sqlite import SqliteStorage
from .storage import (
    Clock,
    Codecs,
    GameFinished,
    GameNotFound,
    Rules,
    StaleGame,
    StateCodec,
    Storage,
    utc_now,
)  # fmt: skip


async def open_storage(
    where: str | Path,
    codecs: Codecs,
    *,
    clock: Clock = utc_now,
    legacy: LegacyPuzzles | None = None,
) -> Storage:
    """Open the storage at ``where``, migrated as needed: a ``postgresql://`` URL opens
    PostgreSQL, anything else is a SQLite file (created if missing). ``codecs`` read and
    write each kind's states; ``legacy`` gives the puzzles of codes stored by SQLite's
    schema 1, needed once when such a file is upgraded."""
    if is_postgres_url(where):
        return await PostgresStorage.open(str(where), codecs, clock=clock)
    return await SqliteStorage.open(where, codecs, clock=clock, legacy=legacy)


__all__ = [
    "MODES", "Change", "Changed", "Clock", "Codecs", "DailyKind", "DailyPlay", "DailyPost",
    "DailyPuzzle", "Game", "GameFinished", "GameNotFound", "GuildSettings", "Launch",
    "LegacyPuzzles", "MoveRecord", "NewPuzzle", "NewResult", "Outcome", "PostgresStorage",
    "PuzzleRecord", "Race", "Reminder", "ReminderState",
    "Result", "Rules", "SqliteStorage", "StaleGame", "StateCodec", "Storage", "StorageError",
    "StorageUnusable", "is_postgres_url", "open_storage", "utc_now", "without_password",
]  # fmt: skip
