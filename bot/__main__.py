"""``python -m bot``: run Daily Pipes with the token from the environment or ``.env``, and
the Activity's web app beside it when the Activity is on."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord
from aiohttp import web

import activity
import play
from db import StorageUnusable

from .app import PipesBot, create_bot
from .config import ConfigError, load_settings

log = logging.getLogger("bot")


async def check_storage(where: str) -> None:
    """Open the storage (its integrity checked, migrated as needed) and close it again:
    ``StorageUnusable`` before anything reaches Discord if it cannot serve."""
    storage = await play.open_storage(where)
    await storage.close()


@asynccontextmanager
async def activity_app(bot: PipesBot) -> AsyncIterator[None]:
    """The Activity's web app on ``ACTIVITY_PORT`` while the bot runs, stopped with it
    (nothing when the Activity is off)."""
    if not bot.settings.activity:
        yield
        return
    # No access log: a picture's URL carries its ticket.
    runner = web.AppRunner(activity.create_app(bot), access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, port=bot.settings.activity_port).start()
        log.info("the Activity's web app listens on port %d", bot.settings.activity_port)
        yield
    finally:
        await runner.cleanup()


async def serve(bot: PipesBot, token: str) -> None:
    """Run the bot, and the Activity's web app beside it, until it stops."""
    async with bot, activity_app(bot):
        await bot.start(token)


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
        asyncio.run(serve(bot, settings.token))
    except KeyboardInterrupt:
        return 0
    except discord.LoginFailure:
        print("error: Discord refused DISCORD_TOKEN: check the token in .env.", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
