"""What every command group shares: the group class, where commands are offered, the length
limits of text options, and autocompletion from a list of values."""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from .client import PipesClient

Interaction = discord.Interaction[PipesClient]
#: Longest text each option takes (Discord enforces it in the client).
SIZE_TEXT = app_commands.Range[str, 1, 16]
SEED_TEXT = app_commands.Range[str, 1, 32]
MOVES_TEXT = app_commands.Range[str, 1, 400]
DATE_TEXT = app_commands.Range[str, 1, 10]
GUILD_INSTALL = app_commands.AppInstallationType(guild=True)
#: Where the game commands (and the Activity's Entry Point command) are offered.
GAME_CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True)


class Commands(app_commands.Group):
    """A command group described by ``contexts`` and ``integration_types`` alone (discord.py
    2.7 also sends the deprecated ``dm_permission``)."""

    def to_dict(self, tree: app_commands.CommandTree[Any]) -> dict[str, Any]:
        payload = super().to_dict(tree)
        payload.pop("dm_permission", None)
        return payload


def game_commands(name: str, description: str) -> Commands:
    """The command group of a puzzle kind: in servers and direct messages."""
    return Commands(
        name=name,
        description=description,
        allowed_contexts=GAME_CONTEXTS,
        allowed_installs=GUILD_INSTALL,
    )


Autocomplete = Callable[[Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def choices_of(values: tuple[str, ...]) -> Autocomplete:
    """Autocompletion from ``values``: those starting with what is typed (``6×6`` shown)."""

    async def choices(_: Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed = current.lower().replace("×", "x").strip()
        return [
            app_commands.Choice(name=re.sub(r"(\d)x(\d)", "\\1×\\2", v), value=v)
            for v in values
            if v.startswith(typed)
        ][:25]

    return choices
