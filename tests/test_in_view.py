"""The board in front of the player (issue 24): a typed move answers with the board's
picture and updates the message in view where it stands; a given-up board says so on every
copy; a win turns the board's own message into the win picture; a newer private copy retires
the older one (the windows of buttons: tests/test_windows.py)."""

from datetime import timedelta

import pytest
from botkit import ALICE, board_message, enable_daily, message_of, new_board

import bot.handles as handles
from kinds.pipes.engine import turns_between
from kinds.pipes.tests.clicks import solve_by_clicks
from play import load
from playground.offline import BotFailure
from renderer import theme


def buttons(message):
    return [c for row in message["components"] for c in row["components"]]


def live(message):
    return [c for c in buttons(message) if not c.get("disabled")]


def edge(request, name="board.png"):
    return request.image(name).convert("RGB").getpixel((0, 0))


async def test_a_typed_move_answers_with_the_picture_and_updates_the_board_in_view(harness):
    _, message_id, _ = await new_board(harness)
    made = await harness.command("rotate", ALICE, cells="A1")
    reply = made[-1]
    assert reply.ephemeral and "5x4-abc" in reply.content
    assert [name for name, _ in reply.files] == ["board.png"]
    assert not reply.data.get("components")  # a picture: the buttons stay on the board
    edited = [r for r in made if r.method == "PATCH" and str(message_id) in r.path]
    assert edited and edited[-1].files  # the public board shows the move too


async def test_a_typed_move_on_a_big_board_answers_with_the_window_it_is_in(harness):
    await harness.command("new", ALICE, size="24x24", seed="big")
    made = await harness.command("rotate", ALICE, cells="X24")
    assert [name for name, _ in made[-1].files] == ["window.png"]


def private_copy(harness, made):
    """The id of the private message that carried a board."""
    request = board_message(made)
    return next(
        m
        for m, data in harness.messages.items()
        if data["flags"] & 64 and data["content"] == request.content
    )


async def test_a_typed_move_keeps_the_window_and_mode_the_player_chose(harness):
    request, message_id, game = await new_board(harness, size="10x8")
    switch = next(i for i in request.custom_ids() if i.startswith(f"pipes:m:{game.id}:"))
    switched = (await harness.click(message_id, switch, ALICE))[-1]
    nav = next(
        i
        for i in switched.custom_ids()
        if i.startswith(f"pipes:v:{game.id}:") and not switched.button(i)["disabled"]
    )
    walked = (await harness.click(message_id, nav, ALICE))[-1].custom_ids()
    await harness.command("restart", ALICE)  # a move with no cell to follow
    assert [i["custom_id"] for i in buttons(harness.messages[message_id])] == walked


async def test_giving_up_reads_as_given_up_on_every_copy_in_view(harness):
    _, public_id, _ = await new_board(harness)
    private_id = private_copy(harness, await harness.command("resume", ALICE))
    made = await harness.command("giveup", ALICE)
    for message_id in (public_id, private_id):
        assert not live(harness.messages[message_id])
    pictures = [r for r in made if any(n == "board.png" for n, _ in r.files)]
    assert pictures and all(edge(r) == theme.GAVE_UP for r in pictures)
    assert "5x4-abc" in made[-1].content and "Given up" in made[-1].content


async def test_a_given_up_minesweeper_board_is_not_called_lost(harness):
    await harness.command("new", ALICE, group="mines", size="beginner", seed="quit")
    made = await harness.command("giveup", ALICE, group="mines")
    assert edge(made[-1]) == theme.GAVE_UP
    assert "💥" not in made[-1].content


async def test_a_win_turns_the_board_message_into_the_win_picture(harness):
    _, message_id, game = await new_board(harness)
    made = await solve_by_clicks(harness, message_id, game)
    update, announcement = made
    assert [name for name, _ in update.files] == ["pipes-win.gif"]
    assert update.image("pipes-win.gif").n_frames > 2
    assert not announcement.files and not announcement.ephemeral
    assert "solved 5x4-abc" in announcement.content


async def test_a_daily_win_sends_no_second_copy_of_the_board(harness, clock):
    await enable_daily(harness)
    made = await harness.command("daily", ALICE)
    game = next(g for g in await harness.bot.storage.unfinished_games(ALICE) if g.daily_id)
    won = await solve_by_clicks(harness, message_of(harness, board_message(made)), game)
    assert [r.ephemeral for r in won[1:]] == [False]  # the announcement, and nothing more
    assert not won[1].files


