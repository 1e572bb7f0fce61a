"""``Storage`` on PostgreSQL through asyncpg, for several bot processes sharing one database.

Every method is one transaction on a pooled connection. ``change`` locks the game's row
(``SELECT … FOR UPDATE``) before it reads the state the rules see, so moves on one game from
any number of processes are applied one after the other: none is lost or doubled. Inserts
that may race (a puzzle, a daily, a claim, an interaction) rely on unique keys with
``ON CONFLICT DO NOTHING``: the first writer wins and every caller reads what it wrote.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import date, datetime, time
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit, urlunsplit

import asyncpg

from . import rows
from . import statements as sql
from .errors import StorageError, StorageUnusable
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
from .postgres_schema import STOCK_LOCK, migrate
from .puzzles import Puzzles
from .schema import NewPuzzle
from .statements import numbered as pg
from .storage import Clock, Codecs, GameNotFound, Rules, utc_now

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
    hidden = f"{parts.username or ''}:***@{host}"
    text = text.replace(url, urlunsplit(parts._replace(netloc=hidden)))
    for written in {password, unquote(password)}:
        text = text.replace(written, "***")
    return text


#: How long a statement, a wait for a locked row, and an idle open transaction may last.
COMMAND_TIMEOUT = 30.0
LOCK_TIMEOUT = "5s"
IDLE_TIMEOUT = "60s"


#: The game a change reads, its row locked (the puzzle's is never changed, so not locked).
_LOCK_GAME = pg(sql.CHANGING_GAME) + " FOR NO KEY UPDATE OF g"
#: Every write of a change in one statement: the game, the interaction that made it (none
#: when its id is NULL; a duplicate fails the whole statement) and its moves, in order.
_WRITE_CHANGE = pg(
    f"""WITH changed AS ({sql.UPDATE_GAME} RETURNING id),
    recorded AS (INSERT INTO interactions (id, game_id, at)
        SELECT CAST(? AS BIGINT), id, CAST(? AS TIMESTAMPTZ) FROM changed
        WHERE CAST(? AS BIGINT) IS NOT NULL)
    INSERT INTO moves (game_id, user_id, move, hint, at, version)
    SELECT changed.id, ?, m.move, ?, ?, ?
    FROM changed, unnest(CAST(? AS TEXT[])) WITH ORDINALITY AS m (move, k) ORDER BY m.k"""
)


def _write_arguments(writes: rows.Writes) -> tuple[object, ...]:
    """``_WRITE_CHANGE``'s arguments."""
    interaction, _, at = writes.interaction or (None, None, None)
    return (*writes.update, interaction, at, interaction, *writes.shared, list(writes.names))


async def _keep_session(connection: asyncpg.Connection) -> None:
    """A connection going back to the pool keeps its session as it is: nothing here changes
    a session's settings, listens or holds a lock past its transaction (advisory locks are
    transactions' own), so asyncpg's reset would only cost a round trip. (A transaction left
    open is still rolled back, by the pool itself.)"""


class Busy(StorageError):
    """A row stayed locked by another transaction for longer than ``LOCK_TIMEOUT``."""


