"""Play that reads well (issue 24), the parts done so far: refusals in the interface's terms,
leaderboards that say a date has not come, show "Everywhere" only when it differs and name
players as they were called when they played, stats worth reading, par as the fewest turns
either way."""

import re
import sqlite3
from bisect import bisect_right
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from itertools import pairwise

import pgserver
import pytest
from botkit import (
    ALICE,
    BOB,
    GRADE,
    Harness,
    board_message,
    enable_daily,
    make_bot,
    message_of,
    new_board,
)
from storekit import daily_result, new_game, turn
from test_hidden_daily import post_of

from kinds.pipes.engine import turns_between
from kinds.pipes.tests.clicks import solve_by_clicks
from play import load
from playground.offline import GUILD_ID, default_name
from puzzle import KINDS
from puzzle.grid import cell_name
from renderer import theme


async def test_a_locked_tile_is_refused_in_the_interfaces_terms(harness):
    await new_board(harness)
    await harness.command("lock", ALICE, cells="A1")
    made = await harness.command("rotate", ALICE, cells="A1")
    assert made[-1].content.startswith(
        "A1 is locked: unlock it first (🔒 Lock mode, or `/pipes lock A1`)."
    )
    assert "A1lock" not in made[-1].content


async def test_a_flagged_cell_is_refused_in_the_interfaces_terms(harness):
    await harness.command("new", ALICE, group="mines", size="beginner", seed="words")
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    hidden = next(c for c in range(81) if c not in game.state.opened)
    name = f"{chr(ord('A') + hidden % 9)}{hidden // 9 + 1}"
    await harness.command("flag", ALICE, group="mines", cells=name)
    made = await harness.command("open", ALICE, group="mines", cells=name)
    assert made[-1].content.startswith(
        f"{name} is flagged: unflag it first (🚩 Flag mode, or `/mines flag {name}`)."
    )


async def test_a_leaderboard_of_a_date_not_yet_come_is_said_privately(harness, clock):
    made = await harness.command("leaderboard", ALICE, day="2026-12-01")
    assert made[-1].ephemeral and made[-1].content == (
        "2026-12-01 has not come yet here: its leaderboard opens with its puzzle."
    )


async def test_everywhere_is_shown_only_when_it_differs_from_this_server(harness, clock):
    await enable_daily(harness)
    for user in (ALICE, BOB):
        made = await harness.command("daily", user)
        game = next(g for g in await harness.bot.storage.unfinished_games(user) if g.daily_id)
        clock.now += timedelta(minutes=1)
        await solve_by_clicks(harness, message_of(harness, board_message(made)), game, user)
    board = (await harness.command("leaderboard", ALICE))[0].content
    assert "__This server__" in board and "Everywhere" not in board
    assert board.count(f"{default_name(ALICE)} · ") == 1  # by the name she played under
    week = (await harness.command("leaderboard", ALICE, period=(3, "week")))[0].content
    assert "__This server__" in week and "Everywhere" not in week


async def test_restart_and_hint_say_what_they_did(harness):
    _, _, game = await new_board(harness)
    made = await harness.command("hint", ALICE)
    moves = [m.move for m in await harness.bot.storage.moves(game.id)]
    cell, back, times = re.fullmatch(r"([A-E][1-4])(ccw)?(?:x(2))?", moves[-1]).groups()
    turned = f"{cell} {'↺' if back else '↻'} {'twice' if times else 'once'}"
    assert f"💡 The hint turned {turned} (+0:30 on your time)." in made[-1].content
    made = await harness.command("restart", ALICE)
    assert "↩ Back as it started: your moves so far and your clock carry on." in made[-1].content


async def test_a_typed_move_never_falls_back_to_a_board_not_in_front_of_the_player(harness):
    _, _, older = await new_board(harness, seed="older")
    await new_board(harness, seed="newer")  # the board in front of Alice
    await harness.command("giveup", ALICE)
    for command, options in (("rotate", {"cells": "A1"}), ("hint", {})):
        made = await harness.command(command, ALICE, **options)
        assert made[-1].ephemeral and made[-1].content == (
            "Your last board, Pipes 5x4-newer, is over: `/pipes resume` brings back an "
            "unfinished one, `/pipes new` starts another."
        )
    assert (await harness.bot.storage.game(older.id)).version == 0  # untouched
    await harness.command("resume", ALICE)  # now the older board is in front of her
    await harness.command("rotate", ALICE, cells="A1")
    assert (await harness.bot.storage.game(older.id)).turns == 1


async def test_help_tells_how_to_read_the_picture_what_par_means_and_a_tip(harness):
    said = (await harness.command("help", ALICE))[-1].content
    assert "hollow ones are dry" in said and "a round bulb is a dead end" in said
    assert "Par: the fewest turns that solve it, each tile the shorter way" in said
    assert "Tip: start at the edges" in said
    said = (await harness.command("help", ALICE, group="mines"))[-1].content
    assert "raised grey cells are closed" in said and "Par: the fewest opens" in said
    assert "Tip: " in said


