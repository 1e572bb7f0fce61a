"""The stock of fresh puzzles, through the real dispatch: ``new`` without a seed takes a
puzzle generated ahead (never one handed out before, never a daily's), a seed still makes
its own board, the stock is bounded per preset, grows only for presets asked for, is
refilled as it is used and survives a restart. (The storage contract, on SQLite and
PostgreSQL, is in test_storage.py.)"""

import asyncio

import pytest
from botkit import ALICE, BOB, Harness, make_bot

from play.daily import DAILY_PREFIX
from play.stock import stocked_params
from puzzle import KINDS


@pytest.fixture
async def stocked(tmp_path, clock):
    h = Harness(make_bot(tmp_path, clock, stock=2))
    await h.start()
    yield h
    await h.close()


async def seeds_of(harness, user):
    return [g.puzzle.seed for g in await harness.bot.storage.unfinished_games(user)]


async def test_a_new_board_comes_from_the_stock_once_its_preset_was_asked_for(stocked):
    bot = stocked.bot
    assert await bot.stock.refill() == 0  # nothing asked for: nothing made
    await stocked.command("new", ALICE, size="6x6")  # the stock is empty: generated now
    assert await bot.storage.stock_counts() == {}
    assert await bot.stock.refill() == 2
    assert await bot.stock.refill() == 0  # full: bounded
    counts = await bot.storage.stock_counts()
    assert counts == {("pipes", "6x6"): 2}
    await stocked.command("new", BOB, size="6x6")
    (taken,) = await bot.storage.unfinished_games(BOB)
    assert await bot.storage.stock_counts() == {("pipes", "6x6"): 1}
    assert taken.puzzle.kind == "pipes" and taken.puzzle.params == "6x6"
    assert await bot.stock.refill() == 1  # refilled as it is used
    assert await bot.storage.take_stocked("pipes", "6x6", KINDS["pipes"].generator) != taken.puzzle


async def test_no_puzzle_is_handed_out_twice_even_at_once(stocked):
    bot = stocked.bot
    await stocked.command("new", ALICE, group="mines", level="easy")
    await bot.stock.refill()
    players = [ALICE + k for k in range(1, 6)]  # more than the stock holds
    await asyncio.gather(*(stocked.command("new", p, group="mines", level="easy") for p in players))
    puzzles = [(await bot.storage.unfinished_games(p))[0].puzzle.id for p in players]
    assert len(set(puzzles)) == len(players)
    assert await bot.storage.stock_counts() == {}


async def test_a_seed_makes_its_own_board_and_leaves_the_stock_alone(stocked):
    bot = stocked.bot
    await stocked.command("new", ALICE, size="6x6")
    await bot.stock.refill()
    await stocked.command("new", BOB, size="6x6", seed="mine")
    assert await seeds_of(stocked, BOB) == ["mine"]
    assert await bot.storage.stock_counts() == {("pipes", "6x6"): 2}


async def test_a_daily_is_never_handed_out(stocked):
    bot = stocked.bot
    daily = await bot.service.todays_daily(None, "pipes")  # 8x8, as `new 8x8` makes
    await stocked.command("new", ALICE, size=daily.puzzle.params)
    await bot.stock.refill()
    for _ in range(2):
        fresh = await bot.storage.take_stocked(
            "pipes", daily.puzzle.params, KINDS["pipes"].generator
        )
        assert fresh.id != daily.puzzle.id and not fresh.seed.startswith(DAILY_PREFIX)


async def test_only_presets_are_stocked(stocked):
    await stocked.command("new", ALICE, size="7x5")
    assert await stocked.bot.stock.refill() == 0
    assert "7x5" not in stocked_params("pipes")
    # What `new` offers and what dailies use, at every level for kinds with levels.
    assert {"6x6", "26x26", "10x10h"} <= stocked_params("pipes")
    assert {"9x9h", "30x16e"} <= stocked_params("mines")
    for kind, engine in KINDS.items():
        for text in stocked_params(kind):
            assert engine.format_params(engine.parse_params(text)) == text


async def test_the_stock_survives_a_restart(tmp_path, clock):
    first = Harness(make_bot(tmp_path, clock, stock=2))
    await first.start()
    await first.command("new", ALICE, group="drops", size="5x5")
    assert await first.bot.stock.refill() == 2
    await first.close()
    again = Harness(make_bot(tmp_path, clock, stock=2))
    await again.start()
    try:
        await again.bot.stock.resume()  # what the running bot does first
        await again.bot.storage.take_stocked("drops", "5x5", KINDS["drops"].generator)
        assert await again.bot.stock.refill() == 1  # the preset is kept full
        await again.command("new", BOB, group="drops", size="5x5")
        assert await again.bot.storage.stock_counts() == {("drops", "5x5"): 1}
    finally:
        await again.close()


async def test_without_a_stock_every_board_is_generated(harness):
    await harness.command("new", ALICE, size="6x6")
    assert await harness.bot.stock.refill() == 0
    assert await harness.bot.storage.stock_counts() == {}
