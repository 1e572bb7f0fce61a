"""A database of schema 1 (codes only, Pipes tiles, moves as cell and turns) is upgraded in
place: every game, daily, post, move, result and streak is kept, and each code's puzzle is
stored once, exactly the puzzle that code stood for. A database of schema 7 (PostgreSQL:
version 3) keeps every server's dailies exactly when its columns become daily rows; one of
schema 8 (version 4) keeps its results, nameless, and names the results stored after; one of
schema 9 (version 5) orders its games as their players last played them; one of schema 10
(version 6) keeps its moves, which undo does not reach, and undoes those after."""

import sqlite3
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta

import aiosqlite
import asyncpg
import pgserver
import pytest
from storekit import PIPES, daily_result, new_game, open_backend, turn

import play
from db import DailyKind, GuildSettings, NewResult, open_storage, postgres_schema, schema
from db.statements import numbered
from kinds.pipes.engine import KIND, parse_code, rotate, turns_between
from kinds.pipes.engine.v1 import generate_v1
from play import scoring
from puzzle import KINDS


def old_puzzle(code):
    """The puzzle a schema-1 code stood for: generator pipes/1's."""
    width, height, seed, unique, _, _ = parse_code(code)
    return generate_v1(width, height, seed, unique=unique)


def clockwise_par(code):
    """The par schema 1 stored with a daily: clockwise quarter turns only."""
    puzzle = old_puzzle(code)
    return sum(map(turns_between, puzzle.tiles, puzzle.solution))


def _hex(tiles):
    return "".join(f"{t:x}" for t in tiles)


def schema_one(path):
    """A schema-1 file with two dailies, three games (one a double Play), moves and results."""
    raw = sqlite3.connect(path)
    for statement in schema.MIGRATIONS[0]:
        raw.execute(statement)
    raw.execute("PRAGMA user_version = 1")
    at = "2026-11-21T09:00:00.000000+00:00"
    for daily_id, day in ((1, "2026-11-21"), (2, "2026-11-22")):
        code = f"8x8-d{day.replace('-', '')}"
        raw.execute(
            "INSERT INTO daily_puzzles VALUES (?, ?, 8, 8, ?, ?, ?)",
            (daily_id, day, code, clockwise_par(code), at),
        )
    raw.execute(
        "INSERT INTO guild_settings VALUES (5, 9, '07:30', 'Europe/Berlin', 8, 8, 1, ?)", (at,)
    )
    raw.execute("INSERT INTO daily_posts VALUES (5, '2026-11-22', 2, 9, 4242, ?)", (at,))
    personal = old_puzzle("6x6-old")
    turned = list(personal.tiles)
    turned[8] = rotate(turned[8], 2)  # C2x2
    turned[14] = rotate(turned[14], -1)  # C3ccw
    turned[20] = rotate(turned[20], 3)  # C4, hinted
    games = [
        (1, "6x6-old", 6, personal.tiles, turned, "personal", None, None, 3, 1, 3),
        (2, "8x8-d20261121", 8, old_puzzle("8x8-d20261121").tiles, None, "daily", 1, at, 40, 1, 41),
        (3, "8x8-d20261122", 8, old_puzzle("8x8-d20261122").tiles, None, "daily", 2, at, 50, 0, 50),
        (4, "8x8-d20261122", 8, old_puzzle("8x8-d20261122").tiles, None, "daily", 2, None, 0, 0, 0),
        # Play pressed twice on Nov 21 too, no result: the game played furthest stays daily.
        (5, "8x8-d20261121", 8, old_puzzle("8x8-d20261121").tiles, None, "daily", 1, None, 0, 0, 9),
    ]
    for gid, code, side, initial, tiles, mode, daily, solved, rotations, hints, version in games:
        raw.execute(
            """INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, 7, ?, 5, 9, NULL, ?, ?, ?, ?, ?,
               ?)""",
            (
                gid, code, side, side, side // 2, side // 2, _hex(initial),
                _hex(tiles or old_puzzle(code).solution), mode, daily, at, solved, rotations,
                hints, version,
            ),
        )  # fmt: skip
    raw.execute("INSERT INTO moves VALUES (1, 1, 7, 8, 2, 0, ?)", (at,))
    raw.execute("INSERT INTO moves VALUES (2, 1, 7, 14, -1, 0, ?)", (at,))
    raw.execute("INSERT INTO moves VALUES (3, 1, 7, 20, 3, 1, ?)", (at,))  # a hint: 3 turns
    raw.execute("INSERT INTO results VALUES (1, 7, 5, 2, 310.5, 40, 1, ?)", (at,))
    raw.execute("INSERT INTO results VALUES (2, 7, 5, 3, 200.0, 50, 0, ?)", (at,))
    raw.commit()
    raw.close()


