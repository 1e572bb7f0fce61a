"""What a click costs the database, pinned as counts (behaviour, not timing), so that it
cannot silently regrow: the statements SQLite runs and the round trips PostgreSQL makes for
one click through the real dispatch, and on SQLite, changes that arrive together sharing
one transaction (one commit, so one flush to the disk, for all of them)."""

import asyncio

import pgserver
import pytest
from botkit import ALICE, Harness, make_bot, new_board
from countkit import counting
from storekit import new_game, open_backend, turn

#: A lone click: BEGIN, the game read with the interaction's dedupe, the interaction
#: recorded, the game written, its moves added, COMMIT.
SQLITE_CLICK = 6
#: A lone click: BEGIN, the game locked and read with the interaction's dedupe, one
#: statement writing the interaction, the game and its moves, COMMIT.
POSTGRES_CLICK = 4
#: Per change, when several share a transaction (BEGIN and COMMIT shared).
SQLITE_SHARED = 4


@pytest.fixture(params=["sqlite", "postgres"])
async def both(request, tmp_path, clock):
    """A bot on each storage backend."""
    database = {}
    if request.param == "postgres":
        request.getfixturevalue("postgres")
        database = {"database_url": await pgserver.database_for(tmp_path)}
    harness = Harness(make_bot(tmp_path, clock, **database))
    await harness.start()
    yield request.param, harness
    await harness.close()


async def test_a_click_runs_few_statements(both):
    backend, harness = both
    _, message_id, game = await new_board(harness, size="6x6")
    rows = harness.messages[message_id]["components"]
    tiles = [c["custom_id"] for row in rows for c in row["components"]]
    tiles = [t for t in tiles if t.startswith("pipes:t:")]
    for tile in tiles[:2]:  # PostgreSQL prepares each statement on first use: warm them
        await harness.click(message_id, tile, ALICE)
    async with counting(harness.bot.storage) as sent:
        made = await harness.click(message_id, tiles[2], ALICE)
    assert [r.callback_type for r in made] == [7]  # the board, updated in place
    assert (await harness.bot.storage.game(game.id)).version == 3
    limit = SQLITE_CLICK if backend == "sqlite" else POSTGRES_CLICK
    assert len(sent) <= limit, sent


async def test_changes_at_once_share_one_sqlite_transaction(tmp_path):
    storage = await open_backend("sqlite", tmp_path / "shared.sqlite3")
    try:
        game = await new_game(storage, tiles=[1] * 36)
        async with counting(storage) as sent:
            done = await asyncio.gather(
                *(
                    storage.change(game.id, 1, turn([(k, 1)]), interaction_id=500 + k % 15)
                    for k in range(20)
                )
            )
        assert sum(d.applied for d in done) == 15  # five were deliveries again
        assert (await storage.game(game.id)).version == 15
        ends = [s for s in sent if s in ("BEGIN IMMEDIATE", "COMMIT")]
        assert ends == ["BEGIN IMMEDIATE", "COMMIT"], sent
        assert len(sent) <= 2 + SQLITE_SHARED * 20, sent
    finally:
        await storage.close()
