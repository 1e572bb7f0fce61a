"""Double Choco behind the kind interface (``puzzle.kind.Kind``); its texts are described in
the package's docstring (``kinds.choco.engine``)."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from kinds.choco.engine.generator import generate
from kinds.choco.engine.grade import GRADES
from kinds.choco.engine.grid import UNKNOWN, Edge, Grid, decode, edges, encode
from kinds.choco.engine.lines import Pen, Run, after, ends
from kinds.choco.engine.notation import (
    Move,
    Params,
    format_move,
    format_params,
    parse_moves,
    parse_params,
)
from kinds.choco.engine.rules import breaches, walls_of
from kinds.choco.engine.solver import OutOfRounds, solutions
from puzzle.codes import normalize_seed
from puzzle.grid import OFFSETS, decode_cells, encode_cells
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
from puzzle.textboard import walled

#: Version of ``generate``; bump it whenever the same code would give another board.
GENERATOR = "choco/3"
#: Rounds of cuts the solver may use on a description stored without its solution.
LOAD_ROUNDS = 20_000
#: Where a description opens as a puzzle of its own.
PUZZLINK = "https://puzz.link/p?dbchoco/"

_STATE = re.compile(
    r"([0-9]{1,2})x([0-9]{1,2});walls=([0-9a-f]+)(?:;pen=([0-9]{1,3})([<>]))?(;checked)?"
)


@dataclass(frozen=True, slots=True)
class Choco:
    """A Double Choco board: its grid, its level, and the walls of its solution."""

    grid: Grid
    level: str
    walls: frozenset[Edge]

    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height

    @property
    def link(self) -> str:
        """The board on puzz.link."""
        return PUZZLINK + encode(self.grid)


@dataclass(frozen=True, slots=True)
class State:
    """The walls drawn, whether the last move was a check (its marks show until the next
    wall), and the pen: the last wall toggled and the end drawing goes on from (None before
    any)."""

    width: int
    height: int
    walls: frozenset[Edge]
    checked: bool = False
    pen: Pen | None = None


def walls_text(width: int, height: int, walls: Collection[Edge]) -> str:
    """Walls as hex, four edges a digit in pzprjs's border order (``grid.edges``)."""
    inner = edges(width, height)
    return encode_cells(len(inner), [i for i, e in enumerate(inner) if e in walls])


def read_walls(width: int, height: int, text: str) -> frozenset[Edge]:
    """``walls_text`` read back; ValueError if it does not fit the board."""
    inner = edges(width, height)
    return frozenset(inner[i] for i in decode_cells(len(inner), text))


