"""What people type for Minesweeper: board sizes with mine counts and levels, and moves.

Parameters (never with a '-': codes are ``mines:9x9-abc``): ``9x9``, ``16x16`` and ``30x16``
are beginner, intermediate and expert (10, 40 and 99 mines; the words work too); ``16x16m50``
names the mine count, ``16x16d20`` a density in percent (rounded); any other size without a
count gets the intermediate density, 40 mines in 256 cells (rounded). The level ends it as it
ends Pipes' (``puzzle.levels``): ``9x9e`` easy, ``9x9`` normal, ``16x16m50h`` hard, or a word
after it (``expert hard``). The canonical text is ``WxH`` when the count is the size's
default, else ``WxHmN``, then the level's letter.

Moves name cells as every kind does (``B3`` is x=1, y=2, see ``puzzle.grid``): ``B3`` opens
(chords when B3 is an open number with as many flags around it), ``B3f`` flags or unflags,
``B3c`` chords; several moves are separated by spaces or commas.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from puzzle.codes import quote
from puzzle.grid import cell_name, parse_cell
from puzzle.levels import LETTERS, LEVELS, from_letter, split_choice

Action = Literal["open", "flag", "chord"]

MIN_WIDTH, MAX_WIDTH = 5, 30
MIN_HEIGHT, MAX_HEIGHT = 5, 24
#: The classic boards: name, size and mine count.
BOARDS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}
#: The density of other sizes without a count: intermediate's, 40 mines in 256 cells.
DEFAULT_DENSITY = (40, 256)
#: At most a quarter of the cells are mines: denser boards take the no-guess generator long
#: (and leave the start's 3×3 free on every allowed size).
MAX_DENSITY = (1, 4)

_PARAMS = re.compile(r"^(\d{1,3})x(\d{1,3})(?:([md])(\d{1,4}))?([eh]?)$", re.IGNORECASE)
_MOVE = re.compile(r"^([a-z]{1,2})(\d{1,3})([fc]?)$", re.IGNORECASE)
_SUFFIX: dict[str, Action] = {"": "open", "f": "flag", "c": "chord"}


@dataclass(frozen=True, slots=True)
class Params:
    """A Minesweeper board: its size, how many mines it holds, and its level."""

    width: int
    height: int
    mines: int
    level: str = "normal"


@dataclass(frozen=True, slots=True)
class Move:
    """Open, flag (or unflag) or chord one cell (a row-major index)."""

    cell: int
    action: Action


def default_mines(width: int, height: int) -> int:
    """The mine count of a size written without one: the classic boards' own, else the
    intermediate density (rounded half up)."""
    for w, h, mines in BOARDS.values():
        if (w, h) == (width, height):
            return mines
    share, cells = DEFAULT_DENSITY
    return (width * height * share * 2 + cells) // (2 * cells)


def max_mines(width: int, height: int) -> int:
    """The most mines a board may hold."""
    share, cells = MAX_DENSITY
    return width * height * share // cells


def parse_params(text: str) -> Params:
    """'9x9', '9x9e', '16x16m50h', '30x16d20', 'expert' or 'expert hard' -> Params;
    ValueError with one sentence."""
    board, word = split_choice(text) or ("", None)
    board = board.lower()
    match = _PARAMS.match(board)
    if (board not in BOARDS and not match) or word not in (None, *LEVELS):
        raise ValueError(
            f"{quote(text)} is not a Minesweeper board: write width×height, like 9x9, "
            "16x16m50 (50 mines) or 30x16d20 (20% mines), or beginner, intermediate or expert, "
            "and a level if you like (9x9e or 9x9 easy, 9x9h or 9x9 hard)."
        )
    if match is None:
        return Params(*BOARDS[board], level=word or "normal")
    width, height = int(match.group(1)), int(match.group(2))
    if not (MIN_WIDTH <= width <= MAX_WIDTH and MIN_HEIGHT <= height <= MAX_HEIGHT):
        raise ValueError(
            f"A {width}×{height} board is not possible: the width goes from {MIN_WIDTH} to "
            f"{MAX_WIDTH} cells and the height from {MIN_HEIGHT} to {MAX_HEIGHT}."
        )
    letter, amount = match.group(3), match.group(4)
    if letter == "m":
        mines = int(amount)
    elif letter == "d":
        mines = (width * height * int(amount) * 2 + 100) // 200
    else:
        mines = default_mines(width, height)
    if mines < 1:
        raise ValueError(f"{quote(text)} has no mines: a board needs at least 1.")
    if mines > max_mines(width, height):
        raise ValueError(
            f"{quote(text)} has too many mines: a {width}×{height} board takes at most "
            f"{max_mines(width, height)}, a quarter of its cells."
        )
    return Params(width, height, mines, word or from_letter(match.group(5)))


def format_params(params: Params) -> str:
    """The canonical text: '9x9' when the count is the size's default, else '16x16m50';
    then the level's letter ('9x9e', '16x16m50h')."""
    size = f"{params.width}x{params.height}"
    if params.mines != default_mines(params.width, params.height):
        size += f"m{params.mines}"
    return size + LETTERS[params.level]


def parse_moves(text: str, width: int, height: int) -> list[Move]:
    """'B3 C4f, D1c' -> moves on a board; ValueError with one sentence."""
    words = [w for w in re.split(r"[\s,;]+", text or "") if w]
    if not words:
        raise ValueError("Name at least one cell, like B3 (open), B3f (flag) or B3c (chord).")
    moves = []
    for word in words:
        match = _MOVE.match(word)
        if not match:
            raise ValueError(
                f"{quote(word)} is not a cell: write a column letter and a row number, like "
                "B3, then f to flag it or c to chord it."
            )
        letter, row, suffix = match.groups()
        moves.append(Move(parse_cell(letter + row, width, height), _SUFFIX[suffix.lower()]))
    return moves


def format_move(move: Move, width: int) -> str:
    """A move as people type it: 'B3', 'B3f', 'B3c'."""
    suffix = {"open": "", "flag": "f", "chord": "c"}[move.action]
    return f"{cell_name(move.cell % width, move.cell // width)}{suffix}"
