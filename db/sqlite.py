"""``Storage`` on SQLite through aiosqlite: WAL, foreign keys, one transaction per change.

Writes go through one connection behind an asyncio lock with ``BEGIN IMMEDIATE`` (SQLite has
one writer anyway), so concurrent moves are applied one after the other and none is lost or
doubled; each write returns what it wrote, read on that connection inside its transaction.
Reads use a second connection, each in one call that steps its statement to the end, so no
half-read statement keeps an old snapshot open for the reads after it.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, cast

import aiosqlite

from . import rows
from .models import (
    MODES,
    Changed,
    DailyPost,
    DailyPuzzle,
    Game,
    GuildSettings,
    MoveRecord,
    PuzzleRecord,
    Result,
)  # fmt: skip
from .schema import LegacyPuzzles, NewPuzzle, migrate
from .storage import Codecs, GameFinished, GameNotFound, Rules, StaleGame

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The server's time, in UTC."""
    return datetime.now(UTC)


def _text(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


class SqliteStorage:
    """The SQLite implementation of ``db.storage.Storage``."""

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

    @classmethod
    async def open(
        cls,
        path: str | Path,
        codecs: Codecs,
        *,
        clock: Clock = utc_now,
        legacy: LegacyPuzzles | None = None,
    ) -> SqliteStorage:
        """Open (creating and migrating as needed) the database file at ``path``."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path)
        try:
            await writer.execute("PRAGMA journal_mode = WAL")
            await migrate(writer, legacy)
            reader = await _connect(path)
        except BaseException:
            await writer.close()  # else its thread keeps the process alive
            raise
        return cls(writer, reader, codecs, clock)

    async def close(self) -> None:
        """Close both connections."""
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

    async def _game_on(self, db: aiosqlite.Connection, game_id: int) -> Game | None:
        row = await self._one(f"{rows.GAMES} WHERE g.id = ?", game_id, on=db)
        return self._game(row) if row else None

    # -- puzzles ----------------------------------------------------------------------------

    async def store_puzzle(self, puzzle: NewPuzzle) -> PuzzleRecord:
        """Store a generated puzzle; the first one stored for its kind, parameters and seed
        stays, and is what every caller gets back."""
        async with self._transaction() as db:
            return await self._store_puzzle(db, puzzle)

    async def _store_puzzle(self, db: aiosqlite.Connection, puzzle: NewPuzzle) -> PuzzleRecord:
        await db.execute(
            """INSERT OR IGNORE INTO puzzles (kind, params, seed, width, height, description,
               solution, par, difficulty, generator, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                puzzle.kind,
                puzzle.params,
                puzzle.seed,
                puzzle.width,
                puzzle.height,
                puzzle.description,
                puzzle.solution,
                puzzle.par,
                puzzle.difficulty,
                puzzle.generator,
                _text(self._clock()),
            ),
        )
        stored = await self._puzzle(puzzle.kind, puzzle.params, puzzle.seed, on=db)
        assert stored is not None
        return stored

    async def puzzle(self, kind: str, params: str, seed: str) -> PuzzleRecord | None:
        """The stored puzzle of a kind, parameters and seed, or None."""
        return await self._puzzle(kind, params, seed)

    async def _puzzle(
        self, kind: str, params: str, seed: str, on: aiosqlite.Connection | None = None
    ) -> PuzzleRecord | None:
        row = await self._one(
            f"SELECT {rows.PUZZLE_COLUMNS} FROM puzzles p "
            "WHERE p.kind = ? AND p.params = ? AND p.seed = ?",
            kind,
            params,
            seed,
            on=on,
        )
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
        """Start a game; its clock starts now (when the board is first shown). A player has
        one game per daily: asking again returns it. An interaction that already started a
        game returns that game."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}")
        if (mode == "daily") != (daily_id is not None):
            raise ValueError("a daily game, and only a daily game, has a daily_id")
        async with self._transaction() as db:
            if interaction_id is not None:
                done = await self._one(
                    "SELECT game_id FROM interactions WHERE id = ?", interaction_id, on=db
                )
                if done is not None:
                    return await self._must_game(db, done["game_id"])
            cursor = await db.execute(
                """INSERT INTO games (puzzle_id, state, owner_id, mode, guild_id, channel_id,
                   daily_id, started_at, day_ends) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                   ON CONFLICT (owner_id, daily_id) WHERE daily_id IS NOT NULL DO NOTHING""",
                (
                    puzzle.id,
                    self._codecs[puzzle.kind].encode_state(state),
                    owner_id,
                    mode,
                    guild_id,
                    channel_id,
                    daily_id,
                    _text(self._clock()),
                    _text(day_ends) if day_ends else None,
                ),
            )
            if cursor.rowcount == 1:
                game_id = cursor.lastrowid
            else:
                row = await self._one(
                    "SELECT id FROM games WHERE owner_id = ? AND daily_id = ?",
                    owner_id,
                    daily_id,
                    on=db,
                )
                assert row is not None
                game_id = row["id"]
            assert game_id is not None
            if interaction_id is not None:
                await db.execute(
                    "INSERT INTO interactions (id, game_id, at) VALUES (?, ?, ?)",
                    (interaction_id, game_id, _text(self._clock())),
                )
            return await self._must_game(db, game_id)

    async def _must_game(self, db: aiosqlite.Connection, game_id: int) -> Game:
        game = await self._game_on(db, game_id)
        if game is None:
            raise GameNotFound("That game does not exist (any more).")
        return game

    async def game(self, game_id: int) -> Game | None:
        """The game with that id, or None."""
        row = await self._one(f"{rows.GAMES} WHERE g.id = ?", game_id)
        return self._game(row) if row else None

    async def set_game_message(
        self, game_id: int, channel_id: int | None, message_id: int | None
    ) -> None:
        """Remember which message shows the game (None: no message does any more)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET channel_id = ?, message_id = ? WHERE id = ?",
                (channel_id, message_id, game_id),
            )

    async def unfinished_games(self, owner_id: int, channel_id: int | None = None) -> list[Game]:
        """The owner's games still being played (in one channel, if given), newest first."""
        sql = f"{rows.GAMES} WHERE g.owner_id = ? AND g.outcome = 'playing'"
        args: list[object] = [owner_id]
        if channel_id is not None:
            sql += " AND g.channel_id = ?"
            args.append(channel_id)
        return self._games(await self._all(sql + " ORDER BY g.id DESC", *args))

    async def daily_game(self, owner_id: int, daily_id: int) -> Game | None:
        """The owner's game of a daily puzzle, or None."""
        row = await self._one(
            f"{rows.GAMES} WHERE g.owner_id = ? AND g.daily_id = ?", owner_id, daily_id
        )
        return self._game(row) if row else None

    async def change(
        self,
        game_id: int,
        user_id: int,
        rules: Rules,
        *,
        expected_version: int | None = None,
        interaction_id: int | None = None,
    ) -> Changed:
        """Change a game in one transaction: load it, let ``rules`` compute the change from
        exactly that state, check the version, then write state, moves, counters, outcome
        and result together. An interaction already applied changes nothing again. The
        whole transaction runs as one call on the writer's thread."""
        # One call on the writer's thread for the whole transaction (aiosqlite's own way of
        # running a function there; pinned version) instead of a thread hop per statement.
        on_writer = cast(Callable[..., Awaitable[Changed]], self._writer._execute)
        async with self._lock:
            return await on_writer(
                self._change, game_id, user_id, rules, expected_version, interaction_id
            )

    def _change(
        self,
        game_id: int,
        user_id: int,
        rules: Rules,
        expected_version: int | None,
        interaction_id: int | None,
    ) -> Changed:
        db = self._writer._conn  # the sqlite3 connection, on its own thread
        db.execute("BEGIN IMMEDIATE")
        try:
            changed = self._change_in(db, game_id, user_id, rules, expected_version, interaction_id)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return changed

    def _change_in(
        self,
        db: sqlite3.Connection,
        game_id: int,
        user_id: int,
        rules: Rules,
        expected_version: int | None,
        interaction_id: int | None,
    ) -> Changed:
        row = db.execute(f"{rows.GAMES} WHERE g.id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound("That game does not exist (any more).")
        game = self._game(row)
        if interaction_id is not None:
            cursor = db.execute(
                "INSERT OR IGNORE INTO interactions (id, game_id, at) VALUES (?, ?, ?)",
                (interaction_id, game_id, _text(self._clock())),
            )
            if cursor.rowcount == 0:
                return Changed(game, applied=False)
        if game.finished:
            raise GameFinished(
                "This board is already solved: start a new one."
                if game.solved
                else "This game is over: start a new one.",
                game.outcome,
            )
        if expected_version is not None and expected_version != game.version:
            raise StaleGame("The board changed meanwhile: look at it again.")
        now = self._clock()
        change = rules(game, now)
        finished = change.outcome != "playing"
        db.execute(
            """UPDATE games SET state = ?, turns = turns + ?, hints = hints + ?,
               version = version + 1, outcome = ?, finished_at = ? WHERE id = ?""",
            (
                self._codecs[game.kind].encode_state(change.state),
                change.turns,
                change.hints,
                change.outcome,
                _text(now) if finished else None,
                game_id,
            ),
        )
        hint = int(change.hints > 0)
        db.executemany(
            "INSERT INTO moves (game_id, user_id, move, hint, at) VALUES (?, ?, ?, ?, ?)",
            [(game_id, user_id, move, hint, _text(now)) for move in change.moves],
        )
        if change.result is not None and game.daily_id is not None:
            db.execute(
                """INSERT OR IGNORE INTO results (daily_id, user_id, guild_id, game_id,
                   seconds, turns, hints, solved_at, late) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    game.daily_id,
                    game.owner_id,
                    game.guild_id,
                    game_id,
                    change.result.seconds,
                    change.result.turns,
                    change.result.hints,
                    _text(now),
                    int(change.result.late),
                ),
            )
        return Changed(rows.changed(game, change, now), applied=True)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """Every move of a game, in order."""
        found = await self._all("SELECT * FROM moves WHERE game_id = ? ORDER BY id", game_id)
        return [rows.move(row) for row in found]

    # -- servers and daily posts ------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings | None:
        """A server's daily settings, or None if it never ran setup."""
        row = await self._one("SELECT * FROM guild_settings WHERE guild_id = ?", guild_id)
        return rows.settings(row) if row else None

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Create or replace a server's daily settings."""
        async with self._transaction() as db:
            await db.execute(
                """INSERT INTO guild_settings (guild_id, channel_id, post_time, timezone, width,
                   height, enabled, configured_by, failures, paused, role_id, size_from,
                   previous_width, previous_height, level, previous_level, updated_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                   ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id,
                   post_time = excluded.post_time, timezone = excluded.timezone,
                   width = excluded.width, height = excluded.height,
                   enabled = excluded.enabled, configured_by = excluded.configured_by,
                   failures = excluded.failures, paused = excluded.paused,
                   role_id = excluded.role_id, size_from = excluded.size_from,
                   previous_width = excluded.previous_width,
                   previous_height = excluded.previous_height,
                   level = excluded.level, previous_level = excluded.previous_level,
                   updated_at = excluded.updated_at""",
                (
                    settings.guild_id,
                    settings.channel_id,
                    settings.post_time.strftime("%H:%M"),
                    settings.timezone,
                    settings.width,
                    settings.height,
                    int(settings.enabled),
                    settings.configured_by,
                    settings.failures,
                    settings.paused,
                    settings.role_id,
                    settings.size_from.isoformat() if settings.size_from else None,
                    settings.previous_width,
                    settings.previous_height,
                    settings.level,
                    settings.previous_level,
                    _text(self._clock()),
                ),
            )

    async def set_post_state(self, guild_id: int, failures: int, paused: str | None) -> None:
        """Record a server's failed posts in a row and why its daily is paused (if it is),
        leaving the rest of its settings as they are."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE guild_settings SET failures = ?, paused = ? WHERE guild_id = ?",
                (failures, paused, guild_id),
            )

    async def enabled_guilds(self) -> list[GuildSettings]:
        """Servers whose daily post is on."""
        found = await self._all("SELECT * FROM guild_settings WHERE enabled = 1 ORDER BY guild_id")
        return [rows.settings(row) for row in found]

    async def ensure_daily_puzzle(self, day: date, puzzle: NewPuzzle) -> DailyPuzzle:
        """The daily puzzle of a date, kind and parameters, stored on first use (first
        writer wins: every caller gets the stored one)."""
        async with self._transaction() as db:
            stored = await self._store_puzzle(db, puzzle)
            await db.execute(
                """INSERT OR IGNORE INTO daily_puzzles (date, kind, params, puzzle_id,
                   created_at) VALUES (?, ?, ?, ?, ?)""",
                (day.isoformat(), stored.kind, stored.params, stored.id, _text(self._clock())),
            )
            found = await self._daily_puzzle(day, stored.kind, stored.params, on=db)
        assert found is not None
        return found

    async def daily_puzzle(self, day: date, kind: str, params: str) -> DailyPuzzle | None:
        """The stored daily puzzle of a date, kind and parameters, or None."""
        return await self._daily_puzzle(day, kind, params)

    async def _daily_puzzle(
        self, day: date, kind: str, params: str, on: aiosqlite.Connection | None = None
    ) -> DailyPuzzle | None:
        row = await self._one(
            f"{rows.DAILIES} WHERE d.date = ? AND d.kind = ? AND d.params = ?",
            day.isoformat(),
            kind,
            params,
            on=on,
        )
        return rows.daily(row) if row else None

    async def daily_puzzle_by_id(self, daily_id: int) -> DailyPuzzle | None:
        """The daily puzzle with that id, or None."""
        row = await self._one(f"{rows.DAILIES} WHERE d.id = ?", daily_id)
        return rows.daily(row) if row else None

    async def claim_daily_post(
        self,
        guild_id: int,
        day: date,
        daily_id: int,
        channel_id: int,
    ) -> bool:
        """Claim a server's post for a date. True for exactly one caller, ever: whoever gets
        True posts, so restarts and rival schedulers never post twice."""
        async with self._transaction() as db:
            cursor = await db.execute(
                """INSERT OR IGNORE INTO daily_posts (guild_id, date, daily_id, channel_id,
                   claimed_at) VALUES (?, ?, ?, ?, ?)""",
                (guild_id, day.isoformat(), daily_id, channel_id, _text(self._clock())),
            )
            return cursor.rowcount == 1

    async def reclaim_daily_post(self, guild_id: int, day: date, stale_before: datetime) -> bool:
        """Take over a claim that never got its message (its poster died) if it was made
        before ``stale_before``; True for exactly one caller."""
        async with self._transaction() as db:
            cursor = await db.execute(
                """UPDATE daily_posts SET claimed_at = ? WHERE guild_id = ? AND date = ?
                   AND message_id IS NULL AND claimed_at < ?""",
                (_text(self._clock()), guild_id, day.isoformat(), _text(stale_before)),
            )
            return cursor.rowcount == 1

    async def set_daily_post_message(self, guild_id: int, day: date, message_id: int) -> None:
        """Record the message that carries a claimed post."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE daily_posts SET message_id = ? WHERE guild_id = ? AND date = ?",
                (message_id, guild_id, day.isoformat()),
            )

    async def daily_post(self, guild_id: int, day: date) -> DailyPost | None:
        """A server's post of a date, or None."""
        row = await self._one(
            "SELECT * FROM daily_posts WHERE guild_id = ? AND date = ?", guild_id, day.isoformat()
        )
        return rows.post(row) if row else None

    # -- the deployment's own values ---------------------------------------------------------

    async def deployment_value(self, key: str, default: str) -> str:
        """The deployment's value of ``key``; ``default`` is stored on first use, and the
        value stored first is what every caller gets."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT OR IGNORE INTO deployment (key, value) VALUES (?, ?)", (key, default)
            )
            row = await self._one("SELECT value FROM deployment WHERE key = ?", key, on=db)
        assert row is not None
        return str(row["value"])

    # -- results ----------------------------------------------------------------------------

    async def result(self, daily_id: int, user_id: int) -> Result | None:
        """A user's result on a daily puzzle, or None."""
        row = await self._one(
            f"{rows.RESULTS} WHERE r.daily_id = ? AND r.user_id = ?", daily_id, user_id
        )
        return rows.result(row) if row else None

    async def results(self, daily_id: int, guild_id: int | None = None) -> list[Result]:
        """Every result of a daily puzzle, in one server or (guild_id None) everywhere."""
        if guild_id is None:
            found = await self._all(f"{rows.RESULTS} WHERE r.daily_id = ?", daily_id)
        else:
            found = await self._all(
                f"{rows.RESULTS} WHERE r.daily_id = ? AND r.guild_id = ?", daily_id, guild_id
            )
        return [rows.result(row) for row in found]

    async def results_between(
        self, first: date, last: date, guild_id: int | None = None
    ) -> list[Result]:
        """Every daily result of puzzle dates ``first`` to ``last`` (both included), in one
        server or (guild_id None) everywhere."""
        sql = f"{rows.RESULTS} WHERE d.date BETWEEN ? AND ?"
        args: list[object] = [first.isoformat(), last.isoformat()]
        if guild_id is not None:
            sql += " AND r.guild_id = ?"
            args.append(guild_id)
        return [rows.result(row) for row in await self._all(sql, *args)]

    async def user_results(self, user_id: int) -> list[Result]:
        """Every daily result of a user, oldest puzzle date first."""
        found = await self._all(f"{rows.RESULTS} WHERE r.user_id = ? ORDER BY d.date", user_id)
        return [rows.result(row) for row in found]


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
