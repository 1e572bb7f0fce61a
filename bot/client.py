"""What commands, buttons and the daily poster use of the bot: its settings, clock, storage
and game service. ``bot.app`` builds the full bot on top of this."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord.ext import commands

import db
from play import GameService
from play.daily_post import DailyPosts
from play.recap import DailyRecaps
from play.reminders import Reminders

from .config import Settings
from .logs import log_done
from .workers import Workers

if TYPE_CHECKING:
    from play.races import Races

    from .handles import Shown

log = logging.getLogger("bot")


class Lobbies(Protocol):
    """What moves, buttons and the scheduler ask of the races' lobby messages (kept up to
    date by ``bot.lobby.Lobbies``)."""

    def touch(self, race_id: int) -> None: ...
    def moved(self, game: db.Game) -> None: ...
    async def end_overdue(self) -> int: ...


class PipesClient(commands.AutoShardedBot):
    """The bot as its parts see it. ``storage``, ``service``, ``posts``, ``recaps``,
    ``reminders`` and ``workers`` exist once it is set up. It runs the shards its settings
    name (all of them by default)."""

    settings: Settings
    clock: db.Clock
    storage: db.Storage
    service: GameService
    workers: Workers
    #: The boards this bot showed: their messages, who saw which last, their locks.
    shown: Shown
    #: The daily post's decisions: which servers are due, claims, retries and pauses.
    posts: DailyPosts
    #: Races, and their lobby messages kept up to date.
    races: Races
    lobbies: Lobbies
    #: By race, then player: the interaction whose token carries their board at the start.
    race_tokens: dict[int, dict[int, discord.Interaction[Any]]]
    #: Reminders' decisions: who is due, the claims.
    reminders: Reminders
    #: The day's recap's decisions: which servers are due, claims and retries.
    recaps: DailyRecaps

    def runs(self, guild_id: int) -> bool:
        """Whether this process runs the shard of a server (Discord's formula); before it
        learns the shard count from Discord, a process runs every server."""
        count = self.shard_count or 1
        shard = (guild_id >> 22) % count
        return self.shard_ids is None or shard in self.shard_ids

    def log_error(self, error: BaseException) -> None:
        """Log an unexpected error with its traceback."""
        log.error("unhandled error", exc_info=error)

    async def on_app_command_completion(
        self, interaction: discord.Interaction[Any], command: object
    ) -> None:
        """A command finished without failing: its log line."""
        log_done(interaction)
