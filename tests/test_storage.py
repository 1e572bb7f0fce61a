"""The storage contract: every backend in ``storekit.BACKENDS`` must pass all of it, with real
files (and servers), real concurrency and a real SIGKILL."""

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from datetime import date, time, timedelta
from pathlib import Path

import asyncpg
import pgserver
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storekit import (
    BACKENDS,
    PIPES,
    FakeClock,
    daily_result,
    new_game,
    open_backend,
    turn,
)  # fmt: skip

from db import (
    DailyKind,
    DailyPlay,
    GameFinished,
    GameNotFound,
    GuildSettings,
    Launch,
    NewResult,
    StaleGame,
    StorageError,
    StorageUnusable,
    open_storage,
    postgres_schema,
    schema,
)
from db import postgres as postgres_module
from kinds.pipes.engine import KIND, Params, rotate
from puzzle import KINDS

#: A process that changes a game (tests/change_writer.py).
WRITER = [sys.executable, str(Path(__file__).parent / "change_writer.py")]


@pytest.fixture(params=BACKENDS)
def backend(request):
    if request.param == "postgres":
        request.getfixturevalue("postgres")
    return request.param


@pytest.fixture
async def storage(backend, tmp_path):
    store = await open_backend(backend, tmp_path / "pipes.sqlite3")
    yield store
    await store.close()


def replay(initial, moves):
    tiles = list(initial)
    for move in moves:
        name, turns = move.move.split(":")
        cell = (int(name[1:]) - 1) * 6 + ord(name[0]) - 65
        tiles[cell] = rotate(tiles[cell], int(turns))
    return tuple(tiles)


async def test_puzzles_are_stored_once_and_the_first_stays(storage):
    first, again = await asyncio.gather(storage.store_puzzle(PIPES), storage.store_puzzle(PIPES))
    assert first == again and first.code == "pipes:6x6-storage"
    other = KIND.generate(Params(6, 6), "something-else")
    # Another generator's puzzle for the same code does not replace the stored one.
    clash = await storage.store_puzzle(
        replace(PIPES, description=other.description, solution=other.solution, generator="x/2")
    )
    assert clash == first
    assert await storage.puzzle("pipes", "6x6", "storage") == first
    assert await storage.puzzle("pipes", "6x6", "nothing") is None


async def test_a_write_is_read_back_by_its_caller_while_other_reads_run(storage):
    stored = await storage.store_puzzle(PIPES)

    async def start(k):
        game = await new_game(storage, owner=k, puzzle=stored)
        return await storage.game(game.id)

    async def reader():
        for _ in range(100):
            await storage.unfinished_games(5)

    found = await asyncio.gather(*(start(k) for k in range(200)), *(reader() for _ in range(4)))
    assert all(game is not None and game.owner_id == k for k, game in enumerate(found[:200]))


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.tuples(st.integers(0, 35), st.sampled_from([1, 2, 3, -1, -2])), min_size=1, max_size=30
    )
)
def test_the_state_always_equals_the_replayed_moves(backend, tmp_path_factory, moves):
    async def scenario():
        path = tmp_path_factory.mktemp("replay") / "db.sqlite3"
        store = await open_backend(backend, path)
        try:
            game = await new_game(store, tiles=[1] * 36)  # dead ends: never solved
            for cell, turns in moves:
                game = (await store.change(game.id, 5, turn([(cell, turns)]))).game
            recorded = await store.moves(game.id)
            assert len(recorded) == len(moves)
            assert game.state.tiles == replay([1] * 36, recorded)
            assert (await store.game(game.id)).state.tiles == game.state.tiles
            assert game.version == len(moves)
            assert game.turns == sum(abs(t) for _, t in moves)
        finally:
            await store.close()

    asyncio.run(scenario())


async def test_200_concurrent_changes_lose_and_double_nothing(storage):
    game = await new_game(storage, tiles=[1] * 36)
    moves = [(k * 7 % 36, 1 + k % 3) for k in range(200)]
    results = await asyncio.gather(
        *(
            storage.change(game.id, 100 + k % 13, turn([move]), interaction_id=10_000 + k)
            for k, move in enumerate(moves)
        )
    )
    assert all(r.applied for r in results)
    assert sorted(r.game.version for r in results) == list(range(1, 201))
    after = await storage.game(game.id)
    assert len(await storage.moves(game.id)) == 200 and after.version == 200
    per_cell = [0] * 36
    for cell, turns in moves:
        per_cell[cell] += turns
    assert after.state.tiles == tuple(rotate(1, per_cell[i]) for i in range(36))


async def test_rules_see_the_state_they_change(storage):
    """Two relative changes at once: each is computed from the state the other left."""
    game = await new_game(storage, tiles=[1] * 36)
    seen = []

    def once_more(current, now):
        seen.append(current.version)
        return turn([(0, 1)])(current, now)

    await asyncio.gather(*(storage.change(game.id, 1, once_more) for _ in range(5)))
    assert sorted(seen) == [0, 1, 2, 3, 4]
    assert (await storage.game(game.id)).state.tiles[0] == rotate(1, 5)


async def test_an_interaction_is_applied_once(storage):
    game = await new_game(storage, tiles=[1] * 36)
    first = await storage.change(game.id, 1, turn([(3, 1)]), interaction_id=77)
    again = await storage.change(game.id, 1, turn([(3, 1)]), interaction_id=77)
    assert first.applied and not again.applied
    assert again.game == first.game and first.game.version == 1
    assert len(await storage.moves(game.id)) == 1
    twice = await asyncio.gather(
        *(storage.change(game.id, 1, turn([(4, 1)]), interaction_id=78) for _ in range(5))
    )
    assert sum(r.applied for r in twice) == 1
    assert (await storage.game(game.id)).version == 2


