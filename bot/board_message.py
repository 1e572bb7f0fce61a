"""A board's Discord message, built in one place for every way a board is shown: its text,
its image (drawn by a worker; boards of 20×20 and more also get the button window enlarged
for phones) and its buttons — a window of tile buttons that turn clockwise, anticlockwise or
lock by the click mode, and a row with ◀ Prev / Next ▶ (windows in snake order), the mode
switch and 💡 Hint. Every button says what it is by text as well as by colour."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import discord

from play import Board
from puzzle.pipes import GLYPHS, cell_name, check
from renderer import render_boards

from . import custom_ids, texts
from .window import Viewport, step, viewport_around, windows
from .workers import Workers

BOARD_ALT = (
    "Pipes board: each tile is a pipe piece; blue pipes carry water from the dark square "
    "source, orange hatched tiles form a loop, notched tiles are locked."
)
WINDOW_ALT = "The block of tiles that has buttons, enlarged to read on a phone."
#: Boards this wide or tall also get the button window enlarged.
ZOOM_FROM = 20
#: The click modes as the mode switch shows them, and which comes next.
MODE_LABELS = {"c": "↻ Turn", "a": "↺ Turn back", "l": "🔒 Lock"}
NEXT_MODE = {"c": "a", "a": "l", "l": "c"}


@dataclass(frozen=True, slots=True)
class BoardMessage:
    """Everything a board message shows. ``files()`` gives fresh attachments each time."""

    content: str
    png: bytes
    zoom: bytes | None
    view: discord.ui.View | None

    def files(self) -> list[discord.File]:
        made = [discord.File(io.BytesIO(self.png), filename="board.png", description=BOARD_ALT)]
        if self.zoom is not None:
            made.append(
                discord.File(io.BytesIO(self.zoom), filename="window.png", description=WINDOW_ALT)
            )
        return made


async def board_message(
    workers: Workers,
    board: Board,
    window: Viewport,
    highlight: tuple[int, ...] = (),
    mode: str = "c",
) -> BoardMessage:
    """The board's text, its image (the window framed; a given-up board shows its
    solution, a daily's once its date is over everywhere) and its buttons in ``mode``."""
    game, puzzle = board.game, board.puzzle
    framed = not game.finished and not window.covers(game.width, game.height)
    tiles, result = game.tiles, board.status.details["check"]
    if game.outcome == "lost" and board.solution_public:
        tiles = puzzle.solution
        result = check(game.width, game.height, tiles, puzzle.source, puzzle.wrap)
    png, zoom = await workers.draw(
        render_boards,
        game.width,
        game.height,
        tiles,
        puzzle.source,
        result,
        zoom=max(game.width, game.height) >= ZOOM_FROM,
        highlight=highlight,
        locked=game.state.locked,
        frame=(window.x, window.y, window.width, window.height) if framed else None,
        wrap=puzzle.wrap,
    )
    return BoardMessage(texts.status(board), png, zoom, board_view(board, window, mode))


def first_window(board: Board, cells: tuple[int, ...] = ()) -> Viewport:
    """The window a board shows: around the last touched cell, else the one with the
    source."""
    game, (sx, sy) = board.game, board.puzzle.source
    return viewport_around(game.width, game.height, cells[-1] if cells else sy * game.width + sx)


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


def tile_label(board: Board, cell: int) -> tuple[str, discord.ButtonStyle]:
    """A tile button's text and colour; the text alone tells the state too."""
    game, check = board.game, board.status.details["check"]
    sx, sy = board.puzzle.source
    x, y = cell % game.width, cell // game.width
    name = f"{cell_name(x, y)} {GLYPHS[game.tiles[cell]]}"
    if cell in game.state.locked:
        name = f"🔒 {name}"
    if cell == sy * game.width + sx:
        return f"⛲ {name}", discord.ButtonStyle.success
    if cell in check.loops:
        return f"⚠ {name}", discord.ButtonStyle.danger
    if cell in check.flooded:
        return f"💧 {name}", discord.ButtonStyle.primary
    return name, discord.ButtonStyle.secondary


def board_view(board: Board, view: Viewport, mode: str = "c") -> ButtonRows | None:
    """Tile buttons for the window and a row of controls. None once the game is over."""
    game = board.game
    if game.finished:
        return None
    rows = []
    for top in range(view.y, view.y + view.height):
        row = []
        for x in range(view.x, view.x + view.width):
            cell = top * game.width + x
            label, style = tile_label(board, cell)
            row.append(button(label, custom_ids.tile(game.id, cell, view, mode), style))
        rows.append(row)
    controls = []
    if len(windows(game.width, game.height)) > 1:
        for direction, label in (("p", "◀ Prev"), ("n", "Next ▶")):
            target = step(view, direction, game.width, game.height)
            controls.append(
                button(
                    label,
                    custom_ids.nav(game.id, direction, target, mode),
                    discord.ButtonStyle.secondary,
                    disabled=target == view,
                )
            )
    controls.append(
        button(
            MODE_LABELS[mode],
            custom_ids.switch(game.id, NEXT_MODE[mode], view),
            discord.ButtonStyle.secondary if mode == "c" else discord.ButtonStyle.primary,
        )
    )
    controls.append(
        button("💡 Hint", custom_ids.hint(game.id, view, mode), discord.ButtonStyle.secondary)
    )
    rows.append(controls)
    return ButtonRows(rows)
