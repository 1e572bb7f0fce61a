"""The command tree: every failure answered (a refusal with its reason, anything else with
an apology and a logged traceback), one log line per command, and a sync that keeps the
app's Entry Point command when the bot has the Activity."""

from __future__ import annotations

from typing import Any

from discord import HTTPException, InteractionType, app_commands
from discord.abc import Snowflake

from .checks import BadInput, as_typed, check_options
from .client import PipesClient
from .options import GAME_CONTEXTS, GUILD_INSTALL, Interaction
from .replies import fail, log_done
from .strays import unasked

#: Discord's PRIMARY_ENTRY_POINT command type (discord.py 2.7.1 does not model it), and
#: its handler DISCORD_LAUNCH_ACTIVITY: Discord opens the Activity itself.
ENTRY_POINT, LAUNCHED_BY_DISCORD = 4, 2
#: Our Entry Point command, for an app that has none yet: offered where the game commands are.
OUR_ENTRY_POINT: dict[str, Any] = {
    "name": "launch",
    "type": ENTRY_POINT,
    "handler": LAUNCHED_BY_DISCORD,
    "description": "Play today's puzzles and your own boards whole, in place",
    "integration_types": [int(t) for t in GUILD_INSTALL.to_array()],
    "contexts": [int(c) for c in GAME_CONTEXTS.to_array()],
}
#: The fields of an existing command a bulk overwrite takes back as they are.
WRITABLE = {
    "id", "type", "handler", "name", "name_localizations", "description",
    "description_localizations", "integration_types", "contexts",
    "default_member_permissions", "nsfw",
}  # fmt: skip


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

    async def sync(self, *, guild: Snowflake | None = None) -> list[app_commands.AppCommand]:
        """Sync the commands. Discord's bulk overwrite drops (or refuses to drop) a command
        it is not sent, and once Activities are enabled the app has an Entry Point command
        (global only): with the Activity on, a global sync sends the app's own one as it is
        (its id kept), or ours if it has none."""
        if guild is not None or not self.client.settings.activity:
            return await super().sync(guild=guild)
        app = self.client.application_id
        if app is None:
            raise app_commands.MissingApplicationID
        commands = self._get_all_commands()
        payload = [command.to_dict(self) for command in commands]  # the bot sets no translator
        current = await self._http.get_global_commands(app)
        entry = next((dict(c) for c in current if c.get("type") == ENTRY_POINT), None)
        payload.append(OUR_ENTRY_POINT if entry is None else {
            key: value for key, value in entry.items() if key in WRITABLE
        })  # fmt: skip
        try:
            data = await self._http.bulk_upsert_global_commands(app, payload=payload)
        except HTTPException as error:
            if error.status == 400 and error.code == 50035:
                raise app_commands.CommandSyncFailure(error, commands) from None
            raise
        return [
            app_commands.AppCommand(data=d, state=self._state)
            for d in data
            if d.get("type") != ENTRY_POINT
        ]

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