async def test_an_interaction_starts_one_game(storage):
    stored = await storage.store_puzzle(PIPES)
    games = await asyncio.gather(
        *(new_game(storage, owner=3, puzzle=stored, interaction_id=501) for _ in range(4))
    )
    assert len({g.id for g in games}) == 1
    assert len(await storage.unfinished_games(3)) == 1


async def test_one_daily_game_per_player_and_daily(storage):
    daily = await storage.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    games = await asyncio.gather(
        *(
            new_game(storage, owner=4, puzzle=daily.puzzle, mode="daily", daily_id=daily.id)
            for _ in range(6)
        )
    )
    assert len({g.id for g in games}) == 1
    assert (await storage.daily_game(4, daily.id)).id == games[0].id
    assert len(await storage.unfinished_games(4)) == 1


async def test_finishing_stamps_the_game_and_then_refuses_moves(storage):
    game = await new_game(storage)
    storage._clock.advance(seconds=42)
    done = (await storage.change(game.id, 1, turn([(0, 1)], outcome="solved"))).game
    assert done.solved and done.finished_at == storage._clock()
    with pytest.raises(GameFinished, match="already solved") as refused:
        await storage.change(game.id, 1, turn([(3, 1)]))
    assert (refused.value.outcome, refused.value.kind) == ("solved", "pipes")
    assert len(await storage.moves(game.id)) == 1
    assert (await storage.game(game.id)).version == 1
    assert await storage.unfinished_games(1) == []


async def test_refused_changes_write_nothing(storage):
    game = await new_game(storage)

    def refuse(current, now):
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        await storage.change(game.id, 1, refuse, interaction_id=5)
    with pytest.raises(GameNotFound):
        await storage.change(9999, 1, turn([(0, 1)]))
    with pytest.raises(StaleGame):
        await storage.change(game.id, 1, turn([(0, 1)]), expected_version=5)
    after = await storage.game(game.id)
    assert after.state.tiles == game.state.tiles and after.version == 0
    assert await storage.moves(game.id) == []
    # The refused interaction was not recorded: the same id may still play.
    assert (await storage.change(game.id, 1, turn([(0, 1)]), interaction_id=5)).applied


async def test_a_change_hands_back_its_context_only_when_applied(storage):
    """What the rules computed comes back with the written change, the very object; a
    redelivered interaction writes nothing and hands back no context."""
    game = await new_game(storage, tiles=[1] * 36)
    computed = []

    def rules(current, now):
        context = {"version seen": current.version}
        computed.append(context)
        return replace(turn([(0, 1)])(current, now), context=context)

    first = await storage.change(game.id, 1, rules, interaction_id=90)
    assert first.applied and first.context is computed[0]
    assert first.context == {"version seen": 0}
    again = await storage.change(game.id, 1, rules, interaction_id=90)
    assert not again.applied and again.context is None
    assert (await storage.change(game.id, 1, turn([(0, 1)]))).context is None


async def test_each_move_records_the_change_that_wrote_it(storage):
    """The moves of one change carry its version (the game's after it), so a command's
    moves are told apart from the next one's, at any time."""
    game = await new_game(storage, tiles=[1] * 36)
    await storage.change(game.id, 1, turn([(0, 1), (1, 2)]))
    await storage.change(game.id, 1, turn([(2, 1)], hint=True))
    await storage.change(game.id, 1, turn([(0, 1), (3, 1), (4, 1)]))
    recorded = await storage.moves(game.id)
    assert [(m.version, m.hint) for m in recorded] == [
        (1, False), (1, False), (2, True), (3, False), (3, False), (3, False),
    ]  # fmt: skip


async def test_hint_moves_count_as_hints(storage):
    game = await new_game(storage)
    after = (await storage.change(game.id, 1, turn([(2, 1)], hint=True))).game
    assert (after.hints, after.turns) == (1, 0)
    assert (await storage.moves(game.id))[0].hint


async def test_unfinished_games_and_messages(storage):
    first = await new_game(storage, channel_id=10)
    second = await new_game(storage, channel_id=11)
    await new_game(storage, owner=2, channel_id=10)
    assert [g.id for g in await storage.unfinished_games(1)] == [second.id, first.id]
    assert [g.id for g in await storage.unfinished_games(1, channel_id=10)] == [first.id]
    await storage.set_game_message(first.id, 12, 555)
    assert (await storage.game(first.id)).message_id == 555


async def test_the_game_a_player_played_or_opened_last_is_known_whatever_the_clock(storage):
    """Creating, changing and opening a game make it the one its player opened last, in that
    order even while the clock stands still; only a change makes it the one played last; a
    finished game is never opened again, nor someone else's game counted."""
    older, newer = await new_game(storage), await new_game(storage)
    await new_game(storage, owner=2)
    assert (await storage.last_opened(1, "pipes")).id == newer.id
    assert await storage.last_played(1, "pipes") is None
    await storage.change(older.id, 1, turn([(0, 1)]))
    assert (await storage.last_opened(1, "pipes")).id == older.id
    assert await storage.last_played(1, "pipes") == older.id
    await storage.open_game(newer.id)
    assert (await storage.last_opened(1, "pipes")).id == newer.id
    assert await storage.last_played(1, "pipes") == older.id
    await storage.change(older.id, 1, turn([(0, 1)], outcome="lost"))
    assert (await storage.last_opened(1, "pipes")).id == older.id  # over, and still the last
    assert (await storage.last_opened(1, "pipes", playing=True)).id == newer.id
    assert await storage.last_played(1, "pipes") is None  # the one played last is over
    await storage.open_game(older.id)  # over: not opened again
    await storage.open_game(newer.id)
    assert (await storage.last_opened(1, "pipes")).id == newer.id
    assert await storage.last_opened(1, "mines") is None
    assert await storage.last_opened(3, "pipes") is None


