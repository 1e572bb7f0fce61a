"""What the bot's own posts in a channel share (the daily post, the day's recap): a nonce
per post that Discord enforces, so a quick retry after a lost answer returns the message
already made, and finding an earlier try among the channel's recent messages."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import date

import discord

from .client import PipesClient


def post_nonce(guild_id: int, day: date, what: str = "daily") -> int:
    """The nonce of a server's post of a date (``what``: the daily, or its recap): the same
    on every try, unique per post."""
    digest = hashlib.sha256(f"{what}:{guild_id}:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


async def find_own(
    bot: PipesClient,
    channel_id: int,
    matches: Callable[[discord.Message], bool],
    limit: int = 50,
) -> discord.Message | None:
    """The bot's own message among a channel's ``limit`` most recent that ``matches``, if
    any (a direct message channel's too)."""
    channel = bot.get_partial_messageable(channel_id)
    async for message in channel.history(limit=limit):
        mine = bot.user is not None and message.author.id == bot.user.id
        if mine and matches(message):
            return message
    return None
