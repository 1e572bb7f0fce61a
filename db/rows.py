"""What both backends share besides their SQL (``statements``): the records made from rows,
and the checks and arguments of the writes that change a game.

Column names are the same in every backend. SQLite hands dates and times back as ISO text and
flags as 0/1; PostgreSQL as ``date``, ``time``, ``datetime`` and ``bool``: the readers here
take either.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import date, datetime, time
from typing import Any, Protocol

from . import statements as sql
from .models import (
    MODES,
    Change,
    DailyKind,
    DailyPlay,
    DailyPost,
    DailyPuzzle,
    Game,
    GuildSettings,
    Launch,
    MoveRecord,
    PuzzleRecord,
    Race,
    Reminder,
    Result,
)  # fmt: skip
from .storage import Codecs, GameFinished, StaleGame


class Row(Protocol):
    """A row whose columns are read by name (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: str, /) -> Any: ...


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
    """The puzzle of a row selected with ``statements.PUZZLE_COLUMNS``."""
    return PuzzleRecord(
        id=row["p_id"], kind=row["kind"], params=row["params"], seed=row["seed"],
        width=row["width"], height=row["height"], description=row["description"],
        solution=row["solution"], par=row["par"], difficulty=row["difficulty"],
        generator=row["generator"],
    )  # fmt: skip


def game(row: Row, codecs: Codecs) -> Game:
    """The game of a ``GAMES`` row, its state decoded by its kind's codec."""
    return game_of(row, puzzle(row), codecs)


def game_of(row: Row, stored: PuzzleRecord, codecs: Codecs) -> Game:
    """The game of a ``games`` row playing ``stored``, its state decoded by its kind's
    codec."""
    return Game(
        id=row["id"], puzzle=stored, state=codecs[stored.kind].decode_state(row["state"]),
        owner_id=row["owner_id"], mode=row["mode"], guild_id=row["guild_id"],
        channel_id=row["channel_id"], message_id=row["message_id"],
        daily_id=row["daily_id"], started_at=moment(row["started_at"]),
        outcome=row["outcome"], finished_at=maybe_moment(row["finished_at"]),
        turns=row["turns"], hints=row["hints"], version=row["version"],
        day_ends=maybe_moment(row["day_ends"]),
    )  # fmt: skip


def check_new_game(mode: str, daily_id: int | None) -> None:
    """Refuse a game that could not be stored: an unknown mode, a daily without its daily."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    if (mode == "daily") != (daily_id is not None):
        raise ValueError("a daily game, and only a daily game, has a daily_id")


def one_game(
    mode: str, owner_id: int, puzzle_id: int, daily_id: int | None
) -> tuple[str, str, tuple[object, ...]]:
    """The statement that creates a game of ``mode``, and the one that finds instead the
    game a player has already (one per daily, and one archive or race game per puzzle) with its
    arguments."""
    if mode == "archive":
        return sql.CREATE_ARCHIVE_GAME, sql.ARCHIVE_GAME_ID, (owner_id, puzzle_id)
    if mode == "race":
        return sql.CREATE_RACE_GAME, sql.RACE_GAME_ID, (owner_id, puzzle_id)
    return sql.CREATE_GAME, sql.DAILY_GAME_ID, (owner_id, daily_id)


def check_playable(game: Game, expected_version: int | None) -> None:
    """Refuse a move on a finished game, or on a version other than the caller saw."""
    if game.finished:
        raise GameFinished(
            "This board is already solved: start a new one."
            if game.solved
            else "This game is over: start a new one.",
            game.outcome,
            game.kind,
        )
    if expected_version is not None and expected_version != game.version:
        raise StaleGame("The board changed meanwhile: look at it again.")


@dataclasses.dataclass(frozen=True, slots=True)
class Writes:
    """What a change writes, as statement arguments: ``UPDATE_GAME``'s, ``ADD_INTERACTION``'s
    (None: no interaction to record), ``ADD_RESULT``'s (None: no result to store), and the
    moves' names with what every move of the change shares (user, hint, time, version)."""

    update: tuple[object, ...]
    interaction: tuple[object, ...] | None
    result: tuple[object, ...] | None
    names: tuple[str, ...]
    shared: tuple[object, ...]

    @property
    def moves(self) -> list[tuple[object, ...]]:
        """The arguments of each ``ADD_MOVE``, in order."""
        game_id, (user_id, *rest) = self.update[-1], self.shared
        return [(game_id, user_id, name, *rest) for name in self.names]