async def test_a_players_own_boards_are_counted_by_outcome_without_dailies(storage):
    daily = await storage.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    await new_game(storage, owner=8, puzzle=daily.puzzle, mode="daily", daily_id=daily.id)
    for outcome in ("solved", "solved", "lost", "playing"):
        game = await new_game(storage, owner=8)
        if outcome != "playing":
            await storage.change(game.id, 8, turn([(0, 1)], outcome=outcome))
    await new_game(storage, owner=9)
    assert await storage.own_boards(8, "pipes") == {"solved": 2, "lost": 1, "playing": 1}
    assert await storage.own_boards(8, "mines") == {}


async def test_one_archive_game_per_player_and_puzzle_apart_from_the_daily_and_own_boards(
    storage,
):
    """An archive game plays a daily's puzzle without its daily: one per player and puzzle
    however fast they ask, beside their daily game of it, and never one of their own boards."""
    daily = await storage.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    played = await new_game(storage, owner=4, puzzle=daily.puzzle, mode="daily", daily_id=daily.id)
    games = await asyncio.gather(
        *(new_game(storage, owner=4, puzzle=daily.puzzle, mode="archive") for _ in range(6))
    )
    assert len({g.id for g in games}) == 1 and games[0].id != played.id
    assert (games[0].mode, games[0].daily_id) == ("archive", None)
    assert (await storage.archive_game(4, daily.puzzle.id)).id == games[0].id
    assert await storage.archive_game(5, daily.puzzle.id) is None
    assert (await storage.daily_game(4, daily.id)).id == played.id
    assert await storage.daily_of_puzzle(daily.puzzle.id) == daily
    assert await storage.daily_of_puzzle((await storage.store_puzzle(PIPES)).id + 99) is None
    await storage.change(games[0].id, 4, turn([(0, 1)], outcome="solved"))
    assert await storage.own_boards(4, "pipes") == {}
    assert [g.game_id for g in await storage.user_daily_games(4)] == [played.id]


async def test_a_shared_game_counts_each_players_moves_and_is_none_of_its_starters_own(storage):
    """A shared game (a board for everyone) records who made each move: its movers, most
    first, then who moved first; it is not one of its starter's own boards, nor the one
    their typed commands mean."""
    own = await new_game(storage, owner=4)
    shared = await new_game(storage, owner=4, mode="shared")
    for player, cells in ((6, [(0, 1)]), (5, [(1, 1), (2, 1)]), (4, [(3, 1)]), (6, [(0, 1)])):
        await storage.change(shared.id, player, turn(cells))
    assert await storage.movers(shared.id) == [(6, 2), (5, 2), (4, 1)]
    assert await storage.movers(own.id) == []
    assert (await storage.last_opened(4, "pipes")).id == own.id
    assert await storage.last_played(4, "pipes") is None
    await storage.change(shared.id, 4, turn([(0, 1)], outcome="solved"))
    assert await storage.own_boards(4, "pipes") == {"playing": 1}


async def test_the_dailies_of_a_server_are_those_of_dates_it_posted_or_played_on(storage):
    """Newest first, within the dates asked for: a date of the server's post (whatever the
    puzzle's size: the service picks its own), a daily played there, and in direct messages
    (no server) those played there; another server's daily is not this one's."""
    here, there = 10, 11

    async def daily(day, size):
        made = KIND.generate(Params(size, size), f"d{day}-{size}")
        return await storage.ensure_daily_puzzle(date(2026, 11, day), made)

    posted, posted_other_size = await daily(18, 5), await daily(18, 6)
    await storage.claim_daily_post(here, date(2026, 11, 18), posted.id, 9)
    played_here, played_there, in_dm = await daily(19, 5), await daily(20, 5), await daily(21, 5)
    for made, guild in ((played_here, here), (played_there, there), (in_dm, None)):
        await new_game(
            storage, owner=4, puzzle=made.puzzle, mode="daily", daily_id=made.id, guild_id=guild
        )
    await storage.claim_daily_post(there, date(2026, 11, 20), played_there.id, 9)
    first, last = date(2026, 11, 1), date(2026, 11, 30)
    found = await storage.dailies_here("pipes", here, first, last)
    assert [d.id for d in found] == [played_here.id, posted.id, posted_other_size.id]
    assert [d.id for d in await storage.dailies_here("pipes", here, first, last, 1)] == [
        played_here.id
    ]
    assert await storage.dailies_here("pipes", here, first, date(2026, 11, 17)) == []
    assert await storage.dailies_here("mines", here, first, last) == []
    assert [d.id for d in await storage.dailies_here("pipes", None, first, last)] == [in_dm.id]
    assert [d.id for d in await storage.dailies_here("pipes", there, first, last)] == [
        played_there.id
    ]


async def test_a_race_counts_each_player_once_up_to_its_cap_and_starts_and_ends_once(storage):
    """A race's lobby (issue 38): its host joined first; players joining at once, the same
    one twice, are each counted once and never beyond the cap; the host cannot leave; once
    started nobody joins, and only one of many starts (or ends) it; each player has one race
    game of its puzzle, none of them one of their own boards."""
    puzzle = await storage.store_puzzle(PIPES)
    race = await storage.create_race(puzzle.id, host_id=1, guild_id=10, channel_id=9)
    assert (race.players, race.state, race.message_id, race.puzzle) == ((1,), "lobby", None, puzzle)
    joined = await asyncio.gather(*(storage.join_race(race.id, u, 4) for u in (2, 2, 3, 4, 5, 6)))
    assert joined.count(True) == 3
    players = (await storage.race(race.id)).players
    assert players[0] == 1 and len(set(players)) == len(players) == 4
    assert not await storage.leave_race(race.id, 1)  # the host stays
    assert await storage.leave_race(race.id, players[1])
    assert not await storage.leave_race(race.id, players[1])
    await storage.set_race_message(race.id, 77)
    race = await storage.race_of_puzzle(puzzle.id)
    assert (race.message_id, race.players) == (77, (1, *players[2:]))
    started = await asyncio.gather(*(storage.start_race(race.id) for _ in range(3)))
    assert started.count(True) == 1
    assert not await storage.join_race(race.id, 7, 10)
    assert not await storage.leave_race(race.id, players[2])
    games = [await new_game(storage, owner=u, puzzle=puzzle, mode="race") for u in race.players * 2]
    assert len({g.id for g in games}) == 3
    assert [g.owner_id for g in await storage.race_games(puzzle.id)] == list(race.players)
    assert await storage.own_boards(1, "pipes") == {}
    race = await storage.race(race.id)
    assert race.state == "running" and race.started_at is not None
    later = race.started_at + timedelta(minutes=1)
    assert [r.id for r in await storage.races_running(later)] == [race.id]
    assert await storage.races_running(race.started_at) == []
    ended = await asyncio.gather(*(storage.end_race(race.id) for _ in range(3)))
    assert ended.count(True) == 1 and await storage.races_running(later) == []
    assert (await storage.race(race.id)).state == "over"
    assert await storage.race(race.id + 1) is None


