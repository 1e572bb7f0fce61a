"""A board's Discord message, built in one place for every way a board is shown and every
kind (through its face, ``bot/kinds``): its text, its image (drawn by a worker; large boards
also get the button window enlarged for phones) and its buttons — a window of tile buttons
that act by the kind's click mode, and the controls: ◀ ▲ ▼ ▶ over the grid of windows
(``bot.window``; none on a face that does not pan), the kind's own controls, the mode switch
(with more than one mode) and 💡 Hint. The text and the picture's description say which
window the buttons are ("window 2 of 9"), the picture frames it. A win's message carries the
winning move's animation (when the kind animates it), then the win picture, in the one edit
that shows it; a given-up board's, the kind's picture of the solution once it may be shown.
Every button says what it is by text as well as by colour.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import discord

from play import Board
from puzzle import Marks
from puzzle.grid import cell_name

from . import custom_ids, texts
from .kinds import FACES
from .window import Viewport
from .workers import Workers

HINT_LABEL = "💡 Hint"
NO_MARKS = Marks()
ButtonStyle = discord.ButtonStyle
WINDOW_ALT = "The block of cells that has buttons, enlarged to read on a phone."


@dataclass(frozen=True, slots=True)
class BoardMessage:
    """Everything a board message shows. ``files()`` gives fresh attachments each time."""

    content: str
    png: bytes
    zoom: bytes | None
    view: discord.ui.View | None
    #: What the board's picture shows, for screen readers.
    alt: str
    #: The move's animation (bytes, file name, description), when the kind shows one.
    animation: tuple[bytes, str, str] | None = None
    #: The picture of the end (bytes, file name, description), in place of the board: the
    #: win's, after the winning move's animation, or a given-up board's solution.
    end: tuple[bytes, str, str] | None = None

    def files(self) -> list[discord.File]:
        """The board, its enlarged window and the move's animation; once a move won, that
        move's animation and then the win's picture; a given-up board's solution."""
        if self.end is not None:
            return [_file(picture) for picture in (self.animation, self.end) if picture]
        made = [discord.File(io.BytesIO(self.png), filename="board.png", description=self.alt)]
        if self.zoom is not None:
            made.append(_file((self.zoom, "window.png", WINDOW_ALT)))
        if self.animation is not None:
            made.append(_file(self.animation))
        return made

    def picture(self) -> list[discord.File]:
        """What a reply shows of the board: the window the buttons cover on a large board
        (the whole board on a small one, and always once it is over: the still picture), and
        the move's animation, but not a winning move's, which the board in view carries with
        the end's picture."""
        board = _file((self.png, "board.png", self.alt))
        if self.end is not None:
            return [board]
        window = None if self.zoom is None else _file((self.zoom, "window.png", WINDOW_ALT))
        animation = [] if self.animation is None else [_file(self.animation)]
        return [window or board, *animation]


def _file(picture: tuple[bytes, str, str]) -> discord.File:
    data, name, description = picture
    return discord.File(io.BytesIO(data), filename=name, description=description)


async def board_message(
    workers: Workers,
    board: Board,
    window: Viewport,
    marks: Marks = NO_MARKS,
    mode: str | None = None,
    trace: tuple[Any, ...] = (),
    won: bool = False,
) -> BoardMessage:
    """The board's text, its picture (the window framed, the last move's marks; a finished
    board's plain) and its buttons in ``mode`` (the kind's first by default), as the face of
    its kind shows them; with the move's animation when it left a trace the kind animates,
    the win's picture when the move ``won``, and a given-up board's solution once it may be
    shown, when the kind draws it apart."""
    game, face = board.game, FACES[board.game.kind]
    framed = not game.finished and not window.covers(game.width, game.height)
    frame = (window.x, window.y, window.width, window.height) if framed else None
    png, zoom = await face.draw(workers, board, frame, NO_MARKS if game.finished else marks)
    animation = None
    if trace and face.animate is not None:
        animation = await face.animate(workers, board, trace)
    end = await face.win(workers, board) if won else None
    if board.given_up and board.solution_public and face.solution is not None:
        end = await face.solution(workers, board)
    view = board_view(board, window, mode or face.first_mode)
    content, alt = texts.status(board, face), face.alt
    if framed:
        where = window_words(board, window)
        content, alt = f"{content}\n{where}", f"{alt} {where}"
    return BoardMessage(content, png, zoom, view, alt, animation, end)


