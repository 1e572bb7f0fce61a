"""The bot side of the Activity (issue 35): with the Activity on (the bot's client id and
secret set, and the server has not turned it off in ``/pipes-setup activity``), the daily
post's Play and ``/<kind> daily`` answer with LAUNCH_ACTIVITY (callback type 12), remember
the launch for the Activity to open on, and open no board (the player's clock starts when
the Activity opens it); refusals are still one sentence; without it, the board as today."""

import asyncio
import logging
import socket
from datetime import UTC, date, datetime

import aiohttp
import pytest
from botkit import (
    ALICE,
    BOB,
    MANAGER,
    Harness,
    board_message,
    enable_daily,
    make_bot,
    new_board,
)  # fmt: skip
from test_controls import setup
from test_hidden_daily import click_forged, post_of

from bot import launch as launch_module
from bot.__main__ import activity_app
from bot.kinds import FACES
from db import Launch
from playground.offline import APP_ID, CHANNEL_ID, GUILD_ID
from puzzle import KINDS

LAUNCH_ACTIVITY = 12
ON = {"client_id": "1234567890", "client_secret": "not-a-real-secret"}


@pytest.fixture
async def activity(tmp_path, clock):
    """A started harness whose bot has the Activity (client id and secret set)."""
    h = Harness(make_bot(tmp_path / "on", clock, **ON))
    await h.start()
    yield h
    await h.close()


async def posted_play(harness):
    """The daily post's message and its Play button's custom id, once the post is made."""
    await enable_daily(harness, "5x4")
    assert await harness.bot.poster.tick() == 1
    post = post_of(harness)
    message = next(m for m, d in harness.messages.items() if d["content"] == post.content)
    return message, post.custom_ids()[0]


async def switch(harness, enabled):
    return await harness.command(
        "activity", ALICE, group="pipes-setup", permissions=MANAGER, enabled=enabled
    )


def launched(made):
    """Whether the interaction was answered by launching the Activity, and nothing else."""
    return [r.callback_type for r in made] == [LAUNCH_ACTIVITY]


async def test_play_launches_the_activity_remembers_it_and_opens_no_board(activity, clock):
    message, play = await posted_play(activity)
    daily_id = int(play.rsplit(":", 1)[1])
    made = await activity.click(message, play, ALICE)
    assert launched(made)
    storage = activity.bot.storage
    assert await storage.last_launch(ALICE) == Launch(
        ALICE, "pipes", daily_id, GUILD_ID, CHANNEL_ID, clock.now
    )
    assert await storage.daily_game(ALICE, daily_id) is None  # its clock has not started
    assert await storage.last_launch(BOB) is None


async def test_without_the_activity_play_shows_the_board_and_remembers_nothing(harness):
    message, play = await posted_play(harness)
    made = await harness.click(message, play, ALICE)
    assert made[0].callback_type == 5 and board_message(made).ephemeral
    assert await harness.bot.storage.last_launch(ALICE) is None


async def test_a_server_that_turned_the_activity_off_gets_the_board_until_it_is_on(activity):
    message, play = await posted_play(activity)
    [answer] = await switch(activity, False)
    assert answer.ephemeral and answer.content.startswith("Saved. ")
    assert (await activity.bot.storage.guild_settings(GUILD_ID)).activity is False
    made = await activity.click(message, play, ALICE)
    assert made[0].callback_type == 5 and board_message(made).ephemeral
    made = await activity.command("daily", BOB)
    assert made[0].callback_type == 5 and board_message(made).ephemeral
    assert await activity.bot.storage.last_launch(ALICE) is None
    assert await activity.bot.storage.last_launch(BOB) is None
    await switch(activity, True)
    assert launched(await activity.click(message, play, ALICE))


async def test_the_daily_command_launches_on_todays_daily_of_the_server(activity, clock):
    await enable_daily(activity, "6x5")
    made = await activity.command("daily", ALICE, group="mines")
    assert launched(made)
    launch = await activity.bot.storage.last_launch(ALICE)
    today = await activity.bot.service.todays_daily(GUILD_ID, "mines")
    assert launch == Launch(ALICE, "mines", today.id, GUILD_ID, CHANNEL_ID, clock.now)
    assert await activity.bot.storage.daily_game(ALICE, today.id) is None
    # The server's own daily of a kind: its Pipes is 6×5, not the default.
    await activity.command("daily", ALICE)
    pipes = (await activity.bot.storage.last_launch(ALICE)).daily_id
    assert (await activity.bot.storage.daily_puzzle_by_id(pipes)).puzzle.params.startswith("6x5")


