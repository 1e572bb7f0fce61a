"""The grade of a Minesweeper board: how hard clearing it from its first opening is, read off
the no-guess solver's proof (issue 37).

``grade = [two or more numbers together] + [the mine count] + ¾ · closed + ¼ · multi``

- the tiers the proof needed beyond single numbers: 1 for rule 2 (two or more numbers read
  together, or a set they derived), 1 for rule 3 (the count of mines left);
- ``closed``: the share of the safe cells the first opening leaves closed (how little it
  gives away);
- ``multi``: the share of the decided cells that needed more than one number (the steps at
  the higher tiers).

So 0–1 is a board single numbers clear, 1–2 one that needs either more, 2–3 one that needs
both; within each, the less the first opening gives and the more steps need the higher
tiers, the higher. A level is a band of it (``GRADES``): easy needs only single numbers,
normal more than that, hard two or more numbers together *and* the count.
"""

from __future__ import annotations

from collections.abc import Iterable

from kinds.mines.engine.rules import Puzzle, opening
from kinds.mines.engine.solver import Step, deduce
from puzzle.levels import LEVELS

#: Each level's half-open band of grades.
GRADES: dict[str, tuple[float, float]] = {
    "easy": (0.0, 1.0),
    "normal": (1.0, 2.0),
    "hard": (2.0, 3.0),
}


def grade(steps: Iterable[Step], opened: int, safe: int) -> float:
    """The grade of a proof (the solver's steps) from a first opening of ``opened`` cells,
    on a board of ``safe`` safe cells."""
    rules = [step.rule for step in steps if step.rule]
    needs = set(rules)
    multi = sum(rule > 1 for rule in rules) / len(rules) if rules else 0.0
    closed = 1 - opened / safe
    return round((2 in needs) + (3 in needs) + 0.75 * closed + 0.25 * multi, 3)


def level(value: float) -> str:
    """The level whose band holds a grade (the highest one it reaches)."""
    return next(name for name in reversed(LEVELS) if value >= GRADES[name][0])


def distance(value: float, name: str) -> float:
    """How far a grade lies from a level's band (0 inside it)."""
    low, high = GRADES[name]
    return max(low - value, value - high + 1e-9, 0.0)


def level_of(puzzle: Puzzle) -> str:
    """The level of a board by its grade from its first opening; "" if deduction does not
    clear it."""
    start = opening(puzzle)
    deduction = deduce(puzzle, start)
    if not deduction.cleared:
        return ""
    safe = puzzle.width * puzzle.height - len(puzzle.mines)
    return level(grade(deduction.steps, len(start), safe))
