"""The maze behind the kind interface (``puzzle.kind.Kind``); its texts are described in the
package's docstring (``kinds.maze.engine``)."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import replace

from kinds.maze.engine.generator import generate
from kinds.maze.engine.grade import GRADES
from kinds.maze.engine.notation import (
    DIRECTIONS,
    Move,
    Params,
    Run,
    format_move,
    format_params,
    parse_moves,
    parse_params,
)
from kinds.maze.engine.rules import Maze, State, descent, distances, make_maze, seen, walk
from puzzle.codes import normalize_seed
from puzzle.grid import beside, cell_name, decode_cells, encode_cells, parse_cell
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

#: Version of ``generate``; bump it whenever the same code would give another maze.
GENERATOR = "maze/3"
#: Generators whose mazes' difficulty was no grade (``maze/2``: the forks of the way out).
UNGRADED = ("maze/1", "maze/2")

_CELL = r"([A-Z]{1,2}[0-9]{1,2})"
_DESCRIPTION = re.compile(rf"([0-9]{{1,2}})x([0-9]{{1,2}});start={_CELL};exit={_CELL};([0-9a-f/]+)")
_STATE = re.compile(r"([0-9]{1,4}):([0-9]{1,7}):([0-9a-f]{1,400})")


def describe(maze: Maze) -> str:
    """The description: ``<W>x<H>;start=<cell>;exit=<cell>;<row 1>/<row 2>/…``, each row one
    hex digit per cell, its open sides."""
    w = maze.width
    rows = "/".join(
        "".join(f"{mask:x}" for mask in maze.cells[y * w : y * w + w]) for y in range(maze.height)
    )
    return f"{w}x{maze.height};start={maze.name(maze.start)};exit={maze.name(maze.exit)};{rows}"


def read(description: str, params: Params) -> Maze:
    """The maze of a description made for ``params``; ValueError unless its size is theirs,
    every open side is mirrored by the neighbour and none opens onto the border, every cell
    is reachable, and start and exit are two cells."""
    width, height = params.width, params.height
    match = _DESCRIPTION.fullmatch(description)
    if not match or (int(match[1]), int(match[2])) != (width, height):
        raise ValueError(f"a maze description does not fit {format_params(params)}")
    start, exit = (parse_cell(name, width, height) for name in (match[3], match[4]))
    rows = match[5].split("/")
    if [match[3], match[4]] != [cell_name(c % width, c // width) for c in (start, exit)]:
        raise ValueError("a maze's start and exit must be written as cells, like B3")
    if len(rows) != height or any(len(row) != width for row in rows) or start == exit:
        raise ValueError(f"a maze description does not fit {format_params(params)}")
    cells = [int(digit, 16) for row in rows for digit in row]
    nb = beside(width, height)
    for cell, mask in enumerate(cells):
        for d in range(4):
            there = nb[cell][d]
            if mask >> d & 1 and (there < 0 or not cells[there] >> (d ^ 2) & 1):
                name = cell_name(cell % width, cell // width)
                raise ValueError(f"a side of {name} opens onto the border or onto a wall")
    if min(distances(width, height, cells, start)) < 0:
        raise ValueError("a maze must connect every cell")
    return make_maze(width, height, cells, start, exit, params.level, params.algorithm)


def path_letters(maze: Maze) -> str:
    """The shortest path as the direction of every step: 'RRDL…' (one letter a cell)."""
    return "".join(
        DIRECTIONS[descent(maze.width, maze.height, maze.cells, maze.to_exit, cell)]
        for cell in maze.path[:-1]
    )


class MazeKind(TextParams[Params]):
    """A maze: walk from the start to the exit, in the fog from ``normal`` on."""

    name = "maze"
    title = "Maze"
    generator = GENERATOR
    presets: tuple[str, ...] = ("12x12", "8x8", "16x16", "20x20", "30x30", "40x40")
    default_daily = "15x15"
    daily_presets: tuple[str, ...] = (
        "15x15", "15x15 weekly", "10x10", "20x20", "30x30", "15x15h", "20x20h", "30x30h", "15x15e",
    )  # fmt: skip
    #: Steps, then time: finished games rank by fewer moves (the steps walked, hints' steps
    #: included), then time with the hint penalty; over a period, by the steps in all.
    scoring = Scoring(by="moves")
    #: Each level's band of grades (``grade``: a fog explorer's expected steps per cell).
    grades = GRADES
    notation = (parse_params, format_params)

    def generate(self, params: Params, seed: str) -> Generated:
        seed, text = normalize_seed(seed), format_params(params)
        maze, graded = generate(
            params.width, params.height, params.algorithm, params.level, f"{text}-{seed}"
        )
        return Generated(
            kind=self.name,
            params=text,
            seed=seed,
            width=maze.width,
            height=maze.height,
            description=describe(maze),
            solution=path_letters(maze),
            par=maze.par,
            difficulty=graded,
            generator=self.generator,
        )

    def load(self, stored: PuzzleText) -> Maze:
        """The maze of a stored description (the solution is not read), with the steps its
        grade expects in the fog where it was graded so."""
        maze = read(stored.description, parse_params(stored.params))
        graded = stored.generator not in UNGRADED and maze.fog
        expected = math.ceil(stored.difficulty * maze.width * maze.height) if graded else 0
        return replace(maze, code=f"{stored.params}-{stored.seed}", expected=expected)

    def label(self, puzzle: Maze) -> str:
        """'12×12 · normal', '20×20 · hard · Kruskal'."""
        parts = [f"{puzzle.width}×{puzzle.height}", puzzle.level]
        return " · ".join([*parts, "Kruskal"] if puzzle.algorithm == "kruskal" else parts)

    def par(self, puzzle: Maze) -> int:
        """The steps of the shortest way out."""
        return puzzle.par

    def initial_state(self, puzzle: Maze) -> State:
        return State(puzzle.start, frozenset({puzzle.start}))

    def parse_moves(self, puzzle: Maze, state: State, text: str) -> list[Move]:
        return parse_moves(text, puzzle.width, puzzle.height)

    def format_move(self, puzzle: Maze, move: Move) -> str:
        return format_move(move, puzzle.width)

    def apply(self, puzzle: Maze, state: State, moves: Sequence[Move]) -> Applied[State, Move]:
        """Runs and walks in order, all or nothing (MoveError); once one reaches the exit the
        rest are not played. A move counts the cells it passes; the marks are those cells in
        the order passed, the focus the player's cell; several moves leave the state after
        each as a trace."""
        if moves and state.player == puzzle.exit:
            raise MoveError("You are on the exit already: this maze is solved.")
        played: list[Move] = []
        passed: list[int] = []
        frames: list[State] = []
        for move in moves:
            if state.player == puzzle.exit:
                break
            state, cells = walk(puzzle, state, move)
            played.append(move)
            passed += cells
            frames.append(state)
        marks = Marks(tuple(passed), focus=state.player)
        trace = tuple(frames) if len(frames) > 1 else ()
        return Applied(state, tuple(played), len(passed), marks, trace)

    def progress(self, puzzle: Maze, state: State) -> float:
        """How much nearer the exit the player stands than the start was (never below 0)."""
        start = puzzle.to_exit[puzzle.start]
        return max(0.0, 1 - puzzle.to_exit[state.player] / start) if start else 1.0

    def status(self, puzzle: Maze, state: State) -> Status:
        """Solved on the exit. Details for pictures: ``player``, ``visited`` (the trail),
        ``seen`` (the cells out of the fog), ``steps``, and ``path`` (the shortest path from
        the start, once solved; empty before)."""
        solved = state.player == puzzle.exit
        # In the fog, a walk of at most the steps expected ranks as that many (see the help).
        ranks = max(state.steps, puzzle.expected) if solved and puzzle.expected else None
        details = {
            "player": state.player,
            "visited": state.visited,
            "seen": seen(puzzle, state.visited),
            "steps": state.steps,
            "path": puzzle.path if solved else (),
        }
        return Status("solved" if solved else "playing", details, points=ranks)

    def hint(self, puzzle: Maze, state: State) -> Move | str:
        """A run along a shortest path from the player's cell to the exit."""
        if state.player == puzzle.exit:
            return "No hint: you are on the exit."
        return Run(descent(puzzle.width, puzzle.height, puzzle.cells, puzzle.to_exit, state.player))

    def text_format(self, puzzle: Maze, state: State) -> str:
        """The walls (fog or not), ``S`` the start, ``E`` the exit, ``@`` the player,
        ``·`` the cells walked."""
        marks = {cell: "·" for cell in state.visited}
        marks |= {puzzle.start: "S", puzzle.exit: "E", state.player: "@"}
        glyphs = [marks.get(cell, "") for cell in range(puzzle.width * puzzle.height)]

        def wall(cell: int, side: int) -> bool:
            return not puzzle.cells[cell] >> side & 1

        legend = f"steps {state.steps}"
        return walled(puzzle.width, puzzle.height, glyphs, wall, legend)

    def encode_state(self, state: State) -> str:
        """``<player>:<steps>:<visited>``: the player's cell index, the steps walked, and the
        visited cells as hex, four cells a digit, row-major, the first in the high bit, up to
        the last one visited."""
        visited = encode_cells(max(state.visited) + 1, state.visited)
        return f"{state.player}:{state.steps}:{visited}"

    def decode_state(self, text: str) -> State:
        match = _STATE.fullmatch(text)
        if not match:
            raise ValueError("that is not a maze state")
        visited = decode_cells(4 * len(match[3]), match[3])
        if int(match[1]) not in visited:
            raise ValueError("a maze state's player stands on a cell not visited")
        return State(int(match[1]), visited, int(match[2]))


KIND: Kind[Params, Maze, State, Move] = MazeKind()
