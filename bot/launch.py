"""Opening the Activity instead of sending a board: when the bot has the Activity (its
application's client id and secret) and the server has not turned it off with
``/pipes-setup activity``, the daily post's Play and ``/<kind> daily`` remember what the
player asked for (the Activity opens on it) and answer with LAUNCH_ACTIVITY. No board is
opened here: a daily's board, and its clock, start when the Activity opens it. In direct
messages there is no server to turn it off, so the bot's setting alone decides.

The launch must be Discord's first answer (within 3 s; it cannot follow a deferral), so
``/<kind> daily`` waits for today's puzzle only ``MAKING_WITHIN`` seconds: one that takes
longer to make (a large Double Choco) goes on being made, and the Activity opens on its
home list, where the player finds today's dailies."""

from __future__ import annotations

import asyncio

from db import DailyPuzzle

from .options import Interaction

SWITCH = "`/pipes-setup activity enabled:{}`"
#: How long ``/<kind> daily`` waits for today's puzzle to be made before launching.
MAKING_WITHIN = 1.5


async def activity_here(interaction: Interaction) -> bool:
    """Whether Play and ``/<kind> daily`` open the Activity where this interaction was made."""
    client = interaction.client
    if not client.settings.activity:
        return False
    if interaction.guild_id is None:
        return True
    settings = await client.storage.guild_settings(interaction.guild_id)
    return settings is None or settings.activity


async def todays_daily_soon(interaction: Interaction, kind: str) -> DailyPuzzle | None:
    """Today's daily of a kind here, if it is made within ``MAKING_WITHIN`` seconds (None:
    it goes on being made); a refusal is raised as it comes."""
    client = interaction.client
    making = asyncio.ensure_future(client.service.todays_daily(interaction.guild_id, kind))
    try:
        return await asyncio.wait_for(asyncio.shield(making), MAKING_WITHIN)
    except TimeoutError:

        def made(task: asyncio.Future[DailyPuzzle]) -> None:
            error = None if task.cancelled() else task.exception()
            if error is not None:
                client.log_error(error)

        making.add_done_callback(made)
        return None


async def launch(interaction: Interaction, kind: str, daily_id: int | None) -> None:
    """Remember that the player asked for a kind's daily here (None: not known yet), then
    open the Activity."""
    await interaction.client.storage.remember_launch(
        interaction.user.id, kind, daily_id, interaction.guild_id, interaction.channel_id
    )
    await interaction.response.launch_activity()


def activity_line(has_activity: bool, on_here: bool) -> str:
    """What Play does in a server, as the setup says it: the bot may run without the
    Activity, and a server may have turned it off."""
    shows = "▶ Play and `/<kind> daily` show the board as a message"
    if not has_activity:
        return f"{shows}: this bot runs without the Activity."
    if not on_here:
        return f"{shows}: the Activity is off here ({SWITCH.format(True)} turns it on)."
    return (
        f"▶ Play and `/<kind> daily` open the Activity here ({SWITCH.format(False)} turns it off)."
    )