async def test_daily_puzzles_and_posts_are_claimed_once_even_by_rival_storages(backend, tmp_path):
    path = tmp_path / "rivals.sqlite3"
    a, b = await open_backend(backend, path), await open_backend(backend, path)
    day = date(2026, 11, 22)
    daily = await a.ensure_daily_puzzle(day, PIPES)
    other = KIND.generate(Params(6, 6), "rival")
    assert await b.ensure_daily_puzzle(day, other) == daily  # the first writer wins
    assert await b.daily_puzzle(day, "pipes", "6x6") == daily
    claims = await asyncio.gather(*(s.claim_daily_post(77, day, daily.id, 5) for s in (a, b, a, b)))
    assert sorted(claims) == [False, False, False, True]
    await a.set_daily_post_message(77, day, 999)
    post = await b.daily_post(77, day)
    assert (post.message_id, post.channel_id, post.daily_id) == (999, 5, daily.id)
    assert await a.claim_daily_post(77, day + timedelta(days=1), daily.id, 5)
    await a.close()
    await b.close()


async def test_reminders_are_kept_per_player_and_server_and_claimed_once_by_rivals(
    backend, tmp_path
):
    """A reminder is set, moved and removed per player and server; each (server, player,
    date) is claimed by one caller of many, after which it is decided; one still sending on
    a stale claim is taken over by one caller, that day only; a held one is taken by one
    caller only."""
    path, clock = tmp_path / "reminders.sqlite3", FakeClock()
    a, b = await open_backend(backend, path, clock), await open_backend(backend, path, clock)
    day = date(2026, 11, 22)
    await a.set_reminder(10, 4, time(20, 30))
    await a.set_reminder(10, 4, time(21, 0))
    await a.set_reminder(11, 4, time(8, 0))
    await b.set_reminder(10, 5, time(22, 0))
    assert (await b.reminder(10, 4)).at == time(21, 0)
    assert [(r.user_id, r.at) for r in await b.undecided_reminders(10, day)] == [
        (4, time(21, 0)), (5, time(22, 0))
    ]  # fmt: skip
    claims = await asyncio.gather(
        *(s.claim_reminder(10, 4, day, ["pipes", "mines"], "sending") for s in (a, b, a, b))
    )
    assert sorted(claims) == [False, False, False, True]
    assert [r.user_id for r in await a.undecided_reminders(10, day)] == [5]
    assert [r.user_id for r in await a.undecided_reminders(10, day + timedelta(days=1))] == [4, 5]
    clock.advance(minutes=2)
    assert await a.reclaim_reminders(10, day, clock.now - timedelta(minutes=3)) == {}  # fresh
    stale = clock.now - timedelta(minutes=1)
    assert await a.reclaim_reminders(10, day + timedelta(days=1), stale) == {}  # not that day
    taken = await asyncio.gather(*(s.reclaim_reminders(10, day, stale) for s in (a, b, a, b)))
    assert sorted(taken, key=len) == [{}, {}, {}, {4: ["pipes", "mines"]}]
    await b.set_reminder_state(10, 4, day, "held")
    assert await a.held_reminders(10, day) == [4]
    taken = await asyncio.gather(*(s.take_held_reminder(10, 4, day) for s in (a, b, a, b)))
    assert [t for t in taken if t is not None] == [["pipes", "mines"]] and taken.count(None) == 3
    assert await a.held_reminders(10, day) == []
    await a.set_reminder(10, 4, None)
    assert await b.reminder(10, 4) is None and (await b.reminder(11, 4)).at == time(8, 0)
    await a.close()
    await b.close()


async def test_the_daily_kinds_a_player_played_in_a_server_with_their_newest_date(storage):
    """Daily games only (not archive nor own boards), of that server, from the first date on."""

    async def play(day, guild, mode="daily"):
        daily = await storage.ensure_daily_puzzle(day, PIPES)
        owned = {"daily_id": daily.id} if mode == "daily" else {}
        await new_game(storage, owner=4, puzzle=daily.puzzle, mode=mode, guild_id=guild, **owned)

    await play(date(2026, 11, 10), 10)
    await play(date(2026, 11, 18), 10)
    await play(date(2026, 11, 20), 11)
    await play(date(2026, 11, 21), 10, "archive")
    assert await storage.daily_kinds_played(4, 10, date(2026, 11, 8)) == {
        "pipes": date(2026, 11, 18)
    }
    assert await storage.daily_kinds_played(4, 10, date(2026, 11, 19)) == {}
    assert await storage.daily_kinds_played(5, 10, date(2026, 11, 1)) == {}


