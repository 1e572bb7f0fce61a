"""How hard a Ten Drops board is, measured apart from the engine's grader and solver: with the
tests' own simulator of the rules (``dropskit``, splashes as objects) and their own random
draws.

``oracle(made)`` is the planning the board asks for plus how little it forgives: the taps of
the board's stored optimal line, replayed here to a clear with par drops left (the tests
check par against an exhaustive search of every line on small boards), plus 8 times the
share of ``PLAYS`` random tappers that do not clear the board (each taps a cell holding
drops, every one alike, until the board is clear or its drops are gone). Higher is harder.
"""

from __future__ import annotations

import random

from kinds.drops.engine import KIND
from kinds.drops.tests.dropskit import after_tap
from puzzle import Generated

PLAYS = 300


def play(cells: tuple[int, ...], width: int, drops: int, taps) -> int | None:
    """The drops left once ``taps`` clear the board, None if they do not."""
    for cell in taps:
        if not drops or not any(cells):
            return None
        cells, bursts = after_tap(cells, width, cell)
        drops += bursts // 3 - 1
    return None if any(cells) else drops


def misses(cells: tuple[int, ...], width: int, drops: int, plays: int = PLAYS) -> float:
    """The share of ``plays`` random tappers that do not clear the board."""
    draws = random.Random(f"oracle {width} {cells} {drops}")
    failed = 0
    for _ in range(plays):
        board, left = cells, drops
        while left and any(board):
            board, bursts = after_tap(
                board, width, draws.choice([c for c, v in enumerate(board) if v])
            )
            left += bursts // 3 - 1
        failed += any(board)
    return failed / plays


def oracle(made: Generated) -> float:
    """The taps of the stored optimal line plus 8 times the share of random tappers that fail
    (see the module)."""
    puzzle = KIND.load(made)
    taps = KIND.parse_moves(puzzle, KIND.initial_state(puzzle), made.solution)
    left = play(puzzle.cells, puzzle.width, puzzle.drops, taps)
    assert left == made.par, f"{made.code}: its line leaves {left}, not par {made.par}"
    return len(taps) + 8 * misses(puzzle.cells, puzzle.width, puzzle.drops)
