"""Copy a SQLite database into an empty PostgreSQL database: every row of every table, ids
kept, in one PostgreSQL transaction (all or nothing).

Both are first brought to the newest schema (the SQLite file in place, as the bot would on
start). The target must hold no data: a copy never merges. SQLite's text instants, ISO dates,
'HH:MM' times and 0/1 flags become PostgreSQL's types, read from the target's own columns;
afterwards each identity sequence continues after the largest copied id.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiosqlite
import asyncpg

from . import rows
from .errors import StorageError
from .postgres_schema import migrate as migrate_postgres
from .schema import LegacyPuzzles
from .schema import migrate as migrate_sqlite

if TYPE_CHECKING:
    from .postgres_schema import Connection

#: Every table, each after the tables it refers to.
TABLES = (
    "guild_settings", "daily_kinds", "deployment", "puzzles", "daily_puzzles", "daily_posts",
    "games", "moves", "results", "interactions", "launches", "reminders", "reminders_sent",
    "races", "race_players", "daily_recaps",
)  # fmt: skip
#: The tables whose ``id`` is an identity column.
IDENTITIES = ("puzzles", "daily_puzzles", "games", "moves", "races")


class CopyRefused(StorageError):
    """The copy was not made (nothing was written); the message says why."""


def _instant(value: str | datetime) -> datetime:
    stored = rows.moment(value)
    # SQLite's datetime('now') (schema 2's upgrade) writes UTC without an offset.
    return stored if stored.tzinfo else stored.replace(tzinfo=UTC)


#: How a SQLite value becomes the value of a PostgreSQL column of each type (others as is).
CONVERT: dict[str, Callable[[Any], Any]] = {
    "timestamp with time zone": _instant,
    "date": rows.day,
    "time without time zone": rows.clock_time,
    "boolean": bool,
    "double precision": float,
}


async def copy_sqlite_to_postgres(
    source: str | Path, url: str, *, legacy: LegacyPuzzles | None = None
) -> dict[str, int]:
    """Copy the SQLite database at ``source`` into the empty PostgreSQL database at ``url``;
    returns the rows copied per table. ``legacy`` is needed to upgrade a schema-1 file."""
    if not Path(source).is_file():
        raise CopyRefused(f"There is no SQLite database at {source}.")
    async with aiosqlite.connect(source, isolation_level=None) as sqlite:
        await sqlite.execute("PRAGMA busy_timeout = 5000")
        await migrate_sqlite(sqlite, legacy)  # in place, as the bot does on start
        pool = await asyncpg.create_pool(url, min_size=1, max_size=1)
        try:
            async with pool.acquire() as postgres:
                await migrate_postgres(postgres)
                await sqlite.execute("BEGIN")  # one snapshot of every table
                try:
                    async with postgres.transaction():
                        return await _copy(sqlite, postgres)
                finally:
                    await sqlite.execute("ROLLBACK")
        finally:
            await pool.close()


async def _copy(sqlite: aiosqlite.Connection, postgres: Connection) -> dict[str, int]:
    # Nobody writes meanwhile, and the emptiness checked below stays true.
    await postgres.execute(f"LOCK TABLE {', '.join(TABLES)} IN EXCLUSIVE MODE")
    held = {t: await postgres.fetchval(f"SELECT count(*) FROM {t}") for t in TABLES}
    if any(held.values()):
        holding = ", ".join(f"{n} in {t}" for t, n in held.items() if n)
        raise CopyRefused(
            f"The PostgreSQL database already holds rows ({holding}): a copy goes only "
            "into an empty database, so nothing was copied."
        )
    copied = {}
    for table in TABLES:
        types: dict[str, str] = {
            row[0]: row[1]
            for row in await postgres.fetch(
                "SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE "
                "attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum",
                table,
            )
        }
        have = {row[1] for row in await sqlite.execute_fetchall(f"PRAGMA table_info({table})")}
        if have != set(types):
            raise CopyRefused(
                f"The SQLite table {table} has columns {sorted(have)} where PostgreSQL has "
                f"{sorted(types)}, so nothing was copied."
            )
        columns = list(types)
        convert = [CONVERT.get(types[c], lambda value: value) for c in columns]
        listed = ", ".join(f'"{c}"' for c in columns)
        found = await sqlite.execute_fetchall(f"SELECT {listed} FROM {table}")
        records = [
            [None if v is None else f(v) for f, v in zip(convert, row, strict=True)]
            for row in found
        ]
        await postgres.copy_records_to_table(table, records=records, columns=columns)
        copied[table] = len(records)
    for table in IDENTITIES:
        await postgres.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), max(id)) FROM {table}"
        )
    return copied
