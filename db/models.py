"""Records the storage hands out. Times are timezone-aware UTC datetimes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time

#: Each hint used adds this many seconds to a daily result's score.
HINT_PENALTY_SECONDS = 30
MODES = ("personal", "daily", "shared")


@dataclass(frozen=True, slots=True)
class Game:
    """One board someone plays: the puzzle, its current tiles and its counters."""

    id: int
    code: str
    width: int
    height: int
    source: tuple[int, int]
    initial: tuple[int, ...]  # the scrambled tiles the game started from
    tiles: tuple[int, ...]
    owner_id: int
    mode: str
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    daily_id: int | None
    started_at: datetime
    solved_at: datetime | None
    rotations: int
    hints: int
    version: int

    @property
    def solved(self) -> bool:
        return self.solved_at is not None

    @property
    def size(self) -> str:
        return f"{self.width}×{self.height}"


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One appended rotation: ``turns`` quarter turns (negative: counter-clockwise)."""

    id: int
    game_id: int
    user_id: int
    cell: int
    turns: int
    hint: bool
    at: datetime


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's daily post: where, when (local time in an IANA zone) and what size."""

    guild_id: int
    channel_id: int | None = None
    post_time: time = time(9, 0)
    timezone: str = "UTC"
    width: int = 8
    height: int = 8
    enabled: bool = False


@dataclass(frozen=True, slots=True)
class DailyPuzzle:
    """The one global puzzle of a UTC date and size."""

    id: int
    date: date
    width: int
    height: int
    code: str
    par: int


@dataclass(frozen=True, slots=True)
class DailyPost:
    """A server's post of a daily puzzle; ``message_id`` is None until the message is sent."""

    guild_id: int
    date: date
    daily_id: int
    channel_id: int
    message_id: int | None
    claimed_at: datetime


@dataclass(frozen=True, slots=True)
class Result:
    """A user's first solve of a daily puzzle."""

    daily_id: int
    user_id: int
    guild_id: int | None
    game_id: int
    seconds: float
    rotations: int
    hints: int
    solved_at: datetime

    @property
    def score(self) -> float:
        """Seconds plus the hint penalty: lower is better."""
        return self.seconds + HINT_PENALTY_SECONDS * self.hints


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a leaderboard."""

    rank: int
    result: Result


@dataclass(frozen=True, slots=True)
class UserStats:
    """A user's daily record. Streaks count consecutive UTC puzzle dates with a solve."""

    user_id: int
    solves: int
    best_seconds: float | None
    average_seconds: float | None
    current_streak: int
    longest_streak: int