async def test_a_schema_one_file_is_upgraded_without_losing_anything(tmp_path):
    path = tmp_path / "v1.sqlite3"
    schema_one(path)
    clock = lambda: datetime(2026, 11, 22, 12, tzinfo=UTC)  # noqa: E731
    store = await play.open_storage(path, clock=clock)
    try:
        personal = await store.game(1)
        assert personal.puzzle.code == "pipes:6x6-old"
        puzzle = KIND.load(personal.puzzle)
        assert puzzle.tiles == old_puzzle("6x6-old").tiles
        assert puzzle.solution == old_puzzle("6x6-old").solution
        assert (personal.turns, personal.version, personal.outcome) == (3, 3, "playing")
        moves = await store.moves(1)
        assert [(m.move, m.hint) for m in moves] == [
            ("C2x2", False),
            ("C3ccw", False),
            ("C4ccw", True),
        ]
        # The stored notation replays, through the kind, to the stored state.
        replayed = KIND.initial_state(puzzle)
        for move in moves:
            replayed = KIND.apply(
                puzzle, replayed, KIND.parse_moves(puzzle, replayed, move.move)
            ).state
        assert replayed == personal.state

        yesterday = await store.daily_puzzle(date(2026, 11, 21), "pipes", "8x8")
        today = await store.daily_puzzle(date(2026, 11, 22), "pipes", "8x8")
        assert (yesterday.id, today.id) == (1, 2)
        assert today.puzzle.par == clockwise_par("8x8-d20261122")  # kept as stored …
        # … while the board shows the true par, the fewest turns either way.
        assert KIND.par(KIND.load(today.puzzle)) == old_puzzle("8x8-d20261122").par == 53
        assert KIND.load(today.puzzle).solution == old_puzzle("8x8-d20261122").solution

        solved = await store.game(2)
        assert solved.solved and solved.finished_at is not None and solved.daily_id == 1
        # The second game of one daily (Play pressed twice) became a personal game; the
        # one with the result stays the daily game.
        assert (await store.daily_game(7, 2)).id == 3
        double = await store.game(4)
        assert (double.mode, double.daily_id) == ("personal", None)
        # Without a result, the game played furthest stays the daily game.
        assert (await store.daily_game(7, 1)).id == 2  # game 2 holds the result of Nov 21
        assert (await store.game(5)).mode == "personal"

        results = await store.user_results(7)
        assert [(r.daily_id, r.seconds, r.turns, r.hints) for r in results] == [
            (1, 310.5, 40, 1),
            (2, 200.0, 50, 0),
        ]
        stats = scoring.user_stats(7, results, date(2026, 11, 22))
        assert (stats.solves, stats.current_streak, stats.longest_streak) == (2, 2, 2)
        assert (await store.daily_post(5, date(2026, 11, 22))).message_id == 4242
        assert all(r.points is None for r in results)
        settings = await store.guild_settings(5)
        assert settings.timezone == "Europe/Berlin"
        # Levels came later: a server set up before keeps its normal dailies; Minesweeper
        # came later too, and is not in its post.
        assert settings == GuildSettings(
            5, 9, time(7, 30), "Europe/Berlin", enabled=True,
            dailies=(
                DailyKind("pipes", "8x8 normal"),
                DailyKind("mines", "9x9", posted=False, position=1),
            ),
        )  # fmt: skip
    finally:
        await store.close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS)
    assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
    assert raw.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0] == 3


