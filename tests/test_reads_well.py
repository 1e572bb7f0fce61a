"""Play that reads well (issue 24), the parts done so far: refusals in the interface's terms,
leaderboards that say a date has not come and show "Everywhere" only when it differs, par
as the fewest turns either way."""

import sqlite3
from dataclasses import replace
from datetime import timedelta

from botkit import ALICE, BOB, board_message, enable_daily, message_of, new_board
from test_bot import solve_by_clicks
from test_hidden_daily import post_of

from puzzle import KINDS
from puzzle.pipes import turns_between


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
    assert board.count(f"<@{ALICE}>") == 1
    week = (await harness.command("leaderboard", ALICE, period=(3, "week")))[0].content
    assert "__This server__" in week and "Everywhere" not in week


async def test_restart_and_hint_say_what_they_did(harness):
    _, _, game = await new_board(harness)
    made = await harness.command("hint", ALICE)
    moves = [m.move for m in await harness.bot.storage.moves(game.id)]
    assert f"💡 The hint played {moves[-1]} (+30 s on your time)." in made[-1].content
    made = await harness.command("restart", ALICE)
    assert "↩ Back as it started: your moves so far and your clock carry on." in made[-1].content


async def test_a_typed_move_never_falls_back_to_a_board_not_in_front_of_the_player(harness):
    _, _, older = await new_board(harness, seed="older")
    await new_board(harness, seed="newer")  # the board in front of Alice
    await harness.command("giveup", ALICE)
    for command, options in (("rotate", {"cells": "A1"}), ("hint", {})):
        made = await harness.command(command, ALICE, **options)
        assert made[-1].ephemeral and made[-1].content == (
            "Your last Pipes board, 5x4-newer, is over: `/pipes resume` brings back an "
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
    assert f" · par {par}\n" in request.content
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
    assert f" · par {par}\n" in post_of(harness).content
    board = (await harness.command("leaderboard", ALICE))[0].content
    assert board.splitlines()[0].endswith(f" · par {par}")
