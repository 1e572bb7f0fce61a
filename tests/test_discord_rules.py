"""Discord's rules kept under faults (issue 12), through the real discord.py dispatch with
recorded HTTP: command metadata, bad input, failures answered, edits in order, deferral when
slow, a deleted board, retried announcements, daily posts that are never doubled, and a
channel the bot may not post in."""

import asyncio
import itertools
import logging
import re
import time as time_module
from datetime import time, timedelta

import discord
import pytest
from botkit import ALICE, MANAGER, enable_daily, new_board

import kinds.pipes.face as pipes_face
from bot import deadline as deadline_module
from bot.replies import MAX_CONTENT, SORRY
from bot.setup import find_zone, parse_post_time
from kinds.pipes.tests.clicks import solve_by_clicks
from play import UserError
from play.daily_post import MAX_FAILURES, RETRY_AFTER
from playground.offline import CHANNEL_ID, GUILD_ID, http_error

SETUP_CHANNEL = {
    "channels": {
        str(CHANNEL_ID): {"id": str(CHANNEL_ID), "type": 0, "name": "puzzles", "permissions": "0"}
    }
}


def options(payload):
    for option in payload.get("options", []):
        yield option
        yield from options(option)


def test_commands_describe_contexts_and_install_types_and_limit_text(harness):
    tree = harness.bot.tree
    payloads = {c.name: c.to_dict(tree) for c in tree.get_commands()}
    assert "dm_permission" not in payloads["pipes"]
    assert payloads["pipes"]["contexts"] == [0, 1] and payloads["pipes"]["integration_types"] == [0]
    assert payloads["pipes-setup"]["contexts"] == [0]
    texts = [
        o for p in payloads.values() for o in options(p) if o["type"] == 3 and not o.get("choices")
    ]
    assert texts and all(0 < o["max_length"] <= 400 for o in texts)


@pytest.mark.parametrize(
    ("command", "option", "value"),
    [
        ("rotate", "cells", "B3 " + "Z" * 5000),
        ("new", "seed", "no/" * 1000),
        ("new", "size", "9" * 3000),
        ("leaderboard", "day", "x" * 3000),
    ],
)
async def test_oversized_input_gets_a_short_private_answer(harness, command, option, value):
    """Longer than the option's declared length (Discord's client would stop it): refused
    before the command runs, the input not quoted back."""
    if command == "rotate":
        await new_board(harness)
    made = await harness.command(command, ALICE, **{option: value})
    reply = made[-1]
    assert reply.ephemeral and reply.content.startswith(f"`{option}` must be from 1 to ")
    assert len(reply.content) < 300 and value[:20] not in reply.content


@pytest.mark.parametrize(
    ("command", "option", "value", "said"),
    [
        ("rotate", "cells", "B3 " + "Z" * 390, "is not a tile"),
        ("new", "seed", "no/" * 10, "is not a usable seed"),
        ("leaderboard", "day", "x" * 10, "is not a date"),
    ],
)
async def test_long_input_is_quoted_back_shortened(harness, command, option, value, said):
    if command == "rotate":
        await new_board(harness)
    made = await harness.command(command, ALICE, **{option: value})
    reply = made[-1]
    assert reply.ephemeral and said in reply.content
    assert len(reply.content) <= MAX_CONTENT and len(reply.content) < 300


async def test_a_forged_or_oversized_button_id_gets_a_short_private_answer(harness):
    _, message_id, _ = await new_board(harness)
    forged = "pipes:t:" + "9" * 40 + ":1:0:0"
    harness.messages[message_id]["components"][0]["components"][0]["custom_id"] = forged
    made = await harness.click(message_id, forged, ALICE)
    assert [r.callback_type for r in made] == [4] and made[0].ephemeral
    assert "out of date or broken" in made[0].content


async def test_a_failing_click_is_answered_privately_and_logged(harness, monkeypatch, caplog):
    _, message_id, game = await new_board(harness)

    async def broken(*_args, **_kwargs):
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(harness.bot.service, "play", broken)
    caplog.set_level(logging.INFO, logger="bot.interactions")
    running = asyncio.all_tasks()
    harness.press(message_id, f"pipes:t:{game.id}:3:0:0:c", ALICE)
    await harness.settle(running)
    assert [type(e) for e in harness.errors] == [RuntimeError]  # logged with its traceback
    harness.errors.clear()
    reply = harness.requests[-1]
    assert reply.callback_type == 4 and reply.ephemeral and reply.content == SORRY
    assert re.search(r"button pipes:t user=\d+ guild=\d+ latency_ms=\d+ outcome=error", caplog.text)
    assert (await harness.bot.storage.game(game.id)).version == 0


