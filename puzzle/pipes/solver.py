"""Constraint-propagation solver with search.

Every cell keeps the set of orientations (masks) it may still take, as a 16-bit set
(bit ``m`` = mask ``m`` possible). Deductions, all sound for "solved" (every tile flooded, no
loop, which for tiles of a spanning tree also means no dangling pipe end):

* *Edges*: a side that every candidate opens (or closes) decides the edge between two cells;
  the neighbour's candidates must agree. Sides facing the border are closed.
* *Loops*: cells joined by open edges form components (union-find). An undecided edge inside
  one component must close.
* *Isolation*: a component that is not the whole board needs an undecided edge to grow
  through: with none left it is a contradiction, with exactly one left that edge must open.
  Each component keeps the count and the XOR of the ids of its undecided edges, so the one
  edge is found in O(1).
* *Whole-board sweep* when the above is stuck: a candidate is dropped if it would join two
  sides into the same component (a loop) or seal off a component smaller than the board.

``deduce`` stops there (the generator uses it: a board it fully decides has exactly one
solution); ``solve`` branches on the most constrained cell and enumerates solutions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .grid import grid
from .tiles import orientations


class _Contradiction(Exception):
    """The current candidates admit no solution."""


def _subsets(masks: Sequence[int]) -> list[int]:
    sets = []
    for pick in range(1, 1 << len(masks)):
        sets.append(sum(1 << masks[k] for k in range(len(masks)) if pick >> k & 1))
    return sets


# Tables over candidate sets. Candidates only ever shrink from one rotation orbit, so only
# subsets of orbits are filled in.
_ALL_OPEN = [0] * 65536  # sides open in every candidate
_ANY_OPEN = [0] * 65536  # sides open in some candidate
_MASKS: list[tuple[int, ...]] = [()] * 65536  # the candidates as masks
for _mask in range(16):
    for _set in _subsets(orientations(_mask)):
        _members = tuple(m for m in range(16) if _set >> m & 1)
        _MASKS[_set] = _members
        _ALL_OPEN[_set] = 15
        for _m in _members:
            _ALL_OPEN[_set] &= _m
            _ANY_OPEN[_set] |= _m
# Candidate sets that keep side ``d`` open / closed.
_KEEP_OPEN = tuple(sum(1 << m for m in range(16) if m >> d & 1) for d in range(4))
_KEEP_CLOSED = tuple(0xFFFF ^ keep for keep in _KEEP_OPEN)


@cache
def _edge_ids(width: int, height: int) -> tuple[tuple[int, int, int, int], ...]:
    """``ids[i][d]``: id of the edge on side ``d`` of cell ``i`` (right edge of i = 2i,
    lower edge of i = 2i + 1), or -1 at the border."""
    g = grid(width, height)
    ids = []
    for i, row in enumerate(g.neighbours):
        ids.append(
            (
                2 * (i - 1) if row[0] >= 0 else -1,
                2 * (i - width) + 1 if row[1] >= 0 else -1,
                2 * i if row[2] >= 0 else -1,
                2 * i + 1 if row[3] >= 0 else -1,
            )
        )
    return tuple(ids)


class _State:
    """Candidates, edge states and components of one (partial) solving attempt."""

    __slots__ = (
        "cand", "edge", "ex", "front", "height", "ids", "members", "n", "nb", "parent",
        "queue", "size", "steps", "sweeps", "width",
    )  # fmt: skip

    def __init__(self, width: int, height: int, tiles: Sequence[int]) -> None:
        g = grid(width, height)
        if len(tiles) != g.size:
            raise ValueError(f"expected {g.size} tiles for a {width}×{height} board")
        self.width, self.height, self.n = width, height, g.size
        self.nb = g.neighbours
        self.ids = _edge_ids(width, height)
        self.cand = []
        for tile, border in zip(tiles, g.border, strict=True):
            keep = sum(1 << m for m in orientations(tile & 15))
            for d in range(4):
                if border >> d & 1:
                    keep &= _KEEP_CLOSED[d]
            self.cand.append(keep)
        self.edge = bytearray(2 * self.n)  # 0 undecided, 1 open, 2 closed
        self.parent = list(range(self.n))
        self.size = [1] * self.n
        self.members = [[i] for i in range(self.n)]
        self.front = []  # undecided edges touching the component (internal ones twice)
        self.ex = []  # XOR of their ids
        for row in self.ids:
            self.front.append(sum(1 for e in row if e >= 0))
            x = 0
            for e in row:
                if e >= 0:
                    x ^= e
            self.ex.append(x)
        self.queue = list(range(self.n))
        self.sweeps = 0
        self.steps = 0

    def copy(self) -> _State:
        other = object.__new__(_State)
        for name in ("width", "height", "n", "nb", "ids", "steps", "sweeps"):
            setattr(other, name, getattr(self, name))
        other.cand = self.cand[:]
        other.edge = self.edge[:]
        other.parent = self.parent[:]
        other.size = self.size[:]
        other.front = self.front[:]
        other.ex = self.ex[:]
        # Every list is copied: a branch that extends one must not change another branch's.
        other.members = [m[:] for m in self.members]
        other.queue = self.queue[:]
        return other

    # -- components -------------------------------------------------------------------------

    def find(self, i: int) -> int:
        parent = self.parent
        while parent[i] != i:
            parent[i] = i = parent[parent[i]]
        return i

    def _restrict(self, i: int, keep: int) -> None:
        s = self.cand[i]
        new = s & keep
        if new != s:
            if not new:
                raise _Contradiction
            self.cand[i] = new
            self.queue.append(i)

    def _force_edge(self, e: int, open_: bool) -> None:
        i = e >> 1
        if e & 1:
            j, d = i + self.width, 3
        else:
            j, d = i + 1, 2
        if open_:
            self._restrict(i, _KEEP_OPEN[d])
            self._restrict(j, _KEEP_OPEN[d - 2])
        else:
            self._restrict(i, _KEEP_CLOSED[d])
            self._restrict(j, _KEEP_CLOSED[d - 2])

    def _isolation(self, r: int) -> None:
        if self.size[r] < self.n:
            if self.front[r] == 0:
                raise _Contradiction
            if self.front[r] == 1:
                self._force_edge(self.ex[r], True)

    def _decide(self, e: int, i: int, j: int, open_: bool) -> None:
        """Record edge ``e`` between cells ``i`` and ``j`` as open or closed."""
        self.edge[e] = 1 if open_ else 2
        ri, rj = self.find(i), self.find(j)
        front, ex = self.front, self.ex
        if not open_:
            front[ri] -= 1
            ex[ri] ^= e
            front[rj] -= 1
            ex[rj] ^= e
            self._isolation(ri)
            if rj != ri:
                self._isolation(rj)
            return
        if ri == rj:
            raise _Contradiction  # a loop
        if self.size[ri] < self.size[rj]:
            ri, rj = rj, ri
        small = self.members[rj]
        self.parent[rj] = ri
        self.size[ri] += self.size[rj]
        front[ri] += front[rj] - 2
        ex[ri] ^= ex[rj]
        self.members[ri].extend(small)
        self.members[rj] = []
        # Undecided edges between the two joined parts would now close a loop.
        edge, ids, nb, find = self.edge, self.ids, self.nb, self.find
        for c in small:
            for d in range(4):
                k = nb[c][d]
                if k >= 0 and not edge[ids[c][d]] and find(k) == ri:
                    self._force_edge(ids[c][d], False)
        self._isolation(ri)

    # -- propagation ------------------------------------------------------------------------

    def propagate(self) -> None:
        """Apply edge, loop and isolation deductions until nothing changes."""
        cand, edge, nb, ids, queue = self.cand, self.edge, self.nb, self.ids, self.queue
        while queue:
            self.steps += 1
            i = queue.pop()
            s = cand[i]
            if not s:
                raise _Contradiction
            all_open, any_open = _ALL_OPEN[s], _ANY_OPEN[s]
            row, row_ids = nb[i], ids[i]
            for d in range(4):
                e = row_ids[d]
                if e < 0 or edge[e]:
                    continue
                bit = 1 << d
                if all_open & bit:
                    keep, open_ = _KEEP_OPEN[d ^ 2], True
                elif not any_open & bit:
                    keep, open_ = _KEEP_CLOSED[d ^ 2], False
                else:
                    continue
                j = row[d]
                self._restrict(j, keep)
                self._decide(e, i, j, open_)

    def sweep(self) -> bool:
        """One whole-board pass of the loop/isolation test per candidate; True if it cut any."""
        self.sweeps += 1
        changed = False
        cand, edge, nb, ids, find = self.cand, self.edge, self.nb, self.ids, self.find
        front, size, n = self.front, self.size, self.n
        for i in range(n):
            s = cand[i]
            if not s & (s - 1):
                continue
            ri = find(i)
            undecided_sides = [
                (d, find(nb[i][d])) for d in range(4) if ids[i][d] >= 0 and not edge[ids[i][d]]
            ]
            keep = s
            self.steps += len(_MASKS[s])
            for m in _MASKS[s]:
                roots = {ri}
                total_front, total_size = front[ri], size[ri]
                for d, rj in undecided_sides:
                    if m >> d & 1:
                        if rj in roots:
                            keep &= ~(1 << m)  # two sides into one component: a loop
                            break
                        roots.add(rj)
                        total_front += front[rj]
                        total_size += size[rj]
                else:
                    for _d, rj in undecided_sides:
                        total_front -= 2 if rj in roots else 1
                    if total_front == 0 and total_size < n:
                        keep &= ~(1 << m)  # would seal off part of the board
            if keep != s:
                self._restrict(i, keep)
                self.propagate()
                changed = True
        return changed

    def run(self) -> None:
        """Propagate and sweep until neither makes progress."""
        self.propagate()
        while not self.done() and self.sweep():
            pass

    def done(self) -> bool:
        return all(not s & (s - 1) for s in self.cand)

    def tiles(self) -> tuple[int, ...]:
        return tuple(_MASKS[s][0] for s in self.cand)


@dataclass(frozen=True, slots=True)
class Deduction:
    """What deduction alone (no guessing) settles on a board."""

    #: Candidate orientations left per cell (a single mask when the cell is decided).
    candidates: tuple[tuple[int, ...], ...]
    #: Deduction steps taken: cells examined by propagation plus candidates tested by sweeps.
    steps: int
    #: Whole-board sweeps the solver needed: a measure of how much global reasoning it takes.
    sweeps: int

    @property
    def solved(self) -> bool:
        return all(len(c) == 1 for c in self.candidates)

    @property
    def undecided(self) -> list[int]:
        return [i for i, c in enumerate(self.candidates) if len(c) > 1]


def deduce(width: int, height: int, tiles: Sequence[int]) -> Deduction | None:
    """Everything deduction settles on the board; None if the tiles cannot be solved."""
    state = _State(width, height, tiles)
    try:
        state.run()
    except _Contradiction:
        return None
    return Deduction(tuple(_MASKS[s] for s in state.cand), state.steps, state.sweeps)


def solve(
    width: int,
    height: int,
    tiles: Sequence[int],
    source: tuple[int, int] | None = None,
    limit: int = 2,
) -> list[tuple[int, ...]]:
    """Up to ``limit`` distinct solutions (solved tile tuples); ``[]`` if there is none.

    The source does not change which boards are solutions (every tile must be flooded,
    wherever the water enters); it is accepted for symmetry with ``check``.
    """
    del source
    solutions: list[tuple[int, ...]] = []
    stack = [_State(width, height, tiles)]
    while stack and len(solutions) < limit:
        state = stack.pop()
        try:
            state.run()
        except _Contradiction:
            continue
        if state.done():
            solutions.append(state.tiles())
            continue
        # Branch on the undecided cell with the fewest candidates.
        best, best_count = -1, 5
        for i, s in enumerate(state.cand):
            count = len(_MASKS[s])
            if 1 < count < best_count:
                best, best_count = i, count
                if count == 2:
                    break
        for m in reversed(_MASKS[state.cand[best]]):
            child = state.copy()
            child.cand[best] = 1 << m
            child.queue.append(best)
            stack.append(child)
    return solutions