async def test_in_direct_messages_the_daily_command_launches_too(activity):
    made = await activity.command("daily", BOB, guild=False)
    assert launched(made)
    today = await activity.bot.service.todays_daily(None, "pipes")
    launch = await activity.bot.storage.last_launch(BOB)
    assert (launch.kind, launch.daily_id, launch.guild_id) == ("pipes", today.id, None)


async def test_refusals_are_still_one_sentence_and_launch_nothing(activity, clock):
    clock.now = datetime(2026, 11, 24, 2, 0, tzinfo=UTC)
    await enable_daily(activity, "5x4")
    await activity.bot.poster.tick()  # makes today's and tomorrow's puzzles ahead
    await new_board(activity, user=BOB)  # a message with buttons
    params = KINDS["pipes"].daily("5x4 weekly", date(2026, 11, 25))
    tomorrow = await activity.bot.storage.daily_puzzle(
        date(2026, 11, 25), "pipes", KINDS["pipes"].format_params(params)
    )
    other = await activity.bot.service.daily_puzzle(
        clock.now.date(), KINDS["pipes"].parse_params("7x7"), "pipes"
    )
    for daily_id, said in (
        (tomorrow.id, "That daily puzzle has not begun here yet: it opens at midnight (UTC)."),
        (other.id, "That is not a daily puzzle of this server."),
        (999999, "That daily puzzle does not exist."),
    ):
        [answer] = await click_forged(activity, f"pipes:play:{daily_id}")
        assert answer.callback_type == 4 and answer.ephemeral and answer.content == said
    assert await activity.bot.storage.last_launch(ALICE) is None


async def test_only_a_manager_turns_the_activity_off(activity):
    await enable_daily(activity, "5x4")
    [answer] = await activity.command(
        "activity", BOB, group="pipes-setup", permissions=None, enabled=False
    )
    assert answer.content == (
        "Only members with the Manage Server permission can turn the Activity on or off."
    )
    assert (await activity.bot.storage.guild_settings(GUILD_ID)).activity is True


async def test_a_server_that_never_set_up_keeps_its_first_daily_rows_when_it_switches(activity):
    await switch(activity, False)
    stored = await activity.bot.storage.guild_settings(GUILD_ID)
    assert stored.activity is False and not stored.enabled and stored.dailies  # rows written
    await setup(activity, channel=(7, str(CHANNEL_ID)))
    after = await activity.bot.storage.guild_settings(GUILD_ID)
    assert after.enabled and after.activity is False and after.dailies == stored.dailies


async def test_the_status_says_whether_play_opens_the_activity(activity, harness):
    await enable_daily(activity, "5x4")
    await enable_daily(harness, "5x4")

    async def status(h):
        [answer] = await h.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
        return answer.content.splitlines()

    assert (
        "▶ Play and `/<kind> daily` open the Activity here "
        "(`/pipes-setup activity enabled:False` turns it off)."
    ) in await status(activity)
    await switch(activity, False)
    assert (
        "▶ Play and `/<kind> daily` show the board as a message: the Activity is off here "
        "(`/pipes-setup activity enabled:True` turns it on)."
    ) in await status(activity)
    assert (
        "▶ Play and `/<kind> daily` show the board as a message: this bot runs without the "
        "Activity."
    ) in await status(harness)


async def test_a_daily_still_being_made_launches_on_the_home_list_and_is_made(
    activity, monkeypatch
):
    """Discord wants the launch within 3 s: a daily that takes longer to make is not waited
    for; the Activity opens on its home list, and the puzzle is made and stored all the same."""
    monkeypatch.setattr(launch_module, "MAKING_WITHIN", 0)
    service, made = activity.bot.service, asyncio.Event()
    generate = service.offload

    async def slow(*args):
        await made.wait()
        return await generate(*args)

    monkeypatch.setattr(service, "offload", slow)
    payload = activity.command_payload("daily", ALICE, group="choco")
    assert await activity.answered(payload) == LAUNCH_ACTIVITY
    launch = await activity.bot.storage.last_launch(ALICE)
    assert (launch.kind, launch.daily_id, launch.guild_id) == ("choco", None, GUILD_ID)
    made.set()
    await activity.settle()
    today = await activity.bot.service.local_today(GUILD_ID)
    params = await activity.bot.service.daily_params(GUILD_ID, today, "choco")
    stored = await activity.bot.storage.daily_puzzle(
        today, "choco", KINDS["choco"].format_params(params)
    )
    assert stored is not None and activity.errors == []


