import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db import (
    CellOutsideBoard,
    GameNotFound,
    GameSolved,
    GuildSettings,
    StaleGame,
    open_storage,
    schema,
)  # fmt: skip
from puzzle import generate, rotate

PUZZLE = generate(6, 6, "storage")


class FakeClock:
    def __init__(self, start=datetime(2026, 11, 22, 9, 0, tzinfo=UTC)):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, **delta):
        self.now += timedelta(**delta)


@pytest.fixture
async def storage(tmp_path):
    store = await open_storage(tmp_path / "pipes.sqlite3", clock=FakeClock())
    yield store
    await store.close()


async def new_game(store, tiles=PUZZLE.tiles, owner=1, **kwargs):
    return await store.create_game(
        code=PUZZLE.code,
        width=6,
        height=6,
        source=PUZZLE.source,
        tiles=tiles,
        owner_id=owner,
        mode=kwargs.pop("mode", "personal"),
        **kwargs,
    )


def replay(initial, moves):
    tiles = list(initial)
    for move in moves:
        tiles[move.cell] = rotate(tiles[move.cell], move.turns)
    return tuple(tiles)


async def test_fresh_file_is_migrated_with_wal_and_foreign_keys(tmp_path):
    path = tmp_path / "new.sqlite3"
    store = await open_storage(path)
    await store.close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.execute("PRAGMA foreign_keys = ON")
    with pytest.raises(sqlite3.IntegrityError):  # a move must belong to a game
        raw.execute(
            "INSERT INTO moves (game_id, user_id, cell, turns, at) VALUES (999, 1, 0, 1, 'x')"
        )


async def test_migration_upgrades_an_existing_file_in_place(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite3"
    store = await open_storage(path)
    game = await new_game(store)
    await store.rotate(game.id, 1, 0)
    await store.close()
    extra = ["ALTER TABLE games ADD COLUMN note TEXT", "UPDATE games SET note = 'kept'"]
    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, extra])
    store = await open_storage(path)
    after = await store.game(game.id)
    assert after.tiles == (rotate(PUZZLE.tiles[0]), *PUZZLE.tiles[1:])
    assert len(await store.moves(game.id)) == 1
    await store.close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS)
    assert raw.execute("SELECT note FROM games").fetchone()[0] == "kept"


async def test_failed_migration_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "bad.sqlite3"
    await (await open_storage(path)).close()
    broken = ["ALTER TABLE games ADD COLUMN half TEXT", "THIS IS NOT SQL"]
    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, broken])
    with pytest.raises(sqlite3.OperationalError):
        await open_storage(path)
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS) - 1
    columns = [row[1] for row in raw.execute("PRAGMA table_info(games)")]
    assert "half" not in columns


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.tuples(st.integers(0, 35), st.sampled_from([1, 2, 3, -1, -2])), min_size=1, max_size=30
    )
)
def test_tiles_always_equal_the_replayed_moves(tmp_path_factory, moves):
    async def scenario():
        path = tmp_path_factory.mktemp("replay") / "db.sqlite3"
        async with await open_storage(path) as store:
            game = await new_game(store, tiles=[1] * 36)  # dead ends: never solved
            for cell, turns in moves:
                game = await store.rotate(game.id, 5, cell, turns)
            recorded = await store.moves(game.id)
            assert [(m.cell, m.turns) for m in recorded] == moves
            assert game.tiles == replay(game.initial, recorded)
            assert game.version == len(moves)
            assert game.rotations == sum(abs(t) for _, t in moves)

    asyncio.run(scenario())


async def test_200_concurrent_rotations_lose_and_double_nothing(storage):
    game = await new_game(storage, tiles=[1] * 36)
    moves = [(k * 7 % 36, 1 + k % 3) for k in range(200)]
    await asyncio.gather(
        *(
            storage.rotate(game.id, 100 + k % 13, cell, turns)
            for k, (cell, turns) in enumerate(moves)
        )
    )
    after = await storage.game(game.id)
    recorded = await storage.moves(game.id)
    assert len(recorded) == 200 and after.version == 200
    per_cell = [0] * 36
    for cell, turns in moves:
        per_cell[cell] += turns
    assert after.tiles == tuple(rotate(1, per_cell[i]) for i in range(36))
    assert after.tiles == replay(after.initial, recorded)