async def test_par_is_the_fewest_turns_either_way_and_turning_back_meets_it(harness):
    kind = KINDS["pipes"]
    made = kind.generate(kind.parse_params("5x4"), "par")
    puzzle = kind.load(made)
    clockwise = [turns_between(t, s) for t, s in zip(puzzle.tiles, puzzle.solution, strict=True)]
    # Stored when par counted clockwise turns only.
    await harness.bot.storage.store_puzzle(replace(made, par=sum(clockwise)))
    request, message_id, game = await new_board(harness, seed="par")
    par = sum(min(k, 4 - k) for k in clockwise)
    assert 3 in clockwise and par < sum(clockwise)
    assert re.search(rf" · par {par} turns{GRADE}\n", request.content)
    for cell, k in enumerate(clockwise):
        for _ in range(k if k < 3 else 0):
            clicked = await harness.click(message_id, f"pipes:t:{game.id}:{cell}:0:0:c", ALICE)
    await harness.click(message_id, f"pipes:m:{game.id}:a:0:0", ALICE)  # ↺ Turn back
    for cell in (cell for cell, k in enumerate(clockwise) if k == 3):
        clicked = await harness.click(message_id, f"pipes:t:{game.id}:{cell}:0:0:a", ALICE)
    update, announcement = clicked
    assert f"with {par} turns (par {par})." in update.content
    assert f"{par} turns (par {par})." in announcement.content


async def test_a_daily_stored_with_another_par_shows_the_true_one(harness, tmp_path):
    await enable_daily(harness)
    await harness.command("daily", ALICE)  # the daily is made and stored
    game = next(g for g in await harness.bot.storage.unfinished_games(ALICE) if g.daily_id)
    puzzle = KINDS["pipes"].load(game.puzzle)
    par = sum(min(k, 4 - k) for k in map(turns_between, puzzle.tiles, puzzle.solution))
    database = sqlite3.connect(tmp_path / "bot.sqlite3")
    with database:  # as a par of another rule was stored
        database.execute("UPDATE puzzles SET par = par + 40")
    database.close()
    assert await harness.bot.poster.tick() == 1
    assert re.search(rf" · par {par} turns{GRADE}\n", post_of(harness).content)
    board = (await harness.command("leaderboard", ALICE))[0].content
    assert re.search(rf" · par {par} turns{GRADE}$", board.splitlines()[0])


@pytest.fixture(params=["sqlite", "postgres"])
async def both(request, tmp_path, clock):
    """A bot on each storage backend: SQLite, then PostgreSQL."""
    database = {}
    if request.param == "postgres":
        request.getfixturevalue("postgres")
        database = {"database_url": await pgserver.database_for(tmp_path)}
    harness = Harness(make_bot(tmp_path, clock, **database))
    await harness.start()
    yield harness
    await harness.close()


async def daily_board(harness, user=ALICE, group="pipes"):
    """Today's daily through ``/<group> daily``: its board's message and its game."""
    made = await harness.command("daily", user, group=group)
    game = next(g for g in await harness.bot.storage.unfinished_games(user) if g.daily_id)
    return message_of(harness, board_message(made)), game


