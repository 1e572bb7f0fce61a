"""Pure Pipes engine: tiles, PRNG, generator, checker, solver and notation.

Imports nothing else of the project (see DESIGN.md's layers).
"""

from .checker import Check, check
from .generator import Puzzle, from_code, generate, source_of
from .notation import (
    Move,
    cell_name,
    make_code,
    normalize_seed,
    parse_cells,
    parse_code,
    parse_size,
)  # fmt: skip
from .solver import Deduction, deduce, solve
from .tiles import DOWN, GLYPHS, LEFT, RIGHT, UP, orientations, rotate, shape, turns_between

__all__ = [
    "DOWN", "GLYPHS", "LEFT", "RIGHT", "UP", "Check", "Deduction", "Move", "Puzzle",
    "cell_name", "check", "deduce", "from_code", "generate", "make_code", "normalize_seed",
    "orientations",
    "parse_cells", "parse_code", "parse_size", "rotate", "shape", "solve", "source_of",
    "turns_between",
]  # fmt: skip