# -- The Entry Point command in the sync ----------------------------------------------------

#: Discord's own Entry Point command, as the app's commands list it once Activities are
#: enabled in the Developer Portal (a name and description the owner may have changed).
DISCORDS_ENTRY_POINT = {
    "id": "1300000000000000999", "application_id": str(APP_ID), "version": "1300000000000000998",
    "type": 4, "handler": 2, "name": "launch", "description": "Launch Daily Pipes",
    "integration_types": [0, 1], "contexts": [0, 1, 2], "default_member_permissions": None,
    "nsfw": False, "dm_permission": True,
}  # fmt: skip


def commands_api(harness, existing):
    """Answer the commands endpoints as Discord does: the app's global commands are
    ``existing`` until a bulk overwrite replaces them (each given an id)."""
    answer = harness._answer_rest

    def rest(request, params):
        if request.path == f"/applications/{APP_ID}/commands":
            if request.method == "PUT":
                existing[:] = [
                    {"id": str(1400000000000000000 + k), "application_id": str(APP_ID),
                     "version": "1", **command}
                    for k, command in enumerate(request.json)
                ]  # fmt: skip
            return existing
        return answer(request, params)

    harness._answer_rest = rest


def synced(harness):
    """The payload of the last bulk overwrite of the global commands."""
    [*_, put] = [r for r in harness.requests if r.method == "PUT" and "/commands" in r.path]
    return put.json


async def test_without_the_activity_the_sync_sends_the_commands_alone(harness):
    commands_api(harness, [])
    await harness.bot.tree.sync()
    assert [r.method for r in harness.requests] == ["PUT"]  # nothing fetched first
    sent = synced(harness)
    assert [c["name"] for c in sent] == [*FACES, "pipes-setup"]
    assert all(c["type"] == 1 for c in sent)


async def test_the_sync_adds_an_entry_point_command_when_the_app_has_none(activity, harness):
    commands_api(harness, [])
    commands_api(activity, [])
    await harness.bot.tree.sync()
    synced_commands = await activity.bot.tree.sync()
    *commands, entry = synced(activity)
    assert commands == synced(harness)  # the other commands as they are
    assert entry == {
        "name": "launch", "type": 4, "handler": 2,
        "description": "Play today's puzzles and your own boards whole, in place",
        "integration_types": [0], "contexts": [0, 1],
    }  # fmt: skip
    assert [c.name for c in synced_commands] == [*FACES, "pipes-setup"]


async def test_the_sync_keeps_the_apps_own_entry_point_command_as_it_is(activity):
    commands_api(activity, [{"id": "1", "type": 1, "name": "old"}, DISCORDS_ENTRY_POINT])
    await activity.bot.tree.sync()
    *commands, entry = synced(activity)
    assert [c["name"] for c in commands] == [*FACES, "pipes-setup"]
    kept = ("id", "type", "handler", "name", "description", "integration_types", "contexts",
            "default_member_permissions", "nsfw")  # fmt: skip
    assert entry == {key: DISCORDS_ENTRY_POINT[key] for key in kept}


# -- The Activity's web app, started with the bot -------------------------------------------


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def home(port):
    """The Activity's home, asked without a session: its status and what it says."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/api/home") as answer,
    ):
        return answer.status, await answer.json()


async def test_the_bot_serves_the_activity_on_its_port_while_it_runs(tmp_path, clock, caplog):
    port = free_port()
    bot = make_bot(tmp_path, clock, activity_port=port, **ON)
    caplog.set_level(logging.INFO, logger="bot")
    async with activity_app(bot):
        status, said = await home(port)
        assert (status, said["error"]) == (401, "Sign in again: your session has ended.")
    with pytest.raises(aiohttp.ClientConnectionError):
        await home(port)  # stopped with the bot
    said = [r.getMessage() for r in caplog.records if "Activity" in r.getMessage()]
    assert said == [f"the Activity's web app listens on port {port}"]
    assert ON["client_secret"] not in caplog.text


async def test_without_the_activity_no_web_app_is_started(tmp_path, clock):
    port = free_port()
    bot = make_bot(tmp_path, clock, activity_port=port)
    async with activity_app(bot):
        with pytest.raises(aiohttp.ClientConnectionError):
            await home(port)