async def test_an_upgrade_whose_puzzles_differ_from_the_stored_tiles_changes_nothing(tmp_path):
    path = tmp_path / "odd.sqlite3"
    schema_one(path)
    raw = sqlite3.connect(path)
    raw.execute("UPDATE games SET initial = ? WHERE id = 1", ("1" * 36,))
    raw.commit()
    raw.close()
    with pytest.raises(RuntimeError, match="game 1"):
        await play.open_storage(path)
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 1
    assert raw.execute("SELECT initial FROM games WHERE id = 1").fetchone()[0] == "1" * 36
    assert raw.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == 3


# -- Schema 7 / PostgreSQL version 3: daily settings in columns become rows -------------------

PENDING = date(2026, 11, 23)
#: The daily columns of schema 7, unread since schema 8.
OLD_COLUMNS = (
    "width", "height", "level", "previous_width", "previous_height", "previous_level",
    "size_from", "kinds", "mines", "previous_mines",
)  # fmt: skip
#: Servers of schema 7 — the settings they keep, their daily columns — and the daily rows
#: schema 8 makes of those columns.
OLD_SERVERS = [
    # Pipes only, weekly levels, Minesweeper never chosen.
    (
        GuildSettings(1, 10, time(9, 0), "UTC", enabled=True),
        (8, 8, "weekly", None, None, None, None, "pipes", "9x9", None),
        (DailyKind("pipes", "8x8 weekly"), DailyKind("mines", "9x9", posted=False, position=1)),
    ),
    # Minesweeper only, with a Pipes choice kept for later.
    (
        GuildSettings(2, 20, time(18, 45), "America/New_York", enabled=True, role_id=555),
        (10, 6, "hard", None, None, None, None, "mines", "16x16", None),
        (
            DailyKind("pipes", "10x6 hard", posted=False),
            DailyKind("mines", "16x16", position=1),
        ),
    ),
    # Both, with a change of both kinds pending from tomorrow.
    (
        GuildSettings(3, 30, time(7, 30), "Europe/Berlin", enabled=True, configured_by=77),
        (12, 12, "normal", 6, 5, "easy", PENDING, "pipes,mines", "30x16", "9x9"),
        (
            DailyKind("pipes", "12x12 normal", since=PENDING, previous="6x5 easy"),
            DailyKind("mines", "30x16", position=1, since=PENDING, previous="9x9"),
        ),
    ),
    # Both (listed Minesweeper first), a size change of schema 4's time pending: no
    # previous level, which meant 'normal'; no previous Minesweeper choice.
    (
        GuildSettings(4, 40, time(6, 0), "Asia/Tokyo", enabled=True),
        (5, 5, "easy", 7, 7, None, PENDING, "mines,pipes", "9x9", None),
        (
            DailyKind("pipes", "5x5 easy", since=PENDING, previous="7x7 normal"),
            DailyKind("mines", "9x9", position=1, since=PENDING),
        ),
    ),
    # Both, only the Minesweeper choice changed: Pipes has no previous choice.
    (
        GuildSettings(5, 50, time(12, 0), "UTC", enabled=True),
        (8, 8, "weekly", None, None, None, PENDING, "pipes,mines", "16x16", "9x9"),
        (
            DailyKind("pipes", "8x8 weekly", since=PENDING),
            DailyKind("mines", "16x16", position=1, since=PENDING, previous="9x9"),
        ),
    ),
    # Paused and off; its kinds in a case the app never wrote, read exactly as the app read
    # them (``kind in kinds.split(",")``): neither kind is posted.
    (
        GuildSettings(6, None, time(9, 0), "UTC", configured_by=8, failures=3, paused="gone"),
        (8, 8, "normal", None, None, None, None, "Pipes", "9x9", None),
        (
            DailyKind("pipes", "8x8 normal", posted=False),
            DailyKind("mines", "9x9", posted=False, position=1),
        ),
    ),
]
KEPT = (
    "guild_id", "channel_id", "post_time", "timezone", "enabled", "configured_by", "failures",
    "paused", "role_id",
)  # fmt: skip


