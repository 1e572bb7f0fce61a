"""How boards reach players: a board sent as a new message, the one path every move takes
(a button click and a typed command alike: play under the board's lock, build the message,
update what the player sees, answer), and a win announced."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import discord

from db import Game
from play import Board, Played, UserError
from play.races import RACE

from . import texts
from .board_message import BoardMessage, board_message, first_window, following
from .client import PipesClient
from .deadline import Deadline, with_retries
from .handles import Handle
from .kinds import FACES
from .replies import NO_MENTIONS, refuse, say
from .window import Viewport

Interaction = discord.Interaction[PipesClient]
#: The answer to a move stored but not shown (drawing or Discord failed afterwards).
SAVED = (
    "Your move on {board} is saved, but the board could not be shown: `/{kind} resume` shows it."
)


async def announce(interaction: Interaction, board: Board) -> None:
    """Announce a win in public, retried when Discord fails to take it: a line, since the
    board's own message shows the win picture (a daily's to its player alone)."""
    service, face = interaction.client.service, FACES[board.game.kind]
    rank, stats = await service.win_facts(board)
    await with_retries(
        lambda: interaction.followup.send(
            texts.announcement(board, rank, stats, face),
            ephemeral=False,
            allowed_mentions=NO_MENTIONS,
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
    await show_board(interaction, board, ephemeral=ephemeral)


async def show_board(interaction: Interaction, board: Board, *, ephemeral: bool) -> None:
    """Send a board as a follow-up of an interaction already answered (``send_board``'s
    deferral, or a button's)."""
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
    if not ephemeral and not game.finished:
        await interaction.client.storage.set_game_message(game.id, sent.channel.id, sent.id)
        game = replace(game, channel_id=sent.channel.id, message_id=sent.id)
    await _shown_anew(interaction, game, sent.id, window, FACES[game.kind].first_mode)


async def _shown_anew(
    interaction: Interaction, game: Game, message_id: int | None, window: Viewport, mode: str
) -> None:
    """Remember a new message as the one showing the board; the private copy shown before
    it loses its buttons and points to the newer one — unless it shows a newer state (a
    move played while this message was made), which it then goes on showing."""
    older = interaction.client.shown.shown_anew(game, interaction, message_id, window, mode)
    if older is not None:
        with contextlib.suppress(discord.HTTPException):  # gone or out of reach
            await older.retire()


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
    note: Callable[[Played], str | None] | None = None,
    *,
    confirmed: bool = False,
) -> None:
    """One move, from a button (``clicked``: the window and mode of its message) or a typed
    command, under the board's lock: play it, build the board's message (its window
    following what the move wants in view; a win's picture when it won), then show it — a
    click updates the message it came from (at once, or after a deferred update when the
    answer is not ready in time or the move waits for another on its board), ``note`` (what
    the move did) under its text; a typed move updates the board in view (its public message
    and the private copy its player last saw, keeping window and mode) and answers privately
    with the picture and ``note``, or with the board itself when none is in view — in place
    of the question it was asked in, when ``confirmed`` by that question's button. A move
    that ends the game updates every copy in view. A win is announced in a line."""
    lock = interaction.client.shown.lock(game_id)
    # A move that waits for another on its board defers at once: many at once are then
    # all answered in time, however long the queue behind the lock.
    after = 0.0 if lock.locked() else None
    if clicked is not None or confirmed:
        deadline = Deadline(interaction.response.defer, after)
    else:
        defer = partial(interaction.response.defer, ephemeral=True, thinking=True)
        deadline = Deadline(defer, after)
    try:
        async with lock:
            played = await act()  # refused or failed here: nothing was stored
            said = note(played) if note is not None and played.applied else None
            try:
                if clicked is not None:
                    await _show_clicked(interaction, played, clicked(played), deadline, said)
                else:
                    typed = await _show_typed(interaction, played)
                    deferred = await deadline.settle()
                    answer = _Answer(interaction, deferred, confirmed)
                    await _answer_typed(answer, played.board.game, typed, said)
            except Exception as error:  # stored, but not shown: never "nothing was changed"
                interaction.client.log_error(error)
                interaction.extras["outcome"] = "error"
                await deadline.settle()
                board = played.board
                await say(interaction, SAVED.format(board=texts.title(board), kind=board.game.kind))
    finally:
        await deadline.settle()
    if played.applied:
        interaction.client.lobbies.moved(played.board.game)
    if _won(played) and played.board.game.mode != RACE:  # a race's lobby shows its wins
        try:
            await announce(interaction, played.board)
        except Exception as error:  # the win is stored and shown: only its line is missing
            interaction.client.log_error(error)


def _won(played: Played) -> bool:
    """Whether this very move won the game."""
    return played.applied and played.board.game.solved


@dataclass(frozen=True, slots=True)
class Typed:
    """What a typed move did to the board in view: whether a message of it was updated,
    whether there was one, and the board's message, window and mode."""

    updated: bool
    had_board: bool
    message: BoardMessage
    window: Viewport
    mode: str


@dataclass(frozen=True, slots=True)
class _Answer:
    """How a typed move is answered: its interaction, whether the answer was deferred, and
    whether it takes the place of the question whose button confirmed the move."""

    interaction: Interaction
    deferred: bool
    in_place: bool


