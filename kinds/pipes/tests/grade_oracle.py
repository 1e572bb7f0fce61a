"""An oracle for the grade of a Pipes board, written apart from the engine's solver and grader.

It measures the reasoning a player needs, tier by tier, with the rules restated from the
puzzle (not from ``solver.py``) and applied naively: sweeps over every cell until nothing
changes, groups recomputed from scratch each sweep, candidate orientations kept as Python sets.

- *edges*: a side that every candidate of a cell opens (closes) is open (closed) for the
  neighbour too; nothing opens towards the border;
- *loops* (with edges: the easy tier): an undecided edge inside a group of joined tiles
  closes, and no candidate opens two undecided sides into one group;
- *normal*: a group short of the whole board with one undecided edge out opens it, and
  Tatham's dead ends: a bound on the tiles reachable through each side of each cell; a
  candidate whose open sides all lead into bounded dead ends holding, with it, fewer tiles
  than the board is impossible; when every candidate leaves one side unbounded, the largest
  total behind the others (plus the tile) bounds the neighbour's side facing it;
- *hard*: a candidate that, tried alone, leads the normal rules to a contradiction (an empty
  cell, a loop, a group cut off) is dropped, until none is.

``oracle(made)`` is the tier that solves the board (0 easy, 1 normal, 2 hard, 3 none) plus
the share of tiles the tier below leaves undecided, in hundredths, at most 0.99.
"""

from __future__ import annotations

from kinds.pipes.engine import KIND
from puzzle.kind import Generated

EDGES, EASY, NORMAL, HARD = 0, 1, 2, 3
Cands = list[set[int]]


class Contradiction(Exception):
    """No solution from here."""


def _turns(tile: int) -> set[int]:
    return {((tile << k) | (tile >> (4 - k))) & 15 for k in range(4)}