async def test_a_recap_is_claimed_once_by_rivals_and_taken_over_once_when_stale(backend, tmp_path):
    path, clock = tmp_path / "rivals.sqlite3", FakeClock()
    a, b = [await open_backend(backend, path, clock) for _ in "ab"]
    day, stale = date(2026, 11, 22), clock.now - timedelta(minutes=10)
    try:
        claims = await asyncio.gather(*(s.claim_recap(77, day, 5, stale) for s in (a, b, a, b)))
        assert sorted(claims) == [False, False, False, True]
        clock.advance(minutes=11)
        later = clock.now - timedelta(minutes=10)  # the claim is older than this: stale
        takeovers = await asyncio.gather(*(s.claim_recap(77, day, 5, later) for s in (a, b)))
        assert sorted(takeovers) == [False, True]
        await b.set_recap_message(77, day, 999)
        assert not await a.claim_recap(77, day, 5, later + timedelta(days=1))  # sent: done
        assert await a.claim_recap(77, day + timedelta(days=1), 5, stale)  # another date
    finally:
        await a.close()
        await b.close()


async def test_the_players_of_a_daily_are_counted_per_server(storage):
    daily = await storage.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    for owner, guild in ((1, 7), (2, 7), (3, 8)):
        await new_game(
            storage, owner=owner, puzzle=daily.puzzle, mode="daily", daily_id=daily.id,
            guild_id=guild,
        )  # fmt: skip
    await new_game(storage, owner=4, guild_id=7)  # a board of their own
    assert [await storage.daily_players(daily.id, g) for g in (7, 8, 9)] == [2, 1, 0]


async def test_a_daily_solve_stores_its_result_with_the_move(storage):
    daily = await storage.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    game = await new_game(
        storage, owner=8, puzzle=daily.puzzle, mode="daily", guild_id=100, daily_id=daily.id
    )
    storage._clock.advance(seconds=90)
    await storage.change(game.id, 8, turn([(0, 1)], outcome="solved", result=daily_result))
    result = await storage.result(daily.id, 8)
    assert (
        result.seconds, result.turns, result.guild_id, result.date, result.kind, result.late,
        result.points,
    ) == (90, 1, 100, date(2026, 11, 22), "pipes", False, None)  # fmt: skip
    assert await storage.results(daily.id) == [result]
    assert await storage.results(daily.id, guild_id=100) == [result]
    assert await storage.results(daily.id, guild_id=101) == []
    assert await storage.user_results(8) == [result]


async def test_a_result_keeps_its_points(storage):
    """Points are whatever a kind's scoring counts besides time (None: nothing)."""
    daily = await storage.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    for owner, points in ((8, 12), (9, None), (10, 0)):
        game = await new_game(
            storage, owner=owner, puzzle=daily.puzzle, mode="daily", guild_id=100,
            daily_id=daily.id,
        )  # fmt: skip

        def scored(game, now, points=points):
            return NewResult(30.5, 3, 0, points=points)

        await storage.change(game.id, owner, turn([(0, 1)], outcome="solved", result=scored))
    found = await storage.results(daily.id)
    assert sorted((r.user_id, r.points, r.seconds) for r in found) == [
        (8, 12, 30.5),
        (9, None, 30.5),
        (10, 0, 30.5),
    ]
    assert (await storage.result(daily.id, 8)).points == 12
    assert [r.points for r in await storage.user_results(10)] == [0]
    between = await storage.results_between(date(2026, 11, 22), date(2026, 11, 22), 100)
    assert sorted(found, key=lambda r: r.user_id) == sorted(between, key=lambda r: r.user_id)


async def test_a_result_keeps_the_name_its_player_had(storage):
    daily = await storage.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
    for owner, name in ((8, "Zoë **bold** @everyone"), (9, None)):
        game = await new_game(
            storage, owner=owner, puzzle=daily.puzzle, mode="daily", daily_id=daily.id
        )

        def named(game, now, name=name):
            return NewResult(30.5, 3, 0, name=name)

        await storage.change(game.id, owner, turn([(0, 1)], outcome="solved", result=named))
    found = {r.user_id: r.name for r in await storage.results(daily.id)}
    assert found == {8: "Zoë **bold** @everyone", 9: None}
    assert (await storage.result(daily.id, 8)).name == found[8]
    between = await storage.results_between(date(2026, 11, 22), date(2026, 11, 22))
    assert {r.user_id: r.name for r in between} == found


async def test_a_users_daily_games_are_read_however_they_stand(storage):
    """Every daily game of a user with its date, kind, outcome and end of day; no game
    played otherwise, nor anyone else's."""
    first = await storage.ensure_daily_puzzle(date(2026, 11, 21), PIPES)
    other = KIND.generate(Params(5, 5), "second")
    second = await storage.ensure_daily_puzzle(date(2026, 11, 22), other)
    ends = storage._clock() + timedelta(hours=15)
    games = {}
    for daily, owner in ((second, 8), (first, 8), (first, 9)):
        games[daily.id, owner] = await new_game(
            storage, owner=owner, puzzle=daily.puzzle, mode="daily", daily_id=daily.id,
            day_ends=ends if daily is second else None,
        )  # fmt: skip
    await new_game(storage, owner=8)  # not a daily
    lost = games[first.id, 8]
    await storage.change(lost.id, 8, turn([(0, 1)], outcome="lost"))
    assert await storage.user_daily_games(8) == [
        DailyPlay(first.id, lost.id, date(2026, 11, 21), "pipes", "lost", None),
        DailyPlay(second.id, games[second.id, 8].id, date(2026, 11, 22), "pipes", "playing", ends),
    ]
    assert [g.game_id for g in await storage.user_daily_games(9)] == [games[first.id, 9].id]
    assert await storage.user_daily_games(10) == []


