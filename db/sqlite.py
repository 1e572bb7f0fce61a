"""``Storage`` on SQLite through aiosqlite: WAL, foreign keys, one transaction per change.

Writes go through one connection behind an asyncio lock with ``BEGIN IMMEDIATE`` (SQLite has
one writer anyway), so concurrent clicks are applied one after the other and none is lost or
doubled. Reads use a second connection: in WAL mode they see the last commit and never wait
for a writer.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import aiosqlite

from puzzle import check, rotate

from .models import (
    HINT_PENALTY_SECONDS,
    MODES,
    DailyPost,
    DailyPuzzle,
    Game,
    GuildSettings,
    MoveRecord,
    Result,
    Standing,
    UserStats,
)  # fmt: skip
from .schema import migrate
from .storage import CellOutsideBoard, GameNotFound, GameSolved, StaleGame

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The server's time, in UTC."""
    return datetime.now(UTC)


def _text(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _hex(tiles: Sequence[int]) -> str:
    return "".join(f"{t:x}" for t in tiles)


def _tiles(text: str) -> tuple[int, ...]:
    return tuple(int(c, 16) for c in text)


def _game(row: aiosqlite.Row) -> Game:
    return Game(
        id=row["id"], code=row["code"], width=row["width"], height=row["height"],
        source=(row["source_x"], row["source_y"]), initial=_tiles(row["initial"]),
        tiles=_tiles(row["tiles"]), owner_id=row["owner_id"], mode=row["mode"],
        guild_id=row["guild_id"], channel_id=row["channel_id"], message_id=row["message_id"],
        daily_id=row["daily_id"], started_at=_moment(row["started_at"]),
        solved_at=_moment(row["solved_at"]), rotations=row["rotations"], hints=row["hints"],
        version=row["version"],
    )  # fmt: skip


def _result(row: aiosqlite.Row) -> Result:
    return Result(
        daily_id=row["daily_id"], user_id=row["user_id"], guild_id=row["guild_id"],
        game_id=row["game_id"], seconds=row["seconds"], rotations=row["rotations"],
        hints=row["hints"], solved_at=_moment(row["solved_at"]),
    )  # fmt: skip


def _daily(row: aiosqlite.Row) -> DailyPuzzle:
    return DailyPuzzle(
        id=row["id"], date=date.fromisoformat(row["date"]), width=row["width"],
        height=row["height"], code=row["code"], par=row["par"],
    )  # fmt: skip


# Leaderboard order: score (time plus hint penalty), then fewer hints, fewer rotations,
# then who was first.
_ORDER = f"seconds + {HINT_PENALTY_SECONDS} * hints, hints, rotations, solved_at"


class SqliteStorage:
    """The SQLite implementation of ``db.storage.Storage``."""

    def __init__(
        self, writer: aiosqlite.Connection, reader: aiosqlite.Connection, clock: Clock
    ) -> None:
        self._writer = writer
        self._reader = reader
        self._clock = clock
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, *, clock: Clock = utc_now) -> SqliteStorage:
        """Open (creating and migrating as needed) the database file at ``path``."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path)
        await writer.execute("PRAGMA journal_mode = WAL")
        await migrate(writer)
        return cls(writer, await _connect(path), clock)

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

    async def _one(self, sql: str, *args: object) -> aiosqlite.Row | None:
        async with self._reader.execute(sql, args) as cursor:
            return await cursor.fetchone()

    async def _all(self, sql: str, *args: object) -> list[aiosqlite.Row]:
        async with self._reader.execute(sql, args) as cursor:
            return list(await cursor.fetchall())

    # -- games ------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        code: str,
        width: int,
        height: int,
        source: tuple[int, int],
        tiles: Sequence[int],
        owner_id: int,
        mode: str,
        guild_id: int | None = None,
        channel_id: int | None = None,
        daily_id: int | None = None,
    ) -> Game:
        """Start a game; its clock starts now (when the board is first shown)."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}")
        if len(tiles) != width * height:
            raise ValueError(f"expected {width * height} tiles, got {len(tiles)}")
        async with self._transaction() as db:
            cursor = await db.execute(
                """INSERT INTO games (code, width, height, source_x, source_y, initial, tiles,
                   owner_id, mode, guild_id, channel_id, daily_id, started_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    code,
                    width,
                    height,
                    *source,
                    _hex(tiles),
                    _hex(tiles),
                    owner_id,
                    mode,
                    guild_id,
                    channel_id,
                    daily_id,
                    _text(self._clock()),
                ),
            )
            game_id = cursor.lastrowid
        return await self._must_game(game_id)

    async def game(self, game_id: int) -> Game | None:
        """The game with that id, or None."""
        row = await self._one("SELECT * FROM games WHERE id = ?", game_id)
        return _game(row) if row else None

    async def _must_game(self, game_id: int) -> Game:
        game = await self.game(game_id)
        if game is None:
            raise GameNotFound("That game does not exist (any more).")
        return game

    async def set_game_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Remember which message shows the game."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET channel_id = ?, message_id = ? WHERE id = ?",
                (channel_id, message_id, game_id),
            )

    async def unfinished_games(self, owner_id: int, channel_id: int | None = None) -> list[Game]:
        """The owner's unsolved games (in one channel, if given), newest first."""
        sql = "SELECT * FROM games WHERE owner_id = ? AND solved_at IS NULL"
        args: list[object] = [owner_id]
        if channel_id is not None:
            sql += " AND channel_id = ?"
            args.append(channel_id)
        return [_game(row) for row in await self._all(sql + " ORDER BY id DESC", *args)]

    async def find_game(
        self,
        owner_id: int,
        *,
        daily_id: int | None = None,
        code: str | None = None,
    ) -> Game | None:
        """The owner's newest game of a daily puzzle or of a puzzle code."""
        if daily_id is not None:
            row = await self._one(
                "SELECT * FROM games WHERE owner_id = ? AND daily_id = ? ORDER BY id DESC",
                owner_id,
                daily_id,
            )
        else:
            row = await self._one(
                "SELECT * FROM games WHERE owner_id = ? AND code = ? ORDER BY id DESC",
                owner_id,
                code,
            )
        return _game(row) if row else None

    async def rotate(
        self,
        game_id: int,
        user_id: int,
        cell: int,
        turns: int = 1,
        *,
        expected_version: int | None = None,
    ) -> Game:
        """Turn one tile: apply, append the move and bump the version in one transaction."""
        return await self.rotate_many(
            game_id, user_id, [(cell, turns)], expected_version=expected_version
        )

    async def rotate_many(
        self,
        game_id: int,
        user_id: int,
        moves: Sequence[tuple[int, int]],
        *,
        hint: bool = False,
        expected_version: int | None = None,
    ) -> Game:
        """Apply (cell, turns) moves all or nothing. A move that solves the board stamps
        ``solved_at``; on a daily game the first solve also writes the user's result.
        Hint moves count as hints, other moves as ``abs(turns)`` rotations."""
        async with self._transaction() as db:
            async with db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cursor:
                row = await cursor.fetchone()
            if row is None:
                raise GameNotFound("That game does not exist (any more).")
            game = _game(row)
            if game.solved:
                raise GameSolved("This board is already solved: start a new one.")
            if expected_version is not None and expected_version != game.version:
                raise StaleGame("The board changed meanwhile: look at it again.")
            tiles = list(game.tiles)
            for cell, turns in moves:
                if not 0 <= cell < len(tiles):
                    raise CellOutsideBoard(f"Cell {cell} is not on the {game.size} board.")
                tiles[cell] = rotate(tiles[cell], turns)
            now = self._clock()
            solved = check(game.width, game.height, tiles, game.source).solved
            rotations = 0 if hint else sum(abs(turns) for _, turns in moves)
            hints = len(moves) if hint else 0
            await db.execute(
                """UPDATE games SET tiles = ?, rotations = rotations + ?, hints = hints + ?,
                   version = version + 1, solved_at = ? WHERE id = ?""",
                (_hex(tiles), rotations, hints, _text(now) if solved else None, game_id),
            )
            await db.executemany(
                """INSERT INTO moves (game_id, user_id, cell, turns, hint, at)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                [(game_id, user_id, cell, turns, int(hint), _text(now)) for cell, turns in moves],
            )
            if solved and game.mode == "daily" and game.daily_id is not None:
                await db.execute(
                    """INSERT OR IGNORE INTO results (daily_id, user_id, guild_id, game_id,
                       seconds, rotations, hints, solved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                    (
                        game.daily_id,
                        game.owner_id,
                        game.guild_id,
                        game_id,
                        (now - game.started_at).total_seconds(),
                        game.rotations + rotations,
                        game.hints + hints,
                        _text(now),
                    ),
                )
        return await self._must_game(game_id)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """Every move of a game, in order."""
        rows = await self._all("SELECT * FROM moves WHERE game_id = ? ORDER BY id", game_id)
        return [
            MoveRecord(
                id=r["id"],
                game_id=r["game_id"],
                user_id=r["user_id"],
                cell=r["cell"],
                turns=r["turns"],
                hint=bool(r["hint"]),
                at=_moment(r["at"]),
            )
            for r in rows
        ]

    # -- servers and daily posts ------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings | None:
        """A server's daily settings, or None if it never ran setup."""
        row = await self._one("SELECT * FROM guild_settings WHERE guild_id = ?", guild_id)
        return _settings(row) if row else None

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Create or replace a server's daily settings."""
        async with self._transaction() as db:
            await db.execute(
                """INSERT INTO guild_settings (guild_id, channel_id, post_time, timezone, width,
                   height, enabled, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                   ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id,
                   post_time = excluded.post_time, timezone = excluded.timezone,
                   width = excluded.width, height = excluded.height,
                   enabled = excluded.enabled, updated_at = excluded.updated_at""",
                (
                    settings.guild_id,
                    settings.channel_id,
                    settings.post_time.strftime("%H:%M"),
                    settings.timezone,
                    settings.width,
                    settings.height,
                    int(settings.enabled),
                    _text(self._clock()),
                ),
            )

    async def enabled_guilds(self) -> list[GuildSettings]:
        """Servers whose daily post is on."""
        rows = await self._all("SELECT * FROM guild_settings WHERE enabled = 1 ORDER BY guild_id")
        return [_settings(row) for row in rows]

    async def ensure_daily_puzzle(
        self,
        day: date,
        width: int,
        height: int,
        code: str,
        par: int,
    ) -> DailyPuzzle:
        """The daily puzzle of a date and size, stored on first use (first writer wins)."""
        async with self._transaction() as db:
            await db.execute(
                """INSERT OR IGNORE INTO daily_puzzles (date, width, height, code, par,
                   created_at) VALUES (?, ?, ?, ?, ?, ?)""",
                (day.isoformat(), width, height, code, par, _text(self._clock())),
            )
        found = await self.daily_puzzle(day, width, height)
        assert found is not None
        return found

    async def daily_puzzle(self, day: date, width: int, height: int) -> DailyPuzzle | None:
        """The stored daily puzzle of a date and size, or None."""
        row = await self._one(
            "SELECT * FROM daily_puzzles WHERE date = ? AND width = ? AND height = ?",
            day.isoformat(),
            width,
            height,
        )
        return _daily(row) if row else None

    async def daily_puzzle_by_id(self, daily_id: int) -> DailyPuzzle | None:
        """The daily puzzle with that id, or None."""
        row = await self._one("SELECT * FROM daily_puzzles WHERE id = ?", daily_id)
        return _daily(row) if row else None

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
        if row is None:
            return None
        return DailyPost(
            guild_id=row["guild_id"], date=date.fromisoformat(row["date"]),
            daily_id=row["daily_id"], channel_id=row["channel_id"],
            message_id=row["message_id"], claimed_at=_moment(row["claimed_at"]),
        )  # fmt: skip

    # -- results ----------------------------------------------------------------------------

    async def result(self, daily_id: int, user_id: int) -> Result | None:
        """A user's result on a daily puzzle, or None."""
        row = await self._one(
            "SELECT * FROM results WHERE daily_id = ? AND user_id = ?", daily_id, user_id
        )
        return _result(row) if row else None

    async def leaderboard(
        self,
        daily_id: int,
        guild_id: int | None = None,
        limit: int = 10,
    ) -> list[Standing]:
        """The best results of a daily puzzle, in one server or (guild_id None) everywhere.
        Order: time plus 30 s per hint, then fewer hints, fewer rotations, earlier solve."""
        where, args = _scope(daily_id, guild_id)
        rows = await self._all(
            f"SELECT * FROM results WHERE {where} ORDER BY {_ORDER} LIMIT ?", *args, limit
        )
        return [Standing(rank=k, result=_result(row)) for k, row in enumerate(rows, 1)]

    async def rank(self, daily_id: int, user_id: int, guild_id: int | None = None) -> int | None:
        """A user's place on a daily leaderboard, or None without a result."""
        where, args = _scope(daily_id, guild_id)
        row = await self._one(
            f"""SELECT place FROM (SELECT user_id, ROW_NUMBER() OVER (ORDER BY {_ORDER})
                AS place FROM results WHERE {where}) WHERE user_id = ?""",
            *args,
            user_id,
        )
        return row["place"] if row else None

    async def user_stats(self, user_id: int, today: date) -> UserStats:
        """Solves, best and average time, and streaks of consecutive UTC puzzle dates;
        the current streak is alive if its last solve is today's or yesterday's puzzle."""
        totals = await self._one(
            "SELECT COUNT(*) AS n, MIN(seconds) AS best, AVG(seconds) AS mean "
            "FROM results WHERE user_id = ?",
            user_id,
        )
        rows = await self._all(
            """SELECT DISTINCT d.date FROM results r JOIN daily_puzzles d ON d.id = r.daily_id
               WHERE r.user_id = ? ORDER BY d.date""",
            user_id,
        )
        days = [date.fromisoformat(row["date"]) for row in rows]
        longest = run = 0
        for k, day in enumerate(days):
            run = run + 1 if k and day - days[k - 1] == timedelta(days=1) else 1
            longest = max(longest, run)
        current = run if days and today - days[-1] <= timedelta(days=1) else 0
        return UserStats(
            user_id=user_id, solves=totals["n"], best_seconds=totals["best"],
            average_seconds=totals["mean"], current_streak=current, longest_streak=longest,
        )  # fmt: skip


def _scope(daily_id: int, guild_id: int | None) -> tuple[str, list[object]]:
    if guild_id is None:
        return "daily_id = ?", [daily_id]
    return "daily_id = ? AND guild_id = ?", [daily_id, guild_id]


def _settings(row: aiosqlite.Row) -> GuildSettings:
    return GuildSettings(
        guild_id=row["guild_id"], channel_id=row["channel_id"],
        post_time=time.fromisoformat(row["post_time"]), timezone=row["timezone"],
        width=row["width"], height=row["height"], enabled=bool(row["enabled"]),
    )  # fmt: skip


async def _connect(path: str | Path) -> aiosqlite.Connection:
    connection = await aiosqlite.connect(path, isolation_level=None)
    connection.row_factory = aiosqlite.Row
    await connection.execute("PRAGMA foreign_keys = ON")
    await connection.execute("PRAGMA busy_timeout = 5000")
    await connection.execute("PRAGMA synchronous = FULL")
    return connection
