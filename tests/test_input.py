"""Every value checked where it arrives (issue 23): discord.py does not check incoming option
values against their declared choices, ranges, lengths and types, and a stale client after a
command update sends exactly such values. Each gets one short private sentence; nothing is
saved and nothing is logged above INFO."""

import logging

import pytest
from botkit import ALICE, MANAGER, new_board
from sentences import assert_one_sentence

from playground.offline import CHANNEL_ID, GUILD_ID

CHANNEL = {"channels": {str(CHANNEL_ID): {"id": str(CHANNEL_ID), "type": 0, "name": "p",
                                          "permissions": "0"}}}  # fmt: skip
SETUP = {"group": "pipes-setup", "permissions": MANAGER}

MALFORMED = [
    ("level outside its choices", "new", {"level": "bogus"}, "level"),
    ("period outside its choices", "leaderboard", {"period": "decade"}, "period"),
    ("kind outside its choices", "kind", {**SETUP, "kind": "bogus"}, "kind"),
    ("a number where text is declared", "new", {"size": (4, 6)}, "size"),
    ("text where a number is declared", "new", {"group": "mines", "mines": (4, "ten")}, "mines"),
    ("a number out of range", "new", {"group": "mines", "mines": 500}, "mines"),
    ("text too long", "rotate", {"cells": "B3 " * 200}, "cells"),
    ("a true/false that is neither", "new", {"wrap": (5, "maybe")}, "wrap"),
    ("a required option missing", "rotate", {}, "cells"),
    ("an option the command does not have", "new", {"colour": "red"}, "colour"),
    ("a user that is no snowflake", "stats", {"user": (6, "abc")}, "user"),
    ("a user absent from resolved", "stats", {"user": (6, "123456789012345678")}, "user"),
    ("a role absent from resolved", "daily",
     {**SETUP, "resolved": CHANNEL, "channel": (7, str(CHANNEL_ID)), "ping_role": (8, "42")},
     "ping_role"),
    ("a channel absent from resolved", "daily", {**SETUP, "channel": (7, "77")}, "channel"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "options", "option"),
    [pytest.param(c, o, n, id=why) for why, c, o, n in MALFORMED],
)
async def test_a_malformed_value_gets_one_sentence_and_changes_nothing(
    harness, caplog, name, options, option
):
    caplog.set_level(logging.INFO)
    made = await harness.command(name, ALICE, **options)
    assert len(made) == 1 and made[0].callback_type == 4 and made[0].ephemeral, made
    assert f"`{option}`" in made[0].content
    assert_one_sentence(made[0].content)
    assert await harness.bot.storage.unfinished_games(ALICE) == []
    assert await harness.bot.storage.guild_settings(GUILD_ID) is None
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert loud == [] and "outcome=refused" in caplog.text


async def test_a_well_formed_command_still_plays(harness):
    _, _, game = await new_board(harness)
    made = await harness.command("rotate", ALICE, cells="A1")
    assert (await harness.bot.storage.game(game.id)).turns == 1 and made


@pytest.mark.parametrize(
    "custom_id",
    ["other:thing", "", "pipes", "pipes:t:١٢:3:0:0:c", "pipes:t:12:٣:0:0:c", "pipes:play:٣"],
)
async def test_every_button_id_gets_an_answer(harness, custom_id):
    """Ids of other apps, cut ones, and non-ASCII digits (``\\d`` would read them)."""
    _, message_id, game = await new_board(harness)
    harness.messages[message_id]["components"][0]["components"][0]["custom_id"] = custom_id
    made = await harness.click(message_id, custom_id, ALICE)
    assert [r.callback_type for r in made] == [4] and made[0].ephemeral
    assert made[0].content == "This button is out of date or broken; nothing was changed."
    assert (await harness.bot.storage.game(game.id)).version == 0