async def _answer_typed(answer: _Answer, game: Game, typed: Typed, note: str | None) -> None:
    """The private answer to a typed move (with ``note``, what it did, when given): the
    board's text and picture when the board in view was updated, else the board itself
    with its buttons (then the message to update next)."""
    content = typed.message.content + (f"\n{note}" if note else "")
    if typed.updated:
        await _reply(answer, content, typed.message.picture())
        return
    if typed.had_board:
        content += (
            "\nYour board's message could not be updated (it is gone or out of reach): here "
            f"is the board; `/{game.kind} resume` shows it again."
        )
    message = typed.message
    sent_id = await _reply(answer, content, message.files(), message.view)
    await _shown_anew(answer.interaction, game, sent_id, typed.window, typed.mode)


async def _show_clicked(
    interaction: Interaction,
    played: Played,
    clicked: Clicked,
    deadline: Deadline,
    note: str | None,
) -> None:
    """Update the message clicked, ``note`` (what the click did) under the board's text."""
    board = played.board
    window = following(board, clicked.window, played.marks.focus)
    message = await board_message(
        interaction.client.workers, board, window, played.marks, clicked.mode, played.trace,
        won=_won(played),
    )  # fmt: skip
    if note is not None:
        message = replace(message, content=f"{message.content}\n{note}")
    edit = (
        interaction.edit_original_response
        if await deadline.settle()
        else interaction.response.edit_message
    )
    await edit(**_fields(message))
    game = board.game
    older = interaction.client.shown.remember(game, interaction, None, window, clicked.mode)
    if played.applied and game.finished:  # the other copies in view must not look alive
        here = interaction.message.id if interaction.message is not None else None
        await _update_in_view(interaction, game, older, message, skip=here)


async def _show_typed(interaction: Interaction, played: Played) -> Typed:
    """Update the board in view where it is shown, in the window and mode it was last shown
    in (the window following the move)."""
    board, game = played.board, played.board.game
    shown = interaction.client.shown
    view, copy = shown.view(game.id), shown.copy(game.id)
    if view is not None:
        window = following(board, view.window, played.marks.focus)
    else:
        window = first_window(board, played.marks.focus)
    mode = view.mode if view is not None else FACES[game.kind].first_mode
    message = await board_message(
        interaction.client.workers, board, window, played.marks, mode, played.trace,
        won=_won(played),
    )  # fmt: skip
    updated = await _update_in_view(interaction, game, copy, message)
    if updated:
        shown.saw(game, window, mode)
    had_board = game.message_id is not None or copy is not None
    return Typed(updated, had_board, message, window, mode)


async def _reply(
    answer: _Answer,
    content: str,
    files: list[discord.File],
    view: discord.ui.View | None = None,
) -> int | None:
    """The private answer to a typed move, with ``files`` and ``view``; the id of the
    message it made (None: the interaction's original response — in place, the question)."""
    interaction, deferred = answer.interaction, answer.deferred
    if answer.in_place:
        fields: dict[str, Any] = {"content": content, "attachments": files, "view": view}
        if deferred:
            await interaction.edit_original_response(allowed_mentions=NO_MENTIONS, **fields)
        else:
            await interaction.response.edit_message(allowed_mentions=NO_MENTIONS, **fields)
        return None
    extra: dict[str, Any] = {"files": files, "view": view or discord.utils.MISSING}
    if deferred:
        sent = await interaction.followup.send(
            content, ephemeral=True, allowed_mentions=NO_MENTIONS, wait=True, **extra
        )
        return sent.id
    await interaction.response.send_message(
        content, ephemeral=True, allowed_mentions=NO_MENTIONS, **extra
    )
    return None


async def _update_in_view(
    interaction: Interaction,
    game: Game,
    handle: Handle | None,
    message: BoardMessage,
    skip: int | None = None,
) -> bool:
    """Edit the messages in view that show the board but ``skip``: its public message, and
    the private copy its player last saw (``handle``); False if none was edited (there is
    none, or it is gone — a public one is then forgotten — or out of reach)."""
    public = game.message_id if game.channel_id is not None else None
    updated = False
    if public is not None and public != skip:
        updated = await _edit(interaction, game, message, None)
    if handle is not None and (handle.shown_id is None or handle.shown_id != skip):
        updated = await _edit(interaction, game, message, handle) or updated
    return updated


async def _edit(
    interaction: Interaction, game: Game, message: BoardMessage, handle: Handle | None
) -> bool:
    """Edit the private copy ``handle``, or else the board's public message; False if it
    is gone (a public one is then forgotten) or out of reach."""
    try:
        if handle is not None:
            await handle.edit(**_fields(message))
        else:
            assert game.channel_id is not None and game.message_id is not None
            channel = interaction.client.get_partial_messageable(game.channel_id)
            await channel.get_partial_message(game.message_id).edit(**_fields(message))
    except discord.NotFound:
        if handle is None:
            await interaction.client.storage.set_game_message(game.id, None, None)
        return False
    except discord.HTTPException:
        return False
    return True


def _fields(message: BoardMessage) -> dict[str, Any]:
    """A board message as the fields of a message edit."""
    return {
        "content": message.content,
        "attachments": message.files(),
        "view": message.view,
        "allowed_mentions": NO_MENTIONS,
    }
