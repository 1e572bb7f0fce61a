"""What both backends share: the SELECTs that join a row to its puzzle, and the records made
from their rows.

Column names are the same in every backend. SQLite hands dates and times back as ISO text and
flags as 0/1; PostgreSQL as ``date``, ``time``, ``datetime`` and ``bool``: the readers here
take either.
"""

from __future__ import annotations

import dataclasses
from datetime import date, datetime, time
from typing import Any, Protocol

from .models import (
    Change,
    DailyPost,
    DailyPuzzle,
    Game,
    GuildSettings,
    MoveRecord,
    PuzzleRecord,
    Result,
)  # fmt: skip
from .storage import Codecs


class Row(Protocol):
    """A row whose columns are read by name (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: str, /) -> Any: ...


PUZZLE_COLUMNS = (
    "p.id AS p_id, p.kind, p.params, p.seed, p.width, p.height, p.description, p.solution, "
    "p.par, p.difficulty, p.generator"
)
GAMES = f"SELECT g.*, {PUZZLE_COLUMNS} FROM games g JOIN puzzles p ON p.id = g.puzzle_id"
DAILIES = (
    f"SELECT d.id, d.date, {PUZZLE_COLUMNS} FROM daily_puzzles d "
    "JOIN puzzles p ON p.id = d.puzzle_id"
)
RESULTS = "SELECT r.*, d.date FROM results r JOIN daily_puzzles d ON d.id = r.daily_id"


def moment(value: datetime | str) -> datetime:
    """A stored instant."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def maybe_moment(value: datetime | str | None) -> datetime | None:
    """A stored instant that may be missing."""
    return moment(value) if value else None


def day(value: date | str) -> date:
    """A stored calendar date."""
    return value if isinstance(value, date) else date.fromisoformat(value)


def maybe_day(value: date | str | None) -> date | None:
    """A stored calendar date that may be missing."""
    return day(value) if value else None


def clock_time(value: time | str) -> time:
    """A stored time of day."""
    return value if isinstance(value, time) else time.fromisoformat(value)


def puzzle(row: Row) -> PuzzleRecord:
    """The puzzle of a row selected with ``PUZZLE_COLUMNS``."""
    return PuzzleRecord(
        id=row["p_id"], kind=row["kind"], params=row["params"], seed=row["seed"],
        width=row["width"], height=row["height"], description=row["description"],
        solution=row["solution"], par=row["par"], difficulty=row["difficulty"],
        generator=row["generator"],
    )  # fmt: skip


def game(row: Row, codecs: Codecs) -> Game:
    """The game of a ``GAMES`` row, its state decoded by its kind's codec."""
    stored = puzzle(row)
    return Game(
        id=row["id"], puzzle=stored, state=codecs[stored.kind].decode_state(row["state"]),
        owner_id=row["owner_id"], mode=row["mode"], guild_id=row["guild_id"],
        channel_id=row["channel_id"], message_id=row["message_id"],
        daily_id=row["daily_id"], started_at=moment(row["started_at"]),
        outcome=row["outcome"], finished_at=maybe_moment(row["finished_at"]),
        turns=row["turns"], hints=row["hints"], version=row["version"],
        day_ends=maybe_moment(row["day_ends"]),
    )  # fmt: skip


def changed(before: Game, change: Change, now: datetime) -> Game:
    """The game after ``change`` was written at ``now``, as the change's transaction wrote it."""
    finished = change.outcome != "playing"
    return dataclasses.replace(
        before,
        state=change.state,
        turns=before.turns + change.turns,
        hints=before.hints + change.hints,
        version=before.version + 1,
        outcome=change.outcome,
        finished_at=now if finished else None,
    )


def result(row: Row) -> Result:
    """The result of a ``RESULTS`` row."""
    return Result(
        daily_id=row["daily_id"], user_id=row["user_id"], guild_id=row["guild_id"],
        game_id=row["game_id"], seconds=row["seconds"], turns=row["turns"],
        hints=row["hints"], solved_at=moment(row["solved_at"]),
        date=day(row["date"]), late=bool(row["late"]),
    )  # fmt: skip


def daily(row: Row) -> DailyPuzzle:
    """The daily puzzle of a ``DAILIES`` row."""
    return DailyPuzzle(id=row["id"], date=day(row["date"]), puzzle=puzzle(row))


def settings(row: Row) -> GuildSettings:
    """A ``guild_settings`` row."""
    return GuildSettings(
        guild_id=row["guild_id"], channel_id=row["channel_id"],
        post_time=clock_time(row["post_time"]), timezone=row["timezone"],
        width=row["width"], height=row["height"], enabled=bool(row["enabled"]),
        configured_by=row["configured_by"], failures=row["failures"], paused=row["paused"],
        role_id=row["role_id"], size_from=maybe_day(row["size_from"]),
        previous_width=row["previous_width"], previous_height=row["previous_height"],
        level=row["level"], previous_level=row["previous_level"],
    )  # fmt: skip


def post(row: Row) -> DailyPost:
    """A ``daily_posts`` row."""
    return DailyPost(
        guild_id=row["guild_id"], date=day(row["date"]), daily_id=row["daily_id"],
        channel_id=row["channel_id"], message_id=row["message_id"],
        claimed_at=moment(row["claimed_at"]),
    )  # fmt: skip


def move(row: Row) -> MoveRecord:
    """A ``moves`` row."""
    return MoveRecord(
        row["id"], row["game_id"], row["user_id"], row["move"], bool(row["hint"]),
        moment(row["at"]),
    )  # fmt: skip
