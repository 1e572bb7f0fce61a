"""The Minesweeper solver: what a player can deduce, without guessing, from what they see.

Knowledge is a grid: each cell unknown, a known mine, or open with its number. Every open
number gives a *set*: its unknown neighbours and how many mines they hold (the number less
the known mines around it). A set is a bitmask over the board (bit ``i`` is cell ``i``),
kept under an id with its mine count, and indexed by cell; a cell that becomes known
shrinks the masks that hold it in place. The rules, after Simon Tatham's ``mines.c``:

1. *One set*: a set holding no mine is all safe; one holding as many mines as cells, all
   mines.
2. *Two overlapping sets* A and B with a and b mines: if a − b equals |A∖B|, then A∖B is all
   mines and B∖A all safe (and the other way round); otherwise, if A ⊆ B, B∖A is a new set
   holding b − a mines.
3. *The mine count*, only when 1 and 2 are stuck: if no mine is left, the unknown cells are
   safe; and for every union of disjoint sets (when at most ``GLOBAL_SETS`` sets exist), if
   the mines left outside the union are none, or fill every unknown cell outside it, those
   cells are decided.

When as many mines are left as unknown cells, every safe cell is open: the game is won, and
those cells are its mines, decided by no rule.

Work-list driven, never sweeping the board, and cheap where rule 1 is enough (most boards,
and most of every board): each open number keeps *counts*, its unknown neighbours and the
mines among them, updated as its neighbours become known, and a number whose count is 0 or
all of them is queued and decided. Only when that is stuck are the sets built, from every
open number with unknown neighbours: a cell that becomes known shrinks the sets that hold it
(an open one adds its own set); a new or changed set is queued and compared with the sets
that overlap it. As soon as the counts let a number decide again, the sets are dropped
(what they derived is derived again if needed: the same rules reach the same cells). Only
rule 3, when everything else is stuck, looks at the whole board. A rule runs only when the
rules before it are stuck, so the rules a run used are what the board needs (its grade and
level: ``grade``); a solver may be held to the rules up to one.

A safe cell the solver decides is opened: it learns the cell's number from the mine layout
it was given, and never reads the layout otherwise (or, told not to reveal, it learns
nothing: what the open cells alone prove). ``Solver.shift`` lets the generator move mines
between unknown cells while the solver runs (Tatham's perturbation).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from kinds.mines.engine.grid import neighbours
from kinds.mines.engine.rules import Puzzle, opening

#: Knowledge of a cell that is not open: unknown, a mine, safe but closed (``reveal=False``).
UNKNOWN, MINE, SAFE = -2, -1, -3
#: Rule 3 tries unions of sets only while this few sets exist (2**n unions at most).
GLOBAL_SETS = 10


class Step(NamedTuple):
    """One decided cell, in the order the solver decided it (a tuple: made by the
    thousand)."""

    cell: int
    mine: bool
    #: The rule that decided it: 1 one set (a number alone), 2 two sets or a set they
    #: derived, 3 the mine count; 0 none (a mine left once every safe cell is open).
    rule: int


@dataclass(frozen=True, slots=True)
class Deduction:
    """What the solver decided from a visible state, in order."""

    steps: tuple[Step, ...]
    #: Every cell is decided: the board clears without a guess.
    cleared: bool

    @property
    def safe(self) -> frozenset[int]:
        return frozenset(s.cell for s in self.steps if not s.mine)

    @property
    def mines(self) -> frozenset[int]:
        return frozenset(s.cell for s in self.steps if s.mine)


@cache
def _bits(n: int) -> tuple[int, ...]:
    return tuple(1 << i for i in range(n))


class Solver:
    """The knowledge and sets of one solving run (see the module's docstring)."""

    __slots__ = (
        "bits",
        "by_cell",
        "count",
        "counted",
        "easy",
        "grid",
        "hard",
        "ids",
        "in_easy",
        "layout",
        "mines_known",
        "nb",
        "need",
        "next_id",
        "numbers",
        "pending",
        "queued",
        "ready",
        "reveal",
        "rules",
        "sets",
        "sets_on",
        "steps",
        "todo",
        "total",
        "unknown",
    )  # fmt: skip

    def __init__(
        self,
        width: int,
        height: int,
        total: int,
        layout: bytearray,
        opened: Iterable[int],
        rules: int = 3,
        reveal: bool = True,
        numbers: list[int] | None = None,
    ) -> None:
        """Knowledge of a board ``layout`` (1 = mine) holding ``total`` mines, with the
        ``opened`` cells open (in increasing order, whatever order they come in). It uses
        the rules up to ``rules``; with ``reveal`` false, a cell it decides safe stays
        closed and tells no number (what can be deduced from the open cells alone).
        ``numbers``, the layout's, if the caller has them (the solver keeps the list)."""
        n = width * height
        self.rules = rules
        self.reveal = reveal
        self.nb = nb = neighbours(width, height)
        self.bits = _bits(n)
        self.layout = layout
        #: The layout's numbers, read only when a cell opens.
        if numbers is None:
            numbers = [0] * n
            for cell in range(n):
                if layout[cell]:
                    for j in nb[cell]:
                        numbers[j] += 1
        self.numbers = numbers
        self.total = total
        self.grid = [UNKNOWN] * n
        self.unknown = n
        self.mines_known = 0
        #: The sets, by id (ids are never reused; dicts keep insertion order, so runs are
        #: reproducible): bitmask, mines, whether it was derived from two others; the id of
        #: each mask, and the ids of the sets holding each cell.
        self.sets: dict[int, int] = {}
        self.count: dict[int, int] = {}
        self.hard: dict[int, bool] = {}
        self.ids: dict[int, int] = {}
        self.by_cell: list[dict[int, None]] = []
        self.next_id = 0
        #: Sets that rule 1 decides, done first; then sets to compare with others (rule 2).
        self.ready: deque[int] = deque()
        self.todo: deque[int] = deque()
        self.queued: set[int] = set()
        #: Known cells whose news the sets have not heard yet.
        self.pending: deque[int] = deque()
        self.steps: list[Step] = []
        #: The counts, always kept (the sets are on only while they are stuck): per cell, the
        #: unknown neighbours of an open number (-1 for any other cell) and the mines among
        #: them; the numbers that rule 1 decides, in the order they became so (each once).
        self.counted = [-1] * n
        self.sets_on = False
        self.need = [0] * n
        self.easy: deque[int] = deque()
        self.in_easy = bytearray(n)
        self._start(sorted(set(opened)))

    def _start(self, opened: list[int]) -> None:
        """Open the cells opened at the start all at once, then take their counts (no mine
        is known yet)."""
        grid, numbers, layout = self.grid, self.numbers, self.layout
        for cell in opened:
            if layout[cell]:
                raise ValueError("an open cell cannot be a mine")
            grid[cell] = numbers[cell]
        self.unknown -= len(opened)
        counted, need, easy, in_easy, nb = self.counted, self.need, self.easy, self.in_easy, self.nb
        for cell in opened:
            unknown = 0
            for j in nb[cell]:
                if grid[j] == UNKNOWN:
                    unknown += 1
            value = grid[cell]
            counted[cell] = unknown
            need[cell] = value
            if unknown and (value == 0 or value == unknown):
                in_easy[cell] = 1
                easy.append(cell)

    # -- knowledge ---------------------------------------------------------------------

    def _open(self, cell: int) -> None:
        self.grid[cell] = self.numbers[cell]
        self.unknown -= 1
        self._learn(cell)

    def _learn(self, cell: int) -> None:
        """A cell just became known: its neighbours' counts change at once (and its own are
        taken, if it is open); the sets, if on, hear of it in turn."""
        counted = self.counted
        if self.sets_on:
            self.pending.append(cell)
        need, easy, in_easy, grid = self.need, self.easy, self.in_easy, self.grid
        value = grid[cell]
        mine = value == MINE
        unknown = 0
        for j in self.nb[cell]:
            left = counted[j]
            if left > 0:  # an open number with unknown neighbours: this was one
                left -= 1
                counted[j] = left
                if mine:
                    need[j] -= 1
                if left and not in_easy[j] and (need[j] == 0 or need[j] == left):
                    in_easy[j] = 1
                    easy.append(j)
            elif value >= 0:  # the cell's own counts (its neighbour j is not an open number)
                g = grid[j]
                if g == UNKNOWN:
                    unknown += 1
                elif g == MINE:
                    value -= 1
        if value >= 0:
            counted[cell] = unknown
            need[cell] = value
            if unknown and (value == 0 or value == unknown):
                in_easy[cell] = 1
                easy.append(cell)

    def _settle(self, cell: int) -> None:
        """Rule 1 on one number's counts."""
        self.in_easy[cell] = 0
        left = self.counted[cell]
        need = self.need[cell]
        if left and (need == 0 or need == left):
            grid = self.grid
            self._decide([j for j in self.nb[cell] if grid[j] == UNKNOWN], need > 0, 1)

    def _to_sets(self) -> None:
        """The counts are stuck: every open number with unknown neighbours becomes a set."""
        counted, need, grid, bits = self.counted, self.need, self.grid, self.bits
        self.sets_on = True
        self.by_cell = [{} for _ in grid]
        for cell, left in enumerate(counted):
            if left > 0:
                mask = 0
                for j in self.nb[cell]:
                    if grid[j] == UNKNOWN:
                        mask |= bits[j]
                self._add(mask, need[cell], False)

    def _to_counts(self) -> None:
        """A number decides by its counts again: the sets are dropped."""
        self.sets_on = False
        for store in (
            self.sets,
            self.count,
            self.hard,
            self.ids,
            self.ready,
            self.todo,
            self.queued,
            self.pending,
        ):
            store.clear()

    def _decide(self, cells: Iterable[int], mine: bool, rule: int) -> None:
        grid = self.grid
        for cell in cells:
            if grid[cell] != UNKNOWN:
                continue
            if not mine and self.layout[cell]:
                raise RuntimeError(f"the solver opened a mine at cell {cell}")
            if mine or not self.reveal:
                grid[cell] = MINE if mine else SAFE
                self.unknown -= 1
                self.mines_known += mine
                self._learn(cell)
            else:
                self._open(cell)
            self.steps.append(Step(cell, mine, rule))

    # -- sets ----------------------------------------------------------------------------

    def _add(self, mask: int, mines: int, hard: bool) -> None:
        known = self.ids.get(mask)
        if known is not None:
            if not hard:
                self.hard[known] = False
            return
        key = self.next_id
        self.next_id += 1
        self.sets[key] = mask
        self.count[key] = mines
        self.hard[key] = hard
        self.ids[mask] = key
        by_cell = self.by_cell
        for cell in _cells(mask):
            by_cell[cell][key] = None
        self._queue(key)

    def _queue(self, key: int) -> None:
        mines = self.count[key]
        if mines == 0 or mines == self.sets[key].bit_count():
            self.ready.append(key)
        elif key not in self.queued:
            self.queued.add(key)
            self.todo.append(key)

    def _drop(self, key: int, mask: int) -> None:
        """Forget a set, whose cells are now ``mask``."""
        del self.sets[key], self.count[key], self.hard[key]
        by_cell = self.by_cell
        for cell in _cells(mask):
            del by_cell[cell][key]

    def _known(self, cell: int) -> None:
        """Pass on the news of a known cell: its own set, and the sets that held it (each
        shrinks in place; one that empties or becomes another's twin is dropped)."""
        grid, bits = self.grid, self.bits
        value = grid[cell]
        if value >= 0:
            mines, mask = value, 0
            for j in self.nb[cell]:
                g = grid[j]
                if g == UNKNOWN:
                    mask |= bits[j]
                elif g == MINE:
                    mines -= 1
            if mask:
                self._add(mask, mines, False)
        holders = self.by_cell[cell]
        if not holders:
            return
        self.by_cell[cell] = {}
        bit, mine = bits[cell], value == MINE
        sets, ids, count, hard = self.sets, self.ids, self.count, self.hard
        for key in holders:
            old = sets[key]
            rest = old ^ bit
            del ids[old]
            count[key] -= mine
            twin = ids.get(rest)
            if twin is None and rest:
                sets[key] = rest
                ids[rest] = key
                self._queue(key)
            else:
                if twin is not None and not hard[key]:
                    hard[twin] = False
                self._drop(key, rest)

    def _examine(self, key: int) -> None:
        """Rules 1 and 2 for one set (rule 1 alone when it decides the set)."""
        sets, count = self.sets, self.count
        s, a = sets[key], count[key]
        if a == 0 or a == s.bit_count():
            self._decide(_cells(s), a > 0, 2 if self.hard[key] else 1)
            return
        if self.rules < 2:
            return
        by_cell = self.by_cell
        others: dict[int, None] = {}
        for cell in _cells(s):
            others.update(by_cell[cell])
        for other in others:
            if other == key or other not in sets:
                continue
            t, b = sets[other], count[other]
            s_wing, t_wing = s & ~t, t & ~s
            s_count, t_count = s_wing.bit_count(), t_wing.bit_count()
            if s_count == a - b or t_count == b - a:
                s_mines = s_count == a - b
                self._decide(_cells(s_wing), s_mines, 2)
                self._decide(_cells(t_wing), not s_mines, 2)
            elif not s_count:
                self._add(t_wing, b - a, True)
            elif not t_count:
                self._add(s_wing, a - b, True)

    def _won(self) -> bool:
        """Whether every safe cell is open while unknown cells are left: then those are the
        mines (decided by no rule)."""
        if not self.unknown or self.total - self.mines_known != self.unknown:
            return False
        self._decide([c for c, g in enumerate(self.grid) if g == UNKNOWN], True, 0)
        return True

    def _count(self) -> bool:
        """Rule 3; whether it decided anything."""
        if not self.unknown:
            return False
        left = self.total - self.mines_known
        grid = self.grid
        if left == 0:
            self._decide([c for c, g in enumerate(grid) if g == UNKNOWN], False, 3)
            return True
        if len(self.sets) > GLOBAL_SETS:
            return False
        sets = [(mask, self.count[key]) for key, mask in self.sets.items()]
        union = _union(sets, self.unknown, left)
        if union is None:
            return False
        mask, outside_mines = union
        bits = self.bits
        outside = [c for c, g in enumerate(grid) if g == UNKNOWN and not bits[c] & mask]
        self._decide(outside, outside_mines > 0, 3)
        return True

    # -- running -------------------------------------------------------------------------

    def run(self, until: Callable[[Step], bool] | None = None) -> bool:
        """Deduce until stuck (or until a step satisfies ``until``); whether every cell is
        decided."""
        steps, pending, ready, todo, easy = (
            self.steps, self.pending, self.ready, self.todo, self.easy,
        )  # fmt: skip
        checked = len(steps)
        while True:
            while pending:
                self._known(pending.popleft())
            if until is not None and len(steps) > checked:
                if any(until(step) for step in steps[checked:]):
                    return not self.unknown
                checked = len(steps)
            if not self.sets_on:
                if easy:
                    self._settle(easy.popleft())
                elif not self._won():
                    if not self.unknown:
                        return True
                    self._to_sets()
            elif easy:
                self._to_counts()
            elif ready:
                key = ready.popleft()
                if key in self.sets:
                    self._examine(key)
            elif todo:
                key = todo.popleft()
                self.queued.discard(key)
                if key in self.sets:
                    self._examine(key)
            elif not self._won() and (self.rules < 3 or not self._count()):
                return not self.unknown

    def undecided(self) -> list[tuple[int, ...]]:
        """The cells of every set, in the order the sets were made."""
        return [tuple(_cells(mask)) for mask in self.sets.values()]

    def shift(self, changes: Sequence[tuple[int, int]]) -> None:
        """The layout changed under the solver: unknown cells gained (+1) or lost (-1) a mine.
        Sets holding them are recounted and examined again."""
        if not self.sets_on:
            self._to_sets()
        grid, numbers, count = self.grid, self.numbers, self.count
        need, counted, easy, in_easy = self.need, self.counted, self.easy, self.in_easy
        for cell, delta in changes:
            if grid[cell] != UNKNOWN:
                raise ValueError("only unknown cells may change")
            self.layout[cell] = delta > 0
            for key in self.by_cell[cell]:
                count[key] += delta
                self._queue(key)
            for j in self.nb[cell]:
                numbers[j] += delta
                if grid[j] >= 0:
                    grid[j] += delta
                    need[j] += delta
                    left = counted[j]
                    if left and not in_easy[j] and (need[j] == 0 or need[j] == left):
                        in_easy[j] = 1
                        easy.append(j)


def _cells(mask: int) -> Iterator[int]:
    """The cells of a bitmask, in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _union(sets: Sequence[tuple[int, int]], unknown: int, left: int) -> tuple[int, int] | None:
    """A union of disjoint sets outside which the mines left decide every unknown cell (none
    left, or one per cell): (its mask, the mines outside it); None if no union does."""
    sizes = [mask.bit_count() for mask, _ in sets]
    stack: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]  # next set, mask, cells, mines
    while stack:
        k, mask, cells, mines = stack.pop()
        outside, outside_mines = unknown - cells, left - mines
        if mask and outside and outside_mines in (0, outside):
            return mask, outside_mines
        for j in range(k, len(sets)):
            other, count = sets[j]
            if not mask & other:
                stack.append((j + 1, mask | other, cells + sizes[j], mines + count))
    return None


def deduce(
    puzzle: Puzzle,
    opened: Iterable[int],
    until: Callable[[Step], bool] | None = None,
    reveal: bool = True,
) -> Deduction:
    """What the solver decides from a visible state: the ``opened`` cells (flags are the
    player's guesses and count for nothing). With ``until``, it stops at the first step
    that satisfies it; with ``reveal`` false, it opens nothing it decides (what can be
    deduced now)."""
    layout = bytearray(puzzle.width * puzzle.height)
    for mine in puzzle.mines:
        layout[mine] = 1
    solver = Solver(puzzle.width, puzzle.height, len(puzzle.mines), layout, opened, reveal=reveal)
    cleared = solver.run(until)
    return Deduction(tuple(solver.steps), cleared)


def solve(puzzle: Puzzle) -> bool:
    """Whether deduction alone, from the first opening, clears the board."""
    return deduce(puzzle, opening(puzzle)).cleared
