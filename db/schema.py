"""The schema as numbered migrations; ``PRAGMA user_version`` says how many are applied."""

from __future__ import annotations

import aiosqlite

#: Each migration is a list of statements, applied in one transaction with the version bump.
MIGRATIONS: list[list[str]] = [
    [
        """CREATE TABLE guild_settings (
            guild_id   INTEGER PRIMARY KEY,
            channel_id INTEGER,
            post_time  TEXT    NOT NULL DEFAULT '09:00',
            timezone   TEXT    NOT NULL DEFAULT 'UTC',
            width      INTEGER NOT NULL DEFAULT 8,
            height     INTEGER NOT NULL DEFAULT 8,
            enabled    INTEGER NOT NULL DEFAULT 0,
            updated_at TEXT    NOT NULL
        )""",
        """CREATE TABLE daily_puzzles (
            id         INTEGER PRIMARY KEY,
            date       TEXT    NOT NULL,
            width      INTEGER NOT NULL,
            height     INTEGER NOT NULL,
            code       TEXT    NOT NULL UNIQUE,
            par        INTEGER NOT NULL,
            created_at TEXT    NOT NULL,
            UNIQUE (date, width, height)
        )""",
        """CREATE TABLE daily_posts (
            guild_id   INTEGER NOT NULL,
            date       TEXT    NOT NULL,
            daily_id   INTEGER NOT NULL REFERENCES daily_puzzles (id),
            channel_id INTEGER NOT NULL,
            message_id INTEGER,
            claimed_at TEXT    NOT NULL,
            PRIMARY KEY (guild_id, date)
        )""",
        """CREATE TABLE games (
            id         INTEGER PRIMARY KEY,
            code       TEXT    NOT NULL,
            width      INTEGER NOT NULL,
            height     INTEGER NOT NULL,
            source_x   INTEGER NOT NULL,
            source_y   INTEGER NOT NULL,
            initial    TEXT    NOT NULL,
            tiles      TEXT    NOT NULL,
            owner_id   INTEGER NOT NULL,
            mode       TEXT    NOT NULL CHECK (mode IN ('personal', 'daily', 'shared')),
            guild_id   INTEGER,
            channel_id INTEGER,
            message_id INTEGER,
            daily_id   INTEGER REFERENCES daily_puzzles (id),
            started_at TEXT    NOT NULL,
            solved_at  TEXT,
            rotations  INTEGER NOT NULL DEFAULT 0,
            hints      INTEGER NOT NULL DEFAULT 0,
            version    INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX games_by_owner ON games (owner_id, channel_id, solved_at)",
        """CREATE TABLE moves (
            id      INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL,
            cell    INTEGER NOT NULL,
            turns   INTEGER NOT NULL,
            hint    INTEGER NOT NULL DEFAULT 0,
            at      TEXT    NOT NULL
        )""",
        "CREATE INDEX moves_by_game ON moves (game_id, id)",
        """CREATE TABLE results (
            daily_id  INTEGER NOT NULL REFERENCES daily_puzzles (id),
            user_id   INTEGER NOT NULL,
            guild_id  INTEGER,
            game_id   INTEGER NOT NULL REFERENCES games (id),
            seconds   REAL    NOT NULL,
            rotations INTEGER NOT NULL,
            hints     INTEGER NOT NULL,
            solved_at TEXT    NOT NULL,
            PRIMARY KEY (daily_id, user_id)
        )""",
        "CREATE INDEX results_by_user ON results (user_id)",
    ],
]


async def migrate(connection: aiosqlite.Connection) -> int:
    """Bring the database up to the newest schema in place; returns the version."""
    async with connection.execute("PRAGMA user_version") as cursor:
        (version,) = await cursor.fetchone()
    for number, statements in enumerate(MIGRATIONS[version:], start=version + 1):
        await connection.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements:
                await connection.execute(statement)
            await connection.execute(f"PRAGMA user_version = {number}")
            await connection.execute("COMMIT")
        except BaseException:
            await connection.execute("ROLLBACK")
            raise
    return len(MIGRATIONS)
