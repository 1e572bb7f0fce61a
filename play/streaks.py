"""Streaks and their freezes, worked out from the puzzle dates a player solved on their day
(nothing of them is stored: the results are the record).

A streak counts consecutive puzzle dates solved while they ran. Every ``FREEZE_EVERY``-th
date solved so earns a freeze; a player holds ``FREEZES_HELD`` at most (one earned beyond is
lost). A date missed while a streak runs spends one freeze, automatically: the streak goes
on, the date adds nothing to its count. One freeze covers one date, so missed dates in a
row spend one each, in order, as they pass: two held cover two dates in a row, and a longer
gap spends every freeze held and still ends the streak (the freezes went as the dates
passed, before the next one ended it). Today, still running, is missed by nobody yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

#: Every this many dates solved on their day earn one freeze.
FREEZE_EVERY = 5
#: The most freezes a player holds.
FREEZES_HELD = 2


@dataclass(frozen=True, slots=True)
class Streak:
    """The current and longest streaks, the freezes held, the dates a freeze covered in the
    current streak (oldest first), and the last date a freeze covered at all."""

    current: int = 0
    longest: int = 0
    freezes: int = 0
    frozen: tuple[date, ...] = ()
    last_frozen: date | None = None


def streak(days: Iterable[date], today: date) -> Streak:
    """The streak of a player who solved ``days`` (puzzle dates, each while it ran), seen on
    ``today``: the dates between two solved ones are missed, and so are those after the last
    until yesterday."""
    solved = sorted(set(days))
    run = longest = held = 0
    frozen: list[date] = []
    last_frozen = None

    def miss(after: date, before: date) -> None:
        """Spend freezes on the dates strictly between ``after`` and ``before``; end the
        streak if they run out."""
        nonlocal run, held, last_frozen
        gap = (before - after).days - 1
        if gap <= 0:
            return
        covered = [after + timedelta(days=k) for k in range(1, min(gap, held) + 1)]
        held -= len(covered)
        frozen.extend(covered)
        last_frozen = covered[-1] if covered else last_frozen
        if gap > len(covered):
            run = 0
            frozen.clear()

    for number, day in enumerate(solved, 1):
        if number > 1:
            miss(solved[number - 2], day)
        run += 1
        longest = max(longest, run)
        if number % FREEZE_EVERY == 0:
            held = min(FREEZES_HELD, held + 1)
    if solved:
        miss(solved[-1], today)
    return Streak(run, longest, held, tuple(frozen), last_frozen)
