"""Lights Out, the template kind's engine: press a cell to toggle it and its orthogonal
neighbours until every light is off. It imports the shared core (``puzzle``) alone, as every
kind's engine does, and is pure: no I/O, no global state, every draw from the random source
the core seeds with the puzzle code (``puzzle.prng.Stream``).

Texts: parameters ``WxH`` (3 to 6 cells a side); a description ``5x5:<one 0/1 digit per cell,
row-major>`` (1: lit); a solution: the cells of one shortest solution (``A1 C2``); a state:
the lights as 0/1 digits. Moves are cells, ``B3`` (column letter, row number, A1 top-left).
``KIND`` is the engine behind ``puzzle.kind.Kind``; the registry lists it by that name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from puzzle import grid
from puzzle.codes import normalize_seed
from puzzle.kind import (
    Applied,
    Generated,
    Kind,
    Marks,
    MoveError,
    PuzzleText,
    Scoring,
    Status,
    TextParams,
)
from puzzle.prng import Stream

#: The generator's name, stored with every puzzle it makes: a new generator is a new name.
GENERATOR = "lights/1"
MIN_SIDE, MAX_SIDE = 3, 6

State = tuple[int, ...]  # one 0/1 light per cell, row-major


@dataclass(frozen=True, slots=True)
class Params:
    width: int
    height: int


@dataclass(frozen=True, slots=True)
class Puzzle:
    width: int
    height: int
    lights: State


def cell_name(width: int, cell: int) -> str:
    """The name of a cell of a board ``width`` wide, as people type it: 'B3'."""
    return grid.cell_name(cell % width, cell // width)


def parse_params(text: str) -> Params:
    """'5x5' (or '5'): the board's size, each side from ``MIN_SIDE`` to ``MAX_SIDE``."""
    return Params(*grid.parse_size(text, MIN_SIDE, MAX_SIDE))


def format_params(params: Params) -> str:
    return f"{params.width}x{params.height}"


def press(width: int, height: int, lights: Sequence[int], cell: int) -> State:
    """The lights after pressing ``cell``: it and its orthogonal neighbours toggle."""
    x, y, out = cell % width, cell // width, list(lights)
    for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= x + dx < width and 0 <= y + dy < height:
            out[(y + dy) * width + x + dx] ^= 1
    return tuple(out)


def solve(width: int, height: int, lights: Sequence[int]) -> tuple[int, ...] | None:
    """The cells of a shortest solution (pressing each once turns every light off), or None.

    Over GF(2), pressing is a symmetric linear map: row ``j`` of the system (bitmasks, the
    right-hand side in bit ``n``) is the press of ``j`` itself. Gauss-Jordan elimination gives
    one solution and a basis of the null space; the shortest solution is the lightest of the
    2^nullity combinations (at most 2^8 on these boards)."""
    n = width * height
    dark = [0] * n
    rows = [
        sum(on << i for i, on in enumerate(press(width, height, dark, j))) | lights[j] << n
        for j in range(n)
    ]
    pivots: list[int] = []
    for col in range(n):
        r = len(pivots)
        found = next((k for k in range(r, n) if rows[k] >> col & 1), None)
        if found is None:
            continue
        rows[r], rows[found] = rows[found], rows[r]
        rows = [row ^ rows[r] if k != r and row >> col & 1 else row for k, row in enumerate(rows)]
        pivots.append(col)
    if any(row >> n & 1 for row in rows[len(pivots) :]):
        return None  # a row says 0 = 1
    solution = sum((rows[k] >> n & 1) << col for k, col in enumerate(pivots))
    basis = [
        1 << f | sum((rows[k] >> f & 1) << col for k, col in enumerate(pivots))
        for f in range(n) if f not in pivots
    ]  # fmt: skip
    candidates = [solution]
    for vector in basis:
        candidates += [c ^ vector for c in candidates]
    best = min(candidates, key=lambda c: (c.bit_count(), c))
    return tuple(c for c in range(n) if best >> c & 1)


