"""The rules of Minesweeper: a puzzle, a game state, and what a move does to it.

- Opening a hidden, unflagged cell: a mine loses the game (``exploded``); a zero opens its
  zero region and the numbers around it (``grid.flood``, which never opens a flagged cell);
  any other number opens just that cell.
- Flagging toggles a flag on a hidden cell.
- Chording an open number with exactly that many flags around it opens every hidden,
  unflagged neighbour (zeros flood); a wrong flag makes it explode. Opening an open number
  whose flags match it is a chord too, as in every Minesweeper.
- The game is won when every cell that is not a mine is open; flags are not needed.
"""

from __future__ import annotations

from dataclasses import dataclass

from kinds.mines.engine.grid import count_numbers, flood, neighbours, three_bv
from kinds.mines.engine.notation import Move
from puzzle.grid import cell_name
from puzzle.kind import MoveError


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A board: where the mines are, and the first opening every game starts with."""

    width: int
    height: int
    #: Row-major cell indices (x + y * width).
    mines: frozenset[int]
    #: The fixed first opening: a zero cell.
    start: int
    #: The adjacent-mine count of every cell (mine cells too).
    numbers: tuple[int, ...]
    #: The fewest clicks that clear the board from the first opening: its 3BV less the one
    #: click the first opening gives for free.
    par: int
    #: The level of its grade: easy, normal or hard (``grade.level_of``); "" for a
    #: board not worked out (``make_puzzle`` leaves it to ``MinesKind.load``).
    level: str = ""

    @property
    def size(self) -> str:
        return f"{self.width}×{self.height}"

    def name(self, cell: int) -> str:
        """The cell as people write it: 'B3'."""
        return cell_name(cell % self.width, cell // self.width)


@dataclass(frozen=True, slots=True)
class State:
    """What the player has opened and flagged, and the mine that went off, if one did."""

    opened: frozenset[int]
    flagged: frozenset[int] = frozenset()
    #: The mine that was opened: the game is lost.
    exploded: int | None = None


def make_puzzle(width: int, height: int, mines: frozenset[int], start: int) -> Puzzle:
    """A puzzle from its mines and first opening (numbers and par worked out)."""
    numbers = count_numbers(width, height, mines)
    if start in mines or numbers[start]:
        raise ValueError("the first opening of a Minesweeper board must be a zero cell")
    return Puzzle(width, height, mines, start, numbers, three_bv(width, height, numbers, mines) - 1)


def opening(puzzle: Puzzle) -> list[int]:
    """The cells the first opening opens, in order."""
    return flood(puzzle.width, puzzle.height, puzzle.numbers, puzzle.start)


def solved(puzzle: Puzzle, state: State) -> bool:
    """Every cell that is not a mine is open (and none went off)."""
    return state.exploded is None and (
        len(state.opened) == puzzle.width * puzzle.height - len(puzzle.mines)
    )


def finished(puzzle: Puzzle, state: State) -> bool:
    return state.exploded is not None or solved(puzzle, state)


def play(puzzle: Puzzle, state: State, move: Move) -> State:
    """The state after one move (pure); MoveError with one sentence for a refused move."""
    cell = move.cell
    if not 0 <= cell < puzzle.width * puzzle.height:
        raise MoveError(f"That cell is not on the {puzzle.size} board.")
    if finished(puzzle, state):
        raise MoveError("The game is over: start a new one to play on.")
    name = puzzle.name(cell)
    if move.action == "flag":
        if cell in state.opened:
            raise MoveError(f"{name} is open: only hidden cells take a flag.")
        return State(state.opened, state.flagged ^ {cell}, state.exploded)
    if move.action == "open" and cell not in state.opened:
        if cell in state.flagged:
            raise MoveError(f"{name} is flagged: unflag it first.", fix=f"{name}f")
        return _open(puzzle, state, [cell])
    return _open(puzzle, state, _chorded(puzzle, state, cell, name))


def _chorded(puzzle: Puzzle, state: State, cell: int, name: str) -> list[int]:
    """The hidden, unflagged cells around an open number that a chord opens."""
    if cell not in state.opened:
        raise MoveError(f"{name} is hidden: chord an open number, or open {name} itself.")
    number = puzzle.numbers[cell]
    if not number:
        raise MoveError(f"{name} is open already, with no mine around it.")
    around = neighbours(puzzle.width, puzzle.height)[cell]
    flags = sum(1 for j in around if j in state.flagged)
    if flags != number:
        raise MoveError(
            f"{name} is open already: it shows {number} and has {flags} "
            f"flag{'s' if flags != 1 else ''} around it, and a chord needs {number}."
        )
    return [j for j in around if j not in state.opened and j not in state.flagged]


def _open(puzzle: Puzzle, state: State, cells: list[int]) -> State:
    """Open hidden, unflagged cells: zeros flood; a mine among them explodes (the first
    one, while the safe ones still open)."""
    opened = set(state.opened)
    exploded = None
    for cell in cells:
        if cell in puzzle.mines:
            exploded = cell if exploded is None else exploded
        elif cell not in opened:
            opened.update(
                flood(puzzle.width, puzzle.height, puzzle.numbers, cell, opened, state.flagged)
            )
    return State(frozenset(opened), state.flagged, exploded)
