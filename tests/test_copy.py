"""Backup, restore and moving to PostgreSQL: ``db.backup`` copies a live SQLite database,
``play.copy`` moves a SQLite deployment into PostgreSQL without losing a game, result or
streak, and ``pg_dump -Fc`` / ``pg_restore`` give back an equal PostgreSQL database. Every
claim of the README's "Backup, restore and moving to PostgreSQL" is shown here."""

import asyncio
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import asyncpg
import pytest
from storekit import FakeClock, new_game, open_backend, turn
from test_upgrade import schema_one

import play
from db import Change, DailyKind, GuildSettings, NewResult, is_postgres_url
from db.copy import TABLES, CopyRefused, copy_sqlite_to_postgres
from kinds.pipes.engine import turns_between
from play import GameService, ranked, scoring
from play.races import Races
from puzzle import Scoring
from puzzle.grid import cell_name

TIME = Scoring()

ROOT = Path(__file__).resolve().parents[1]
ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
GUILD, QUIET, CHANNEL = 5, 6, 9
FIRST = date(2026, 11, 20)
TODAY = date(2026, 11, 22)


def at(day, hour=10):
    return datetime(day.year, day.month, day.day, hour, tzinfo=UTC)


class Player:
    """Drives a ``GameService`` as the bot does, each call with a fresh interaction id."""

    def __init__(self, service, clock, first_id=10**15):
        self.service, self.clock = service, clock
        self.ids = iter(range(first_id, first_id + 10**6))

    async def click(self, game_id, user, cell, suffix=""):
        self.clock.advance(seconds=2, microseconds=123457)
        width = (await self.service.storage.game(game_id)).width
        text = cell_name(cell % width, cell // width) + suffix
        return await self.service.play(game_id, user, text, next(self.ids))

    async def solve(self, game_id, user, hint=False):
        if hint:
            self.clock.advance(seconds=40, microseconds=1)
            await self.service.hint(game_id, user, next(self.ids))
        game = await self.service.storage.game(game_id)
        solution = play.load(game.puzzle).solution
        for cell, (tile, target) in enumerate(zip(game.state.tiles, solution, strict=True)):
            for _ in range(turns_between(tile, target)):
                played = await self.click(game_id, user, cell)
        assert played.board.game.solved
        return played.board.game


#: A server whose Pipes level and size changed from a date on, and whose Minesweeper daily
#: (not in its post) changed too.
GUILD_SETTINGS = GuildSettings(
    guild_id=GUILD, channel_id=CHANNEL, post_time=time(7, 30), timezone="Europe/Berlin",
    enabled=True, configured_by=ALICE, role_id=77,
    dailies=(
        DailyKind("pipes", "6x6 hard", since=FIRST + timedelta(days=1), previous="5x5 easy"),
        DailyKind(
            "mines", "16x16", posted=False, position=1, since=FIRST + timedelta(days=1),
            previous="9x9",
        ),
    ),
)  # fmt: skip

#: A server whose daily is off, Minesweeper first, and which turned the Activity off.
QUIET_SETTINGS = GuildSettings(
    guild_id=QUIET,
    activity=False,
    dailies=(DailyKind("mines", "9x9"), DailyKind("pipes", "7x8 weekly", posted=False, position=1)),
)


def with_points(points):
    """Rules that solve a daily game in one move and store a result with ``points``, as a
    kind that counts points besides time would."""

    def rules(game, now):
        seconds = (now - game.started_at).total_seconds()
        result = NewResult(seconds, game.turns + 1, game.hints, points=points)
        return Change(game.state, ("A1",), turns=1, outcome="solved", result=result)

    return rules


async def build(where, clock):
    """Through the real service: two servers' settings (daily rows of two kinds, a level and
    a size changed from a date on), the deployment's secret, three days of dailies and posts
    (one without its message yet) and two recaps (one not sent yet), daily games solved with
    and without hints, one solved late, one with points, one unfinished, personal games
    solved, given up, restarted, locked and unfinished, and the interactions of every
    click."""
    clock.now = at(FIRST, 8)
    store = await play.open_storage(where, clock=clock)
    try:
        return await fill(store, clock)
    finally:
        await store.close()  # also after a failure: an open file keeps the process alive


async def fill(store, clock):
    service = GameService(store, clock)
    player = Player(service, clock)
    await store.save_guild_settings(GUILD_SETTINGS)
    await store.save_guild_settings(QUIET_SETTINGS)
    await store.set_post_state(QUIET, 3, "missing permissions")
    secret = await service.daily_secret()
    late_game = None
    for k in range(3):
        day = FIRST + timedelta(days=k)
        clock.now = at(day, 6)
        params = await service.daily_params(GUILD, day, "pipes")
        daily = await service.daily_puzzle(day, params, "pipes")
        assert await store.claim_daily_post(GUILD, day, daily.id, CHANNEL)
        if k < 2:
            await store.set_daily_post_message(GUILD, day, 4200 + k)
        if k == 1:  # the day before's recap: sent; this day's: claimed, not yet sent
            stale = clock.now - timedelta(minutes=10)
            assert await store.claim_recap(GUILD, day - timedelta(days=1), CHANNEL, stale)
            await store.set_recap_message(GUILD, day - timedelta(days=1), 4300)
            assert await store.claim_recap(GUILD, day, CHANNEL, stale)
        clock.advance(hours=1, microseconds=654321)
        alice = await service.play_daily(daily.id, ALICE, GUILD, CHANNEL, next(player.ids))
        await store.set_game_message(alice.game.id, CHANNEL, 5000 + k)
        clock.advance(minutes=2)
        await player.solve(alice.game.id, ALICE, hint=k == 1)
        if k == 0:
            bob = await service.play_daily(daily.id, BOB, GUILD, CHANNEL)
            await player.solve(bob.game.id, BOB, hint=True)
            dave = await service.play_daily(daily.id, DAVE, GUILD, CHANNEL)
            clock.advance(seconds=75, microseconds=5)
            await store.change(dave.game.id, DAVE, with_points(7), interaction_id=next(player.ids))
        if k == 1:
            late_game = (await service.play_daily(daily.id, BOB, GUILD, None)).game
            await player.click(late_game.id, BOB, 0)
        if k == 2:
            clock.advance(minutes=1)
            await player.solve(late_game.id, BOB)  # its date is over: late
            carol = await service.play_daily(daily.id, CAROL, GUILD, CHANNEL)
            await player.click(carol.game.id, CAROL, 3)
    locked = await service.new_game("pipes", ALICE, GUILD, CHANNEL, "5x4", "copy-locked")
    await player.click(locked.game.id, ALICE, 1)
    await player.click(locked.game.id, ALICE, 2, "ccw")
    await player.click(locked.game.id, ALICE, 7, "lock")
    await service.hint(locked.game.id, ALICE)
    solved = await service.new_game(
        "pipes", BOB, GUILD, CHANNEL, "4x4", "copy-solved", next(player.ids)
    )
    await player.solve(solved.game.id, BOB)
    lost = await service.new_game("pipes", CAROL, GUILD, CHANNEL, "5x5", "copy-lost")
    await player.click(lost.game.id, CAROL, 4)
    await service.give_up(lost.game.id, CAROL)
    direct = await service.new_game("pipes", ALICE, None, None, "6x5", "copy-direct")
    await player.click(direct.game.id, ALICE, 0)
    await service.restart(direct.game.id, ALICE)
    await player.click(direct.game.id, ALICE, 5)
    clock.advance(seconds=1, microseconds=7)
    await store.remember_launch(BOB, "pipes", late_game.daily_id, GUILD, CHANNEL)
    await store.remember_launch(CAROL, "mines", None, None, None)
    await store.set_reminder(GUILD, ALICE, time(20, 30))
    await store.set_reminder(QUIET, BOB, time(7, 0))
    assert await store.claim_reminder(GUILD, ALICE, FIRST, ["pipes"], "held")
    races = Races(service)
    raced = await races.open("pipes", "5x4", ALICE, GUILD, CHANNEL, None)
    await store.set_race_message(raced.race.id, 6000)
    await races.join(raced.race.id, BOB)
    await races.start(raced.race.id, ALICE)
    alice_race = await races.board(raced.race.id, ALICE)
    await player.click(alice_race.game.id, ALICE, 0)
    await races.open("pipes", "4x4", CAROL, GUILD, CHANNEL, None)  # a lobby, never started
    return secret


async def inventory(where):
    """Every key the reads are asked about, from the database itself (SQLite or PG)."""
    sql = {
        "games": "SELECT id, owner_id, channel_id FROM games ORDER BY id",
        "races": "SELECT id, puzzle_id FROM races ORDER BY id",
        "dailies": "SELECT id, date, kind, params FROM daily_puzzles ORDER BY id",
        "puzzles": "SELECT kind, params, seed FROM puzzles ORDER BY id",
        "posts": "SELECT guild_id, date FROM daily_posts ORDER BY 1, 2",
        "guilds": "SELECT guild_id FROM guild_settings ORDER BY 1",
        "users": "SELECT user_id FROM results UNION SELECT owner_id FROM games ORDER BY 1",
        "deployment": "SELECT key FROM deployment ORDER BY 1",
    }
    if is_postgres_url(where):
        connection = await asyncpg.connect(where)
        try:
            found = {k: [tuple(r) for r in await connection.fetch(q)] for k, q in sql.items()}
        finally:
            await connection.close()
    else:
        with sqlite3.connect(where) as raw:
            found = {k: raw.execute(q).fetchall() for k, q in sql.items()}
    day = lambda value: value if isinstance(value, date) else date.fromisoformat(value)  # noqa: E731
    found["dailies"] = [(i, day(d), k, p) for i, d, k, p in found["dailies"]]
    found["posts"] = [(g, day(d)) for g, d in found["posts"]]
    return found


def by_key(results):
    return sorted(results, key=lambda r: (r.daily_id, r.user_id))


async def reads(store, keys, clock):
    """What every Storage read returns for every key, and the streaks and leaderboards
    play's scoring makes of them."""
    service = GameService(store, clock)
    seen = {}
    last = max((g for g, *_ in keys["games"]), default=0)
    for game_id in range(1, last + 2):  # one more: a game that does not exist
        seen["game", game_id] = await store.game(game_id)
        seen["moves", game_id] = await store.moves(game_id)
    for user in {u for (u,) in keys["users"]}:
        seen["unfinished", user] = await store.unfinished_games(user)
        for channel in {c for _, o, c in keys["games"] if o == user}:
            seen["unfinished", user, channel] = await store.unfinished_games(user, channel)
        seen["user_results", user] = await store.user_results(user)
        seen["launch", user] = await store.last_launch(user)
        seen["stats", user] = await service.stats("pipes", user)
        seen["streaks", user] = scoring.user_stats(user, await store.user_results(user), TODAY)
        for daily_id, *_ in keys["dailies"]:
            seen["daily_game", user, daily_id] = await store.daily_game(user, daily_id)
            seen["result", daily_id, user] = await store.result(daily_id, user)
    for daily_id, day, kind, params in keys["dailies"]:
        seen["daily", daily_id] = await store.daily_puzzle_by_id(daily_id)
        seen["daily", day, kind, params] = await store.daily_puzzle(day, kind, params)
        seen["results", daily_id] = by_key(await store.results(daily_id))
        seen["ranked", daily_id] = ranked(await store.results(daily_id), TIME)
        for guild in (GUILD, QUIET):
            seen["results", daily_id, guild] = by_key(await store.results(daily_id, guild))
    for guild, day in keys["posts"]:
        seen["post", guild, day] = await store.daily_post(guild, day)
        seen["undecided", guild, day] = await store.undecided_reminders(guild, day)
        seen["held", guild, day] = await store.held_reminders(guild, day)
    for user in {u for (u,) in keys["users"]}:
        for guild in (GUILD, QUIET):
            seen["reminder", guild, user] = await store.reminder(guild, user)
            seen["played", guild, user] = await store.daily_kinds_played(user, guild, FIRST)
    for race_id, puzzle_id in keys["races"]:
        seen["race", race_id] = await store.race(race_id)
        seen["race of", puzzle_id] = await store.race_of_puzzle(puzzle_id)
        seen["race games", puzzle_id] = await store.race_games(puzzle_id)
    seen["races running"] = await store.races_running(at(TODAY + timedelta(days=1)))
    for guild in [g for (g,) in keys["guilds"]] + [404]:
        seen["settings", guild] = await store.guild_settings(guild)
    seen["enabled"] = await store.enabled_guilds()
    for kind, params, seed in keys["puzzles"]:
        seen["puzzle", kind, params, seed] = await store.puzzle(kind, params, seed)
    for (key,) in keys["deployment"]:
        seen["deployment", key] = await store.deployment_value(key, "not this one")
    first, last_day = FIRST - timedelta(days=1), TODAY + timedelta(days=1)
    seen["between"] = by_key(await store.results_between(first, last_day))
    seen["between", GUILD] = by_key(await store.results_between(first, last_day, GUILD))
    for day in sorted({day for _, day, *_ in keys["dailies"]}):
        standings = await service.standings("pipes", GUILD, day)
        assert standings is not None
        seen["standings", day] = (
            standings.daily, ranked(standings.local or [], TIME),
            ranked(standings.everywhere, TIME),
        )  # fmt: skip
        for period in ("week", "month", "all"):
            seen["period", day, period] = await service.period_standings(
                "pipes", GUILD, period, day
            )
    return seen


def assert_same(one, other):
    assert one.keys() == other.keys()
    different = [key for key in one if one[key] != other[key]]
    assert different == []


async def table_counts(url):
    connection = await asyncpg.connect(url)
    try:
        return {t: await connection.fetchval(f"SELECT count(*) FROM {t}") for t in TABLES}
    finally:
        await connection.close()


@pytest.fixture
def clock():
    return FakeClock()


async def test_a_copy_into_postgresql_reads_back_equal_and_plays_on(postgres, tmp_path, clock):
    path = tmp_path / "pipes.sqlite3"
    secret = await build(path, clock)
    url = await postgres.database("copy_everything")

    copied = await copy_sqlite_to_postgres(path, url, legacy=play.legacy_puzzle)

    with sqlite3.connect(path) as raw:
        assert copied == {t: raw.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}
    assert list(copied) == list(TABLES) and all(copied.values())
    keys = await inventory(path)
    assert keys == await inventory(url)
    clock.now = at(TODAY, 18)
    lite, pg = await play.open_storage(path, clock=clock), await play.open_storage(url, clock=clock)
    try:
        before = await reads(lite, keys, clock)
        assert_same(before, await reads(pg, keys, clock))
        # What was built is what the reads compare: a three-day streak, a late solve, a
        # hint penalty, a lost game, a locked tile, the server's level and size change.
        # Bob's second date was solved late: no day of a streak, so his has ended.
        assert (before["stats", ALICE].current_streak, before["stats", BOB].current_streak) == (
            3,
            0,
        )
        assert [r.late for r in before["user_results", BOB]] == [False, True]
        assert sum(r.hints for r in before["between"]) == 2
        games = [before["game", g] for g, *_ in keys["games"]]
        assert {g.outcome for g in games} == {"playing", "solved", "lost"}
        assert any(g.state.locked for g in games) and any(g.message_id for g in games)
        assert any(m.hint for g, *_ in keys["games"] for m in before["moves", g])
        assert before["settings", GUILD] == GUILD_SETTINGS
        assert before["settings", QUIET] == replace(
            QUIET_SETTINGS, failures=3, paused="missing permissions"
        )
        assert [(r.user_id, r.points) for r in before["results", keys["dailies"][0][0]]] == [
            (ALICE, None),
            (BOB, None),
            (DAVE, 7),
        ]
        assert before["post", GUILD, FIRST].message_id == 4200
        assert before["post", GUILD, TODAY].message_id is None
        assert before["deployment", "daily-secret"] == secret
        assert before["game", len(games) + 1] is None

        # Play on in both: new rows get the same fresh ids in PostgreSQL (its sequences
        # continue after the copied ids) as in SQLite, and every read stays equal.
        for store in (lite, pg):
            clock.now = at(TODAY + timedelta(days=1), 9)
            service = GameService(store, clock)
            player = Player(service, clock, first_id=2 * 10**15)
            fresh = await service.new_game("pipes", CAROL, GUILD, CHANNEL, "5x4", "after-the-copy")
            assert fresh.game.id == len(games) + 1
            played = await player.click(fresh.game.id, CAROL, 2)
            assert played.applied and played.board.game.version == 1
            daily = await service.daily_game("pipes", ALICE, GUILD, CHANNEL)
            assert daily.game.id == len(games) + 2
            assert daily.game.daily_id == max(d for d, *_ in keys["dailies"]) + 1
            await player.solve(daily.game.id, ALICE)
            stats = await service.stats("pipes", ALICE)
            assert stats.current_streak == 4
        newest = max(m.id for g, *_ in keys["games"] for m in before["moves", g])
        assert (await pg.moves(len(games) + 1))[0].id == newest + 1
        keys = await inventory(path)
        assert keys == await inventory(url)
        assert_same(await reads(lite, keys, clock), await reads(pg, keys, clock))
    finally:
        await lite.close()
        await pg.close()


async def test_a_copy_into_a_database_holding_rows_is_refused_and_changes_nothing(
    postgres, tmp_path, clock
):
    path = tmp_path / "pipes.sqlite3"
    lite = await open_backend("sqlite", path, clock)
    game = await new_game(lite)
    await lite.change(game.id, 1, turn([(0, 1)]))
    await lite.close()
    # The bot started once on PostgreSQL: it holds only the deployment's secret.
    url = await postgres.database("copy_refused")
    pg = await play.open_storage(url, clock=clock)
    await pg.deployment_value("daily-secret", "made-on-postgres")
    await pg.close()
    with pytest.raises(CopyRefused, match=r"already holds rows \(1 in deployment\)"):
        await copy_sqlite_to_postgres(path, url)
    assert await table_counts(url) == dict.fromkeys(TABLES, 0) | {"deployment": 1}
    # A second copy into a database a first copy filled is refused too, nothing merged.
    filled = await postgres.database("copy_twice")
    first = await copy_sqlite_to_postgres(path, filled)
    with pytest.raises(CopyRefused, match="nothing was copied"):
        await copy_sqlite_to_postgres(path, filled)
    assert await table_counts(filled) == first


async def test_a_copy_is_one_transaction_all_or_nothing(postgres, tmp_path, clock):
    path = tmp_path / "pipes.sqlite3"
    lite = await open_backend("sqlite", path, clock)
    game = await new_game(lite)
    await lite.change(game.id, 1, turn([(0, 1)]), interaction_id=77)
    await lite.close()
    with sqlite3.connect(path) as raw:  # foreign keys are off on a plain connection
        raw.execute("INSERT INTO interactions VALUES (78, 999, '2026-11-22T09:00:00+00:00')")
    url = await postgres.database("copy_atomic")
    # The last table fails (no game 999): every table copied before it is rolled back.
    with pytest.raises(asyncpg.ForeignKeyViolationError):
        await copy_sqlite_to_postgres(path, url)
    assert await table_counts(url) == dict.fromkeys(TABLES, 0)


async def test_a_schema_one_file_is_upgraded_then_copied(postgres, tmp_path, clock):
    path = tmp_path / "v1.sqlite3"
    schema_one(path)
    url = await postgres.database("copy_schema_one")
    copied = await copy_sqlite_to_postgres(path, url, legacy=play.legacy_puzzle)
    assert (copied["games"], copied["moves"], copied["results"], copied["puzzles"]) == (5, 3, 2, 3)
    keys = await inventory(path)
    assert keys == await inventory(url)
    lite, pg = await play.open_storage(path, clock=clock), await play.open_storage(url, clock=clock)
    try:
        before = await reads(lite, keys, clock)
        assert_same(before, await reads(pg, keys, clock))
        streak = scoring.user_stats(7, await pg.user_results(7), TODAY)
        assert (streak.solves, streak.current_streak) == (2, 2)
        assert [m.move for m in await pg.moves(1)] == ["C2x2", "C3ccw", "C4ccw"]
    finally:
        await lite.close()
        await pg.close()


async def run(*args):
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.returncode, done.stdout, done.stderr


async def test_the_copy_command_prints_counts_and_never_the_password(postgres, tmp_path, clock):
    path = tmp_path / "pipes.sqlite3"
    await build(path, clock)
    url = (await postgres.database("copy_command")).replace("pipes@", "pipes:hunter2@", 1)
    code, out, err = await run("-m", "play.copy", str(path), url)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    with sqlite3.connect(path) as raw:
        assert lines[:-1] == [
            f"{t}: {raw.execute(f'SELECT count(*) FROM {t}').fetchone()[0]} rows" for t in TABLES
        ]
    assert lines[-1].startswith(f"Copied {path} into postgresql://pipes:***@127.0.0.1:")
    # Again into the now full database: refused in one line, exit code 2, no password.
    code, out, err = await run("-m", "play.copy", str(path), url)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "already holds rows" in err and "hunter2" not in err
    code, out, err = await run("-m", "play.copy", str(tmp_path / "missing.sqlite3"), url)
    assert (
        code == 2 and err == f"error: There is no SQLite database at {tmp_path}/missing.sqlite3.\n"
    )
    assert not (tmp_path / "missing.sqlite3").exists()
    garbage = tmp_path / "text.sqlite3"
    garbage.write_text("not a database " * 20)
    code, out, err = await run("-m", "play.copy", str(garbage), url)
    assert (code, err) == (2, "error: nothing was copied: file is not a database\n")
    closed = url.rsplit(":", 1)[0] + ":1/nowhere"  # no server listens on port 1
    code, out, err = await run("-m", "play.copy", str(path), closed)
    assert code == 2 and len(err.splitlines()) == 1 and "nothing was copied" in err
    assert "hunter2" not in out + err


async def test_a_backup_taken_while_the_bot_writes_holds_every_committed_change(tmp_path, clock):
    path, dest = tmp_path / "pipes.sqlite3", tmp_path / "backup.sqlite3"
    live = await open_backend("sqlite", path, clock)
    game = await new_game(live)
    done = asyncio.Event()

    async def write():
        n = 0
        while not done.is_set():
            await live.change(game.id, 7, turn([(n % 36, 1)]))
            n += 1

    writer = asyncio.create_task(write())
    while (await live.game(game.id)).version < 20:
        await asyncio.sleep(0.01)
    before = (await live.game(game.id)).version
    code, out, err = await run("-m", "db.backup", str(path), str(dest))
    after = (await live.game(game.id)).version
    done.set()
    await writer
    assert (code, err) == (0, "") and len(out.splitlines()) == 1
    assert out.startswith(f"Backed up {path} to {dest} (")
    assert after > before  # the bot kept writing while the backup ran

    # The backup is one complete file: it opens, and holds one consistent snapshot: the
    # game as some committed change left it, with exactly that change's moves.
    assert not Path(f"{dest}-wal").exists() and not Path(f"{dest}.partial").exists()
    with sqlite3.connect(dest) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    copy = await open_backend("sqlite", dest, clock)
    kept = await copy.game(game.id)
    assert before <= kept.version <= after
    assert await copy.moves(game.id) == (await live.moves(game.id))[: kept.version]
    assert kept.turns == kept.version
    await copy.close()

    # Restore: stop the bot, put the backup in place of the file (without the old -wal and
    # -shm), start again: the game is as the backup has it.
    await live.close()
    for stale in (Path(f"{path}-wal"), Path(f"{path}-shm")):
        stale.unlink(missing_ok=True)
    shutil.copyfile(dest, path)
    restored = await open_backend("sqlite", path, clock)
    assert await restored.game(game.id) == kept
    played = await restored.change(game.id, 7, turn([(0, 1)]))
    assert played.game.version == kept.version + 1
    await restored.close()


async def test_a_backup_of_no_database_makes_nothing(tmp_path):
    code, out, err = await run("-m", "db.backup", str(tmp_path / "none"), str(tmp_path / "b"))
    assert code == 2 and out == "" and err.startswith("error: no backup was made: There is no")
    assert list(tmp_path.iterdir()) == []


async def test_pg_dump_and_pg_restore_give_back_an_equal_database(postgres, tmp_path, clock):
    url = await postgres.database("dumped")
    await build(url, clock)
    keys = await inventory(url)
    clock.now = at(TODAY, 18)
    store = await play.open_storage(url, clock=clock)
    original = await reads(store, keys, clock)
    await store.close()
    dump = tmp_path / "pipes.dump"

    def tool(name, *args):
        done = subprocess.run([str(postgres.bin_dir / name), *args], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr

    tool("pg_dump", "-Fc", "-f", str(dump), url)
    # Into a new empty database.
    fresh = await postgres.database("restored")
    tool("pg_restore", "--no-owner", "-d", fresh, str(dump))
    # Over the database itself after it changed: --clean drops what it holds first.
    store = await play.open_storage(url, clock=clock)
    changed = await GameService(store, clock).new_game(
        "pipes", ALICE, GUILD, CHANNEL, "5x4", "later"
    )
    await store.close()
    tool("pg_restore", "--clean", "--if-exists", "--no-owner", "-d", url, str(dump))

    for where in (fresh, url):
        assert await inventory(where) == keys
        store = await play.open_storage(where, clock=clock)
        try:
            assert_same(original, await reads(store, keys, clock))
            again = await GameService(store, clock).new_game(
                "pipes", BOB, None, None, "4x4", "after"
            )
            assert again.game.id == changed.game.id  # the sequences came back too
        finally:
            await store.close()
