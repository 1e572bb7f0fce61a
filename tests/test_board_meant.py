"""The board you meant (issue 34): a typed command goes to the board its player last played
or opened — a move, a hint, a new board, the daily, resume, Play — never to one they only
looked at (a mode switch, a pan); a typed move that could end a daily attempt on a daily other
than the board last played asks first, with a button; all of it kept in storage, so a restart
changes nothing. And what comes back: ``resume`` the board last played, ``stats`` boards of
your own apart from dailies."""

import re

import pytest
from botkit import (
    ALICE,
    BOB,
    Harness,
    board_message,
    enable_daily,
    make_bot,
    message_of,
    new_board,
)
from test_in_view import private_copy

from bot.kinds import FACES
from play import load
from puzzle.grid import cell_name

#: The question before a typed move that could end a daily attempt, and its button.
CONFIRM = re.compile(r"pipes:y:(\d+):")


def ids(message):
    return [c.get("custom_id", "") for row in message["components"] for c in row["components"]]


def name(game, cell):
    return cell_name(cell % game.width, cell // game.width)


def closed_safe(game, avoid=()):
    """A closed cell of a Minesweeper game that holds no mine (and none of ``avoid``)."""
    puzzle = load(game.puzzle)
    return next(
        c for c in range(game.width * game.height)
        if c not in puzzle.mines and c not in game.state.opened and c not in avoid
        and c not in game.state.flagged
    )  # fmt: skip


async def stored(harness, game):
    return await harness.bot.storage.game(game.id)


async def mines_daily(harness, user=ALICE):
    """Open today's Minesweeper daily: its private message and its game."""
    made = await harness.command("daily", user, group="mines")
    daily = next(g for g in await harness.bot.storage.unfinished_games(user) if g.daily_id)
    return private_copy(harness, made), daily


async def new_mines(harness, user=ALICE, seed="mine"):
    made = await harness.command("new", user, group="mines", size="9x9", seed=seed)
    game = next(g for g in await harness.bot.storage.unfinished_games(user) if not g.daily_id)
    return message_of(harness, board_message(made)), game


async def play_mines(harness, game, user=ALICE):
    """A safe typed move on ``game`` (it must be the board typed moves go to)."""
    cell = closed_safe(await stored(harness, game))
    made = await harness.command("open", user, group="mines", cells=name(game, cell))
    assert not any(CONFIRM.search(i) for r in made for i in r.custom_ids())
    assert cell in (await stored(harness, game)).state.opened


# -- item 2: a control is no play -----------------------------------------------------------


async def test_a_mode_switch_on_the_daily_does_not_take_typed_moves_there(harness):
    """The issue's repro: play the daily, start a board, press the daily's mode button once,
    type a flag: it lands on the new board, not on the daily."""
    daily_message, daily = await mines_daily(harness)
    await play_mines(harness, daily)
    _, personal = await new_mines(harness)
    switch = next(i for i in ids(harness.messages[daily_message]) if i.startswith("pipes:m:"))
    await harness.click(daily_message, switch, ALICE)
    before = await stored(harness, daily)
    cell = closed_safe(personal)
    await harness.command("flag", ALICE, group="mines", cells=name(personal, cell))
    assert cell in (await stored(harness, personal)).state.flagged
    assert (await stored(harness, daily)).version == before.version


async def test_a_pan_on_an_older_board_does_not_take_typed_moves_there(harness):
    _, older_message, older = await new_board(harness, size="12x12", seed="older")
    await harness.command("rotate", ALICE, cells="A1")
    _, _, newer = await new_board(harness, seed="newer")
    pan = next(i for i in ids(harness.messages[older_message]) if i.startswith("pipes:v:"))
    await harness.click(older_message, pan, ALICE)
    await harness.command("rotate", ALICE, cells="B2")
    assert (await stored(harness, newer)).turns == 1
    assert (await stored(harness, older)).turns == 1  # only its own first move


async def test_a_click_that_plays_takes_typed_moves_to_its_board(harness):
    request, older_message, older = await new_board(harness, seed="older")
    await new_board(harness, seed="newer")
    tile = next(i for i in request.custom_ids() if i.startswith(f"pipes:t:{older.id}:"))
    await harness.click(older_message, tile, ALICE)
    await harness.command("rotate", ALICE, cells="A1")
    assert (await stored(harness, older)).turns == 2


async def test_the_daily_posts_play_button_opens_the_board_typed_moves_go_to(harness):
    await enable_daily(harness)
    _, _, personal = await new_board(harness, seed="mine")
    assert await harness.bot.poster.tick() == 1
    post = next(r for r in harness.requests if r.via == "http" and r.custom_ids())
    await new_board(harness, seed="newer")
    await harness.click(message_of(harness, post), post.custom_ids()[0], ALICE)  # ▶ Play
    await harness.command("rotate", ALICE, cells="A1")
    daily = next(g for g in await harness.bot.storage.unfinished_games(ALICE) if g.daily_id)
    assert daily.turns == 1 and (await stored(harness, personal)).turns == 0


async def test_a_typed_hint_goes_to_the_board_last_played_not_the_one_last_looked_at(harness):
    daily_message, daily = await mines_daily(harness)
    await play_mines(harness, daily)
    _, personal = await new_mines(harness)
    switch = next(i for i in ids(harness.messages[daily_message]) if i.startswith("pipes:m:"))
    await harness.click(daily_message, switch, ALICE)
    await harness.command("hint", ALICE, group="mines")
    assert (await stored(harness, personal)).hints == 1
    assert (await stored(harness, daily)).hints == 0


# -- item 2: a move that could end a daily attempt asks first ------------------------------


async def test_an_open_typed_on_a_daily_not_last_played_asks_first_and_plays_when_pressed(
    harness,
):
    _, personal = await new_mines(harness)
    await play_mines(harness, personal)
    _, daily = await mines_daily(harness)  # opened, not played
    cell = closed_safe(daily)
    made = await harness.command("open", ALICE, group="mines", cells=name(daily, cell))
    [question] = made
    assert question.ephemeral
    assert question.content == (
        f"This would play `/mines open {name(daily, cell)}` on Daily Minesweeper 2026-11-22, "
        "your only attempt, and not on the board you last played. Play it there?"
    )
    [confirm] = question.custom_ids()
    assert CONFIRM.match(confirm)[1] == str(daily.id) and len(confirm) <= 100
    assert (await stored(harness, daily)).version == daily.version  # nothing changed yet
    asked = next(m for m, data in harness.messages.items() if confirm in ids(data))

    made = await harness.click(asked, confirm, ALICE)
    after = await stored(harness, daily)
    assert cell in after.state.opened and after.version == daily.version + 1
    assert [r.callback_type for r in made if r.callback_type] == [7]  # the question: answered
    assert not any(CONFIRM.match(i) for i in ids(harness.messages[asked]))
    assert "Daily Minesweeper 2026-11-22" in harness.messages[asked]["content"]
    assert (await stored(harness, personal)).version == personal.version + 1  # its own move


async def test_a_question_pressed_twice_at_once_plays_once(harness):
    _, personal = await new_mines(harness)
    await play_mines(harness, personal)
    _, daily = await mines_daily(harness)
    cell = closed_safe(daily)
    [question] = await harness.command("open", ALICE, group="mines", cells=name(daily, cell))
    [confirm] = question.custom_ids()
    asked = next(m for m, data in harness.messages.items() if confirm in ids(data))
    before = len(harness.requests)
    harness.press(asked, confirm, ALICE)
    harness.press(asked, confirm, ALICE)  # a second press before the first is answered
    await harness.settle()
    assert (await stored(harness, daily)).version == daily.version + 1
    said = [r.content for r in harness.requests[before:] if r.ephemeral]
    assert "That board changed since you were asked, so nothing was played: type it again." in said


async def test_a_move_that_cannot_lose_and_a_daily_last_played_ask_nothing(harness):
    _, personal = await new_mines(harness)
    await play_mines(harness, personal)
    _, daily = await mines_daily(harness)
    cell = closed_safe(daily)
    made = await harness.command("flag", ALICE, group="mines", cells=name(daily, cell))
    assert not any(CONFIRM.match(i) for r in made for i in r.custom_ids())
    assert cell in (await stored(harness, daily)).state.flagged  # a flag ends nothing
    await play_mines(harness, daily)  # the flag made it the board last played: no question


async def test_giving_up_a_daily_not_last_played_asks_first(harness):
    _, personal = await new_mines(harness)
    await play_mines(harness, personal)
    _, daily = await mines_daily(harness)
    [question] = await harness.command("giveup", ALICE, group="mines")
    assert question.content == (
        "This would give up Daily Minesweeper 2026-11-22, your only attempt, and not the "
        "board you last played. Give it up?"
    )
    assert not (await stored(harness, daily)).finished
    [confirm] = question.custom_ids()
    asked = next(m for m, data in harness.messages.items() if confirm in ids(data))
    await harness.click(asked, confirm, ALICE)
    assert (await stored(harness, daily)).outcome == "lost"
    assert not (await stored(harness, personal)).finished


async def test_too_many_moves_to_carry_in_a_button_are_refused_in_a_sentence(harness):
    _, personal = await new_mines(harness)
    await play_mines(harness, personal)
    _, daily = await mines_daily(harness)
    cells = " ".join(name(daily, c) for c in range(daily.width * daily.height))
    made = await harness.command("open", ALICE, group="mines", cells=cells)
    assert made[-1].content.startswith(
        "That is too many moves to ask about at once: type fewer, or play them with the "
        "board's buttons."
    )
    assert (await stored(harness, daily)).version == daily.version


def forge(harness, message_id, custom_id):
    """A button carrying ``custom_id`` on a recorded message (an old or forged one)."""
    harness.messages[message_id]["components"][0]["components"][0]["custom_id"] = custom_id


async def test_a_forged_confirmation_plays_nothing(harness):
    daily_message, daily = await mines_daily(harness)
    forged = f"pipes:y:{daily.id}:{daily.version}:g"
    forge(harness, daily_message, forged)
    made = await harness.click(daily_message, forged, BOB)
    assert made[-1].ephemeral and "This board belongs to" in made[-1].content
    forged = f"pipes:y:{daily.id}:{daily.version}:m:nonsense!"
    forge(harness, daily_message, forged)
    made = await harness.click(daily_message, forged, ALICE)
    assert made[-1].ephemeral and "Nothing was changed" in made[-1].content
    assert (await stored(harness, daily)).version == daily.version


# -- after a restart: nothing was in memory only -------------------------------------------


async def restarted(harness, tmp_path, clock):
    """The bot stopped and started again on the same data; Discord keeps its messages."""
    await harness.close()
    again = Harness(make_bot(tmp_path, clock))
    await again.start()
    again.messages.update(harness.messages)
    return again


async def test_after_a_restart_typed_moves_go_where_they_went_and_questions_still_work(
    tmp_path, clock
):
    harness = Harness(make_bot(tmp_path, clock))
    await harness.start()
    try:
        daily_message, daily = await mines_daily(harness)
        await play_mines(harness, daily)
        _, personal = await new_mines(harness)
        switch = next(i for i in ids(harness.messages[daily_message]) if i.startswith("pipes:m:"))
        await harness.click(daily_message, switch, ALICE)
        harness = await restarted(harness, tmp_path, clock)
        flag = closed_safe(personal)
        await harness.command("flag", ALICE, group="mines", cells=name(personal, flag))
        assert flag in (await stored(harness, personal)).state.flagged
        await harness.command("daily", ALICE, group="mines")  # the daily opened again
        cell = closed_safe(await stored(harness, daily))
        [question] = await harness.command("open", ALICE, group="mines", cells=name(daily, cell))
        [confirm] = question.custom_ids()
        asked = next(m for m, data in harness.messages.items() if confirm in ids(data))
        harness = await restarted(harness, tmp_path, clock)
        await harness.click(asked, confirm, ALICE)
        assert cell in (await stored(harness, daily)).state.opened
        resumed = board_message(await harness.command("resume", ALICE, group="mines"))
        assert resumed.content.startswith("**Daily Minesweeper 2026-11-22**")
    finally:
        await harness.close()


# -- item 8: resume and stats --------------------------------------------------------------


async def test_resume_brings_back_the_board_last_played_not_the_newest_made(harness):
    request, older_message, older = await new_board(harness, seed="older")
    await new_board(harness, seed="newer")
    tile = next(i for i in request.custom_ids() if i.startswith(f"pipes:t:{older.id}:"))
    await harness.click(older_message, tile, ALICE)
    resumed = board_message(await harness.command("resume", ALICE))
    assert resumed.content.startswith("**Pipes 5x4-older**")


async def test_the_datapack_packs_the_board_typed_moves_go_to(harness):
    request, older_message, older = await new_board(harness, seed="older")
    await new_board(harness, seed="newer")
    tile = next(i for i in request.custom_ids() if i.startswith(f"pipes:t:{older.id}:"))
    await harness.click(older_message, tile, ALICE)
    packed = (await harness.command("datapack", ALICE))[-1]
    assert "Minecraft packs of **5x4-older**" in packed.content


async def test_resume_skips_a_board_over_for_the_one_played_before(harness):
    _, _, first = await new_board(harness, seed="first")
    await new_board(harness, seed="second")
    await harness.command("giveup", ALICE)
    resumed = board_message(await harness.command("resume", ALICE))
    assert resumed.content.startswith("**Pipes 5x4-first**")
    await harness.command("rotate", ALICE, cells="A1")  # resume opened it: typed moves go there
    assert (await stored(harness, first)).turns == 1


#: Small boards of each kind, to solve by hints.
SMALL = {"pipes": "5x4", "mines": "beginner", "maze": "8x8", "drops": "6x6", "choco": "6x6"}


async def solve_by_hints(harness, group):
    for _ in range(400):
        await harness.command("hint", ALICE, group=group)
        if not await harness.bot.storage.unfinished_games(ALICE):
            return
    raise AssertionError("hints did not solve the board")


@pytest.mark.parametrize("group", sorted(FACES))
async def test_stats_count_boards_of_your_own_apart_from_dailies(harness, group):
    size = SMALL[group]
    for seed in ("one", "two"):
        await harness.command("new", ALICE, group=group, size=size, seed=seed)
        await solve_by_hints(harness, group)
    await harness.command("new", ALICE, group=group, size=size, seed="three")
    await harness.command("giveup", ALICE, group=group)
    made = await harness.command("stats", ALICE, group=group)
    text = made[-1].content
    assert "has not played" not in text
    assert "Boards of their own: 3 started · 2 solved" in text
    assert "Dailies: none played yet." in text
