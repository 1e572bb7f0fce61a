"""Storage: puzzles, games, moves, daily puzzles and posts, results, server settings.

Applies no rule and imports nothing of the project: a kind's states are encoded by the codecs
the storage is opened with, and a move's effect is computed by the caller's function inside
the transaction that stores it. ``open_storage`` gives the SQLite implementation.
"""

from pathlib import Path

from .models import (
    MODES,
    Change,
    Changed,
    DailyPost,
    DailyPuzzle,
    Game,
    GuildSettings,
    MoveRecord,
    NewResult,
    Outcome,
    PuzzleRecord,
    Result,
)  # fmt: skip
from .schema import LegacyPuzzles, NewPuzzle
from .sqlite import Clock, SqliteStorage, utc_now
from .storage import (
    Codecs,
    GameFinished,
    GameNotFound,
    Rules,
    StaleGame,
    StateCodec,
    Storage,
    StorageError,
)  # fmt: skip


async def open_storage(
    path: str | Path,
    codecs: Codecs,
    *,
    clock: Clock = utc_now,
    legacy: LegacyPuzzles | None = None,
) -> Storage:
    """Open the SQLite storage at ``path`` (created and migrated as needed). ``codecs`` read
    and write each kind's states; ``legacy`` gives the puzzles of codes stored by schema 1,
    needed once when such a database is upgraded."""
    return await SqliteStorage.open(path, codecs, clock=clock, legacy=legacy)


__all__ = [
    "MODES", "Change", "Changed", "Clock", "Codecs", "DailyPost", "DailyPuzzle", "Game",
    "GameFinished", "GameNotFound", "GuildSettings", "LegacyPuzzles", "MoveRecord", "NewPuzzle",
    "NewResult", "Outcome", "PuzzleRecord", "Result", "Rules", "SqliteStorage", "StaleGame",
    "StateCodec", "Storage", "StorageError", "open_storage", "utc_now",
]  # fmt: skip
