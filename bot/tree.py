"""The command tree: every failure answered (a refusal with its reason, anything else with
an apology and a logged traceback), and one log line per command."""

from __future__ import annotations

from discord import app_commands

from .client import PipesClient
from .options import Interaction
from .replies import fail, log_done


class PipesTree(app_commands.CommandTree[PipesClient]):
    """The bot's command tree."""

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await fail(interaction, cause)
        log_done(interaction)