def berlin(guild_id, *dailies, **fields):
    """A server's settings with every field set, and the daily rows given."""
    return GuildSettings(
        guild_id=guild_id, channel_id=9, post_time=time(7, 30), timezone="Europe/Berlin",
        enabled=True, configured_by=77, failures=2, paused="Send Messages is missing",
        role_id=42, dailies=dailies,
    )  # fmt: skip


#: Daily rows of several kinds: positions, a pending change (since and previous), one kind
#: not posted, and two at one position (ordered by kind then).
ROWS = (
    DailyKind("pipes", "10x8 hard", since=date(2026, 11, 23), previous="8x8 weekly"),
    DailyKind("mines", "16x16", posted=False, position=1),
    DailyKind("drops", "6x6", position=2, since=date(2026, 11, 23)),
    DailyKind("maze", "15x15", position=2, since=date(2026, 11, 23), previous="21x21"),
)


async def test_guild_settings_round_trip(storage):
    assert await storage.guild_settings(5) is None
    settings_ = berlin(5, *ROWS)
    await storage.save_guild_settings(settings_)
    assert await storage.guild_settings(5) == settings_
    await storage.save_guild_settings(GuildSettings(guild_id=6))
    assert await storage.guild_settings(6) == GuildSettings(guild_id=6)
    assert [g.guild_id for g in await storage.enabled_guilds()] == [5]


async def test_daily_rows_are_read_in_their_order_whatever_order_they_were_saved_in(storage):
    await storage.save_guild_settings(berlin(5, *reversed(ROWS)))
    assert (await storage.guild_settings(5)).dailies == ROWS


async def test_saving_settings_upserts_its_rows_and_leaves_other_kinds_rows(storage):
    await storage.save_guild_settings(berlin(5, *ROWS))
    # A change of one kind: the row is replaced whole (its pending change ends: NULLs), the
    # settings too; the rows of other kinds stay as they were.
    mines = DailyKind("mines", "9x9", posted=True, position=0)
    pipes = replace(ROWS[0], choice="12x12 normal", since=None, previous=None)
    await storage.save_guild_settings(
        replace(berlin(5, pipes, mines), channel_id=10, enabled=False, role_id=None)
    )
    after = await storage.guild_settings(5)
    assert after == replace(
        berlin(5, mines, pipes, ROWS[2], ROWS[3]), channel_id=10, enabled=False, role_id=None
    )
    # Settings without rows change the settings only.
    await storage.save_guild_settings(replace(after, dailies=(), timezone="Asia/Tokyo"))
    assert await storage.guild_settings(5) == replace(after, timezone="Asia/Tokyo")


async def test_two_rows_of_one_kind_are_refused_and_nothing_is_written(storage):
    twice = berlin(5, ROWS[0], replace(ROWS[0], choice="5x5 easy", position=3))
    with pytest.raises(ValueError, match="one daily row per kind"):
        await storage.save_guild_settings(twice)
    assert await storage.guild_settings(5) is None


async def test_enabled_guilds_come_with_all_their_rows(storage):
    quiet = replace(berlin(6, ROWS[1]), enabled=False)
    bare = berlin(7)  # on, but no rows yet
    tokyo = replace(berlin(8, ROWS[3], ROWS[0]), timezone="Asia/Tokyo")
    for settings_ in (tokyo, quiet, berlin(5, *ROWS), bare):
        await storage.save_guild_settings(settings_)
    assert await storage.enabled_guilds() == [
        berlin(5, *ROWS),
        bare,
        replace(berlin(8, ROWS[0], ROWS[3]), timezone="Asia/Tokyo"),
    ]
    assert (await storage.guild_settings(6)).dailies == (ROWS[1],)


async def test_a_servers_activity_switch_is_kept_by_every_save(storage):
    await storage.save_guild_settings(GuildSettings(guild_id=5))
    assert (await storage.guild_settings(5)).activity is True  # on unless turned off
    await storage.save_guild_settings(replace(berlin(5, *ROWS), activity=False))
    off = await storage.guild_settings(5)
    assert off == replace(berlin(5, *ROWS), activity=False)
    await storage.set_post_state(5, 3, "Discord refused it")
    await storage.save_guild_settings(replace(off, dailies=(), timezone="Asia/Tokyo"))
    assert [g.activity for g in await storage.enabled_guilds()] == [False]
    await storage.save_guild_settings(replace(off, activity=True))
    assert (await storage.guild_settings(5)).activity is True


async def test_a_servers_recap_switch_is_kept_by_every_save(storage):
    await storage.save_guild_settings(GuildSettings(guild_id=5))
    assert (await storage.guild_settings(5)).recap is True  # on unless turned off
    await storage.save_guild_settings(replace(berlin(5, *ROWS), recap=False))
    assert (await storage.guild_settings(5)).recap is False
    assert [g.recap for g in await storage.enabled_guilds()] == [False]


async def test_a_users_last_launch_is_remembered_one_per_user(backend, tmp_path):
    clock = FakeClock()
    store = await open_backend(backend, tmp_path / "pipes.sqlite3", clock)
    try:
        daily = await store.ensure_daily_puzzle(date(2026, 11, 22), PIPES)
        assert await store.last_launch(7) is None
        first = await store.remember_launch(7, "pipes", daily.id, 5, 9)
        assert first == Launch(7, "pipes", daily.id, 5, 9, clock.now)
        assert await store.last_launch(7) == first
        clock.advance(minutes=3)
        again = await store.remember_launch(7, "mines", None, None, None)  # a direct message
        assert again == Launch(7, "mines", None, None, None, clock.now)
        await store.remember_launch(8, "pipes", daily.id, 5, 10)
        assert await store.last_launch(7) == again
        assert (await store.last_launch(8)).channel_id == 10
    finally:
        await store.close()


def fresh(seed):
    """A small Pipes puzzle of its own seed, as the stock's refill generates them."""
    return KIND.generate(Params(4, 4), seed)


