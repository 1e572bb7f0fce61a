"""Minesweeper: board geometry, rules, the no-guess solver and generator, notation, and the
kind. Every board clears by deduction alone from its first opening.

Imports nothing of the project outside ``puzzle`` (see DESIGN.md's layers).
"""

from kinds.mines.engine.generator import Layout, generate
from kinds.mines.engine.grade import GRADES, grade, level_of
from kinds.mines.engine.kind import GENERATOR, KIND, MinesKind
from kinds.mines.engine.notation import (
    Move,
    Params,
    format_move,
    format_params,
    parse_moves,
    parse_params,
)
from kinds.mines.engine.rules import Puzzle, State, make_puzzle, opening, play
from kinds.mines.engine.solver import Deduction, Solver, Step, deduce, solve

__all__ = [
    "GENERATOR",
    "GRADES",
    "KIND",
    "Deduction",
    "Layout",
    "MinesKind",
    "Move",
    "Params",
    "Puzzle",
    "Solver",
    "State",
    "Step",
    "deduce",
    "format_move",
    "format_params",
    "generate",
    "grade",
    "level_of",
    "make_puzzle",
    "opening",
    "parse_moves",
    "parse_params",
    "play",
    "solve",
]  # fmt: skip
