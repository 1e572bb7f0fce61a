"""Shared pieces of the bot tests: users, a settable clock, a bot on a temp database, and
helpers that start boards through the real dispatch."""

import io
from datetime import time

import discord
from PIL import Image

from bot import Settings, create_bot
from bot.kinds import FACES
from db import DailyKind, GuildSettings
from play import load
from playground import offline
from playground.offline import CHANNEL_ID, GUILD_ID

ALICE, BOB = 1_300_000_000_000_000_001, 1_300_000_000_000_000_002
MANAGER = discord.Permissions(manage_guild=True)


def make_bot(tmp_path, clock, **settings):
    """A bot on the SQLite file ``bot.sqlite3`` in ``tmp_path`` (or the ``database_url`` in
    ``settings``), with the other ``settings`` given."""
    return create_bot(
        # Threads, not worker processes: a test starts many bots (test_workers covers them);
        # no stock unless asked for (test_stock covers it): each new board is generated.
        Settings(
            **{"database_path": str(tmp_path / "bot.sqlite3"), "workers": 0, "stock": 0, **settings}
        ),
        clock=clock,
        sync_commands=False,
        schedule=False,
    )


#: What a graded kind's board line ends with after par (a pattern): ' · grade 2.4'.
GRADE = r"(?: · grade [0-9.e+-]+)?"


def board_message(made):
    """The request that carried a board."""
    return next(r for r in made if any(f == "board.png" for f, _ in r.files))


def message_of(harness, request):
    """The id of the recorded message a request made (found by its content and buttons)."""
    return next(
        m
        for m, data in harness.messages.items()
        if data["content"] == request.content
        and data["components"] == request.data.get("components", [])
    )


async def new_board(harness, user=ALICE, size="5x4", seed="abc"):
    made = await harness.command("new", user, size=size, seed=seed)
    assert made[0].callback_type == 5  # deferred: generating may take a moment
    request = board_message(made)
    game = (await harness.bot.storage.unfinished_games(user))[0]
    return request, message_of(harness, request), game


#: A small daily of each kind.
SMALL = {"pipes": "5x4 weekly", "mines": "9x9", "maze": "8x8", "drops": "6x6", "choco": "6x6"}


async def solve_current(harness, user, group):
    """Solve the board ``user`` last opened, by hints."""
    for _ in range(400):
        await harness.command("hint", user, group=group)
        if not await harness.bot.storage.unfinished_games(user):
            return
    raise AssertionError("hints did not solve the board")


def pipes_daily(size="5x4", level="weekly", **row):
    """A server's Pipes row of its daily post."""
    return DailyKind("pipes", f"{size} {level}", **row)


async def enable_daily(harness, size="5x4", *dailies):
    """The test server's daily post on, with a Pipes daily of ``size`` (weekly levels), or
    with the rows given."""
    await harness.bot.storage.save_guild_settings(
        GuildSettings(
            guild_id=GUILD_ID,
            channel_id=CHANNEL_ID,
            post_time=time(9, 0),
            timezone="UTC",
            enabled=True,
            dailies=dailies or (pipes_daily(size),),
        )
    )


def daily_post(harness):
    """The request that made the last daily post (the message with Play buttons)."""
    return [r for r in harness.requests if "pipes:play:" in str(r.custom_ids())][-1]


async def post_picture(harness, kind):
    """The picture of ``kind`` in the last daily post as the kind draws it (the post shows
    it shrunk, a tile of its one picture)."""
    for custom_id in daily_post(harness).custom_ids():
        daily = await harness.bot.storage.daily_puzzle_by_id(int(custom_id.split(":")[-1]))
        if daily is not None and daily.puzzle.kind == kind:
            png = await FACES[kind].post(harness.bot.workers, load(daily.puzzle))
            return Image.open(io.BytesIO(png))
    raise AssertionError(f"the last daily post carries no {kind}")


class Harness(offline.Harness):
    """The offline harness, its commands ``/pipes …`` unless another group is named."""

    def command_payload(self, name, user_id, *, group="pipes", **kwargs):
        return super().command_payload(name, user_id, group=group, **kwargs)

    async def send(self, payload):
        """Dispatch a raw payload made by hand (one Discord's client would not send) and
        return the requests the bot made."""
        return await self._dispatch(payload)
