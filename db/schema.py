"""The schema as numbered migrations; ``PRAGMA user_version`` says how many are applied.

A migration is a list of statements, or a function for one that needs more than SQL; each is
applied in one transaction with the version bump, foreign keys checked before the commit.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Protocol

import aiosqlite

from .errors import StorageUnusable


class NewPuzzle(Protocol):
    """A generated puzzle to store (``puzzle.Generated`` has these fields)."""

    @property
    def kind(self) -> str: ...
    @property
    def params(self) -> str: ...
    @property
    def seed(self) -> str: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def description(self) -> str: ...
    @property
    def solution(self) -> str: ...
    @property
    def par(self) -> int: ...
    @property
    def difficulty(self) -> float: ...
    @property
    def generator(self) -> str: ...


#: The puzzle a code of schema 1 stood for (schema 1 stored codes only). Given by the app,
#: which knows the generator of the time; storage only stores what it returns.
LegacyPuzzles = Callable[[str], NewPuzzle]
Step = Callable[[aiosqlite.Connection, "LegacyPuzzles | None"], Awaitable[None]]

_V1 = [
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
]

# Schema 2: puzzles are stored (description, solution, generator) and games and dailies point
# at them; a game's state and its moves are the kind's text; one daily game per player and
# daily; interaction ids are recorded so a redelivered interaction changes nothing.
_V2_TABLES = [
    """CREATE TABLE puzzles (
        id          INTEGER PRIMARY KEY,
        kind        TEXT    NOT NULL,
        params      TEXT    NOT NULL,
        seed        TEXT    NOT NULL,
        width       INTEGER NOT NULL,
        height      INTEGER NOT NULL,
        description TEXT    NOT NULL,
        solution    TEXT    NOT NULL,
        par         INTEGER NOT NULL,
        difficulty  REAL    NOT NULL,
        generator   TEXT    NOT NULL,
        created_at  TEXT    NOT NULL,
        UNIQUE (kind, params, seed)
    )""",
    """CREATE TABLE new_daily_puzzles (
        id         INTEGER PRIMARY KEY,
        date       TEXT    NOT NULL,
        kind       TEXT    NOT NULL,
        params     TEXT    NOT NULL,
        puzzle_id  INTEGER NOT NULL REFERENCES puzzles (id),
        created_at TEXT    NOT NULL,
        UNIQUE (date, kind, params)
    )""",
    """CREATE TABLE new_games (
        id          INTEGER PRIMARY KEY,
        puzzle_id   INTEGER NOT NULL REFERENCES puzzles (id),
        state       TEXT    NOT NULL,
        owner_id    INTEGER NOT NULL,
        mode        TEXT    NOT NULL CHECK (mode IN ('personal', 'daily', 'shared')),
        guild_id    INTEGER,
        channel_id  INTEGER,
        message_id  INTEGER,
        daily_id    INTEGER REFERENCES daily_puzzles (id),
        started_at  TEXT    NOT NULL,
        outcome     TEXT    NOT NULL DEFAULT 'playing'
                    CHECK (outcome IN ('playing', 'solved', 'lost')),
        finished_at TEXT,
        turns       INTEGER NOT NULL DEFAULT 0,
        hints       INTEGER NOT NULL DEFAULT 0,
        version     INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE new_moves (
        id      INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        move    TEXT    NOT NULL,
        hint    INTEGER NOT NULL DEFAULT 0,
        at      TEXT    NOT NULL
    )""",
    """CREATE TABLE new_results (
        daily_id  INTEGER NOT NULL REFERENCES daily_puzzles (id),
        user_id   INTEGER NOT NULL,
        guild_id  INTEGER,
        game_id   INTEGER NOT NULL REFERENCES games (id),
        seconds   REAL    NOT NULL,
        turns     INTEGER NOT NULL,
        hints     INTEGER NOT NULL,
        solved_at TEXT    NOT NULL,
        PRIMARY KEY (daily_id, user_id)
    )""",
    """CREATE TABLE interactions (
        id      INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        at      TEXT    NOT NULL
    )""",
    "CREATE TEMP TABLE legacy_codes (code TEXT PRIMARY KEY, puzzle_id INTEGER NOT NULL)",
]

_V2_COPY = [
    """INSERT INTO new_daily_puzzles (id, date, kind, params, puzzle_id, created_at)
       SELECT d.id, d.date, p.kind, p.params, p.id, d.created_at
       FROM daily_puzzles d JOIN legacy_codes c ON c.code = d.code
       JOIN puzzles p ON p.id = c.puzzle_id""",
    # A player who pressed Play twice had two games of one daily: the one with the result
    # (else the one played furthest, else the newest) stays the daily game, the others
    # become personal games.
    """UPDATE games SET mode = 'personal', daily_id = NULL
       WHERE daily_id IS NOT NULL AND id <> COALESCE(
           (SELECT r.game_id FROM results r
            WHERE r.daily_id = games.daily_id AND r.user_id = games.owner_id),
           (SELECT g.id FROM games g
            WHERE g.daily_id = games.daily_id AND g.owner_id = games.owner_id
            ORDER BY g.version DESC, g.id DESC LIMIT 1))""",
    # Schema 1 held Pipes only, whose state text is the tiles in hex, as ``tiles`` was.
    """INSERT INTO new_games (id, puzzle_id, state, owner_id, mode, guild_id, channel_id,
           message_id, daily_id, started_at, outcome, finished_at, turns, hints, version)
       SELECT g.id, c.puzzle_id, g.tiles, g.owner_id, g.mode, g.guild_id, g.channel_id,
           g.message_id, g.daily_id, g.started_at,
           CASE WHEN g.solved_at IS NULL THEN 'playing' ELSE 'solved' END,
           g.solved_at, g.rotations, g.hints, g.version
       FROM games g JOIN legacy_codes c ON c.code = g.code""",
    # Moves in Pipes notation, by the quarter turns they make: B3, C4x2, D1ccw.
    """INSERT INTO new_moves (id, game_id, user_id, move, hint, at)
       SELECT m.id, m.game_id, m.user_id,
           char(65 + m.cell % g.width) || (m.cell / g.width + 1)
           || CASE (m.turns % 4 + 4) % 4 WHEN 2 THEN 'x2' WHEN 3 THEN 'ccw' ELSE '' END,
           m.hint, m.at
       FROM moves m JOIN games g ON g.id = m.game_id""",
    """INSERT INTO new_results (daily_id, user_id, guild_id, game_id, seconds, turns, hints,
           solved_at)
       SELECT daily_id, user_id, guild_id, game_id, seconds, rotations, hints, solved_at
       FROM results""",
    "DROP TABLE results",
    "DROP TABLE moves",
    "DROP TABLE games",
    "DROP TABLE daily_puzzles",
    "DROP TABLE legacy_codes",
    "ALTER TABLE new_daily_puzzles RENAME TO daily_puzzles",
    "ALTER TABLE new_games RENAME TO games",
    "ALTER TABLE new_moves RENAME TO moves",
    "ALTER TABLE new_results RENAME TO results",
    "CREATE INDEX games_by_owner ON games (owner_id, channel_id, outcome)",
    """CREATE UNIQUE INDEX one_game_per_daily ON games (owner_id, daily_id)
       WHERE daily_id IS NOT NULL""",
    "CREATE INDEX moves_by_game ON moves (game_id, id)",
    "CREATE INDEX results_by_user ON results (user_id)",
]


# Schema 1 kept each game's scrambled tiles and each daily's par: the stored puzzle must be
# the very one, or the upgrade stops before anything is dropped.
_V2_MISMATCHES = """
    SELECT 'game ' || g.id FROM games g JOIN legacy_codes c ON c.code = g.code
    JOIN puzzles p ON p.id = c.puzzle_id
    WHERE p.description <> g.width || 'x' || g.height || ':' || g.initial
       OR g.source_x <> g.width / 2 OR g.source_y <> g.height / 2
    UNION ALL
    SELECT 'daily ' || d.id FROM daily_puzzles d JOIN legacy_codes c ON c.code = d.code
    JOIN puzzles p ON p.id = c.puzzle_id WHERE p.par <> d.par"""


async def _v2(db: aiosqlite.Connection, legacy: LegacyPuzzles | None) -> None:
    for statement in _V2_TABLES:
        await db.execute(statement)
    codes = await db.execute_fetchall(
        "SELECT code FROM games UNION SELECT code FROM daily_puzzles ORDER BY code"
    )
    if codes and legacy is None:
        raise RuntimeError("upgrading this database needs the puzzles of its codes")
    for (code,) in codes:
        assert legacy is not None
        made = await asyncio.to_thread(legacy, code)
        cursor = await db.execute(
            """INSERT INTO puzzles (kind, params, seed, width, height, description, solution,
               par, difficulty, generator, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, datetime('now'))""",
            (
                made.kind,
                made.params,
                made.seed,
                made.width,
                made.height,
                made.description,
                made.solution,
                made.par,
                made.difficulty,
                made.generator,
            ),
        )
        await db.execute("INSERT INTO legacy_codes VALUES (?, ?)", (code, cursor.lastrowid))
    wrong = [row[0] for row in await db.execute_fetchall(_V2_MISMATCHES)]
    if wrong:
        raise RuntimeError(f"stored puzzles differ from their codes' puzzles: {wrong[:5]}")
    for statement in _V2_COPY:
        await db.execute(statement)


# Schema 3: who set the daily up (to tell them when posting fails), consecutive failed posts,
# and why the daily is paused (NULL while it runs).
_V3 = [
    "ALTER TABLE guild_settings ADD COLUMN configured_by INTEGER",
    "ALTER TABLE guild_settings ADD COLUMN failures INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE guild_settings ADD COLUMN paused TEXT",
]

# Schema 4: the deployment's own values (the daily secret), late daily results, the role a
# daily post may ping, and a board size that changes from a given date on.
_V4 = [
    "CREATE TABLE deployment (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "ALTER TABLE results ADD COLUMN late INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE guild_settings ADD COLUMN role_id INTEGER",
    "ALTER TABLE guild_settings ADD COLUMN size_from TEXT",
    "ALTER TABLE guild_settings ADD COLUMN previous_width INTEGER",
    "ALTER TABLE guild_settings ADD COLUMN previous_height INTEGER",
    # When a daily game's date ends where it is played: a solve after that is late.
    "ALTER TABLE games ADD COLUMN day_ends TEXT",
]

# Schema 5: the daily's level. Servers set up before keep 'normal': the puzzles they had.
_V5 = [
    "ALTER TABLE guild_settings ADD COLUMN level TEXT NOT NULL DEFAULT 'normal'",
    "ALTER TABLE guild_settings ADD COLUMN previous_level TEXT",
]

# Schema 6: the kinds a server's daily post carries, and its Minesweeper puzzle's parameters.
_V6 = [
    "ALTER TABLE guild_settings ADD COLUMN kinds TEXT NOT NULL DEFAULT 'pipes'",
    "ALTER TABLE guild_settings ADD COLUMN mines TEXT NOT NULL DEFAULT '9x9'",
]

# Schema 7: the daily Minesweeper's parameters before a change (which applies the next day).
_V7 = ["ALTER TABLE guild_settings ADD COLUMN previous_mines TEXT"]


def _posted(kind: str) -> str:
    """Whether the comma-separated ``kinds`` column names ``kind``, exactly as the app read it
    (``kind in kinds.split(",")``) on both backends: ``replace`` is case-sensitive in both,
    where SQLite's LIKE is not."""
    return f"(replace(',' || kinds || ',', ',{kind},', '') <> ',' || kinds || ',')"


#: Schema 8's copy of each server's Pipes and Minesweeper columns into its two daily rows;
#: the same SQL runs on PostgreSQL (version 4). Pipes' choice is its size and stored level
#: ('8x8 weekly'), its previous one likewise (a missing previous level was 'normal'); the
#: Minesweeper choice is its parameters. A change pending from ``size_from`` applied to both.
DAILY_ROWS_FROM_COLUMNS = [
    f"""INSERT INTO daily_kinds (guild_id, kind, choice, posted, position, since, previous)
       SELECT guild_id, 'pipes',
           CAST(width AS TEXT) || 'x' || CAST(height AS TEXT) || ' ' || level,
           {_posted("pipes")}, 0, size_from,
           CASE WHEN previous_width IS NULL THEN NULL
               ELSE CAST(previous_width AS TEXT) || 'x' || CAST(previous_height AS TEXT)
                   || ' ' || COALESCE(previous_level, 'normal')
           END
       FROM guild_settings""",
    f"""INSERT INTO daily_kinds (guild_id, kind, choice, posted, position, since, previous)
       SELECT guild_id, 'mines', mines, {_posted("mines")}, 1, size_from, previous_mines
       FROM guild_settings""",
]

# Schema 8: daily settings become rows per (server, kind), so a new kind needs no migration,
# and a result gains the points a kind's scoring may count besides time. Every server's
# columns become rows (above); the old columns stay, unread and unwritten (their defaults
# fill new rows).
_V8 = [
    """CREATE TABLE daily_kinds (
        guild_id INTEGER NOT NULL REFERENCES guild_settings (guild_id),
        kind     TEXT    NOT NULL,
        choice   TEXT    NOT NULL,
        posted   INTEGER NOT NULL DEFAULT 1,
        position INTEGER NOT NULL DEFAULT 0,
        since    TEXT,
        previous TEXT,
        PRIMARY KEY (guild_id, kind)
    )""",
    "ALTER TABLE results ADD COLUMN points INTEGER",
    *DAILY_ROWS_FROM_COLUMNS,
]

# Schema 9: a result keeps the name its player had in Discord when it was stored, so
# leaderboards read the same on every server (results stored before have none).
_V9 = ["ALTER TABLE results ADD COLUMN name TEXT"]

#: Schema 10's order of each player's games as they last played or opened them, from what
#: earlier schemas kept: the time of a game's last move, else its start (the same SQL runs on
#: PostgreSQL, version 6). Games with a move are ordered as played too, in the same numbers.
PLAY_ORDER_FROM_MOVES = [
    """UPDATE games SET opened_order = ranked.n FROM (
        SELECT g.id, ROW_NUMBER() OVER (
            PARTITION BY g.owner_id ORDER BY COALESCE(m.last_at, g.started_at), g.id
        ) AS n
        FROM games g LEFT JOIN (
            SELECT game_id, MAX(at) AS last_at FROM moves GROUP BY game_id
        ) m ON m.game_id = g.id
    ) AS ranked WHERE ranked.id = games.id""",
    """UPDATE games SET played_order = opened_order
       WHERE EXISTS (SELECT 1 FROM moves m WHERE m.game_id = games.id)""",
    "CREATE INDEX games_by_opened ON games (owner_id, opened_order)",
]

# Schema 10: which board each player played or opened last, and which they played last, as
# numbers that grow per player (a clock may stand still; SQLite's writes take turns, so these
# never tie there; on PostgreSQL two changes to one player's boards in the same instant may
# tie, and then the newer board counts as the later):
# typed commands, resume and the question before ending a daily read them, kept with the data
# so a restart or another process knows them too.
_V10 = [
    "ALTER TABLE games ADD COLUMN opened_order INTEGER",
    "ALTER TABLE games ADD COLUMN played_order INTEGER",
    *PLAY_ORDER_FROM_MOVES,
]

# Schema 11: a move keeps the version of the change that wrote it, so the moves of one
# command are told apart from the next one's (undo takes back a whole command). Moves stored
# before have none.
_V11 = ["ALTER TABLE moves ADD COLUMN version INTEGER"]

# Schema 12: whether a server lets Play open the Activity (on unless turned off), and each
# user's last Play that opened it (one row per user, replaced), which the Activity opens on.
_V12 = [
    "ALTER TABLE guild_settings ADD COLUMN activity INTEGER NOT NULL DEFAULT 1",
    """CREATE TABLE launches (
        user_id    INTEGER PRIMARY KEY,
        kind       TEXT    NOT NULL,
        daily_id   INTEGER REFERENCES daily_puzzles (id),
        guild_id   INTEGER,
        channel_id INTEGER,
        at         TEXT    NOT NULL
    )""",
]

# Schema 13: the stock of fresh puzzles, generated ahead for ``new`` without a seed; a row
# leaves when its puzzle is handed out (or a game starts on it).
_V13 = [
    """CREATE TABLE stock (
        puzzle_id INTEGER PRIMARY KEY REFERENCES puzzles (id),
        kind      TEXT    NOT NULL,
        params    TEXT    NOT NULL,
        made_at   TEXT    NOT NULL
    )""",
    "CREATE INDEX stock_by_preset ON stock (kind, params, puzzle_id)",
    "CREATE INDEX games_by_puzzle ON games (puzzle_id)",
]

#: Games' modes before schema 14, and from it on (the same on PostgreSQL, version 10).
MODES_BEFORE = "CHECK (mode IN ('personal', 'daily', 'shared'))"
MODES_14 = "CHECK (mode IN ('personal', 'daily', 'shared', 'archive'))"
#: Schema 14's indexes (the same on PostgreSQL): one archive game per player and puzzle,
#: a daily's games, and the daily of a puzzle.
ARCHIVE_INDEXES = [
    """CREATE UNIQUE INDEX one_archive_game ON games (owner_id, puzzle_id)
       WHERE mode = 'archive'""",
    "CREATE INDEX games_by_daily ON games (daily_id) WHERE daily_id IS NOT NULL",
    "CREATE INDEX dailies_by_puzzle ON daily_puzzles (puzzle_id)",
]


async def _remade_games(db: aiosqlite.Connection, modes: str, new_modes: str) -> None:
    """SQLite cannot change a CHECK: the games table is made again from its own definition
    with ``new_modes`` for ``modes`` (whatever columns it has), its rows and indexes kept."""
    ((table,),) = await db.execute_fetchall(
        "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'games'"
    )
    indexes = await db.execute_fetchall(
        "SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'games' "
        "AND sql IS NOT NULL"
    )
    assert modes in table, table
    made = table.replace(modes, new_modes).replace('"games"', "new_games", 1)
    await db.execute(made.replace("CREATE TABLE games", "CREATE TABLE new_games", 1))
    await db.execute("INSERT INTO new_games SELECT * FROM games")
    await db.execute("DROP TABLE games")
    await db.execute("ALTER TABLE new_games RENAME TO games")
    for (index,) in indexes:
        await db.execute(index)


async def _v14(db: aiosqlite.Connection, _: LegacyPuzzles | None) -> None:
    """Schema 14: games of the archive (a past daily's puzzle played apart, never ranked)."""
    await _remade_games(db, MODES_BEFORE, MODES_14)
    for statement in ARCHIVE_INDEXES:
        await db.execute(statement)


#: Games' modes from schema 15 on (PostgreSQL version 11): races too.
MODES_15 = "CHECK (mode IN ('personal', 'daily', 'shared', 'archive', 'race'))"
#: Schema 15's tables and index, the same on PostgreSQL but for its types (``{id}``: an
#: identity column, ``{big}``: an id, ``{at}``: an instant): races, their players, and one
#: race game per player and race (a race's puzzle is its own).
RACE_TABLES = [
    """CREATE TABLE races (
        id         {id},
        puzzle_id  {big} NOT NULL UNIQUE REFERENCES puzzles (id),
        host_id    {big} NOT NULL,
        guild_id   {big} NOT NULL,
        channel_id {big} NOT NULL,
        message_id {big},
        state      TEXT NOT NULL DEFAULT 'lobby' CHECK (state IN ('lobby', 'running', 'over')),
        created_at {at} NOT NULL,
        started_at {at},
        ended_at   {at}
    )""",
    """CREATE TABLE race_players (
        race_id   {big} NOT NULL REFERENCES races (id),
        user_id   {big} NOT NULL,
        joined_at {at} NOT NULL,
        PRIMARY KEY (race_id, user_id)
    )""",
    "CREATE INDEX races_running ON races (state, started_at)",
    """CREATE UNIQUE INDEX one_race_game ON games (owner_id, puzzle_id)
       WHERE mode = 'race'""",
]


async def _v15(db: aiosqlite.Connection, _: LegacyPuzzles | None) -> None:
    """Schema 15: races — a lobby, its players, and a game each of one fresh puzzle in the
    mode 'race' (the games table made again with it, as schema 14 did)."""
    await _remade_games(db, MODES_14, MODES_15)
    for statement in RACE_TABLES:
        await db.execute(statement.format(id="INTEGER PRIMARY KEY", big="INTEGER", at="TEXT"))


def reminder_tables(day: str, moment: str, clock: str) -> list[str]:
    """Schema 16 (PostgreSQL version 12), with each backend's types of a date, an instant and
    a time of day: players' reminders per server (the local time they asked for), and one
    row per player, server and local date a reminder was decided on — the claim that sends
    it once — with the kinds it names and its state: ``sending`` (claimed), ``sent`` (by
    direct message), ``held`` (direct messages closed: kept for their next interaction
    there), ``delivered`` (so), or ``none`` (nothing to remind of that day)."""
    return [
        f"""CREATE TABLE reminders (
            guild_id BIGINT NOT NULL,
            user_id  BIGINT NOT NULL,
            at       {clock} NOT NULL,
            set_at   {moment} NOT NULL,
            PRIMARY KEY (guild_id, user_id)
        )""",
        f"""CREATE TABLE reminders_sent (
            guild_id   BIGINT NOT NULL,
            user_id    BIGINT NOT NULL,
            date       {day} NOT NULL,
            kinds      TEXT NOT NULL,
            state      TEXT NOT NULL
                CHECK (state IN ('sending', 'sent', 'held', 'delivered', 'none')),
            claimed_at {moment} NOT NULL,
            PRIMARY KEY (guild_id, user_id, date)
        )""",
    ]


_V16 = reminder_tables("TEXT", "TEXT", "TEXT")


def recap_tables(flag: str, big: str, day: str, moment: str) -> list[str]:
    """Schema 17 (PostgreSQL version 13), with each backend's types of a switch that is on
    unless turned off, an id, a date and an instant: whether a server posts the day's recap,
    and its claim on (server, local date), made once like the daily post's."""
    return [
        f"ALTER TABLE guild_settings ADD COLUMN recap {flag}",
        f"""CREATE TABLE daily_recaps (
            guild_id   {big} NOT NULL,
            date       {day} NOT NULL,
            channel_id {big} NOT NULL,
            message_id {big},
            claimed_at {moment} NOT NULL,
            PRIMARY KEY (guild_id, date)
        )""",
    ]


_V17 = recap_tables("INTEGER NOT NULL DEFAULT 1", "INTEGER", "TEXT", "TEXT")

MIGRATIONS: list[list[str] | Step] = [
    _V1, _v2, _V3, _V4, _V5, _V6, _V7, _V8, _V9, _V10, _V11, _V12, _V13, _v14, _v15, _V16,
    _V17,
]  # fmt: skip


def newer(found: int, known: int) -> StorageUnusable:
    """The refusal of a database a newer version of the bot has migrated."""
    return StorageUnusable(
        f"this database was made by a newer version of the bot (schema {found}; this one "
        f"knows {known}): run that version, every process of it."
    )


async def migrate(connection: aiosqlite.Connection, legacy: LegacyPuzzles | None = None) -> int:
    """Bring the database up to the newest schema in place; returns the version."""
    # Tables are rebuilt with foreign keys off (SQLite's documented way); they are checked
    # before each commit instead.
    await connection.execute("PRAGMA foreign_keys = OFF")
    try:
        while True:
            await connection.execute("BEGIN IMMEDIATE")
            # Read under the write lock: a rival process may have migrated meanwhile.
            rows = await connection.execute_fetchall("PRAGMA user_version")
            (version,) = next(iter(rows))
            if version > len(MIGRATIONS):
                await connection.execute("ROLLBACK")
                raise newer(version, len(MIGRATIONS))
            if version >= len(MIGRATIONS):
                await connection.execute("COMMIT")
                break
            number, migration = version + 1, MIGRATIONS[version]
            try:
                if callable(migration):
                    await migration(connection, legacy)
                else:
                    for statement in migration:
                        await connection.execute(statement)
                broken = list(await connection.execute_fetchall("PRAGMA foreign_key_check"))
                if broken:
                    raise RuntimeError(f"migration {number} broke foreign keys: {broken[:3]}")
                await connection.execute(f"PRAGMA user_version = {number}")
                await connection.execute("COMMIT")
            except BaseException:
                await connection.execute("ROLLBACK")
                raise
    finally:
        await connection.execute("PRAGMA foreign_keys = ON")
    return len(MIGRATIONS)
