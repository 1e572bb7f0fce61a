"""Races (issue 38): ``/<kind> race`` opens a public lobby people join with a button; the
host's Start (or a full lobby) gives every player the same fresh board at one instant; the
lobby message shows each player's moves and progress, then the final standings; a race
never touches daily results, leaderboards or stats. Through the real dispatch, for every
kind."""

import asyncio
import re

import pytest
from botkit import ALICE, BOB, Harness, board_message, make_bot, solve_current
from sentences import assert_one_sentence

from bot.kinds import FACES
from bot.texts import duration
from play.races import CAP, LENGTH
from play.scoring import penalty

#: A small board of each kind, as ``new`` takes it.
SMALL = {"pipes": "5x4", "mines": "9x9", "maze": "8x8", "drops": "6x6", "choco": "6x6"}
CAROL = 1_300_000_000_000_000_003


@pytest.fixture(autouse=True)
def edits_at_once(harness):
    """The lobby is edited as soon as asked (the pause between edits is tested apart)."""
    harness.bot.lobbies.every = 0


def buttons(harness, message_id):
    """The custom ids of a recorded message's buttons, by action."""
    ids = [
        c["custom_id"]
        for row in harness.messages[message_id]["components"]
        for c in row["components"]
    ]
    return {custom_id.rsplit(":", 1)[1]: custom_id for custom_id in ids}


def lobby(harness, message_id):
    return harness.messages[message_id]["content"]


async def open_lobby(harness, group="pipes", user=ALICE, **options):
    """A race's lobby opened by ``user``: its message id."""
    options = {"size": SMALL[group], **options}
    chosen = {name: value for name, value in options.items() if value is not None}
    made = await harness.command("race", user, group=group, **chosen)
    sent = next(r for r in made if any(":r:" in i for i in r.custom_ids()))
    assert not sent.ephemeral
    return next(m for m, data in harness.messages.items() if data["content"] == sent.content)


async def press(harness, message_id, action, user):
    return await harness.click(message_id, buttons(harness, message_id)[action], user)


async def my_board(harness, message_id, user):
    """The player's own board of the race (its request), from the lobby's My board."""
    made = await press(harness, message_id, "board", user)
    board = board_message(made)
    assert board.ephemeral
    return board


def boards_sent(harness, made):
    """To whom ``made`` sent a board, privately (by the token it was sent on)."""
    return sorted(
        next(harness.users[part] for part in r.path.split("/") if part in harness.users)
        for r in made
        if r.via == "webhook" and any(f == "board.png" for f, _ in r.files) and r.ephemeral
    )


@pytest.mark.parametrize("group", sorted(FACES))
async def test_a_race_gives_everyone_one_board_and_ranks_them_by_time_from_its_start(
    harness, clock, group
):
    storage = harness.bot.storage
    stats_before = (await harness.command("stats", ALICE, group=group))[-1].content
    board_before = (await harness.command("leaderboard", BOB, group=group))[0].content
    lobby_id = await open_lobby(harness, group)
    assert f"<@{ALICE}>" in lobby(harness, lobby_id) and f"1/{CAP} players" in lobby(
        harness, lobby_id
    )
    assert set(buttons(harness, lobby_id)) == {"join", "leave", "start"}
    await press(harness, lobby_id, "join", BOB)
    assert f"2/{CAP} players" in lobby(harness, lobby_id) and f"<@{BOB}>" in lobby(
        harness, lobby_id
    )

    started = await press(harness, lobby_id, "start", ALICE)
    assert boards_sent(harness, started) == [ALICE, BOB]  # each their own, at once
    assert set(buttons(harness, lobby_id)) == {"board"}
    assert lobby(harness, lobby_id).count(" · 0 moves") == 2  # the same start for both
    boards = [await my_board(harness, lobby_id, user) for user in (ALICE, BOB)]
    games = [(await storage.unfinished_games(user))[0] for user in (ALICE, BOB)]
    assert games[0].puzzle == games[1].puzzle and {g.mode for g in games} == {"race"}
    assert all(g.daily_id is None for g in games) and boards[0].content != ""

    clock.advance(seconds=30)
    await solve_current(harness, BOB, group)
    hints = (await storage.game(games[1].id)).hints  # each hint costs its penalty, as ranked
    bob = f"🥇 <@{BOB}> ✅ {duration(30 + penalty(hints))} (💡 {hints})"
    text = lobby(harness, lobby_id)
    assert bob in text and re.search(rf"• <@{ALICE}> \d+% · 0 moves", text)
    clock.advance(seconds=45)
    await solve_current(harness, ALICE, group)
    text = lobby(harness, lobby_id)
    assert "**Final standings**" in text
    assert text.index(bob) < text.index(f"🥈 <@{ALICE}> ✅ {duration(75 + penalty(hints))}")
    assert buttons(harness, lobby_id) == {}

    assert await storage.user_results(ALICE) == await storage.user_results(BOB) == []
    assert (await harness.command("stats", ALICE, group=group))[-1].content == stats_before
    assert (await harness.command("leaderboard", BOB, group=group))[0].content == board_before


