"""What people type for Pipes: moves, parameters and puzzle codes. Board sizes and cell names
are ``puzzle.grid``'s (re-exported here).

A move is a cell with an optional amount: ``B3`` (one clockwise turn), ``C4x2`` (two),
``D1ccw`` (one counter-clockwise), ``D1ccwx2``, ``E5cw``; ``B3lock`` locks the tile (or
unlocks a locked one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzle.codes import normalize_seed, quote
from puzzle.codes import parse_code as split_code
from puzzle.grid import MAX_SIDE as MAX_SIDE
from puzzle.grid import MIN_SIDE as MIN_SIDE
from puzzle.grid import cell_name as cell_name
from puzzle.grid import column_index as column_index
from puzzle.grid import column_letters as column_letters
from puzzle.grid import column_name as column_name
from puzzle.grid import parse_cell
from puzzle.grid import parse_size as parse_size
from puzzle.levels import LETTERS, from_letter

#: Why there are no easy wrapping puzzles: with no border, the easy rules have no start.
WRAP_NOT_EASY = "A wrapping board cannot be easy: it has no border to start from."

_MOVE = re.compile(r"^([a-z]{1,2})(\d{1,3})(?:(lock)|(cw|ccw)?(?:x(\d{1,2}))?)$", re.IGNORECASE)
_PARAMS = re.compile(r"^(\d{1,2})x(\d{1,2})(w?)(?:([eh]?)|(n))$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Move:
    """Turn the tile at (x, y) by ``turns`` quarter turns (positive clockwise, negative
    not), or with ``lock`` lock it (unlock a locked one) and turn nothing."""

    x: int
    y: int
    turns: int
    lock: bool = False

    @property
    def cell(self) -> str:
        return cell_name(self.x, self.y)


def parse_cells(text: str, width: int, height: int) -> list[Move]:
    """Parse moves such as 'B3 c4x2 D1ccw' (spaces or commas between them) on a board."""
    words = [w for w in re.split(r"[\s,;]+", text or "") if w]
    if not words:
        raise ValueError("Name at least one tile to turn, like B3 or C4x2.")
    moves = []
    for word in words:
        match = _MOVE.match(word)
        if not match:
            raise ValueError(
                f"{quote(word)} is not a tile: write a column letter and a row number, like B3, "
                "optionally followed by x2 (turn twice) or ccw (counter-clockwise)."
            )
        letter, row, lock, direction, count = match.groups()
        cell = parse_cell(letter + row, width, height)
        x, y = cell % width, cell // width
        if lock:
            moves.append(Move(x, y, 0, lock=True))
            continue
        amount = int(count) if count else 1
        if not 1 <= amount <= 3:
            raise ValueError(f"{quote(word)}: turn a tile 1, 2 or 3 times (x1–x3).")
        sign = -1 if direction and direction.lower() == "ccw" else 1
        moves.append(Move(x, y, sign * amount))
    return moves


def format_move(move: Move) -> str:
    """A move as people type it: 'B3', 'C4x2', 'D1ccw', 'B3lock'."""
    if move.lock:
        return f"{move.cell}lock"
    amount = abs(move.turns)
    return f"{move.cell}{'ccw' if move.turns < 0 else ''}{f'x{amount}' if amount != 1 else ''}"


@dataclass(frozen=True, slots=True)
class Params:
    """A Pipes puzzle's parameters: size, whether it must have exactly one solution, whether
    its edges wrap around, and its level (``easy``, ``normal``, ``hard``; empty when not
    unique)."""

    width: int
    height: int
    unique: bool = True
    wrap: bool = False
    level: str = "normal"


def format_params(
    width: int, height: int, unique: bool = True, wrap: bool = False, level: str = "normal"
) -> str:
    """A Pipes puzzle's parameters: '8x8' (normal), '8x8e' (easy), '8x8h' (hard), '8x8w'
    (wrapping), '8x8n' (may have several solutions)."""
    tail = LETTERS[level] if unique else "n"
    return f"{width}x{height}{'w' if wrap else ''}{tail}"


def parse_params(text: str) -> Params:
    """'8x8' -> Params(8, 8), '6x6wh' -> a hard wrapping 6×6; ValueError with a readable
    message."""
    match = _PARAMS.match((text or "").strip())
    if not match:
        raise ValueError("That is not a Pipes size: write it as width×height, like 8x8.")
    width, height = parse_size(f"{match.group(1)}x{match.group(2)}")
    wrap, letter, free = bool(match.group(3)), (match.group(4) or "").lower(), match.group(5)
    if free:
        return Params(width, height, unique=False, wrap=wrap, level="")
    level = from_letter(letter)
    if wrap and level == "easy":
        raise ValueError(WRAP_NOT_EASY)
    return Params(width, height, wrap=wrap, level=level)


def make_code(
    width: int,
    height: int,
    seed: str,
    unique: bool = True,
    wrap: bool = False,
    level: str = "normal",
) -> str:
    """The code as Pipes prints it (no kind prefix): '8x8-abc', '6x6wh-abc' …"""
    return f"{format_params(width, height, unique, wrap, level)}-{normalize_seed(seed)}"


def parse_code(code: str) -> tuple[int, int, str, bool, bool, str]:
    """'8x8-abc' or 'pipes:6x6wh-abc' -> (width, height, seed, unique, wrap, level);
    ValueError otherwise."""
    kind, params, seed = split_code(code)
    if kind != "pipes":
        raise ValueError(f"That is a {kind} code, not a Pipes code.")
    p = parse_params(params)
    return p.width, p.height, seed, p.unique, p.wrap, p.level
