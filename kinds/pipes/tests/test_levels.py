"""Levels, wrapping boards and big boards through the real dispatch (issue 14)."""

from datetime import date, timedelta

import pytest
from botkit import ALICE, BOB, board_message, enable_daily
from test_controls import setup
from test_discord_rules import setup_kind

from kinds.pipes.engine import EASY, KIND, cell_name, deduce, solve
from play import load
from playground.offline import CHANNEL_ID, GUILD_ID
from playground.server import PLAYERS, Playground
from puzzle.levels import WEEK_LEVELS


async def test_new_takes_a_level_and_wrap(harness):
    made = await harness.command("new", ALICE, size="6x6", level="hard", wrap=True, seed="lv")
    board = board_message(made)
    assert board.content.startswith("**Pipes 6x6wh-lv** · 6×6 · hard · wrapping · par ")
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    puzzle = load(game.puzzle)
    assert (puzzle.level, puzzle.wrap, game.puzzle.params) == ("hard", True, "6x6wh")
    assert solve(6, 6, puzzle.tiles, wrap=True) == [puzzle.solution]
    made = await harness.command("new", BOB, size="7x7", level="easy", seed="lv")
    easy = load((await harness.bot.storage.unfinished_games(BOB))[0].puzzle)
    assert "7×7 · easy" in board_message(made).content
    assert deduce(7, 7, easy.tiles, level=EASY).solved


async def test_refusals_change_nothing(harness):
    made = await harness.command("new", ALICE, size="6x6", level="easy", wrap=True)
    assert made[0].ephemeral and "cannot be easy" in made[0].content
    made = await harness.command("new", ALICE, size="5x4", level="hard")
    assert made[0].ephemeral and made[0].content == (
        "A 5×4 board is too small to be hard: a hard board has at least 36 tiles, like 6×6."
    )
    made = await harness.command("new", ALICE, size="3x3", level="normal")
    assert made[0].ephemeral and "too small to be normal" in made[0].content
    made = await harness.command("new", ALICE, size="27x27")
    assert made[0].ephemeral and made[0].content == (
        "A 27×27 board is not possible here: each side can have at most 26 cells."
    )
    assert await harness.bot.storage.unfinished_games(ALICE) == []


def test_the_weekly_levels_are_easier_early_in_the_week():
    monday = date(2026, 11, 23)
    assert monday.weekday() == 0
    week = [KIND.daily("8x8 weekly", monday + timedelta(days=k)).level for k in range(7)]
    assert (
        week == list(WEEK_LEVELS) == ["easy", "easy", "normal", "normal", "normal", "hard", "hard"]
    )
    assert KIND.daily("8x8 hard", monday).level == "hard"
    # A board too small for hard (a weekly daily chosen before #37) is normal at the weekend.
    small = [KIND.daily("5x4 weekly", monday + timedelta(days=k)).level for k in range(7)]
    assert small == ["easy", "easy", "normal", "normal", "normal", "normal", "normal"]
    assert KIND.parse_daily("10 × 10") == "10x10 weekly"


async def test_the_daily_follows_the_weekly_levels_and_setup_can_fix_one(harness, clock):
    clock.now = clock.now.replace(hour=10)  # Sunday 2026-11-22, after the 9:00 post
    await setup_kind(harness, "pipes", params="6x6")
    await setup(harness, channel=(7, str(CHANNEL_ID)), time="9am", timezone="UTC")
    assert await harness.bot.poster.tick() == 1
    posts = [r for r in harness.requests if r.via == "http" and "Daily Pipes —" in r.content]
    assert "2026-11-22** · 6×6 · hard" in posts[-1].content  # Sunday: hard
    clock.now += timedelta(days=1)
    assert await harness.bot.poster.tick() == 1
    posts = [r for r in harness.requests if r.via == "http" and "Daily Pipes —" in r.content]
    assert "2026-11-23** · 6×6 · easy" in posts[-1].content  # Monday: easy
    daily = await harness.bot.storage.daily_puzzle(date(2026, 11, 23), "pipes", "6x6e")
    assert daily is not None and deduce(6, 6, load(daily.puzzle).tiles, level=EASY).solved
    # A fixed level applies from the next day: today's post and leaderboard stay easy.
    made = await setup_kind(harness, "pipes", params="6x6 normal")
    assert "• 🧩 6×6 Pipes (easy on Monday" in made[0].content
    assert "; from 2026-11-24: 6×6 Pipes (always normal)" in made[0].content
    today = board_message(await harness.command("daily", BOB))
    assert "6×6 · easy" in today.content.splitlines()[0]
    clock.now += timedelta(days=1)
    assert await harness.bot.poster.tick() == 1
    posts = [r for r in harness.requests if r.via == "http" and "Daily Pipes —" in r.content]
    assert "2026-11-24** · 6×6 · normal" in posts[-1].content


