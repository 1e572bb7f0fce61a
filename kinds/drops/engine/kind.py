"""Ten Drops behind the kind interface (``puzzle.kind.Kind``); its texts are described in the
package's docstring (``kinds.drops.engine``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from kinds.drops.engine.generator import generate
from kinds.drops.engine.grade import GRADES
from kinds.drops.engine.notation import (
    Params,
    format_move,
    format_params,
    parse_moves,
    parse_params,
)
from kinds.drops.engine.rules import PER_REFUND, Tapped, Tick, tap
from kinds.drops.engine.solver import greedy_tap, replay, solve
from puzzle.codes import normalize_seed
from puzzle.grid import cell_name
from puzzle.kind import (
    Applied,
    Generated,
    Kind,
    Marks,
    MoveError,
    Outcome,
    PuzzleText,
    Scoring,
    Status,
    TextParams,
)
from puzzle.textboard import cells

#: Version of ``generate``; bump it whenever the same code would give another board.
GENERATOR = "drops/3"
#: Taps the exact search tries at most for a hint (some seconds at most; the bot works hints
#: out away from its event loop), and for the par of a stored board whose solution does not
#: clear it.
HINT_LIMIT = 100_000
LOAD_LIMIT = 300_000

_ROWS = r"([0-4]{1,8}(?:/[0-4]{1,8}){0,7})"
_DESCRIPTION = re.compile(rf"([0-9])x([0-9]);drops=([0-9]{{1,3}});{_ROWS}")
_STATE = re.compile(rf"drops=([0-9]{{1,3}});{_ROWS}")


@dataclass(frozen=True, slots=True)
class Drops:
    """A Ten Drops board to clear: its cells' drops (row-major), the drops to start with, its
    level, an optimal line of taps and par, the drops that line leaves."""

    width: int
    height: int
    cells: tuple[int, ...]
    drops: int
    level: str
    solution: tuple[int, ...]
    par: int

    def name(self, cell: int) -> str:
        return cell_name(cell % self.width, cell // self.width)


@dataclass(frozen=True, slots=True)
class Chain:
    """A tap of a move that burst cells, as its animation needs it: its ticks (``Tick``s,
    tick 0 the tap itself), the drops left after it, and how many taps the move played
    after it."""

    ticks: tuple[Tick, ...]
    drops: int
    later: int

    @property
    def bursts(self) -> int:
        """The cells that burst, each in the tick it burst."""
        return sum(len(tick.bursts) for tick in self.ticks)


@dataclass(frozen=True, slots=True)
class State:
    """The board as it stands: its cells and the drops left; and, in memory only (its text
    and equality leave it out), the bursts of the tap that made it, for the answer to that
    tap."""

    width: int
    cells: tuple[int, ...]
    drops: int
    bursts: int = field(default=0, compare=False)

    @property
    def cleared(self) -> bool:
        return not any(self.cells)

    @property
    def outcome(self) -> Outcome:
        return "solved" if self.cleared else "lost" if not self.drops else "playing"


def rows(width: int, cells: Sequence[int]) -> str:
    """Cells as rows of digits: '342232/000023/…'."""
    return "/".join("".join(map(str, cells[y : y + width])) for y in range(0, len(cells), width))


def describe(width: int, height: int, cells: Sequence[int], drops: int) -> str:
    """The description: ``<W>x<H>;drops=<n>;<row 1>/<row 2>/…``, one digit 0–4 a cell."""
    return f"{width}x{height};drops={drops};{rows(width, cells)}"


def read(description: str, params: Params) -> tuple[tuple[int, ...], int]:
    """The cells and start drops of a description made for ``params``; ValueError unless
    its size is theirs and every row holds one digit 0–4 a cell."""
    match = _DESCRIPTION.fullmatch(description)
    size = (params.width, params.height)
    if not match or (int(match[1]), int(match[2])) != size:
        raise ValueError(f"a Ten Drops description does not fit {format_params(params)}")
    lines = match[4].split("/")
    if len(lines) != params.height or any(len(line) != params.width for line in lines):
        raise ValueError(f"a Ten Drops description does not fit {format_params(params)}")
    return tuple(int(digit) for line in lines for digit in line), int(match[3])


def best_drops(
    width: int, height: int, cells: bytes, drops: int, solution: str
) -> tuple[tuple[int, ...], int]:
    """An optimal line and its drops left: the stored solution when it clears the board (the
    generator proved it best), else the exact search's line within ``LOAD_LIMIT`` boards (the
    best it found if it proves none); no line and 0 when none clears."""
    try:
        taps = tuple(parse_moves(solution, width, height)) if solution.strip() else ()
    except ValueError:
        taps = ()
    left = replay(width, height, cells, drops, taps) if taps else None
    if left is not None:
        return taps, left
    line = solve(width, height, cells, drops, LOAD_LIMIT).line
    return (line.taps, line.drops) if line else ((), 0)


class DropsKind(TextParams[Params]):
    """Ten Drops: clear the board with the most drops left."""

    name = "drops"
    title = "Ten Drops"
    generator = GENERATOR
    #: Each level's band of grades (``grade``): ``Generated.difficulty`` is the grade.
    grades = GRADES
    presets: tuple[str, ...] = ("6x6", "6x6e", "6x6h", "5x5", "5x5h", "7x7")
    default_daily = "6x6"
    daily_presets: tuple[str, ...] = ("6x6", "6x6 weekly", "6x6e", "6x6h", "5x5", "5x5h")
    #: Drops left at the clear (``Status.points``), then fewer taps, then time.
    scoring = Scoring(by="points")
    notation = (parse_params, format_params)

    def generate(self, params: Params, seed: str) -> Generated:
        seed, text = normalize_seed(seed), format_params(params)
        made = generate(params.width, params.height, params.level, f"{text}-{seed}")
        return Generated(
            kind=self.name,
            params=text,
            seed=seed,
            width=params.width,
            height=params.height,
            description=describe(params.width, params.height, made.cells, made.drops),
            solution=" ".join(format_move(cell, params.width) for cell in made.line.taps),
            par=made.line.drops,
            difficulty=made.grade,
            generator=self.generator,
        )

    def load(self, stored: PuzzleText) -> Drops:
        """The board of a stored description; par is what its solution leaves (see
        ``best_drops``)."""
        params = parse_params(stored.params)
        cells, drops = read(stored.description, params)
        width, height = params.width, params.height
        line, par = best_drops(width, height, bytes(cells), drops, stored.solution)
        return Drops(width, height, cells, drops, params.level, line, par)

    def label(self, puzzle: Drops) -> str:
        """'6×6 · normal · 10 drops to start'."""
        return f"{puzzle.width}×{puzzle.height} · {puzzle.level} · {puzzle.drops} drops to start"

    def par(self, puzzle: Drops) -> int:
        """The most drops left at the clear (not a count of moves: more is better)."""
        return puzzle.par

    def initial_state(self, puzzle: Drops) -> State:
        return State(puzzle.width, puzzle.cells, puzzle.drops)

    def parse_moves(self, puzzle: Drops, state: State, text: str) -> list[int]:
        return parse_moves(text, puzzle.width, puzzle.height)

    def format_move(self, puzzle: Drops, move: int) -> str:
        return format_move(move, puzzle.width)

    def apply(self, puzzle: Drops, state: State, moves: Sequence[int]) -> Applied[State, int]:
        """Taps in order; once one ends the game (cleared, or out of drops), the rest are not
        played, and none is on a finished game (MoveError). Each tap counts one; the marks
        are the cells tapped and the last of them; the trace is a ``Chain`` for each tap that
        burst cells, its ``Tick``s from tick 0 (the tap itself) to the last tick anything
        moved (a tap that bursts nothing is not worth animating)."""
        if moves and state.cleared:
            raise MoveError("This board is cleared already.")
        if moves and not state.drops:
            raise MoveError("You have no drops left: this board is lost.")
        played: list[int] = []
        chains: list[tuple[int, Tapped, int]] = []
        for cell in moves:
            if state.outcome != "playing":
                break
            tapped = tap(puzzle.width, puzzle.height, bytes(state.cells), cell, ticks=True)
            drops = state.drops - 1 + tapped.refund
            state = State(state.width, tuple(tapped.cells), drops, tapped.bursts)
            played.append(cell)
            if tapped.bursts:
                chains.append((len(played), tapped, drops))
        marks = Marks(tuple(dict.fromkeys(played)), focus=played[-1] if played else None)
        trace = tuple(Chain(t.ticks, drops, len(played) - k) for k, t, drops in chains)
        return Applied(state, tuple(played), len(played), marks, trace)

    def could_lose(self, puzzle: Drops, state: State, moves: Sequence[int]) -> bool:
        """Whether these taps leave no drops with drops still on the board: nothing is
        hidden, so what could happen is what will."""
        try:
            return self.apply(puzzle, state, moves).state.outcome == "lost"
        except MoveError:  # refused: it loses nothing
            return False

    def progress(self, puzzle: Drops, state: State) -> float:
        """The share of the board's water cleared (never below 0; 1 once cleared)."""
        if state.cleared:
            return 1.0
        return max(0.0, 1 - sum(state.cells) / sum(puzzle.cells))

    def status(self, puzzle: Drops, state: State) -> Status:
        """Solved once cleared, scoring the drops left; lost with no drops left and drops on
        the board. Details for pictures: ``drops`` (left), ``bursts`` and
        ``refund`` (of the last tap), ``cells`` (every cell's drops, row-major)."""
        details = {
            "drops": state.drops,
            "bursts": state.bursts,
            "refund": state.bursts // PER_REFUND,
            "cells": state.cells,
        }
        outcome = state.outcome
        return Status(outcome, details, state.drops if outcome == "solved" else None)

    def hint(self, puzzle: Drops, state: State) -> int | str:
        """The next tap of a line with the most drops left from this state: the solution's
        next one on its way (what is left of an optimal line is optimal), else the exact
        search's (``HINT_LIMIT`` taps tried at most); unproven, the first of the best line it
        knows (the greedy player's), else the greedy player's next tap."""
        if state.outcome != "playing":
            return "No hint: this game is over."
        on_line = _on_line(puzzle, state)
        if on_line is not None:
            return on_line
        board = bytes(state.cells)
        search = solve(puzzle.width, puzzle.height, board, state.drops, HINT_LIMIT)
        if search.line is not None:
            return search.line.taps[0]
        if search.proven:
            return "No hint: no taps clear this board with the drops you have left."
        return greedy_tap(puzzle.width, puzzle.height, board)

    def text_format(self, puzzle: Drops, state: State) -> str:
        """Every cell's drops (``.`` none), and the drops left."""
        glyphs = [str(drops or ".") for drops in state.cells]
        return cells(puzzle.width, puzzle.height, glyphs, f"drops left {state.drops}")

    def encode_state(self, state: State) -> str:
        """``drops=<n>;<row 1>/…``: the drops left, the cells as in a description."""
        return f"drops={state.drops};{rows(state.width, state.cells)}"

    def decode_state(self, text: str) -> State:
        """A state's text (a state read back made no tap: its bursts are 0)."""
        match = _STATE.fullmatch(text)
        lines = match[2].split("/") if match else []
        if not match or len({len(line) for line in lines}) != 1:
            raise ValueError("that is not a Ten Drops state")
        cells = tuple(int(digit) for line in lines for digit in line)
        return State(len(lines[0]), cells, int(match[1]))


def _on_line(puzzle: Drops, state: State) -> int | None:
    """The solution's next tap if the state is one its taps pass through."""
    cells, drops = bytes(puzzle.cells), puzzle.drops
    for cell in puzzle.solution:
        if (cells, drops) == (bytes(state.cells), state.drops):
            return cell
        tapped = tap(puzzle.width, puzzle.height, cells, cell)
        cells, drops = tapped.cells, drops - 1 + tapped.refund
    return None


KIND: Kind[Params, Drops, State, int] = DropsKind()
