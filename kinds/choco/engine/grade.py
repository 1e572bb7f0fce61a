"""How hard a Double Choco board is for a person: a propagation solver with the deductions
a player makes without trying anything, in two tiers, and the grade it gives.

Every edge is a wall, open (both cells in one block) or not known yet. An open edge joins
two cells of one block: of one colour, one part; of two colours, the two halves; either
way, one size. Sizes spread through open edges from the numbers.

Tier 1, one glance: cells whose sizes differ are walled apart; a 1 is walled off from its
colour; no wall ends at an inner corner (a corner with one wall known and the others open
gets the last one as a wall, with none, open); a cell walled on all sides but one opens it;
two cells side by side in one block have no wall between them.

Tier 2, counting a part: a part whose size is known and reached is walled off from its
colour; two parts that would be too big together are walled apart; a part that can grow
through one edge only opens it; a part that can reach exactly as many cells as its size is
all those cells, every edge inside open.

The grade (``grade``, 0 to 20) is 10 times the share of the inner edges these deductions
leave undecided (what a player must get from the shapes, by trying, or by longer chains),
plus 10 times the scarcity of numbers (1 − numbers per cell / 0.3, at least 0).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kinds.choco.engine.grid import UNKNOWN, Grid, edges

#: An edge's state while solving.
WALL, OPEN = 1, 0
#: Each level's band of grades, ``[low, high)``.
GRADES: dict[str, tuple[float, float]] = {
    "easy": (0.0, 9.0),
    "normal": (14.6, 15.6),
    "hard": (15.6, 21.0),
}
#: Numbers per cell at which a board counts as fully numbered for the grade.
FULL = 0.3


@dataclass(frozen=True, slots=True)
class Deduced:
    """What the two tiers decide: the shares of inner edges decided by tier 1 alone and by
    both tiers, and the numbers per cell."""

    tier1: float
    both: float
    numbers: float

    @property
    def grade(self) -> float:
        """10 × the share left undecided plus 10 × the scarcity of numbers."""
        return round(10 * (1 - self.both) + 10 * max(0.0, 1 - self.numbers / FULL), 3)


def grade(grid: Grid) -> float:
    """The board's grade (``Deduced.grade``); each level's band is in ``GRADES``."""
    return deduce(grid).grade


def deduce(grid: Grid) -> Deduced:
    """Run tier 1 to its end, then both tiers to theirs."""
    solver = _Propagator(grid)
    solver.run(tiers=1)
    tier1 = solver.decided()
    solver.run(tiers=2)
    numbers = sum(c is not None for c in grid.clues) / grid.area
    return Deduced(tier1, solver.decided(), numbers)


class _Propagator:
    """The edges' states and the deductions over them."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.edges = edges(grid.width, grid.height)
        self.index = {e: i for i, e in enumerate(self.edges)}
        self.state: list[int | None] = [None] * len(self.edges)
        #: Each cell's neighbours with the index of the edge to them.
        self.adj = [
            [(o, self.index[(min(c, o), max(c, o))]) for o in grid.neighbours(c)]
            for c in range(grid.area)
        ]
        w = grid.width
        self.corners = [
            [self.index[(a, a + 1)], self.index[(a + w, a + w + 1)],
             self.index[(a, a + w)], self.index[(a + 1, a + w + 1)]]
            for a in (y * w + x for y in range(grid.height - 1) for x in range(w - 1))
        ]  # fmt: skip

    def decided(self) -> float:
        return sum(s is not None for s in self.state) / max(1, len(self.state))

    def decide(self, i: int, value: int) -> bool:
        if self.state[i] is None:
            self.state[i] = value
            return True
        return False

    def run(self, tiers: int) -> None:
        while self._tier1() or (tiers > 1 and self._tier2()):
            pass

    # -- groups ------------------------------------------------------------------------------

    def _groups(self, same_colour: bool) -> list[int]:
        """Each cell's group (the smallest cell in it) through open edges."""
        gray = self.grid.gray
        root = list(range(self.grid.area))

        def find(c: int) -> int:
            while root[c] != c:
                root[c] = root[root[c]]
                c = root[c]
            return c

        for i, (a, b) in enumerate(self.edges):
            if self.state[i] == OPEN and (not same_colour or gray[a] == gray[b]):
                ra, rb = find(a), find(b)
                root[max(ra, rb)] = min(ra, rb)
        return [find(c) for c in range(self.grid.area)]

    def _sizes(self, block: list[int]) -> list[int | None]:
        """Each cell's size where a number in its block (so far) gives it."""
        by_block: dict[int, int] = {}
        for cell, clue in enumerate(self.grid.clues):
            if clue is not None and clue != UNKNOWN:
                by_block[block[cell]] = clue
        return [by_block.get(block[c]) for c in range(self.grid.area)]

    # -- tier 1 ------------------------------------------------------------------------------

    def _tier1(self) -> bool:
        block = self._groups(same_colour=False)
        size = self._sizes(block)
        gray, changed = self.grid.gray, False
        for i, (a, b) in enumerate(self.edges):
            if self.state[i] is not None:
                continue
            if block[a] == block[b]:
                changed |= self.decide(i, OPEN)
            elif _apart(size[a], size[b], gray[a] == gray[b]):
                changed |= self.decide(i, WALL)
        for corner in self.corners:
            unknown = [i for i in corner if self.state[i] is None]
            if len(unknown) == 1:
                walls = sum(self.state[i] == WALL for i in corner)
                if walls <= 1:
                    changed |= self.decide(unknown[0], WALL if walls else OPEN)
        for near in self.adj:
            unknown = [i for _, i in near if self.state[i] is None]
            if len(unknown) == 1 and all(self.state[i] != OPEN for _, i in near):
                changed |= self.decide(unknown[0], OPEN)
        return changed

    # -- tier 2 ------------------------------------------------------------------------------

    def _tier2(self) -> bool:
        grid = self.grid
        part = self._groups(same_colour=True)
        size = self._sizes(self._groups(same_colour=False))
        members: dict[int, list[int]] = {}
        for cell in range(grid.area):
            members.setdefault(part[cell], []).append(cell)
        changed = False
        for root, cells in members.items():
            n = size[root]
            if n is None:
                continue
            exits = list(self._exits(cells, part))
            if len(cells) == n:
                for _, i in exits:
                    changed |= self.decide(i, WALL)
                continue
            for other, i in exits:
                if len(cells) + len(members[part[other]]) > n:
                    changed |= self.decide(i, WALL)
            exits = [(o, i) for o, i in self._exits(cells, part) if self.state[i] is None]
            if len(exits) == 1:
                return self.decide(exits[0][1], OPEN)  # parts change: start again
            reach = self._reach(cells, n, size)
            if len(reach) == n:
                inside = [
                    i for c in reach for o, i in self.adj[c]
                    if o in reach and grid.gray[o] == grid.gray[c] and self.state[i] is None
                ]  # fmt: skip
                for i in inside:
                    self.decide(i, OPEN)
                if inside:
                    return True
        return changed

    def _exits(self, cells: list[int], part: list[int]) -> Iterator[tuple[int, int]]:
        """The undecided edges from a part to cells of its colour outside it."""
        gray = self.grid.gray
        for c in cells:
            for o, i in self.adj[c]:
                if self.state[i] is None and gray[o] == gray[c] and part[o] != part[c]:
                    yield o, i

    def _reach(self, cells: list[int], n: int, size: list[int | None]) -> set[int]:
        """The cells of the part's colour it could still take: through edges not walled,
        over cells of no other size."""
        gray = self.grid.gray
        seen, todo = set(cells), list(cells)
        while todo:
            c = todo.pop()
            for o, i in self.adj[c]:
                if (
                    o not in seen
                    and self.state[i] != WALL
                    and gray[o] == gray[c]
                    and size[o] in (None, n)
                ):
                    seen.add(o)
                    todo.append(o)
        return seen


def _apart(one: int | None, two: int | None, same_colour: bool) -> bool:
    """Whether two cells of these sizes must be walled apart: sizes that differ, or a 1
    beside its own colour."""
    if one is not None and two is not None and one != two:
        return True
    return same_colour and 1 in (one, two)
