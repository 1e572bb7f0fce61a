"""Double Choco on Discord: the picture (white and gray cells, numbers, the walls drawn, what
breaks a rule after a check), cell buttons that toggle a cell's right or lower wall or draw
on from the last wall by click mode, a Check button, the words, the ``new`` command with its
level, and the typed move ``wall`` (walls and runs)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import discord

from bot.face import Face, Verb
from bot.facekit import (
    drawing,
    level_new,
    level_words,
    listed,
    per_board,
    said_cell,
    sided,
    still_win,
    tile_text,
)
from bot.texts import given_up, solve_time, started
from bot.workers import Workers
from kinds.choco.engine import (
    CHECK,
    KIND,
    MORE_PARTS,
    ONE_COLOUR,
    SHAPES_DIFFER,
    UNKNOWN,
    Breaches,
    Edge,
    Grid,
    extend,
    format_move,
)
from kinds.choco.picture import ChocoView, render_choco_png
from play import Board, UserError
from puzzle.grid import DOWN, LEFT, RIGHT, UP, cell_name

#: The sides a board may have on Discord.
SIDES = (6, 10)
#: Click modes: the wall a cell button toggles, by the side of the cell it is on; and
#: ``EXTEND``, the line from the last wall to the clicked cell.
SIDE_STEPS = {"r": (1, 0), "d": (0, 1)}
EXTEND = "e"
#: That side in words, by click mode.
SIDE_WORDS = {"r": "on its right", "d": "below it"}
GOAL = (
    "Goal: draw walls that cut the grid into blocks, each one white part and one gray part "
    "of the same shape (turned or mirrored); a number is the size of its part."
)
HELP = """**Daily Double Choco** — wall the grid into blocks of two matching halves.
• Rules: every block holds exactly one white part and one gray part, joined, of the same \
shape and size (turned or mirrored is fine). A number is the size of its colour's part in \
its block; not every block has one. Every board has exactly one solution.
• Picture: gray cells are shaded, your walls thick; after 🔍 Check, hatched blocks break a \
rule, a struck-through number does not fit, a striped wall lies inside a block.
• Par: the walls of the solution; each wall toggled counts one. Time ranks you, each \
hint adding to it.
• Tip: a number and its colour's cells around it show how big its block's other half is.
• `/choco new [size] [level] [seed]`: a board of your own, e.g. `/choco new 10x10 hard`. \
Levels: easy (both halves of every block numbered, and more), normal (about one number in \
eight cells, as in print; some blocks have none), hard (every number needed).
• Buttons: a cell toggles the wall on its right (▕ mode) or below it (▁ mode); in ↦ mode it \
draws on from the last wall's end (the white knob), straight or turning, to the clicked \
cell's side. 🔍 Check marks what breaks a rule; ◀ ▲ ▼ ▶ move the window.
• `/choco wall B3-C3 B4-B7r check`: toggles the wall between two cells; a run `B4-B7r`, \
the line right of B4 to B7 (sides r l d u), draws what is missing, else erases it all; \
`check` checks."""
#: What a check names for each rule a block breaks.
RULE_WORDS = {
    ONE_COLOUR: "one colour only",
    MORE_PARTS: "three or more parts",
    SHAPES_DIFFER: "halves of different shapes",
}


def choco_view(board: Board) -> ChocoView:
    """What a Double Choco picture shows of a board: the grid, the walls drawn, the last
    check's breaches, where drawing goes on from, and once given up the solution's walls (a
    daily's only once its date is over everywhere)."""
    game, grid, details = board.game, board.puzzle.grid, board.status.details
    shown = board.given_up and board.solution_public
    return ChocoView(
        grid.width, grid.height, grid.gray, grid.clues, details["walls"], details["breaches"],
        game.turns, board.ending, board.puzzle.walls if shown else (), details["pen"],
    )  # fmt: skip


_draw = drawing(render_choco_png, choco_view, lambda marks: marks.edges)
_view = per_board(choco_view)


async def _post(workers: Workers, puzzle: Any) -> bytes:
    """A blank grid of its size: a post nobody can solve the daily from before their clock
    runs."""
    area = puzzle.width * puzzle.height
    view = ChocoView(puzzle.width, puzzle.height, (False,) * area, (None,) * area, ())
    png, _ = await workers.draw(render_choco_png, view)
    return png


def _press(game: Any, cell: int, mode: str) -> str:
    """The wall on the cell's right or below it, by click mode ('B3-C3'), or in the extend
    mode the walls from the last one to the cell's side ('C4-C7r'); a cell on the board's
    edge on that side has none, and an extension needs a wall first and a line to the cell
    (UserError)."""
    if mode == EXTEND:
        pen = game.state.pen
        if pen is None:
            raise UserError("There is no wall to extend yet: draw one in ▕ or ▁ mode first.")
        try:
            return format_move(extend(game.width, game.height, pen, cell), game.width)
        except ValueError as error:
            raise UserError(str(error)) from None
    mode = mode if mode in SIDE_STEPS else "r"
    dx, dy = SIDE_STEPS[mode]
    x, y = cell % game.width, cell // game.width
    if x + dx >= game.width or y + dy >= game.height:
        raise UserError(
            f"{cell_name(x, y)} is on the board's edge: there is no wall {SIDE_WORDS[mode]} "
            "to toggle."
        )
    return f"{cell_name(x, y)}-{cell_name(x + dx, y + dy)}"


LEGEND = (
    ("□", discord.ButtonStyle.secondary, "a white cell"),
    ("■", discord.ButtonStyle.secondary, "a gray cell"),
    ("?123456789+", discord.ButtonStyle.secondary, "a numbered cell (+: 10 or more)"),
    ("▕", discord.ButtonStyle.primary, "a cell you walled on its right"),
    ("▁", discord.ButtonStyle.primary, "a cell you walled below"),
    ("┘", discord.ButtonStyle.primary, "a cell you walled on its right and below"),
)
#: The glyph of the walls a cell has drawn on its right and below.
WALLED = {(True, False): "▕", (False, True): "▁", (True, True): "┘"}


def _label(board: Board, cell: int) -> tuple[str, discord.ButtonStyle]:
    """The walls drawn on the cell's right and below, in blue (the buttons draw them);
    else its number (? unknown, + from 10) or its colour, □ white or ■ gray."""
    grid, walls = board.puzzle.grid, board.status.details["walls"]
    drawn = ((cell, cell + 1) in walls, (cell, cell + grid.width) in walls)
    if any(drawn):
        return tile_text(grid.width, cell, WALLED[drawn]), discord.ButtonStyle.primary
    clue = grid.clues[cell]
    if clue is None:
        glyph = "■" if grid.gray[cell] else "□"
    else:
        glyph = "?" if clue < 0 else str(clue) if clue < 10 else "+"
    return tile_text(grid.width, cell, glyph), discord.ButtonStyle.secondary


def _cell_words(board: Board, cell: int) -> str:
    """'B3: white, shows 4, walls down and left, wrong number and block': the cell's colour,
    its number ('a question mark': a size not given), its walls and what the last check
    marked wrong (its number, a wall inside a block, its block); where the picture shows a
    given-up board's solution, the solution's walls instead."""
    view, grid = _view(board), board.puzzle.grid
    clue = view.clues[cell]
    number = "" if clue is None else "a question mark" if clue == UNKNOWN else f"shows {clue}"
    if view.answer:
        walls, found = sided("solution wall", _walled(grid, cell, view.answer)), Breaches()
    else:
        walls, found = sided("wall", _walled(grid, cell, view.walls)), view.breaches or Breaches()
    marked = (
        ("number", cell in found.numbers),
        ("wall", bool(_walled(grid, cell, found.walls))),
        ("block", any(cell in block for block, _ in found.blocks)),
    )
    wrong = [thing for thing, is_wrong in marked if is_wrong]
    faults = f"wrong {listed(wrong)}" if wrong else ""
    colour = "gray" if view.gray[cell] else "white"
    return said_cell(grid.width, cell, colour, number, walls, faults)


def _walled(grid: Grid, cell: int, walls: Collection[Edge]) -> int:
    """The sides of ``cell`` that have a wall of ``walls``, as a mask."""
    sides = {cell - 1: LEFT, cell - grid.width: UP, cell + 1: RIGHT, cell + grid.width: DOWN}
    return sum(sides[n] for n in grid.neighbours(cell) if (min(cell, n), max(cell, n)) in walls)


def _centre(board: Board) -> int:
    game = board.game
    return game.height // 2 * game.width + game.width // 2


def _body(board: Board) -> str:
    """Walls drawn and toggles; what the last check found; how it ended; the board on
    puzz.link."""
    game, details = board.game, board.status.details
    link = f"[Open on puzz.link](<{board.puzzle.link}>)"
    if game.solved:
        return f"✅ Solved in {solve_time(board)} with {FACE.tally(game.turns, None, board.par)}."
    if board.given_up:
        return given_up(board, FACE, "the solution's walls in blue")
    walls = len(details["walls"])
    parts = [f"🧱 {walls} wall{'' if walls == 1 else 's'}", FACE.counted(game.turns)]
    lines = [" · ".join([*parts, *started(game)])]
    if details["breaches"] is not None:
        lines.append(_check_words(details["breaches"]))
    return "\n".join([*lines, link])


def _check_words(found: Breaches) -> str:
    """'🔍 Check: 2 blocks break a rule (three or more parts), 1 number does not fit.'"""
    said = []
    if found.blocks:
        rules = ", ".join(dict.fromkeys(RULE_WORDS[rule] for _, rule in found.blocks))
        count = len(found.blocks)
        said.append(f"{count} block{' breaks' if count == 1 else 's break'} a rule ({rules})")
    if found.numbers:
        count = len(found.numbers)
        said.append(f"{count} number{' does' if count == 1 else 's do'} not fit")
    if found.walls:
        count = len(found.walls)
        said.append(f"{count} wall{' is' if count == 1 else 's are'} inside a block")
    return f"🔍 Check: {', '.join(said)}."


def _said(move: str) -> str:
    if move == CHECK:
        return "checked the board"
    return f"toggled the wall{'s' * move[-1].isalpha()} {move}"


FACE = Face(
    kind=KIND,
    description="Daily Double Choco: wall the grid into blocks of two matching halves",
    new=level_new(
        KIND,
        SIDES,
        "8x8",
        "8x8 or 10x8",
        "easy: every half numbered; normal: 1 number in 8 cells, blocks without; hard: each one "
        "needed",
    ),
    verbs=(
        Verb(
            "wall",
            "Toggle walls between side-by-side cells, like B3-C3, or a run of them, like B3-B7r",
            "Walls to toggle: B3-C3 (between two cells), B3-B7r (right of B3 to B7; r l d u)",
            param="walls",
        ),
    ),
    modes={"r": "▕ Right walls", "d": "▁ Lower walls", EXTEND: "↦ Extend last wall"},
    press=_press,
    tile_label=_label,
    legend=LEGEND,
    cell_words=_cell_words,
    centre=_centre,
    draw=_draw,
    win=still_win(_draw, "choco-win.png", "The solved board: every block two matching halves"),
    post=_post,
    alt=(
        "Double Choco board: white and shaded gray cells with their numbers, the walls drawn "
        "as thick lines; after a check, hatched blocks break a rule."
    ),
    body=_body,
    goal=GOAL,
    help=HELP,
    counter=("toggle", "toggles"),
    par_unit=("wall", "walls"),
    icon="🍫",
    max_side=SIDES[1],
    hint_description="Fix one wall the board gets wrong",
    board_noun="Double Choco board",
    daily_words=level_words(KIND),
    explain=lambda move: f"`/choco wall {move}`",
    said=_said,
    controls=(("🔍 Check", "k"),),
    act=lambda game, action, mode: CHECK,
)
