"""The command tree: every failure answered (a refusal with its reason, anything else with
an apology and a logged traceback), and one log line per command."""

from __future__ import annotations

from typing import Any

from discord import InteractionType, app_commands

from .checks import check_options
from .client import PipesClient
from .options import Interaction
from .replies import fail, log_done


class PipesTree(app_commands.CommandTree[PipesClient]):
    """The bot's command tree: every option value is checked before a command runs."""

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        data: dict[str, Any] = dict(interaction.data or {})
        if interaction.type is not InteractionType.application_command or data.get("type", 1) != 1:
            return True  # autocomplete sees half-typed values; context menus have no options
        try:
            command, options = self._get_app_command_options(data)  # type: ignore[arg-type]
        except app_commands.CommandNotFound:
            return True  # discord.py answers it
        resolved = data.get("resolved", {})
        check_options(command.parameters, list(options), resolved)  # type: ignore[arg-type]
        return True

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await fail(interaction, cause)
        log_done(interaction)
