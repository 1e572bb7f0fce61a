"""``Storage`` on SQLite through aiosqlite: WAL, foreign keys, one transaction per change.

Writes go through one connection behind an asyncio lock with ``BEGIN IMMEDIATE`` (SQLite has
one writer anyway), so concurrent moves are applied one after the other and none is lost or
doubled; each write returns what it wrote, read on that connection inside its transaction.
Reads use a second connection, each in one call that steps its statement to the end, so no
half-read statement keeps an old snapshot open for the reads after it.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import Any, cast

import aiosqlite

from . import rows
from . import statements as sql
from .errors import StorageUnusable
from .models import (
    Changed,
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
    ReminderState,
    Result,
)  # fmt: skip
from .puzzles import Puzzles
from .schema import LegacyPuzzles, NewPuzzle, migrate
from .storage import Clock, Codecs, GameNotFound, Rules, utc_now


def _text(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


class SqliteStorage:
    """The SQLite implementation of ``db.storage.Storage`` (each method as documented
    there)."""

    def __init__(
        self,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        codecs: Codecs,
        clock: Clock,
    ) -> None:
        self._writer = writer
        self._reader = reader
        self._codecs = codecs
        self._clock = clock
        self._lock = asyncio.Lock()
        self._puzzles = Puzzles()
        #: Changes waiting for the writer, and the task that runs them.
        self._waiting: list[tuple[tuple[Any, ...], asyncio.Future[Changed]]] = []
        self._committing: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls,
        path: str | Path,
        codecs: Codecs,
        *,
        clock: Clock = utc_now,
        legacy: LegacyPuzzles | None = None,
    ) -> SqliteStorage:
        """Open (creating and migrating as needed) the database file at ``path``, after a
        quick check of its integrity (``StorageUnusable`` if it is damaged or cannot be
        written)."""
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            _check_writable(Path(path))
            writer = await _connect(path)
        except (OSError, sqlite3.Error) as error:
            raise StorageUnusable(f"{path} cannot be opened or created ({error}).") from error
        try:
            await _check_integrity(writer, path)
            await writer.execute("PRAGMA journal_mode = WAL")
            await migrate(writer, legacy)
            reader = await _connect(path)
        except BaseException:
            await writer.close()  # else its thread keeps the process alive
            raise
        return cls(writer, reader, codecs, clock)

    async def close(self) -> None:
        """Close both connections (once the changes waiting are written)."""
        if self._committing is not None:
            await self._committing
        await self._reader.close()
        await self._writer.close()

    async def __aenter__(self) -> SqliteStorage:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._writer.execute("BEGIN IMMEDIATE")
            try:
                yield self._writer
            except BaseException:
                await self._writer.execute("ROLLBACK")
                raise
            await self._writer.execute("COMMIT")

    async def _all(
        self, sql: str, *args: object, on: aiosqlite.Connection | None = None
    ) -> list[aiosqlite.Row]:
        return list(await (on or self._reader).execute_fetchall(sql, args))

    async def _one(
        self, sql: str, *args: object, on: aiosqlite.Connection | None = None
    ) -> aiosqlite.Row | None:
        found = await self._all(sql, *args, on=on)
        return found[0] if found else None

    def _game(self, row: aiosqlite.Row) -> Game:
        return rows.game(row, self._codecs)

    def _games(self, found: Iterable[aiosqlite.Row]) -> list[Game]:
        return [self._game(row) for row in found]

    # -- puzzles ----------------------------------------------------------------------------

    async def store_puzzle(self, puzzle: NewPuzzle) -> PuzzleRecord:
        async with self._transaction() as db:
            return await self._store_puzzle(db, puzzle)

    async def _store_puzzle(self, db: aiosqlite.Connection, puzzle: NewPuzzle) -> PuzzleRecord:
        await self._insert_puzzle(db, puzzle)
        stored = await self._puzzle(puzzle.kind, puzzle.params, puzzle.seed, on=db)
        assert stored is not None
        return stored

    async def _insert_puzzle(self, db: aiosqlite.Connection, puzzle: NewPuzzle) -> bool:
        """Store a puzzle unless stored before; True if it is new."""
        cursor = await db.execute(
            sql.STORE_PUZZLE,
            (
                puzzle.kind, puzzle.params, puzzle.seed, puzzle.width, puzzle.height,
                puzzle.description, puzzle.solution, puzzle.par, puzzle.difficulty,
                puzzle.generator, _text(self._clock()),
            ),
        )  # fmt: skip
        return cursor.rowcount == 1

    async def puzzle(self, kind: str, params: str, seed: str) -> PuzzleRecord | None:
        return await self._puzzle(kind, params, seed)

    async def stock_puzzle(self, puzzle: NewPuzzle, limit: int) -> bool:
        async with self._transaction() as db:
            row = await self._one(sql.STOCKED, puzzle.kind, puzzle.params, on=db)
            if row is None or row[0] >= limit or not await self._insert_puzzle(db, puzzle):
                return False
            await db.execute(
                sql.STOCK_PUZZLE,
                (_text(self._clock()), puzzle.kind, puzzle.params, puzzle.seed),
            )
            return True

    async def take_stocked(self, kind: str, params: str, generator: str) -> PuzzleRecord | None:
        async with self._transaction() as db:
            await db.execute(sql.UNSTOCK_PLAYED, (kind, params, generator))
            taken = await self._one(sql.TAKE_STOCKED.format(skip=""), kind, params, on=db)
            if taken is None:
                return None
            row = await self._one(sql.PUZZLE_BY_ID, taken[0], on=db)
        assert row is not None
        return rows.puzzle(row)

    async def stock_counts(self) -> dict[tuple[str, str], int]:
        return {(r["kind"], r["params"]): r["n"] for r in await self._all(sql.STOCK_COUNTS)}

    async def _puzzle(
        self, kind: str, params: str, seed: str, on: aiosqlite.Connection | None = None
    ) -> PuzzleRecord | None:
        row = await self._one(sql.PUZZLE, kind, params, seed, on=on)
        return rows.puzzle(row) if row else None

    # -- games ------------------------------------------------------------------------------

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
    ) -> Game:
        rows.check_new_game(mode, daily_id)
        async with self._transaction() as db:
            if interaction_id is not None:
                done = await self._one(sql.INTERACTION_GAME, interaction_id, on=db)
                if done is not None:
                    return await self._must_game(db, done["game_id"])
            create, existing, mine = rows.one_game(mode, owner_id, puzzle.id, daily_id)
            created = await self._one(
                create,
                puzzle.id, self._codecs[puzzle.kind].encode_state(state), owner_id, mode,
                guild_id, channel_id, daily_id, _text(self._clock()),
                _text(day_ends) if day_ends else None, owner_id,
                on=db,
            )  # fmt: skip
            if created is None:  # the player's game of this daily (or archive), made before
                created = await self._one(existing, *mine, on=db)
                assert created is not None
            if interaction_id is not None:
                await db.execute(
                    sql.RECORD_INTERACTION, (interaction_id, created["id"], _text(self._clock()))
                )
            return await self._must_game(db, created["id"])

    async def _must_game(self, db: aiosqlite.Connection, game_id: int) -> Game:
        row = await self._one(sql.GAME, game_id, on=db)
        if row is None:
            raise GameNotFound("That game does not exist (any more).")
        return self._game(row)

    async def game(self, game_id: int) -> Game | None:
        row = await self._one(sql.GAME, game_id)
        return self._game(row) if row else None

    async def set_game_message(
        self, game_id: int, channel_id: int | None, message_id: int | None
    ) -> None:
        async with self._transaction() as db:
            await db.execute(sql.SET_GAME_MESSAGE, (channel_id, message_id, game_id))

    async def unfinished_games(self, owner_id: int, channel_id: int | None = None) -> list[Game]:
        return self._games(await self._all(sql.UNFINISHED_GAMES, owner_id, channel_id, channel_id))

    async def daily_game(self, owner_id: int, daily_id: int) -> Game | None:
        row = await self._one(sql.DAILY_GAME, owner_id, daily_id)
        return self._game(row) if row else None

    async def archive_game(self, owner_id: int, puzzle_id: int) -> Game | None:
        row = await self._one(sql.ARCHIVE_GAME, owner_id, puzzle_id)
        return self._game(row) if row else None

    async def race_games(self, puzzle_id: int) -> list[Game]:
        return self._games(await self._all(sql.RACE_GAMES, puzzle_id))

    async def open_game(self, game_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(sql.OPEN_GAME, (game_id,))

    async def last_opened(self, owner_id: int, kind: str, *, playing: bool = False) -> Game | None:
        statement = sql.LAST_OPENED_PLAYING if playing else sql.LAST_OPENED
        row = await self._one(statement, owner_id, kind)
        return self._game(row) if row else None

    async def last_played(self, owner_id: int, kind: str) -> int | None:
        row = await self._one(sql.LAST_PLAYED, owner_id, kind)
        return int(row["id"]) if row else None

    async def own_boards(self, owner_id: int, kind: str) -> dict[str, int]:
        found = await self._all(sql.OWN_BOARDS, owner_id, kind)
        return {row["outcome"]: int(row["boards"]) for row in found}

    async def change(
        self,
        game_id: int,
        user_id: int,
        rules: Rules,
        *,
        expected_version: int | None = None,
        interaction_id: int | None = None,
    ) -> Changed:
        """Change a game (see ``Storage.change``). Changes that come while the writer is
        busy wait for it, then share one transaction, applied one after the other in the
        order they came: one commit (one flush to the disk) for all of them, and none is
        answered before it."""
        future: asyncio.Future[Changed] = asyncio.get_running_loop().create_future()
        self._waiting.append(((game_id, user_id, rules, expected_version, interaction_id), future))
        if self._committing is None or self._committing.done():
            self._committing = asyncio.create_task(self._commit_waiting())
        return await future

    async def _commit_waiting(self) -> None:
        """Run the waiting changes, in shared transactions, until none waits."""
        # One call on the writer's thread for the whole transaction (aiosqlite's own way of
        # running a function there; pinned version) instead of a thread hop per statement.
        on_writer = cast(Callable[..., Awaitable[list[Any]]], self._writer._execute)
        while self._waiting:
            async with self._lock:
                batch = [(args, f) for args, f in self._waiting if not f.cancelled()]
                self._waiting = []
                try:
                    outcomes = await on_writer(self._change_all, [args for args, _ in batch])
                except Exception as error:  # the connection is closed
                    outcomes = [error] * len(batch)
                except BaseException:
                    for _, future in batch:
                        future.cancel()
                    raise
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if isinstance(outcome, BaseException):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)

    def _change_all(self, batch: list[tuple[Any, ...]]) -> list[Changed | BaseException]:
        """Changes in one transaction, on the writer's thread: each one's outcome, or what
        refused it (it wrote nothing); if a write fails, nothing is written and every one
        fails with it."""
        db = self._writer._conn  # the sqlite3 connection, on its own thread
        outcomes: list[Changed | BaseException] = []
        try:
            db.execute("BEGIN IMMEDIATE")
            for args in batch:
                try:
                    changed, writes = self._decide(db, *args)
                except Exception as refused:
                    outcomes.append(refused)
                    continue
                if writes is not None:
                    self._write(db, writes)
                outcomes.append(changed)
            db.execute("COMMIT")
        except BaseException as error:
            if db.in_transaction:
                db.execute("ROLLBACK")
            return [error] * len(batch)
        return outcomes

    def _decide(
        self,
        db: sqlite3.Connection,
        game_id: int,
        user_id: int,
        rules: Rules,
        expected_version: int | None,
        interaction_id: int | None,
    ) -> tuple[Changed, rows.Writes | None]:
        """Read the game and let ``rules`` decide the change (nothing written): what it
        makes of the game, and its writes (None: the interaction was applied before)."""
        row = db.execute(sql.CHANGING_GAME, (interaction_id, game_id)).fetchone()
        if row is None:
            raise GameNotFound("That game does not exist (any more).")
        game = rows.game_of(row, self._puzzle_by_id(db, row["puzzle_id"]), self._codecs)
        if row["seen"] is not None:
            return Changed(game, applied=False), None
        rows.check_playable(game, expected_version)
        now = self._clock()
        change = rules(game, now)
        writes = rows.change_writes(game, user_id, change, _text(now), self._codecs, interaction_id)
        after = rows.changed(game, change, now)
        return Changed(after, applied=True, context=change.context), writes

    def _puzzle_by_id(self, db: sqlite3.Connection, puzzle_id: int) -> PuzzleRecord:
        found = self._puzzles.get(puzzle_id)
        if found is None:
            found = rows.puzzle(db.execute(sql.PUZZLE_BY_ID, (puzzle_id,)).fetchone())
            self._puzzles.keep(found)
        return found

    @staticmethod
    def _write(db: sqlite3.Connection, writes: rows.Writes) -> None:
        if writes.interaction is not None:
            db.execute(sql.ADD_INTERACTION, writes.interaction)
        db.execute(sql.UPDATE_GAME, writes.update)
        db.executemany(sql.ADD_MOVE, writes.moves)
        if writes.result is not None:
            db.execute(sql.ADD_RESULT, writes.result)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        return [rows.move(row) for row in await self._all(sql.MOVES, game_id)]

    async def movers(self, game_id: int) -> list[tuple[int, int]]:
        return [(row["user_id"], row["moves"]) for row in await self._all(sql.MOVERS, game_id)]

    # -- servers and daily posts ------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings | None:
        found = rows.settings(await self._all(sql.GUILD_SETTINGS, guild_id))
        return found[0] if found else None

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        rows.check_settings(settings)
        async with self._transaction() as db:
            await db.execute(
                sql.SAVE_GUILD_SETTINGS,
                (
                    settings.guild_id, settings.channel_id, settings.post_time.strftime("%H:%M"),
                    settings.timezone, int(settings.enabled), settings.configured_by,
                    settings.failures, settings.paused, settings.role_id,
                    int(settings.activity), int(settings.recap), _text(self._clock()),
                ),
            )  # fmt: skip
            await db.executemany(
                sql.SAVE_DAILY_KIND,
                [
                    (
                        settings.guild_id,
                        daily.kind,
                        daily.choice,
                        int(daily.posted),
                        daily.position,
                        daily.since.isoformat() if daily.since else None,
                        daily.previous,
                    )
                    for daily in settings.dailies
                ],
            )

    async def set_post_state(self, guild_id: int, failures: int, paused: str | None) -> None:
        async with self._transaction() as db:
            await db.execute(sql.SET_POST_STATE, (failures, paused, guild_id))

    async def enabled_guilds(self) -> list[GuildSettings]:
        return rows.settings(await self._all(sql.ENABLED_GUILDS))

    async def ensure_daily_puzzle(self, day: date, puzzle: NewPuzzle) -> DailyPuzzle:
        async with self._transaction() as db:
            stored = await self._store_puzzle(db, puzzle)
            await db.execute(
                sql.STORE_DAILY,
                (day.isoformat(), stored.kind, stored.params, stored.id, _text(self._clock())),
            )
            found = await self._daily_puzzle(day, stored.kind, stored.params, on=db)
        assert found is not None
        return found

    async def daily_puzzle(self, day: date, kind: str, params: str) -> DailyPuzzle | None:
        return await self._daily_puzzle(day, kind, params)

    async def _daily_puzzle(
        self, day: date, kind: str, params: str, on: aiosqlite.Connection | None = None
    ) -> DailyPuzzle | None:
        row = await self._one(sql.DAILY_PUZZLE, day.isoformat(), kind, params, on=on)
        return rows.daily(row) if row else None

    async def daily_puzzle_by_id(self, daily_id: int) -> DailyPuzzle | None:
        row = await self._one(sql.DAILY_PUZZLE_BY_ID, daily_id)
        return rows.daily(row) if row else None

    async def daily_of_puzzle(self, puzzle_id: int) -> DailyPuzzle | None:
        row = await self._one(sql.DAILY_OF_PUZZLE, puzzle_id)
        return rows.daily(row) if row else None

    async def dailies_here(
        self, kind: str, guild_id: int | None, first: date, last: date, limit: int = 100
    ) -> list[DailyPuzzle]:
        found = await self._all(
            sql.DAILIES_HERE, kind, first.isoformat(), last.isoformat(), guild_id, guild_id,
            guild_id, limit,
        )  # fmt: skip
        return [rows.daily(row) for row in found]

    # -- races ------------------------------------------------------------------------------

    async def create_race(
        self, puzzle_id: int, host_id: int, guild_id: int, channel_id: int
    ) -> Race:
        now = _text(self._clock())
        async with self._transaction() as db:
            made = await self._one(
                sql.CREATE_RACE, puzzle_id, host_id, guild_id, channel_id, now, on=db
            )
            assert made is not None
            await self._one(
                sql.JOIN_RACE, made["id"], host_id, now, made["id"], made["id"], 1, on=db
            )
        race = await self.race(made["id"])
        assert race is not None
        return race

    async def _race(self, row: aiosqlite.Row | None) -> Race | None:
        return rows.race(row, await self._all(sql.RACE_PLAYERS, row["id"])) if row else None

    async def race(self, race_id: int) -> Race | None:
        return await self._race(await self._one(sql.RACE, race_id))

    async def race_of_puzzle(self, puzzle_id: int) -> Race | None:
        return await self._race(await self._one(sql.RACE_OF_PUZZLE, puzzle_id))

    async def races_running(self, since_before: datetime) -> list[Race]:
        found = await self._all(sql.RACES_RUNNING, _text(since_before))
        return [r for row in found if (r := await self._race(row)) is not None]

    async def join_race(self, race_id: int, user_id: int, cap: int) -> bool:
        async with self._transaction() as db:
            joined = await self._one(
                sql.JOIN_RACE, race_id, user_id, _text(self._clock()), race_id, race_id, cap, on=db
            )
        return joined is not None

    async def leave_race(self, race_id: int, user_id: int) -> bool:
        async with self._transaction() as db:
            left = await self._one(sql.LEAVE_RACE, race_id, user_id, race_id, on=db)
        return left is not None

    async def set_race_message(self, race_id: int, message_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(sql.SET_RACE_MESSAGE, (message_id, race_id))

    async def start_race(self, race_id: int) -> bool:
        async with self._transaction() as db:
            started = await self._one(sql.START_RACE, _text(self._clock()), race_id, on=db)
        return started is not None

    async def end_race(self, race_id: int) -> bool:
        async with self._transaction() as db:
            ended = await self._one(sql.END_RACE, _text(self._clock()), race_id, on=db)
        return ended is not None

    async def claim_daily_post(
        self,
        guild_id: int,
        day: date,
        daily_id: int,
        channel_id: int,
    ) -> bool:
        async with self._transaction() as db:
            claimed = await self._one(
                sql.CLAIM_POST, guild_id, day.isoformat(), daily_id, channel_id,
                _text(self._clock()), on=db,
            )  # fmt: skip
        return claimed is not None

    async def reclaim_daily_post(self, guild_id: int, day: date, stale_before: datetime) -> bool:
        async with self._transaction() as db:
            taken = await self._one(
                sql.RECLAIM_POST, _text(self._clock()), guild_id, day.isoformat(),
                _text(stale_before), on=db,
            )  # fmt: skip
        return taken is not None

    async def set_daily_post_message(self, guild_id: int, day: date, message_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(sql.SET_POST_MESSAGE, (message_id, guild_id, day.isoformat()))

    async def daily_post(self, guild_id: int, day: date) -> DailyPost | None:
        row = await self._one(sql.DAILY_POST, guild_id, day.isoformat())
        return rows.post(row) if row else None

    # -- reminders ---------------------------------------------------------------------------

    async def set_reminder(self, guild_id: int, user_id: int, at: time | None) -> None:
        async with self._transaction() as db:
            if at is None:
                await db.execute(sql.DROP_REMINDER, (guild_id, user_id))
            else:
                when = (guild_id, user_id, at.strftime("%H:%M"), _text(self._clock()))
                await db.execute(sql.SET_REMINDER, when)

    async def reminder(self, guild_id: int, user_id: int) -> Reminder | None:
        row = await self._one(sql.REMINDER, guild_id, user_id)
        return rows.reminder(row) if row else None

    async def undecided_reminders(self, guild_id: int, day: date) -> list[Reminder]:
        found = await self._all(sql.UNDECIDED_REMINDERS, guild_id, day.isoformat())
        return [rows.reminder(row) for row in found]

    async def daily_kinds_played(self, user_id: int, guild_id: int, first: date) -> dict[str, date]:
        found = await self._all(sql.DAILY_KINDS_PLAYED, user_id, guild_id, first.isoformat())
        return {row["kind"]: rows.day(row["last"]) for row in found}

    async def claim_reminder(
        self, guild_id: int, user_id: int, day: date, kinds: Sequence[str], state: ReminderState
    ) -> bool:
        async with self._transaction() as db:
            claimed = await self._one(
                sql.CLAIM_REMINDER, guild_id, user_id, day.isoformat(), " ".join(kinds), state,
                _text(self._clock()), on=db,
            )  # fmt: skip
        return claimed is not None

    async def reclaim_reminders(
        self, guild_id: int, day: date, stale_before: datetime
    ) -> dict[int, list[str]]:
        async with self._transaction() as db:
            taken = await self._all(
                sql.RECLAIM_REMINDERS, _text(self._clock()), guild_id, day.isoformat(),
                _text(stale_before), on=db,
            )  # fmt: skip
        return {row["user_id"]: row["kinds"].split() for row in taken}

    async def set_reminder_state(
        self, guild_id: int, user_id: int, day: date, state: ReminderState
    ) -> None:
        async with self._transaction() as db:
            await db.execute(sql.SET_REMINDER_STATE, (state, guild_id, user_id, day.isoformat()))

    async def held_reminders(self, guild_id: int, day: date) -> list[int]:
        found = await self._all(sql.HELD_REMINDERS, guild_id, day.isoformat())
        return [row["user_id"] for row in found]

    async def take_held_reminder(self, guild_id: int, user_id: int, day: date) -> list[str] | None:
        async with self._transaction() as db:
            row = await self._one(sql.TAKE_HELD_REMINDER, guild_id, user_id, day.isoformat(), on=db)
        return row["kinds"].split() if row else None

    async def claim_recap(
        self, guild_id: int, day: date, channel_id: int, stale_before: datetime
    ) -> bool:
        async with self._transaction() as db:
            when = _text(self._clock())
            taken = await self._one(
                sql.CLAIM_RECAP, guild_id, day.isoformat(), channel_id, when, on=db
            ) or await self._one(
                sql.RECLAIM_RECAP, when, guild_id, day.isoformat(), _text(stale_before), on=db
            )
        return taken is not None

    async def set_recap_message(self, guild_id: int, day: date, message_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(sql.SET_RECAP_MESSAGE, (message_id, guild_id, day.isoformat()))

    async def daily_players(self, daily_id: int, guild_id: int) -> int:
        row = await self._one(sql.DAILY_PLAYERS, daily_id, guild_id)
        assert row is not None
        return int(row[0])

    # -- the Activity's launches -------------------------------------------------------------

    async def remember_launch(
        self,
        user_id: int,
        kind: str,
        daily_id: int | None,
        guild_id: int | None,
        channel_id: int | None,
    ) -> Launch:
        async with self._transaction() as db:
            row = await self._one(
                sql.REMEMBER_LAUNCH, user_id, kind, daily_id, guild_id, channel_id,
                _text(self._clock()), on=db,
            )  # fmt: skip
        assert row is not None
        return rows.launch(row)

    async def last_launch(self, user_id: int) -> Launch | None:
        row = await self._one(sql.LAST_LAUNCH, user_id)
        return rows.launch(row) if row else None

    # -- the deployment's own values ---------------------------------------------------------

    async def deployment_value(self, key: str, default: str) -> str:
        async with self._transaction() as db:
            await db.execute(sql.STORE_VALUE, (key, default))
            row = await self._one(sql.VALUE, key, on=db)
        assert row is not None
        return str(row["value"])

    # -- results ----------------------------------------------------------------------------

    async def result(self, daily_id: int, user_id: int) -> Result | None:
        row = await self._one(sql.RESULT, daily_id, user_id)
        return rows.result(row) if row else None

    async def results(self, daily_id: int, guild_id: int | None = None) -> list[Result]:
        found = await self._all(sql.DAILY_RESULTS, daily_id, guild_id, guild_id)
        return [rows.result(row) for row in found]

    async def results_between(
        self, first: date, last: date, guild_id: int | None = None
    ) -> list[Result]:
        found = await self._all(
            sql.RESULTS_BETWEEN, first.isoformat(), last.isoformat(), guild_id, guild_id
        )
        return [rows.result(row) for row in found]

    async def user_results(self, user_id: int) -> list[Result]:
        return [rows.result(row) for row in await self._all(sql.USER_RESULTS, user_id)]

    async def user_daily_games(self, user_id: int) -> list[DailyPlay]:
        return [rows.daily_play(row) for row in await self._all(sql.USER_DAILY_GAMES, user_id)]


async def _check_integrity(connection: aiosqlite.Connection, path: str | Path) -> None:
    """SQLite's quick check (fast: no index is compared with its table)."""
    try:
        rows = await connection.execute_fetchall("PRAGMA quick_check")
    except sqlite3.DatabaseError as error:  # not a database at all, or its header is gone
        problems = [str(error)]
    else:
        problems = [str(row[0]) for row in rows if row[0] != "ok"]
    if problems:
        raise StorageUnusable(
            f"{path} is damaged or no SQLite database ({problems[0]}): restore it from a "
            "backup (python -m db.backup makes them)."
        )


def _check_writable(path: Path) -> None:
    """The file, if it is there, and its folder (where SQLite keeps its write-ahead log)
    may be written: else it says so now, not on a player's first move."""
    for where in (path, path.parent) if path.exists() else (path.parent,):
        if not os.access(where, os.W_OK):
            raise StorageUnusable(f"{path} cannot be written ({where} is read-only).")


async def _connect(path: str | Path) -> aiosqlite.Connection:
    connection = await aiosqlite.connect(path, isolation_level=None)
    connection.row_factory = aiosqlite.Row
    try:
        await connection.execute("PRAGMA foreign_keys = ON")
        await connection.execute("PRAGMA busy_timeout = 5000")
        await connection.execute("PRAGMA synchronous = FULL")
    except BaseException:
        await connection.close()  # else its thread keeps the process alive
        raise
    return connection