class PostgresStorage:
    """The PostgreSQL implementation of ``db.storage.Storage`` (each method as documented
    there)."""

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], codecs: Codecs, clock: Clock) -> None:
        self._pool = pool
        self._codecs = codecs
        self._clock = clock
        self._puzzles = Puzzles()

    @classmethod
    async def open(
        cls, url: str, codecs: Codecs, *, clock: Clock = utc_now, connections: int = 10
    ) -> PostgresStorage:
        """Connect to the database at ``url`` and migrate it (once, whoever starts first);
        ``StorageUnusable`` if the server cannot be reached or refuses the connection."""
        try:
            pool = await cls._new_pool(url, connections)
        except (
            OSError, TimeoutError, ValueError, OverflowError, asyncpg.PostgresError,
            asyncpg.InterfaceError,
        ) as error:  # fmt: skip
            where = without_password(url, url)
            raise StorageUnusable(
                f"the PostgreSQL database at {where} cannot be reached "
                f"({type(error).__name__}: {without_password(str(error), url)})."
            ) from error
        try:
            async with pool.acquire() as connection:
                await migrate(connection)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, codecs, clock)

    @staticmethod
    async def _new_pool(url: str, connections: int) -> asyncpg.Pool:
        return await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=connections,
            command_timeout=COMMAND_TIMEOUT,
            # A move waits for its game's row only so long, and a transaction left open by
            # a frozen process is ended, so one stuck peer cannot stall everyone.
            server_settings={
                "lock_timeout": LOCK_TIMEOUT,
                "idle_in_transaction_session_timeout": IDLE_TIMEOUT,
            },
            reset=_keep_session,
        )

    async def close(self) -> None:
        """Close every pooled connection."""
        await self._pool.close()

    async def __aenter__(self) -> PostgresStorage:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
        # Read committed, whatever the server's default: every "insert, do nothing on a
        # conflict, then read" here relies on seeing the rival's committed row.
        async with self._pool.acquire() as connection:
            try:
                async with connection.transaction(isolation="read_committed"):
                    yield connection
            except asyncpg.LockNotAvailableError:
                raise Busy("That board is busy right now: try again in a moment.") from None

    def _game(self, row: asyncpg.Record) -> Game:
        return rows.game(row, self._codecs)

    def _games(self, found: Iterable[asyncpg.Record]) -> list[Game]:
        return [self._game(row) for row in found]

    # -- puzzles ----------------------------------------------------------------------------

    async def store_puzzle(self, puzzle: NewPuzzle) -> PuzzleRecord:
        async with self._transaction() as db:
            return await self._store_puzzle(db, puzzle)

    async def _store_puzzle(self, db: Connection, puzzle: NewPuzzle) -> PuzzleRecord:
        await self._insert_puzzle(db, puzzle)
        row = await db.fetchrow(pg(sql.PUZZLE), puzzle.kind, puzzle.params, puzzle.seed)
        assert row is not None
        return rows.puzzle(row)

    async def puzzle(self, kind: str, params: str, seed: str) -> PuzzleRecord | None:
        row = await self._pool.fetchrow(pg(sql.PUZZLE), kind, params, seed)
        return rows.puzzle(row) if row else None

    async def _insert_puzzle(self, db: Connection, puzzle: NewPuzzle) -> bool:
        """Store a puzzle unless stored before; True if it is new."""
        status: str = await db.execute(
            pg(sql.STORE_PUZZLE),
            puzzle.kind, puzzle.params, puzzle.seed, puzzle.width, puzzle.height,
            puzzle.description, puzzle.solution, puzzle.par, puzzle.difficulty,
            puzzle.generator, self._clock(),
        )  # fmt: skip
        return status == "INSERT 0 1"

    async def stock_puzzle(self, puzzle: NewPuzzle, limit: int) -> bool:
        async with self._transaction() as db:
            # Counted and added by one process at a time, so no preset outgrows its limit.
            await db.execute("SELECT pg_advisory_xact_lock($1, $2)", *STOCK_LOCK)
            stocked = await db.fetchval(pg(sql.STOCKED), puzzle.kind, puzzle.params)
            if stocked >= limit or not await self._insert_puzzle(db, puzzle):
                return False
            await db.execute(
                pg(sql.STOCK_PUZZLE), self._clock(), puzzle.kind, puzzle.params, puzzle.seed
            )
            return True

    async def take_stocked(self, kind: str, params: str, generator: str) -> PuzzleRecord | None:
        async with self._transaction() as db:
            await db.execute(pg(sql.UNSTOCK_PLAYED), kind, params, generator)
            taken = await db.fetchval(
                pg(sql.TAKE_STOCKED.format(skip=" FOR UPDATE SKIP LOCKED")), kind, params
            )
            if taken is None:
                return None
            row = await db.fetchrow(pg(sql.PUZZLE_BY_ID), taken)
        assert row is not None
        return rows.puzzle(row)

    async def stock_counts(self) -> dict[tuple[str, str], int]:
        found = await self._pool.fetch(pg(sql.STOCK_COUNTS))
        return {(r["kind"], r["params"]): r["n"] for r in found}

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
                # One transaction at a time per interaction id, so a redelivery waits for
                # the first delivery's game and then finds it.
                await db.execute("SELECT pg_advisory_xact_lock($1)", interaction_id)
                done = await db.fetchval(pg(sql.INTERACTION_GAME), interaction_id)
                if done is not None:
                    return await self._must_game(db, done)
            create, existing, mine = rows.one_game(mode, owner_id, puzzle.id, daily_id)
            game_id = await db.fetchval(
                pg(create),
                puzzle.id, self._codecs[puzzle.kind].encode_state(state), owner_id, mode,
                guild_id, channel_id, daily_id, self._clock(), day_ends, owner_id,
            )  # fmt: skip
            if game_id is None:  # the player's game of this daily (or archive), made before
                game_id = await db.fetchval(pg(existing), *mine)
            if interaction_id is not None:
                await db.execute(pg(sql.RECORD_INTERACTION), interaction_id, game_id, self._clock())
            return await self._must_game(db, game_id)

    async def _must_game(self, db: Connection, game_id: int) -> Game:
        row = await db.fetchrow(pg(sql.GAME), game_id)
        if row is None:
            raise GameNotFound("That game does not exist (any more).")
        return self._game(row)

    async def game(self, game_id: int) -> Game | None:
        row = await self._pool.fetchrow(pg(sql.GAME), game_id)
        return self._game(row) if row else None

    async def set_game_message(
        self, game_id: int, channel_id: int | None, message_id: int | None
    ) -> None:
        await self._pool.execute(pg(sql.SET_GAME_MESSAGE), channel_id, message_id, game_id)

    async def unfinished_games(self, owner_id: int, channel_id: int | None = None) -> list[Game]:
        found = await self._pool.fetch(pg(sql.UNFINISHED_GAMES), owner_id, channel_id, channel_id)
        return self._games(found)

    async def daily_game(self, owner_id: int, daily_id: int) -> Game | None:
        row = await self._pool.fetchrow(pg(sql.DAILY_GAME), owner_id, daily_id)
        return self._game(row) if row else None

    async def archive_game(self, owner_id: int, puzzle_id: int) -> Game | None:
        row = await self._pool.fetchrow(pg(sql.ARCHIVE_GAME), owner_id, puzzle_id)
        return self._game(row) if row else None

    async def race_games(self, puzzle_id: int) -> list[Game]:
        return [self._game(row) for row in await self._pool.fetch(pg(sql.RACE_GAMES), puzzle_id)]

    async def open_game(self, game_id: int) -> None:
        await self._pool.execute(pg(sql.OPEN_GAME), game_id)

    async def last_opened(self, owner_id: int, kind: str, *, playing: bool = False) -> Game | None:
        statement = sql.LAST_OPENED_PLAYING if playing else sql.LAST_OPENED
        row = await self._pool.fetchrow(pg(statement), owner_id, kind)
        return self._game(row) if row else None

    async def last_played(self, owner_id: int, kind: str) -> int | None:
        found: int | None = await self._pool.fetchval(pg(sql.LAST_PLAYED), owner_id, kind)
        return found

    async def own_boards(self, owner_id: int, kind: str) -> dict[str, int]:
        found = await self._pool.fetch(pg(sql.OWN_BOARDS), owner_id, kind)
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
        """Change a game (see ``Storage.change``) in one transaction that first locks the
        game's row, so changes from every process apply one after the other: the game read
        with its interaction's dedupe, then one statement for every write."""
        try:
            async with self._transaction() as db:
                row = await db.fetchrow(_LOCK_GAME, interaction_id, game_id)
                if row is None:
                    raise GameNotFound("That game does not exist (any more).")
                puzzle = await self._puzzle_by_id(db, row["puzzle_id"])
                game = rows.game_of(row, puzzle, self._codecs)
                if row["seen"] is not None:
                    return Changed(game, applied=False)
                rows.check_playable(game, expected_version)
                now = self._clock()
                change = rules(game, now)
                writes = rows.change_writes(
                    game, user_id, change, now, self._codecs, interaction_id
                )
                await db.execute(_WRITE_CHANGE, *_write_arguments(writes))
                if writes.result is not None:
                    await db.execute(pg(sql.ADD_RESULT), *writes.result)
                after = rows.changed(game, change, now)
                return Changed(after, applied=True, context=change.context)
        except asyncpg.UniqueViolationError as error:
            if error.table_name != "interactions":
                raise
        # The same interaction, delivered again at once, was applied while this one waited
        # for the game's row (read before that commit): nothing was written here.
        again = await self.game(game_id)
        assert again is not None
        return Changed(again, applied=False)

    async def _puzzle_by_id(self, db: Connection, puzzle_id: int) -> PuzzleRecord:
        found = self._puzzles.get(puzzle_id)
        if found is None:
            row = await db.fetchrow(pg(sql.PUZZLE_BY_ID), puzzle_id)
            assert row is not None  # a game's puzzle is never deleted
            found = self._puzzles.keep(rows.puzzle(row))
        return found

    async def moves(self, game_id: int) -> list[MoveRecord]:
        return [rows.move(row) for row in await self._pool.fetch(pg(sql.MOVES), game_id)]

    async def movers(self, game_id: int) -> list[tuple[int, int]]:
        found = await self._pool.fetch(pg(sql.MOVERS), game_id)
        return [(row["user_id"], row["moves"]) for row in found]

    # -- servers and daily posts ------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings | None:
        found = rows.settings(await self._pool.fetch(pg(sql.GUILD_SETTINGS), guild_id))
        return found[0] if found else None

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        rows.check_settings(settings)
        async with self._transaction() as db:
            await db.execute(
                pg(sql.SAVE_GUILD_SETTINGS),
                settings.guild_id, settings.channel_id, settings.post_time, settings.timezone,
                settings.enabled, settings.configured_by, settings.failures, settings.paused,
                settings.role_id, settings.activity, settings.recap, self._clock(),
            )  # fmt: skip
            await db.executemany(
                pg(sql.SAVE_DAILY_KIND),
                [
                    (
                        settings.guild_id,
                        daily.kind,
                        daily.choice,
                        daily.posted,
                        daily.position,
                        daily.since,
                        daily.previous,
                    )
                    for daily in settings.dailies
                ],
            )

    async def set_post_state(self, guild_id: int, failures: int, paused: str | None) -> None:
        await self._pool.execute(pg(sql.SET_POST_STATE), failures, paused, guild_id)

    async def enabled_guilds(self) -> list[GuildSettings]:
        return rows.settings(await self._pool.fetch(pg(sql.ENABLED_GUILDS)))

    async def ensure_daily_puzzle(self, day: date, puzzle: NewPuzzle) -> DailyPuzzle:
        async with self._transaction() as db:
            stored = await self._store_puzzle(db, puzzle)
            await db.execute(
                pg(sql.STORE_DAILY), day, stored.kind, stored.params, stored.id, self._clock()
            )
            row = await db.fetchrow(pg(sql.DAILY_PUZZLE), day, stored.kind, stored.params)
        assert row is not None
        return rows.daily(row)

    async def daily_puzzle(self, day: date, kind: str, params: str) -> DailyPuzzle | None:
        row = await self._pool.fetchrow(pg(sql.DAILY_PUZZLE), day, kind, params)
        return rows.daily(row) if row else None

    async def daily_puzzle_by_id(self, daily_id: int) -> DailyPuzzle | None:
        row = await self._pool.fetchrow(pg(sql.DAILY_PUZZLE_BY_ID), daily_id)
        return rows.daily(row) if row else None

    async def daily_of_puzzle(self, puzzle_id: int) -> DailyPuzzle | None:
        row = await self._pool.fetchrow(pg(sql.DAILY_OF_PUZZLE), puzzle_id)
        return rows.daily(row) if row else None

    async def dailies_here(
        self, kind: str, guild_id: int | None, first: date, last: date, limit: int = 100
    ) -> list[DailyPuzzle]:
        found = await self._pool.fetch(
            pg(sql.DAILIES_HERE), kind, first, last, guild_id, guild_id, guild_id, limit
        )
        return [rows.daily(row) for row in found]

    # -- races ------------------------------------------------------------------------------

    async def create_race(
        self, puzzle_id: int, host_id: int, guild_id: int, channel_id: int
    ) -> Race:
        now = self._clock()
        async with self._transaction() as db:
            made = await db.fetchval(
                pg(sql.CREATE_RACE), puzzle_id, host_id, guild_id, channel_id, now
            )
            await db.execute(pg(sql.JOIN_RACE), made, host_id, now, made, made, 1)
        race = await self.race(made)
        assert race is not None
        return race

    async def _race(self, row: asyncpg.Record | None) -> Race | None:
        if row is None:
            return None
        return rows.race(row, await self._pool.fetch(pg(sql.RACE_PLAYERS), row["id"]))

    async def race(self, race_id: int) -> Race | None:
        return await self._race(await self._pool.fetchrow(pg(sql.RACE), race_id))

    async def race_of_puzzle(self, puzzle_id: int) -> Race | None:
        return await self._race(await self._pool.fetchrow(pg(sql.RACE_OF_PUZZLE), puzzle_id))

    async def races_running(self, since_before: datetime) -> list[Race]:
        found = await self._pool.fetch(pg(sql.RACES_RUNNING), since_before)
        return [r for row in found if (r := await self._race(row)) is not None]

    async def join_race(self, race_id: int, user_id: int, cap: int) -> bool:
        async with self._transaction() as db:
            # The race's row locked first: players joining at once are counted one by one.
            await db.execute("SELECT id FROM races WHERE id = $1 FOR UPDATE", race_id)
            joined = await db.fetchval(
                pg(sql.JOIN_RACE), race_id, user_id, self._clock(), race_id, race_id, cap
            )
        return joined is not None

    async def leave_race(self, race_id: int, user_id: int) -> bool:
        async with self._transaction() as db:
            await db.execute("SELECT id FROM races WHERE id = $1 FOR UPDATE", race_id)
            left = await db.fetchval(pg(sql.LEAVE_RACE), race_id, user_id, race_id)
        return left is not None

    async def set_race_message(self, race_id: int, message_id: int) -> None:
        await self._pool.execute(pg(sql.SET_RACE_MESSAGE), message_id, race_id)

    async def start_race(self, race_id: int) -> bool:
        async with self._transaction() as db:
            await db.execute("SELECT id FROM races WHERE id = $1 FOR UPDATE", race_id)
            started = await db.fetchval(pg(sql.START_RACE), self._clock(), race_id)
        return started is not None

    async def end_race(self, race_id: int) -> bool:
        ended = await self._pool.fetchval(pg(sql.END_RACE), self._clock(), race_id)
        return ended is not None

    async def claim_daily_post(
        self,
        guild_id: int,
        day: date,
        daily_id: int,
        channel_id: int,
    ) -> bool:
        claimed = await self._pool.fetchval(
            pg(sql.CLAIM_POST), guild_id, day, daily_id, channel_id, self._clock()
        )
        return claimed is not None

    async def reclaim_daily_post(self, guild_id: int, day: date, stale_before: datetime) -> bool:
        taken = await self._pool.fetchval(
            pg(sql.RECLAIM_POST), self._clock(), guild_id, day, stale_before
        )
        return taken is not None

    async def set_daily_post_message(self, guild_id: int, day: date, message_id: int) -> None:
        await self._pool.execute(pg(sql.SET_POST_MESSAGE), message_id, guild_id, day)

    async def daily_post(self, guild_id: int, day: date) -> DailyPost | None:
        row = await self._pool.fetchrow(pg(sql.DAILY_POST), guild_id, day)
        return rows.post(row) if row else None

    # -- reminders ---------------------------------------------------------------------------

    async def set_reminder(self, guild_id: int, user_id: int, at: time | None) -> None:
        if at is None:
            await self._pool.execute(pg(sql.DROP_REMINDER), guild_id, user_id)
        else:
            await self._pool.execute(pg(sql.SET_REMINDER), guild_id, user_id, at, self._clock())

    async def reminder(self, guild_id: int, user_id: int) -> Reminder | None:
        row = await self._pool.fetchrow(pg(sql.REMINDER), guild_id, user_id)
        return rows.reminder(row) if row else None

    async def undecided_reminders(self, guild_id: int, day: date) -> list[Reminder]:
        found = await self._pool.fetch(pg(sql.UNDECIDED_REMINDERS), guild_id, day)
        return [rows.reminder(row) for row in found]

    async def daily_kinds_played(self, user_id: int, guild_id: int, first: date) -> dict[str, date]:
        found = await self._pool.fetch(pg(sql.DAILY_KINDS_PLAYED), user_id, guild_id, first)
        return {row["kind"]: row["last"] for row in found}

    async def claim_reminder(
        self, guild_id: int, user_id: int, day: date, kinds: Sequence[str], state: ReminderState
    ) -> bool:
        claimed = await self._pool.fetchval(
            pg(sql.CLAIM_REMINDER), guild_id, user_id, day, " ".join(kinds), state, self._clock()
        )
        return claimed is not None

    async def reclaim_reminders(
        self, guild_id: int, day: date, stale_before: datetime
    ) -> dict[int, list[str]]:
        taken = await self._pool.fetch(
            pg(sql.RECLAIM_REMINDERS), self._clock(), guild_id, day, stale_before
        )
        return {row["user_id"]: row["kinds"].split() for row in taken}

    async def set_reminder_state(
        self, guild_id: int, user_id: int, day: date, state: ReminderState
    ) -> None:
        await self._pool.execute(pg(sql.SET_REMINDER_STATE), state, guild_id, user_id, day)

    async def held_reminders(self, guild_id: int, day: date) -> list[int]:
        found = await self._pool.fetch(pg(sql.HELD_REMINDERS), guild_id, day)
        return [row["user_id"] for row in found]

    async def take_held_reminder(self, guild_id: int, user_id: int, day: date) -> list[str] | None:
        kinds = await self._pool.fetchval(pg(sql.TAKE_HELD_REMINDER), guild_id, user_id, day)
        return kinds.split() if kinds is not None else None

    async def claim_recap(
        self, guild_id: int, day: date, channel_id: int, stale_before: datetime
    ) -> bool:
        fetch, when = self._pool.fetchval, self._clock()
        taken = await fetch(pg(sql.CLAIM_RECAP), guild_id, day, channel_id, when) or await fetch(
            pg(sql.RECLAIM_RECAP), when, guild_id, day, stale_before
        )
        return taken is not None

    async def set_recap_message(self, guild_id: int, day: date, message_id: int) -> None:
        await self._pool.execute(pg(sql.SET_RECAP_MESSAGE), message_id, guild_id, day)

    async def daily_players(self, daily_id: int, guild_id: int) -> int:
        return int(await self._pool.fetchval(pg(sql.DAILY_PLAYERS), daily_id, guild_id))

    # -- the Activity's launches -------------------------------------------------------------

    async def remember_launch(
        self,
        user_id: int,
        kind: str,
        daily_id: int | None,
        guild_id: int | None,
        channel_id: int | None,
    ) -> Launch:
        row = await self._pool.fetchrow(
            pg(sql.REMEMBER_LAUNCH), user_id, kind, daily_id, guild_id, channel_id, self._clock()
        )
        assert row is not None
        return rows.launch(row)

    async def last_launch(self, user_id: int) -> Launch | None:
        row = await self._pool.fetchrow(pg(sql.LAST_LAUNCH), user_id)
        return rows.launch(row) if row else None

    # -- the deployment's own values ---------------------------------------------------------

    async def deployment_value(self, key: str, default: str) -> str:
        async with self._transaction() as db:
            await db.execute(pg(sql.STORE_VALUE), key, default)
            value = await db.fetchval(pg(sql.VALUE), key)
        return str(value)

    # -- results ----------------------------------------------------------------------------

    async def result(self, daily_id: int, user_id: int) -> Result | None:
        row = await self._pool.fetchrow(pg(sql.RESULT), daily_id, user_id)
        return rows.result(row) if row else None

    async def results(self, daily_id: int, guild_id: int | None = None) -> list[Result]:
        found = await self._pool.fetch(pg(sql.DAILY_RESULTS), daily_id, guild_id, guild_id)
        return [rows.result(row) for row in found]

    async def results_between(
        self, first: date, last: date, guild_id: int | None = None
    ) -> list[Result]:
        found = await self._pool.fetch(pg(sql.RESULTS_BETWEEN), first, last, guild_id, guild_id)
        return [rows.result(row) for row in found]

    async def user_results(self, user_id: int) -> list[Result]:
        return [rows.result(row) for row in await self._pool.fetch(pg(sql.USER_RESULTS), user_id)]

    async def user_daily_games(self, user_id: int) -> list[DailyPlay]:
        found = await self._pool.fetch(pg(sql.USER_DAILY_GAMES), user_id)
        return [rows.daily_play(row) for row in found]