class Board:
    """A board's geometry: the neighbour beyond each side of each cell (None at the border)."""

    def __init__(self, width: int, height: int, wrap: bool) -> None:
        self.n = width * height
        self.beyond: list[list[int | None]] = []
        for i in range(self.n):
            x, y = i % width, i // width
            row: list[int | None] = []
            for dx, dy in ((-1, 0), (0, -1), (1, 0), (0, 1)):  # left, up, right, down
                nx, ny = x + dx, y + dy
                if wrap:
                    nx, ny = nx % width, ny % height
                row.append(ny * width + nx if 0 <= nx < width and 0 <= ny < height else None)
            self.beyond.append(row)

    def start(self, tiles: list[int]) -> Cands:
        return [
            {
                m
                for m in _turns(t)
                if all(m >> d & 1 == 0 or j is not None for d, j in enumerate(self.beyond[i]))
            }
            for i, t in enumerate(tiles)
        ]

    def edge(self, cands: Cands, i: int, d: int) -> str:
        """'open', 'closed' or '?' for side ``d`` of cell ``i``, from both cells' candidates."""
        j = self.beyond[i][d]
        if j is None:
            return "closed"
        mine = {m >> d & 1 for m in cands[i]}
        theirs = {m >> ((d + 2) % 4) & 1 for m in cands[j]}
        if 0 not in mine and 0 not in theirs:
            return "open"
        return "closed" if 1 not in mine or 1 not in theirs else "?"

    def groups(self, cands: Cands) -> list[int]:
        """Each cell's group label (cells joined by open edges); Contradiction on a loop."""
        label = list(range(self.n))

        def root(a: int) -> int:
            while label[a] != a:
                a = label[a]
            return a

        for i in range(self.n):
            for d in (2, 3):
                j = self.beyond[i][d]
                if j is not None and self.edge(cands, i, d) == "open":
                    a, b = root(i), root(j)
                    if a == b:
                        raise Contradiction
                    label[a] = b
        return [root(i) for i in range(self.n)]

    def sweep(self, cands: Cands, level: int) -> bool:
        """One pass of every rule up to ``level``; whether anything changed."""
        before = [set(c) for c in cands]
        beyond = self.beyond
        for i in range(self.n):  # edges
            for d in range(4):
                j = beyond[i][d]
                if j is None:
                    continue
                sides = {m >> d & 1 for m in cands[i]}
                if len(sides) == 1:
                    (bit,) = sides
                    cands[j] &= {m for m in cands[j] if m >> ((d + 2) % 4) & 1 == bit}
        self._check(cands)
        group = self.groups(cands)
        if level >= EASY:
            for i in range(self.n):  # loops
                undecided = [d for d in range(4) if self._undecided(cands, i, d)]
                beside = {d: group[j] for d, j in enumerate(beyond[i]) if j is not None}
                for d in undecided:
                    j = beyond[i][d]
                    assert j is not None
                    if group[j] == group[i]:
                        cands[i] = {m for m in cands[i] if not m >> d & 1}
                        cands[j] = {m for m in cands[j] if not m >> ((d + 2) % 4) & 1}
                for m in list(cands[i]):
                    into = [beside[d] for d in undecided if m >> d & 1]
                    if len(into) != len(set(into)):
                        cands[i].discard(m)
        if level >= NORMAL:
            self._isolation(cands, group)
            self._dead_ends(cands)
        self._check(cands)
        self._cut_off(cands)
        return cands != before

    def _undecided(self, cands: Cands, i: int, d: int) -> bool:
        return self.beyond[i][d] is not None and self.edge(cands, i, d) == "?"

    def _outs(self, cands: Cands, group: list[int]) -> dict[int, list[tuple[int, int]]]:
        """Each group's undecided edges to other groups, as (cell, side)."""
        outs: dict[int, list[tuple[int, int]]] = {g: [] for g in group}
        for i in range(self.n):
            for d in range(4):
                if self._undecided(cands, i, d):
                    outs[group[i]].append((i, d))
        return outs

    def _cut_off(self, cands: Cands) -> None:
        group = self.groups(cands)
        if len(set(group)) > 1 and any(not out for out in self._outs(cands, group).values()):
            raise Contradiction

    def _isolation(self, cands: Cands, group: list[int]) -> None:
        if len(set(group)) == 1:
            return
        for out in self._outs(cands, group).values():
            if len(out) == 1:
                ((i, d),) = out
                j = self.beyond[i][d]
                assert j is not None
                cands[i] = {m for m in cands[i] if m >> d & 1}
                cands[j] = {m for m in cands[j] if m >> ((d + 2) % 4) & 1}

    def _dead_ends(self, cands: Cands) -> None:
        """Tatham's bounds to a fixed point, dropping candidates walled into dead ends."""
        n, unbounded = self.n, self.n + 1
        dead = [[unbounded] * 4 for _ in range(self.n)]
        changed = True
        while changed:
            changed = False
            for i in range(self.n):
                bound = [0, 0, 0, 0]
                for m in list(cands[i]):
                    opened = [d for d in range(4) if m >> d & 1]
                    free = [d for d in opened if dead[i][d] > n]
                    total = 1 + sum(dead[i][d] for d in opened if dead[i][d] <= n)
                    if not free:
                        if total < n:
                            cands[i].discard(m)
                            changed = True
                    elif len(free) == 1:
                        bound[free[0]] = max(bound[free[0]], total)
                    else:
                        for d in free:
                            bound[d] = unbounded
                for d in range(4):
                    j = self.beyond[i][d]
                    back = (d + 2) % 4
                    if j is not None and 0 < bound[d] <= n and dead[j][back] > bound[d]:
                        dead[j][back] = bound[d]
                        changed = True
            self._check(cands)

    @staticmethod
    def _check(cands: Cands) -> None:
        if not all(cands):
            raise Contradiction

    def settle(self, cands: Cands, level: int) -> Cands:
        """The rules up to ``level`` until nothing changes (trials too at ``HARD``)."""
        cands = [set(c) for c in cands]
        while self.sweep(cands, min(level, NORMAL)):
            pass
        while level >= HARD and self._trial(cands):
            while self.sweep(cands, NORMAL):
                pass
        return cands

    def _trial(self, cands: Cands) -> bool:
        """Drop the first candidate that, tried alone, contradicts the normal rules."""
        for i, options in enumerate(cands):
            if len(options) < 2:
                continue
            for m in sorted(options):
                tried = [set(c) for c in cands]
                tried[i] = {m}
                try:
                    self.settle(tried, NORMAL)
                except Contradiction:
                    options.discard(m)
                    return True
        return False


def undecided(width: int, height: int, tiles: list[int], wrap: bool, level: int) -> int:
    """How many tiles the rules up to ``level`` leave undecided."""
    board = Board(width, height, wrap)
    return sum(len(c) > 1 for c in board.settle(board.start(tiles), level))


def oracle(made: Generated) -> float:
    """The tier that solves the board plus the share the tier below leaves (module doc)."""
    puzzle = KIND.load(made)
    width, height, tiles = puzzle.width, puzzle.height, list(puzzle.tiles)
    left = [undecided(width, height, tiles, puzzle.wrap, level) for level in range(HARD + 1)]
    tier = next((t for t in (EASY, NORMAL, HARD) if left[t] == 0), HARD + 1)
    hundredths = min(left[tier - 1] * 100 // (width * height), 99)
    return round(tier - 1 + hundredths / 100, 2)
