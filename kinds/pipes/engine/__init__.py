"""Pipes (Net / NetWalk): tiles, generator, checker, solver, notation, and the kind.

Imports nothing of the project but the shared core, ``puzzle`` (see DESIGN.md's layers).
"""

from kinds.pipes.engine.checker import Check, check, flow_layers
from kinds.pipes.engine.generator import Puzzle, from_code, generate, source_of
from kinds.pipes.engine.grade import GRADES, grade
from kinds.pipes.engine.kind import GENERATOR, KIND, PipesKind, State
from kinds.pipes.engine.notation import (
    Move,
    Params,
    cell_name,
    format_move,
    make_code,
    parse_cells,
    parse_code,
    parse_size,
)  # fmt: skip
from kinds.pipes.engine.solver import EASY, EDGES, HARD, NORMAL, Deduction, deduce, solve
from kinds.pipes.engine.tiles import (
    DOWN,
    GLYPHS,
    LEFT,
    RIGHT,
    UP,
    nearest_turns,
    orientations,
    rotate,
    shape,
    turns_between,
)  # fmt: skip
from puzzle.codes import normalize_seed
from puzzle.levels import LEVELS

__all__ = [
    "DOWN",
    "EASY",
    "EDGES",
    "GENERATOR",
    "GLYPHS",
    "GRADES",
    "HARD",
    "KIND",
    "LEFT",
    "LEVELS",
    "NORMAL",
    "RIGHT",
    "UP",
    "Check",
    "Deduction",
    "Move",
    "Params",
    "PipesKind",
    "Puzzle",
    "State",
    "cell_name",
    "check",
    "deduce",
    "flow_layers",
    "format_move",
    "from_code",
    "generate",
    "grade",
    "make_code",
    "nearest_turns",
    "normalize_seed",
    "orientations",
    "parse_cells",
    "parse_code",
    "parse_size",
    "rotate",
    "shape",
    "solve",
    "source_of",
    "turns_between",
]  # fmt: skip
