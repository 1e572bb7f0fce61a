"""The Pipes solver: deduction as strong as Tatham's net solver, and search to count solutions.

Every cell keeps the set of orientations it may still take (``candidates``); every edge is
undecided, open or closed. The rules, all sound for "solved" (no loop, every tile on one
network — for the tiles of a spanning tree that also means no dangling pipe end):

1. *Edges* (level ``EASY``): a side every candidate opens (or closes) decides the edge, and the
   neighbour's candidates must agree; sides facing the border are closed.
2. *Loops* (``EASY``): cells joined by open edges form groups (union-find). A candidate that
   opens two undecided sides into one group closes a loop, and an undecided edge inside a
   group must close.
3. *Dead ends* (``NORMAL``, Tatham's rule): ``dead[4i + d]`` bounds how many tiles can be
   reached by leaving cell ``i`` through side ``d``. A candidate whose open sides all lead into
   dead ends that, with the tile itself, hold fewer tiles than the board is impossible; a
   candidate set whose sides but one lead into dead ends bounds that one side for the
   neighbour. A group with one undecided edge left must open it (a group with none, short
   of the whole board, is cut off: a contradiction at every level).
4. *Trials* (``HARD``): a candidate that, tried alone in its cell, leads the normal rules to a
   contradiction is dropped; trials go on until none drops a candidate. A player's one step
   of "what if this tile pointed there?", never a nested guess.

The solver is driven by a work list, never by sweeps over the board: a cell is examined again
when its candidates, a bound on one of its sides, or the group behind one of its sides
changes (on a merge the cells beside the smaller group are queued), so a run costs about the
number of facts it finds. Cheap work (edges) is done first; a cell's candidates are weighed
against loops and dead ends once the edges have nothing more to say. ``deduce`` returns what
the rules settle; ``solve`` branches on the most constrained cell to enumerate solutions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from kinds.pipes.engine.candidates import (
    INITIAL,
    KEEP_CLOSED,
    KEEP_OPEN,
    MASKS,
    ONLY,
    SETTLED,
    SIDES,
    edge_ids,
)
from kinds.pipes.engine.grid import grid

#: Rule tiers: edges only; edges and loops (the easy rules); all the rules above (the normal
#: ones, Tatham's); and those with trials (a candidate whose consequences under the normal
#: rules contradict themselves is dropped: one step of "what if", the hard tier).
EDGES, EASY, NORMAL, HARD = 0, 1, 2, 3


class _Contradiction(Exception):
    """The current candidates admit no solution."""


@cache
def _links(width: int, height: int, wrap: bool) -> tuple[tuple[tuple[int, int] | None, ...], ...]:
    """``links[i][d]``: (edge id, neighbour) beyond side ``d`` of cell ``i``, None at the border."""
    nb = grid(width, height, wrap).neighbours
    return tuple(
        tuple((e, row[d]) if e >= 0 else None for d, e in enumerate(ids))
        for row, ids in zip(nb, edge_ids(width, height, wrap), strict=True)
    )


class _Solver:
    """Candidates, edges, groups and dead-end bounds of one (partial) solving attempt."""

    __slots__ = (
        "bounded", "cand", "cuts", "dead", "edge", "ex", "front", "links", "members", "n", "parent",
        "pending", "placed", "queue", "queued", "rules", "size", "stale", "steps", "waiting",
    )  # fmt: skip

    def __init__(
        self, width: int, height: int, tiles: Sequence[int], wrap: bool, rules: int
    ) -> None:
        g = grid(width, height, wrap)
        if len(tiles) != g.size:
            raise ValueError(f"expected {g.size} tiles for a {width}×{height} board")
        n = self.n = g.size
        self.links = _links(width, height, wrap)
        self.rules = rules
        self.cand = [INITIAL[t & 15][b] for t, b in zip(tiles, g.border, strict=True)]
        if not all(self.cand):
            raise _Contradiction  # a tile that cannot turn away from the border
        self.edge = bytearray(2 * n)  # 0 undecided, 1 open, 2 closed
        self.parent = list(range(n))
        self.size = [1] * n
        # The cells of each group of two or more (a group of one is its root alone).
        self.members: list[list[int] | None] = [None] * n
        # Per group: how many undecided edges touch it (inner ones twice), and their ids' XOR.
        front, ex = _fronts(width, height, wrap)
        self.front, self.ex = list(front), list(ex)
        self.dead = [n + 1] * (4 * n)
        self.bounded = [0] * n  # the sides of each cell with a dead-end bound
        # Cells whose neighbourhood changed (a merged group beside them, a new bound) since
        # they were last examined: only those, and cells with bounds, are examined again.
        # At the start only an end tile has something to say: one tile lies beyond it.
        self.stale = bytearray(bytes(tiles).translate(_ENDS))
        # Work starts where there is some: settled sides (the border's, a cross's) and ends.
        self.queue = [i for i in range(n - 1, -1, -1) if SETTLED[self.cand[i]] or self.stale[i]]
        self.queued = bytearray(n)
        for i in self.queue:
            self.queued[i] = 1
        # Cells to examine once the cheap work (edges) is done, so that each is examined with
        # its candidates as few as the edges make them.
        self.pending: list[int] = []
        self.waiting = bytearray(n)
        self.placed = bytearray(n)  # decided cells whose edges are decided too
        self.steps = 0
        self.cuts = 0  # candidates removed by the dead-end rules

    def copy(self) -> _Solver:
        other = object.__new__(_Solver)
        for name in ("n", "links", "rules", "steps", "cuts"):
            setattr(other, name, getattr(self, name))
        for name in (
            "bounded", "cand", "dead", "edge", "ex", "front", "parent", "pending", "placed",
            "queue", "queued", "size", "stale", "waiting",
        ):  # fmt: skip
            setattr(other, name, getattr(self, name)[:])
        other.members = [m and m[:] for m in self.members]  # a branch must not extend another's
        return other

    # -- bookkeeping ---------------------------------------------------------------------------

    def find(self, i: int) -> int:
        parent = self.parent
        while parent[i] != i:
            parent[i] = i = parent[parent[i]]
        return i

    def _push(self, i: int) -> None:
        if not self.queued[i]:
            self.queued[i] = 1
            self.queue.append(i)

    def _restrict(self, i: int, keep: int) -> None:
        s = self.cand[i]
        new = s & keep
        if new != s:
            if not new:
                raise _Contradiction
            self.cand[i] = new
            self._push(i)

    def _force_edge(self, e: int, open_: bool) -> None:
        """Open or close edge ``e`` through the candidates of both its cells."""
        i, d = e >> 1, 2 + (e & 1)
        link = self.links[i][d]
        assert link is not None
        keep = KEEP_OPEN if open_ else KEEP_CLOSED
        self._restrict(i, keep[d])
        self._restrict(link[1], keep[d - 2])

    def _isolation(self, r: int) -> None:
        """A group (not the whole board) with no undecided edge left is cut off; with one
        left, it must open it."""
        if self.size[r] < self.n:
            if self.front[r] == 0:
                raise _Contradiction
            if self.front[r] == 1 and self.rules >= NORMAL:
                self.cuts += 1
                self._force_edge(self.ex[r], True)

    def _beside(self, small: list[int], root: int) -> None:
        """After the cells ``small`` joined the group ``root``: undecided edges between the
        two joined parts would close a loop, and cells beside the smaller part now see
        another group there, so they are examined again."""
        edge, links, parent, cand = self.edge, self.links, self.parent, self.cand
        stale, waiting, pending = self.stale, self.waiting, self.pending
        for c in small:
            for link in links[c]:
                if link and not edge[link[0]]:
                    k = r = link[1]
                    while parent[r] != r:
                        parent[r] = r = parent[parent[r]]
                    if r == root:
                        if self.rules >= EASY:
                            self._force_edge(link[0], False)
                    elif not waiting[k] and ONLY[cand[k]] < 0:
                        stale[k] = waiting[k] = 1
                        pending.append(k)

    # -- the rules -----------------------------------------------------------------------------

    def _examine(self, i: int, s: int) -> None:
        """Drop the candidates of cell ``i`` that close a loop or wall off a dead end, and
        pass dead-end bounds to its neighbours."""
        row, edge, find, parent, size = self.links[i], self.edge, self.find, self.parent, self.size
        n, dead, base = self.n, self.dead, 4 * i
        self.stale[i] = 0
        if self.rules < EASY:
            return
        # Sides whose undecided edges lead into one group: a candidate may open one of them.
        clashes = []
        seen: dict[int, int] = {}
        for d in range(4):
            link = row[d]
            if link and not edge[link[0]]:
                j = link[1]
                if parent[j] == j and size[j] == 1:
                    continue  # a group of one cell, beside this one only once
                r = find(j)
                if r in seen:
                    seen[r] |= 1 << d
                    clashes.append(seen[r])
                else:
                    seen[r] = 1 << d
        dead_ends = self.rules >= NORMAL
        bounded = self.bounded[i]
        keep = s
        bound = [0, 0, 0, 0]
        for m in MASKS[s]:
            if clashes and any(_TWO_OR_MORE[m & c] for c in clashes):
                keep ^= 1 << m
                continue
            free = m & ~bounded
            total = 1
            for d in SIDES[m & bounded]:
                total += dead[base + d]
            if not free:
                if total < n and dead_ends:  # all ways out are dead ends: a closed network
                    keep ^= 1 << m
                    self.cuts += 1
            elif free & (free - 1):
                for d in SIDES[free]:
                    bound[d] = n + 1
            else:
                d = ONLY[free]
                if bound[d] < total:
                    bound[d] = total
        if keep != s:
            self._restrict(i, keep)
        for d in range(4):
            b = bound[d]
            link = row[d]
            if 0 < b <= n and link and dead[4 * link[1] + (d ^ 2)] > b:
                self._bound(link[1], d ^ 2, b)

    def _bound(self, j: int, d: int, b: int) -> None:
        """At most ``b`` tiles lie beyond side ``d`` of cell ``j``."""
        k = 4 * j + d
        if self.dead[k] > b:
            self.dead[k] = b
            bounded = self.bounded[j] = self.bounded[j] | 1 << d
            m = ONLY[self.cand[j]]
            if m < 0:
                self._reexamine(j)
            elif not (self.placed[j] and _TWO_OR_MORE[m & ~bounded]):
                self._push(j)  # decided: pass the bound on, once one side is left unbounded

    def _reexamine(self, j: int) -> None:
        if ONLY[self.cand[j]] < 0 and not self.waiting[j]:
            self.waiting[j] = 1
            self.pending.append(j)

    def run(self) -> None:
        """Apply the rules until the work list is empty."""
        cand, edge, links, queue, queued = (
            self.cand, self.edge, self.links, self.queue, self.queued,
        )  # fmt: skip
        parent, front, ex, size, n = self.parent, self.front, self.ex, self.size, self.n
        members = self.members
        stale, bounded, dead = self.stale, self.bounded, self.dead
        pending, waiting, placed = self.pending, self.waiting, self.placed
        steps = 0
        try:
            while queue or pending:
                if not queue:
                    i = pending.pop()
                    waiting[i] = 0
                    if ONLY[cand[i]] < 0:
                        self._examine(i, cand[i])
                    continue
                i = queue.pop()
                queued[i] = 0
                steps += 1
                s = cand[i]
                m = ONLY[s]
                row = links[i]
                if m >= 0:
                    # Dead ends through a decided cell: with all its sides but one bounded,
                    # the neighbour beyond that one reaches at most those tiles and this one.
                    free = m & ~bounded[i]
                    if not _TWO_OR_MORE[free]:
                        total = 1
                        for d in SIDES[m ^ free]:
                            total += dead[4 * i + d]
                        if not free:
                            if total < n:
                                raise _Contradiction  # a closed network without the rest
                        else:
                            d = _BIT[free]
                            link = row[d]
                            if link and dead[4 * link[1] + (d ^ 2)] > total:
                                self._bound(link[1], d ^ 2, total)
                    if placed[i]:
                        continue  # its edges were all decided when it was
                    placed[i] = 1
                elif (stale[i] or bounded[i]) and not waiting[i]:
                    waiting[i] = 1
                    pending.append(i)
                for d, open_ in SETTLED[s]:
                    link = row[d]
                    if not link or edge[link[0]]:
                        continue
                    e, j = link
                    sj = cand[j]
                    new = sj & (KEEP_OPEN if open_ else KEEP_CLOSED)[d ^ 2]
                    if new != sj:
                        if not new:
                            raise _Contradiction
                        cand[j] = new
                        if not queued[j]:
                            queued[j] = 1
                            queue.append(j)
                    edge[e] = 1 if open_ else 2
                    ri = i
                    while parent[ri] != ri:
                        parent[ri] = ri = parent[parent[ri]]
                    rj = j
                    while parent[rj] != rj:
                        parent[rj] = rj = parent[parent[rj]]
                    if open_:
                        # Join the two groups, the smaller into the larger.
                        if ri == rj:
                            raise _Contradiction  # a loop
                        if size[ri] < size[rj]:
                            ri, rj = rj, ri
                        small = members[rj] or [rj]
                        # The smaller part's undecided edges besides e (often none).
                        others = front[rj] - 1
                        parent[rj] = ri
                        size[ri] += size[rj]
                        front[ri] += others - 1
                        ex[ri] ^= ex[rj]
                        big = members[ri]
                        if big is None:
                            members[ri] = [ri, *small]
                        else:
                            big.extend(small)
                        members[rj] = None
                        if others:
                            self._beside(small, ri)
                        if front[ri] < 2 and size[ri] < n:
                            self._isolation(ri)
                        continue
                    front[ri] -= 1
                    ex[ri] ^= e
                    front[rj] -= 1
                    ex[rj] ^= e
                    if front[ri] < 2 and size[ri] < n:
                        self._isolation(ri)
                    if rj != ri and front[rj] < 2 and size[rj] < n:
                        self._isolation(rj)
        finally:
            self.steps += steps

    def done(self) -> bool:
        return all(not s & (s - 1) for s in self.cand)

    def tiles(self) -> tuple[int, ...]:
        return tuple(MASKS[s][0] for s in self.cand)


@cache
def _fronts(width: int, height: int, wrap: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each cell's count of edges, and the XOR of their ids."""
    rows = _links(width, height, wrap)
    xors = []
    for row in rows:
        x = 0
        for link in row:
            if link:
                x ^= link[0]
        xors.append(x)
    return tuple(sum(1 for link in row if link) for row in rows), tuple(xors)