async def test_the_stock_is_bounded_per_preset_and_takes_only_new_puzzles(storage):
    assert await storage.stock_counts() == {}
    assert [await storage.stock_puzzle(fresh(f"s{k}"), limit=2) for k in range(3)] == [
        True,
        True,
        False,  # full: not even stored
    ]
    assert await storage.puzzle("pipes", "4x4", "s2") is None
    await storage.store_puzzle(fresh("known"))  # stored before: never stocked
    assert not await storage.stock_puzzle(fresh("known"), limit=5)
    other = KIND.generate(Params(5, 5), "s0")
    assert await storage.stock_puzzle(other, limit=2)
    assert await storage.stock_counts() == {("pipes", "4x4"): 2, ("pipes", "5x5"): 1}


async def test_a_stocked_puzzle_is_handed_out_once_oldest_first(storage):
    for k in range(3):
        await storage.stock_puzzle(fresh(f"s{k}"), limit=3)
    oldest = await storage.take_stocked("pipes", "4x4", KIND.generator)
    assert oldest == await storage.puzzle("pipes", "4x4", "s0")  # still stored, for its game
    taken = await asyncio.gather(
        *(storage.take_stocked("pipes", "4x4", KIND.generator) for _ in range(5))
    )
    seeds = [t.seed for t in taken if t is not None]
    assert sorted(seeds) == ["s1", "s2"] and taken.count(None) == 3
    assert await storage.stock_counts() == {}
    assert await storage.take_stocked("pipes", "5x5", KIND.generator) is None


async def test_a_game_started_on_a_stocked_puzzle_takes_it_out_of_the_stock(storage):
    await storage.stock_puzzle(fresh("typed"), limit=3)
    await storage.stock_puzzle(fresh("other"), limit=3)
    typed = await storage.puzzle("pipes", "4x4", "typed")
    await new_game(storage, puzzle=typed)  # someone typed its seed
    assert (await storage.take_stocked("pipes", "4x4", KIND.generator)).seed == "other"
    assert await storage.take_stocked("pipes", "4x4", KIND.generator) is None


async def test_a_puzzle_an_older_generator_stocked_is_never_handed_out(storage):
    """After an upgrade of the kind's generator its old stock leaves at the next take, and
    the preset counts only what the current generator made."""
    await storage.stock_puzzle(replace(fresh("old"), generator="pipes/0"), limit=3)
    await storage.stock_puzzle(fresh("new"), limit=3)
    assert await storage.stock_counts() == {("pipes", "4x4"): 2}
    assert (await storage.take_stocked("pipes", "4x4", KIND.generator)).seed == "new"
    assert await storage.stock_counts() == {}
    assert await storage.puzzle("pipes", "4x4", "old") is not None  # still stored


async def test_the_stock_survives_a_restart(backend, tmp_path):
    store = await open_backend(backend, tmp_path / "pipes.sqlite3")
    try:
        await store.stock_puzzle(fresh("kept"), limit=3)
    finally:
        await store.close()
    store = await open_backend(backend, tmp_path / "pipes.sqlite3")
    try:
        assert await store.stock_counts() == {("pipes", "4x4"): 1}
        assert (await store.take_stocked("pipes", "4x4", KIND.generator)).seed == "kept"
    finally:
        await store.close()


async def test_processes_stocking_at_once_never_outgrow_the_limit(backend, tmp_path):
    stores = [await open_backend(backend, tmp_path / "pipes.sqlite3") for _ in range(3)]
    try:
        puzzles = [fresh(f"p{k}") for k in range(9)]
        added = await asyncio.gather(
            *(stores[k % 3].stock_puzzle(p, limit=4) for k, p in enumerate(puzzles))
        )
        assert added.count(True) == 4
        assert await stores[0].stock_counts() == {("pipes", "4x4"): 4}
    finally:
        for store in stores:
            await store.close()


async def dead_end_game(backend, path):
    """A new game of dead ends (never solved) in a database of its own; its id."""
    store = await open_backend(backend, path)
    try:
        return (await new_game(store, tiles=[1] * 36)).id
    finally:
        await store.close()


def test_a_killed_writer_loses_no_committed_move(backend, tmp_path):
    path = tmp_path / "crash.sqlite3"

    game_id = asyncio.run(dead_end_game(backend, path))
    writer = subprocess.Popen(
        [
            *WRITER,
            backend,
            str(path),
            str(game_id),
        ],
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

    async def verify():
        store = await open_backend(backend, path)
        try:
            game = await store.game(game_id)
            moves = await store.moves(game_id)
            assert len(moves) >= committed
            assert game.version == len(moves)
            assert game.state.tiles == replay([1] * 36, moves)
        finally:
            await store.close()

    asyncio.run(verify())


def test_changes_from_two_processes_serialise(backend, tmp_path):
    """Two processes change one game at once: no move is lost or doubled, and the state is
    the replay of the moves in the order they were stored."""
    path = tmp_path / "shared.sqlite3"

    game_id = asyncio.run(dead_end_game(backend, path))
    writers = [
        subprocess.Popen(
            [*WRITER, backend, str(path), str(game_id), "120", str(user)],
            stdout=subprocess.DEVNULL,
        )
        for user in (1, 2)
    ]
    assert [writer.wait(timeout=120) for writer in writers] == [0, 0]

    async def verify():
        store = await open_backend(backend, path)
        try:
            game, moves = await store.game(game_id), await store.moves(game_id)
            assert Counter(m.user_id for m in moves) == {1: 120, 2: 120}
            assert game.version == 240 and game.turns == 2 * sum(1 + k % 3 for k in range(120))
            assert game.state.tiles == replay([1] * 36, moves)
        finally:
            await store.close()

    asyncio.run(verify())


# -- SQLite's own file: schema versions -------------------------------------------------------


async def test_fresh_file_is_migrated_with_wal_and_foreign_keys(tmp_path):
    path = tmp_path / "new.sqlite3"
    await (await open_backend("sqlite", path)).close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.execute("PRAGMA foreign_keys = ON")
    with pytest.raises(sqlite3.IntegrityError):  # a move must belong to a game
        raw.execute("INSERT INTO moves (game_id, user_id, move, at) VALUES (999, 1, 'A1', 'x')")


async def test_failed_migration_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "bad.sqlite3"
    await (await open_backend("sqlite", path)).close()
    broken = ["ALTER TABLE games ADD COLUMN half TEXT", "THIS IS NOT SQL"]
    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, broken])
    with pytest.raises(sqlite3.OperationalError):
        await open_backend("sqlite", path)
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS) - 1
    columns = [row[1] for row in raw.execute("PRAGMA table_info(games)")]
    assert "half" not in columns


