"""Interactions the bot never asked for: one that names nobody (neither member nor user), a
component of a type the bot never sends (a select menu …) and a modal submit (it opens no
modal). discord.py gives the first to commands and buttons that need a user, and drops the
others without an answer; each gets one private sentence here instead, changes nothing, and
is logged at INFO."""

from __future__ import annotations

from typing import Any

import discord
from discord import ComponentType, InteractionType

from .logs import log_done
from .replies import say

NOBODY = "Discord did not say who sent this, so nothing was changed: please try again."
NOT_MINE = "This kind of control is not one of mine; nothing was changed."


def unasked(interaction: discord.Interaction[Any]) -> str | None:
    """What to say to an interaction nothing of the bot takes, or None for any other (an
    autocomplete request is one: suggestions need no user)."""
    if interaction.type is InteractionType.autocomplete:
        return None
    if interaction.user is discord.utils.MISSING:
        return NOBODY
    if interaction.type is InteractionType.modal_submit:
        return NOT_MINE
    data: dict[str, Any] = dict(interaction.data or {})
    clicked = data.get("component_type", ComponentType.button.value)
    if interaction.type is InteractionType.component and clicked != ComponentType.button.value:
        return NOT_MINE
    return None


async def answer_unasked(interaction: discord.Interaction[Any]) -> None:
    """Answer an interaction nothing of the bot takes (see ``unasked``); others are left to
    the commands and buttons."""
    said = unasked(interaction)
    if said is None:
        return
    interaction.extras["outcome"] = "refused"
    try:
        await say(interaction, said)
    finally:
        log_done(interaction)
