"""A fair daily (issue 13): its puzzle comes from the deployment's secret, no public message
shows its solution while its date runs anywhere, its Minecraft pack holds back the solution,
and a late solve is labelled late and ranked with its own date."""

from datetime import date, timedelta

from botkit import ALICE, BOB, board_message, enable_daily, message_of, new_board

from kinds.pipes.engine import Params, check, from_code
from kinds.pipes.picture import render_boards
from kinds.pipes.tests.clicks import solve_by_clicks
from play import GameService, load, ranked
from play.daily import daily_seed
from puzzle import Scoring


async def today_daily(harness, size=(5, 5)):
    service = harness.bot.service
    return await service.daily_puzzle(service.today(), Params(*size), "pipes")


async def test_the_daily_comes_from_the_deployments_secret(harness):
    daily = await today_daily(harness, (8, 8))
    secret = await harness.bot.service.daily_secret()
    assert len(secret) == 64
    assert daily.puzzle.seed == daily_seed(secret, "8x8", daily.date, "pipes")
    # The old public seed of the date gives another puzzle; daily seeds are not for /pipes new.
    assert from_code(f"8x8-d{daily.date:%Y%m%d}").tiles != tuple(
        int(c, 16) for c in daily.puzzle.description.split(":")[1]
    )
    made = await harness.command("new", BOB, size="8x8", seed=daily.puzzle.seed)
    assert made[-1].ephemeral and "kept for the daily puzzles" in made[-1].content
    # The secret is kept with the data: the same on the next start, and the same puzzle.
    again = GameService(harness.bot.storage, harness.bot.clock)
    assert await again.daily_secret() == secret


async def test_another_deployment_or_a_secret_from_the_environment_gives_other_dailies(harness):
    day = date(2026, 11, 22)
    mine = daily_seed(await harness.bot.service.daily_secret(), "8x8", day, "pipes")
    given = GameService(harness.bot.storage, harness.bot.clock, daily_secret="from-the-env")
    assert await given.daily_secret() == "from-the-env"
    given_seed = daily_seed("from-the-env", "8x8", day, "pipes")
    assert given_seed not in (mine, daily_seed("other", "8x8", day, "pipes"))


async def play_daily(harness, user=ALICE):
    await enable_daily(harness)
    made = await harness.command("daily", user)
    board = board_message(made)
    game = (await harness.bot.storage.unfinished_games(user))[0]
    return message_of(harness, board), game


async def test_the_datapack_of_a_daily_waits_until_it_is_solved(harness, clock):
    board_id, game = await play_daily(harness)
    made = await harness.command("datapack", ALICE)
    assert made[-1].ephemeral and "once you have solved it" in made[-1].content
    assert not made[-1].files
    await solve_by_clicks(harness, board_id, game)
    made = await harness.command("datapack", ALICE)
    assert made[-1].files[0][0].endswith("-datapack.zip")
    other = await harness.command("datapack", BOB)  # Bob has not solved today's daily
    assert "comes once you have solved it" in other[-1].content and not other[-1].files


async def test_a_late_solve_is_labelled_late_and_ranked_with_its_date(harness, clock):
    board_id, game = await play_daily(harness)
    clock.now += timedelta(days=1)  # past midnight where the server is (UTC)
    made = await solve_by_clicks(harness, board_id, game)
    announcement = next(r for r in made if "🎉" in r.content)
    assert "Pipes of 2026-11-22 · 5×4 · normal (late)" in announcement.content  # too small for hard
    assert "#1 on this server for 2026-11-22" in announcement.content
    result = await harness.bot.storage.result(game.daily_id, ALICE)
    assert result.late and result.date == date(2026, 11, 22)


async def test_personal_boards_keep_their_public_animation(harness):
    _, message_id, game = await new_board(harness)
    made = await solve_by_clicks(harness, message_id, game)
    assert made[-2].files[0][0] == "pipes-win.gif"  # on the board's public message
    assert not harness.messages[message_id]["flags"] & 64


async def test_a_late_solve_ranks_after_every_solve_made_on_the_day(harness, clock):
    board_id, game = await play_daily(harness)  # Alice starts, finishes only the next day
    made = await harness.command("daily", BOB)
    bob = (await harness.bot.storage.unfinished_games(BOB))[0]
    clock.now += timedelta(hours=5)
    await solve_by_clicks(harness, message_of(harness, board_message(made)), bob, BOB)
    clock.now += timedelta(days=1)
    await solve_by_clicks(harness, board_id, game)  # faster, but late
    results = await harness.bot.storage.results(game.daily_id)
    assert [s.result.user_id for s in ranked(results, Scoring())] == [BOB, ALICE]


async def test_the_pack_of_an_unfinished_daily_is_never_given(harness, clock):
    await play_daily(harness)
    clock.now += timedelta(days=3)  # the date is over everywhere, the board still open
    made = await harness.command("datapack", ALICE)
    assert "finish your board first" in made[-1].content and not made[-1].files


async def test_giving_up_a_daily_shows_no_solution_while_its_date_runs(harness, clock):
    _, game = await play_daily(harness)
    made = await harness.command("giveup", ALICE)
    board = next(r for r in made if r.files)
    assert "the solution shows once this date is over everywhere" in board.content
    puzzle = load(game.puzzle)
    current = await harness.bot.storage.game(game.id)
    drawn = render_boards(
        5, 4, current.state.tiles, puzzle.source, check(5, 4, current.state.tiles, puzzle.source),
        given_up=True,
    )  # fmt: skip
    assert board.files[0][1] == drawn[0]  # the board as it was, not the solution
    clock.now += timedelta(days=2)
    resumed = await harness.command("leaderboard", ALICE)
    assert f"<@{ALICE}>" not in resumed[0].content  # giving up earns no result


async def test_old_public_daily_seeds_are_refused(harness):
    made = await harness.command("new", BOB, size="8x8", seed="d20261123")
    assert made[-1].ephemeral and "kept for the daily puzzles" in made[-1].content


async def test_a_solve_after_its_date_ended_does_not_extend_the_streak(harness, clock):
    board_id, game = await play_daily(harness)  # 2026-11-22, solved on the day
    await solve_by_clicks(harness, board_id, game)
    clock.now += timedelta(days=1)  # 2026-11-23 begins: its daily, solved at 24:00:01
    made = await harness.command("daily", ALICE)
    second = next(g for g in await harness.bot.storage.unfinished_games(ALICE) if g.daily_id)
    clock.now += timedelta(days=1, seconds=1)
    await solve_by_clicks(harness, message_of(harness, board_message(made)), second)
    stats = (await harness.command("stats", ALICE))[0].content
    assert "Dailies played: 2 · solved: 2" in stats and "Streak: 0 · longest: 1" in stats