def old_row(settings, columns):
    return (
        settings.guild_id, settings.channel_id, settings.post_time, settings.timezone,
        settings.enabled, settings.configured_by, settings.failures, settings.paused,
        settings.role_id, *columns,
    )  # fmt: skip


def sqlite_value(value):
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, time):
        return value.strftime("%H:%M")
    return value.isoformat() if isinstance(value, date) else value


async def check_upgraded(store, old_columns):
    """Every server's settings are as they were, with the rows its columns meant; the old
    columns stay as they were, also after a save (which writes rows only)."""
    for settings, _, rows in OLD_SERVERS:
        assert await store.guild_settings(settings.guild_id) == replace(settings, dailies=rows)
    assert await store.enabled_guilds() == [
        replace(settings, dailies=rows) for settings, _, rows in OLD_SERVERS if settings.enabled
    ]
    assert await old_columns() == [columns for _, columns, _ in OLD_SERVERS]
    settings, _, (pipes, mines) = OLD_SERVERS[2]
    changed = replace(settings, channel_id=31, dailies=(replace(pipes, choice="9x9 hard"),))
    await store.save_guild_settings(changed)
    assert await store.guild_settings(3) == replace(changed, dailies=(changed.dailies[0], mines))
    assert await old_columns() == [columns for _, columns, _ in OLD_SERVERS]


async def test_a_schema_seven_file_keeps_every_servers_dailies_as_rows(tmp_path, monkeypatch):
    path = tmp_path / "v7.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as connection:
        monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:7])
        assert await schema.migrate(connection) == 7
        monkeypatch.undo()
    raw = sqlite3.connect(path)
    listed = ", ".join((*KEPT, *OLD_COLUMNS, "updated_at"))
    for settings, columns, _ in OLD_SERVERS:
        values = [sqlite_value(v) for v in old_row(settings, columns)]
        raw.execute(
            f"INSERT INTO guild_settings ({listed}) VALUES ({', '.join('?' * len(values))}, ?)",
            (*values, "2026-11-22T09:00:00+00:00"),
        )
    raw.commit()
    raw.close()

    async def old_columns():
        with sqlite3.connect(path) as raw:
            found = raw.execute(
                f"SELECT {', '.join(OLD_COLUMNS)} FROM guild_settings ORDER BY guild_id"
            ).fetchall()
        since = OLD_COLUMNS.index("size_from")
        return [
            tuple(date.fromisoformat(v) if k == since and v else v for k, v in enumerate(row))
            for row in found
        ]

    store = await open_backend("sqlite", path)
    try:
        await check_upgraded(store, old_columns)
    finally:
        await store.close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS)
    assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
    columns = [row[1] for row in raw.execute("PRAGMA table_info(results)")]
    assert "points" in columns
    raw.close()


async def test_a_postgresql_database_of_version_three_keeps_every_servers_dailies_as_rows(
    postgres, monkeypatch
):
    url = await postgres.database("version_three")
    connection = await asyncpg.connect(url)
    try:
        monkeypatch.setattr(postgres_schema, "MIGRATIONS", postgres_schema.MIGRATIONS[:3])
        assert await postgres_schema.migrate(connection) == 3
        monkeypatch.undo()
        listed = ", ".join((*KEPT, *OLD_COLUMNS, "updated_at"))
        marks = ", ".join(f"${k}" for k in range(1, len(KEPT) + len(OLD_COLUMNS) + 1))
        for settings, columns, _ in OLD_SERVERS:
            await connection.execute(
                f"INSERT INTO guild_settings ({listed}) VALUES ({marks}, now())",
                *old_row(settings, columns),
            )

        async def old_columns():
            found = await connection.fetch(
                f"SELECT {', '.join(OLD_COLUMNS)} FROM guild_settings ORDER BY guild_id"
            )
            return [tuple(row) for row in found]

        store = await open_storage(url, KINDS)
        try:
            await check_upgraded(store, old_columns)
        finally:
            await store.close()
        versions = await connection.fetch("SELECT version FROM schema_version ORDER BY 1")
        assert [v["version"] for v in versions] == list(
            range(1, len(postgres_schema.MIGRATIONS) + 1)
        )
        points = await connection.fetchval(
            "SELECT data_type FROM information_schema.columns "
            "WHERE table_name = 'results' AND column_name = 'points'"
        )
        assert points == "integer"
    finally:
        await connection.close()


