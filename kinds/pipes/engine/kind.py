"""Pipes behind the kind interface (``puzzle.kind.Kind``).

Texts: parameters ``8x8`` (``8x8e`` easy, ``8x8h`` hard, ``8x8w`` wrapping, ``8x8n`` may have
several solutions: see ``notation.format_params``); a description ``8x8:<one hex digit per
tile>`` (``8x8w:`` when wrapping; the scrambled board, row-major); a solution of hex digits;
a state of hex digits, then ``/`` and the locked cells' indices when any are locked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from functools import cached_property

from kinds.pipes.engine.checker import check, flow_layers
from kinds.pipes.engine.cli import PipesCommandLine
from kinds.pipes.engine.generator import Puzzle, generate, hardest, source_of
from kinds.pipes.engine.grade import GRADES
from kinds.pipes.engine.notation import (
    Move,
    Params,
    format_move,
    format_params,
    parse_cells,
    parse_params,
    parse_size,
)
from kinds.pipes.engine.textboard import render_text
from kinds.pipes.engine.tiles import nearest_turns, rotate
from kinds.pipes.engine.v1 import generate_v1, stored_par
from puzzle.codes import normalize_seed, quote
from puzzle.kind import Applied, Generated, Marks, MoveError, PuzzleText, Scoring, Status
from puzzle.levels import DAILY_LEVELS, WEEKLY, on_day, split_choice

#: Version of ``generate``; bump it whenever the same code would give another puzzle.
GENERATOR = "pipes/4"
#: The generator schema-1 codes were made with (see ``v1.py``).
LEGACY_GENERATOR = "pipes/1"


@dataclass(frozen=True, slots=True)
class State:
    """The tiles as they are now, and the cells the player locked."""

    tiles: tuple[int, ...]
    locked: frozenset[int] = frozenset()


def _hex(tiles: Sequence[int]) -> str:
    return "".join(f"{t:x}" for t in tiles)


def _tiles(text: str) -> tuple[int, ...]:
    return tuple(int(c, 16) for c in text)


def _size(params: Params) -> str:
    """The size part of a description: '8x8', or '8x8w' when the edges wrap."""
    return f"{params.width}x{params.height}{'w' if params.wrap else ''}"


class PipesKind:
    """Pipes (Net): turn tiles until every pipe carries water from the source, no loops."""

    name = "pipes"
    title = "Pipes"
    generator = GENERATOR
    presets: tuple[str, ...] = (
        "5x4", "5x5", "6x6", "8x8", "10x10", "12x12", "15x15", "20x20", "26x26",
    )  # fmt: skip
    default_daily = "8x8 normal"
    daily_presets: tuple[str, ...] = (
        "8x8 weekly", "6x6 weekly", "10x10 weekly", "12x12 weekly",
        "8x8 easy", "8x8 normal", "8x8 hard", "10x10 hard", "15x15 normal",
    )  # fmt: skip
    scoring = Scoring()
    #: Each level's band of grades (``engine/grade.py``).
    grades = GRADES

    def parse_params(self, text: str) -> Params:
        return parse_params(text)

    def format_params(self, params: Params) -> str:
        return format_params(params.width, params.height, params.unique, params.wrap, params.level)

    def size(self, params: Params) -> tuple[int, int]:
        return params.width, params.height

    def parse_daily(self, text: str) -> str:
        """A size and a level choice (``weekly`` when none is named): ``8x8 weekly``,
        ``10x10 hard``."""
        split = split_choice(text)
        level = (split[1] or WEEKLY) if split else ""
        if split is None or level not in DAILY_LEVELS:
            raise ValueError(
                f"{quote(text)} is not a daily Pipes choice: write a size and a level, like "
                "8x8 weekly or 10x10 hard (levels: weekly, easy, normal, hard)."
            )
        width, height = parse_size(split[0])
        return f"{width}x{height} {level}"

    def daily(self, choice: str, day: date) -> Params:
        """The size of the choice at the day's level, or the hardest below it its size can
        be (a ``5x4 weekly`` daily is normal at the weekend)."""
        size, _, level = self.parse_daily(choice).partition(" ")
        width, height = parse_size(size)
        return Params(width, height, level=hardest(width, height, False, on_day(level, day)))

    def generate(self, params: Params, seed: str) -> Generated:
        made = generate(
            params.width,
            params.height,
            normalize_seed(seed),
            unique=params.unique,
            wrap=params.wrap,
            level=params.level or "normal",
        )
        return self._generated(made, params, seed, self.generator)

    def generate_legacy(self, params: Params, seed: str) -> Generated:
        """The puzzle generator ``pipes/1`` made: what a schema-1 code stood for, with the par
        schema 1 stored (the upgrade checks it; ``load`` works out the true one)."""
        made = generate_v1(params.width, params.height, normalize_seed(seed), unique=params.unique)
        return replace(self._generated(made, params, seed, LEGACY_GENERATOR), par=stored_par(made))

    def _generated(self, made: Puzzle, params: Params, seed: str, generator: str) -> Generated:
        return Generated(
            kind=self.name,
            params=self.format_params(params),
            seed=normalize_seed(seed),
            width=made.width,
            height=made.height,
            description=f"{_size(params)}:{_hex(made.tiles)}",
            solution=_hex(made.solution),
            par=made.par,
            difficulty=made.difficulty,
            generator=generator,
        )

    def load(self, stored: PuzzleText) -> Puzzle:
        params = parse_params(stored.params)
        width, height = params.width, params.height
        size, _, tiles = stored.description.partition(":")
        if size != _size(params) or len(tiles) != width * height:
            raise ValueError(f"a Pipes description does not fit {stored.params}")
        solution = _tiles(stored.solution)
        if len(solution) != width * height:
            raise ValueError(f"a Pipes solution does not fit {stored.params}")
        return Puzzle(
            width=width,
            height=height,
            source=source_of(width, height),
            solution=solution,
            tiles=_tiles(tiles),
            code=f"{stored.params}-{stored.seed}",
            difficulty=stored.difficulty,
            unique=params.unique,
            wrap=params.wrap,
            level=params.level,
        )

    def par(self, puzzle: Puzzle) -> int:
        """The fewest quarter turns, either way, that solve it (a half turn counts two)."""
        return puzzle.par

    def label(self, puzzle: Puzzle) -> str:
        """The puzzle as people see it named: '8×8 · normal', '6×6 · hard · wrapping'."""
        parts = [puzzle.size, puzzle.level or "any solution"]
        return " · ".join([*parts, "wrapping"] if puzzle.wrap else parts)

    def initial_state(self, puzzle: Puzzle) -> State:
        return State(puzzle.tiles)

    def parse_moves(self, puzzle: Puzzle, state: State, text: str) -> list[Move]:
        return parse_cells(text, puzzle.width, puzzle.height)

    def format_move(self, puzzle: Puzzle, move: Move) -> str:
        return format_move(move)

    def apply(self, puzzle: Puzzle, state: State, moves: Sequence[Move]) -> Applied[State, Move]:
        """Turn or lock tiles, all or nothing; a locked tile does not turn (MoveError).
        Every move takes effect and counts its quarter turns (a lock counts none)."""
        tiles = list(state.tiles)
        locked = set(state.locked)
        for move in moves:
            if not (0 <= move.x < puzzle.width and 0 <= move.y < puzzle.height):
                raise MoveError(f"That tile is not on the {puzzle.size} board.")
            cell = move.y * puzzle.width + move.x
            if move.lock:
                locked ^= {cell}
            elif cell in locked:
                raise MoveError(f"{move.cell} is locked: unlock it first.", fix=f"{move.cell}lock")
            else:
                tiles[cell] = rotate(tiles[cell], move.turns)
        cells = tuple(move.y * puzzle.width + move.x for move in moves)
        return Applied(
            State(tuple(tiles), frozenset(locked)),
            tuple(moves),
            counted=sum(abs(move.turns) for move in moves),
            marks=Marks(cells, focus=cells[-1] if cells else None),
        )

    def progress(self, puzzle: Puzzle, state: State) -> float:
        """The share of tiles turned as in the solution (1 once solved, whichever way)."""
        if self.status(puzzle, state).outcome == "solved":
            return 1.0
        right = sum(a == b for a, b in zip(state.tiles, puzzle.solution, strict=True))
        return right / len(puzzle.solution)

    def status(self, puzzle: Puzzle, state: State) -> Status:
        result = check(puzzle.width, puzzle.height, state.tiles, puzzle.source, puzzle.wrap)
        return Status("solved" if result.solved else "playing", {"check": result})

    def hint(self, puzzle: Puzzle, state: State) -> Move | str:
        """Turn the wrong tile nearest the source (along the solution) right. Tiles the
        player locked are theirs to unlock: no hint when only those are wrong, nor on a
        solved board (a board with several solutions may be solved another way)."""
        if self.status(puzzle, state).outcome == "solved":
            return "No hint: the board is solved."
        layers = flow_layers(
            puzzle.width, puzzle.height, puzzle.solution, puzzle.source, puzzle.wrap
        )
        for layer in layers:
            for cell in layer:
                if state.tiles[cell] == puzzle.solution[cell] or cell in state.locked:
                    continue
                turns = nearest_turns(state.tiles[cell], puzzle.solution[cell]) or 0
                return Move(cell % puzzle.width, cell // puzzle.width, turns)
        return "No hint: every wrong tile is one you locked, so unlock them to get one."

    def text_format(self, puzzle: Puzzle, state: State) -> str:
        """The tiles with coordinates, and a legend: the source, tiles flooded, loop tiles,
        whether it is solved."""
        result = check(puzzle.width, puzzle.height, state.tiles, puzzle.source, puzzle.wrap)
        return render_text(puzzle.width, puzzle.height, state.tiles, puzzle.source, result)

    @cached_property
    def command_line(self) -> PipesCommandLine:
        """Pipes' own part of ``python -m puzzle`` (``engine/cli.py``)."""
        return PipesCommandLine(self.generator, LEGACY_GENERATOR, self.generate_legacy)

    def encode_state(self, state: State) -> str:
        if not state.locked:
            return _hex(state.tiles)
        return f"{_hex(state.tiles)}/{','.join(map(str, sorted(state.locked)))}"

    def decode_state(self, text: str) -> State:
        tiles, _, locked = text.partition("/")
        return State(_tiles(tiles), frozenset(int(c) for c in locked.split(",") if c))


KIND = PipesKind()
