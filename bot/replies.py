"""Answering an interaction safely: private sentences that always fit Discord's limit, one
structured log line per interaction, and one private apology (with the traceback logged)
for any failure, in commands and buttons alike."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import discord

from play import UserError

from . import texts
from .kinds import FACES
from .logs import log, log_done

NO_MENTIONS = discord.AllowedMentions.none()
#: Discord refuses message content longer than this.
MAX_CONTENT = 2000
SORRY = "Sorry, something went wrong on our side; nothing was changed. Please try again."


def fit(text: str) -> str:
    """Content Discord accepts: at most ``MAX_CONTENT`` characters."""
    return text if len(text) <= MAX_CONTENT else text[: MAX_CONTENT - 1] + "…"


async def say(interaction: discord.Interaction[Any], text: str, *, ephemeral: bool = True) -> None:
    """Answer with text, privately by default (mentions shown, never pinged), as a first
    response or, once the interaction is answered, as a follow-up."""
    if interaction.response.is_done():
        await interaction.followup.send(
            fit(text), ephemeral=ephemeral, allowed_mentions=NO_MENTIONS
        )
    else:
        await interaction.response.send_message(
            fit(text), ephemeral=ephemeral, allowed_mentions=NO_MENTIONS
        )


async def refuse(interaction: discord.Interaction[Any], error: UserError) -> None:
    """Say privately why a request cannot be done; the log line records a refusal."""
    interaction.extras["outcome"] = "refused"
    await say(interaction, texts.refusal(error, FACES))


async def fail(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer a failure: a refusal privately with its reason; anything else with a private
    apology and its traceback in the log."""
    if isinstance(error, UserError):
        await refuse(interaction, error)
        return
    interaction.extras["outcome"] = "error"
    interaction.client.log_error(error)
    try:
        await say(interaction, SORRY)
    except discord.HTTPException:
        log.warning("could not apologise for interaction %s", interaction.id)


async def guarded(interaction: discord.Interaction[Any], work: Awaitable[None]) -> None:
    """Run a button's work: any failure is answered (``fail``), and the interaction logged.
    (discord.py 2.7.1 does not route DynamicItem callback errors through View.on_error.)"""
    try:
        await work
    except Exception as error:
        await fail(interaction, error)
    finally:
        log_done(interaction)