async def test_a_newer_private_copy_retires_the_older_one(harness):
    await new_board(harness)
    first = private_copy(harness, await harness.command("resume", ALICE))
    second = private_copy(harness, await harness.command("resume", ALICE))
    assert live(harness.messages[second]) and not live(harness.messages[first])
    assert "newer message" in harness.messages[first]["content"]


async def test_a_refused_typed_move_names_the_board_it_was_about(harness, clock):
    await new_board(harness)
    made = await harness.command("rotate", ALICE, cells="Z9")
    assert made[-1].ephemeral and made[-1].content.endswith("\n-# Pipes 5x4-abc")
    await enable_daily(harness)
    await harness.command("daily", ALICE)
    made = await harness.command("rotate", ALICE, cells="A1x5")
    assert made[-1].content.endswith("\n-# Daily Pipes 2026-11-22")


async def test_a_board_of_another_kind_in_between_does_not_bring_back_an_older_board(harness):
    _, _, older = await new_board(harness, seed="older")
    await new_board(harness, seed="newer")
    await harness.command("giveup", ALICE)
    await harness.command("new", ALICE, group="mines", size="beginner", seed="between")
    made = await harness.command("rotate", ALICE, cells="A1")
    assert "Pipes 5x4-newer, is over" in made[-1].content
    assert (await harness.bot.storage.game(older.id)).version == 0


async def test_a_daily_over_is_named_by_its_date_never_by_its_secret_code(harness, clock):
    await enable_daily(harness)
    await harness.command("daily", ALICE)
    await harness.command("giveup", ALICE)
    made = await harness.command("rotate", ALICE, cells="A1")
    assert "Your last board, Daily Pipes 2026-11-22, is over" in made[-1].content
    assert all("daily-" not in r.content for r in harness.requests)


async def test_a_click_on_the_public_board_keeps_the_private_copy_in_view(harness):
    request, public_id, game = await new_board(harness)
    private_id = private_copy(harness, await harness.command("resume", ALICE))
    tile = next(i for i in request.custom_ids() if i.startswith(f"pipes:t:{game.id}:"))
    await harness.click(public_id, tile, ALICE)
    await harness.command("rotate", ALICE, cells="A1")
    assert harness.messages[private_id]["content"] == harness.messages[public_id]["content"]
    await harness.command("giveup", ALICE)
    assert not live(harness.messages[private_id]) and not live(harness.messages[public_id])


async def test_window_and_mode_outlive_the_token_that_showed_them(harness, monkeypatch):
    request, message_id, game = await new_board(harness, size="10x8")
    switch = next(i for i in request.custom_ids() if i.startswith(f"pipes:m:{game.id}:"))
    await harness.click(message_id, switch, ALICE)
    before = [i["custom_id"] for i in buttons(harness.messages[message_id])]
    monkeypatch.setattr(handles, "HANDLE_LIFETIME", timedelta(seconds=-1))  # 15 minutes on
    await harness.command("restart", ALICE)
    assert [i["custom_id"] for i in buttons(harness.messages[message_id])] == before


async def test_a_win_whose_announcement_fails_is_never_called_unchanged(harness, monkeypatch):
    _, message_id, game = await new_board(harness)

    async def failing(board):
        raise RuntimeError("the database hiccuped")

    monkeypatch.setattr(harness.bot.service, "win_facts", failing)
    with pytest.raises(BotFailure):  # logged with its traceback
        await solve_by_clicks(harness, message_id, game)
    assert (await harness.bot.storage.game(game.id)).solved
    assert not any("nothing was changed" in r.content.lower() for r in harness.requests)
    assert harness.requests[-1].files  # the board's own message shows the win


async def test_a_typed_win_answers_with_the_still_picture_not_the_animation_again(harness):
    _, message_id, game = await new_board(harness)
    puzzle = load(game.puzzle)
    cells = [
        f"{chr(ord('A') + c % 5)}{c // 5 + 1}x{turns_between(t, s)}"
        for c, (t, s) in enumerate(zip(puzzle.tiles, puzzle.solution, strict=True))
        if turns_between(t, s)
    ]
    made = await harness.command("rotate", ALICE, cells=" ".join(cells))
    reply = next(r for r in made if r.callback_type or r.ephemeral)
    assert [name for name, _ in reply.files] == ["board.png"]
    assert harness.files[message_id][0][0] == "pipes-win.gif"