async def test_a_new_setup_gets_the_weekly_levels_and_no_setup_keeps_normal(harness):
    await enable_daily(harness)
    params = await harness.bot.service.daily_params(GUILD_ID, date(2026, 11, 24), "pipes")
    assert (params.width, params.height, params.level) == (5, 4, "easy")  # Tuesday
    params = await harness.bot.service.daily_params(None, date(2026, 11, 28), "pipes")  # a DM
    assert (params.width, params.height, params.level) == (8, 8, "normal")


async def test_a_change_keeps_each_earlier_date_on_its_own_weekly_level(harness, clock):
    clock.now = clock.now.replace(hour=10)  # Sunday 2026-11-22
    await setup_kind(harness, "pipes", params="6x6")
    await setup(harness, channel=(7, str(CHANNEL_ID)), time="9am", timezone="UTC")
    await setup_kind(harness, "pipes", params="6x6 hard")  # from Monday on
    await setup_kind(harness, "pipes", params="7x7 hard")  # a second change the same day
    service = harness.bot.service
    earlier = [
        await service.daily_params(GUILD_ID, date(2026, 11, d), "pipes") for d in (16, 17, 22)
    ]
    assert [(p.width, p.level) for p in earlier] == [(6, "easy"), (6, "easy"), (6, "hard")]
    monday = await service.daily_params(GUILD_ID, date(2026, 11, 23), "pipes")
    assert (monday.width, monday.level) == (7, "hard")


@pytest.mark.parametrize("size", ["40x40", "30x12"])
async def test_the_playground_plays_boards_up_to_40(tmp_path, size):
    playground = Playground(str(tmp_path / "pg.sqlite3"))
    await playground.start()
    try:
        alice = PLAYERS[0].id
        assert await playground.command(alice, f"/pipes new {size} wrap:true seed:big") is None
        game = (await playground.bot.storage.unfinished_games(PLAYERS[0].id))[0]
        width, height = map(int, size.split("x"))
        assert (game.width, game.height) == (width, height)
        assert load(game.puzzle).wrap
        corner = cell_name(width - 1, height - 1)
        assert await playground.command(alice, f"/pipes rotate {corner} A1") is None
        after = await playground.bot.storage.game(game.id)
        assert after.turns == 2
        refused = await playground.command(alice, "/pipes new 41x41")
        assert refused is None  # answered by the bot, as on Discord
        messages = playground.state(PLAYERS[0].id)["messages"]
        assert "from 3 to 40 tiles" in messages[-1]["content"]
    finally:
        await playground.close()


async def test_a_board_too_big_for_minecraft_gets_a_sentence(tmp_path):
    playground = Playground(str(tmp_path / "pg.sqlite3"))
    await playground.start()
    try:
        alice = PLAYERS[0].id
        assert await playground.command(alice, "/pipes new 30x8 seed:mc") is None
        assert await playground.command(alice, "/pipes datapack") is None
        reply = playground.state(alice)["messages"][-1]
        assert "Minecraft packs go up to 26×26 tiles" in reply["content"]
        assert reply["files"] == []
    finally:
        await playground.close()