async def test_a_failing_command_is_answered_privately(harness, monkeypatch):
    async def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(harness.bot.service, "stats", broken)
    running = asyncio.all_tasks()
    harness.deliver(harness.command_payload("stats", ALICE))
    await harness.settle(running)
    assert [type(e.__cause__ or e) for e in harness.errors]
    harness.errors.clear()
    reply = harness.requests[-1]
    assert reply.ephemeral and reply.content == SORRY


async def test_every_interaction_is_logged_once_with_its_outcome(harness, caplog):
    caplog.set_level(logging.INFO, logger="bot.interactions")
    await new_board(harness)
    await harness.command("rotate", ALICE, cells="Z99")
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.interactions"]
    assert len(lines) == 2
    assert "/pipes new" in lines[0] and lines[0].endswith("outcome=ok")
    assert "/pipes rotate" in lines[1] and lines[1].endswith("outcome=refused")


def test_post_times_and_zones_are_read_generously():
    assert parse_post_time("9am") == time(9, 0)
    assert parse_post_time("9:30 pm") == time(21, 30)
    assert parse_post_time("12 a.m.") == time(0, 0)
    assert parse_post_time("12pm") == time(12, 0)
    assert parse_post_time("21:30") == time(21, 30)
    assert parse_post_time("7") == time(7, 0)
    for bad in ("13pm", "25:00", "9:75", "noon", ""):
        with pytest.raises(UserError, match="is not a time of day"):
            parse_post_time(bad)
    assert find_zone("europe/berlin") == "Europe/Berlin"
    assert find_zone("America/New York") == "America/New_York"
    for bad in ("Europe", "Mars/Base", "../etc/passwd", "posix/UTC"):
        with pytest.raises(UserError, match="is not a time zone"):
            find_zone(bad)


async def setup_daily(harness, **changes):
    options = {
        "channel": (7, str(CHANNEL_ID)),
        "time": "9:30 pm",
        "timezone": "Europe/Berlin",
        **changes,
    }
    return await harness.command(
        "daily", ALICE, group="pipes-setup", resolved=SETUP_CHANNEL, permissions=MANAGER, **options
    )


async def setup_kind(harness, kind, **options):
    """``/pipes-setup kind``: a kind of the daily post on or off, its parameters."""
    return await harness.command(
        "kind", ALICE, group="pipes-setup", permissions=MANAGER, kind=kind, **options
    )


async def test_setup_refuses_a_bare_region_and_reads_9_30_pm(harness):
    made = await setup_daily(harness, timezone="Europe")
    assert made[0].ephemeral and "“Europe” is not a time zone" in made[0].content
    assert await harness.bot.storage.guild_settings(GUILD_ID) is None
    made = await setup_daily(harness)
    assert "every day at 21:30 Europe/Berlin" in made[0].content
    saved = await harness.bot.storage.guild_settings(GUILD_ID)
    assert (saved.post_time, saved.configured_by) == (time(21, 30), ALICE)


async def test_setup_names_the_permission_the_bot_lacks_in_the_channel(harness):
    deny = discord.Permissions(send_messages=True, attach_files=True)
    harness.update_channel(
        [{"id": str(GUILD_ID), "type": 0, "allow": "0", "deny": str(deny.value)}]
    )
    made = await setup_daily(harness)
    assert made[0].ephemeral
    assert "missing Send Messages and Attach Files" in made[0].content
    assert await harness.bot.storage.guild_settings(GUILD_ID) is None


async def test_a_burst_of_clicks_on_one_board_is_answered_in_order(harness, monkeypatch):
    _, message_id, game = await new_board(harness)
    draw = pipes_face.render_boards
    delays = itertools.cycle([0.05, 0.0, 0.02])  # some boards take longer to draw

    def uneven(*args, **kwargs):
        time_module.sleep(next(delays))
        return draw(*args, **kwargs)

    monkeypatch.setattr(pipes_face, "render_boards", uneven)
    running = asyncio.all_tasks()
    before = len(harness.requests)
    for _ in range(12):
        harness.press(message_id, f"pipes:t:{game.id}:0:0:0:c", ALICE)
    await harness.settle(running)
    answers = [r for r in harness.requests[before:] if _shows_board(r)]
    turns = [int(re.findall(r"(\d+) turns?\b", r.content)[-1]) for r in answers]
    assert turns == list(range(1, 13))  # each edit newer than the one before
    assert harness.messages[message_id]["content"] == answers[-1].content