async def test_solving_stamps_the_game_and_then_refuses_rotations(storage):
    tiles = list(PUZZLE.solution)
    tiles[0] = rotate(tiles[0], -1)  # one clockwise turn from solved
    game = await new_game(storage, tiles=tiles)
    storage._clock.advance(seconds=42)
    solved = await storage.rotate(game.id, 1, 0)
    assert solved.solved and solved.solved_at == storage._clock()
    with pytest.raises(GameSolved, match="already solved"):
        await storage.rotate(game.id, 1, 3)
    assert len(await storage.moves(game.id)) == 1
    assert (await storage.game(game.id)).version == 1


async def test_bad_moves_write_nothing(storage):
    game = await new_game(storage)
    with pytest.raises(CellOutsideBoard, match="not on the 6×6 board"):
        await storage.rotate_many(game.id, 1, [(0, 1), (36, 1)])
    with pytest.raises(GameNotFound):
        await storage.rotate(9999, 1, 0)
    with pytest.raises(StaleGame):
        await storage.rotate(game.id, 1, 0, expected_version=5)
    after = await storage.game(game.id)
    assert after.tiles == PUZZLE.tiles and after.version == 0
    assert await storage.moves(game.id) == []


async def test_hints_count_as_hints(storage):
    game = await new_game(storage)
    after = await storage.rotate_many(game.id, 1, [(2, 1)], hint=True)
    assert (after.hints, after.rotations) == (1, 0)
    assert (await storage.moves(game.id))[0].hint


async def test_unfinished_and_found_games(storage):
    first = await new_game(storage, channel_id=10)
    second = await new_game(storage, channel_id=11)
    await new_game(storage, owner=2, channel_id=10)
    assert [g.id for g in await storage.unfinished_games(1)] == [second.id, first.id]
    assert [g.id for g in await storage.unfinished_games(1, channel_id=10)] == [first.id]
    await storage.set_game_message(first.id, 12, 555)
    assert (await storage.game(first.id)).message_id == 555
    assert (await storage.find_game(1, code=PUZZLE.code)).id == second.id


async def test_daily_post_is_claimed_once_even_by_rival_schedulers(tmp_path):
    path = tmp_path / "rivals.sqlite3"
    a, b = await open_storage(path), await open_storage(path)
    day = date(2026, 11, 22)
    daily = await a.ensure_daily_puzzle(day, 8, 8, "8x8-d20261122", 61)
    assert await b.ensure_daily_puzzle(day, 8, 8, "8x8-d20261122", 61) == daily
    claims = await asyncio.gather(*(s.claim_daily_post(77, day, daily.id, 5) for s in (a, b, a, b)))
    assert sorted(claims) == [False, False, False, True]
    await a.set_daily_post_message(77, day, 999)
    post = await b.daily_post(77, day)
    assert (post.message_id, post.channel_id, post.daily_id) == (999, 5, daily.id)
    assert await a.claim_daily_post(77, day + timedelta(days=1), daily.id, 5)
    await a.close()
    await b.close()


async def solve_daily(store, daily, user, guild, seconds, hints=0):
    tiles = list(PUZZLE.solution)
    tiles[5] = rotate(tiles[5], -1)
    game = await new_game(
        store, tiles=tiles, owner=user, mode="daily", guild_id=guild, daily_id=daily.id
    )
    for _ in range(hints):
        await store.rotate_many(game.id, user, [(0, 4)], hint=True)
    store._clock.advance(seconds=seconds)
    return await store.rotate(game.id, user, 5)


