"""Races on Discord: ``/<kind> race`` opens a public lobby message (``bot.lobby``), and what
its buttons do: Join, Leave, Start (the host's), then My board."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import date

import discord

from play import UserError

from .client import PipesClient
from .face import Face
from .lobby import lobby_text, lobby_view
from .replies import NO_MENTIONS, refuse
from .replying import send_board, show_board

Interaction = discord.Interaction[PipesClient]
#: Lobbies whose players' interactions are kept, at most (the oldest forgotten first).
KEPT = 1000


def race_params(face: Face, size: str | None, level: str | None, today: date) -> str:
    """The parameters of a race as typed: a size (default: the board of the kind's default
    daily today) and a level for kinds with levels; UserError in one sentence otherwise."""
    kind = face.kind
    try:
        if size:
            params = kind.parse_params(size)
        else:
            params = kind.daily(kind.parse_daily(kind.default_daily), today)
    except ValueError as error:
        raise UserError(str(error)) from None
    if level is not None:
        if not hasattr(params, "level"):
            raise UserError(f"{kind.title} boards have no level: choose a size only.")
        params = replace(params, level=level)
    return str(kind.format_params(params))


async def open_race(
    interaction: Interaction, face: Face, size: str | None, level: str | None
) -> None:
    """``/<kind> race``: a lobby message in this channel, its host joined."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise UserError("Races are run in a server's channel: start one there.")
    client = interaction.client
    params = race_params(face, size, level, client.service.today())
    limit = face.max_side if client.settings.limit_sides else None
    client.service.check_new(face.name, params, None, limit)
    await interaction.response.defer(thinking=True)
    try:
        standing = await client.races.open(
            face.name, params, interaction.user.id, interaction.guild_id,
            interaction.channel_id, limit,
        )  # fmt: skip
    except UserError as error:  # refused after the public deferral: answered privately
        await interaction.delete_original_response()
        await refuse(interaction, error)
        return
    sent = await interaction.followup.send(
        lobby_text(standing), view=lobby_view(standing), allowed_mentions=NO_MENTIONS, wait=True
    )
    race = standing.race
    _keep(interaction, race.id)
    await client.storage.set_race_message(race.id, sent.id)
    if (await client.races.race(race.id)).players != race.players:  # joined meanwhile
        client.lobbies.touch(race.id)


async def pressed(interaction: Interaction, race_id: int, action: str) -> None:
    """A lobby button: Join, Leave, Start (the host's), or My board once started. At the
    start each player gets their board privately at once (``_deliver``)."""
    client = interaction.client
    races, user = client.races, interaction.user.id
    if action == "board":
        await send_board(interaction, races.board(race_id, user), ephemeral=True)
        return
    started = False
    if action == "join":
        _, started = await races.join(race_id, user)
        _keep(interaction, race_id)
    elif action == "leave":
        await races.leave(race_id, user)
        client.race_tokens.get(race_id, {}).pop(user, None)
    else:
        await races.start(race_id, user)
        _keep(interaction, race_id)
        started = True
    await interaction.response.defer()  # the lobby's edit shows it
    client.lobbies.touch(race_id)
    if started:
        await _deliver(client, race_id)


def _keep(interaction: Interaction, race_id: int) -> None:
    """Keep a player's interaction with a lobby (the command that opened it, their Join, the
    host's Start): its token can carry their board at the start, for 15 minutes."""
    kept = interaction.client.race_tokens
    kept.setdefault(race_id, {})[interaction.user.id] = interaction
    while len(kept) > KEPT:
        del kept[next(iter(kept))]


async def _deliver(client: PipesClient, race_id: int) -> None:
    """Each player's board, privately and all at once, on the token of their last press in
    the lobby (or the command that opened it) while it is valid; the lobby's My board gives
    it to anyone else (a token expired, or kept by another process)."""
    kept = client.race_tokens.pop(race_id, {})
    race = await client.races.race(race_id)

    async def one(interaction: Interaction) -> None:
        try:
            board = await client.races.board(race_id, interaction.user.id)
            await show_board(interaction, board, ephemeral=True)
        except Exception as error:  # My board still gives it
            client.log_error(error)

    await asyncio.gather(
        *(one(i) for user, i in kept.items() if user in race.players and not i.is_expired())
    )