async def test_many_join_at_once_each_once_up_to_the_cap_which_starts_the_race(harness):
    lobby_id = await open_lobby(harness)
    join = buttons(harness, lobby_id)["join"]
    stale = dict(harness.messages[lobby_id])  # as a client slow to update shows it
    players = [ALICE + 100 + n for n in range(CAP + 2)]
    for user in [*players, *players[:3]]:  # some press twice
        harness.press(lobby_id, join, user)
    await harness.settle()
    assert not harness.errors
    race = await harness.bot.storage.race(1)
    assert race.state == "running" and len(race.players) == len(set(race.players)) == CAP
    assert boards_sent(harness, harness.requests) == sorted(race.players)
    assert race.players[0] == ALICE
    assert len(await harness.bot.storage.race_games(race.puzzle.id)) == CAP
    assert set(buttons(harness, lobby_id)) == {"board"}
    text = lobby(harness, lobby_id)
    assert all(f"<@{p}>" in text for p in race.players)
    late = next(p for p in players if p not in race.players)
    payload = harness.click_payload(lobby_id, join, late, True)
    refused = await harness.send({**payload, "message": stale})
    assert refused[0].ephemeral
    assert refused[0].content == "This race has started already: join the next one."


async def test_only_the_host_starts_and_players_come_and_go_in_the_lobby(harness):
    lobby_id = await open_lobby(harness)
    await press(harness, lobby_id, "join", BOB)
    for user, action, said in [
        (BOB, "start", "Only the host can start this race."),
        (BOB, "join", "You are in this race already."),
        (ALICE, "leave", "The host cannot leave the race: start it, or let it be."),
        (CAROL, "leave", "You are not in this race."),
    ]:
        made = await press(harness, lobby_id, action, user)
        assert made[0].ephemeral and made[0].content == said
        assert_one_sentence(said)
    assert (await harness.bot.storage.race(1)).state == "lobby"
    await press(harness, lobby_id, "leave", BOB)
    assert f"<@{BOB}>" not in lobby(harness, lobby_id)
    await press(harness, lobby_id, "start", ALICE)
    made = await press(harness, lobby_id, "board", BOB)
    assert made[-1].content == "You are not in this race: join the next one."


async def test_the_lobby_shows_each_players_moves_and_progress(harness):
    lobby_id = await open_lobby(harness, size="5x4")
    await press(harness, lobby_id, "join", BOB)
    await press(harness, lobby_id, "start", ALICE)
    await my_board(harness, lobby_id, BOB)
    for _ in range(3):
        await harness.command("hint", BOB)
    game = (await harness.bot.storage.unfinished_games(BOB))[0]
    share = FACES["pipes"].kind.progress(FACES["pipes"].kind.load(game.puzzle), game.state)
    assert 0 < share < 1
    assert f"<@{BOB}> {share:.0%} · {game.turns} moves" in lobby(harness, lobby_id)
    assert lobby(harness, lobby_id).index(f"<@{BOB}>") < lobby(harness, lobby_id).index(
        f"• <@{ALICE}>"
    )


