"""How boards reach players: a board sent as a new message, the one path every move takes
(a button click and a typed command alike: play under the board's lock, build the message,
update what the player sees, answer), and a win announced."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from db import Game
from play import Board, Played, UserError

from . import texts
from .board_message import BoardMessage, board_message, first_window, following
from .client import PipesClient
from .deadline import Deadline, with_retries
from .handles import Handle, board_lock, handle_of, remember
from .kinds import FACES
from .replies import NO_MENTIONS, refuse, say
from .window import Viewport

Interaction = discord.Interaction[PipesClient]
#: The answer to a move stored but not shown (drawing or Discord failed afterwards).
SAVED = "Your move is saved, but its board could not be shown: `/{kind} resume` shows it."


async def announce(interaction: Interaction, board: Board) -> None:
    """Announce a win in public, retried when Discord fails to take it. A daily's
    announcement shows no board (the day is still running somewhere): the win's picture goes
    to the player alone. Other boards are public anyway and share it."""
    service, face = interaction.client.service, FACES[board.game.kind]
    picture, name, description = await face.win(interaction.client.workers, board)
    rank, stats = await service.win_facts(board)

    def animation() -> discord.File:
        return discord.File(io.BytesIO(picture), filename=name, description=description)

    daily = board.day is not None
    await with_retries(
        lambda: interaction.followup.send(
            texts.announcement(board, rank, stats, face),
            ephemeral=False,
            allowed_mentions=NO_MENTIONS,
            file=discord.utils.MISSING if daily else animation(),
        )
    )
    if daily:
        await with_retries(
            lambda: interaction.followup.send(
                "Your solved board, for you alone until the day is over everywhere:",
                ephemeral=True,
                file=animation(),
            )
        )


async def send_board(interaction: Interaction, start: Awaitable[Board], *, ephemeral: bool) -> None:
    """Defer, find or start the game, then send its board as a new message. A public board's
    message is remembered so a typed move can keep it up to date. A refusal after a public
    deferral removes the public "thinking" message and answers privately."""
    await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    try:
        board = await start
    except UserError as error:
        if not ephemeral:
            await interaction.delete_original_response()
        await refuse(interaction, error)
        return
    window = first_window(board)
    message = await board_message(interaction.client.workers, board, window)
    sent = await interaction.followup.send(
        message.content,
        files=message.files(),
        view=message.view or discord.utils.MISSING,
        ephemeral=ephemeral,
        allowed_mentions=NO_MENTIONS,
        wait=True,
    )
    game = board.game
    remember(game.id, interaction, sent.id, window, FACES[game.kind].first_mode, game.version)
    if not ephemeral and not game.finished:
        await interaction.client.storage.set_game_message(game.id, sent.channel.id, sent.id)


@dataclass(frozen=True, slots=True)
class Clicked:
    """A move made by a button: the window and click mode of the message it is on."""

    window: Viewport
    mode: str


async def move(
    interaction: Interaction,
    game_id: int,
    act: Callable[[], Awaitable[Played]],
    clicked: Callable[[Played], Clicked] | None = None,
    note: Callable[[Played], str] | None = None,
) -> None:
    """One move, from a button (``clicked``: the window and mode of its message) or a typed
    command, under the board's lock: play it, build the board's message (its window
    following what the move wants in view), then show it — a click updates the message it
    came from (at once, or after a deferred update when the answer is not ready in time); a
    typed move updates the board the player has (its public message, or the private one they
    last saw, keeping its mode) and says so in a line, or sends the board privately when
    there is none. A win is announced."""
    if clicked is not None:
        deadline = Deadline(interaction.response.defer)
    else:
        deadline = Deadline(lambda: interaction.response.defer(ephemeral=True, thinking=True))
    try:
        async with board_lock(game_id):
            played = await act()  # refused or failed here: nothing was stored
            try:
                if clicked is not None:
                    await _show_clicked(interaction, played, clicked(played), deadline)
                else:
                    typed = await _show_typed(interaction, played)
                    deferred = await deadline.settle()
                    said = note(played) if note is not None and played.applied else None
                    await _answer_typed(interaction, deferred, played.board.game, typed, said)
            except Exception as error:  # stored, but not shown: never "nothing was changed"
                interaction.client.log_error(error)
                interaction.extras["outcome"] = "error"
                await deadline.settle()
                await say(interaction, SAVED.format(kind=played.board.game.kind))
    finally:
        await deadline.settle()
    if played.applied and played.board.game.solved:
        await announce(interaction, played.board)


@dataclass(frozen=True, slots=True)
class Typed:
    """What a typed move did to the board the player has: whether its message was updated,
    whether there was one, and the board's message, window and mode."""

    updated: bool
    had_board: bool
    message: BoardMessage
    window: Viewport
    mode: str


