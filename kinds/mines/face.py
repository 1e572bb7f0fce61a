"""Minesweeper on Discord: the picture, cell buttons (open, flag), the words, the ``new``
command with its level and mine count, and the typed moves ``open`` and ``flag``."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any, Literal

import discord
from discord import app_commands

from bot.face import Face, NewBoard, Verb
from bot.facekit import cell_press, drawing, per_board, said_cell, still_win, tile_text
from bot.options import SEED_TEXT, SIZE_TEXT, Interaction, choices_of
from bot.texts import given_up, solve_time, started
from bot.workers import Workers
from kinds.mines.engine import KIND, deduce, opening
from kinds.mines.picture import MinesView, render_mines_png
from play import Board, UserError
from puzzle.grid import cell_name
from puzzle.levels import CHOICE_WORDS

#: The move suffix of each click mode: open, flag.
SUFFIX = {"o": "", "f": "f"}
GOAL = (
    "Open every cell without a mine: a number tells how many of its 8 neighbours hide one. "
    "No guessing is ever needed. Switch to 🚩 Flag to mark mines; opening a number with as "
    "many flags around opens the rest."
)
HELP = """**Daily Minesweeper** — open every cell without a mine. A number tells how many \
of its 8 neighbours hide a mine; every board is solvable by deduction alone from its first \
opening, which is done for you. A mine ends your attempt.
• Picture: raised grey cells are closed, flat ones open; a pennant is a flag; a finished \
board shows every mine (the one that went off on red, wrong flags crossed out).
• Par: the fewest opens that clear it (3BV − 1: one per empty area and per number not \
beside one; the first opening is done for you). Flags are free: they count apart, never \
against par. Time ranks you.
• Tip: a 1 with one closed cell beside it has found its mine; flag it, then open round it.
• `/mines new [size] [level] [mines] [seed]`: a board of your own, e.g. `/mines new expert` or \
`/mines new 12x10 hard 20`. Levels: easy (one number at a time is enough), normal (some cells \
need two numbers read together), hard (some need the count of mines left).
• Buttons: ⛏ Open mode opens a cell (a number with as many flags around opens the rest); \
🚩 Flag mode flags or unflags. Closed ■ is grey, flagged ⚑ blue, open green. ◀ ▲ ▼ ▶ move \
the window of buttons.
• `/mines open B3 C4`, `/mines flag D5`: by coordinates (A1 is top-left)."""


LEGEND = (
    ("■", discord.ButtonStyle.secondary, "closed"),
    ("⚑", discord.ButtonStyle.primary, "flagged"),
    ("·12345678", discord.ButtonStyle.success, "open: the mines around it (· none)"),
)


def _label(board: Board, cell: int) -> tuple[str, discord.ButtonStyle]:
    """Closed ■ grey, flagged ⚑ blue, open green with its number; open cells are not
    disabled (an open number chords when its flags match it)."""
    game, puzzle, state = board.game, board.puzzle, board.game.state
    if cell in state.flagged:
        return tile_text(game.width, cell, "⚑"), discord.ButtonStyle.primary
    if cell in state.opened:
        number = str(puzzle.numbers[cell] or "·")
        return tile_text(game.width, cell, number), discord.ButtonStyle.success
    return tile_text(game.width, cell, "■"), discord.ButtonStyle.secondary


def _centre(board: Board) -> int:
    return _first_cell(board.puzzle)


@lru_cache(maxsize=4096)
def _first_cell(puzzle: Any) -> int:
    """The cell the first window is around: the window holding the most closed cells that
    deduction proves safe from the first opening (on a tie, the opening's own window, then
    the first row by row), named by its first cell. The first opening alone decides it, so
    every message of a board starts from the same window."""
    width, height = puzzle.width, puzzle.height
    safe = deduce(puzzle, opening(puzzle), reveal=False).safe
    grid = FACE.windows(width, height)
    start = grid.around(puzzle.start % width, puzzle.start // width)
    best = max(
        grid.all(),
        key=lambda view: (sum(view.holds(c % width, c // width) for c in safe), view == start),
    )
    return best.y * width + best.x


def mines_view(board: Board) -> MinesView:
    """What a Minesweeper picture shows of a board: every mine once it is over, but of a
    daily still running somewhere only the one that went off."""
    game, puzzle, state = board.game, board.puzzle, board.game.state
    mines = puzzle.mines
    if not board.solution_public and not game.solved:  # a lost daily shows its blast only
        mines = frozenset(state.flagged) | {state.exploded} - {None}
    return MinesView(
        game.width, game.height, puzzle.numbers, mines, state.opened, state.flagged,
        exploded=state.exploded, outcome=board.ending,
    )  # fmt: skip


_draw = drawing(render_mines_png, mines_view)
_view = per_board(mines_view)

#: What the picture shows of a cell, in words, by its look (``MinesView.look``); an open
#: number's are the mines around it.
LOOK_WORDS = {
    "hidden": "closed",
    "flag": "flagged",
    "mine": "a mine",
    "exploded": "the mine that went off",
    "wrong": "a wrong flag",
    "open0": "open, no mine around",
    "open1": "1 mine around",
}


def _cell_words(board: Board, cell: int) -> str:
    """'B3: closed', 'B3: 3 mines around', 'B3: a wrong flag': the cell as the picture shows
    it."""
    look = _view(board).look(cell)
    return said_cell(board.game.width, cell, LOOK_WORDS.get(look, f"{look[4:]} mines around"))


async def _post(workers: Workers, puzzle: Any) -> bytes:
    """Every cell closed, no number and no mine handed to the picture: a post nobody can
    solve the board from (its first opening too is the player's, once their clock runs)."""
    area = puzzle.width * puzzle.height
    view = MinesView(puzzle.width, puzzle.height, (0,) * area, frozenset(), frozenset(), ())
    png, _ = await workers.draw(render_mines_png, view)
    return png


def _body(board: Board) -> str:
    """Flags and open cells, the opens made (flags count apart); how the game ended."""
    game, details = board.game, board.status.details
    opens = FACE.counted(game.turns)
    if game.solved:
        return f"✅ Cleared in {solve_time(board)} with {FACE.tally(game.turns, None, board.par)}."
    if board.given_up:
        return given_up(board, FACE, "every mine")
    if game.finished:
        exploded = details["exploded"]
        where = cell_name(exploded % game.width, exploded // game.width)
        ends = " This was your attempt at the daily." if game.daily_id is not None else ""
        return f"💥 A mine went off at {where} after {opens}: this game is lost.{ends}"
    parts = [
        f"🚩 {details['flags']}/{details['mines']} flagged",
        f"⛏ {len(game.state.opened)}/{game.width * game.height - details['mines']} cells open",
        opens,
    ]
    return " · ".join([*parts, *started(game)])


def _daily_words(choice: str) -> str:
    """'9×9 Minesweeper (10 mines, always easy)'."""
    board, _, level = KIND.parse_daily(choice).partition(" ")
    params = KIND.parse_params(board)
    words = CHOICE_WORDS[level or "normal"]
    return f"{params.width}×{params.height} Minesweeper ({params.mines} mines, {words})"


def _new(start: NewBoard) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="new", description="A Minesweeper board of your own in this channel")
    @app_commands.describe(
        size="beginner (9x9, 10 mines), intermediate (16x16, 40), expert (30x16, 99) or like 12x10",
        level=(
            "easy: one number at a time; normal: two numbers together; hard: both and the mines "
            "left"
        ),
        mines="How many mines (default: the classic count of that size, else about 16% of cells)",
        seed="Any word: the same size, level, mines and seed give the same board",
    )
    @app_commands.autocomplete(size=choices_of(KIND.presets))
    async def new(
        interaction: Interaction,
        size: SIZE_TEXT = "beginner",
        level: Literal["easy", "normal", "hard"] | None = None,
        mines: app_commands.Range[int, 1, 200] | None = None,
        seed: SEED_TEXT | None = None,
    ) -> None:
        try:
            params = KIND.parse_params(size)
            if mines is not None:
                counted = KIND.parse_params(f"{params.width}x{params.height}m{mines}")
                params = replace(params, mines=counted.mines)
        except ValueError as error:
            raise UserError(str(error)) from None
        params = replace(params, level=level or params.level)
        await start(interaction, KIND.format_params(params), seed)

    return new


def _flags(text: str) -> str:
    words = text.replace(",", " ").split()
    return " ".join(f"{word.removesuffix('f').removesuffix('F')}f" for word in words)


FACE = Face(
    kind=KIND,
    description="Daily Minesweeper: open every safe cell; no guessing is ever needed",
    new=_new,
    verbs=(
        Verb(
            "open",
            "Open cells by coordinates, like B3 C4",
            "Cells to open: A1 is top-left; a satisfied number opens around it",
        ),
        Verb(
            "flag",
            "Flag cells as mines (again to unflag), like D5",
            "Cells to flag or unflag, like D5 E5",
            _flags,
        ),
    ),
    modes={"o": "⛏ Open", "f": "🚩 Flag"},
    press=cell_press(SUFFIX),
    tile_label=_label,
    legend=LEGEND,
    cell_words=_cell_words,
    centre=_centre,
    draw=_draw,
    win=still_win(_draw, "mines-win.png", "The cleared board, every mine flagged"),
    post=_post,
    alt=(
        "Minesweeper board: raised grey cells are closed, flat cells open with the number of "
        "mines around them, flags mark mines; a finished board shows every mine."
    ),
    body=_body,
    goal=GOAL,
    help=HELP,
    counter=("open", "opens"),
    icon="💣",
    max_side=30,
    hint_description="One cell the numbers decide",
    board_noun="Minesweeper board",
    daily_words=_daily_words,
    explain=lambda move: f"🚩 Flag mode, or `/mines flag {move.removesuffix('f')}`",
    said=lambda move: (
        {"f": "flagged ", "c": "opened around "}.get(move[-1], "opened ") + move.rstrip("fc")
    ),
)