# -- Schema 8 / PostgreSQL version 4: a result keeps its player's name -----------------------

#: A solved daily game and a result as schema 8 (version 4) wrote them: no name.
OLD_GAME = """INSERT INTO games (puzzle_id, state, owner_id, mode, daily_id, started_at,
    outcome, finished_at, turns, version) VALUES (?, ?, 7, 'daily', ?, ?, 'solved', ?, 12, 12)
    RETURNING id"""


async def open_at(backend, where, versions, monkeypatch, request):
    """The backend opened at an older schema: ``versions`` is (SQLite's, PostgreSQL's); the
    test calls ``monkeypatch.undo()`` to open it at today's schema afterwards."""
    module, previous = (
        (schema, versions[0]) if backend == "sqlite" else (postgres_schema, versions[1])
    )
    if backend == "postgres":
        request.getfixturevalue("postgres")
    monkeypatch.setattr(module, "MIGRATIONS", module.MIGRATIONS[:previous])
    return await open_backend(backend, where)


OLD_RESULT = """INSERT INTO results (daily_id, user_id, guild_id, game_id, seconds, turns,
    hints, solved_at, late, points) VALUES (?, 7, 5, ?, 95.5, 12, 1, ?, ?, NULL)"""


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_results_stored_before_names_are_kept_and_later_ones_keep_their_name(
    backend, tmp_path, monkeypatch, request
):
    where, solved_at = tmp_path / "v8.sqlite3", datetime(2026, 11, 22, 10, tzinfo=UTC)
    store = await open_at(backend, where, (8, 4), monkeypatch, request)
    daily = await store.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    await store.close()
    state = KIND.encode_state(KIND.initial_state(KIND.load(daily.puzzle)))
    if backend == "sqlite":
        with sqlite3.connect(where) as raw:
            at = solved_at.isoformat()
            [old] = raw.execute(OLD_GAME, (daily.puzzle.id, state, daily.id, at, at)).fetchone()
            raw.execute(OLD_RESULT, (daily.id, old, at, 0))
    else:
        url = await pgserver.database_for(where)
        raw = await asyncpg.connect(url)
        old = await raw.fetchval(
            numbered(OLD_GAME), daily.puzzle.id, state, daily.id, solved_at, solved_at
        )
        await raw.execute(numbered(OLD_RESULT), daily.id, old, solved_at, False)
        await raw.close()
    monkeypatch.undo()

    store = await open_backend(backend, where)
    try:
        [kept] = await store.results(daily.id)
        assert (kept.user_id, kept.game_id, kept.seconds, kept.turns, kept.hints) == (
            7, old, 95.5, 12, 1,
        )  # fmt: skip
        assert (kept.solved_at, kept.late, kept.points, kept.name) == (
            solved_at, False, None, None,
        )  # fmt: skip
        new = await new_game(store, owner=8, puzzle=daily.puzzle, mode="daily", daily_id=daily.id)

        def named(game, now):
            return NewResult(30.0, 1, 0, name="Bob **B**")

        await store.change(new.id, 8, turn([(0, 1)], outcome="solved", result=named))
        assert [(r.user_id, r.name) for r in await store.user_results(8)] == [(8, "Bob **B**")]
        assert (await store.result(daily.id, 7)).name is None
    finally:
        await store.close()
    if backend == "sqlite":
        with sqlite3.connect(where) as raw:
            assert raw.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS)
    else:
        raw = await asyncpg.connect(url)
        newest = await raw.fetchval("SELECT max(version) FROM schema_version")
        assert newest == len(postgres_schema.MIGRATIONS)
        await raw.close()


# -- Schema 10 / PostgreSQL version 6: the order players played and opened their games -----

#: A game and a move as schema 9 (version 5) wrote them.
GAME_BEFORE_ORDER = """INSERT INTO games (puzzle_id, state, owner_id, mode, started_at)
    VALUES (?, ?, 7, 'personal', ?) RETURNING id"""
