"""``Storage`` on PostgreSQL through asyncpg, for several bot processes sharing one database.

Every method is one transaction on a pooled connection. ``change`` locks the game's row
(``SELECT … FOR UPDATE``) before it reads the state the rules see, so moves on one game from
any number of processes are applied one after the other: none is lost or doubled. Inserts
that may race (a puzzle, a daily, a claim, an interaction) rely on unique keys with
``ON CONFLICT DO NOTHING``: the first writer wins and every caller reads what it wrote.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from datetime import date, datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit, urlunsplit

import asyncpg

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
from .postgres_schema import migrate
from .schema import NewPuzzle
from .sqlite import Clock, utc_now
from .storage import Codecs, GameFinished, GameNotFound, Rules, StaleGame

if TYPE_CHECKING:
    from .postgres_schema import Connection


def is_postgres_url(where: object) -> bool:
    """Whether ``where`` names a PostgreSQL database (a ``postgresql://`` URL)."""
    return isinstance(where, str) and where.startswith(("postgresql://", "postgres://"))


def without_password(text: str, url: str) -> str:
    """``text`` (a URL, a message) with the password of ``url`` replaced by ``***``."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return text
    if not password:
        return text
    host = parts.netloc.rpartition("@")[2]
    text = text.replace(url, urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}")))
    for written in {password, unquote(password)}:
        text = text.replace(written, "***")
    return text


class PostgresStorage:
    """The PostgreSQL implementation of ``db.storage.Storage``."""

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], codecs: Codecs, clock: Clock) -> None:
        self._pool = pool
        self._codecs = codecs
        self._clock = clock

    @classmethod
    async def open(
        cls, url: str, codecs: Codecs, *, clock: Clock = utc_now, connections: int = 10
    ) -> PostgresStorage:
        """Connect to the database at ``url`` and migrate it (once, whoever starts first)."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=connections)
        try:
            async with pool.acquire() as connection:
                await migrate(connection)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, codecs, clock)

    async def close(self) -> None:
        """Close every pooled connection."""
        await self._pool.close()

    async def __aenter__(self) -> PostgresStorage:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
        async with self._pool.acquire() as connection, connection.transaction():
            yield connection

    def _game(self, row: asyncpg.Record) -> Game:
        return rows.game(row, self._codecs)

    def _games(self, found: Iterable[asyncpg.Record]) -> list[Game]:
        return [self._game(row) for row in found]

    # -- puzzles ----------------------------------------------------------------------------

    async def store_puzzle(self, puzzle: NewPuzzle) -> PuzzleRecord:
        """Store a generated puzzle; the first one stored for its kind, parameters and seed
        stays, and is what every caller gets back."""
        async with self._transaction() as db:
            return await self._store_puzzle(db, puzzle)

    async def _store_puzzle(self, db: Connection, puzzle: NewPuzzle) -> PuzzleRecord:
        await db.execute(
            """INSERT INTO puzzles (kind, params, seed, width, height, description, solution,
               par, difficulty, generator, created_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING""",
            puzzle.kind, puzzle.params, puzzle.seed, puzzle.width, puzzle.height,
            puzzle.description, puzzle.solution, puzzle.par, puzzle.difficulty,
            puzzle.generator, self._clock(),
        )  # fmt: skip
        stored = await self._puzzle(db, puzzle.kind, puzzle.params, puzzle.seed)
        assert stored is not None
        return stored

    async def puzzle(self, kind: str, params: str, seed: str) -> PuzzleRecord | None:
        """The stored puzzle of a kind, parameters and seed, or None."""
        async with self._pool.acquire() as db:
            return await self._puzzle(db, kind, params, seed)

    async def _puzzle(
        self, db: Connection, kind: str, params: str, seed: str
    ) -> PuzzleRecord | None:
        row = await db.fetchrow(
            f"SELECT {rows.PUZZLE_COLUMNS} FROM puzzles p "
            "WHERE p.kind = $1 AND p.params = $2 AND p.seed = $3",
            kind,
            params,
            seed,
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
                # One transaction at a time per interaction id, so a redelivery waits for
                # the first delivery's game and then finds it.
                await db.execute("SELECT pg_advisory_xact_lock($1)", interaction_id)
                done = await db.fetchval(
                    "SELECT game_id FROM interactions WHERE id = $1", interaction_id
                )
                if done is not None:
                    return await self._must_game(db, done)
            game_id = await db.fetchval(
                """INSERT INTO games (puzzle_id, state, owner_id, mode, guild_id, channel_id,
                   daily_id, started_at, day_ends) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                   ON CONFLICT (owner_id, daily_id) WHERE daily_id IS NOT NULL DO NOTHING
                   RETURNING id""",
                puzzle.id, self._codecs[puzzle.kind].encode_state(state), owner_id, mode,
                guild_id, channel_id, daily_id, self._clock(), day_ends,
            )  # fmt: skip
            if game_id is None:
                game_id = await db.fetchval(
                    "SELECT id FROM games WHERE owner_id = $1 AND daily_id = $2",
                    owner_id,
                    daily_id,
                )
            if interaction_id is not None:
                await db.execute(
                    "INSERT INTO interactions (id, game_id, at) VALUES ($1, $2, $3)",
                    interaction_id,
                    game_id,
                    self._clock(),
                )
            return await self._must_game(db, game_id)

    async def _must_game(self, db: Connection, game_id: int) -> Game:
        row = await db.fetchrow(f"{rows.GAMES} WHERE g.id = $1", game_id)
        if row is None:
            raise GameNotFound("That game does not exist (any more).")
        return self._game(row)

    async def game(self, game_id: int) -> Game | None:
        """The game with that id, or None."""
        row = await self._pool.fetchrow(f"{rows.GAMES} WHERE g.id = $1", game_id)
        return self._game(row) if row else None

    async def set_game_message(
        self, game_id: int, channel_id: int | None, message_id: int | None
    ) -> None:
        """Remember which message shows the game (None: no message does any more)."""
        await self._pool.execute(
            "UPDATE games SET channel_id = $1, message_id = $2 WHERE id = $3",
            channel_id,
            message_id,
            game_id,
        )

    async def unfinished_games(self, owner_id: int, channel_id: int | None = None) -> list[Game]:
        """The owner's games still being played (in one channel, if given), newest first."""
        found = await self._pool.fetch(
            f"{rows.GAMES} WHERE g.owner_id = $1 AND g.outcome = 'playing' "
            "AND ($2::BIGINT IS NULL OR g.channel_id = $2) ORDER BY g.id DESC",
            owner_id,
            channel_id,
        )
        return self._games(found)

    async def daily_game(self, owner_id: int, daily_id: int) -> Game | None:
        """The owner's game of a daily puzzle, or None."""
        row = await self._pool.fetchrow(
            f"{rows.GAMES} WHERE g.owner_id = $1 AND g.daily_id = $2", owner_id, daily_id
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
        """Change a game in one transaction: lock its row and load it, let ``rules`` compute
        the change from exactly that state, check the version, then write state, moves,
        counters, outcome and result together. An interaction already applied changes
        nothing again."""
        async with self._transaction() as db:
            row = await db.fetchrow(f"{rows.GAMES} WHERE g.id = $1 FOR UPDATE OF g", game_id)
            if row is None:
                raise GameNotFound("That game does not exist (any more).")
            game = self._game(row)
            if interaction_id is not None:
                recorded = await db.fetchval(
                    """INSERT INTO interactions (id, game_id, at) VALUES ($1, $2, $3)
                       ON CONFLICT DO NOTHING RETURNING id""",
                    interaction_id,
                    game_id,
                    self._clock(),
                )
                if recorded is None:
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
            await db.execute(
                """UPDATE games SET state = $1, turns = turns + $2, hints = hints + $3,
                   version = version + 1, outcome = $4, finished_at = $5 WHERE id = $6""",
                self._codecs[game.kind].encode_state(change.state),
                change.turns,
                change.hints,
                change.outcome,
                now if change.outcome != "playing" else None,
                game_id,
            )
            await db.executemany(
                "INSERT INTO moves (game_id, user_id, move, hint, at) VALUES ($1, $2, $3, $4, $5)",
                [(game_id, user_id, move, change.hints > 0, now) for move in change.moves],
            )
            if change.result is not None and game.daily_id is not None:
                await db.execute(
                    """INSERT INTO results (daily_id, user_id, guild_id, game_id, seconds,
                       turns, hints, solved_at, late) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                       ON CONFLICT DO NOTHING""",
                    game.daily_id, game.owner_id, game.guild_id, game_id,
                    change.result.seconds, change.result.turns, change.result.hints, now,
                    change.result.late,
                )  # fmt: skip
            return Changed(rows.changed(game, change, now), applied=True)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """Every move of a game, in order."""
        found = await self._pool.fetch(
            "SELECT * FROM moves WHERE game_id = $1 ORDER BY id", game_id
        )
        return [rows.move(row) for row in found]

    # -- servers and daily posts ------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings | None:
        """A server's daily settings, or None if it never ran setup."""
        row = await self._pool.fetchrow(
            "SELECT * FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return rows.settings(row) if row else None

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Create or replace a server's daily settings."""
        await self._pool.execute(
            """INSERT INTO guild_settings (guild_id, channel_id, post_time, timezone, width,
               height, enabled, configured_by, failures, paused, role_id, size_from,
               previous_width, previous_height, level, previous_level, updated_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
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
            settings.guild_id, settings.channel_id, settings.post_time, settings.timezone,
            settings.width, settings.height, settings.enabled, settings.configured_by,
            settings.failures, settings.paused, settings.role_id, settings.size_from,
            settings.previous_width, settings.previous_height, settings.level,
            settings.previous_level, self._clock(),
        )  # fmt: skip

    async def set_post_state(self, guild_id: int, failures: int, paused: str | None) -> None:
        """Record a server's failed posts in a row and why its daily is paused (if it is),
        leaving the rest of its settings as they are."""
        await self._pool.execute(
            "UPDATE guild_settings SET failures = $1, paused = $2 WHERE guild_id = $3",
            failures,
            paused,
            guild_id,
        )

    async def enabled_guilds(self) -> list[GuildSettings]:
        """Servers whose daily post is on."""
        found = await self._pool.fetch(
            "SELECT * FROM guild_settings WHERE enabled ORDER BY guild_id"
        )
        return [rows.settings(row) for row in found]

    async def ensure_daily_puzzle(self, day: date, puzzle: NewPuzzle) -> DailyPuzzle:
        """The daily puzzle of a date, kind and parameters, stored on first use (first
        writer wins: every caller gets the stored one)."""
        async with self._transaction() as db:
            stored = await self._store_puzzle(db, puzzle)
            await db.execute(
                """INSERT INTO daily_puzzles (date, kind, params, puzzle_id, created_at)
                   VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING""",
                day,
                stored.kind,
                stored.params,
                stored.id,
                self._clock(),
            )
            found = await self._daily_puzzle(db, day, stored.kind, stored.params)
        assert found is not None
        return found

    async def daily_puzzle(self, day: date, kind: str, params: str) -> DailyPuzzle | None:
        """The stored daily puzzle of a date, kind and parameters, or None."""
        async with self._pool.acquire() as db:
            return await self._daily_puzzle(db, day, kind, params)

    async def _daily_puzzle(
        self, db: Connection, day: date, kind: str, params: str
    ) -> DailyPuzzle | None:
        row = await db.fetchrow(
            f"{rows.DAILIES} WHERE d.date = $1 AND d.kind = $2 AND d.params = $3",
            day,
            kind,
            params,
        )
        return rows.daily(row) if row else None

    async def daily_puzzle_by_id(self, daily_id: int) -> DailyPuzzle | None:
        """The daily puzzle with that id, or None."""
        row = await self._pool.fetchrow(f"{rows.DAILIES} WHERE d.id = $1", daily_id)
        return rows.daily(row) if row else None

    async def claim_daily_post(
        self,
        guild_id: int,
        day: date,
        daily_id: int,
        channel_id: int,
    ) -> bool:
        """Claim a server's post for a date. True for exactly one caller, ever: whoever gets
        True posts, so restarts and rival processes never post twice."""
        claimed = await self._pool.fetchval(
            """INSERT INTO daily_posts (guild_id, date, daily_id, channel_id, claimed_at)
               VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING guild_id""",
            guild_id,
            day,
            daily_id,
            channel_id,
            self._clock(),
        )
        return claimed is not None

    async def reclaim_daily_post(self, guild_id: int, day: date, stale_before: datetime) -> bool:
        """Take over a claim that never got its message (its poster died) if it was made
        before ``stale_before``; True for exactly one caller."""
        taken = await self._pool.fetchval(
            """UPDATE daily_posts SET claimed_at = $1 WHERE guild_id = $2 AND date = $3
               AND message_id IS NULL AND claimed_at < $4 RETURNING guild_id""",
            self._clock(),
            guild_id,
            day,
            stale_before,
        )
        return taken is not None

    async def set_daily_post_message(self, guild_id: int, day: date, message_id: int) -> None:
        """Record the message that carries a claimed post."""
        await self._pool.execute(
            "UPDATE daily_posts SET message_id = $1 WHERE guild_id = $2 AND date = $3",
            message_id,
            guild_id,
            day,
        )

    async def daily_post(self, guild_id: int, day: date) -> DailyPost | None:
        """A server's post of a date, or None."""
        row = await self._pool.fetchrow(
            "SELECT * FROM daily_posts WHERE guild_id = $1 AND date = $2", guild_id, day
        )
        return rows.post(row) if row else None

    # -- the deployment's own values ---------------------------------------------------------

    async def deployment_value(self, key: str, default: str) -> str:
        """The deployment's value of ``key``; ``default`` is stored on first use, and the
        value stored first is what every caller gets."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO deployment (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                key,
                default,
            )
            value = await db.fetchval("SELECT value FROM deployment WHERE key = $1", key)
        return str(value)

    # -- results ----------------------------------------------------------------------------

    async def result(self, daily_id: int, user_id: int) -> Result | None:
        """A user's result on a daily puzzle, or None."""
        row = await self._pool.fetchrow(
            f"{rows.RESULTS} WHERE r.daily_id = $1 AND r.user_id = $2", daily_id, user_id
        )
        return rows.result(row) if row else None

    async def results(self, daily_id: int, guild_id: int | None = None) -> list[Result]:
        """Every result of a daily puzzle, in one server or (guild_id None) everywhere."""
        found = await self._pool.fetch(
            f"{rows.RESULTS} WHERE r.daily_id = $1 AND ($2::BIGINT IS NULL OR r.guild_id = $2)",
            daily_id,
            guild_id,
        )
        return [rows.result(row) for row in found]

    async def results_between(
        self, first: date, last: date, guild_id: int | None = None
    ) -> list[Result]:
        """Every daily result of puzzle dates ``first`` to ``last`` (both included), in one
        server or (guild_id None) everywhere."""
        found = await self._pool.fetch(
            f"{rows.RESULTS} WHERE d.date BETWEEN $1 AND $2 "
            "AND ($3::BIGINT IS NULL OR r.guild_id = $3)",
            first,
            last,
            guild_id,
        )
        return [rows.result(row) for row in found]

    async def user_results(self, user_id: int) -> list[Result]:
        """Every daily result of a user, oldest puzzle date first."""
        found = await self._pool.fetch(
            f"{rows.RESULTS} WHERE r.user_id = $1 ORDER BY d.date", user_id
        )
        return [rows.result(row) for row in found]
