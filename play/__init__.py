"""The app: the game service, scoring and streaks, shared by every storage backend and every
front end. Imports no discord."""

from pathlib import Path

import db
from puzzle import KINDS

from .boards import Board, Played, Risky, Standings, load
from .errors import (
    BoardOver,
    BoardSolved,
    LastBoardOver,
    MoveRefused,
    NoSuchBoard,
    NotYourBoard,
    NoUnfinishedBoard,
    UserError,
)
from .legacy import legacy_puzzle
from .scoring import (
    HINT_PENALTY_SECONDS,
    PeriodStanding,
    Standing,
    UserStats,
    penalty,
    ranked,
    score,
    solved_late,
)
from .service import GameService


async def open_storage(where: str | Path, *, clock: db.Clock = db.utc_now) -> db.Storage:
    """The storage at ``where`` (a SQLite file, or a ``postgresql://`` URL) with every
    kind's codec (and SQLite's schema-1 upgrade)."""
    return await db.open_storage(where, KINDS, clock=clock, legacy=legacy_puzzle)


__all__ = [
    "HINT_PENALTY_SECONDS",
    "Board",
    "BoardOver",
    "BoardSolved",
    "GameService",
    "LastBoardOver",
    "MoveRefused",
    "NoSuchBoard",
    "NoUnfinishedBoard",
    "NotYourBoard",
    "PeriodStanding",
    "Played",
    "Risky",
    "Standing",
    "Standings",
    "UserError",
    "UserStats",
    "legacy_puzzle",
    "load",
    "open_storage",
    "penalty",
    "ranked",
    "score",
    "solved_late",
]  # fmt: skip