MOVE_BEFORE_ORDER = "INSERT INTO moves (game_id, user_id, move, hint, at) VALUES (?, 7, ?, ?, ?)"


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_games_stored_before_their_order_are_ordered_by_their_last_move(
    backend, tmp_path, monkeypatch, request
):
    """Three games of schema 9: the one played last (though started first) is the one typed
    commands go to, and the order counts on from there."""
    where = tmp_path / "v9.sqlite3"
    store = await open_at(backend, where, (9, 5), monkeypatch, request)
    puzzle = await store.store_puzzle(PIPES)
    await store.close()
    state = KIND.encode_state(KIND.initial_state(KIND.load(puzzle)))

    def at(hour, minute):
        return datetime(2026, 11, 22, hour, minute, tzinfo=UTC)

    # (started, moves at): played at 10:05; never played, started 10:01; played last, 10:10.
    games = [(at(10, 0), [at(10, 5)]), (at(10, 1), []), (at(9, 0), [at(9, 30), at(10, 10)])]
    ids = []
    if backend == "sqlite":
        with sqlite3.connect(where) as raw:
            for started, moves in games:
                [game] = raw.execute(
                    GAME_BEFORE_ORDER, (puzzle.id, state, started.isoformat())
                ).fetchone()
                for moment in moves:
                    raw.execute(MOVE_BEFORE_ORDER, (game, "A1:1", 0, moment.isoformat()))
                ids.append(game)
    else:
        raw = await asyncpg.connect(await pgserver.database_for(where))
        for started, moves in games:
            game = await raw.fetchval(numbered(GAME_BEFORE_ORDER), puzzle.id, state, started)
            for moment in moves:
                await raw.execute(numbered(MOVE_BEFORE_ORDER), game, "A1:1", False, moment)
            ids.append(game)
        await raw.close()
    monkeypatch.undo()
    played, unplayed, last = ids

    store = await open_backend(backend, where)
    try:
        assert (await store.last_opened(7, "pipes")).id == last
        assert await store.last_played(7, "pipes") == last
        assert await store.own_boards(7, "pipes") == {"playing": 3}
        await store.open_game(unplayed)  # opened: typed commands go there; played: no
        assert (await store.last_opened(7, "pipes")).id == unplayed
        assert await store.last_played(7, "pipes") == last
        await store.change(played, 7, turn([(0, 1)]))  # counts on from the stored order
        assert (await store.last_opened(7, "pipes")).id == played
        assert await store.last_played(7, "pipes") == played
    finally:
        await store.close()


# -- Schema 11 / PostgreSQL version 7: moves gain the version of their change ----------------

#: A move as schema 10 (version 6) wrote it: no version.
OLD_MOVE = "INSERT INTO moves (game_id, user_id, move, hint, at) VALUES (?, 7, ?, FALSE, ?)"


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_moves_stored_before_versions_are_kept_and_only_later_ones_undone(
    backend, tmp_path, monkeypatch, request
):
    where, at = tmp_path / "v10.sqlite3", datetime(2026, 11, 22, 10, tzinfo=UTC)
    store = await open_at(backend, where, (10, 6), monkeypatch, request)
    stored = await store.store_puzzle(PIPES)
    game = await new_game(store, owner=7, puzzle=stored)
    await store.close()
    monkeypatch.undo()
    puzzle = KIND.load(stored)
    turned = KIND.apply(puzzle, game.state, KIND.parse_moves(puzzle, game.state, "A1")).state
    state = KIND.encode_state(turned)
    update = "UPDATE games SET state = ?, turns = 1, version = 1 WHERE id = ?"
    if backend == "sqlite":
        with sqlite3.connect(where) as raw:
            raw.execute(OLD_MOVE, (game.id, "A1", at.isoformat()))
            raw.execute(update, (state, game.id))
    else:
        raw = await asyncpg.connect(await pgserver.database_for(where))
        await raw.execute(numbered(OLD_MOVE), game.id, "A1", at)
        await raw.execute(numbered(update), state, game.id)
        await raw.close()

    store = await open_backend(backend, where)
    try:
        service = play.GameService(store)
        [kept] = await store.moves(game.id)
        assert (kept.move, kept.version) == ("A1", None)
        await service.play(game.id, 7, "B2")
        assert (await service.undo(game.id, 7)).board.game.state == turned
        with pytest.raises(play.UserError, match="before undo existed"):
            await service.undo(game.id, 7)
        assert [(m.move, m.version) for m in await store.moves(game.id)] == [
            ("A1", None), ("B2", 2), ("undo", 3),
        ]  # fmt: skip
    finally:
        await store.close()