#: Maps a tile to 1 when it is an end (one open side), else 0 (for ``bytes.translate``).
_ENDS = bytes(m in (1, 2, 4, 8) for m in range(16)) + bytes(240)


#: ``_TWO_OR_MORE[x]``: x has two or more bits set; ``_BIT[x]``: the index of x's one bit.
_TWO_OR_MORE = tuple(bin(x).count("1") >= 2 for x in range(16))
_BIT = {1: 0, 2: 1, 4: 2, 8: 3}


@dataclass(frozen=True, slots=True)
class Deduction:
    """What deduction alone (no guessing) settles on a board."""

    #: Candidate orientations left per cell (a single mask when the cell is decided).
    candidates: tuple[tuple[int, ...], ...]
    #: Cells examined: a measure of the work the deduction took.
    steps: int
    #: Candidates the dead-end rules removed: how much of that deeper reasoning it took.
    cuts: int
    #: Candidates trials removed (the hard tier).
    trials: int = 0

    @property
    def solved(self) -> bool:
        return all(len(c) == 1 for c in self.candidates)

    @property
    def undecided(self) -> list[int]:
        return [i for i, c in enumerate(self.candidates) if len(c) > 1]


def deduce(
    width: int, height: int, tiles: Sequence[int], *, wrap: bool = False, level: int = NORMAL
) -> Deduction | None:
    """Everything the rules up to ``level`` settle on the board; None if it has no solution."""
    try:
        state = _Solver(width, height, tiles, wrap, level)
        state.run()
        trials = _trials(state) if level >= HARD else 0
    except _Contradiction:
        return None
    return Deduction(tuple(MASKS[s] for s in state.cand), state.steps, state.cuts, trials)


