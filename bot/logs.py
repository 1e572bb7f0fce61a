"""One structured log line per interaction: what it was, who, where, how long since Discord
made it, and how it ended."""

from __future__ import annotations

import logging
from typing import Any

import discord

log = logging.getLogger("bot.interactions")


def what(interaction: discord.Interaction[Any]) -> str:
    """'/pipes new' for a command, 'button pipes:t' for a click, 'component …' and 'modal …'
    for the controls the bot never sends."""
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: dict[str, Any] = dict(interaction.data or {})
    if interaction.type is discord.InteractionType.modal_submit:
        name = "modal"
    else:
        name = "button" if data.get("component_type", 2) == 2 else "component"
    custom_id = str(data.get("custom_id", ""))
    return f"{name} " + ":".join(custom_id.split(":")[:2])[:20]


def log_done(interaction: discord.Interaction[Any]) -> None:
    """The one log line of an interaction once it is answered: what, who, where, latency
    since Discord created it, and the outcome (ok, refused or error); then the client's
    event ``answered`` (a reminder held for the player follows it)."""
    latency = discord.utils.utcnow() - interaction.created_at
    log.info(
        "interaction %s %s user=%s guild=%s latency_ms=%d outcome=%s",
        interaction.id,
        what(interaction),
        getattr(interaction.user, "id", None),  # None: Discord named nobody
        interaction.guild_id,
        latency.total_seconds() * 1000,
        interaction.extras.get("outcome", "ok"),
    )
    interaction.client.dispatch("answered", interaction)