def change_writes(
    game: Game,
    user_id: int,
    change: Change,
    now: object,
    codecs: Codecs,
    interaction_id: int | None = None,
) -> Writes:
    """What a change written at ``now`` (as the backend stores instants) writes."""
    finished = change.outcome != "playing"
    update = (
        codecs[game.kind].encode_state(change.state), change.turns, change.hints,
        change.outcome, now if finished else None, game.id,
    )  # fmt: skip
    result: tuple[object, ...] | None = None
    if change.result is not None and game.daily_id is not None:
        result = (
            game.daily_id, game.owner_id, game.guild_id, game.id, change.result.seconds,
            change.result.turns, change.result.hints, now, change.result.late,
            change.result.points, change.result.name,
        )  # fmt: skip
    interaction = None if interaction_id is None else (interaction_id, game.id, now)
    # The change's version: every move of it shares it.
    shared = (user_id, change.hints > 0, now, game.version + 1)
    return Writes(update, interaction, result, change.moves, shared)


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
        date=day(row["date"]), kind=row["kind"], late=bool(row["late"]),
        points=row["points"], name=row["name"],
    )  # fmt: skip


def daily_play(row: Row) -> DailyPlay:
    """The daily game of a ``USER_DAILY_GAMES`` row."""
    return DailyPlay(
        daily_id=row["daily_id"], game_id=row["game_id"], date=day(row["date"]),
        kind=row["kind"], outcome=row["outcome"], day_ends=maybe_moment(row["day_ends"]),
    )  # fmt: skip


def daily(row: Row) -> DailyPuzzle:
    """The daily puzzle of a ``DAILIES`` row."""
    return DailyPuzzle(id=row["id"], date=day(row["date"]), puzzle=puzzle(row))


def daily_kind(row: Row) -> DailyKind:
    """The daily row of a ``SETTINGS`` row (one whose ``kind`` is not NULL)."""
    return DailyKind(
        kind=row["kind"], choice=row["choice"], posted=bool(row["posted"]),
        position=row["position"], since=maybe_day(row["since"]), previous=row["previous"],
    )  # fmt: skip


def settings(found: Iterable[Row]) -> list[GuildSettings]:
    """The servers' settings of ``SETTINGS`` rows, in the order their servers first come,
    each with its daily rows ordered by (position, kind)."""
    servers: dict[int, Row] = {}
    dailies: dict[int, list[DailyKind]] = {}
    for row in found:
        servers.setdefault(row["guild_id"], row)
        its = dailies.setdefault(row["guild_id"], [])
        if row["kind"] is not None:  # NULL: a server without daily rows
            its.append(daily_kind(row))
    return [_settings(row, dailies[guild]) for guild, row in servers.items()]


def _settings(row: Row, dailies: list[DailyKind]) -> GuildSettings:
    ordered = tuple(sorted(dailies, key=lambda daily: (daily.position, daily.kind)))
    return GuildSettings(
        guild_id=row["guild_id"], channel_id=row["channel_id"],
        post_time=clock_time(row["post_time"]), timezone=row["timezone"],
        enabled=bool(row["enabled"]), configured_by=row["configured_by"],
        failures=row["failures"], paused=row["paused"], role_id=row["role_id"],
        activity=bool(row["activity"]), recap=bool(row["recap"]), dailies=ordered,
    )  # fmt: skip


def check_settings(settings: GuildSettings) -> None:
    """Refuse settings that could not be read back as given: two rows of one kind."""
    kinds = [daily.kind for daily in settings.dailies]
    if len(set(kinds)) != len(kinds):
        raise ValueError(f"a server has one daily row per kind, not {kinds}")


def post(row: Row) -> DailyPost:
    """A ``daily_posts`` row."""
    return DailyPost(
        guild_id=row["guild_id"], date=day(row["date"]), daily_id=row["daily_id"],
        channel_id=row["channel_id"], message_id=row["message_id"],
        claimed_at=moment(row["claimed_at"]),
    )  # fmt: skip


def reminder(row: Row) -> Reminder:
    """A ``reminders`` row."""
    return Reminder(guild_id=row["guild_id"], user_id=row["user_id"], at=clock_time(row["at"]))


def launch(row: Row) -> Launch:
    """A ``launches`` row."""
    return Launch(
        user_id=row["user_id"], kind=row["kind"], daily_id=row["daily_id"],
        guild_id=row["guild_id"], channel_id=row["channel_id"], at=moment(row["at"]),
    )  # fmt: skip


def move(row: Row) -> MoveRecord:
    """A ``moves`` row."""
    return MoveRecord(
        row["id"], row["game_id"], row["user_id"], row["move"], bool(row["hint"]),
        moment(row["at"]), row["version"],
    )  # fmt: skip


def race(row: Row, players: Iterable[Row]) -> Race:
    """A ``RACE`` row and its ``RACE_PLAYERS`` rows."""
    return Race(
        id=row["id"], puzzle=puzzle(row), host_id=row["host_id"], guild_id=row["guild_id"],
        channel_id=row["channel_id"], message_id=row["message_id"], state=row["state"],
        created_at=moment(row["created_at"]), started_at=maybe_moment(row["started_at"]),
        ended_at=maybe_moment(row["ended_at"]), players=tuple(p["user_id"] for p in players),
    )  # fmt: skip