def window_words(board: Board, window: Viewport) -> str:
    """Which cells have buttons, framed on the picture: 'Buttons: F5–J8, window 2 of 9.'"""
    game = board.game
    grid = FACES[game.kind].windows(game.width, game.height)
    first = cell_name(window.x, window.y)
    last = cell_name(window.x + window.width - 1, window.y + window.height - 1)
    return f"Buttons: {first}–{last}, window {grid.number(window)} of {len(grid)}."


def first_window(board: Board, focus: int | None = None) -> Viewport:
    """The window a board shows: the one holding ``focus`` (the cell a move wants in view),
    else the kind's centre (the source of Pipes; on Minesweeper the window with the most
    closed cells deduction proves safe)."""
    game, face = board.game, FACES[board.game.kind]
    centre = face.centre(board) if focus is None else focus
    return face.windows(game.width, game.height).around(centre % game.width, centre // game.width)


def following(board: Board, window: Viewport, focus: int | None) -> Viewport:
    """The window after a move: where it was, unless the cell the move wants in view lies
    outside it."""
    if focus is None or window.holds(focus % board.game.width, focus // board.game.width):
        return window
    return first_window(board, focus)


class ButtonRows(discord.ui.View):
    """Rows of buttons given as Discord's component payload. Clicks are read back by the
    DynamicItems registered at start-up, so this view holds no items to dispatch to, and
    building it is cheap (a board answers every click with one)."""

    def __init__(self, rows: list[list[dict[str, Any]]]) -> None:
        super().__init__(timeout=None)
        self.rows = rows

    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": 1, "components": row} for row in self.rows]


def button(
    label: str, custom_id: str, style: discord.ButtonStyle, disabled: bool = False
) -> dict[str, Any]:
    """One button as Discord's component payload."""
    return {
        "type": 2,
        "style": style.value,
        "label": label,
        "custom_id": custom_id,
        "disabled": disabled,
    }


def board_view(board: Board, view: Viewport, mode: str) -> ButtonRows | None:
    """Tile buttons for the window and one or two rows of controls (the arrows in a row of
    their own when they do not fit beside the others). None once the game is over."""
    game, face = board.game, FACES[board.game.kind]
    if game.finished:
        return None
    mode = mode if mode in face.modes else face.first_mode  # a button of an older version
    rows = []
    for top in range(view.y, view.y + view.height):
        row = []
        for x in range(view.x, view.x + view.width):
            cell = top * game.width + x
            label, style = face.tile_label(board, cell)
            row.append(button(label, custom_ids.tile(game.id, cell, view, mode), style))
        rows.append(row)
    grid = face.windows(game.width, game.height)
    arrows = []
    if face.pans:
        for direction, label, _ in grid.arrows():
            target = grid.step(view, direction)
            arrows.append(
                button(
                    label,
                    custom_ids.nav(game.id, direction, target, mode),
                    ButtonStyle.secondary,
                    disabled=target == view,
                )
            )
    controls = [
        button(label, custom_ids.action(game.id, action, view, mode), ButtonStyle.secondary)
        for label, action in face.controls
    ]
    if len(face.modes) > 1:  # a switch with one mode would go nowhere
        controls.append(
            button(
                face.mode_label(mode),
                custom_ids.switch(game.id, face.next_mode(mode), view),
                ButtonStyle.secondary if mode == face.first_mode else ButtonStyle.primary,
            )
        )
    controls.append(button(HINT_LABEL, custom_ids.hint(game.id, view, mode), ButtonStyle.secondary))
    rows.extend([arrows, controls] if grid.control_rows == 2 else [arrows + controls])
    return ButtonRows(rows)