async def test_a_command_the_bot_no_longer_has_gets_one_sentence(harness, caplog):
    caplog.set_level(logging.INFO)
    made = await harness.command("frobnicate", ALICE)
    assert made[-1].ephemeral and made[-1].content == (
        "This command is gone: reopen the command list in Discord and try again."
    )
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.parametrize(
    ("command", "options", "focused"),
    [
        ("kind", {"kind": "pipes", "params": (4, 5)}, "params"),  # a number where text goes
        ("kind", {"kind": "pipes", "params": (3, None)}, "params"),  # null
        ("daily", {"timezone": (4, 7)}, "timezone"),
        ("daily", {"timezone": (3, None)}, "timezone"),
    ],
)
async def test_autocomplete_of_a_value_of_another_type_offers_the_default_suggestions(
    harness, caplog, command, options, focused
):
    """Read as if nothing were typed yet: the suggestions an empty option gets."""

    def asking(**typed):
        payload = harness.command_payload(command, ALICE, **SETUP, **typed)
        payload["type"] = 4  # an autocomplete request
        for option in payload["data"]["options"][0]["options"]:
            option["focused"] = option["name"] == focused
        return payload

    caplog.set_level(logging.INFO)
    made = await harness.send(asking(**options))
    empty = await harness.send(asking(**{**options, focused: ""}))
    assert [r.callback_type for r in made] == [8], made
    assert made[0].data["choices"] and made[0].data["choices"] == empty[0].data["choices"]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.parametrize("custom_id", ["x\ny", "pipes:t:1:2:0:0:c\n"])
async def test_an_id_with_a_line_break_gets_an_answer(harness, custom_id):
    _, message_id, _ = await new_board(harness)
    harness.messages[message_id]["components"][0]["components"][0]["custom_id"] = custom_id
    made = await harness.click(message_id, custom_id, ALICE)
    assert made[0].content == "This button is out of date or broken; nothing was changed."


VOICE = 1_200_000_000_000_000_050
ELSEWHERE = 1_200_000_000_000_000_051
THREAD = 1_200_000_000_000_000_052
METADATA = {"archived": False, "auto_archive_duration": 1440,
            "archive_timestamp": "2026-11-22T12:00:00+00:00", "locked": False}  # fmt: skip
REFUSED_CHANNEL = (
    "The daily post needs a text channel of this server where I can send messages and "
    "attach files: that one is {}."
)


def resolved_channel(channel_id, kind, **extra):
    data = {"id": str(channel_id), "type": kind, "name": "somewhere", "permissions": "0"}
    return {"channels": {str(channel_id): {**data, **extra}}}


