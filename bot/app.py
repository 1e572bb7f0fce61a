"""The discord.py application: wiring storage, the game service, commands, buttons and the
daily scheduler together."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord.ext import commands

import db
import play
from play import GameService
from play.daily_post import DailyPosts
from play.races import Races
from play.recap import DailyRecaps
from play.reminders import Reminders
from play.stock import Stock

from .buttons import DYNAMIC_ITEMS
from .client import PipesClient
from .config import Settings
from .daily import DailyPoster
from .groups import kind_group
from .handles import Shown
from .kinds import FACES, HOME, warm
from .lobby import Lobbies
from .reminders import Reminding, remind_command
from .setup import setup_group
from .strays import answer_unasked
from .tree import PipesTree
from .workers import Workers


class PipesBot(PipesClient):
    """Daily Pipes. ``storage``, ``service``, ``reminding`` and ``poster`` exist once
    ``setup_hook`` ran."""

    poster: DailyPoster
    #: Sends reminders from the daily tick, and delivers those held.
    reminding: Reminding
    #: The task refilling the stock of fresh puzzles (none with ``Settings.stock`` 0).
    stocking: asyncio.Task[None]

    def __init__(
        self,
        settings: Settings,
        *,
        clock: db.Clock = db.utc_now,
        sync_commands: bool = True,
        schedule: bool = True,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # Discord's recommended shard count when none is set; this process's shards (all of
        # them when none are named).
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            shards["shard_ids"] = list(settings.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=PipesTree,
            **shards,
        )
        self.settings = settings
        self.clock = clock
        self.shown = Shown()
        self.race_tokens = {}
        self.sync_commands = sync_commands
        self.schedule = schedule
        for face in FACES.values():
            group = kind_group(face)
            if face.name == HOME:
                group.add_command(remind_command())
            self.tree.add_command(group)
        self.tree.add_command(setup_group())

    async def setup_hook(self) -> None:
        """Open storage, register the persistent buttons, start the daily scheduler."""
        self.storage = await play.open_storage(self.settings.database, clock=self.clock)
        self.workers = Workers(self.settings.workers, warm)
        self.stock = Stock(self.storage, self.workers.background, self.settings.stock)
        self.service = GameService(
            self.storage,
            self.clock,
            offload=self.workers.generate,
            daily_secret=self.settings.daily_secret,
            stock=self.stock,
        )
        self.posts = DailyPosts(self.storage, self.service)
        self.races = Races(self.service)
        self.lobbies = Lobbies(
            self.races, self.get_partial_messageable, self.clock, lambda e: self.log_error(e)
        )
        self.reminders = Reminders(self.storage)
        self.reminding = Reminding(self)
        self.recaps = DailyRecaps(self.storage, self.service)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        # Each kind's warm-up and every worker process now, not on the first click.
        await asyncio.gather(asyncio.to_thread(warm), self.workers.start())
        if self.schedule:  # else refilled by hand (stock.refill) or by start_stocking
            self.start_stocking()
        self.poster = DailyPoster(self, self.reminding)
        if self.schedule:
            self.poster.start()
        # The commands are the bot's, not a shard's: the process running shard 0 syncs them.
        ids = self.settings.shard_ids
        if self.sync_commands and (ids is None or 0 in ids):
            if self.settings.dev_guild_id:
                guild = discord.Object(self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()

    def start_stocking(self) -> None:
        """Keep the stock of fresh puzzles filled from now on (unless ``Settings.stock`` is 0)."""
        if self.settings.stock and not hasattr(self, "stocking"):
            self.stocking = asyncio.create_task(self.stock.run(), name="stock")

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every interaction, as well as its command or button: those nothing of the bot
        takes are answered here (``strays``)."""
        await answer_unasked(interaction)

    async def on_answered(self, interaction: discord.Interaction[Any]) -> None:
        """An interaction was answered (``logs.log_done``): its player's held reminder."""
        await self.reminding.deliver(interaction)

    async def close(self) -> None:
        """Stop the scheduler and close the database, then disconnect."""
        if hasattr(self, "poster"):
            self.poster.shutdown()
        if hasattr(self, "stocking"):
            self.stocking.cancel()
        if hasattr(self, "workers"):
            self.workers.close()
        if hasattr(self, "storage"):
            await self.storage.close()
        await super().close()


def create_bot(
    settings: Settings,
    *,
    clock: db.Clock = db.utc_now,
    sync_commands: bool = True,
    schedule: bool = True,
) -> PipesBot:
    """The bot the CLI runs; tests and tools build the very same one (without syncing
    commands to Discord, and with the daily job driven by hand if they like)."""
    return PipesBot(settings, clock=clock, sync_commands=sync_commands, schedule=schedule)