async def _answer_typed(
    interaction: Interaction, deferred: bool, game: Game, typed: Typed, note: str | None
) -> None:
    """The private answer to a typed move (with ``note``, what it did, when given): a line
    when the board was updated in place, else the board itself (remembered as the one to
    update next)."""
    content = typed.message.content + (f"\n{note}" if note else "")
    if typed.updated:
        await _reply(interaction, deferred, f"{content}\n(Your board is updated.)")
        return
    if typed.had_board:
        content += (
            "\nYour board's message could not be updated (it is gone or out of reach): here "
            f"is the board; `/{game.kind} resume` shows it again."
        )
    sent_id = await _reply(interaction, deferred, content, typed.message)
    remember(game.id, interaction, sent_id, typed.window, typed.mode, game.version)


async def _show_clicked(
    interaction: Interaction, played: Played, clicked: Clicked, deadline: Deadline
) -> None:
    board = played.board
    window = following(board, clicked.window, played.marks.focus)
    message = await board_message(
        interaction.client.workers, board, window, played.marks, clicked.mode, played.trace
    )
    edit = (
        interaction.edit_original_response
        if await deadline.settle()
        else interaction.response.edit_message
    )
    await edit(
        content=message.content,
        attachments=message.files(),
        view=message.view,
        allowed_mentions=NO_MENTIONS,
    )
    remember(board.game.id, interaction, None, window, clicked.mode, board.game.version)


async def _show_typed(interaction: Interaction, played: Played) -> Typed:
    """Update the board the player has. A newer state shown meanwhile (another process) is
    never replaced."""
    board, game = played.board, played.board.game
    handle = None if game.message_id is not None else handle_of(game.id)
    if handle is not None:
        window = following(board, handle.window, played.marks.focus)
    else:
        window = first_window(board, played.marks.focus)
    mode = handle.mode if handle is not None else FACES[game.kind].first_mode
    message = await board_message(
        interaction.client.workers, board, window, played.marks, mode, played.trace
    )
    newer_shown = handle is not None and handle.version > game.version
    updated = newer_shown or await _update_in_place(interaction, game, handle, message)
    if updated and handle is not None and not newer_shown:
        remember(game.id, handle.interaction, handle.message_id, window, mode, game.version)
    had_board = game.message_id is not None or handle is not None
    return Typed(updated, had_board, message, window, mode)


async def _reply(
    interaction: Interaction, deferred: bool, content: str, board: BoardMessage | None = None
) -> int | None:
    """The private answer to a typed move, with the board if given; the id of the message
    it made (None: the interaction's original response)."""
    extra: dict[str, Any] = {}
    if board is not None:
        extra = {"files": board.files(), "view": board.view or discord.utils.MISSING}
    if deferred:
        sent = await interaction.followup.send(
            content, ephemeral=True, allowed_mentions=NO_MENTIONS, wait=True, **extra
        )
        return sent.id
    await interaction.response.send_message(
        content, ephemeral=True, allowed_mentions=NO_MENTIONS, **extra
    )
    return None


async def _update_in_place(
    interaction: Interaction, game: Game, handle: Handle | None, message: BoardMessage
) -> bool:
    """Edit the board's public message, or else the private one last seen; False if there
    is none, or it is gone (a public one is then forgotten) or out of reach."""
    if game.message_id is None and handle is None:
        return False
    try:
        if game.message_id is not None and game.channel_id is not None:
            channel = interaction.client.get_partial_messageable(game.channel_id)
            await channel.get_partial_message(game.message_id).edit(
                content=message.content,
                attachments=message.files(),
                view=message.view,
                allowed_mentions=NO_MENTIONS,
            )
        elif handle is not None:
            await handle.edit(message)
    except discord.NotFound:
        if game.message_id is not None:
            await interaction.client.storage.set_game_message(game.id, None, None)
        return False
    except discord.HTTPException:
        return False
    return True