@pytest.mark.parametrize(
    ("channel", "resolved", "what"),
    [
        pytest.param(VOICE, resolved_channel(VOICE, 2), "a voice channel", id="voice"),
        pytest.param(
            ELSEWHERE,
            resolved_channel(ELSEWHERE, 0, guild_id=str(GUILD_ID + 1)),
            "in another server",
            id="another server, named",
        ),
        pytest.param(
            ELSEWHERE, resolved_channel(ELSEWHERE, 0), "in another server", id="not of this one"
        ),
        pytest.param(
            THREAD,
            resolved_channel(
                THREAD,
                11,
                parent_id=str(CHANNEL_ID),
                thread_metadata=METADATA,
                owner_id=str(ALICE),
                member_count=1,
                message_count=0,
            ),
            "a public thread channel",
            id="a thread of this server",
        ),
    ],
)
async def test_a_channel_the_post_cannot_go_to_is_refused_and_nothing_saved(
    harness, caplog, channel, resolved, what
):
    harness.bot._connection.parse_channel_create(
        {"id": str(VOICE), "type": 2, "guild_id": str(GUILD_ID), "name": "Lounge",
         "position": 1, "permission_overwrites": [], "bitrate": 64000, "user_limit": 0,
         "parent_id": None, "nsfw": False, "rtc_region": None}
    )  # fmt: skip
    harness.bot._connection.parse_thread_create(
        {"id": str(THREAD), "type": 11, "guild_id": str(GUILD_ID), "name": "chat",
         "parent_id": str(CHANNEL_ID), "owner_id": str(ALICE), "thread_metadata": METADATA,
         "message_count": 0, "member_count": 1, "rate_limit_per_user": 0}
    )  # fmt: skip
    caplog.set_level(logging.INFO)
    made = await harness.command(
        "daily", ALICE, **SETUP, resolved=resolved, channel=(7, str(channel)), time="9am"
    )
    assert [r.callback_type for r in made] == [4] and made[0].ephemeral
    assert made[0].content == REFUSED_CHANNEL.format(what)
    assert_one_sentence(made[0].content)
    assert await harness.bot.storage.guild_settings(GUILD_ID) is None
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.parametrize(
    ("group", "said"),
    [
        ("pipes", "`/pipes` needs a subcommand: `/pipes help` lists them."),
        ("mines", "`/mines` needs a subcommand: `/mines help` lists them."),
        ("pipes-setup", "`/pipes-setup` needs a subcommand: daily, kind, status, activity or off."),
    ],
)
async def test_a_group_sent_without_its_subcommand_points_to_its_help(harness, caplog, group, said):
    """A stale client sends the group alone."""
    payload = harness.command_payload("help", ALICE, group=group, permissions=MANAGER)
    payload["data"]["options"] = []
    caplog.set_level(logging.INFO)
    made = await harness.send(payload)
    assert [r.callback_type for r in made] == [4] and made[0].ephemeral
    assert made[0].content == said
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


NOBODY = "Discord did not say who sent this, so nothing was changed: please try again."
NOT_MINE = "This kind of control is not one of mine; nothing was changed."


async def test_an_interaction_from_nobody_gets_one_sentence_and_changes_nothing(harness, caplog):
    _, message_id, game = await new_board(harness)
    tile = harness.messages[message_id]["components"][0]["components"][0]["custom_id"]
    command = harness.command_payload("rotate", ALICE, cells="A1")
    click = harness.click_payload(message_id, tile, ALICE, True)
    private = harness.command_payload("new", ALICE, guild=False)
    caplog.set_level(logging.INFO)
    for payload, who in ((command, "member"), (click, "member"), (private, "user")):
        del payload[who]
        made = await harness.send(payload)
        assert [r.callback_type for r in made] == [4] and made[0].ephemeral, made
        assert made[0].content == NOBODY
    after = await harness.bot.storage.game(game.id)
    assert after.version == 0 and await harness.bot.storage.moves(game.id) == []
    assert len(await harness.bot.storage.unfinished_games(ALICE)) == 1
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert caplog.text.count("user=None") == 3


async def test_a_control_the_bot_never_sends_gets_one_sentence(harness, caplog):
    """A select menu (on a message that holds one, or not) and a modal submit."""
    _, message_id, game = await new_board(harness)
    tile = harness.messages[message_id]["components"][0]["components"][0]["custom_id"]
    picked = {"custom_id": tile, "component_type": 3, "values": ["A1"]}
    select = harness.click_payload(message_id, tile, ALICE, True)
    select["data"] = picked
    held = harness.click_payload(message_id, tile, ALICE, True)
    held["data"] = picked
    held["message"] = {**held["message"], "components": [{"type": 1, "components": [
        {"type": 3, "custom_id": tile, "options": [{"label": "A1", "value": "A1"}]}]}]}  # fmt: skip
    modal = harness.click_payload(message_id, tile, ALICE, True)
    modal["type"] = 5
    modal["data"] = {"custom_id": tile, "components": []}
    caplog.set_level(logging.INFO)
    for payload in (select, held, modal):
        made = await harness.send(payload)
        assert [r.callback_type for r in made] == [4] and made[0].ephemeral, made
        assert made[0].content == NOT_MINE
    assert (await harness.bot.storage.game(game.id)).version == 0
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert caplog.text.count("outcome=refused") == 3
