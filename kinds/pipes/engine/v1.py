"""Generator ``pipes/1``, frozen: schema 1 stored only codes, and the upgrade to schema 2
regenerates their puzzles with exactly this code. Do not change it; newer generators live in
``generator.py``.

Randomized Prim with the T-cap from the centre (``generator.py`` explains why it spans the
board), made unique by Tatham's perturbation until a propagation solver with whole-board
sweeps decides every tile, then scrambled.
"""

from __future__ import annotations

from collections.abc import Sequence

from kinds.pipes.engine.candidates import (
    ALL_OPEN,
    ANY_OPEN,
    INITIAL,
    KEEP_CLOSED,
    KEEP_OPEN,
    MASKS,
    edge_ids,
)
from kinds.pipes.engine.checker import check
from kinds.pipes.engine.generator import Puzzle, assemble, regions, source_of
from kinds.pipes.engine.grid import grid
from kinds.pipes.engine.notation import make_code
from kinds.pipes.engine.tiles import TURNS, rotate
from puzzle.grid import parse_size
from puzzle.prng import Rng


class _Contradiction(Exception):
    """The current candidates admit no solution."""


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
        self.ids = edge_ids(width, height)
        self.cand = [INITIAL[t & 15][b] for t, b in zip(tiles, g.border, strict=True)]
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
            self._restrict(i, KEEP_OPEN[d])
            self._restrict(j, KEEP_OPEN[d - 2])
        else:
            self._restrict(i, KEEP_CLOSED[d])
            self._restrict(j, KEEP_CLOSED[d - 2])

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
            all_open, any_open = ALL_OPEN[s], ANY_OPEN[s]
            row, row_ids = nb[i], ids[i]
            for d in range(4):
                e = row_ids[d]
                if e < 0 or edge[e]:
                    continue
                bit = 1 << d
                if all_open & bit:
                    keep, open_ = KEEP_OPEN[d ^ 2], True
                elif not any_open & bit:
                    keep, open_ = KEEP_CLOSED[d ^ 2], False
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
            self.steps += len(MASKS[s])
            for m in MASKS[s]:
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
        return tuple(MASKS[s][0] for s in self.cand)


#: Give up on a tree (and grow another) after this many perturbation rounds.
MAX_PERTURB_ROUNDS = 40
#: At least this share of the tiles must start away from their solved orientation.
MIN_SCRAMBLED_SHARE = 2 / 3


def spanning_tree(width: int, height: int, rng: Rng) -> list[int]:
    """Randomized Prim from the centre with the T-cap: tile masks of a spanning tree."""
    g = grid(width, height)
    sx, sy = source_of(width, height)
    start = sy * width + sx
    nb = g.neighbours
    tree = [0] * g.size
    visited = bytearray(g.size)
    visited[start] = 1
    frontier = [(start, d) for d in range(4) if nb[start][d] >= 0]
    reached = 1
    while frontier:
        k = rng.below(len(frontier))
        frontier[k], frontier[-1] = frontier[-1], frontier[k]
        i, d = frontier.pop()
        j = nb[i][d]
        if visited[j] or tree[i] in (7, 11, 13, 14):  # reached already, or capped at a T
            continue
        tree[i] |= 1 << d
        tree[j] |= 1 << (d ^ 2)
        visited[j] = 1
        reached += 1
        frontier.extend((j, d2) for d2 in range(4) if nb[j][d2] >= 0 and not visited[nb[j][d2]])
    if reached != g.size:  # impossible by the argument above; never return a broken puzzle
        raise RuntimeError(f"Prim stranded {g.size - reached} cells")
    return tree


def _tree_path(width: int, height: int, tree: list[int], a: int, b: int) -> list[tuple[int, int]]:
    """The edges (cell, direction) on the tree path from ``a`` to ``b``."""
    nb = grid(width, height).neighbours
    came: dict[int, tuple[int, int]] = {a: (-1, -1)}
    stack = [a]
    while b not in came:
        i = stack.pop()
        for d in range(4):
            if tree[i] >> d & 1 and nb[i][d] not in came:
                came[nb[i][d]] = (i, d)
                stack.append(nb[i][d])
    path = []
    while b != a:
        i, d = came[b]
        path.append((i, d))
        b = i
    return path


def _perturb(width: int, height: int, tree: list[int], region: list[int], rng: Rng) -> bool:
    """Tatham's fix for an ambiguous region: add a link across its edge (never making a
    cross), then cut the loop this closes at a random other link. False if no link fits."""
    nb = grid(width, height).neighbours
    inside = set(region)
    options = []
    for a in region:
        for d in range(4):
            b = nb[a][d]
            if b < 0 or b in inside or tree[a] >> d & 1:
                continue
            if (tree[a] | 1 << d) != 15 and (tree[b] | 1 << (d ^ 2)) != 15:
                options.append((a, d))
    if not options:
        return False
    a, d = options[rng.below(len(options))]
    b = nb[a][d]
    path = _tree_path(width, height, tree, a, b)
    tree[a] |= 1 << d
    tree[b] |= 1 << (d ^ 2)
    i, d2 = path[rng.below(len(path))]
    tree[i] &= ~(1 << d2)
    tree[nb[i][d2]] &= ~(1 << (d2 ^ 2))
    return True


def _make_unique(width: int, height: int, tree: list[int], rng: Rng) -> float | None:
    """Perturb ``tree`` in place until deduction alone solves it (so it has exactly one
    solution); returns the difficulty, or None to ask for a fresh tree."""
    for _ in range(MAX_PERTURB_ROUNDS):
        state = _State(width, height, tree)
        state.run()
        if state.done():
            return round(state.steps / (width * height), 2)
        undecided = [i for i, s in enumerate(state.cand) if s & (s - 1)]
        for region in regions(grid(width, height).neighbours, undecided):
            _perturb(width, height, tree, region, rng)
    return None


def scramble(width: int, height: int, solution: list[int], rng: Rng) -> list[int]:
    """Turn every tile by a uniform random amount, then re-draw tiles caught in loops (a new
    board should not start with a warning). Redo the whole scramble unless at least
    ``MIN_SCRAMBLED_SHARE`` of the tiles are away from their solved orientation and the
    board is not solved."""
    n = width * height
    source = source_of(width, height)
    while True:
        tiles = [rotate(t, rng.below(4)) for t in solution]
        for _ in range(20):
            result = check(width, height, tiles, source)
            if not result.loops:
                break
            for i in sorted(result.loops):
                tiles[i] = rotate(solution[i], rng.below(4))
        else:
            continue
        away = sum(1 for t, s in zip(tiles, solution, strict=True) if t != s)
        if not result.solved and away >= MIN_SCRAMBLED_SHARE * n:
            return tiles


def generate_v1(width: int, height: int, seed: str, *, unique: bool = True) -> Puzzle:
    """The puzzle generator ``pipes/1`` made for a size and seed."""
    width, height = parse_size(f"{width}x{height}")
    code = make_code(width, height, seed, unique)
    rng = Rng(f"daily-pipes/v1/{code}")
    while True:
        tree = spanning_tree(width, height, rng)
        difficulty = _make_unique(width, height, tree, rng) if unique else 0.0
        if difficulty is not None:
            break
    tiles = scramble(width, height, tree, rng)
    return assemble(width, height, code, tree, tiles, difficulty, unique)


def stored_par(puzzle: Puzzle) -> int:
    """The par ``pipes/1`` stored: clockwise quarter turns only. Schema 1 kept it with each
    daily, and the upgrade checks each regenerated puzzle against it."""
    return sum(TURNS[t][s] for t, s in zip(puzzle.tiles, puzzle.solution, strict=True))
