"""The command tree: every failure answered (a refusal with its reason, anything else with
an apology and a logged traceback), and one log line per command."""

from __future__ import annotations

from typing import Any

from discord import InteractionType, app_commands

from .checks import BadInput, check_options, typed_as_declared
from .client import PipesClient
from .options import Interaction
from .replies import fail, log_done


class PipesTree(app_commands.CommandTree[PipesClient]):
    """The bot's command tree: every option value is checked before a command runs."""

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        """A command's options are checked before it runs (a refusal is one sentence); an
        autocomplete request whose options are of other types than declared gets no
        suggestions (it cannot be answered with a sentence)."""
        data: dict[str, Any] = dict(interaction.data or {})
        if data.get("type", 1) != 1:
            return True  # context menus have no options
        try:
            command, options = self._get_app_command_options(data)  # type: ignore[arg-type]
        except app_commands.CommandNotFound:
            raise BadInput(
                "This command is gone: reopen the command list in Discord and try again."
            ) from None
        if interaction.type is InteractionType.autocomplete:
            return typed_as_declared(command.parameters, list(options))  # type: ignore[arg-type]
        resolved = data.get("resolved", {})
        check_options(command.parameters, list(options), resolved)  # type: ignore[arg-type]
        return True

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await fail(interaction, cause)
        log_done(interaction)