def _shows_board(request):
    """Whether a request shows a clicked board: the click's answer, or the edit of its
    message after a deferred update."""
    edit = request.method == "PATCH" and request.path.endswith("/@original")
    return request.callback_type == 7 or edit


async def test_clicks_waiting_for_their_board_are_deferred_at_once(harness):
    """Many clicks at once on one board are all answered in time: each one that waits for
    the move before it on the board is deferred at once, then shows its board."""
    _, message_id, game = await new_board(harness)
    running = asyncio.all_tasks()
    before = len(harness.requests)
    payloads = [harness.press(message_id, f"pipes:t:{game.id}:0:0:0:c", ALICE) for _ in range(5)]
    await harness.settle(running)
    made = harness.requests[before:]
    answers = [[r for r in made if p["token"] in r.path] for p in payloads]
    assert [a[0].callback_type for a in answers] == [7, 6, 6, 6, 6]
    assert all(_shows_board(a[-1]) and a[-1].files for a in answers)
    assert (await harness.bot.storage.game(game.id)).turns == 5


async def test_a_slow_click_is_deferred_then_edited(harness, monkeypatch):
    _, message_id, game = await new_board(harness)
    monkeypatch.setattr(deadline_module, "DEFER_AFTER", 0.05)
    original = harness.bot.service.play

    async def slow(*args, **kwargs):
        await asyncio.sleep(0.3)
        return await original(*args, **kwargs)

    monkeypatch.setattr(harness.bot.service, "play", slow)
    made = await harness.click(message_id, f"pipes:t:{game.id}:3:0:0:c", ALICE)
    assert made[0].callback_type == 6  # a deferred update, within the deadline
    edit = made[1]
    assert (edit.method, edit.path.split("/")[-1]) == ("PATCH", "@original")
    assert "· 1 turn ·" in edit.content and edit.files


async def test_a_deleted_board_message_is_not_edited_again(harness):
    _, message_id, game = await new_board(harness)
    del harness.messages[message_id]  # someone deleted the public board
    made = await harness.command("rotate", ALICE, cells="A1")
    board = next(r for r in made if r.files and r.via == "webhook")  # the board, privately
    assert board.ephemeral and "`/pipes resume`" in board.content
    assert (await harness.bot.storage.game(game.id)).message_id is None
    again = await harness.command("rotate", ALICE, cells="A1")
    assert not [r for r in again if r.via == "http"]  # no more edits of the gone message


async def test_a_failed_announcement_is_retried(harness, monkeypatch):
    monkeypatch.setattr(deadline_module, "RETRY_DELAYS", (0.01, 0.01))
    _, message_id, game = await new_board(harness)
    harness.fail("POST", "/webhooks/", http_error(503, 0, "unavailable"))  # a follow-up fails
    made = await solve_by_clicks(harness, message_id, game)
    announcements = [r for r in made if "solved 5x4-abc" in r.content]
    assert len(announcements) == 1


async def test_a_post_whose_answer_was_lost_is_not_repeated(harness, monkeypatch):
    monkeypatch.setattr(deadline_module, "RETRY_DELAYS", (0.01, 0.01))
    await enable_daily(harness)
    path = f"/channels/{CHANNEL_ID}/messages"
    # Quick retry: Discord made the post, the answer was lost; the same nonce brings it back.
    harness.fail("POST", path, http_error(502, 0, "bad gateway"), delivered=True)
    assert await harness.bot.poster.tick() == 1
    posts = [m for m in harness.messages.values() if "Daily Pipes —" in m["content"]]
    assert len(posts) == 1
    assert (await harness.bot.storage.daily_post(GUILD_ID, harness.bot.clock().date())).message_id