# -- PostgreSQL's own database: schema versions ----------------------------------------------


def test_processes_starting_at_once_migrate_once(backend, tmp_path):
    """Six processes open one new database at once: each waits for the one migrating (an
    advisory lock on PostgreSQL, the write lock on SQLite) and finds the schema done."""
    where = str(tmp_path / "racing.sqlite3")
    if backend == "postgres":
        where = asyncio.run(pgserver.database_for(where))
    opener = (
        "import asyncio, sys; import db; from puzzle import KINDS\n"
        "async def main():\n"
        "    await (await db.open_storage(sys.argv[1], KINDS)).close()\n"
        "asyncio.run(main())"
    )
    starts = [
        subprocess.Popen([sys.executable, "-c", opener, where], cwd=Path(__file__).parents[1])
        for _ in range(6)
    ]
    assert [start.wait(timeout=60) for start in starts] == [0] * 6

    async def versions():
        connection = await asyncpg.connect(where)
        try:
            return [r["version"] for r in await connection.fetch("SELECT * FROM schema_version")]
        finally:
            await connection.close()

    if backend == "postgres":
        assert asyncio.run(versions()) == list(range(1, len(postgres_schema.MIGRATIONS) + 1))
    else:
        raw = sqlite3.connect(where)
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS)
        assert (
            raw.execute("SELECT count(*) FROM sqlite_master WHERE name = 'games'").fetchone()[0]
            == 1
        )


async def test_failed_postgres_migration_changes_nothing(postgres, monkeypatch):
    url = await postgres.database("broken_migration")
    await (await open_storage(url, KINDS)).close()
    broken = ["ALTER TABLE games ADD COLUMN half TEXT", "THIS IS NOT SQL"]
    monkeypatch.setattr(postgres_schema, "MIGRATIONS", [*postgres_schema.MIGRATIONS, broken])
    with pytest.raises(asyncpg.PostgresSyntaxError):
        await open_storage(url, KINDS)
    connection = await asyncpg.connect(url)
    try:
        assert (
            await connection.fetchval("SELECT max(version) FROM schema_version")
            == len(postgres_schema.MIGRATIONS) - 1
        )
        columns = await connection.fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'games'"
        )
        assert "half" not in {c["column_name"] for c in columns}
    finally:
        await connection.close()


def test_a_file_that_cannot_be_opened_lets_the_process_exit(tmp_path):
    """A failed open closes what it opened: the process ends with the error instead of
    waiting forever on a connection's thread."""
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 100)
    opener = (
        "import asyncio, sys; import db; from puzzle import KINDS\n"
        "asyncio.run(db.open_storage(sys.argv[1], KINDS))"
    )
    done = subprocess.run(
        [sys.executable, "-c", opener, str(junk)],
        cwd=Path(__file__).parents[1],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "DatabaseError" in done.stderr


async def test_a_move_on_a_game_held_elsewhere_gives_up_in_a_sentence(postgres, monkeypatch):
    """A frozen peer holding a game's row does not stall a move for ever: it gives up after
    the lock timeout with one sentence, and changes nothing."""
    monkeypatch.setattr(postgres_module, "LOCK_TIMEOUT", "200ms")
    url = await postgres.database("held_row")
    store = await open_storage(url, KINDS)
    game = await new_game(store, tiles=[1] * 36)
    peer = await asyncpg.connect(url)
    try:
        holding = peer.transaction()
        await holding.start()
        await peer.execute("SELECT * FROM games WHERE id = $1 FOR UPDATE", game.id)
        with pytest.raises(StorageError, match="busy right now"):
            await store.change(game.id, 1, turn([(0, 1)]))
        await holding.rollback()
        assert (await store.change(game.id, 1, turn([(0, 1)]))).game.version == 1
    finally:
        await peer.close()
        await store.close()


async def test_an_up_to_date_database_opens_without_the_right_to_create(postgres):
    """The bot's role may lack CREATE once the schema is there: opening only reads."""
    url = await postgres.database("no_create")
    await (await open_storage(url, KINDS)).close()
    admin = await asyncpg.connect(url)
    try:
        await admin.execute("CREATE ROLE player LOGIN")
        await admin.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
        await admin.execute("GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO player")
        await admin.execute("GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO player")
    finally:
        await admin.close()
    store = await open_storage(url.replace("//pipes@", "//player@"), KINDS)
    try:
        assert (await new_game(store)).version == 0
    finally:
        await store.close()


async def test_a_database_of_a_newer_version_is_refused_not_used(backend, tmp_path, monkeypatch):
    """A rollback (or an old process beside a new one) must not read and write a schema it
    does not know: it stops with a sentence instead."""
    await (await open_backend(backend, tmp_path / "newer.sqlite3")).close()
    module = schema if backend == "sqlite" else postgres_schema
    monkeypatch.setattr(module, "MIGRATIONS", module.MIGRATIONS[:-1])
    with pytest.raises(StorageUnusable, match="made by a newer version of the bot"):
        await open_backend(backend, tmp_path / "newer.sqlite3")