async def test_first_daily_solve_counts_and_leaderboards_rank_it(storage):
    daily = await storage.ensure_daily_puzzle(date(2026, 11, 22), 6, 6, PUZZLE.code, 40)
    await solve_daily(storage, daily, user=1, guild=100, seconds=90)
    await solve_daily(storage, daily, user=2, guild=100, seconds=60, hints=1)  # 60 + 30
    await solve_daily(storage, daily, user=3, guild=200, seconds=50)
    await solve_daily(storage, daily, user=1, guild=100, seconds=5)  # a replay: ignored
    first = await storage.result(daily.id, 1)
    assert first.seconds == 90 and first.rotations == 1 and first.guild_id == 100
    local = await storage.leaderboard(daily.id, guild_id=100)
    assert [(s.rank, s.result.user_id) for s in local] == [(1, 1), (2, 2)]  # 90 beats 60+30…
    everywhere = await storage.leaderboard(daily.id)
    assert [s.result.user_id for s in everywhere] == [3, 1, 2]
    assert await storage.rank(daily.id, 2, guild_id=100) == 2
    assert await storage.rank(daily.id, 3) == 1
    assert await storage.rank(daily.id, 9) is None


async def test_tie_on_time_goes_to_fewer_hints_then_rotations(storage):
    daily = await storage.ensure_daily_puzzle(date(2026, 11, 22), 6, 6, PUZZLE.code, 40)
    await solve_daily(storage, daily, user=1, guild=1, seconds=60, hints=1)
    await solve_daily(storage, daily, user=2, guild=1, seconds=90)
    assert [s.result.user_id for s in await storage.leaderboard(daily.id)] == [2, 1]


async def test_stats_and_utc_streaks(storage):
    start = date(2026, 11, 1)
    days = [0, 1, 2, 5, 6, 7, 8, 10, 11]  # runs of 3, 4 and 2
    for k in days:
        daily = await storage.ensure_daily_puzzle(start + timedelta(days=k), 6, 6, f"6x6-d{k}", 40)
        await solve_daily(storage, daily, user=1, guild=1, seconds=60 + k)
    stats = await storage.user_stats(1, today=start + timedelta(days=12))
    assert (stats.solves, stats.best_seconds) == (9, 60)
    assert stats.average_seconds == pytest.approx(sum(60 + k for k in days) / 9)
    assert (stats.current_streak, stats.longest_streak) == (2, 4)
    broken = await storage.user_stats(1, today=start + timedelta(days=13))
    assert broken.current_streak == 0
    nobody = await storage.user_stats(42, today=start)
    assert (nobody.solves, nobody.best_seconds, nobody.current_streak) == (0, None, 0)


async def test_guild_settings_round_trip(storage):
    assert await storage.guild_settings(5) is None
    settings_ = GuildSettings(
        guild_id=5,
        channel_id=9,
        post_time=time(7, 30),
        timezone="Europe/Berlin",
        width=10,
        height=8,
        enabled=True,
    )
    await storage.save_guild_settings(settings_)
    assert await storage.guild_settings(5) == settings_
    await storage.save_guild_settings(GuildSettings(guild_id=6))
    assert [g.guild_id for g in await storage.enabled_guilds()] == [5]


def test_a_killed_writer_loses_no_committed_move(tmp_path):
    path = tmp_path / "crash.sqlite3"

    async def setup():
        async with await open_storage(path) as store:
            game = await store.create_game(
                code="3x3-x",
                width=3,
                height=3,
                source=(1, 1),
                tiles=[1] * 9,
                owner_id=7,
                mode="personal",
            )
            return game.id

    game_id = asyncio.run(setup())
    writer = subprocess.Popen(
        [sys.executable, str(Path(__file__).parent / "crash_writer.py"), str(path), str(game_id)],
        stdout=subprocess.PIPE,
        text=True,
    )
    committed = 0
    for line in writer.stdout:
        committed = int(line)
        if committed >= 150:
            break
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    assert writer.returncode == -signal.SIGKILL

    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    raw.close()

    async def verify():
        async with await open_storage(path) as store:
            game = await store.game(game_id)
            moves = await store.moves(game_id)
            assert len(moves) >= committed
            assert game.version == len(moves)
            assert game.tiles == replay(game.initial, moves)

    asyncio.run(verify())
