"""One board for everyone (issue 38, item 6): ``/<kind> together`` posts one public board that
any member of the channel plays with its buttons, through the real dispatch, for every kind;
the board says who made how many moves, the win names everyone who moved and touches no
daily result, leaderboard, stat or streak; many players clicking at once lose and double no
move and never take the board back; a restart keeps it playable."""

import asyncio
import re

import pytest
from botkit import ALICE, BOB, Harness, board_message, message_of
from storekit import FakeClock

from bot.kinds import FACES

CAROL, DAVE = 1_300_000_000_000_000_003, 1_300_000_000_000_000_004
#: A small board of each kind, as ``together`` takes its size.
SMALL = {"pipes": "4x4", "mines": "9x9", "maze": "6x6", "drops": "6x6", "choco": "6x6"}
#: The most hint clicks a small board takes to be solved.
MOST_CLICKS = 400


async def together(harness, group, user=ALICE, **options):
    """``/<group> together`` in the test channel: the board's request, message and game."""
    made = await harness.command(
        "together", user, group=group, size=SMALL[group], seed="coop", **options
    )
    request = board_message(made)
    game = (await harness.bot.storage.unfinished_games(user))[0]
    return request, message_of(harness, request), game


def button(harness, message_id, prefix):
    """The id of a button the message shows now, the first whose id starts with ``prefix``."""
    rows = harness.messages[message_id]["components"]
    ids = [c.get("custom_id", "") for row in rows for c in row["components"]]
    return next(i for i in ids if i.startswith(prefix))


def movers_line(content):
    """The board's '👥 Moves: …' line as (user, moves) pairs."""
    line = next(x for x in content.splitlines() if x.startswith("👥 Moves: "))
    return [(int(u), int(n)) for u, n in re.findall(r"<@(\d+)> (\d+)", line)]


@pytest.mark.parametrize("group", sorted(FACES))
async def test_everyone_plays_one_board_and_the_win_credits_every_mover(harness, group):
    storage = harness.bot.storage
    leaderboard = (await harness.command("leaderboard", BOB, group=group))[0].content
    stats = {u: (await harness.command("stats", u, group=group))[-1].content for u in (ALICE, BOB)}

    request, message_id, game = await together(harness, group)
    assert not request.ephemeral
    title = FACES[group].kind.title
    assert f"**{title} {game.puzzle.short_code} (together)**" in request.content
    assert "👥 A board for everyone here" in request.content
    assert game.mode == "shared" and game.owner_id == ALICE

    players, announced = (ALICE, BOB, CAROL, DAVE), []
    for n in range(MOST_CLICKS):
        hint = button(harness, message_id, "pipes:h:")
        made = await harness.click(message_id, hint, players[n % 4])
        assert not any("belongs to" in r.content for r in made)
        announced += [r.content for r in made if r.content.startswith("🎉")]
        if (await storage.game(game.id)).solved:
            break
    solved = await storage.game(game.id)
    assert solved.solved
    counted = await storage.movers(game.id)
    assert {user for user, _ in counted} <= set(players)
    assert sum(n for _, n in counted) == len(await storage.moves(game.id))
    assert movers_line(harness.messages[message_id]["content"]) == counted

    (win,) = announced
    assert f" solved {game.puzzle.short_code} together in " in win
    assert f"{title} {game.puzzle.short_code} (together) · " in win  # the share line
    for user, _ in counted:
        assert f"<@{user}>" in win
    # Nothing daily: no result, the leaderboard and everyone's stats as they were.
    for user in players:
        assert await storage.user_results(user) == []
    assert (await harness.command("leaderboard", BOB, group=group))[0].content == leaderboard
    for user, before in stats.items():
        assert (await harness.command("stats", user, group=group))[-1].content == before


async def test_a_shared_board_shows_each_players_moves_and_typed_moves_go_to_own_boards(harness):
    _, message_id, game = await together(harness, "pipes")
    tile = button(harness, message_id, "pipes:t:")
    for user in (BOB, CAROL, BOB):
        await harness.click(message_id, tile, user)
    assert movers_line(harness.messages[message_id]["content"]) == [(BOB, 2), (CAROL, 1)]
    # Typed commands are for one's own boards: the starter's co-op board is not one.
    made = await harness.command("rotate", ALICE, cells="A1")
    assert made[-1].content.startswith("You have no unfinished board")
    assert (await harness.bot.storage.game(game.id)).version == 3


async def test_together_is_refused_in_direct_messages(harness):
    made = await harness.command("together", ALICE, group="mines", guild=False)
    assert made[-1].ephemeral
    assert made[-1].content == (
        "A board for everyone is played in a server channel: here, start your own with "
        "`/mines new`."
    )
    assert await harness.bot.storage.unfinished_games(ALICE) == []


async def many_clicks_at_once(harness):
    """Sixteen players click one co-op board at once, one of them twice (the same interaction
    delivered again): every click is stored once and the board shows the newest state."""
    storage = harness.bot.storage
    _, message_id, game = await together(harness, "pipes")
    tile = button(harness, message_id, "pipes:t:")
    players = [ALICE + n for n in range(16)]
    running, before = asyncio.all_tasks(), len(harness.requests)
    payloads = [harness.click_payload(message_id, tile, user, True) for user in players]
    answers = await asyncio.gather(*(harness.answered(p) for p in payloads))
    harness.deliver(payloads[0])  # the very same interaction again
    await harness.settle(running)
    assert not harness.errors
    assert set(answers) <= {6, 7}  # each click answered: the board, or a deferred update
    after = await storage.game(game.id)
    assert after.version == after.turns == len(players)
    moves = await storage.moves(game.id)
    assert sorted(m.user_id for m in moves) == players
    assert [m.version for m in moves] == list(range(1, len(players) + 1))
    # A tile turned sixteen times is where it started; the message shows the last version.
    assert after.state == game.state
    # The board never goes back: each update shows at least as many moves as the one before.
    shown = [
        len(movers_line(r.content)) + sum(map(int, re.findall(r"· (\d+) more players", r.content)))
        for r in harness.requests[before:]
        if "👥 Moves: " in r.content
    ]
    assert len(shown) >= len(players) and shown == sorted(shown) and shown[-1] == len(players)
    content = harness.messages[message_id]["content"]
    assert movers_line(content) == [(m.user_id, 1) for m in moves][:10]
    assert content.count("· 6 more players") == 1


async def test_many_players_click_one_board_at_once(harness):
    await many_clicks_at_once(harness)


async def test_many_players_click_one_board_at_once_on_postgresql(tmp_path, clock, postgres):
    import pgserver
    from botkit import make_bot

    url = await pgserver.database_for(tmp_path / "together")
    harness = Harness(make_bot(tmp_path, clock, database_url=url))
    await harness.start()
    try:
        await many_clicks_at_once(harness)
    finally:
        await harness.close()


async def test_a_restarted_bot_plays_the_same_shared_board(tmp_path, clock: FakeClock):
    from botkit import make_bot

    first = Harness(make_bot(tmp_path, clock))
    await first.start()
    try:
        _, message_id, game = await together(first, "pipes")
        tile = button(first, message_id, "pipes:t:")
        await first.click(message_id, tile, BOB)
        message = first.messages[message_id]
    finally:
        await first.close()

    again = Harness(make_bot(tmp_path, clock))
    await again.start()
    try:
        again.messages[message_id] = message
        await again.click(message_id, tile, CAROL)
        assert movers_line(again.messages[message_id]["content"]) == [(BOB, 1), (CAROL, 1)]
        assert (await again.bot.storage.game(game.id)).version == 2
    finally:
        await again.close()