class ChocoKind(TextParams[Params]):
    """Double Choco: wall the grid into blocks of two congruent halves."""

    name = "choco"
    title = "Double Choco"
    generator = GENERATOR
    presets: tuple[str, ...] = ("8x8", "8x8e", "8x8h", "6x6", "6x6e", "10x10", "10x10h")
    default_daily = "8x8"
    daily_presets: tuple[str, ...] = (
        "8x8", "8x8 weekly", "8x8e", "8x8h", "6x6", "10x10", "10x10h",
    )  # fmt: skip
    scoring = Scoring(by="time")
    notation = (parse_params, format_params)
    #: Each level's band of grades (``grade.GRADES``).
    grades = GRADES

    def generate(self, params: Params, seed: str) -> Generated:
        seed, text = normalize_seed(seed), format_params(params)
        made = generate(params.width, params.height, params.level, f"{text}-{seed}")
        grid = made.grid
        walls = walls_of(grid, made.block_of)
        return Generated(
            kind=self.name,
            params=text,
            seed=seed,
            width=params.width,
            height=params.height,
            description=encode(grid),
            solution=walls_text(grid.width, grid.height, walls),
            par=len(walls),
            difficulty=made.grade,
            generator=self.generator,
        )

    def load(self, stored: PuzzleText) -> Choco:
        """The board of a stored description (any puzz.link text of its size); its solution
        is the stored one if it is one, else the solver's (ValueError if it has none, or
        none is found within ``LOAD_ROUNDS``)."""
        params = parse_params(stored.params)
        grid = decode(stored.description)
        if (grid.width, grid.height) != (params.width, params.height):
            raise ValueError(f"a Double Choco description does not fit {format_params(params)}")
        try:
            walls = read_walls(grid.width, grid.height, stored.solution)
        except ValueError:
            walls = None
        if walls is None or breaches(grid, walls):
            try:
                found = solutions(grid, 1, LOAD_ROUNDS)
            except OutOfRounds:
                raise ValueError("this Double Choco puzzle is too hard to check here") from None
            if not found:
                raise ValueError("this Double Choco puzzle has no solution")
            walls = found[0]
        return Choco(grid, params.level, walls)

    def label(self, puzzle: Choco) -> str:
        """'8×8 · normal · 12 numbers'."""
        numbers = sum(clue is not None for clue in puzzle.grid.clues)
        noun = "number" if numbers == 1 else "numbers"
        return f"{puzzle.width}×{puzzle.height} · {puzzle.level} · {numbers} {noun}"

    def par(self, puzzle: Choco) -> int:
        """The walls of the solution: the fewest toggles from an empty board."""
        return len(puzzle.walls)

    def initial_state(self, puzzle: Choco) -> State:
        return State(puzzle.width, puzzle.height, frozenset())

    def parse_moves(self, puzzle: Choco, state: State, text: str) -> list[Move]:
        return parse_moves(text, puzzle.width, puzzle.height)

    def format_move(self, puzzle: Choco, move: Move) -> str:
        return format_move(move, puzzle.width)

    def apply(self, puzzle: Choco, state: State, moves: Sequence[Move]) -> Applied[State, Move]:
        """Walls toggled, runs and checks, in order; once the walls solve the board the rest
        are not played, and none is on a solved board (MoveError). A run toggles as one
        line: it draws the walls it lacks, or erases them all when it has them all, one by
        one as if typed so. Each wall toggled counts one and clears the last check's marks;
        a check counts none. The pen goes to the end of the line toggled (``lines.after``).
        Marks: the edges toggled; the focus is the cell named for the last (a run's cell on
        its side, a wall's first cell)."""
        if moves and not breaches(puzzle.grid, state.walls):
            raise MoveError("This board is solved already.")
        walls, checked, pen = set(state.walls), state.checked, state.pen
        played: list[Move] = []
        toggled: list[Edge] = []
        focus, solved = None, False
        for move in moves:
            played.append(move)
            if isinstance(move, str):  # the check
                checked = True
                continue
            line = move.edges if isinstance(move, Run) else (move,)
            named = move.cells if isinstance(move, Run) else (move[0],)
            for wall in [e for e in line if e not in walls] or line:
                walls ^= {wall}
                toggled.append(wall)
                focus = named[line.index(wall)]
                if solved := not breaches(puzzle.grid, walls):
                    break
            checked, pen = False, after(pen, line, state.width)
            if solved:
                break
        now = State(state.width, state.height, frozenset(walls), checked, pen)
        marks = Marks(edges=tuple(dict.fromkeys(toggled)), focus=focus)
        return Applied(now, tuple(played), len(toggled), marks)

    def progress(self, puzzle: Choco, state: State) -> float:
        """The solution's walls drawn, less the walls drawn wrong, as a share of the
        solution's (never below 0)."""
        right = len(state.walls & puzzle.walls) - len(state.walls - puzzle.walls)
        return max(0, right) / len(puzzle.walls) if puzzle.walls else 1.0

    def status(self, puzzle: Choco, state: State) -> Status:
        """Solved once no rule is broken (for a board with one solution: its walls exactly).
        Details for pictures: ``walls`` (drawn), ``checked``, ``breaches`` (``rules.Breaches``
        after a check, else None), ``pen`` (the corner drawing goes on from, or None)."""
        found = breaches(puzzle.grid, state.walls)
        details = {
            "walls": state.walls,
            "checked": state.checked,
            "breaches": found if state.checked else None,
            "pen": state.pen.end if state.pen else None,
        }
        return Status("playing" if found else "solved", details)

    def hint(self, puzzle: Choco, state: State) -> Move | str:
        """A wall of the solution the board gets wrong: one drawn that is not there first,
        then one missing, in pzprjs's border order."""
        if not breaches(puzzle.grid, state.walls):
            return "No hint: this board is solved."
        inner = edges(puzzle.width, puzzle.height)
        wrong = [e for e in inner if e in state.walls and e not in puzzle.walls]
        missing = [e for e in inner if e in puzzle.walls and e not in state.walls]
        return (wrong or missing)[0]

    def text_format(self, puzzle: Choco, state: State) -> str:
        """The walls drawn, gray cells filled with ``:``, numbers (``?`` one not given)."""
        grid = puzzle.grid
        glyphs = []
        for gray, clue in zip(grid.gray, grid.clues, strict=True):
            number = "" if clue is None else "?" if clue == UNKNOWN else str(clue)
            glyphs.append(f"{number:{':' if gray else ' '}^3}")

        def wall(cell: int, side: int) -> bool:
            dx, dy = OFFSETS[side]
            other = cell + dx + dy * grid.width
            return (min(cell, other), max(cell, other)) in state.walls

        return walled(grid.width, grid.height, glyphs, wall, f"walls {len(state.walls)}")

    def encode_state(self, state: State) -> str:
        """``<W>x<H>;walls=<hex>`` (``walls_text``), then ``;pen=<i>>`` once a wall is
        toggled (the last wall's index in ``edges``; ``>`` its high end, ``<`` its low end),
        then ``;checked`` after a check."""
        width, height, pen = state.width, state.height, state.pen
        text = f"{width}x{height};walls={walls_text(width, height, state.walls)}"
        if pen is not None:
            end = ">" if pen.end == ends(pen.wall, width)[1] else "<"
            text += f";pen={edges(width, height).index(pen.wall)}{end}"
        return text + ";checked" * state.checked

    def decode_state(self, text: str) -> State:
        match = _STATE.fullmatch(text)
        if not match:
            raise ValueError("that is not a Double Choco state")
        width, height = int(match[1]), int(match[2])
        pen = None
        if match[4] is not None:
            inner = edges(width, height)
            if int(match[4]) >= len(inner):
                raise ValueError("that is not a Double Choco state")
            wall = inner[int(match[4])]
            pen = Pen(wall, ends(wall, width)[match[5] == ">"])
        walls = read_walls(width, height, match[3])
        return State(width, height, walls, bool(match[6]), pen)


KIND: Kind[Params, Choco, State, Move] = ChocoKind()
