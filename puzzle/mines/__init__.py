"""Minesweeper: board geometry, rules, the no-guess solver and generator, notation, and the
kind. Every board clears by deduction alone from its first opening.

Imports nothing of the project outside ``puzzle`` (see DESIGN.md's layers).
"""

from .generator import Layout, generate
from .kind import GENERATOR, KIND, MinesKind
from .notation import Move, Params, format_move, format_params, parse_moves, parse_params
from .rules import Puzzle, State, make_puzzle, opening, play
from .solver import Deduction, Solver, Step, deduce, level_of, solve

__all__ = [
    "GENERATOR",
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
    "level_of",
    "make_puzzle",
    "opening",
    "parse_moves",
    "parse_params",
    "play",
    "solve",
]  # fmt: skip