# -- Schema 12 / PostgreSQL version 8: the server's Activity switch and the last launches ----

#: A server's settings as schema 11 (version 7) wrote them: no Activity switch.
OLD_SETTINGS = """INSERT INTO guild_settings (guild_id, channel_id, post_time, timezone,
    enabled, updated_at) VALUES (5, 9, '07:30', 'Europe/Berlin', TRUE, ?)"""


async def write_old_settings(backend, where, at):
    """Server 5's settings, written as an older bot wrote them (no column added since)."""
    if backend == "sqlite":
        with sqlite3.connect(where) as raw:
            raw.execute(OLD_SETTINGS, (at.isoformat(),))
    else:
        raw = await asyncpg.connect(await pgserver.database_for(where))
        await raw.execute(numbered(OLD_SETTINGS), at)
        await raw.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_servers_set_up_before_the_activity_have_it_on_and_launches_start_empty(
    backend, tmp_path, monkeypatch, request
):
    where, at = tmp_path / "v11.sqlite3", datetime(2026, 11, 22, 10, tzinfo=UTC)
    store = await open_at(backend, where, (11, 7), monkeypatch, request)
    daily = await store.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    await store.close()
    await write_old_settings(backend, where, at)
    monkeypatch.undo()

    store = await open_backend(backend, where)
    try:
        kept = await store.guild_settings(5)
        assert (kept.channel_id, kept.post_time, kept.timezone, kept.enabled, kept.activity) == (
            9, time(7, 30), "Europe/Berlin", True, True,
        )  # fmt: skip
        assert await store.last_launch(7) is None
        await store.save_guild_settings(replace(kept, activity=False))
        assert (await store.guild_settings(5)).activity is False
        launch = await store.remember_launch(7, "pipes", daily.id, 5, 9)
        assert await store.last_launch(7) == launch
    finally:
        await store.close()


# -- Schema 14 / PostgreSQL version 10: games of the archive ---------------------------------


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_games_stored_before_the_archive_are_kept_with_their_moves_and_results(
    backend, tmp_path, monkeypatch, request
):
    """A schema-13 database (version 9): every game, move and result is kept as it was, a
    daily is still one game per player, and archive games can be stored."""
    where = tmp_path / "v13.sqlite3"
    store = await open_at(backend, where, (13, 9), monkeypatch, request)
    daily = await store.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    own = await new_game(store, owner=7)
    await store.change(own.id, 7, turn([(0, 1)]))
    solved = await new_game(store, owner=7, puzzle=daily.puzzle, mode="daily", daily_id=daily.id)
    await store.change(solved.id, 7, turn([(1, 1)], outcome="solved", result=daily_result))
    before = [await store.game(g.id) for g in (own, solved)]
    moves = [await store.moves(g.id) for g in (own, solved)]
    await store.close()
    monkeypatch.undo()

    store = await open_backend(backend, where)
    try:
        assert [await store.game(g.id) for g in (own, solved)] == before
        assert [await store.moves(g.id) for g in (own, solved)] == moves
        assert [r.game_id for r in await store.results(daily.id)] == [solved.id]
        again = await new_game(store, owner=7, puzzle=daily.puzzle, mode="daily", daily_id=daily.id)
        assert again.id == solved.id
        archived = [
            await new_game(store, owner=7, puzzle=daily.puzzle, mode="archive") for _ in range(2)
        ]
        assert archived[0].id == archived[1].id not in (own.id, solved.id)
        assert archived[0].mode == "archive"
    finally:
        await store.close()