def _trials(state: _Solver) -> int:
    """Drop every candidate that, tried alone in its cell, leads the normal rules to a
    contradiction, until none does; the number dropped. Raises _Contradiction when the board
    has no solution."""
    dropped = 0
    progress = True
    while progress:
        progress = False
        for i, s in enumerate(state.cand):
            if ONLY[s] >= 0:
                continue
            for m in MASKS[s]:
                trial = state.copy()
                trial.cand[i] = 1 << m
                trial._push(i)
                try:
                    trial.run()
                except _Contradiction:
                    state._restrict(i, ~(1 << m))
                    state.run()
                    dropped += 1
                    progress = True
                    break
    return dropped


def solve(
    width: int,
    height: int,
    tiles: Sequence[int],
    source: tuple[int, int] | None = None,
    limit: int = 2,
    *,
    wrap: bool = False,
) -> list[tuple[int, ...]]:
    """Up to ``limit`` distinct solutions (solved tile tuples); ``[]`` if there is none.

    The source does not change which boards are solutions (every tile must be flooded,
    wherever the water enters); it is accepted for symmetry with ``check``.
    """
    del source
    solutions: list[tuple[int, ...]] = []
    try:
        stack = [_Solver(width, height, tiles, wrap, NORMAL)]
    except _Contradiction:
        return []
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
            count = len(MASKS[s])
            if 1 < count < best_count:
                best, best_count = i, count
                if count == 2:
                    break
        for m in reversed(MASKS[state.cand[best]]):
            child = state.copy()
            child.cand[best] = 1 << m
            child._push(best)
            stack.append(child)
    return solutions