async def test_a_post_lost_by_a_dying_poster_is_found_not_posted_again(harness, clock, monkeypatch):
    monkeypatch.setattr(deadline_module, "RETRY_DELAYS", ())
    await enable_daily(harness)
    path = f"/channels/{CHANNEL_ID}/messages"
    harness.fail("POST", path, ConnectionResetError("gone"), delivered=True)
    assert await harness.bot.poster.tick() == 0  # the post reached Discord, the answer did not
    clock.now += RETRY_AFTER + timedelta(minutes=1)
    assert await harness.bot.poster.tick() == 0  # found in the channel: not posted again
    posts = [m for m in harness.messages.values() if "Daily Pipes —" in m["content"]]
    assert len(posts) == 1
    post = await harness.bot.storage.daily_post(GUILD_ID, clock.now.date())
    assert post.message_id == int(posts[0]["id"])


async def test_a_channel_that_refuses_posts_pauses_the_daily_and_says_why(harness, clock):
    await setup_daily(harness, time="09:00", timezone="UTC")
    deny = discord.Permissions(attach_files=True)
    harness.update_channel(
        [{"id": str(GUILD_ID), "type": 0, "allow": "0", "deny": str(deny.value)}]
    )
    clock.now = clock.now.replace(hour=9, minute=5)
    for _ in range(MAX_FAILURES):
        harness.fail("POST", f"/channels/{CHANNEL_ID}/messages", http_error(403, 50013, "Missing"))
        assert await harness.bot.poster.tick() == 0
        clock.now += RETRY_AFTER + timedelta(minutes=1)
    settings = await harness.bot.storage.guild_settings(GUILD_ID)
    assert settings.paused == "I am missing Attach Files there"
    told = [r for r in harness.requests if r.via == "http" and "paused" in r.content]
    assert len(told) == 1 and "Attach Files" in told[0].content
    dm = next(r for r in harness.requests if r.path == "/users/@me/channels")
    assert dm.json["recipient_id"] == str(ALICE) or int(dm.json["recipient_id"]) == ALICE
    tried = len(harness.requests)
    assert await harness.bot.poster.tick() == 0 and len(harness.requests) == tried  # paused
    harness.update_channel([])
    await setup_daily(harness, time="09:00", timezone="UTC")  # fixed, set up again: resumed
    clock.now += RETRY_AFTER + timedelta(minutes=1)
    assert await harness.bot.poster.tick() == 1
    assert (await harness.bot.storage.guild_settings(GUILD_ID)).paused is None


async def test_the_token_and_the_daily_secret_never_reach_the_logs(tmp_path, clock, caplog):
    from botkit import Harness

    from bot import Settings, create_bot

    token, secret = "MTIzNDU2Nzg5.secret-token.value", "the-daily-secret-value"
    caplog.set_level(logging.DEBUG)
    bot = create_bot(
        Settings(
            token=token, daily_secret=secret, database_path=str(tmp_path / "t.sqlite3"), workers=0
        ),
        clock=clock,
        sync_commands=False,
        schedule=False,
    )
    h = Harness(bot)
    await h.start()
    try:
        await new_board(h)
        await h.command("rotate", ALICE, cells="nonsense")
        await h.command("daily", ALICE)
    finally:
        await h.close()
    assert caplog.records
    for hidden in (token, secret):
        assert hidden not in caplog.text and hidden not in repr(bot.settings)


@pytest.mark.parametrize("typed", [False, True])
async def test_a_move_saved_but_not_shown_is_not_called_unchanged(harness, monkeypatch, typed):
    """Drawing fails after the move is stored: the player hears it was saved (a retry would
    play it twice), never "nothing was changed"."""
    _, message_id, game = await new_board(harness)

    def broken(*_args, **_kwargs):
        raise RuntimeError("the drawing worker died")

    monkeypatch.setattr(pipes_face, "render_boards", broken)
    running = asyncio.all_tasks()
    if typed:
        harness.deliver(harness.command_payload("rotate", ALICE, cells="A1"))
    else:
        harness.press(message_id, f"pipes:t:{game.id}:0:0:0:c", ALICE)
    await harness.settle(running)
    assert [type(e) for e in harness.errors] == [RuntimeError]  # logged with its traceback
    harness.errors.clear()
    assert (await harness.bot.storage.game(game.id)).turns == 1
    reply = harness.requests[-1]
    assert reply.ephemeral and reply.content == (
        "Your move on Pipes 5x4-abc is saved, but the board could not be shown: "
        "`/pipes resume` shows it."
    )