# -- Schema 15 / PostgreSQL version 11: races ------------------------------------------------


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_games_stored_before_races_are_kept_and_races_can_be_stored(
    backend, tmp_path, monkeypatch, request
):
    """A schema-14 database (version 10): its games (an archive game too) are kept as they
    were, still one archive game per player and puzzle; races and race games can be stored."""
    where = tmp_path / "v14.sqlite3"
    store = await open_at(backend, where, (14, 10), monkeypatch, request)
    daily = await store.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    own = await new_game(store, owner=7)
    await store.change(own.id, 7, turn([(0, 1)]))
    archived = await new_game(store, owner=7, puzzle=daily.puzzle, mode="archive")
    before = [await store.game(g.id) for g in (own, archived)]
    await store.close()
    monkeypatch.undo()

    store = await open_backend(backend, where)
    try:
        assert [await store.game(g.id) for g in (own, archived)] == before
        again = await new_game(store, owner=7, puzzle=daily.puzzle, mode="archive")
        assert again.id == archived.id
        fresh = await store.store_puzzle(KIND.generate(KIND.parse_params("5x5"), "race"))
        race = await store.create_race(fresh.id, host_id=7, guild_id=1, channel_id=2)
        raced = [await new_game(store, owner=7, puzzle=fresh, mode="race") for _ in range(2)]
        assert raced[0].id == raced[1].id and raced[0].mode == "race"
        assert (await store.race(race.id)).players == (7,)
    finally:
        await store.close()


# -- Schema 16 / PostgreSQL version 12: reminders ---------------------------------------------


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_database_before_reminders_gets_them_and_keeps_its_games(
    backend, tmp_path, monkeypatch, request
):
    """A schema-15 database (version 11): its games are kept, and reminders can be set and
    claimed."""
    where = tmp_path / "v15.sqlite3"
    store = await open_at(backend, where, (15, 11), monkeypatch, request)
    daily = await store.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    game = await new_game(
        store, owner=7, puzzle=daily.puzzle, mode="daily", daily_id=daily.id, guild_id=5
    )
    await store.close()
    monkeypatch.undo()

    store = await open_backend(backend, where)
    try:
        assert (await store.game(game.id)).daily_id == daily.id
        await store.set_reminder(5, 7, time(20, 0))
        assert [r.at for r in await store.undecided_reminders(5, daily.date)] == [time(20, 0)]
        assert await store.claim_reminder(5, 7, daily.date, ["pipes"], "sending")
        assert await store.daily_kinds_played(7, 5, daily.date) == {"pipes": daily.date}
    finally:
        await store.close()


# -- Schema 17 / PostgreSQL version 13: the day's recap ----------------------------------------


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_servers_set_up_before_the_recap_have_it_on_and_keep_their_posts(
    backend, tmp_path, monkeypatch, request
):
    """A schema-16 database (version 12): every server's settings and posts are kept, its
    recap is on, and a recap can be claimed once."""
    where, day = tmp_path / "v16.sqlite3", date(2026, 11, 22)
    at = datetime(2026, 11, 22, 10, tzinfo=UTC)
    store = await open_at(backend, where, (16, 12), monkeypatch, request)
    daily = await store.ensure_daily_puzzle(day, PIPES)
    assert await store.claim_daily_post(5, day, daily.id, 9)
    await store.set_daily_post_message(5, day, 99)
    await store.close()
    await write_old_settings(backend, where, at)
    monkeypatch.undo()

    store = await open_backend(backend, where)
    try:
        kept = await store.guild_settings(5)
        assert (kept.channel_id, kept.post_time, kept.timezone, kept.enabled, kept.recap) == (
            9, time(7, 30), "Europe/Berlin", True, True,
        )  # fmt: skip
        assert (await store.daily_post(5, day)).message_id == 99
        stale = datetime(2026, 11, 23, tzinfo=UTC)
        assert await store.claim_recap(5, day, 9, stale)
        assert not await store.claim_recap(5, day, 9, stale - timedelta(days=1))
    finally:
        await store.close()