async def test_a_lost_daily_is_played_not_won_in_the_stats(both):
    _, game = await daily_board(both, group="mines")
    mine = min(load(game.puzzle).mines)
    await both.command("open", ALICE, group="mines", cells=cell_name(mine % 9, mine // 9))
    text = (await both.command("stats", ALICE, group="mines"))[-1].content
    assert "not" not in text
    assert "Dailies played: 1 · solved: 0 · win rate: 0%" in text
    assert "Streak: 0 · longest: 0" in text
    assert "Best time" not in text and "```" not in text  # no time to show


def mm_ss(seconds):
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


async def test_stats_count_every_daily_played_and_draw_the_solve_times(both, clock):
    """A week of dailies: solved (one with a hint), given up, left unfinished, and today's
    still running; the numbers, streaks and bars are computed here from what was played."""
    await enable_daily(both)
    plan = {  # puzzle date -> seconds to solve it, with a hint, or what happened instead
        22: (25, False), 23: (50, False), 24: (70, True), 25: "giveup", 26: "unfinished",
        27: (180, False), 28: (55, False), 29: "today",
    }  # fmt: skip
    for day, what in plan.items():
        clock.now = datetime(2026, 11, day, 12, tzinfo=UTC)
        message, game = await daily_board(both)
        if what == "giveup":
            await both.command("giveup", ALICE)
        elif isinstance(what, tuple):
            seconds, hint = what
            if hint:
                await both.command("hint", ALICE)
                game = await both.bot.storage.game(game.id)
            clock.advance(seconds=seconds)
            await solve_by_clicks(both, message, game)
            assert (await both.bot.storage.game(game.id)).solved
    text = (await both.command("stats", ALICE))[-1].content

    solves = {d: w for d, w in plan.items() if isinstance(w, tuple)}
    times = [seconds + (30 if hint else 0) for seconds, hint in solves.values()]
    solved = [date(2026, 11, d) for d in sorted(solves)]
    played = len(plan) - 1  # today's is not over yet
    runs = [1]
    for before, after in pairwise(solved):
        runs.append(runs[-1] + 1 if after - before == timedelta(days=1) else 1)
    current = runs[-1] if date(2026, 11, 29) - solved[-1] <= timedelta(days=1) else 0
    assert (played, len(times), current, max(runs)) == (7, 5, 2, 3)  # the plan, as meant
    assert f"Dailies played: {played} · solved: {len(times)} · win rate: 71%" in text
    assert (
        f"Best time: {mm_ss(min(times))} · average: {mm_ss(sum(times) / len(times))} "
        "(hints included)"
    ) in text
    assert f"Streak: {current} · longest: {max(runs)}" in text

    edges = [30, 60, 120, 300, 600, 1200]
    counts = [0] * (len(edges) + 1)
    for seconds in times:
        counts[bisect_right(edges, seconds)] += 1
    labels = ["< 0:30", *(f"{mm_ss(a)}–{mm_ss(b)}" for a, b in pairwise(edges)), "20:00+"]
    shown = [k for k, n in enumerate(counts) if n]
    span = range(shown[0], shown[-1] + 1)  # from the fastest bucket to the slowest
    block = text.split("```")[1].strip("\n").splitlines()
    assert len(block) == len(span)
    for line, k in zip(block, span, strict=True):
        label, bar, count = re.fullmatch(r"(.+?) +(█*) *(\d+)", line).groups()
        assert (label, int(count)) == (labels[k], counts[k])
        assert len(bar) == (max(1, round(12 * counts[k] / max(counts))) if counts[k] else 0)


async def solve_daily(harness, clock, user, name, seconds):
    """``user``, called ``name`` in Discord, solves today's daily in ``seconds``."""
    harness.names[user] = name
    message, game = await daily_board(harness, user)
    clock.advance(seconds=seconds)
    await solve_by_clicks(harness, message, game, user)


async def test_leaderboards_name_players_as_they_were_called_when_they_played(harness, clock):
    await enable_daily(harness)
    await solve_daily(harness, clock, ALICE, "Alice A", 60)
    await solve_daily(harness, clock, BOB, "**x** @everyone", 90)
    harness.names[ALICE] = "Alicia"  # renamed afterwards
    for period in ({}, {"period": (3, "week")}):
        board = (await harness.command("leaderboard", ALICE, **period))[0].content
        assert "1. Alice A · " in board and "2. \\*\\*x\\*\\* @\u200beveryone · " in board
        assert "Alicia" not in board and "<@" not in board


async def test_a_result_stored_before_names_shows_a_mention_here_only(harness, clock):
    await enable_daily(harness)
    await solve_daily(harness, clock, ALICE, "Alice A", 60)
    storage = harness.bot.storage
    daily = await storage.daily_puzzle_by_id((await storage.user_results(ALICE))[0].daily_id)
    for user, guild in ((BOB, GUILD_ID), (7, 99)):  # a result without a name, here and elsewhere
        game = await new_game(
            storage, owner=user, puzzle=daily.puzzle, mode="daily", guild_id=guild,
            daily_id=daily.id,
        )  # fmt: skip
        await storage.change(game.id, user, turn([(0, 1)], outcome="solved", result=daily_result))
    board = (await harness.command("leaderboard", ALICE))[0].content
    here, everywhere = board.split("__Everywhere__")
    assert "Alice A" in here and f"<@{BOB}>" in here and "a player" not in here
    assert "Alice A" in everywhere and f"<@{BOB}>" in everywhere and "a player" in everywhere
    assert "<@7>" not in board


@pytest.mark.parametrize(
    ("group", "size", "words"),
    [
        ("mines", "beginner", r"(opened|flagged) [A-I][1-9]"),
        ("maze", "8x8", r"ran (left|up|down|right)"),
    ],
)
async def test_a_hint_says_what_it_did_in_the_interfaces_words(harness, group, size, words):
    await harness.command("new", ALICE, group=group, size=size, seed="words")
    said = (await harness.command("hint", ALICE, group=group))[-1].content
    assert re.search(rf"💡 The hint {words} \(\+0:30 on your time\)\.", said), said


def test_everywhere_is_the_same_list_whatever_order_storage_gives_it():
    from bot.texts import _scopes

    results = [(1, "a"), (2, "b"), (3, "c")]
    assert _scopes(results, results[::-1], lambda r: r) == [("This server", results)]


async def test_a_lost_minesweeper_picture_carries_no_frame_of_the_last_click(harness):
    await harness.command("new", ALICE, group="mines", size="beginner", seed="boom")
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    mine = min(load(game.puzzle).mines)
    made = await harness.command("open", ALICE, group="mines", cells=cell_name(mine % 9, mine // 9))
    picture = next(r for r in made if r.files).image().convert("RGB")
    assert theme.HIGHLIGHT not in {colour for _, colour in picture.getcolors(1 << 16)}