async def test_a_race_running_past_its_length_ends_with_whoever_finished(harness, clock):
    lobby_id = await open_lobby(harness)
    await press(harness, lobby_id, "join", BOB)
    await press(harness, lobby_id, "start", ALICE)
    await my_board(harness, lobby_id, BOB)
    await solve_current(harness, BOB, "pipes")
    clock.advance(seconds=LENGTH.total_seconds() - 1)
    await harness.bot.poster.tick()
    assert (await harness.bot.storage.race(1)).state == "running"
    clock.advance(seconds=2)
    await harness.bot.poster.tick()
    text = lobby(harness, lobby_id)
    assert "**Final standings**" in text and f"Did not finish: <@{ALICE}> (" in text
    assert buttons(harness, lobby_id) == {}


async def test_a_race_is_run_in_a_server_and_its_options_are_checked(harness, clock):
    made = await harness.send(harness.command_payload("race", ALICE, guild=False, size="5x4"))
    assert made[0].ephemeral
    assert made[0].content == "Races are run in a server's channel: start one there."
    made = await harness.command("race", ALICE, size="banana")
    assert made[0].ephemeral and await harness.bot.storage.race(1) is None
    lobby_id = await open_lobby(harness, size="6x6", level="hard")
    assert lobby(harness, lobby_id).startswith("🏁 **Race: Pipes 6×6 · hard** · host")
    lobby_id = await open_lobby(harness, "maze", user=BOB, size=None)  # the usual daily's board
    race = await harness.bot.storage.race(2)
    assert race.host_id == BOB and race.puzzle.params == FACES["maze"].kind.format_params(
        FACES["maze"].kind.daily(FACES["maze"].kind.default_daily, clock.now.date())
    )


async def test_a_restart_keeps_the_race_and_its_buttons(tmp_path, clock, harness):
    lobby_id = await open_lobby(harness)
    await press(harness, lobby_id, "join", BOB)
    messages = dict(harness.messages)
    await harness.close()

    again = Harness(make_bot(tmp_path, clock))
    await again.start()
    try:
        again.bot.lobbies.every = 0
        again.messages.update(messages)
        await press(again, lobby_id, "start", ALICE)
        assert set(buttons(again, lobby_id)) == {"board"}
        boards = [await my_board(again, lobby_id, user) for user in (ALICE, BOB)]
        games = [(await again.bot.storage.unfinished_games(u))[0] for u in (ALICE, BOB)]
        assert games[0].puzzle == games[1].puzzle and all(b.ephemeral for b in boards)
    finally:
        await again.close()


async def test_lobby_edits_are_spaced_and_the_last_shows_the_newest_state(harness):
    """Edits asked for while the lobby waits between two edits make one edit after the
    wait, showing the race as it stands then; nothing asked, nothing edited."""
    lobby_id = await open_lobby(harness)
    storage, lobbies = harness.bot.storage, harness.bot.lobbies
    pauses = asyncio.Queue()

    async def pause():
        release = asyncio.Event()
        await pauses.put(release)
        await release.wait()

    def edits():
        return [r for r in harness.requests[before:] if r.via == "http" and r.method == "PATCH"]

    lobbies.pause = pause
    before = len(harness.requests)
    joined = [ALICE + 200 + n for n in range(4)]
    await storage.join_race(1, joined[0], CAP)
    lobbies.touch(1)
    first = await pauses.get()  # edited at once, then waiting
    assert len(edits()) == 1 and f"<@{joined[0]}>" in edits()[0].content
    for user in joined[1:]:
        await storage.join_race(1, user, CAP)
        lobbies.touch(1)
    assert len(edits()) == 1
    first.set()
    (await pauses.get()).set()
    await harness.settle()
    assert len(edits()) == 2
    assert all(f"<@{user}>" in edits()[-1].content for user in joined)
    assert edits()[-1].content == lobby(harness, lobby_id)
