"""``python -m bot``: run Daily Pipes with the token from the environment or ``.env``."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

import play
from db import StorageUnusable

from .app import create_bot
from .config import ConfigError, load_settings


async def check_storage(where: str) -> None:
    """Open the storage (its integrity checked, migrated as needed) and close it again:
    ``StorageUnusable`` before anything reaches Discord if it cannot serve."""
    storage = await play.open_storage(where)
    await storage.close()


def main() -> int:
    """Start the bot; exit code 2 with one clear line when the configuration is unusable."""
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not settings.token:
        print(
            "error: DISCORD_TOKEN is not set: put your bot token in .env (see .env.example) "
            "or in the environment.",
            file=sys.stderr,
        )
        return 2
    try:
        asyncio.run(check_storage(settings.database))
    except StorageUnusable as error:
        print(f"error: {settings.database_setting}: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    bot = create_bot(settings)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print("error: Discord refused DISCORD_TOKEN: check the token in .env.", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
