"""The command tree: every failure answered (a refusal with its reason, anything else with
an apology and a logged traceback), and one log line per command."""

from __future__ import annotations

from typing import Any

from discord import InteractionType, app_commands

from .checks import BadInput, as_typed, check_options
from .client import PipesClient
from .options import Interaction
from .replies import fail, log_done
from .strays import unasked


class PipesTree(app_commands.CommandTree[PipesClient]):
    """The bot's command tree: every option value is checked before a command runs."""

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        """A command's options are checked before it runs (a refusal is one sentence); an
        autocomplete request is read as the command takes it (``checks.as_typed``), and one
        that cannot be is offered nothing. An interaction that names nobody is left to
        ``strays``."""
        if unasked(interaction) is not None:
            return False
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        if data.get("type", 1) != 1:
            return True  # context menus have no options
        asked = interaction.type is InteractionType.autocomplete
        try:
            command, sent = self._get_app_command_options(data)  # type: ignore[arg-type]
        except app_commands.CommandNotFound:
            if asked:
                return await _offer_nothing(interaction)
            raise BadInput(
                "This command is gone: reopen the command list in Discord and try again."
            ) from None
        except app_commands.CommandSignatureMismatch as error:  # a group without subcommand
            if asked:
                return await _offer_nothing(interaction)
            assert isinstance(error.command, app_commands.Group)  # discord.py raises no other
            raise BadInput(_pick_one(error.command)) from None
        options: list[dict[str, Any]] = sent  # type: ignore[assignment]
        if asked:
            # In place: discord.py reads the same options once this check passes.
            options[:] = as_typed(command.parameters, list(options))
            focused = {str(o["name"]) for o in options if o.get("focused")}
            if not any(p.autocomplete for p in command.parameters if p.display_name in focused):
                return await _offer_nothing(interaction)
            return True
        resolved = data.get("resolved", {})
        check_options(command.parameters, options, resolved)
        return True

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await fail(interaction, cause)
        log_done(interaction)


async def _offer_nothing(interaction: Interaction) -> bool:
    """Answer an autocomplete request no option of ours can: no suggestions."""
    await interaction.response.autocomplete([])
    return False


def _pick_one(group: app_commands.Group) -> str:
    """What a group sent without its subcommand (a stale client) is told: its help, or its
    subcommands."""
    name = group.qualified_name
    if group.get_command("help") is not None:
        return f"`/{name}` needs a subcommand: `/{name} help` lists them."
    *first, last = [sub.name for sub in group.commands]
    return f"`/{name}` needs a subcommand: {', '.join(first)} or {last}."