class LightsKind(TextParams[Params]):
    """Lights Out: turn every light off; pressing a cell toggles it and its neighbours."""

    name = "lights"
    title = "Lights Out"
    generator = GENERATOR
    presets: tuple[str, ...] = ("5x5", "3x3", "4x4", "6x6")
    default_daily = "5x5"
    daily_presets: tuple[str, ...] = ("5x5", "4x4", "6x6")
    scoring = Scoring()
    #: How its parameters are read and written (the rest of ``TextParams``: the same board
    #: every day).
    notation = (parse_params, format_params)

    def generate(self, params: Params, seed: str) -> Generated:
        """Press random cells of a dark board (so it is solvable) until some light is on."""
        seed, text = normalize_seed(seed), self.format_params(params)
        width, height = params.width, params.height
        rng = Stream(f"daily-pipes/{GENERATOR}/{text}-{seed}")
        lights: State = (0,) * (width * height)
        while not any(lights):
            for cell in range(width * height):
                if rng.draw() < 0.5:
                    lights = press(width, height, lights, cell)
        solution = solve(width, height, lights) or ()
        return Generated(
            kind=self.name, params=text, seed=seed, width=width, height=height,
            description=f"{text}:{self.encode_state(lights)}",
            solution=" ".join(cell_name(width, c) for c in solution),
            par=len(solution), difficulty=len(solution) / (width * height),
            generator=self.generator,
        )  # fmt: skip

    def load(self, stored: PuzzleText) -> Puzzle:
        params = self.parse_params(stored.params)
        size, _, digits = stored.description.partition(":")
        width, height = params.width, params.height
        if size != self.format_params(params) or len(digits) != width * height:
            raise ValueError(f"a Lights Out description does not fit {stored.params}")
        lights = self.decode_state(digits)
        if not any(lights) or solve(width, height, lights) is None:
            raise ValueError("a Lights Out board must have lights on that can all be turned off")
        return Puzzle(width, height, lights)

    def par(self, puzzle: Puzzle) -> int:
        return len(solve(puzzle.width, puzzle.height, puzzle.lights) or ())

    def label(self, puzzle: Puzzle) -> str:
        return f"{puzzle.width}×{puzzle.height}"

    def initial_state(self, puzzle: Puzzle) -> State:
        return puzzle.lights

    def parse_moves(self, puzzle: Puzzle, state: State, text: str) -> list[int]:
        words = [w for w in re.split(r"[\s,;]+", text or "") if w]
        if not words:
            raise ValueError("Name at least one cell to press, like B3.")
        return [grid.parse_cell(word, puzzle.width, puzzle.height) for word in words]

    def format_move(self, puzzle: Puzzle, move: int) -> str:
        return cell_name(puzzle.width, move)

    def apply(self, puzzle: Puzzle, state: State, moves: Sequence[int]) -> Applied[State, int]:
        """Press cells in order, all or nothing: no press once every light is off. Several
        presses leave the lights after each as a trace to animate."""
        states = []
        for move in moves:
            if not 0 <= move < puzzle.width * puzzle.height:
                raise MoveError("That cell is not on the board.")
            if not any(state):
                raise MoveError("Every light is off already: this game is solved.")
            state = press(puzzle.width, puzzle.height, state, move)
            states.append(state)
        focus = moves[-1] if moves else None
        trace = tuple(states) if len(states) > 1 else ()
        return Applied(state, tuple(moves), len(moves), Marks(tuple(moves), focus=focus), trace)

    def progress(self, puzzle: Puzzle, state: State) -> float:
        """The share of the lights lit at the start now off (never below 0)."""
        lit = sum(puzzle.lights)
        return max(0.0, 1 - sum(state) / lit) if lit else 1.0

    def status(self, puzzle: Puzzle, state: State) -> Status:
        return Status("playing" if any(state) else "solved", {"lit": sum(state)})

    def hint(self, puzzle: Puzzle, state: State) -> int | str:
        if not any(state):
            return "No hint: every light is off already."
        solution = solve(puzzle.width, puzzle.height, state)
        return solution[0] if solution else "No hint: these lights cannot all be turned off."

    def encode_state(self, state: State) -> str:
        return "".join(map(str, state))

    def decode_state(self, text: str) -> State:
        if not re.fullmatch(r"[01]*", text):
            raise ValueError("that is not a Lights Out state")
        return tuple(map(int, text))


KIND: Kind[Params, Puzzle, State, int] = LightsKind()
