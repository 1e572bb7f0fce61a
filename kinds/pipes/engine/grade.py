"""The grade of a Pipes board: how hard it is for a player, from the solver's rule tiers.

A player works through tiers of reasoning (``solver.py``): the *easy* rules (edges, no loop),
the *normal* ones (Tatham's dead ends, a group with one way out), and the *hard* one (trials:
"if this tile pointed there, the normal rules would contradict themselves"). The grade is
the tier a board needs, plus the share of its tiles that the tier below leaves undecided (what
the needed tier has to settle), in hundredths and below one:

- ``0.00–0.99`` **easy**: the easy rules solve it; the fraction is the share the edge rule
  alone leaves to the loop rule;
- ``1.00–1.99`` **normal**: the easy rules leave that share undecided, the normal ones solve it;
- ``2.00–2.99`` **hard**: the normal rules leave that share undecided, trials solve it;
- ``3.00–3.99``: trials leave that share: it needs a real guess, or has several solutions.

So ``1.40`` is a normal board on which the easy rules stall with 40% of the tiles undecided.
"""

from __future__ import annotations

from collections.abc import Sequence

from kinds.pipes.engine.solver import EASY, EDGES, HARD, NORMAL, deduce

#: The half-open band ``[low, high)`` of each level's grades.
GRADES: dict[str, tuple[float, float]] = {
    "easy": (0.0, 1.0),
    "normal": (1.0, 2.0),
    "hard": (2.0, 3.0),
}
#: The rule tier each level needs (a board of the level is solved by it, not by the one below).
TIERS = {"easy": EASY, "normal": NORMAL, "hard": HARD}


def grade(width: int, height: int, tiles: Sequence[int], wrap: bool = False) -> float:
    """The grade of a board (module docstring); ValueError when it has no solution."""
    left = None  # what the tier below the last one tried left undecided
    for tier in (EASY, NORMAL, HARD):
        deduction = deduce(width, height, tiles, wrap=wrap, level=tier)
        if deduction is None:
            raise ValueError("this Pipes board has no solution")
        if deduction.solved:
            break
        left = deduction
    else:
        tier = HARD + 1
    if left is None:
        left = deduce(width, height, tiles, wrap=wrap, level=EDGES)
        assert left is not None  # the edge rule finds no contradiction the others missed
    hundredths = min(len(left.undecided) * 100 // (width * height), 99)
    return round(tier - 1 + hundredths / 100, 2)
