"""Ten Drops grades (issue 37): how hard a board is to clear at par, one number.

``grade = taps + WEIGHT × failing``:

- ``taps``, the planning a player needs: the taps of the optimal line (the exact search's,
  ``solver.solve``: the most drops left, then the fewest taps). A board cleared at par in
  2 or 3 taps is one good chain seen; 6 or more taps is a plan of preps and chains.
- ``failing``, how little the board forgives: the share of ``TAPPERS`` random tappers that
  do not clear it at all (each taps a cell holding drops, every one alike, until the board
  is clear or its drops are gone). Their draws come from ``puzzle.prng.Stream`` seeded with
  the board, so a board has one grade everywhere.

On 6×6 boards from the WeChat pool the two go together (random tappers fail 8–49% of the
boards cleared at par in 2–3 taps, 52–94% of those needing 6): the weight makes a share of
random tappers worth as much as a tap, about. Example: the seed's board, par 14 in 5 taps,
which 84% of random tappers fail, grades ``5 + 8 × 0.84 = 11.72``: hard.

``GRADES`` holds each level's half-open band; between them lie gaps no level keeps, so that
the levels stay apart by any measure that is near the grade (the tests' random tappers).
"""

from __future__ import annotations

from kinds.drops.engine.rules import tap
from puzzle.prng import Stream

#: Random tappers a grade plays (some 20 ms on 6×6).
TAPPERS = 200
#: What the share of random tappers that fail counts, in taps.
WEIGHT = 8
#: Each level's band of grades: ``[low, high)``.
GRADES = {"easy": (0.0, 5.5), "normal": (6.5, 9.5), "hard": (10.5, 30.0)}


def failing(width: int, height: int, cells: bytes, drops: int, tappers: int = TAPPERS) -> float:
    """The share of ``tappers`` random tappers that do not clear the board (see the module)."""
    rng = Stream(f"daily-pipes/drops/tappers/{width}x{height}/{drops}/{cells.hex()}")
    failed = 0
    for _ in range(tappers):
        board, left = cells, drops
        while left > 0 and any(board):
            full = [cell for cell, value in enumerate(board) if value]
            tapped = tap(width, height, board, full[rng.below(len(full))])
            board, left = tapped.cells, left - 1 + tapped.refund
        failed += any(board)
    return failed / tappers


def grade(taps: int, failed: float) -> float:
    """The grade of a board cleared at par in ``taps`` taps that ``failed`` (a share) of
    random tappers do not clear, rounded to hundredths."""
    return round(taps + WEIGHT * failed, 2)


def level(value: float) -> str:
    """The level whose band holds a grade, else the one whose band is nearest."""
    return min(GRADES, key=lambda name: distance(value, name))


def distance(value: float, name: str) -> float:
    """How far a grade lies outside a level's band (0 inside)."""
    low, high = GRADES[name]
    return max(low - value, value - high + 0.01, 0.0)
