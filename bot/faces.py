"""How each puzzle kind looks on Discord: its picture, its tile buttons and its click modes.

``board_message`` builds every board message through the face of the board's kind; nothing
else in ``bot/`` needs to know a kind's rules. A face's modes are letters carried in the
buttons' custom ids (they differ between kinds: ``custom_ids.SUFFIX`` maps each to a move).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from play import Board
from puzzle import KINDS
from puzzle.pipes import GLYPHS, cell_name, check
from renderer import (
    MinesView,
    render_boards,
    render_mines_png,
    render_png,
    render_win_animation,
)

from .workers import Workers

#: Boards this wide or tall also get the button window enlarged for phones.
ZOOM_FROM = 20
Drawn = tuple[bytes, bytes | None]


@dataclass(frozen=True)
class Face:
    """One kind on Discord."""

    #: Click modes: the label of each on the mode switch, in the order the switch cycles.
    modes: dict[str, str]
    #: A tile button's text and colour; the text alone tells its state.
    tile_label: Callable[[Board, int], tuple[str, discord.ButtonStyle]]
    #: The cell a board's first window is around.
    centre: Callable[[Board], int]
    #: The picture (and the enlarged window, or None): workers, board, framed block, marked
    #: cells.
    draw: Callable[
        [Workers, Board, tuple[int, int, int, int] | None, tuple[int, ...]], Awaitable[Drawn]
    ]
    #: What the picture shows, for screen readers.
    alt: str
    #: The picture of a win: bytes, file name, description.
    win: Callable[[Workers, Board], Awaitable[tuple[bytes, str, str]]]
    #: The daily post's picture of a puzzle as it starts (public while its day runs): file
    #: name and bytes.
    post: Callable[[Workers, Any], Awaitable[tuple[str, bytes]]]
    #: What the hint button says.
    hint_label: str = "💡 Hint"

    @property
    def first_mode(self) -> str:
        return next(iter(self.modes))

    def next_mode(self, mode: str) -> str:
        """The mode the switch goes to from ``mode``."""
        order = list(self.modes)
        return order[(order.index(mode) + 1) % len(order)] if mode in order else order[0]


# -- Pipes ------------------------------------------------------------------------------------


def _pipes_label(board: Board, cell: int) -> tuple[str, discord.ButtonStyle]:
    game, result = board.game, board.status.details["check"]
    sx, sy = board.puzzle.source
    name = f"{cell_name(cell % game.width, cell // game.width)} {GLYPHS[game.tiles[cell]]}"
    if cell in game.state.locked:
        name = f"🔒 {name}"
    if cell == sy * game.width + sx:
        return f"⛲ {name}", discord.ButtonStyle.success
    if cell in result.loops:
        return f"⚠ {name}", discord.ButtonStyle.danger
    if cell in result.flooded:
        return f"💧 {name}", discord.ButtonStyle.primary
    return name, discord.ButtonStyle.secondary


def _pipes_centre(board: Board) -> int:
    sx, sy = board.puzzle.source
    return sy * board.game.width + sx


async def _pipes_draw(
    workers: Workers, board: Board, frame: tuple[int, int, int, int] | None, marked: tuple[int, ...]
) -> Drawn:
    """The tiles as they are (a given-up board shows its solution, a daily's once its date
    is over everywhere)."""
    game, puzzle = board.game, board.puzzle
    tiles, result = game.tiles, board.status.details["check"]
    if game.outcome == "lost" and board.solution_public:
        tiles = puzzle.solution
        result = check(game.width, game.height, tiles, puzzle.source, puzzle.wrap)
    drawn: Drawn = await workers.draw(
        render_boards, game.width, game.height, tiles, puzzle.source, result,
        zoom=max(game.width, game.height) >= ZOOM_FROM, highlight=marked,
        locked=game.state.locked, frame=frame, wrap=puzzle.wrap,
    )  # fmt: skip
    return drawn


async def _pipes_win(workers: Workers, board: Board) -> tuple[bytes, str, str]:
    game, puzzle = board.game, board.puzzle
    gif: bytes = await workers.draw(
        render_win_animation, game.width, game.height, game.tiles, puzzle.source, puzzle.wrap
    )
    return gif, "pipes-win.gif", "Water flowing through the solved board"


async def _pipes_post(workers: Workers, puzzle: Any) -> tuple[str, bytes]:
    result = check(puzzle.width, puzzle.height, puzzle.tiles, puzzle.source, puzzle.wrap)
    png: bytes = await workers.draw(
        render_png, puzzle.width, puzzle.height, puzzle.tiles, puzzle.source, result,
        wrap=puzzle.wrap,
    )  # fmt: skip
    return "daily.png", png


PIPES = Face(
    modes={"c": "↻ Turn", "a": "↺ Turn back", "l": "🔒 Lock"},
    tile_label=_pipes_label,
    centre=_pipes_centre,
    draw=_pipes_draw,
    win=_pipes_win,
    post=_pipes_post,
    alt=(
        "Pipes board: each tile is a pipe piece; blue pipes carry water from the dark square "
        "source, orange hatched tiles form a loop, notched tiles are locked."
    ),
)


# -- Minesweeper ------------------------------------------------------------------------------


def _mines_label(board: Board, cell: int) -> tuple[str, discord.ButtonStyle]:
    game, puzzle, state = board.game, board.puzzle, board.game.state
    name = cell_name(cell % game.width, cell // game.width)
    if cell in state.flagged:
        return f"🚩 {name}", discord.ButtonStyle.danger
    if cell in state.opened:
        number = puzzle.numbers[cell]
        return (f"{name} {number}" if number else f"{name} ·"), discord.ButtonStyle.primary
    return f"{name} ⬜", discord.ButtonStyle.secondary


def _mines_centre(board: Board) -> int:
    return int(board.puzzle.start)


def mines_view(board: Board) -> MinesView:
    """What a Minesweeper picture shows of a board: every mine once it is over, but of a
    daily still running somewhere only the one that went off."""
    game, puzzle, state = board.game, board.puzzle, board.game.state
    mines = puzzle.mines
    if not board.solution_public and not game.solved:  # a lost daily shows its blast only
        mines = frozenset(state.flagged) | {state.exploded} - {None}
    return MinesView(
        game.width, game.height, puzzle.numbers, mines, state.opened, state.flagged,
        exploded=state.exploded, outcome=board.status.outcome,
    )  # fmt: skip


async def _mines_draw(
    workers: Workers, board: Board, frame: tuple[int, int, int, int] | None, marked: tuple[int, ...]
) -> Drawn:
    game = board.game
    drawn: Drawn = await workers.draw(
        render_mines_png, mines_view(board), highlight=marked, frame=frame,
        zoom=max(game.width, game.height) >= ZOOM_FROM,
    )  # fmt: skip
    return drawn


async def _mines_win(workers: Workers, board: Board) -> tuple[bytes, str, str]:
    png, _ = await _mines_draw(workers, board, None, ())
    return png, "mines-win.png", "The cleared board, every mine flagged"


async def _mines_post(workers: Workers, puzzle: Any) -> tuple[str, bytes]:
    opened = KINDS["mines"].initial_state(puzzle).opened
    # No mines handed to the picture at all: it is public while the day runs.
    view = MinesView(puzzle.width, puzzle.height, puzzle.numbers, frozenset(), opened, ())
    png, _ = await workers.draw(render_mines_png, view)
    return "mines.png", png


MINES = Face(
    modes={"o": "⛏ Open", "f": "🚩 Flag"},
    tile_label=_mines_label,
    centre=_mines_centre,
    draw=_mines_draw,
    win=_mines_win,
    post=_mines_post,
    alt=(
        "Minesweeper board: raised grey cells are closed, flat cells open with the number of "
        "mines around them, flags mark mines; a finished board shows every mine."
    ),
)

#: The face of every kind, by kind name.
FACES = {"pipes": PIPES, "mines": MINES}
