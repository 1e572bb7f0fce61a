"""An oracle for Double Choco's difficulty, written from the rules apart from the engine's
grader: how little the numbers say, the measure the issue compares with human-made puzzles.

``oracle(made)`` = (1 − numbers per cell / 0.3, at least 0) + the share of the solution's
blocks that hold no number. A fully numbered board scores 0; human-made puzzles (0.03–0.18
numbers per cell, a median of 56% unnumbered blocks) score about 0.5–1.5. The blocks are
read from the stored solution with the kind's ``load`` and the tests' own flood fill.
"""

from __future__ import annotations

from kinds.choco.engine import KIND
from kinds.choco.tests.chocokit import blocks_of
from puzzle.kind import Generated

#: Numbers per cell at which a board counts as fully numbered.
FULL = 0.3


def oracle(made: Generated) -> float:
    """Higher = harder: the numbers' scarcity plus the share of blocks with none."""
    puzzle = KIND.load(made)
    grid = puzzle.grid
    numbered = {c for c, clue in enumerate(grid.clues) if clue is not None}
    blocks = blocks_of(grid, puzzle.walls, range(grid.area))
    bare = sum(not numbered & set(block) for block in blocks) / len(blocks)
    return max(0.0, 1 - len(numbered) / grid.area / FULL) + bare
