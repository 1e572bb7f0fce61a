"""What commands, buttons and the daily poster use of the bot: its settings, clock, storage
and game service. ``bot.app`` builds the full bot on top of this."""

from __future__ import annotations

import logging

from discord.ext import commands

import db
from play import GameService

from .config import Settings

log = logging.getLogger("bot")


class PipesClient(commands.Bot):
    """The bot as its parts see it. ``storage`` and ``service`` exist once it is set up."""

    settings: Settings
    clock: db.Clock
    storage: db.Storage
    service: GameService

    def log_error(self, error: BaseException) -> None:
        """Log an unexpected error with its traceback."""
        log.error("unhandled error", exc_info=error)
