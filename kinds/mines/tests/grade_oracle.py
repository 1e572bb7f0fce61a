"""An oracle of Minesweeper difficulty, written from the rules apart from the engine's solver
and grader (it reads a board with the kind's ``load`` and nothing else of the engine).

It plays a board from its first opening as a careful player would, one *round* at a time,
each round at the lowest tier that decides anything:

1. one number alone: its closed neighbours are all safe, or all mines;
2. several numbers together: every way of placing mines that meets every open number is
   enumerated (each group of numbers linked by shared closed cells apart); a cell the same
   in all of them is decided;
3. the mine count too: the same, keeping only the placements whose mine total, with the
   cells no number touches, can be the count of mines left.

``oracle(made)`` = [tier 2 needed] + [tier 3 needed] + the share of the safe cells the first
opening leaves closed: 0–1 for a board single numbers clear, 1–2 for one that needs several
numbers together or the count, 2–3 for one that needs both; within each, the less the first
opening gives away, the higher. It is ``inf`` for a board deduction cannot clear (a guess).
The enumeration is exhaustive, so it is stronger than any set of pattern rules: it is meant
for the daily's size (9×9) and smaller.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from kinds.mines.engine import KIND
from puzzle.kind import Generated


@dataclass(frozen=True)
class Play:
    """How a board was cleared (or not): the tier of each round, the cells each round
    decided, and the share of the safe cells the first opening left closed."""

    tiers: tuple[int, ...]
    decided: tuple[int, ...]
    closed: float
    cleared: bool


def oracle(made: Generated) -> float:
    """The measure (see the module's docstring)."""
    play = replay(made)
    if not play.cleared:
        return float("inf")
    return (2 in play.tiers) + (3 in play.tiers) + play.closed


def replay(made: Generated) -> Play:
    """Play a stored board from its first opening, tier by tier."""
    puzzle = KIND.load(made)
    width, height, mines = puzzle.width, puzzle.height, set(puzzle.mines)
    near = {c: _around(width, height, c) for c in range(width * height)}
    number = {c: len(near[c] & mines) for c in near}
    opened = _open(puzzle.start, number, near, set())
    safe = width * height - len(mines)
    closed = 1 - len(opened) / safe
    flagged: set[int] = set()
    tiers: list[int] = []
    decided: list[int] = []
    while len(opened) < safe:
        for tier in (1, 2, 3):
            found = _decide(tier, opened, flagged, number, near, len(mines))
            if found:
                break
        else:
            return Play(tuple(tiers), tuple(decided), closed, False)
        tiers.append(tier)
        decided.append(len(found))
        for cell, mine in found.items():
            assert mine == (cell in mines), "the oracle decided a cell wrongly"
            if mine:
                flagged.add(cell)
            else:
                opened |= _open(cell, number, near, opened)
    return Play(tuple(tiers), tuple(decided), closed, True)


def _around(width: int, height: int, cell: int) -> set[int]:
    x, y = cell % width, cell // width
    return {
        (x + dx) + (y + dy) * width
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height
    }


def _open(
    cell: int, number: dict[int, int], near: dict[int, set[int]], opened: set[int]
) -> set[int]:
    """What clicking a safe cell opens: the cell, and from a zero its region and border."""
    result, queue = {cell}, [cell]
    while queue:
        current = queue.pop()
        if number[current] == 0:
            for j in near[current] - result - opened:
                result.add(j)
                queue.append(j)
    return result


Constraint = tuple[frozenset[int], int]


def _decide(
    tier: int,
    opened: set[int],
    flagged: set[int],
    number: dict[int, int],
    near: dict[int, set[int]],
    total: int,
) -> dict[int, bool]:
    """The cells one round at ``tier`` decides: {cell: is a mine}."""
    constraints: list[Constraint] = []
    for cell in opened:
        closed = near[cell] - opened - flagged
        if closed:
            constraints.append((frozenset(closed), number[cell] - len(near[cell] & flagged)))
    if tier == 1:
        found: dict[int, bool] = {}
        for closed, need in constraints:
            if need in (0, len(closed)):
                found.update(dict.fromkeys(closed, need > 0))
        return found
    groups = [_placements(group) for group in _groups(constraints)]
    if tier == 2:
        return {c: v for cells, seen in groups for c, v in _same(cells, seen.values()).items()}
    touched = {c for cells, _ in groups for c in cells}
    free = set(near) - opened - flagged - touched
    left = total - len(flagged)
    found = {}
    for k, (cells, seen) in enumerate(groups):
        others = _sums([set(g) for j, (_, g) in enumerate(groups) if j != k])
        fits = [
            placements
            for count, placements in seen.items()
            if any(0 <= left - count - s <= len(free) for s in others)
        ]
        found.update(_same(cells, fits))
    outside = {left - s for s in _sums([set(g) for _, g in groups])} & set(range(len(free) + 1))
    if free and outside in ({0}, {len(free)}):
        found.update(dict.fromkeys(free, outside != {0}))
    return found


def _groups(constraints: list[Constraint]) -> list[list[Constraint]]:
    """The constraints linked by shared cells, group by group."""
    groups: list[tuple[set[int], list[Constraint]]] = []
    for constraint in constraints:
        cells, members = set(constraint[0]), [constraint]
        for group in [g for g in groups if g[0] & cells]:
            groups.remove(group)
            cells |= group[0]
            members += group[1]
        groups.append((cells, members))
    return [members for _, members in groups]


def _placements(group: list[Constraint]) -> tuple[list[int], dict[int, list[set[int]]]]:
    """A group's cells, and every placement of mines on them that meets each of its
    constraints, by mine count: {count: [mines]}."""
    cells = sorted(set().union(*(c for c, _ in group)))
    by_count: dict[int, list[set[int]]] = {}
    for chosen in _walk(cells, group, 0, set(), {}):
        by_count.setdefault(len(chosen), []).append(chosen)
    return cells, by_count


def _walk(
    cells: list[int], group: list[Constraint], k: int, chosen: set[int], decided: dict[int, bool]
) -> Iterator[set[int]]:
    for closed, need in group:
        placed = sum(1 for c in closed if decided.get(c))
        free = sum(1 for c in closed if c not in decided)
        if placed > need or placed + free < need:
            return
    if k == len(cells):
        yield set(chosen)
        return
    cell = cells[k]
    for mine in (False, True):
        decided[cell] = mine
        if mine:
            chosen.add(cell)
        yield from _walk(cells, group, k + 1, chosen, decided)
        chosen.discard(cell)
    del decided[cell]


def _same(cells: list[int], options: Iterable[list[set[int]]]) -> dict[int, bool]:
    """The cells every placement in every list of ``options`` decides alike (none if there
    is no placement)."""
    seen: dict[int, set[bool]] = {c: set() for c in cells}
    for placements in options:
        for mines in placements:
            for c in cells:
                seen[c].add(c in mines)
    return {c: values.pop() for c, values in seen.items() if len(values) == 1}


def _sums(count_sets: list[set[int]]) -> set[int]:
    """Every total of one count from each set."""
    totals = {0}
    for counts in count_sets:
        totals = {t + c for t in totals for c in counts}
    return totals
