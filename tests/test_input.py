"""Every value checked where it arrives (issue 23): discord.py does not check incoming option
values against their declared choices, ranges, lengths and types, and a stale client after a
command update sends exactly such values. Each gets one short private sentence; nothing is
saved and nothing is logged above INFO."""

import asyncio
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


async def test_autocomplete_of_a_value_of_another_type_answers_quietly(harness, caplog):
    caplog.set_level(logging.INFO)
    payload = harness.command_payload("kind", ALICE, **SETUP, kind="pipes", params=(4, 5))
    payload["type"] = 4  # an autocomplete request
    payload["data"]["options"][0]["options"][1]["focused"] = True
    running = asyncio.all_tasks()
    harness.deliver(payload)
    await harness.settle(running)
    assert harness.errors == []
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.parametrize("custom_id", ["x\ny", "pipes:t:1:2:0:0:c\n"])
async def test_an_id_with_a_line_break_gets_an_answer(harness, custom_id):
    _, message_id, _ = await new_board(harness)
    harness.messages[message_id]["components"][0]["components"][0]["custom_id"] = custom_id
    made = await harness.click(message_id, custom_id, ALICE)
    assert made[0].content == "This button is out of date or broken; nothing was changed."
